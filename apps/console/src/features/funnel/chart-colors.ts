import type { FunnelEpisode } from '@drama/contracts';

/** The funnel chart's bar colours: free episodes, locked ones, and the paywall's episode. */
export interface FunnelPalette {
  free: string;
  locked: string;
  paywall: string;
}

export function funnelPalette(token: { colorPrimary: string; colorWarning: string; colorError: string }): FunnelPalette {
  return { free: token.colorPrimary, locked: token.colorWarning, paywall: token.colorError };
}

/** One episode's bar. */
export function episodeBarColor(episode: Pick<FunnelEpisode, 'episodeId' | 'isFree'>, paywallEpisodeId: number | undefined, palette: FunnelPalette): string {
  if (episode.episodeId === paywallEpisodeId) return palette.paywall;
  return episode.isFree ? palette.free : palette.locked;
}

/**
 * The Viewers series' own colour, given to its Bar as `fill`: recharts draws a series' legend
 * swatch (and its tooltip mark) in that fill, black when there is none, whatever its cells are.
 */
export function viewersSeriesColor(palette: FunnelPalette): string {
  return palette.free;
}
