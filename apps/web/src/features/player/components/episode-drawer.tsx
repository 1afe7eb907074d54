import type { Episode } from '@drama/contracts';
import { Lock } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { canWatch } from '../lib/start-episode';
import { PlayerSheet } from './player-sheet';

const RANGE_SIZE = 30;

interface EpisodeDrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  episodes: readonly Episode[];
  currentId: number;
  vip: boolean;
  isCompleted: boolean;
  onChoose: (episode: Episode) => void;
}

/** Numbered cells grouped in ranges of 30 ("1-30", "31-60"), a lock on locked ones, a mark on the current one. */
export function EpisodeDrawer({ open, onClose, title, episodes, currentId, vip, isCompleted, onChoose }: EpisodeDrawerProps) {
  const summary = useEpisodeSummary(episodes, vip, isCompleted);

  return (
    <PlayerSheet open={open} onClose={onClose} title={title} subtitle={summary} testId="episode-drawer">
      {/* Mounted only while open, so each opening starts at the current episode's range. */}
      <EpisodeGrid episodes={episodes} currentId={currentId} vip={vip} onChoose={onChoose} />
    </PlayerSheet>
  );
}

/** "Completed · 80 episodes · 10 free": the line under the drama's title. */
export function useEpisodeSummary(episodes: readonly Episode[], vip: boolean, isCompleted: boolean): string {
  const { t } = useTranslation();
  const free = episodes.filter((episode) => episode.isFree).length;
  return [
    isCompleted ? t('player.completed') : t('player.ongoing'),
    t('player.totalEpisodes', { count: episodes.length }),
    !vip && free > 0 && free < episodes.length ? t('player.freeCount', { count: free }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The drawer's grid, also shown beside the video on a wide screen. */
export function EpisodeGrid({ episodes, currentId, vip, onChoose }: Pick<EpisodeDrawerProps, 'episodes' | 'currentId' | 'vip' | 'onChoose'>) {
  const { t } = useTranslation();
  const ranges = useMemo(() => {
    const out: Episode[][] = [];
    for (let index = 0; index < episodes.length; index += RANGE_SIZE) out.push(episodes.slice(index, index + RANGE_SIZE));
    return out;
  }, [episodes]);
  const currentRange = Math.max(
    0,
    ranges.findIndex((range) => range.some((episode) => episode.id === currentId)),
  );
  const [chosenRange, setChosenRange] = useState<number | null>(null);
  const rangeIndex = chosenRange ?? currentRange;
  const currentRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    currentRef.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  return (
    <>
      {ranges.length > 1 && (
        <div role="tablist" className="scrollbar-none -mx-5 mb-3 flex gap-2 overflow-x-auto px-5 pt-1">
          {ranges.map((range, index) => {
            const from = range[0]?.sequence ?? 0;
            const to = range.at(-1)?.sequence ?? 0;
            const selected = index === rangeIndex;
            return (
              <button
                key={from}
                type="button"
                role="tab"
                aria-selected={selected}
                onClick={() => setChosenRange(index)}
                className={`min-h-9 shrink-0 rounded-full px-4 text-sm font-medium tabular-nums transition-colors ${
                  selected ? 'bg-fg text-bg' : 'bg-surface-2 text-fg-muted active:bg-surface-3'
                }`}
              >
                {t('player.range', { from, to })}
              </button>
            );
          })}
        </div>
      )}
      <ul className="grid grid-cols-6 gap-2 pt-1 pb-2">
        {(ranges[rangeIndex] ?? []).map((episode) => {
          const playing = episode.id === currentId;
          const locked = !canWatch(episode, vip);
          const label = playing
            ? t('player.episodeCellPlaying', { episode: episode.sequence })
            : locked
              ? t('player.episodeCellLocked', { episode: episode.sequence })
              : t('player.episodeCell', { episode: episode.sequence });
          return (
            <li key={episode.id}>
              <button
                ref={playing ? currentRef : undefined}
                type="button"
                aria-label={label}
                aria-current={playing ? 'true' : undefined}
                data-testid="episode-cell"
                data-locked={locked ? 'true' : 'false'}
                onClick={() => onChoose(episode)}
                className={`relative grid aspect-square w-full min-h-11 place-items-center overflow-hidden rounded-xl text-[15px] font-semibold tabular-nums transition-transform duration-150 active:scale-95 ${
                  playing
                    ? 'bg-accent-soft text-accent ring-1 ring-accent/60'
                    : locked
                      ? 'bg-surface-2 text-fg-subtle'
                      : 'bg-surface-2 text-fg active:bg-surface-3'
                }`}
              >
                {episode.sequence}
                {playing && <PlayingMark />}
                {locked && !playing && (
                  <span className="absolute top-0 right-0 grid size-4 place-items-center rounded-bl-lg bg-gradient-to-br from-gold-fill to-gold-fill-2">
                    <Lock aria-hidden className="size-2.5 text-on-gold" strokeWidth={2.75} />
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** Three bars that bounce while an episode plays (still under reduced motion). */
function PlayingMark() {
  return (
    <span aria-hidden data-testid="playing-mark" className="absolute bottom-1.5 left-1/2 flex h-2.5 -translate-x-1/2 items-end gap-[2px]">
      {[0, 1, 2].map((bar) => (
        <span
          key={bar}
          className="player-eq-bar w-[3px] rounded-full bg-accent"
          style={{ animationDelay: `${bar * 160}ms` }}
        />
      ))}
    </span>
  );
}
