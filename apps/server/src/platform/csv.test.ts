import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv.js';

/** Reads one RFC 4180 line back into its fields. */
function parseLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\r' && line[index + 1] === '\n' && index + 2 === line.length) break;
    else field += char;
  }
  fields.push(field);
  return fields;
}

describe('csvField', () => {
  it('escapes quotes, commas and line breaks, and makes formulas inert', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(12)).toBe('12');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });

  it('reads back as the same fields, a formula never starting one', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom('=1+1', '"', ',', '\r\n', '@x', '\tA')), { minLength: 1, maxLength: 6 }), (values) => {
        const fields = parseLine(csvLine(values));
        expect(fields).toHaveLength(values.length);
        fields.forEach((field, index) => {
          const value = values[index]!;
          expect(field).toBe(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
          expect(field).not.toMatch(/^[=+\-@\t\r]/);
        });
      }),
    );
  });
});
