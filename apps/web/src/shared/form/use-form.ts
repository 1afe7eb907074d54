import { useCallback, useRef, useState, type FormEvent } from 'react';
import { isApiError, type ApiErrorCode } from '../api/api-client';
import { errorMessage, formErrorMessage } from '../i18n/error-message';
import { useTranslation, type TFunction, type TranslationKey } from '../i18n/i18n';
import type { AccountField, FieldErrors, FieldMessage, ValidationResult } from './validation';

type Values = { [K in AccountField]?: string | boolean };

/** What a text field needs from its form: its name, value, how to change it and its error. */
export interface FieldBinding {
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
}

/** Server refusals that are about one field, by code: `{ USERNAME_TAKEN: 'username' }`. */
export type FieldRefusals<F extends AccountField> = Readonly<Partial<Record<ApiErrorCode, F>>>;

/** The field a server refusal is about, or null when it is about the whole form. */
export function refusedField<F extends AccountField>(error: unknown, refusals: FieldRefusals<F>): F | null {
  return isApiError(error) ? (refusals[error.code] ?? null) : null;
}

/** What the whole form says about a failure, or null when there is none or it is said on a field. */
export function formFailure<F extends AccountField>(
  t: TFunction,
  error: unknown,
  refusals: FieldRefusals<F>,
  fallback: TranslationKey,
): string | null {
  if (!error || refusedField(error, refusals) !== null) return null;
  return formErrorMessage(t, error, fallback);
}

/**
 * The state of one account form: values, field errors from the shared schemas (shown after
 * the first submit, then live as the user corrects them) and field errors the server sent
 * (USERNAME_TAKEN on the username), which clear as soon as that field changes.
 */
export function useForm<V extends Values, T>(
  initial: V,
  validate: (values: V) => ValidationResult<Extract<keyof V, AccountField>, T>,
) {
  type F = Extract<keyof V, AccountField>;
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<F, string>>>({});
  // The form element, learnt from its submit event, to focus the field an error is about.
  const formRef = useRef<HTMLFormElement | null>(null);

  const clientErrors: FieldErrors<F> = attempted ? validate(values).errors : {};

  const setField = useCallback(<K extends F>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  const translate = (message: FieldMessage | undefined) =>
    message ? (t(message.key, message.values ?? {}) as string) : undefined;

  const errorOf = (field: F): string | undefined => serverErrors[field] ?? translate(clientErrors[field]);

  const focusField = (field: F) => {
    formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  };

  /** Validates on submit: the parsed data when every field passes, else null with the first bad field focused. */
  const handleSubmit = (event: FormEvent): T | null => {
    event.preventDefault();
    if (event.currentTarget instanceof HTMLFormElement) formRef.current = event.currentTarget;
    setAttempted(true);
    const result = validate(values);
    if (result.ok) return result.data;
    const first = (Object.keys(values) as F[]).find((field) => result.errors[field]);
    if (first) focusField(first);
    return null;
  };

  /** Puts a server's refusal (already translated) on the field it concerns. */
  const setServerError = (field: F, message: string) => {
    setServerErrors((current) => ({ ...current, [field]: message }));
    focusField(field);
  };

  /** Puts a server's refusal on the field it is about; false when it is about the whole form. */
  const showRefusal = (error: unknown, refusals: FieldRefusals<F>): boolean => {
    const field = refusedField(error, refusals);
    if (field === null) return false;
    setServerError(field, errorMessage(t, error));
    return true;
  };

  /** Binds a text input to one field: spread it on a TextField, PasswordField or CodeField. */
  const field = (name: Extract<{ [P in F]: V[P] extends string ? P : never }[F], F>): FieldBinding => ({
    name,
    value: values[name] as string,
    onValueChange: (value) => setField(name, value as V[typeof name]),
    error: errorOf(name),
  });

  return { values, setField, errorOf, handleSubmit, setServerError, showRefusal, field };
}
