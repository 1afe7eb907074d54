import type { CodeChannel } from '@drama/contracts';
import { Mail, Smartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useNavigate } from 'react-router';
import { useMe } from '../../../shared/account/get-me';
import { CODE_REFUSALS, maskDestination, normaliseDestination } from '../../../shared/form/code-destination';
import { useForm } from '../../../shared/form/use-form';
import { formErrorMessage } from '../../../shared/i18n/error-message';
import { CodeWithResend } from '../../../shared/ui/form/code-with-resend';
import { EmailField } from '../../../shared/ui/form/email-field';
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
  const target = normaliseDestination(channel, rawTarget);
  const [failure, setFailure] = useState<string | null>(null);

  const current = channel === 'phone' ? me.data?.phone : me.data?.email;

  // "Linked to another account" is said on the phone or email field.
  const takenRefusal = { [channel === 'phone' ? 'PHONE_TAKEN' : 'EMAIL_TAKEN']: field };

  const onSubmit = (event: FormEvent) => {
    const data = form.handleSubmit(event);
    if (!data || !target || bind.isPending) return;
    const code = form.values.code;
    setFailure(null);
    const onError = (error: unknown) => {
      if (!form.showRefusal(error, { ...CODE_REFUSALS, ...takenRefusal })) {
        setFailure(formErrorMessage(t, error, 'settings.linkFailed'));
      }
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
          {current && (
            <p className="mt-1 font-medium text-fg" data-testid="current-contact">
              {t('settings.currentlyLinked', { value: maskDestination(channel, current) })}
            </p>
          )}
        </div>
      </div>

      <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4" data-testid="bind-form">
        {channel === 'phone' ? (
          <TextField
            {...form.field('phone')}
            type="tel"
            label={t('settings.phone')}
            icon={Smartphone}
            placeholder={t('settings.phonePlaceholder')}
            autoComplete="tel-national"
            inputMode="tel"
            maxLength={16}
          />
        ) : (
          <EmailField {...form.field('email')} />
        )}
        <CodeWithResend
          {...form.field('code')}
          purpose="bind"
          channel={channel}
          destination={rawTarget}
          onBadDestination={(message) => form.setServerError(field, message)}
          sentKey="auth.codeSent"
          onAttempt={() => setFailure(null)}
          onSendError={(error) => {
            if (!form.showRefusal(error, takenRefusal)) setFailure(formErrorMessage(t, error, 'auth.sendFailed'));
          }}
        />
        <FormAlert message={failure} />
        <SubmitButton pending={bind.isPending} className="mt-2">
          {current ? t('settings.replaceSubmit') : t('settings.linkSubmit')}
        </SubmitButton>
      </form>
    </div>
  );
}
