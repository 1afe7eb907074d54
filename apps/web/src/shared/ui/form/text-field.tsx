import { CircleAlert, type LucideIcon } from 'lucide-react';
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'size' | 'children'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Already translated; sets aria-invalid and is read out with the field. */
  error?: string;
  /** Shown under the field while there is no error. */
  hint?: ReactNode;
  icon?: LucideIcon;
  /** Inside the box at the end: a show-password toggle, a send-code button. */
  trailing?: ReactNode;
  /** Shown after the label, e.g. "Optional". */
  labelNote?: string;
  /** Shown under the field whatever else is, e.g. how many codes are left today. */
  note?: ReactNode;
}

/** A labelled input with its error: the building block of every account form. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, value, onValueChange, error, hint, note, icon: Icon, trailing, labelNote, id, className = '', ...input },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? `field-${autoId}`;
  const messageId = `${inputId}-message`;
  const noteId = `${inputId}-note`;
  const hasMessage = Boolean(error) || Boolean(hint);
  const describedBy = [hasMessage ? messageId : null, note ? noteId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 flex items-baseline gap-1.5 px-1 text-[13px] font-medium text-fg-muted">
        {label}
        {labelNote && <span className="text-xs font-normal text-fg-subtle">{labelNote}</span>}
      </label>
      <div
        className={`flex min-h-[52px] items-center gap-2.5 rounded-2xl border pr-1.5 pl-3.5 transition-[border-color,box-shadow,background-color] duration-150 focus-within:shadow-[0_0_0_3px_var(--accent-soft)] ${
          error
            ? 'border-danger bg-danger/[0.06] focus-within:border-danger'
            : 'border-line-strong bg-surface focus-within:border-accent dark:border-line dark:bg-surface-2'
        }`}
      >
        {Icon && <Icon aria-hidden className="size-[18px] shrink-0 text-fg-subtle" strokeWidth={2} />}
        <input
          ref={ref}
          id={inputId}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="h-12 min-w-0 flex-1 bg-transparent text-base text-fg outline-none placeholder:text-fg-subtle focus-visible:outline-none disabled:opacity-60"
          {...input}
        />
        {trailing}
      </div>
      {error ? (
        <p id={messageId} className="mt-1.5 flex items-start gap-1 px-1 text-[13px] leading-snug text-danger" data-testid="field-error">
          <CircleAlert aria-hidden className="mt-px size-3.5 shrink-0" strokeWidth={2.2} />
          <span>{error}</span>
        </p>
      ) : hint ? (
        <p id={messageId} className="mt-1.5 px-1 text-[13px] leading-snug text-fg-subtle">
          {hint}
        </p>
      ) : null}
      {note && (
        <p id={noteId} className="mt-1.5 px-1 text-[13px] leading-snug text-fg-subtle">
          {note}
        </p>
      )}
    </div>
  );
});
