import { ok } from '@drama/contracts';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, registerErrorHandler } from './errors.js';
import type { Actor, ConsoleRule, OperatorAuth } from './operators.js';
import { routeGroup } from './route.js';

const actor = { operatorId: 7, username: 'ops', role: 'content' } as Actor;
let checked: ConsoleRule[];
/** Lets in a request with `x-operator: yes`, as the operators' check would a signed-in one. */
const operators = {
  check: async (request: FastifyRequest, rule: ConsoleRule) => {
    checked.push(rule);
    if (request.headers['x-operator'] !== 'yes') throw new AppError('OPERATOR_UNAUTHENTICATED', 'Sign in');
  },
  actor: () => actor,
} as unknown as OperatorAuth;

let app: FastifyInstance;
let schemas: Map<string, Record<string, unknown>>;
let configs: Map<string, Record<string, unknown>>;

beforeEach(async () => {
  checked = [];
  schemas = new Map();
  configs = new Map();
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onRoute', (route) => {
    schemas.set(`${String(route.method)} ${route.url}`, (route.schema ?? {}) as Record<string, unknown>);
    configs.set(`${String(route.method)} ${route.url}`, (route.config ?? {}) as Record<string, unknown>);
  });
  const route = routeGroup(app.withTypeProvider<ZodTypeProvider>(), { tags: ['files'], errors: [404], operators });

  route({
    method: 'GET',
    url: '/json/:id',
    access: 'public',
    summary: 'An envelope',
    params: z.object({ id: z.coerce.number().int() }),
    response: ok(z.object({ id: z.number() })),
    handler: async (request) => ({ id: request.params.id }),
  });
  route.raw({
    method: 'GET',
    url: '/files/:name',
    access: 'public',
    hide: true,
    params: z.object({ name: z.string().regex(/^[a-z]+\.txt$/) }),
    querystring: z.object({ v: z.string().optional() }),
    handler: async (request, reply) => reply.type('text/plain').header('Cache-Control', 'no-store').send(`${request.params.name} ${request.query.v ?? ''}`),
  });
  route.raw({
    method: 'GET',
    url: '/away',
    access: 'public',
    summary: 'A redirect',
    responses: { 302: z.null() },
    handler: async (_request, reply) => reply.redirect('/elsewhere', 302),
  });
  route.raw({
    method: 'PATCH',
    url: '/console/export.csv',
    access: 'console',
    role: 'content',
    audit: 'thing.export',
    hide: true,
    handler: async (who, _request, reply) => reply.type('text/csv').send(`operator\r\n${who.username}\r\n`),
  });
  await app.ready();
});

afterEach(async () => {
  await app.close();
});

describe('raw routes', () => {
  it('send what the handler sends, not the envelope', async () => {
    const response = await app.inject('/files/notes.txt?v=2');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe('notes.txt 2');
    expect((await app.inject('/away')).headers.location).toBe('/elsewhere');
    // The envelope is still route()'s.
    expect((await app.inject('/json/5')).json()).toEqual({ success: true, data: { id: 5 } });
  });

  it('validate their params with zod, refused in the error envelope', async () => {
    const response = await app.inject('/files/..%2fsecret');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('stay out of the docs when hidden, and are documented by their own answers otherwise', () => {
    expect(Object.keys(schemas.get('GET /files/:name') ?? {}).sort()).toEqual(['hide', 'params', 'querystring']);
    expect(schemas.get('GET /files/:name')?.hide).toBe(true);
    const away = schemas.get('GET /away') ?? {};
    expect(away).toMatchObject({ tags: ['files'], summary: 'A redirect' });
    expect(Object.keys(away.response as object)).toEqual(['302', '404']);
  });

  it('keep a console rule in their config and check it before the handler, which gets the actor', async () => {
    expect(configs.get('PATCH /console/export.csv')).toEqual({ console: { role: 'content', audit: 'thing.export' } });
    const refused = await app.inject({ method: 'PATCH', url: '/console/export.csv' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, code: 'OPERATOR_UNAUTHENTICATED' });
    const answer = await app.inject({ method: 'PATCH', url: '/console/export.csv', headers: { 'x-operator': 'yes' } });
    expect(answer.body).toBe('operator\r\nops\r\n');
    expect(checked).toEqual([
      { role: 'content', audit: 'thing.export' },
      { role: 'content', audit: 'thing.export' },
    ]);
  });
});
