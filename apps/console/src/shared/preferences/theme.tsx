import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { initialThemeChoice, resolveTheme, type ResolvedTheme, type ThemeChoice } from './preferences';
import { readPreference, writePreference } from './storage';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeSystem(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

interface Theme {
  choice: ThemeChoice;
  resolved: ResolvedTheme;
  setChoice: (choice: ThemeChoice) => void;
}

const ThemeContext = createContext<Theme | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoiceState] = useState<ThemeChoice>(() => initialThemeChoice(readPreference('theme')));
  const systemDark = useSyncExternalStore(subscribeSystem, () => window.matchMedia(DARK_QUERY).matches);
  const resolved = resolveTheme(choice, systemDark);
  const setChoice = useCallback((next: ThemeChoice) => {
    writePreference('theme', next);
    setChoiceState(next);
  }, []);
  useEffect(() => {
    // The page behind antd's surfaces (scrollbars, overscroll, form controls) follows the theme too.
    document.documentElement.style.colorScheme = resolved;
    document.documentElement.dataset.theme = resolved;
  }, [resolved]);
  const value = useMemo(() => ({ choice, resolved, setChoice }), [choice, resolved, setChoice]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): Theme {
  const theme = useContext(ThemeContext);
  if (!theme) throw new Error('useTheme outside ThemeProvider');
  return theme;
}
