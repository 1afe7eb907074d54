import { CircleAlert } from 'lucide-react';

/** A failure of the whole form (wrong password, network), announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      data-testid="form-error"
      className="flex animate-fade-in items-start gap-2.5 rounded-2xl border border-danger/25 bg-danger/10 px-3.5 py-3 text-sm leading-snug text-danger"
    >
      <CircleAlert aria-hidden className="mt-px size-[18px] shrink-0" strokeWidth={2.2} />
      <p className="min-w-0 flex-1">{message}</p>
    </div>
  );
}
