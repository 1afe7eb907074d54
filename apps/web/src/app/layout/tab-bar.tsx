import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from '../../shared/i18n/i18n';
import { Link } from 'react-router';
import { TAB_ICONS } from './tab-icons';
import { TAB_KEYS, TAB_PATHS, type TabKey } from './tab-model';

// Spec section 2: the pressed state lasts 300 ms, the ripple element 600 ms.
const PRESS_MS = 300;
const RIPPLE_MS = 600;

interface Ripple {
  id: number;
  x: number;
  y: number;
}

function TabLink({ tab, active }: { tab: TabKey; active: boolean }) {
  const { t } = useTranslation();
  const [ripples, setRipples] = useState<Ripple[]>([]);
  const [pressed, setPressed] = useState(false);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const nextId = useRef(0);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  };

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    // A keyboard activation has no pointer position: ripple from the centre.
    const fromPointer = event.clientX !== 0 || event.clientY !== 0;
    const ripple = {
      id: nextId.current++,
      x: fromPointer ? event.clientX - rect.left : rect.width / 2,
      y: fromPointer ? event.clientY - rect.top : rect.height / 2,
    };
    setRipples((list) => [...list, ripple]);
    setPressed(true);
    later(PRESS_MS, () => setPressed(false));
    later(RIPPLE_MS, () => setRipples((list) => list.filter((item) => item.id !== ripple.id)));
  };

  const Icon = TAB_ICONS[tab];
  return (
    <Link
      to={TAB_PATHS[tab]}
      onClick={onClick}
      aria-current={active ? 'page' : undefined}
      data-testid={`tab-${tab}`}
      data-pressed={pressed || undefined}
      className={`relative flex h-14 flex-col items-center justify-center gap-0.5 overflow-hidden text-[11px] font-medium transition-colors duration-150 ${
        active ? 'text-accent' : 'text-fg-subtle'
      }`}
    >
      {ripples.map((ripple) => (
        <span
          key={ripple.id}
          aria-hidden
          data-testid="tab-ripple"
          className="pointer-events-none absolute size-24 animate-ripple rounded-full bg-current"
          style={{ left: ripple.x, top: ripple.y }}
        />
      ))}
      <Icon
        aria-hidden
        className={`size-6 transition-transform duration-150 ${pressed ? 'scale-90' : 'scale-100'}`}
        strokeWidth={active ? 2.3 : 1.8}
        fill={active ? 'currentColor' : 'none'}
        fillOpacity={active ? 0.16 : 0}
      />
      <span className={active ? 'font-semibold' : undefined}>{t(`nav.${tab}`)}</span>
    </Link>
  );
}

export function TabBar({ active }: { active: TabKey | null }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.label')}
      data-testid="tab-bar"
      className="fixed inset-x-0 bottom-0 z-40 mx-auto max-w-[480px] border-t border-line bg-bg/90 pb-safe backdrop-blur-xl lg:hidden"
    >
      <ul className="grid grid-cols-4">
        {TAB_KEYS.map((tab) => (
          <li key={tab}>
            <TabLink tab={tab} active={active === tab} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
