import { FEEDBACK_TYPES, type FeedbackType } from '@drama/contracts';
import { useTranslation } from '../../../shared/i18n/i18n';

interface TypeChipsProps {
  value: FeedbackType;
  onChange: (type: FeedbackType) => void;
}

export function TypeChips({ value, onChange }: TypeChipsProps) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="mb-2 px-1 text-[13px] font-medium text-fg-muted">{t('feedback.typeLabel')}</legend>
      <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={t('feedback.typeLabel')}>
        {FEEDBACK_TYPES.map((type) => {
          const selected = type === value;
          return (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={selected}
              data-testid={`feedback-type-${type}`}
              onClick={() => onChange(type)}
              className={`min-h-11 rounded-full border px-4 text-sm font-medium transition-colors duration-150 ${
                selected
                  ? 'border-accent bg-accent-soft text-accent'
                  : 'border-line-strong bg-surface text-fg-muted active:bg-surface-2 dark:border-line dark:bg-surface-2'
              }`}
            >
              {t(`feedback.types.${type}`)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
