import { redeemBodySchema, type RedeemResult } from '@drama/contracts';
import { Gift, History } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { NavCard } from '../../../shared/ui/nav-card';
import { HeaderLink, PageHeader } from '../../../shared/ui/page-header';
import { SubmitButton } from '../../../shared/ui/form/submit-button';
import { useRedeemCode } from '../api/redeem-code';
import { RedeemCodeField } from '../components/code-field';
import { RedeemResultCard } from '../components/redeem-result-card';
import { redeemErrorMessage, retryAfterSeconds } from '../lib/redeem-error';

/** Enter a code, get VIP days or points; what it gave shows at once, and in the profile. */
export function RedeemPage() {
  const { t } = useTranslation();
  const fieldId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const redeem = useRedeemCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<RedeemResult | null>(null);
  // After "too many attempts" the button rests for as long as the server asked.
  const [cooling, setCooling] = useState(false);

  useEffect(() => {
    if (!cooling) return;
    const seconds = retryAfterSeconds(redeem.error);
    const timer = setTimeout(() => setCooling(false), (seconds ?? 0) * 1000);
    return () => clearTimeout(timer);
  }, [cooling, redeem.error]);

  const onChange = (value: string) => {
    setCode(value);
    setError(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (redeem.isPending || cooling) return;
    const parsed = redeemBodySchema.safeParse({ code });
    if (!parsed.success) {
      setError(t(code.trim() === '' ? 'redeem.required' : 'redeem.tooShort'));
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setResult(null);
    redeem.mutate(parsed.data, {
      onSuccess: (data) => {
        setResult(data);
        setCode('');
      },
      onError: (failure) => {
        setError(redeemErrorMessage(t, failure));
        if (retryAfterSeconds(failure) !== null) setCooling(true);
      },
    });
  };

  return (
    <div className="flex flex-1 flex-col pb-10" data-testid="redeem-page">
      <PageHeader
        title={t('routes.redeem')}
        fallback="/profile"
        trailing={<HeaderLink to="/redeem/records" label={t('routes.redeemRecords')} icon={History} />}
      />
      <div className="px-4 pt-5">
        <div className="flex items-start gap-3.5 rounded-2xl bg-surface-2 px-4 py-3.5">
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
            <Gift aria-hidden className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="text-[15px] font-semibold">{t('redeem.introTitle')}</p>
            <p className="mt-0.5 text-[13px] leading-relaxed text-fg-muted">{t('redeem.intro')}</p>
          </div>
        </div>

        <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4" data-testid="redeem-form">
          <RedeemCodeField ref={inputRef} id={fieldId} value={code} onValueChange={onChange} error={error} />
          <SubmitButton pending={redeem.isPending} disabled={cooling}>
            {t('redeem.submit')}
          </SubmitButton>
        </form>

        {result && <RedeemResultCard result={result} />}

        <NavCard
          to="/redeem/records"
          icon={History}
          tone="bg-info/12 text-info"
          label={t('routes.redeemRecords')}
          className="mt-5"
        />

        <ul className="mt-5 list-disc space-y-1 pl-5 text-xs leading-relaxed text-fg-subtle marker:text-line-strong">
          <li>{t('redeem.ruleOnce')}</li>
          <li>{t('redeem.ruleVip')}</li>
          <li>{t('redeem.rulePoints')}</li>
        </ul>
      </div>
    </div>
  );
}
