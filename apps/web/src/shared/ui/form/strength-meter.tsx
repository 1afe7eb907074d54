import { useTranslation } from '../../i18n/i18n';
import { strengthModel } from '../../form/password-strength';

const BAR_COLOURS = ['bg-danger', 'bg-warning', 'bg-success', 'bg-success'];
const TEXT_COLOURS = ['text-danger', 'text-warning', 'text-success', 'text-success'];

/** Four bars and a word (weak, medium, strong, very strong), with the advice to mix kinds. */
export function StrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const model = strengthModel(password);
  const score = model?.score ?? 0;
  return (
    <div className="mt-2 px-1" data-testid="strength-meter" data-level={model?.level ?? 'none'}>
      <div className="flex items-center gap-3">
        <div aria-hidden className="grid flex-1 grid-cols-4 gap-1.5">
          {[1, 2, 3, 4].map((bar) => (
            <span
              key={bar}
              className={`h-1 rounded-full transition-colors duration-200 ${
                bar <= score ? (BAR_COLOURS[score - 1] ?? 'bg-success') : 'bg-surface-3'
              }`}
            />
          ))}
        </div>
        <p className="min-w-[4.5rem] text-right text-xs font-medium" aria-live="polite">
          <span className="sr-only">{t('password.strength')}: </span>
          <span className={model ? TEXT_COLOURS[score - 1] : 'text-fg-subtle'}>
            {model ? t(model.label) : t('password.strength')}
          </span>
        </p>
      </div>
      <p className="mt-1.5 text-xs leading-relaxed text-fg-subtle">{t('password.hint')}</p>
    </div>
  );
}
