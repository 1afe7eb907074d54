/**
 * What a module announces when something others keep copies of has changed on this instance.
 * The modules only say what changed; who hears each change is said in one list, in app.ts, once
 * every service is made, so that no service is handed a callback of one made after it.
 */
export interface ChangeEvents {
  /** The catalogue (dramas, their episodes' or the categories' texts and states) changed here. */
  'catalogue.changed': undefined;
  /** Episodes changed, or an episode's media became ready on whichever instance processed it. */
  'episodes.changed': undefined;
  /** The discovery index read changes to search texts or to which dramas are published. */
  'search-texts.changed': undefined;
  /** A member watched, liked or favourited something. */
  'member.active': number;
}

export type ChangeName = keyof ChangeEvents;

/** Every change, listed so that a test can check each has someone who hears it. */
export const CHANGE_NAMES = Object.keys({
  'catalogue.changed': true,
  'episodes.changed': true,
  'search-texts.changed': true,
  'member.active': true,
} satisfies Record<ChangeName, true>) as ChangeName[];
type Listener<N extends ChangeName> = (payload: ChangeEvents[N]) => void;

/** A small typed emitter: listeners run at once, in the order they were added. */
export class Changes {
  private readonly listeners = new Map<ChangeName, Array<Listener<never>>>();

  on<N extends ChangeName>(name: N, listener: Listener<N>): void {
    const list = this.listeners.get(name) ?? [];
    list.push(listener as Listener<never>);
    this.listeners.set(name, list);
  }

  emit<N extends ChangeName>(name: N, ...payload: ChangeEvents[N] extends undefined ? [] : [ChangeEvents[N]]): void {
    for (const listener of this.listeners.get(name) ?? []) (listener as Listener<N>)(payload[0] as ChangeEvents[N]);
  }

  /** Who hears `name` (for the test that reads the list). */
  count(name: ChangeName): number {
    return this.listeners.get(name)?.length ?? 0;
  }
}
