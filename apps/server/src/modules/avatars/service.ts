import path from 'node:path';
import { AVATAR_LIMITS, type UserProfile } from '@drama/contracts';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { cleanImage, type ImagePolicy } from '../uploads/clean-image.js';
import { type IncomingFile, readIncomingImage } from '../uploads/incoming-image.js';
import { presentProfile } from '../users/presenters.js';
import { AvatarFiles, avatarUrl } from './avatar-files.js';
import * as queries from './queries.js';

/** Avatars as stored: a square WebP of AVATAR_LIMITS.size pixels, whatever was sent. */
export const AVATAR_IMAGE: ImagePolicy = {
  noun: 'An avatar',
  maxSide: AVATAR_LIMITS.maxSide,
  maxPixels: AVATAR_LIMITS.maxPixels,
  output: { kind: 'square-webp', size: AVATAR_LIMITS.size, quality: 82 },
};

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
    const sent = await readIncomingImage(file, { noun: AVATAR_IMAGE.noun, maxBytes: AVATAR_LIMITS.maxBytes });
    const image = await cleanImage(sent, AVATAR_IMAGE);
    const name = await this.files.put(image.bytes);
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
