import path from 'node:path';
import type { Readable } from 'node:stream';
import { AVATAR_LIMITS, type UserProfile } from '@drama/contracts';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { presentProfile } from '../users/presenters.js';
import { AvatarFiles, avatarUrl } from './avatar-files.js';
import { normalizeAvatar } from './avatar-image.js';
import * as queries from './queries.js';

/** A file stream as the multipart parser hands it over: `truncated` once it hit the size limit. */
export type IncomingFile = Readable & { truncated?: boolean };

function tooLarge(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `An avatar may be at most ${AVATAR_LIMITS.maxBytes} bytes`, {
    maxBytes: AVATAR_LIMITS.maxBytes,
  });
}

export function avatarFiles(ctx: AppContext): AvatarFiles {
  return new AvatarFiles(path.join(ctx.config.DATA_DIR, 'avatars'));
}

/**
 * Removes an avatar file nobody uses any more. Called after the change that let go of it has
 * committed, so a failed change never loses a picture still shown.
 */
export async function removeUnusedAvatar(ctx: AppContext, file: string | null): Promise<void> {
  if (!file || (await queries.isAvatarInUse(ctx.db, file))) return;
  await avatarFiles(ctx).remove(file);
}

/** Members' avatars: uploaded, checked by decoding, stored by content, the old one let go. */
export class AvatarService {
  readonly files: AvatarFiles;

  constructor(
    private readonly ctx: AppContext,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.files = avatarFiles(ctx);
  }

  async upload(viewer: Viewer, file: IncomingFile): Promise<UserProfile> {
    const image = await normalizeAvatar(await readWhole(file));
    const name = await this.files.put(image);
    return this.replace(viewer, name);
  }

  private async replace(viewer: Viewer, file: string): Promise<UserProfile> {
    const outcome = await this.ctx.db.transaction().execute(async (trx) => {
      const current = await queries.lockAvatarFile(trx, viewer.id);
      if (!current) return null;
      const user = await queries.setAvatar(trx, viewer.id, { file, url: avatarUrl(file) }, this.clock());
      return { user, previous: current.avatar_file };
    });
    if (!outcome) throw new AppError('UNAUTHORIZED', 'Sign in first');
    if (outcome.previous !== file) await removeUnusedAvatar(this.ctx, outcome.previous);
    return presentProfile(outcome.user);
  }
}

/** The whole upload in memory (it is at most AVATAR_LIMITS.maxBytes: the decoder needs all of it). */
async function readWhole(file: IncomingFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (file.truncated || size > AVATAR_LIMITS.maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    file.destroy();
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', 'The upload was cut off or is not well-formed multipart');
  }
  if (file.truncated) throw tooLarge();
  if (size === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is empty', { accepted: AVATAR_LIMITS.types });
  return Buffer.concat(chunks);
}
