import type { DramaSummary } from '@drama/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n';
import { Link } from 'react-router';
import { CoverImage } from './cover-image';

export type CardDrama = Pick<
  DramaSummary,
  'id' | 'title' | 'coverUrl' | 'episodeCount' | 'freeEpisodeCount' | 'isCompleted'
>;

interface DramaCardProps {
  drama: CardDrama;
  /** Defaults to the player of the drama. */
  to?: string;
  /** Position on a ranking list, shown as a corner tag. */
  rank?: number;
  /** A second line under the title (category, where the viewer stopped). */
  meta?: ReactNode;
  /** 0..1, drawn as a bar along the bottom of the cover (continue watching). */
  progress?: number;
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
  className?: string;
}

const RANK_STYLES = [
  'from-[#ff5f7e] to-[#e3173f] text-white',
  'from-[#ff9a4d] to-[#f0612b] text-white',
  'from-[#f7d27a] to-[#e3a23b] text-on-gold',
];

export function DramaCard({ drama, to, rank, meta, progress, eager = false, className = '' }: DramaCardProps) {
  const { t } = useTranslation();
  const allFree = drama.freeEpisodeCount >= drama.episodeCount;
  const episodes = drama.isCompleted
    ? t('drama.episodes', { count: drama.episodeCount })
    : t('drama.ongoing', { count: drama.episodeCount });

  return (
    <Link
      to={to ?? `/player/${drama.id}`}
      data-testid="drama-card"
      className={`group block min-w-0 rounded-xl outline-offset-4 ${className}`}
    >
      <div className="relative aspect-[3/4] overflow-hidden rounded-xl bg-surface-2 shadow-card">
        <CoverImage
          src={drama.coverUrl}
          eager={eager}
          className="size-full object-cover transition-transform duration-300 ease-out group-active:scale-[0.98]"
        />
        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-0 bottom-0 h-2/5 bg-gradient-to-t from-black/75 via-black/25 to-transparent"
        />
        {rank !== undefined && (
          <span
            className={`absolute top-0 left-0 grid h-7 min-w-7 place-items-center rounded-br-xl bg-gradient-to-br px-1.5 text-sm font-black tabular-nums italic ${
              RANK_STYLES[rank - 1] ?? 'from-black/70 to-black/50 text-white'
            }`}
          >
            <span aria-hidden>{rank}</span>
            <span className="sr-only">{t('drama.rank', { rank })}</span>
          </span>
        )}
        <span
          className={`absolute top-1.5 right-1.5 rounded-md px-1.5 py-0.5 text-[10px] leading-none font-bold tracking-wide ${
            allFree
              ? 'bg-accent-fill text-on-accent'
              : 'bg-gradient-to-r from-gold-fill to-gold-fill-2 text-on-gold'
          }`}
        >
          {allFree ? t('drama.free') : t('drama.vip')}
        </span>
        <span className="absolute bottom-1.5 left-2 max-w-[calc(100%-1rem)] truncate text-[11px] font-medium text-white/95 drop-shadow">
          {episodes}
        </span>
        {progress !== undefined && (
          <div aria-hidden className="absolute inset-x-0 bottom-0 h-[3px] bg-white/25">
            <div
              className="h-full rounded-r-full bg-accent-fill"
              style={{ width: `${Math.round(Math.min(1, Math.max(0, progress)) * 100)}%` }}
            />
          </div>
        )}
      </div>
      <h3 className="mt-2 line-clamp-2 text-[13px] leading-snug font-medium text-fg [overflow-wrap:anywhere]">
        {drama.title}
      </h3>
      {meta && <p className="mt-0.5 truncate text-xs text-fg-subtle">{meta}</p>}
    </Link>
  );
}
