import { contentSlugSchema, dramaDescriptionSchema, dramaTitleSchema, type ConsoleDrama, type ConsoleDramaCreate, type Locale } from '@drama/contracts';
import { Button, Card, Checkbox, Col, Form, Input, Row, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../shared/i18n/i18n';
import { zodRule } from '../../shared/form/zod-rule';
import { categoriesQueryOptions, tagsQueryOptions } from './api';
import { inLocale, LOCALES } from './localized';

export type DramaFormValues = ConsoleDramaCreate;

const LANGUAGE_KEYS = { 'zh-CN': 'lang.zh-CN', 'zh-Hant': 'lang.zh-Hant', 'en-US': 'lang.en-US' } as const;

export function dramaFormValues(drama: ConsoleDrama): DramaFormValues {
  return {
    slug: drama.slug,
    title: drama.title,
    description: drama.description,
    categoryId: drama.category?.id ?? null,
    tagIds: drama.tags.map((tag) => tag.id),
    isCompleted: drama.isCompleted,
  };
}

/** A drama's texts side by side in the three languages, then its slug, category and tags. */
export function DramaForm({
  initial,
  saving,
  onSave,
  submitLabel,
}: {
  initial?: DramaFormValues;
  saving: boolean;
  onSave: (values: DramaFormValues) => void;
  submitLabel: string;
}) {
  const { t, locale } = useI18n();
  const categories = useQuery(categoriesQueryOptions);
  const tags = useQuery(tagsQueryOptions);
  const textRule = (schema: typeof dramaTitleSchema | typeof dramaDescriptionSchema, language: Locale, message: string) =>
    zodRule(schema.shape[language], message);

  return (
    <Form<DramaFormValues>
      layout="vertical"
      initialValues={initial ?? { categoryId: null, tagIds: [], isCompleted: false }}
      onFinish={(values) => onSave({ ...values, slug: values.slug?.trim() || undefined })}
      requiredMark="optional"
    >
      <Card size="small" title={t('drama.texts')} style={{ marginBottom: 12 }}>
        <Row gutter={16}>
          {LOCALES.map((language) => (
            <Col key={language} xs={24} lg={8}>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {t(LANGUAGE_KEYS[language])}
              </Typography.Title>
              <Form.Item
                name={['title', language]}
                label={t('drama.title')}
                rules={[{ required: true, whitespace: true, message: t('form.required') }, textRule(dramaTitleSchema, language, t('drama.titleLength'))]}
              >
                <Input maxLength={120} showCount data-testid={`title-${language}`} />
              </Form.Item>
              <Form.Item
                name={['description', language]}
                label={t('drama.description')}
                rules={[
                  { required: true, whitespace: true, message: t('form.required') },
                  textRule(dramaDescriptionSchema, language, t('drama.descriptionLength')),
                ]}
              >
                <Input.TextArea rows={5} maxLength={2000} showCount data-testid={`description-${language}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Card>
      <Card size="small" title={t('drama.classification')} style={{ marginBottom: 12 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="slug" label={t('drama.slug')} extra={t('drama.slugHint')} rules={[zodRule(contentSlugSchema, t('drama.slugInvalid'))]}>
              <Input className="mono" placeholder="my-drama" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="categoryId" label={t('drama.category')}>
              <Select
                allowClear
                loading={categories.isPending}
                options={categories.data?.items.map((category) => ({ value: category.id, label: inLocale(category.name, locale) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="tagIds" label={t('drama.tags')} rules={[{ type: 'array', max: 10, message: t('drama.tagsMax') }]}>
              <Select
                mode="multiple"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={tags.isPending}
                options={tags.data?.items.map((tag) => ({ value: tag.id, label: inLocale(tag.name, locale) }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="isCompleted" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox>{t('drama.isCompleted')}</Checkbox>
        </Form.Item>
      </Card>
      <Button type="primary" htmlType="submit" loading={saving}>
        {submitLabel}
      </Button>
    </Form>
  );
}
