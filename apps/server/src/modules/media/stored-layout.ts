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
};
