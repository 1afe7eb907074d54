import { useEffect } from 'react';
import { readUserSettings } from '../../../shared/user-settings/user-settings';
import { recordLocalWatch } from '../../../shared/watch-history/local-watch-history';
import { recordWatch } from '../api/record-watch';
import { reportProgress } from '../api/report-progress';
import { progressToReport } from '../lib/progress-cadence';
import type { PlayerEngine } from '../lib/player-engine';

interface Options {
  engine: PlayerEngine;
  dramaId: number;
  episode: { id: number; sequence: number } | null;
  /** The member's id; null for a guest, whose history stays on the device. */
  userId: number | null;
}

function warn(what: string) {
  return (error: unknown) => console.warn(`[player] ${what} failed`, error);
}

/**
 * Watch records (spec section 7): a member's start of an episode and progress every 10 whole
 * seconds go to the server; a guest's go to the local history, which also keeps the exact
 * second when the viewer pauses, switches or leaves. With the history switch off nothing goes
 * anywhere, not even a call the server would ignore; it is read at each report, so a switch
 * flipped in another tab applies mid-episode.
 */
export function useWatchReporting({ engine, dramaId, episode, userId }: Options): void {
  const episodeId = episode?.id ?? null;
  const sequence = episode?.sequence ?? null;

  useEffect(() => {
    if (episodeId === null || sequence === null) return;
    const key = String(episodeId);
    let started = false;
    let lastReported: number | null = null;
    let lastSaved = -1;

    const recording = () => readUserSettings().privacy.history;
    const saveLocal = (seconds: number) => {
      if (userId !== null || seconds === lastSaved || !recording()) return;
      lastSaved = seconds;
      recordLocalWatch({ dramaId, episodeId, sequence, timestamp: Date.now(), progress: seconds });
    };

    const check = () => {
      const snapshot = engine.getSnapshot();
      if (snapshot.key !== key) return;
      if (!started && snapshot.status === 'playing') {
        started = true;
        if (userId === null) saveLocal(Math.floor(snapshot.currentTime));
        else if (recording()) recordWatch(dramaId, episodeId).catch(warn('recording the watch'));
      }
      if (!started) return;
      const mark = progressToReport(snapshot.currentTime, lastReported);
      if (mark !== null) {
        lastReported = mark;
        if (userId === null) saveLocal(mark);
        else if (recording()) reportProgress(dramaId, episodeId, mark).catch(warn('reporting progress'));
      }
      if (snapshot.status === 'paused') saveLocal(Math.floor(snapshot.currentTime));
    };

    const unsubscribe = engine.subscribe(check);
    const onHide = () => {
      const snapshot = engine.getSnapshot();
      if (started && snapshot.key === key) saveLocal(Math.floor(snapshot.currentTime));
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      onHide();
      unsubscribe();
      window.removeEventListener('pagehide', onHide);
    };
  }, [engine, dramaId, episodeId, sequence, userId]);
}
