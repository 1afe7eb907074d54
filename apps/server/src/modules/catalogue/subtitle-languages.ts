import { access } from 'node:fs/promises';
import path from 'node:path';
import { SUBTITLE_LANGUAGES, isStoredMediaKey, type SubtitleLanguage } from './media-urls.js';

/** What an episode's subtitle languages are worked out from. */
export interface SubtitledEpisode {
  id: number;
  media_key: string;
}

/**
 * Which subtitle files sit beside a bundled clip (`MEDIA_DIR/clips/<clip>.<lang>.vtt`, from the
 * demo's script or the folder import). Looked up once per clip until `clear()`: the catalogue
 * clears it whenever its content changes, as an import may add files.
 */
export class ClipSubtitleIndex {
  private readonly known = new Map<string, Promise<SubtitleLanguage[]>>();

  constructor(private readonly mediaDir: string) {}

  languages(mediaKey: string): Promise<SubtitleLanguage[]> {
    // Processed uploads keep their subtitles in the storage only (episode_subtitles).
    if (isStoredMediaKey(mediaKey) || mediaKey === '') return Promise.resolve([]);
    let found = this.known.get(mediaKey);
    if (!found) {
      found = this.look(mediaKey);
      this.known.set(mediaKey, found);
    }
    return found;
  }

  clear(): void {
    this.known.clear();
  }

  private async look(mediaKey: string): Promise<SubtitleLanguage[]> {
    const clips = path.join(this.mediaDir, 'clips');
    const present = await Promise.all(
      SUBTITLE_LANGUAGES.map(async (language) => {
        const file = path.join(clips, `${mediaKey}.${language}.vtt`);
        // A key that would resolve outside clips/ has no files there (the media route refuses it too).
        if (path.dirname(file) !== clips) return false;
        return access(file).then(
          () => true,
          () => false,
        );
      }),
    );
    return SUBTITLE_LANGUAGES.filter((_, index) => present[index]);
  }
}

/**
 * The languages each episode has subtitles in, as the media route serves them: those uploaded
 * through the console (`uploaded`, rows of episode_subtitles) and, for a bundled clip, the files
 * beside it. In SUBTITLE_LANGUAGES order.
 */
export async function subtitleLanguagesOf(
  episodes: readonly SubtitledEpisode[],
  uploaded: ReadonlyArray<{ episode_id: number; language: string }>,
  clips: ClipSubtitleIndex,
): Promise<Map<number, SubtitleLanguage[]>> {
  const beside = await Promise.all(episodes.map((episode) => clips.languages(episode.media_key)));
  return new Map(
    episodes.map((episode, index) => {
      const have = new Set<string>(beside[index]);
      for (const row of uploaded) if (row.episode_id === episode.id) have.add(row.language);
      return [episode.id, SUBTITLE_LANGUAGES.filter((language) => have.has(language))];
    }),
  );
}
