/** Adds a listener and gives back what removes it, so a set of listeners is added and removed as one list. */
export function listen<K extends keyof HTMLElementEventMap>(
  target: HTMLElement,
  type: K,
  listener: (event: HTMLElementEventMap[K]) => void,
  options?: AddEventListenerOptions,
): () => void;
export function listen(target: HTMLElement, type: string, listener: (event: Event) => void, options?: AddEventListenerOptions): () => void;
export function listen(target: HTMLElement, type: string, listener: (event: Event) => void, options?: AddEventListenerOptions): () => void {
  target.addEventListener(type, listener, options);
  return () => target.removeEventListener(type, listener, options);
}
