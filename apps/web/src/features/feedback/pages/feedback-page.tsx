import { FEEDBACK_LIMITS, createFeedbackBodySchema, type FeedbackType } from '@drama/contracts';
import { History, MessageSquareText } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/i18n/error-message';
import { FormAlert } from '../../../shared/ui/form/form-alert';
import { SubmitButton } from '../../../shared/ui/form/submit-button';
import { TextField } from '../../../shared/ui/form/text-field';
import { NavCard } from '../../../shared/ui/nav-card';
import { HeaderLink, PageHeader } from '../../../shared/ui/page-header';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useCreateFeedback } from '../api/create-feedback';
import { ScreenshotPicker } from '../components/screenshot-picker';
import { TypeChips } from '../components/type-chips';
import { useScreenshots } from '../hooks/use-screenshots';

/** Write to the team: a type, what happened, an optional contact and up to three screenshots. */
export function FeedbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const contentId = useId();
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const create = useCreateFeedback();
  const screenshots = useScreenshots();
  const [type, setType] = useState<FeedbackType>('general');
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [contentError, setContentError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const length = content.trim().length;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || screenshots.uploading) return;
    setFormError(null);
    if (length < FEEDBACK_LIMITS.contentMin || length > FEEDBACK_LIMITS.contentMax) {
      setContentError(
        length < FEEDBACK_LIMITS.contentMin
          ? t('feedback.contentTooShort', { min: FEEDBACK_LIMITS.contentMin })
          : t('feedback.contentTooLong', { max: FEEDBACK_LIMITS.contentMax }),
      );
      contentRef.current?.focus();
      return;
    }
    if (screenshots.failed) {
      setFormError(t('feedback.removeFailed'));
      return;
    }
    const parsed = createFeedbackBodySchema.safeParse({
      type,
      content,
      contact: contact.trim() || undefined,
      screenshotIds: screenshots.uploadIds,
    });
    if (!parsed.success) {
      setFormError(t('feedback.contactTooLong', { max: FEEDBACK_LIMITS.contactMax }));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('feedback.sent'));
        navigate('/feedback/history', { replace: true });
      },
      onError: (error) => setFormError(errorMessage(t, error)),
    });
  };

  return (
    <div className="flex flex-1 flex-col pb-10" data-testid="feedback-page">
      <PageHeader
        title={t('routes.feedback')}
        fallback="/profile"
        trailing={<HeaderLink to="/feedback/history" label={t('routes.feedbackHistory')} icon={History} />}
      />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5 px-4 pt-5" data-testid="feedback-form">
        <TypeChips value={type} onChange={setType} />

        <div>
          <label htmlFor={contentId} className="mb-1.5 block px-1 text-[13px] font-medium text-fg-muted">
            {t('feedback.contentLabel')}
          </label>
          <div
            className={`rounded-2xl border px-3.5 pt-3 pb-2 transition-[border-color,box-shadow] duration-150 focus-within:shadow-[0_0_0_3px_var(--accent-soft)] ${
              contentError
                ? 'border-danger bg-danger/[0.06]'
                : 'border-line-strong bg-surface focus-within:border-accent dark:border-line dark:bg-surface-2'
            }`}
          >
            <textarea
              ref={contentRef}
              id={contentId}
              value={content}
              rows={6}
              maxLength={FEEDBACK_LIMITS.contentMax}
              placeholder={t('feedback.contentPlaceholder')}
              aria-invalid={contentError ? true : undefined}
              aria-describedby={`${contentId}-count`}
              data-testid="feedback-content"
              onChange={(event) => {
                setContent(event.target.value);
                setContentError(null);
              }}
              className="block w-full resize-none bg-transparent text-base leading-relaxed text-fg outline-none placeholder:text-fg-subtle focus-visible:outline-none"
            />
            <p
              id={`${contentId}-count`}
              className={`text-right text-xs tabular-nums ${length > 0 && length < FEEDBACK_LIMITS.contentMin ? 'text-warning' : 'text-fg-subtle'}`}
            >
              {t('feedback.counter', { count: content.length, max: FEEDBACK_LIMITS.contentMax })}
            </p>
          </div>
          {contentError && (
            <p role="alert" className="mt-1.5 px-1 text-[13px] text-danger">
              {contentError}
            </p>
          )}
        </div>

        <ScreenshotPicker items={screenshots.items} onAdd={screenshots.add} onRemove={screenshots.remove} />

        <TextField
          label={t('feedback.contactLabel')}
          labelNote={t('feedback.optional')}
          value={contact}
          onValueChange={setContact}
          maxLength={FEEDBACK_LIMITS.contactMax}
          placeholder={t('feedback.contactPlaceholder')}
          autoComplete="email"
          data-testid="feedback-contact"
        />

        {formError && <FormAlert message={formError} />}

        <SubmitButton pending={create.isPending} disabled={screenshots.uploading}>
          {screenshots.uploading ? t('feedback.waitingUploads') : t('feedback.submit')}
        </SubmitButton>
      </form>

      <NavCard
        to="/feedback/history"
        icon={MessageSquareText}
        tone="bg-info/12 text-info"
        label={t('routes.feedbackHistory')}
        className="mx-4 mt-5"
      />
    </div>
  );
}
