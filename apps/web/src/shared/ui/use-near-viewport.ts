import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element has come within `margin` of the screen, and stays true once it has. Rows
 * below the fold ask for their data only then: on a phone's network, a first screen's calls
 * and covers otherwise share the connection with rows nobody has scrolled to yet. `settled`
 * holds the watch back while the rows above are still placeholders, which are shorter than
 * what replaces them and would bring the element near for a moment.
 */
export function useNearViewport(
  ref: RefObject<Element | null>,
  { margin = '300px', settled = true }: { margin?: string; settled?: boolean } = {},
): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !settled || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, settled, near]);
  return near;
}
