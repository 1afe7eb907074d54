import { useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';
import { createProgressController, type ProgressController } from './progress-controller';

/** The thin bar at the top while a navigation loads its page or data (spec section 2). */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  const barRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<ProgressController | null>(null);

  useEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    const controller = createProgressController((value) => {
      bar.style.opacity = value === null ? '0' : '1';
      bar.style.transform = `scaleX(${value ?? 0})`;
    });
    controllerRef.current = controller;
    return () => controller.dispose();
  }, []);

  useEffect(() => {
    if (busy) controllerRef.current?.start();
    else controllerRef.current?.done();
  }, [busy]);

  return (
    <div
      aria-hidden
      className="pointer-events-none fixed inset-x-0 top-0 z-[80] mx-auto h-[2.5px] max-w-[480px] overflow-hidden lg:max-w-none"
    >
      <div
        ref={barRef}
        data-testid="navigation-progress"
        className="h-full origin-left bg-gradient-to-r from-accent-fill-2 to-accent-fill opacity-0 shadow-[0_0_8px_var(--accent-fill)] transition-[transform,opacity] duration-200 ease-out"
        style={{ transform: 'scaleX(0)' }}
      />
    </div>
  );
}
