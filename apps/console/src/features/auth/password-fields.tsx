import { operatorPasswordSchema } from '@drama/contracts';
import { Form, Input } from 'antd';
import { zodRule } from '../../shared/form/zod-rule';
import { useI18n } from '../../shared/i18n/i18n';
import type { MessageKey } from '../../shared/i18n/translate';

/** A new password and its repetition, checked by the contracts' rule for operators' passwords. */
export function NewPasswordFields({ name, label, confirmLabel }: { name: string; label: MessageKey; confirmLabel: MessageKey }) {
  const { t } = useI18n();
  return (
    <>
      <Form.Item
        name={name}
        label={t(label)}
        extra={t('form.passwordLength')}
        rules={[{ required: true, message: t('form.required') }, zodRule(operatorPasswordSchema, t('form.passwordLength'))]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name={`${name}Repeat`}
        label={t(confirmLabel)}
        dependencies={[name]}
        rules={[
          { required: true, message: t('form.required') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (!value || value === getFieldValue(name)) return;
              throw new Error(t('form.passwordMismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
