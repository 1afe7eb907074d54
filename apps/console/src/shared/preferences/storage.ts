/** The console's remembered choices, kept apart from the viewers' app's keys on the same origin. */
const KEYS = { locale: 'console.locale', theme: 'console.theme', siderCollapsed: 'console.siderCollapsed' } as const;
export type PreferenceName = keyof typeof KEYS;

export function readPreference(name: PreferenceName): string | null {
  try {
    return localStorage.getItem(KEYS[name]);
  } catch {
    return null;
  }
}

export function writePreference(name: PreferenceName, value: string): void {
  try {
    localStorage.setItem(KEYS[name], value);
  } catch {
    // A browser that refuses storage still switches; the choice just is not remembered.
  }
}
