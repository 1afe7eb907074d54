import type { ReactNode } from 'react';

/** What a choice takes from its group: whether it is the one chosen, and how to choose it. */
export interface ChoiceProps {
  selected: boolean;
  onSelect: () => void;
}

interface ChoiceButtonProps extends ChoiceProps {
  testId: string;
  className: string;
  children: ReactNode;
}

/** One choice of a radio group (a plan, a payment channel), drawn as a button. */
export function ChoiceButton({ selected, onSelect, testId, className, children }: ChoiceButtonProps) {
  return (
    <button type="button" role="radio" aria-checked={selected} onClick={onSelect} data-testid={testId} className={className}>
      {children}
    </button>
  );
}
