import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/zh-cn';
import 'altcha/i18n/zh-tw';
import type {} from 'altcha/types/react';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { apiPaths, challengeResponseSchema, type Locale } from '@drama/contracts';
import { useEffect, useRef, useState } from 'react';
import { api } from '../api/api';
import { useLocale, useTranslation } from '../i18n/i18n';

// The CSP-friendly build: no inline worker, so the solver runs from a file of our own origin.
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

const WIDGET_LANGUAGE: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'zh-Hant': 'zh-tw', 'en-US': 'en' };

type WidgetElement = HTMLElementTagNameMap['altcha-widget'];

/** Waits until the element has its methods (they arrive with its `load` event). */
function ready(element: WidgetElement): Promise<void> {
  if (typeof element.configure === 'function') return Promise.resolve();
  return new Promise((resolve) => element.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * The ALTCHA widget: fetches a challenge from the server, solves it in a worker at once (no
 * puzzle for the person, a second or two of the phone's work) and hands back the payload.
 */
export default function ChallengeWidget({ onSolved }: { onSolved: (payload: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const ref = useRef<WidgetElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let cancelled = false;
    void (async () => {
      try {
        const challenge = await api.get(apiPaths.authChallenge(), { schema: challengeResponseSchema, retry: true });
        await ready(element);
        if (cancelled) return;
        await element.configure({
          challenge: challenge as never,
          language: WIDGET_LANGUAGE[locale],
          hideFooter: true,
          minDuration: 300,
        });
        const result = await element.verify();
        if (cancelled) return;
        if (result?.payload) onSolved(result.payload);
        else setFailed(true);
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [attempt, locale, onSolved]);

  return (
    <div className="flex flex-col items-stretch gap-3" data-testid="challenge-widget">
      <altcha-widget ref={ref} auto="off" type="checkbox" />
      {failed && (
        <button
          type="button"
          className="min-h-11 rounded-full border border-line px-4 text-sm font-semibold text-accent active:bg-surface-2"
          onClick={() => {
            setFailed(false);
            setAttempt((value) => value + 1);
          }}
        >
          {t('challenge.retry')}
        </button>
      )}
    </div>
  );
}
