import sharp from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pngBomb } from '../../../test/support/images.js';
import { AppError } from '../../platform/errors.js';
import { cleanImage, type ImagePolicy } from './clean-image.js';

/** Every image sharp is handed, counted: a bomb must be refused before it gets there. */
const decoder = vi.hoisted(() => ({ inputs: 0 }));
vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof sharp }>()).default;
  const counted = (...args: unknown[]) => {
    decoder.inputs += 1;
    return (real as (...input: unknown[]) => unknown)(...args);
  };
  return { default: Object.assign(counted, real) };
});

const policy: ImagePolicy = {
  noun: 'A screenshot',
  maxSide: 16_384,
  maxPixels: 40_000_000,
  output: { kind: 'same-kind', maxSide: 4096, quality: 90 },
};

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('cleanImage', () => {
  beforeEach(() => {
    decoder.inputs = 0;
  });

  it('refuses a 60000x60000 PNG from its header without handing it to the decoder', async () => {
    const error = await refusal(cleanImage(pngBomb(60_000, 60_000), policy));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.statusCode).toBe(413);
    expect(error.details).toEqual({ maxSide: 16_384, maxPixels: 40_000_000, width: 60_000, height: 60_000 });
    expect(decoder.inputs).toBe(0);
  });

  it('refuses by pixels in all as well as by side', async () => {
    const error = await refusal(cleanImage(pngBomb(10_000, 10_000, 1), policy));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(decoder.inputs).toBe(0);
  });

  it('keeps a screenshot’s size up to the output’s long side, and shrinks only past it', async () => {
    const create = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: { r: 250, g: 250, b: 250 } } }).png().toBuffer();
    expect(await cleanImage(await create(1290, 2796), policy)).toMatchObject({ contentType: 'image/png', width: 1290, height: 2796 });
    expect(await cleanImage(await create(6000, 1500), policy)).toMatchObject({ contentType: 'image/png', width: 4096, height: 1024 });
    // The count sees what the decoder is given.
    expect(decoder.inputs).toBeGreaterThan(2);
  });

  it('turns a square-webp policy’s image into that square', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 500, channels: 3, background: 'red' } }).jpeg().toBuffer();
    const avatar = await cleanImage(jpeg, { ...policy, output: { kind: 'square-webp', size: 256, quality: 82 } });
    expect(avatar).toMatchObject({ contentType: 'image/webp', extension: 'webp', width: 256, height: 256 });
  });
});
