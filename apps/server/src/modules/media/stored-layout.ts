import { randomBytes } from 'node:crypto';
import { isStoredMediaKey } from '../catalogue/media-urls.js';

/**
 * Where an episode's media processed from an upload lives in the storage: the layout of the
 * demo's MEDIA_DIR (clips/, hls/<key>/), so the media routes map the same public addresses onto
 * either. An episode's media key is `@<name>`; subtitles belong to the episode, not to one
 * processing of its file, so a replaced file keeps them.
 */
export const storedLayout = {
  key: (mediaJobId: number) => `@j${mediaJobId}`,
  name(mediaKey: string): string {
    if (!isStoredMediaKey(mediaKey)) throw new Error(`${mediaKey} is not a stored media key`);
    return mediaKey.slice(1);
  },
  video: (mediaKey: string) => `clips/${storedLayout.name(mediaKey)}.mp4`,
  poster: (mediaKey: string) => `posters/${storedLayout.name(mediaKey)}.jpg`,
  hlsFolder: (mediaKey: string) => `hls/${storedLayout.name(mediaKey)}/`,
  master: (mediaKey: string) => `hls/${storedLayout.name(mediaKey)}/master.m3u8`,
  rendition: (mediaKey: string, rung: string, file: string) => `hls/${storedLayout.name(mediaKey)}/${rung}/${file}`,
  subtitle: (episodeId: number, language: string) => `subtitles/${episodeId}/${language}.vtt`,
  upload: (uploadId: string) => `uploads/${uploadId}`,
  /**
   * A cover uploaded in the console, by its file name (`drama-<id>-<16 hex>.jpg`, what the
   * drama's cover_path holds). Anything else is no stored cover: the key never leaves covers/.
   */
  cover(file: string): string {
    if (!isStoredCoverName(file)) throw new Error(`${file} is not a stored cover's name`);
    return `covers/${file}`;
  },
  /** A new name for a drama's cover: a new one per upload, so no cache holds an old picture for it. */
  newCoverName: (dramaId: number) => `drama-${dramaId}-${randomBytes(8).toString('hex')}.jpg`,
};

const STORED_COVER = /^drama-[1-9]\d{0,15}-[0-9a-f]{16}\.jpg$/;

/** True for the name of a cover the console puts into the storage (and only for such names). */
export function isStoredCoverName(file: string): boolean {
  return STORED_COVER.test(file);
}
