import { Eye, EyeOff, LockKeyhole } from 'lucide-react';
import { forwardRef, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { TextField, type TextFieldProps } from './text-field';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'> & {
  autoComplete: 'current-password' | 'new-password';
};

/** A password input with a show/hide toggle; never autocapitalised or spell-checked. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      ref={ref}
      icon={LockKeyhole}
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="grid size-11 shrink-0 place-items-center rounded-full text-fg-subtle transition-colors active:bg-surface-3"
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={visible}
          aria-controls={props.id}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
        </button>
      }
    />
  );
});
