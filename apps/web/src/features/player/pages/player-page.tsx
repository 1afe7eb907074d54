import { isVipActive, type DramaDetail, type Episode } from '@drama/contracts';
import { ChevronLeft, Clapperboard, Film, Link2Off, type LucideIcon } from 'lucide-react';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-client';
import { isLoggedIn, useSession } from '../../../shared/session/session-store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/video-status';
import { readLocalWatchHistory } from '../../../shared/watch-history/local-watch-history';
import { usePlayerDrama } from '../api/get-player-drama';
import { useResumePoint } from '../api/get-resume-point';
import { PlayerScreen } from '../components/player-screen';
import { chooseStartEpisode, type ResumePoint, type StartChoice } from '../lib/start-episode';
import '../player.css';

/** The route id must be a positive whole number (spec section 5). */
export function parseDramaId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,12}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function parseEpisodeId(raw: string | null): number | null {
  return parseDramaId(raw ?? undefined);
}

/** Dark, full-screen frame for the states before anything can play. */
function PlayerFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="player-state" className="dark fixed inset-0 z-30 mx-auto flex max-w-[480px] flex-col bg-bg text-fg">
      <div className="flex items-center px-1.5 pt-[calc(env(safe-area-inset-top)+6px)]">
        <button
          type="button"
          aria-label={t('player.back')}
          onClick={() => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/'))}
          className="icon-btn active:bg-surface-2"
        >
          <ChevronLeft aria-hidden className="size-7" />
        </button>
      </div>
      <div className="flex flex-1 flex-col items-center justify-center pb-20">{children}</div>
    </div>
  );
}

/** A dead end before anything can play, with the way home. */
function PlayerEmpty({ icon, title, description }: { icon: LucideIcon; title: string; description: string }) {
  const { t } = useTranslation();
  return (
    <PlayerFrame>
      <EmptyState
        icon={icon}
        title={title}
        description={description}
        action={
          <Link to="/" className="btn-primary">
            {t('player.backHome')}
          </Link>
        }
      />
    </PlayerFrame>
  );
}

function PlayerSkeleton() {
  const { t } = useTranslation();
  return (
    <div data-testid="player-skeleton" className="fixed inset-0 z-30 mx-auto grid max-w-[480px] place-items-center bg-black">
      <span className="sr-only">{t('player.loading')}</span>
      <Spinner />
    </div>
  );
}

export function PlayerPage() {
  const params = useParams();
  const dramaId = parseDramaId(params.id);
  if (dramaId === null) return <InvalidId />;
  return <PlayerLoader key={dramaId} dramaId={dramaId} />;
}

function InvalidId() {
  const { t } = useTranslation();
  return <PlayerEmpty icon={Link2Off} title={t('player.invalidId')} description={t('player.invalidIdHint')} />;
}

function PlayerLoader({ dramaId }: { dramaId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const [searchParams] = useSearchParams();
  const signedIn = isLoggedIn(session);
  const userId = signedIn ? (session.user?.id ?? null) : null;
  const requestedId = parseEpisodeId(searchParams.get('episode'));
  const unlock = searchParams.get('unlock') === '1';
  const drama = usePlayerDrama(dramaId);
  // The player is built in a transition: its render yields to the browser every few milliseconds
  // instead of holding a slow phone's main thread between the drama's answer and the first frame.
  const dramaData = useDeferredValue(drama.data);
  // Members resume from the server; asked only when the URL names no episode... or names the saved one.
  const resume = useResumePoint(dramaId, userId, signedIn);

  if (drama.isError) {
    if (isApiError(drama.error) && drama.error.status === 404) {
      return <PlayerEmpty icon={Clapperboard} title={t('player.notFound')} description={t('player.notFoundHint')} />;
    }
    return (
      <PlayerFrame>
        <ErrorState error={drama.error} onRetry={() => void drama.refetch()} />
      </PlayerFrame>
    );
  }
  if (dramaData === undefined || (signedIn && resume.isPending)) return <PlayerSkeleton />;
  if (dramaData.episodes.length === 0) {
    return <PlayerEmpty icon={Film} title={t('player.noEpisodes')} description={t('player.noEpisodesHint')} />;
  }

  let point: ResumePoint | null = null;
  if (signedIn) {
    const data = resume.data;
    point = data ? { episodeId: data.episodeId, progress: data.progressSeconds } : null;
  } else {
    const local = readLocalWatchHistory().find((record) => record.dramaId === dramaId);
    point = local ? { episodeId: local.episodeId, progress: local.progress ?? Math.floor(local.position ?? 0) } : null;
  }
  const vip = signedIn && session.user !== null && isVipActive(session.user);
  return (
    <StartedPlayer drama={dramaData} requestedId={requestedId} unlock={unlock} resume={point} vip={vip} />
  );
}

/** Chooses the first episode once; later changes to the session or the URL do not restart the player. */
function StartedPlayer(props: {
  drama: DramaDetail;
  requestedId: number | null;
  unlock: boolean;
  resume: ResumePoint | null;
  vip: boolean;
}) {
  const [start] = useState<StartChoice<Episode> | null>(() =>
    chooseStartEpisode(props.drama.episodes, {
      requestedId: props.requestedId,
      unlock: props.unlock,
      resume: props.resume,
      vip: props.vip,
      durationOf: (episode) => episode.durationSeconds,
    }),
  );
  if (!start) return null;
  return <PlayerScreen drama={props.drama} start={start} />;
}
