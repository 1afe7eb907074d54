import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { CONSOLE_UPLOADS_PATH, VIDEO_UPLOAD_EXTENSIONS, VIDEO_UPLOAD_TYPES } from '@drama/contracts';
import type { FileStore } from '@tus/file-store';
import { Server as TusServer, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { JobDefinition } from '../../platform/jobs/queue.js';
import { keptSecret } from '../../platform/secrets.js';
import { sendError } from '../../platform/errors.js';
import type { Actor } from '../../platform/operators.js';
import { routeGroup } from '../../platform/route.js';
import { storedLayout } from '../media/stored-layout.js';
import { PartsStore } from './parts-store.js';
import * as queries from './queries.js';

const CONTENT = 'content' as const;
const CLEAR_EXPIRED_UPLOADS_SECONDS = 3_600;

/**
 * The job that clears abandoned uploads from a parts folder. It is named by the folder (an id
 * kept in it), so that instances sharing UPLOAD_PARTS_DIR clear it once an hour between them,
 * and an instance with a folder of its own (sticky sessions) clears its own: only instances
 * holding the folder take its job.
 */
export function clearExpiredUploadsJob(directory: string, store: Pick<FileStore, 'deleteExpired'>): JobDefinition<object> {
  return {
    name: `episodes.clear-expired-uploads.${keptSecret(directory, FOLDER_ID_FILE, 18)}`,
    run: async () => {
      await store.deleteExpired();
    },
  };
}
const CHUNK_TYPE = 'application/offset+octet-stream';
/** Beside the uploads in the parts folder; tus lists only an upload's pair of files, never this one. */
const FOLDER_ID_FILE = '.folder-id';

/** The Upload-Metadata header: `key base64,key base64`. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (!key) continue;
    metadata[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return metadata;
}

function isVideoUpload(metadata: Record<string, string>): boolean {
  const type = (metadata.filetype ?? '').toLowerCase();
  if (type) return (VIDEO_UPLOAD_TYPES as readonly string[]).includes(type);
  const extension = path.extname(metadata.filename ?? metadata.name ?? '').slice(1).toLowerCase();
  return (VIDEO_UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

/**
 * Resumable uploads of video files by the tus protocol (tus.io) at CONSOLE_UPLOADS_PATH, for
 * operators of role content: POST creates an upload (Upload-Length, Upload-Metadata with
 * filename and filetype), PATCH sends bytes from the offset HEAD reports, so a dropped
 * connection resumes where it stopped. The parts wait in UPLOAD_PARTS_DIR; a finished
 * upload moves into the storage (uploads/<id>) before the last PATCH is answered, and its id is
 * then what an episode is made from. Size and type are checked before the protocol sees the
 * request, and refusals come in the API's error envelope. Register inside the console scope
 * (`/api/v1/console`), whose prefix CONSOLE_UPLOADS_PATH repeats for the protocol's Location.
 */
export async function registerEpisodeUploads(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const base = '/uploads';
  const directory = ctx.config.UPLOAD_PARTS_DIR;
  /** The operator sending the bytes of each upload now: the one whose last PATCH finishes it is audited. */
  const finishing = new Map<string, Actor>();
  const store = new PartsStore({ directory, expirationPeriodInMilliseconds: ctx.config.UPLOAD_PARTS_HOURS * 3_600_000 });
  // Uploads abandoned half-way would fill the disk: a job clears the folder's expired ones hourly.
  const sweep = clearExpiredUploadsJob(directory, store);
  await ctx.jobs.register(sweep);
  await ctx.jobs.every(sweep.name, CLEAR_EXPIRED_UPLOADS_SECONDS);
  const tus = new TusServer({
    path: CONSOLE_UPLOADS_PATH,
    datastore: store,
    maxSize: ctx.config.UPLOAD_MAX_BYTES,
    relativeLocation: true,
    respectForwardedHeaders: ctx.config.TRUST_PROXY !== false,
    namingFunction: () => randomBytes(16).toString('hex'),
    onUploadFinish: async (_request, upload: Upload) => {
      const actor = finishing.get(upload.id) ?? null;
      const file = upload.storage?.path ?? path.join(directory, upload.id);
      const key = storedLayout.upload(upload.id);
      await ctx.storage.put(key, createReadStream(file), { size: upload.size ?? upload.offset, contentType: upload.metadata?.filetype ?? 'application/octet-stream' });
      await ctx.db.transaction().execute(async (trx) => {
        await queries.insertUpload(trx, {
          id: upload.id,
          operatorId: actor?.operatorId ?? null,
          fileName: (upload.metadata?.filename ?? upload.metadata?.name ?? upload.id).slice(0, 255),
          contentType: (upload.metadata?.filetype ?? '').slice(0, 100),
          size: upload.offset,
          storageKey: key,
        });
        if (actor) {
          await writeAudit(trx, actor, {
            action: 'upload.create',
            targetType: 'upload',
            targetId: upload.id,
            after: { fileName: upload.metadata?.filename ?? null, size: upload.offset },
          });
        }
      });
      // The storage holds it now; the parts folder only holds uploads still coming in.
      await rm(file, { force: true });
      await rm(`${file}.json`, { force: true });
      return {};
    },
  });

  // The protocol reads the body itself: Fastify leaves the stream untouched for these types.
  app.addContentTypeParser(CHUNK_TYPE, (_request, _payload, done) => done(null));

  // The protocol answers in its own terms: raw routes, with the console's rule like any other.
  const route = routeGroup(app.withTypeProvider<ZodTypeProvider>(), { tags: ['console: episodes'], errors: [], operators: ctx.operators });

  async function hand(request: FastifyRequest, reply: FastifyReply, uploadId?: string): Promise<void> {
    if (uploadId) finishing.set(uploadId, ctx.operators.actor(request));
    reply.hijack();
    try {
      await tus.handle(request.raw, reply.raw);
    } finally {
      if (uploadId) finishing.delete(uploadId);
    }
  }

  route.raw({
    method: 'POST',
    url: base,
    access: 'console',
    role: CONTENT,
    hide: true,
    handler: async (_actor, request, reply) => {
      if (request.headers['upload-defer-length']) {
        return sendError(reply, 'BAD_REQUEST', 'Say the upload\'s length (Upload-Length); deferred lengths are not taken');
      }
      const length = Number(request.headers['upload-length']);
      if (!/^\d+$/.test(String(request.headers['upload-length'] ?? '')) || length <= 0) {
        return sendError(reply, 'BAD_REQUEST', 'Upload-Length must be the file\'s size in bytes');
      }
      if (length > ctx.config.UPLOAD_MAX_BYTES) {
        return sendError(reply, 'PAYLOAD_TOO_LARGE', `A video may be at most ${ctx.config.UPLOAD_MAX_BYTES} bytes`, { maxBytes: ctx.config.UPLOAD_MAX_BYTES });
      }
      const metadata = parseUploadMetadata(request.headers['upload-metadata'] as string | undefined);
      if (!isVideoUpload(metadata)) {
        return sendError(reply, 'UNSUPPORTED_MEDIA_TYPE', `Only video files may be uploaded (${VIDEO_UPLOAD_EXTENSIONS.join(', ')})`, {
          types: VIDEO_UPLOAD_TYPES,
        });
      }
      return hand(request, reply);
    },
  });

  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
    route.raw({
      method,
      url: `${base}/:id`,
      access: 'console',
      role: CONTENT,
      // Only a PATCH writes the audit row (the one that finishes an upload), so only PATCH declares it.
      ...(method === 'PATCH' ? { audit: 'upload.create' } : {}),
      hide: true,
      handler: async (_actor, request, reply) => {
        const id = (request.params as { id: string }).id;
        if (!/^[a-f0-9]{32}$/.test(id)) return sendError(reply, 'UPLOAD_NOT_FOUND', 'No such upload');
        if (method === 'PATCH' && request.headers['content-type'] !== CHUNK_TYPE) {
          return sendError(reply, 'UNSUPPORTED_MEDIA_TYPE', `Send the bytes as ${CHUNK_TYPE}`);
        }
        if (method === 'HEAD') {
          // A finished upload has left the parts folder for the storage: a client that lost its
          // connection after the last byte asks where to resume, and hears that it is all there.
          const [finished] = await queries.findUploads(ctx.db, [id]);
          if (finished) {
            return reply
              .code(200)
              .headers({ 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(finished.size), 'Upload-Length': String(finished.size), 'Cache-Control': 'no-store' })
              .send();
          }
        }
        return hand(request, reply, id);
      },
    });
  }
}

