import { Mail } from 'lucide-react';
import { useTranslation } from '../../i18n/i18n';
import { TextField, type TextFieldProps } from './text-field';

type EmailFieldProps = Omit<TextFieldProps, 'type' | 'label'> & { label?: string };

/** An email input: the right keyboard, no capitals or spell-check, the address book's suggestion. */
export function EmailField(props: EmailFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      type="email"
      label={t('auth.email')}
      icon={Mail}
      placeholder={t('auth.emailPlaceholder')}
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}
