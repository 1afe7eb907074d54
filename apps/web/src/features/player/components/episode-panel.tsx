import type { Episode } from '@drama/contracts';
import { useTranslation } from '../../../shared/i18n/i18n';
import { EpisodeGrid, useEpisodeSummary } from './episode-drawer';

interface EpisodePanelProps {
  title: string;
  description: string;
  episodes: readonly Episode[];
  currentId: number;
  vip: boolean;
  isCompleted: boolean;
  onChoose: (episode: Episode) => void;
}

/**
 * The wide screen's episode list, always beside the video: the drama, its summary and the same
 * grid as the phone's drawer, so choosing an episode follows the same lock rules.
 */
export function EpisodePanel({ title, description, episodes, currentId, vip, isCompleted, onChoose }: EpisodePanelProps) {
  const { t } = useTranslation();
  const summary = useEpisodeSummary(episodes, vip, isCompleted);
  return (
    <aside
      aria-label={t('player.episodes')}
      data-testid="episode-panel"
      className="dark fixed inset-y-0 right-0 z-30 flex w-[400px] flex-col border-l border-white/10 bg-surface text-fg"
    >
      <div className="shrink-0 px-5 pt-6 pb-4">
        <h2 className="line-clamp-2 text-xl leading-snug font-bold tracking-tight">{title}</h2>
        <p className="mt-1 text-xs text-fg-muted">{summary}</p>
        {description && <p className="mt-3 line-clamp-4 text-sm leading-relaxed text-fg-muted">{description}</p>}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain border-t border-line px-5 pt-4 pb-6">
        <EpisodeGrid episodes={episodes} currentId={currentId} vip={vip} onChoose={onChoose} />
      </div>
    </aside>
  );
}
