import { LIMITS } from '@drama/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Controls and info hide about 5 s after playback starts (spec section 2) and come back on a
 * tap. While paused they stay. `poke` restarts the countdown after any interaction.
 */
export function useAutoHide(playing: boolean, hold: boolean) {
  const [visible, setVisible] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  const arm = useCallback(() => {
    clear();
    timer.current = setTimeout(() => setVisible(false), LIMITS.controlsAutoHideMs);
  }, []);

  useEffect(() => {
    if (playing && !hold && visible) arm();
    else clear();
    return clear;
  }, [playing, hold, visible, arm]);

  const show = useCallback(() => {
    setVisible(true);
    if (playing && !hold) arm();
  }, [playing, hold, arm]);

  const hide = useCallback(() => {
    clear();
    setVisible(false);
  }, []);

  return { visible: visible || !playing || hold, show, hide, poke: show };
}
