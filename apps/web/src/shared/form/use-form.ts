import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/i18n';
import type { AccountField, FieldErrors, FieldMessage, ValidationResult } from './validation';

type Values = { [K in AccountField]?: string | boolean };

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

  return { values, setField, errorOf, handleSubmit, setServerError };
}
