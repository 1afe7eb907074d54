import { PASSWORD_STRENGTHS, passwordStrength, type PasswordStrength } from '@drama/contracts';
import type { TranslationKey } from '../i18n/i18n';

export interface StrengthModel {
  level: PasswordStrength;
  /** 1-4: how many of the meter's four bars light up. */
  score: number;
  label: TranslationKey;
}

const LABELS: Record<PasswordStrength, TranslationKey> = {
  weak: 'password.weak',
  medium: 'password.medium',
  strong: 'password.strong',
  veryStrong: 'password.veryStrong',
};

/** What the strength meter shows, from the same rule the server's contracts define. Empty: nothing. */
export function strengthModel(password: string): StrengthModel | null {
  if (password === '') return null;
  const level = passwordStrength(password);
  return { level, score: PASSWORD_STRENGTHS.indexOf(level) + 1, label: LABELS[level] };
}
