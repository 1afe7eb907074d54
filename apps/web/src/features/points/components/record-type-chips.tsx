import { POINTS_RECORD_TYPES, type PointsRecordType } from '@drama/contracts';
import { useTranslation } from '../../../shared/i18n/i18n';

interface RecordTypeChipsProps {
  value: PointsRecordType | null;
  onChange: (type: PointsRecordType | null) => void;
}

/** All, or one kind of ledger line; scrolls sideways on a phone. */
export function RecordTypeChips({ value, onChange }: RecordTypeChipsProps) {
  const { t } = useTranslation();
  const options: { type: PointsRecordType | null; label: string }[] = [
    { type: null, label: t('points.records.all') },
    ...POINTS_RECORD_TYPES.map((type) => ({ type, label: t(`points.recordTypes.${type}`) })),
  ];
  return (
    <div
      role="group"
      aria-label={t('points.records.filter')}
      className="scrollbar-none flex gap-2 overflow-x-auto px-4"
      data-testid="record-filters"
    >
      {options.map(({ type, label }) => {
        const active = type === value;
        return (
          <button
            key={type ?? 'all'}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(type)}
            className="flex min-h-11 shrink-0 items-center"
          >
            <span
              className={`inline-flex h-8 items-center rounded-full px-3.5 text-[13px] font-medium whitespace-nowrap transition-colors duration-150 ${
                active ? 'bg-fg text-bg' : 'border border-line-strong bg-surface text-fg-muted'
              }`}
            >
              {label}
            </span>
          </button>
        );
      })}
    </div>
  );
}
