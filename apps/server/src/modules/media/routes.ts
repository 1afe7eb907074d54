import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { COVER_WIDTHS, idSchema, mediaKeySchema } from '@drama/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { routeGroup } from '../../platform/route.js';
import type { CatalogueService } from '../catalogue/service.js';
import { signPlaylist, signUntil } from '../catalogue/media-urls.js';
import { StorageNotFoundError } from '../../platform/storage/index.js';
import { CoverVariants, UnreadableCoverError } from './cover-variants.js';
import { existsIn, isInside, StoredCovers } from './stored-covers.js';
import { sendStored, storedText } from './stored-files.js';
import { isStoredCoverName, storedLayout } from './stored-layout.js';

/**
 * The folders of MEDIA_DIR that anyone may read, each served from its own root. clips/ and hls/
 * are under no static root at all: they go out only through the episode routes below, which
 * check the signature of a locked episode.
 */
const PUBLIC_FOLDERS = ['covers', 'brand'] as const;
const DAY = 86_400;
const PUBLIC_CACHE = `public, max-age=${DAY}`;
const PRIVATE_CACHE = 'private, max-age=3600';
const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

const SUBTITLES = ['zh', 'zh-Hant', 'en'] as const;
const episodeFileParams = z.object({
  id: idSchema,
  // index.<lang>.vtt: the spec's client finds subtitles by swapping the video's extension, so
  // the HLS address (index.m3u8) has them beside it too.
  file: z.enum([
    'video.mp4',
    'index.m3u8',
    ...SUBTITLES.map((language) => `video.${language}.vtt` as const),
    ...SUBTITLES.map((language) => `index.${language}.vtt` as const),
  ]),
});
const renditionParams = z.object({
  id: idSchema,
  rung: z.string().regex(/^\d{3,4}p$/, 'unknown rendition'),
  file: z.string().regex(/^(index\.m3u8|seg-\d{3,5}\.ts)$/, 'unknown file'),
});
const coverVariantParams = z.object({
  width: z.enum(COVER_WIDTHS.map((width) => `w${width}` as const)),
  // A bare file name under covers/ (find-my-way decodes %2F into a parameter, so `/` and `\` are
  // refused here), with the `.webp` the variant is made in.
  file: z.string().max(200).regex(/^(?!\.)[^/\\]+\.(?:jpe?g|png|webp)\.webp$/i, 'unknown cover'),
});
const signedQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() });

/**
 * The stored file at `parts` below `folder`, or NOT_FOUND when they would resolve anywhere else.
 * The parts come from the database (an episode's media key) and from route parameters that are
 * checked already; this is the last word, so that a key written by some later import, or a
 * looser parameter pattern, cannot open another folder: a clip's name stays in clips/, an HLS
 * ladder in hls/, and a rung and segment in their own episode's ladder.
 */
function storedFile(folder: string, ...parts: string[]): { root: string; name: string; file: string } {
  const file = path.resolve(folder, ...parts);
  if (!isInside(folder, file)) throw new AppError('NOT_FOUND', 'No such media');
  return { root: folder, name: path.relative(folder, file).split(path.sep).join('/'), file };
}

/** An episode's media key, when it is a bare file name; anything else is treated as missing. */
function plainMediaKey(key: string, log: FastifyBaseLogger, episodeId: number): string {
  const parsed = mediaKeySchema.safeParse(key);
  if (!parsed.success || parsed.data !== key) {
    log.warn({ episodeId, mediaKey: key }, 'episode media key is not a plain file name');
    throw new AppError('NOT_FOUND', 'No such media');
  }
  return key;
}

/**
 * The address of a cover the console uploaded (`drama-<id>-<16 hex>.jpg`, as isStoredCoverName):
 * one segment, matched before the covers folder's static files, so that such a cover is found
 * under MEDIA_DIR/covers (where the console wrote them before) or else in the storage.
 */
const STORED_COVER_ROUTE = '/media/covers/:file(^drama-[1-9][0-9]{0,15}-[0-9a-f]{16}[.]jpg$)';

/**
 * Media: covers and brand images from their own folders (covers uploaded in the console from
 * the storage), and episodes by per-episode addresses mapped to their stored clip, so that a
 * locked episode can be refused even where clips are shared. @fastify/static answers Range requests (206), ETag and conditional GETs.
 *
 * Episodes whose clip has HLS (MEDIA_DIR/hls/<clip>) are also served as
 * `/media/episodes/{id}/index.m3u8` (the master), `/{rung}/index.m3u8` and `/{rung}/seg-NNN.ts`.
 * For a locked episode every one of those addresses is signed: the playlists are rewritten on
 * the way out so that each URI in them carries its own signature, with the expiry of the
 * address they were fetched by.
 */
export async function registerMedia(root: FastifyInstance, ctx: AppContext, catalogue: CatalogueService): Promise<void> {
  // Registered on the root instance, not inside a plugin, so that reply.sendFile is available
  // to the web app's fallback as well. It has no folder of its own (every caller names one) and
  // no headers of its own, so that a locked clip keeps the private Cache-Control its route sets.
  const app = root.withTypeProvider<ZodTypeProvider>();
  const mediaRoot = path.resolve(ctx.config.MEDIA_DIR);
  const clipsDir = path.join(mediaRoot, 'clips');
  const hlsDir = path.join(mediaRoot, 'hls');
  await app.register(fastifyStatic, { serve: false, index: false, dotfiles: 'deny' });

  // One root per public folder: however a path is spelled, decoded or normalised, it is resolved
  // inside that folder, and clips/ and hls/ are not below it.
  for (const folder of PUBLIC_FOLDERS) {
    const folderRoot = path.join(mediaRoot, folder);
    await app.register(async (scope) => {
      // A path the static files refuse (a parent segment however spelled, a hidden file, a NUL
      // byte) is answered as a missing one: 404, telling nothing of what lies elsewhere.
      scope.setErrorHandler((error: { statusCode?: number }) => {
        if (error.statusCode === 400 || error.statusCode === 403) throw new AppError('NOT_FOUND', 'No such media');
        throw error;
      });
      await scope.register(fastifyStatic, {
        root: folderRoot,
        prefix: `/media/${folder}/`,
        decorateReply: false,
        index: false,
        dotfiles: 'deny',
        cacheControl: false,
        // A symbolic link in a public folder would publish what it points to (a locked clip, the
        // JWT secret): only files whose real place is inside the folder go out.
        onFile: async (file) => {
          const [realRoot, realFile] = await Promise.all([realpath(folderRoot), realpath(file)]);
          if (!isInside(realRoot, realFile)) throw new AppError('NOT_FOUND', 'No such media');
        },
        setHeaders: (reply) => reply.header('Cache-Control', PUBLIC_CACHE),
      });
    });
  }

  // Public as far as the caller goes: a locked episode's addresses open by their signature, checked below.
  const route = routeGroup(app, { tags: ['media'], errors: [403, 404] });
  const coversRoot = path.join(mediaRoot, 'covers');
  const storedCovers = new StoredCovers(ctx.storage, ctx.config.STORAGE_DIR);
  route.raw({
    method: 'GET',
    url: STORED_COVER_ROUTE,
    access: 'public',
    hide: true,
    handler: async (request, reply) => {
      const { file } = request.params as { file: string };
      // The route's pattern already says so; checked again here, where it matters.
      if (!isStoredCoverName(file)) throw new AppError('NOT_FOUND', 'No such cover');
      reply.header('Cache-Control', PUBLIC_CACHE);
      if (await existsIn(coversRoot, file)) {
        // A cover written under MEDIA_DIR/covers before covers went into the storage: served as
        // the static files are, and, like them, only from its real place inside the folder.
        const [realRoot, realFile] = await Promise.all([realpath(coversRoot), realpath(path.join(coversRoot, file)).catch(() => null)]);
        if (!realFile || !isInside(realRoot, realFile)) throw new AppError('NOT_FOUND', 'No such media');
        return reply.sendFile(file, coversRoot, { cacheControl: false });
      }
      const stored = await storedCovers.find(file);
      if (!stored) throw new AppError('NOT_FOUND', 'No such cover');
      return sendStored(request, reply, ctx.storage, stored.key, PUBLIC_CACHE);
    },
  });

  const coverVariants = new CoverVariants(coversRoot, path.join(ctx.config.DATA_DIR, 'cover-variants'), undefined, async (cover) => {
    const stored = await storedCovers.find(cover);
    if (!stored) return null;
    return { time: stored.info.modifiedAt?.getTime() ?? 0, read: () => storedCovers.read(stored.key) };
  });
  route.raw({
    method: 'GET',
    // Only w160, w320 and w480: any other folder under covers/ is a cover's own sub-folder,
    // which the static files above serve.
    url: `/media/covers/:width(^w(?:${COVER_WIDTHS.join('|')})$)/:file`,
    access: 'public',
    hide: true,
    params: coverVariantParams,
    handler: async (request, reply) => {
      const width = Number(request.params.width.slice(1)) as (typeof COVER_WIDTHS)[number];
      const cover = request.params.file.slice(0, -'.webp'.length);
      let variant: Awaited<ReturnType<CoverVariants['locate']>>;
      try {
        variant = await coverVariants.locate(width, cover);
      } catch (error) {
        // Gone from the storage between finding and reading it.
        if (error instanceof StorageNotFoundError) throw new AppError('NOT_FOUND', 'No such cover');
        if (!(error instanceof UnreadableCoverError)) throw error;
        request.log.warn({ err: error.cause, cover }, 'cover could not be resized');
        // The app then shows the cover itself (CoverImage falls back to its src).
        throw new AppError('NOT_FOUND', 'This cover cannot be read');
      }
      if (!variant) throw new AppError('NOT_FOUND', 'No such cover');
      reply.header('Cache-Control', PUBLIC_CACHE);
      return reply.sendFile(variant.file, variant.folder, { cacheControl: false });
    },
  });

  /** Refuses a locked episode's address unless its signature is valid and unexpired. */
  function assertSigned(pathname: string, query: z.infer<typeof signedQuery>): void {
    if (!ctx.mediaSigner.verify(pathname, query.exp, query.sig)) {
      throw new AppError('FORBIDDEN', 'Media address is missing its signature or has expired');
    }
  }

  /**
   * Sends a stored playlist. A free episode's goes out as stored (relative URIs, public); a
   * locked episode's is rewritten so that every URI in it is signed until `exp`.
   */
  async function sendPlaylist(
    reply: FastifyReply,
    options: {
      episodeId: number;
      isFree: boolean;
      /** A file under MEDIA_DIR, or a key in the storage (media processed from an upload). */
      stored: ReturnType<typeof storedFile> | { key: string };
      publicPath: string;
      exp: string | undefined;
    },
  ): Promise<FastifyReply> {
    const stored = options.stored;
    if (options.isFree && !('key' in stored)) {
      reply.header('Cache-Control', PUBLIC_CACHE);
      return reply.sendFile(stored.name, stored.root, { cacheControl: false });
    }
    let text: string;
    if ('key' in stored) {
      text = await storedText(ctx.storage, stored.key);
      if (options.isFree) return reply.type(PLAYLIST_TYPE).header('Cache-Control', PUBLIC_CACHE).send(text);
    } else {
      try {
        text = await readFile(stored.file, 'utf8');
      } catch {
        throw new AppError('NOT_FOUND', 'No such media');
      }
    }
    const expires = Number(options.exp);
    const ttl = ctx.config.MEDIA_URL_TTL_SECONDS;
    const signed = signPlaylist(text, options.publicPath, `/media/episodes/${options.episodeId}/`, (pathname) =>
      signUntil(ctx.mediaSigner, pathname, expires, ttl),
    );
    return reply.type(PLAYLIST_TYPE).header('Cache-Control', 'private, no-store').send(signed);
  }

  /**
   * An episode whose media was processed from an upload: the same addresses and signing rules,
   * its files read from the storage (stored-layout.ts) instead of MEDIA_DIR.
   */
  async function sendStoredEpisodeFile(
    request: FastifyRequest,
    reply: FastifyReply,
    params: z.infer<typeof episodeFileParams>,
    query: z.infer<typeof signedQuery>,
    episode: { is_free: boolean; media_key: string },
  ): Promise<FastifyReply> {
    const { id, file } = params;
    const publicPath = `/media/episodes/${id}/${file}`;
    const cache = episode.is_free ? PUBLIC_CACHE : PRIVATE_CACHE;
    if (file === 'index.m3u8') {
      if (!episode.is_free) assertSigned(publicPath, query);
      return sendPlaylist(reply, { episodeId: id, isFree: episode.is_free, stored: { key: storedLayout.master(episode.media_key) }, publicPath, exp: query.exp });
    }
    if (file === 'video.mp4') {
      if (!episode.is_free) assertSigned(publicPath, query);
      return sendStored(request, reply, ctx.storage, storedLayout.video(episode.media_key), cache);
    }
    if (!episode.is_free) {
      assertSigned(`/media/episodes/${id}/${file.startsWith('index.') ? 'index.m3u8' : 'video.mp4'}`, query);
    }
    const language = file.slice(file.indexOf('.') + 1, -'.vtt'.length);
    return sendStored(request, reply, ctx.storage, storedLayout.subtitle(id, language), cache);
  }

  route.raw({
    method: 'GET',
    url: '/media/episodes/:id/:file',
    access: 'public',
    hide: true,
    params: episodeFileParams,
    querystring: signedQuery,
    handler: async (request, reply) => {
      const { id, file } = request.params;
      const episode = await catalogue.episode(id);
      if (episode.media_source === 'storage') return sendStoredEpisodeFile(request, reply, request.params, request.query, episode);
      const key = plainMediaKey(episode.media_key, request.log, id);
      const publicPath = `/media/episodes/${id}/${file}`;
      if (file === 'index.m3u8') {
        if (!catalogue.hls.has(key)) throw new AppError('NOT_FOUND', 'This episode has no HLS stream');
        if (!episode.is_free) assertSigned(publicPath, request.query);
        return sendPlaylist(reply, {
          episodeId: id,
          isFree: episode.is_free,
          stored: storedFile(storedFile(hlsDir, key).file, 'master.m3u8'),
          publicPath,
          exp: request.query.exp,
        });
      }
      const isVideo = file === 'video.mp4';
      if (isVideo && !episode.is_free) assertSigned(publicPath, request.query);
      // A locked episode's subtitles tell its story: they open to whoever holds a signed address of
      // its video (the player carries that query over to the subtitle file), until the same expiry.
      if (!isVideo && !episode.is_free) {
        assertSigned(`/media/episodes/${id}/${file.startsWith('index.') ? 'index.m3u8' : 'video.mp4'}`, request.query);
      }
      // Subtitles uploaded through the console take the place of the demo's own.
      if (!isVideo) {
        const uploaded = storedLayout.subtitle(id, file.slice(file.indexOf('.') + 1, -'.vtt'.length));
        if (await ctx.storage.head(uploaded)) return sendStored(request, reply, ctx.storage, uploaded, episode.is_free ? PUBLIC_CACHE : PRIVATE_CACHE);
      }
      const stored = storedFile(clipsDir, isVideo ? `${key}.mp4` : `${key}${file.slice(file.indexOf('.'))}`);
      reply.header('Cache-Control', episode.is_free ? PUBLIC_CACHE : PRIVATE_CACHE);
      return reply.sendFile(stored.name, stored.root, { cacheControl: false });
    },
  });

  route.raw({
    method: 'GET',
    url: '/media/episodes/:id/:rung/:file',
    access: 'public',
    hide: true,
    params: renditionParams,
    querystring: signedQuery,
    handler: async (request, reply) => {
      const { id, rung, file } = request.params;
      const episode = await catalogue.episode(id);
      if (episode.media_source === 'storage') {
        const publicPath = `/media/episodes/${id}/${rung}/${file}`;
        if (!episode.is_free) assertSigned(publicPath, request.query);
        const key = storedLayout.rendition(episode.media_key, rung, file);
        if (file === 'index.m3u8') {
          return sendPlaylist(reply, { episodeId: id, isFree: episode.is_free, stored: { key }, publicPath, exp: request.query.exp });
        }
        return sendStored(request, reply, ctx.storage, key, episode.is_free ? PUBLIC_CACHE : PRIVATE_CACHE);
      }
      const key = plainMediaKey(episode.media_key, request.log, id);
      if (!catalogue.hls.has(key)) throw new AppError('NOT_FOUND', 'This episode has no HLS stream');
      const publicPath = `/media/episodes/${id}/${rung}/${file}`;
      if (!episode.is_free) assertSigned(publicPath, request.query);
      const stored = storedFile(storedFile(hlsDir, key).file, rung, file);
      if (file === 'index.m3u8') {
        return sendPlaylist(reply, {
          episodeId: id,
          isFree: episode.is_free,
          stored,
          publicPath,
          exp: request.query.exp,
        });
      }
      reply.header('Cache-Control', episode.is_free ? PUBLIC_CACHE : PRIVATE_CACHE);
      return reply.sendFile(stored.name, stored.root, { cacheControl: false });
    },
  });
}
