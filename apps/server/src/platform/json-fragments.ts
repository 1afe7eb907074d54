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

/** The answer's bytes as they are written: text gathered into runs between the kept parts. */
class Output {
  private readonly parts: Buffer[] = [];
  private text = '';

  add(text: string): void {
    this.text += text;
  }

  addBytes(bytes: Buffer): void {
    if (this.text !== '') {
      this.parts.push(Buffer.from(this.text));
      this.text = '';
    }
    this.parts.push(bytes);
  }

  finish(): Buffer {
    if (this.text !== '') this.parts.push(Buffer.from(this.text));
    return Buffer.concat(this.parts);
  }
}

/** What JSON.stringify writes for a value it needs no walk for (undefined when it writes nothing). */
function plain(value: unknown): string | undefined {
  return JSON.stringify(value);
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
      else out.add(plain(item) ?? 'null');
    }
    out.add(']');
    return;
  }
  out.add('{');
  let first = true;
  for (const key of Object.keys(value)) {
    const item: unknown = (value as Record<string, unknown>)[key];
    const text = walked(item) ? null : plain(item);
    if (text === undefined) continue;
    out.add(`${first ? '' : ','}${JSON.stringify(key)}:`);
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
