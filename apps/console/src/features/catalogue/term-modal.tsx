import { contentSlugSchema, termNameSchema, type ConsoleTermCreate } from '@drama/contracts';
import { Form, Input, Modal } from 'antd';
import { useI18n } from '../../shared/i18n/i18n';
import { zodRule } from '../../shared/form/zod-rule';
import { LOCALES } from './localized';

const LANGUAGE_KEYS = { 'zh-CN': 'lang.zh-CN', 'zh-Hant': 'lang.zh-Hant', 'en-US': 'lang.en-US' } as const;

/** Making or renaming a category or tag: its name in the three languages and its address name. */
export function TermModal({
  title,
  initial,
  saving,
  onSave,
  onClose,
}: {
  title: string;
  initial?: ConsoleTermCreate;
  saving: boolean;
  onSave: (values: ConsoleTermCreate) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const [form] = Form.useForm<ConsoleTermCreate>();
  return (
    <Modal open title={title} onCancel={onClose} onOk={() => form.submit()} okText={t('common.save')} cancelText={t('common.cancel')} confirmLoading={saving} destroyOnHidden>
      <Form<ConsoleTermCreate> form={form} layout="vertical" initialValues={initial} onFinish={onSave} preserve={false}>
        {LOCALES.map((language) => (
          <Form.Item
            key={language}
            name={['name', language]}
            label={t('term.nameIn', { language: t(LANGUAGE_KEYS[language]) })}
            rules={[{ required: true, whitespace: true, message: t('form.required') }, zodRule(termNameSchema.shape[language], t('term.nameLength'))]}
          >
            <Input maxLength={40} data-testid={`term-name-${language}`} />
          </Form.Item>
        ))}
        <Form.Item
          name="slug"
          label={t('drama.slug')}
          extra={t('term.slugHint')}
          rules={[{ required: true, whitespace: true, message: t('form.required') }, zodRule(contentSlugSchema, t('drama.slugInvalid'))]}
        >
          <Input className="mono" data-testid="term-slug" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
