/**
 * JSON written once and reused: an answer made of many cached parts (search hits' cards, feed
 * items) is serialised from those parts' JSON instead of from the objects, which for a page of
 * twenty cards is most of the cost of answering it. The output is byte for byte what
 * JSON.stringify gives (json-fragments.test.ts).
 */

const fragments = new WeakMap<object, string>();
/** Answers that hold fragments somewhere inside: only these take the slower walk. */
const holders = new WeakSet<object>();

/** Keeps the value's JSON from now on; the value must not change afterwards. */
export function frozenJson<T extends object>(value: T): T {
  fragments.set(value, JSON.stringify(value));
  return value;
}

/** Marks an answer as holding frozen values, so that serialise() reuses their JSON. */
export function holdsFrozenJson<T extends object>(value: T): T {
  holders.add(value);
  return value;
}

function write(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const fragment = fragments.get(value);
  if (fragment !== undefined) return fragment;
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i += 1) out += `${i > 0 ? ',' : ''}${write(value[i]) ?? 'null'}`;
    return `${out}]`;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value);
  let out = '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const written = write((value as Record<string, unknown>)[key]);
    if (written === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(key)}:${written}`;
    first = false;
  }
  return `${out}}`;
}

/** JSON.stringify, reusing frozen values' JSON in an answer marked as holding them (or in its `data`). */
export function serialise(value: unknown): string {
  if (typeof value === 'object' && value !== null) {
    const data = (value as { data?: unknown }).data;
    if (holders.has(value) || (typeof data === 'object' && data !== null && holders.has(data))) return write(value) ?? 'null';
  }
  return JSON.stringify(value);
}
