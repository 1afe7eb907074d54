/**
 * JSON written once and reused: an answer made of many cached parts (search hits' cards) is
 * serialised from those parts' JSON instead of from the objects, which for a page of twenty
 * cards is most of the cost of answering it. The parts are kept as UTF-8 bytes and the answer is
 * written as bytes: a page of CJK text is then copied, not transcoded (nor measured again for
 * its length) on its way to the socket, and the parts sit outside the garbage collector's heap.
 * The output is byte for byte what JSON.stringify gives (json-fragments.test.ts).
 */

const fragments = new WeakMap<object, Buffer>();
/** Answers that hold fragments somewhere inside: only these take the slower walk. */
const holders = new WeakSet<object>();

/** Keeps the value's JSON from now on; the value must not change afterwards. */
export function frozenJson<T extends object>(value: T): T {
  fragments.set(value, Buffer.from(JSON.stringify(value)));
  return value;
}

/** Marks an answer as holding frozen values, so that serialise() reuses their JSON. */
export function holdsFrozenJson<T extends object>(value: T): T {
  holders.add(value);
  return value;
}

/**
 * The answer's bytes as they are written, into one scratch buffer that grows as needed and is
 * reused by every answer (serialising is synchronous): text is encoded straight into it and kept
 * parts copied in, and the answer is one copy out of it.
 */
class Output {
  private static scratch = Buffer.allocUnsafeSlow(64 * 1024);
  private length = 0;

  private room(bytes: number): Buffer {
    let scratch = Output.scratch;
    if (this.length + bytes > scratch.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(scratch.length * 2, this.length + bytes));
      scratch.copy(grown, 0, 0, this.length);
      Output.scratch = grown;
      scratch = grown;
    }
    return scratch;
  }

  add(text: string): void {
    // UTF-8 takes at most three bytes per UTF-16 unit.
    this.length += this.room(text.length * 3).write(text, this.length, 'utf8');
  }

  addBytes(bytes: Buffer): void {
    this.length += bytes.copy(this.room(bytes.length), this.length);
  }

  finish(): Buffer {
    const answer = Buffer.allocUnsafeSlow(this.length);
    Output.scratch.copy(answer, 0, 0, this.length);
    return answer;
  }
}

/** Object keys as JSON with their colon: answers repeat the same few keys many times. */
const keys = new Map<string, string>();

function keyJson(key: string): string {
  let json = keys.get(key);
  if (json === undefined) {
    json = `${JSON.stringify(key)}:`;
    if (keys.size < 10_000) keys.set(key, json);
  }
  return json;
}

/** Whether the walk below writes the value itself (an object or array without toJSON). */
function walked(value: unknown): value is object {
  return typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

function write(value: object, out: Output): void {
  const fragment = fragments.get(value);
  if (fragment !== undefined) {
    out.addBytes(fragment);
    return;
  }
  if (Array.isArray(value)) {
    out.add('[');
    for (let i = 0; i < value.length; i += 1) {
      if (i > 0) out.add(',');
      const item: unknown = value[i];
      if (walked(item)) write(item, out);
      else out.add(JSON.stringify(item) ?? 'null');
    }
    out.add(']');
    return;
  }
  out.add('{');
  let first = true;
  for (const key of Object.keys(value)) {
    const item: unknown = (value as Record<string, unknown>)[key];
    // What JSON.stringify writes for it, undefined when it writes nothing; null: walked below.
    const text = walked(item) ? null : JSON.stringify(item);
    if (text === undefined) continue;
    if (!first) out.add(',');
    out.add(keyJson(key));
    first = false;
    if (text === null) write(item as object, out);
    else out.add(text);
  }
  out.add('}');
}

/**
 * JSON.stringify, reusing frozen values' JSON in an answer marked as holding them (or in its
 * `data`): those answers come back as UTF-8 bytes, every other as a string.
 */
export function serialise(value: unknown): string | Buffer {
  if (typeof value === 'object' && value !== null) {
    const data = (value as { data?: unknown }).data;
    if ((holders.has(value) || (typeof data === 'object' && data !== null && holders.has(data))) && walked(value)) {
      const out = new Output();
      write(value, out);
      return out.finish();
    }
  }
  return JSON.stringify(value);
}
