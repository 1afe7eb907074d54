/**
 * JSON written once and reused: an answer made of many cached parts (search hits' cards) is
 * serialised from those parts' JSON instead of from the objects, which for a page of twenty
 * cards is most of the cost of answering it. The parts are kept as UTF-8 bytes and the answer is
 * written as bytes: a page of CJK text is then copied, not transcoded (nor measured again for
 * its length) on its way to the socket, and the parts sit outside the garbage collector's heap.
 * The output is byte for byte what JSON.stringify gives (json-fragments.test.ts).
 */

/** Answers that hold written JSON somewhere inside: only these take the slower walk. */
const holders = new WeakSet<object>();

/** Marks an answer as holding written JSON (WrittenJson), so that serialise() copies its bytes. */
export function holdsWrittenJson<T extends object>(value: T): T {
  holders.add(value);
  return value;
}

/**
 * The answer's bytes as they are written, into one scratch buffer that grows as needed and is
 * reused by every answer (serialising is synchronous): the text between two kept parts is joined
 * and encoded straight into it in one call (a call per piece of punctuation cost a fifth of a
 * search's time), kept parts are copied in, and the answer is one copy out of it.
 */
class Output {
  private static scratch = Buffer.allocUnsafeSlow(64 * 1024);
  private length = 0;
  private text = '';

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
    this.text += text;
  }

  private flush(): void {
    if (this.text === '') return;
    // UTF-8 takes at most three bytes per UTF-16 unit.
    this.length += this.room(this.text.length * 3).write(this.text, this.length, 'utf8');
    this.text = '';
  }

  addBytes(bytes: Buffer): void {
    this.flush();
    // set(), not copy(): Buffer#copy makes a view of the source for every call.
    this.room(bytes.length).set(bytes, this.length);
    this.length += bytes.length;
  }

  finish(): Buffer {
    this.flush();
    const answer = Buffer.allocUnsafeSlow(this.length);
    answer.set(Output.scratch.subarray(0, this.length));
    return answer;
  }
}

/**
 * A value already written as JSON, holding only its bytes: an answer kept in a cache this way is
 * one small object for the garbage collector instead of the graph of objects it was made from,
 * which under load would live just long enough to be copied out of the young generation.
 */
export class WrittenJson {
  constructor(readonly bytes: Buffer) {}

  /** For a JSON.stringify that does not know it (an answer not marked as holding written JSON). */
  toJSON(): unknown {
    return JSON.parse(this.bytes.toString('utf8'));
  }
}

/** The value's JSON, written now (copying the written JSON inside it) and kept as bytes. */
export function writtenJson(value: object): WrittenJson {
  const out = new Output();
  write(value, out);
  return new WrittenJson(out.finish());
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
  return (
    typeof value === 'object' &&
    value !== null &&
    (value instanceof WrittenJson || typeof (value as { toJSON?: unknown }).toJSON !== 'function')
  );
}

/** JSON.stringify of a value the walk does not enter, without the call for the common scalars. */
function primitiveJson(value: unknown): string | undefined {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  return JSON.stringify(value);
}

function write(value: object, out: Output): void {
  if (value instanceof WrittenJson) {
    out.addBytes(value.bytes);
    return;
  }
  if (Array.isArray(value)) {
    out.add('[');
    for (let i = 0; i < value.length; i += 1) {
      if (i > 0) out.add(',');
      const item: unknown = value[i];
      if (walked(item)) write(item, out);
      else out.add(primitiveJson(item) ?? 'null');
    }
    out.add(']');
    return;
  }
  out.add('{');
  let first = true;
  for (const key of Object.keys(value)) {
    const item: unknown = (value as Record<string, unknown>)[key];
    // What JSON.stringify writes for it, undefined when it writes nothing; null: walked below.
    const text = walked(item) ? null : primitiveJson(item);
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
 * JSON.stringify, copying the bytes of written JSON in an answer marked as holding some (or in
 * its `data`): those answers come back as UTF-8 bytes, every other as a string.
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
