import { useEffect, useRef, useState } from 'react';

/**
 * Whether a line-clamped text is cut short, to offer "more". Read when a ResizeObserver reports
 * the element, which happens after the browser's own layout: reading `scrollHeight` in an effect
 * instead forces a layout of its own in the middle of the page's start (30 ms at 4x CPU on the
 * player). `measuring` is false while the text is shown whole, and `content` re-measures when
 * the text changes without the box changing size.
 */
export function useClamped<T extends HTMLElement>(measuring: boolean, content: unknown) {
  const ref = useRef<T>(null);
  const [clamped, setClamped] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || !measuring) return;
    const observer = new ResizeObserver(() => setClamped(element.scrollHeight > element.clientHeight + 1));
    observer.observe(element);
    return () => observer.disconnect();
  }, [measuring, content]);
  return [ref, clamped] as const;
}
