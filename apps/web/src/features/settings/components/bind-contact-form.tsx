import { emailSchema, phoneSchema, type CodeChannel } from '@drama/contracts';
import { Mail, Smartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useNavigate } from 'react-router';
import { useMe } from '../../../shared/account/get-me';
import { maskEmail, maskPhone } from '../../../shared/account/mask';
import { useCodeSender } from '../../../shared/account/use-code-sender';
import { isApiError } from '../../../shared/api/api-client';
import { useForm } from '../../../shared/form/use-form';
import { errorMessage, formErrorMessage } from '../../../shared/i18n/error-message';
import { CodeField } from '../../../shared/ui/form/code-field';
import { FormAlert } from '../../../shared/ui/form/form-alert';
import { SubmitButton } from '../../../shared/ui/form/submit-button';
import { TextField } from '../../../shared/ui/form/text-field';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useBindEmail, useBindPhone } from '../api/bind-contact';
import { validateBindEmail, validateBindPhone } from '../forms';

interface BindValues {
  phone: string;
  email: string;
  code: string;
}

const INITIAL: BindValues = { phone: '', email: '', code: '' };

function normalisedTarget(channel: CodeChannel, raw: string): string | null {
  const parsed =
    channel === 'phone' ? phoneSchema.safeParse(raw.replace(/[\s-]/g, '')) : emailSchema.safeParse(raw.trim());
  return parsed.success ? parsed.data : null;
}

/** Link a phone or an email: the destination, a code sent to it, then bind. */
export function BindContactForm({ channel }: { channel: CodeChannel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const bindPhone = useBindPhone();
  const bindEmail = useBindEmail();
  const bind = channel === 'phone' ? bindPhone : bindEmail;
  const field = channel === 'phone' ? 'phone' : 'email';
  const form = useForm<BindValues, unknown>(INITIAL, (values) =>
    channel === 'phone' ? validateBindPhone(values) : validateBindEmail(values),
  );
  const rawTarget = form.values[field];
  const target = normalisedTarget(channel, rawTarget);
  const sender = useCodeSender('bind', channel, target);
  const [failure, setFailure] = useState<string | null>(null);

  const current = channel === 'phone' ? me.data?.phone : me.data?.email;
  const currentShown = current ? (channel === 'phone' ? maskPhone(current) : maskEmail(current)) : null;
  const takenCode = channel === 'phone' ? 'PHONE_TAKEN' : 'EMAIL_TAKEN';

  const sendCode = () => {
    setFailure(null);
    if (!target) {
      const empty = rawTarget.trim() === '';
      form.setServerError(
        field,
        t(
          channel === 'phone'
            ? empty
              ? 'validation.phoneRequired'
              : 'validation.phoneInvalid'
            : empty
              ? 'validation.emailRequired'
              : 'validation.emailInvalid',
        ),
      );
      return;
    }
    sender.send(target, {
      onSuccess: () =>
        toast.success(t('auth.codeSent', { target: channel === 'phone' ? maskPhone(target) : maskEmail(target) })),
      onError: (error) => {
        if (isApiError(error) && error.code === takenCode) {
          form.setServerError(field, errorMessage(t, error));
          return;
        }
        setFailure(formErrorMessage(t, error, 'auth.sendFailed'));
      },
    });
  };

  const onSubmit = (event: FormEvent) => {
    const data = form.handleSubmit(event);
    if (!data || !target || bind.isPending) return;
    const code = form.values.code;
    setFailure(null);
    const onError = (error: unknown) => {
      if (isApiError(error) && (error.code === 'CODE_INVALID' || error.code === 'CODE_EXPIRED')) {
        form.setServerError('code', errorMessage(t, error));
        return;
      }
      if (isApiError(error) && error.code === takenCode) {
        form.setServerError(field, errorMessage(t, error));
        return;
      }
      setFailure(formErrorMessage(t, error, 'settings.linkFailed'));
    };
    const onSuccess = () => {
      toast.success(t(channel === 'phone' ? 'settings.phoneLinked' : 'settings.emailLinked'));
      void navigate('/settings', { replace: true });
    };
    if (channel === 'phone') bindPhone.mutate({ phone: target, code }, { onSuccess, onError });
    else bindEmail.mutate({ email: target, code }, { onSuccess, onError });
  };

  return (
    <div className="px-4 pt-5 pb-10">
      <div className="flex items-start gap-3 rounded-2xl bg-surface-2 px-3.5 py-3">
        <div className="grid size-9 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
          {channel === 'phone' ? <Smartphone aria-hidden className="size-[18px]" /> : <Mail aria-hidden className="size-[18px]" />}
        </div>
        <div className="min-w-0 text-[13px] leading-relaxed">
          <p className="text-fg-muted">{t(channel === 'phone' ? 'settings.phoneIntro' : 'settings.emailIntro')}</p>
          {currentShown && (
            <p className="mt-1 font-medium text-fg" data-testid="current-contact">
              {t('settings.currentlyLinked', { value: currentShown })}
            </p>
          )}
        </div>
      </div>

      <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4" data-testid="bind-form">
        {channel === 'phone' ? (
          <TextField
            name="phone"
            type="tel"
            label={t('settings.phone')}
            icon={Smartphone}
            placeholder={t('settings.phonePlaceholder')}
            autoComplete="tel-national"
            inputMode="tel"
            maxLength={16}
            value={rawTarget}
            onValueChange={(value) => form.setField('phone', value)}
            error={form.errorOf('phone')}
          />
        ) : (
          <TextField
            name="email"
            type="email"
            label={t('auth.email')}
            icon={Mail}
            placeholder={t('auth.emailPlaceholder')}
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            value={rawTarget}
            onValueChange={(value) => form.setField('email', value)}
            error={form.errorOf('email')}
          />
        )}
        <CodeField
          name="code"
          value={form.values.code}
          onValueChange={(value) => form.setField('code', value)}
          error={form.errorOf('code')}
          onSend={sendCode}
          sending={sender.sending}
          secondsLeft={sender.secondsLeft}
          remainingToday={sender.remainingToday}
          sentBefore={sender.sentBefore}
        />
        <FormAlert message={failure} />
        <SubmitButton pending={bind.isPending} className="mt-2">
          {current ? t('settings.replaceSubmit') : t('settings.linkSubmit')}
        </SubmitButton>
      </form>
    </div>
  );
}
