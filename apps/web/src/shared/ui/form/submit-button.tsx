import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

interface SubmitButtonProps {
  pending: boolean;
  children: ReactNode;
  disabled?: boolean;
  className?: string;
}

/** The form's main button: full width, busy while its call runs (and not pressable twice). */
export function SubmitButton({ pending, children, disabled = false, className = '' }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      className={`btn-primary h-[52px] w-full text-base disabled:opacity-60 disabled:active:scale-100 ${className}`}
    >
      {pending && <LoaderCircle aria-hidden className="size-5 animate-spin" />}
      {children}
    </button>
  );
}
