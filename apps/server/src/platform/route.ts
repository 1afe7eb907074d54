import { apiErrorEnvelopeSchema, type OperatorRole } from '@drama/contracts';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AdminAccess, AdminRule } from './admin-access.js';
import type { Authenticator, Viewer } from './auth.js';
import type { Actor, ConsoleRule, OperatorAuth } from './operators.js';

/** The app a route plugin is handed. */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Who may call, which decides what the handler is handed and what the docs say:
 * - `member`: a valid token is required (401 otherwise); the handler gets the caller.
 * - `guest-or-member`: a token is optional; the handler gets the caller or null.
 * - `admin`: an operator's API token (or, where the rule says `bootstrap`, the bootstrap
 *   ADMIN_TOKEN) whose role is in `role`; the handler gets the actor, for the audit row it writes.
 * - `public`: anyone, nothing checked.
 * - `console`: an operator (session cookie with CSRF, or API token) whose role is in `role`;
 *   the handler gets the actor, for the audit row it writes.
 * - `console-public`: a console call made before signing in (sign-in, the set-up link).
 */
export type Access = 'member' | 'guest-or-member' | 'admin' | 'public' | 'console' | 'console-public';

/** Statuses a route may answer with the error envelope. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 428 | 429 | 502 | 503;

/** What every route of a plugin shares. */
export interface RouteGroup {
  tags: string[];
  /** The error statuses its routes answer, unless a route names its own. */
  errors: readonly ErrorStatus[];
  /** Resolves callers for `member` and `guest-or-member` routes. */
  auth?: Authenticator;
  /** Resolves operators for `console` routes. */
  operators?: OperatorAuth;
  /** Resolves callers of `admin` routes. */
  admin?: AdminAccess;
}

type Output<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request of a route with these schemas, as validation leaves it. */
export type RouteRequest<P, Q, B> = FastifyRequest<{ Params: Output<P>; Querystring: Output<Q>; Body: Output<B> }>;

/** What goes in the `data` of a success envelope schema made by the contracts' `ok()`. */
type DataOf<R> = R extends z.ZodType ? (z.input<R> extends { success: true; data: infer D } ? D : never) : never;

type Handler<A extends Access, Req, D> = A extends 'member'
  ? (viewer: Viewer, request: Req, reply: FastifyReply) => Promise<D>
  : A extends 'console' | 'admin'
    ? (actor: Actor, request: Req, reply: FastifyReply) => Promise<D>
  : A extends 'guest-or-member'
    ? (viewer: Viewer | null, request: Req, reply: FastifyReply) => Promise<D>
    : (request: Req, reply: FastifyReply) => Promise<D>;

export interface RouteSpec<A extends Access, P, Q, B, R> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  access: A;
  /** `console` and `admin` routes: the roles that may call (owner always may). */
  role?: A extends 'console' | 'admin' ? OperatorRole | readonly OperatorRole[] : never;
  /** `console`, `console-public` and `admin` routes that change something: the audit action they write. */
  audit?: string;
  /** `admin` routes the bootstrap ADMIN_TOKEN may call (making operators and their tokens). */
  bootstrap?: A extends 'admin' ? true : never;
  /** `console` routes a session may call before it has set up a required two-factor. */
  totpSetup?: boolean;
  /** `console` routes only a signed-in session may call, never an API token. */
  sessionOnly?: boolean;
  summary: string;
  /** Longer than a summary should be: what the docs say beneath it. */
  description?: string;
  /** Request bodies other than JSON (multipart, a beacon's text/plain). */
  consumes?: string[];
  params?: P;
  querystring?: Q;
  body?: B;
  /** The schema of the 200 answer: `{ success: true, data }`; the handler returns the data. */
  response: R;
  /** Replaces the group's error statuses for this route. */
  errors?: readonly ErrorStatus[];
  bodyLimit?: number;
  config?: Record<string, unknown>;
  /** Runs before validation, so the request is not yet of the schemas' types. */
  preValidation?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  handler: Handler<A, RouteRequest<P, Q, B>, DataOf<R>>;
}

/** How the docs show a raw route: not at all, or by its summary and the answers it documents. */
type RawDocs =
  | { hide: true }
  | {
      hide?: false;
      summary: string;
      /** Its answers by status (a redirect's 302, a channel's own terms), beside the error envelope's. */
      responses?: Record<number, z.ZodType>;
      /** Replaces the group's error statuses for this route. */
      errors?: readonly ErrorStatus[];
    };

/**
 * A route whose answer cannot be the envelope: files and streams (byte ranges, ETags), pages,
 * CSV, redirects, a payment channel's own terms, the tus protocol. It is declared all the same,
 * so that its access is checked and kept in its config, and its params and querystring are
 * validated by zod, as any route's; only the answer is its own: the handler answers through
 * `reply`, and what it returns is sent as it is.
 */
export type RawRouteSpec<A extends Access, P, Q, B> = Omit<RouteSpec<A, P, Q, B, never>, 'method' | 'summary' | 'response' | 'errors' | 'handler'> &
  RawDocs & {
    /** HEAD too: a protocol (tus) may answer it apart from GET. */
    method: RouteSpec<A, P, Q, B, never>['method'] | 'HEAD';
    handler: Handler<A, RouteRequest<P, Q, B>, unknown>;
  };

const SECURITY: Record<Access, Array<Record<string, string[]>> | undefined> = {
  member: [{ bearer: [] }],
  // Members send a token, guests none.
  'guest-or-member': [{ bearer: [] }, {}],
  admin: [{ bearer: [] }],
  public: undefined,
  console: [{ consoleSession: [] }, { bearer: [] }],
  'console-public': undefined,
};

/** The rule of a console route, kept in its config so a test can list every route's rule. */
function consoleRule<A extends Access>(spec: {
  access: A;
  role?: unknown;
  audit?: string;
  totpSetup?: boolean;
  sessionOnly?: boolean;
  url: string;
}): ConsoleRule | undefined {
  const audit = spec.audit === undefined ? {} : { audit: spec.audit };
  if (spec.access === 'console-public') return { public: true, ...audit };
  if (spec.access !== 'console') return undefined;
  if (spec.role === undefined) throw new Error(`console route ${spec.url} needs a role`);
  return {
    role: spec.role as OperatorRole | readonly OperatorRole[],
    ...audit,
    ...(spec.totpSetup ? { totpSetup: true } : {}),
    ...(spec.sessionOnly ? { sessionOnly: true } : {}),
  };
}

/** The rule of an admin route, kept in its config (`admin`) so a test can list every route's rule. */
function adminRule(spec: { access: Access; role?: unknown; audit?: string; bootstrap?: true; url: string }): AdminRule | undefined {
  if (spec.access !== 'admin') return undefined;
  if (spec.role === undefined) throw new Error(`admin route ${spec.url} needs a role`);
  return { role: spec.role as OperatorRole | readonly OperatorRole[], ...(spec.audit === undefined ? {} : { audit: spec.audit }), ...(spec.bootstrap ? { bootstrap: true } : {}) };
}

function errorResponses(statuses: readonly ErrorStatus[]): Partial<Record<ErrorStatus, typeof apiErrorEnvelopeSchema>> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorEnvelopeSchema]));
}

/** What every declared route has, whatever it answers. */
type Declared = Pick<
  RawRouteSpec<Access, unknown, unknown, unknown>,
  'method' | 'url' | 'access' | 'role' | 'audit' | 'bootstrap' | 'totpSetup' | 'sessionOnly' | 'bodyLimit' | 'config' | 'preValidation'
> & { handler: (...args: never[]) => Promise<unknown> };

/**
 * Registers a plugin's routes in one shape: schemas documented and validated by the contracts'
 * zod schemas, the caller resolved by `access`, and the handler's result answered as
 * `{ success: true, data }`. `route.raw` declares the few routes that answer something else.
 */
export function routeGroup(app: RouteApp, group: RouteGroup) {
  function caller(access: Access): (request: FastifyRequest) => Promise<Viewer | null> {
    if (access !== 'member' && access !== 'guest-or-member') return async () => null;
    const auth = group.auth;
    if (!auth) throw new Error(`${access} routes need the group's authenticator`);
    return access === 'member' ? (request) => auth.requireViewer(request) : (request) => auth.viewer(request);
  }

  /** Registers a route whose handler's result `answer` turns into what is sent. */
  function declare(spec: Declared, schema: FastifySchema, answer: (result: unknown) => unknown): void {
    const resolve = caller(spec.access);
    const handler = spec.handler as (...args: unknown[]) => Promise<unknown>;
    const withViewer = spec.access === 'member' || spec.access === 'guest-or-member';
    const rule = consoleRule(spec);
    const operators = group.operators;
    if (spec.access === 'console' && !operators) throw new Error('console routes need the group\'s operators');
    const admin = adminRule(spec);
    const access = group.admin;
    if (admin && !access) throw new Error("admin routes need the group's admin access");
    const config = rule ? { ...spec.config, console: rule } : admin ? { ...spec.config, admin } : spec.config;
    app.route({
      method: spec.method,
      url: spec.url,
      ...(spec.bodyLimit === undefined ? {} : { bodyLimit: spec.bodyLimit }),
      ...(config === undefined ? {} : { config }),
      // Before validation, so a role that may not call learns nothing from the validation errors.
      ...(spec.access === 'console' && rule && operators ? { onRequest: (request: FastifyRequest) => operators.check(request, rule) } : {}),
      ...(admin && access ? { onRequest: (request: FastifyRequest) => access.check(request, admin) } : {}),
      ...(spec.preValidation === undefined ? {} : { preValidation: spec.preValidation }),
      schema,
      handler: async (request: FastifyRequest, reply: FastifyReply) =>
        answer(
          withViewer
            ? await handler(await resolve(request), request, reply)
            : spec.access === 'console' && operators
              ? await handler(operators.actor(request), request, reply)
              : admin && access
                ? await handler(access.actor(request), request, reply)
                : await handler(request, reply),
        ),
    });
  }

  /** The request's schemas, for validation and (unless hidden) the docs. */
  function requestSchema(spec: { params?: unknown; querystring?: unknown; body?: unknown }): FastifySchema {
    return {
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.querystring ? { querystring: spec.querystring } : {}),
      ...(spec.body ? { body: spec.body } : {}),
    };
  }

  function docs(spec: { access: Access; summary: string; description?: string; consumes?: string[] }): FastifySchema {
    const security = SECURITY[spec.access];
    return {
      tags: group.tags,
      ...(security ? { security } : {}),
      summary: spec.summary,
      ...(spec.description === undefined ? {} : { description: spec.description }),
      ...(spec.consumes === undefined ? {} : { consumes: spec.consumes }),
    };
  }

  function route<A extends Access, P extends z.ZodType | undefined, Q extends z.ZodType | undefined, B extends z.ZodType | undefined, R extends z.ZodType>(
    spec: RouteSpec<A, P, Q, B, R>,
  ): void {
    const schema = { ...docs(spec), ...requestSchema(spec), response: { 200: spec.response, ...errorResponses(spec.errors ?? group.errors) } };
    declare(spec, schema, (data) => ({ success: true as const, data }));
  }

  function raw<A extends Access, P extends z.ZodType | undefined, Q extends z.ZodType | undefined, B extends z.ZodType | undefined>(
    spec: RawRouteSpec<A, P, Q, B>,
  ): void {
    if (spec.hide) {
      declare(spec, { hide: true, ...requestSchema(spec) }, (result) => result);
      return;
    }
    const response = { ...spec.responses, ...errorResponses(spec.errors ?? group.errors) };
    const schema = { ...docs(spec), ...requestSchema(spec), ...(Object.keys(response).length > 0 ? { response } : {}) };
    declare(spec, schema, (result) => result);
  }

  return Object.assign(route, { raw });
}
