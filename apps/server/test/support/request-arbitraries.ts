import fc from 'fast-check';
import type { InjectOptions } from 'fastify';

/* Hostile requests for every operation of an OpenAPI document, as fast-check arbitraries. */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The templated path, e.g. /api/v1/client/dramas/{id}. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | undefined;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/**
 * Values that have broken servers before: edges of number types, path tricks, encodings, SQL
 * and markup. Kept free of SQL keywords that the leak check looks for in answers, since a 404
 * message may echo the path it was given.
 */
const HOSTILE_TEXT = [
  '',
  ' ',
  '0',
  '-1',
  '-0',
  '1.5',
  '1e3',
  '0x10',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999999',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '../',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '\u0000',
  '%',
  '%zz',
  '%E0%A4%A',
  "' or '1'='1",
  '1; drop table users --',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
  '星河短剧',
  '🎬🎬',
  '\u202e\u200b\ufeff',
  'a'.repeat(300),
  '9'.repeat(300),
];

const hostileText = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** Numbers and strings that look like ids but are not what a route expects. */
const idLike = fc.oneof(
  fc.integer({ min: 1, max: 60 }).map(String),
  fc.integer({ min: -2_147_483_649, max: 2_147_483_649 }).map(String),
  fc.double().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
);

const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, '', 'a'.repeat(5000), [], {}, [[[[[]]]]]),
  fc.integer(),
  fc.double({ noNaN: true }),
  hostileText,
  fc.jsonValue({ maxDepth: 3 }),
);

function isType(schema: JsonSchema, type: string): boolean {
  return Array.isArray(schema.type) ? schema.type.includes(type) : schema.type === type;
}

/** A value shaped by the schema, often valid, so that requests reach past validation into the handlers. */
export function valueOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return hostileJson;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => valueOf(choice, depth + 1)));
  if (schema.allOf?.length) return valueOf(schema.allOf[0], depth + 1);
  const shaped = shapedValue(schema, depth);
  return schema.nullable ? fc.oneof(shaped, fc.constant(null)) : shaped;
}

function shapedValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (isType(schema, 'object') || schema.properties) {
    const properties = schema.properties ?? {};
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, value] of Object.entries(properties)) model[key] = valueOf(value, depth + 1);
    return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
  }
  if (isType(schema, 'array')) {
    const maxLength = Math.min(schema.maxItems ?? 4, 4);
    return fc.array(valueOf(schema.items, depth + 1), { minLength: Math.min(schema.minItems ?? 0, maxLength), maxLength });
  }
  if (isType(schema, 'integer')) {
    const min = schema.minimum ?? -1000;
    const max = Math.max(min, schema.maximum ?? 1000);
    return fc.oneof(
      fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, 1000 + Math.max(min, 0)) }),
      fc.constantFrom(min, max),
    );
  }
  if (isType(schema, 'number')) {
    return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
  }
  if (isType(schema, 'boolean')) return fc.boolean();
  if (isType(schema, 'string')) {
    if (schema.format === 'email') return fc.emailAddress();
    if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    if (schema.pattern) {
      try {
        return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= (schema.maxLength ?? 200));
      } catch {
        // A pattern JavaScript cannot read: plain text will do.
      }
    }
    const minLength = schema.minLength ?? 0;
    return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 30, 30)) });
  }
  return hostileJson;
}

type Mutation = (value: Record<string, unknown>) => fc.Arbitrary<string>;

/** Ways to spoil a well-shaped JSON object; the result is the body's text. */
const MUTATIONS: Mutation[] = [
  (value) => fc.constant(JSON.stringify(value)),
  // A required key missing.
  (value) =>
    Object.keys(value).length === 0
      ? fc.constant('{}')
      : fc.constantFrom(...Object.keys(value)).map((key) => JSON.stringify({ ...value, [key]: undefined })),
  // One key of the wrong type or null.
  (value) =>
    Object.keys(value).length === 0
      ? fc.constant('{"x":null}')
      : fc
          .tuple(fc.constantFrom(...Object.keys(value)), hostileJson)
          .map(([key, junk]) => JSON.stringify({ ...value, [key]: junk })),
  // Extra keys.
  (value) => fc.dictionary(fc.string({ maxLength: 12 }), hostileJson, { maxKeys: 4 }).map((extra) => JSON.stringify({ ...extra, ...value })),
  // Prototype-pollution keys, written as JSON text since object literals cannot carry __proto__ as data.
  (value) =>
    fc
      .constantFrom(
        '"__proto__":{"isAdmin":true,"vipLevel":1,"status":0}',
        '"constructor":{"prototype":{"isAdmin":true}}',
        '"__proto__":null',
        '"prototype":{}',
      )
      .map((pollution) => {
        const text = JSON.stringify(value);
        return text === '{}' ? `{${pollution}}` : `{${pollution},${text.slice(1)}`;
      }),
];

const deepNesting = fc.integer({ min: 50, max: 3000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`);
const deepObject = fc.integer({ min: 50, max: 1000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

export interface Body {
  contentType: string | undefined;
  payload: string | undefined;
}

/** A JSON body built from the schema and often spoiled, or something that is not JSON at all. */
export function bodyFor(operation: Operation): fc.Arbitrary<Body> {
  const json = (payload: fc.Arbitrary<string>) => payload.map((text): Body => ({ contentType: 'application/json', payload: text }));
  const shaped = valueOf(operation.body).chain((value) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? fc.oneof(...MUTATIONS.map((mutate) => mutate(value as Record<string, unknown>)))
      : fc.constant(JSON.stringify(value) ?? 'null'),
  );
  const notJson = fc
    .tuple(
      fc.constantFrom(
        undefined,
        'application/json',
        'application/json; charset=utf-16',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=xyz',
        'multipart/form-data',
        'application/xml',
        'application/octet-stream',
        'garbage',
        ';;;=',
      ),
      fc.oneof(
        fc.constantFrom('', '{', '{"a":', 'nul', '"unterminated', '\u0000\u0001', 'a=1&b=2', '--xyz\r\n\r\n--xyz--', '{"a":1}{"b":2}'),
        fc.string({ unit: 'binary', maxLength: 200 }),
      ),
    )
    .map(([contentType, payload]): Body => ({ contentType, payload }));
  return fc.oneof(
    { weight: operation.body ? 6 : 1, arbitrary: json(shaped) },
    { weight: 2, arbitrary: json(hostileJson.map((value) => JSON.stringify(value) ?? 'null')) },
    { weight: 1, arbitrary: json(fc.oneof(deepNesting, deepObject)) },
    { weight: 1, arbitrary: json(fc.integer({ min: 1000, max: 200_000 }).map((length) => JSON.stringify({ text: 'x'.repeat(length) }))) },
    { weight: 2, arbitrary: notJson },
    { weight: 1, arbitrary: fc.constant<Body>({ contentType: undefined, payload: undefined }) },
  );
}

/** A path segment: valid-looking, hostile, sometimes sent raw so that the router sees the trick itself. */
function segmentFor(parameter: Parameter): fc.Arbitrary<string> {
  const value = fc.oneof(
    { weight: 3, arbitrary: parameter.schema ? valueOf(parameter.schema).map(String) : idLike },
    { weight: 2, arbitrary: idLike },
    { weight: 3, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.integer({ min: 200, max: 5000 }).map((length) => 'x'.repeat(length)) },
  );
  return fc.tuple(value, fc.boolean()).map(([text, raw]) => (raw && /^[\x21-\x7e]*$/.test(text) ? text : encodeURIComponent(text)));
}

function queryValues(parameter: Parameter): fc.Arbitrary<string[]> {
  const one = fc.oneof(valueOf(parameter.schema).map(String), idLike, hostileText);
  return fc.oneof(
    { weight: 4, arbitrary: one.map((value) => [value]) },
    // The same key repeated arrives as an array.
    { weight: 1, arbitrary: fc.array(one, { minLength: 2, maxLength: 4 }) },
  );
}

/** Known keys with good, wrong or repeated values, some missing, plus extra keys. */
function queryFor(operation: Operation): fc.Arbitrary<string> {
  const known = operation.queryParams.map((parameter) =>
    fc.option(queryValues(parameter), { nil: undefined }).map((values) =>
      (values ?? []).map((value) => `${encodeURIComponent(parameter.name)}=${encodeURIComponent(value)}`),
    ),
  );
  const extra = fc
    .array(
      fc.tuple(fc.oneof(fc.constantFrom('page', 'limit', '__proto__', 'constructor', 'a[b]', 'a[]', ''), fc.string({ maxLength: 10 })), hostileText),
      { maxLength: 3 },
    )
    .map((pairs) => pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`));
  return fc.tuple(fc.tuple(...known), extra, fc.boolean()).map(([knownParts, extraParts, bracketed]) => {
    const parts = [...knownParts.flat(), ...extraParts];
    if (bracketed) parts.push('page[x]=1');
    return parts.length ? `?${parts.join('&')}` : '';
  });
}

/** Header values must be Latin-1 without line breaks to be sent at all. */
const headerText = fc.oneof(
  fc.constantFrom('', '*', 'zh-Hant;q=abc', 'en-US,en;q=0.9,zh;q=2', ',,,', 'xx-XX', 'zh-CN;q=0.5, *;q=0.1', '\t'),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 60 }),
  fc.integer({ min: 1000, max: 12_000 }).map((length) => 'a'.repeat(length)),
);

export type Role = { name: 'guest' } | { name: 'member' | 'admin'; token: string };

function authorizationFor(role: Role): fc.Arbitrary<string | undefined> {
  const junk = fc.oneof(
    fc.constant(undefined),
    fc.constantFrom('Bearer', 'Bearer ', 'Bearer  ', 'bearer x', 'Basic dXNlcjpwYXNz', 'Bearer a.b.c', 'Bearer eyJhbGciOiJub25lIn0.eyJ1c2VySWQiOjF9.'),
    headerText.map((text) => `Bearer ${text}`),
    headerText,
  );
  if (role.name === 'guest') return fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: junk });
  const token = role.token;
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(`Bearer ${token}`) },
    { weight: 1, arbitrary: fc.constantFrom(`Bearer ${token}x`, `Bearer ${token.slice(0, -2)}`, token, `Bearer ${token} ${token}`) },
    { weight: 1, arbitrary: junk },
  );
}

function headersFor(role: Role, body: Body): fc.Arbitrary<Record<string, string>> {
  return fc
    .record(
      {
        authorization: authorizationFor(role),
        'accept-language': headerText,
        'x-forwarded-for': fc.oneof(fc.ipV4(), fc.ipV6(), headerText),
        'if-none-match': headerText,
        'x-junk': headerText,
      },
      { requiredKeys: [] },
    )
    .map((headers) => {
      const result: Record<string, string> = {};
      for (const [key, value] of Object.entries(headers)) if (value !== undefined) result[key] = value;
      if (body.contentType !== undefined) result['content-type'] = body.contentType;
      return result;
    });
}

/** A whole request for one operation, as `server.inject` takes it. */
export function requestFor(operation: Operation, role: Role): fc.Arbitrary<InjectOptions & { url: string }> {
  const segments = fc.tuple(...operation.pathParams.map((parameter) => segmentFor(parameter).map((value) => [parameter.name, value] as const)));
  return fc
    .tuple(segments, queryFor(operation), bodyFor(operation))
    .chain(([pathValues, query, body]) =>
      headersFor(role, body).map((headers) => {
        let url = operation.path;
        for (const [name, value] of pathValues) url = url.replace(`{${name}}`, value);
        return {
          method: operation.method,
          url: `${url}${query}`,
          headers,
          ...(body.payload === undefined ? {} : { payload: body.payload }),
        };
      }),
    );
}

/** A junk path under a prefix: traversal, encodings, unicode, very long. */
export function junkPath(prefix: string): fc.Arbitrary<string> {
  const segment = fc.oneof(
    fc.constantFrom('..', '.', '%2e%2e', '..%2f', '%00', '%zz', 'index.m3u8', 'video.mp4', '720p', 'seg_000.ts', '', 'episodes', 'uploads', '~'),
    hostileText.map((text) => encodeURIComponent(text)),
  );
  return fc.array(segment, { minLength: 1, maxLength: 5 }).map((segments) => `${prefix}${segments.join('/')}`);
}
