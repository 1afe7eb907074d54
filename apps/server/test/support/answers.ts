import { expect } from 'vitest';

/** The data of an answer that must have succeeded; when it did not, the failure shows its body. */
export function okData<T>(answer: { status: number; body: unknown }, schema: { parse(body: unknown): { data: T } }): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return schema.parse(answer.body).data;
}
