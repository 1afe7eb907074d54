import {
  type AdminSystemSettings,
  type ConsoleSettingsPatch,
  LEGAL_PREVIEW_PATH,
  LEGAL_PREVIEW_READY,
  type LegalPreviewMessage,
  type Locale,
} from '@drama/contracts';
import { App as AntApp, Button, Card, Col, Descriptions, Flex, Form, Input, Row, Segmented, Skeleton, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n';
import { useTheme } from '../../shared/preferences/theme';
import { PageHeader } from '../../shared/ui/page-header';
import { channelsQueryOptions, settingsKeys, settingsQueryOptions, updateSettings } from './api';

type LegalField = LegalPreviewMessage['field'];
const LEGAL_LOCALES: readonly Locale[] = ['zh-CN', 'zh-Hant', 'en-US'];

interface SettingsForm {
  siteName: string;
  contact: string;
  copyright: string;
  icp: string;
  legal: Record<Locale, Record<LegalField, string>>;
}

function toForm(settings: AdminSystemSettings): SettingsForm {
  return {
    siteName: settings.siteName,
    contact: settings.contact,
    copyright: settings.copyright,
    icp: settings.icp,
    legal: {
      'zh-CN': { userAgreement: settings.userAgreement, privacyPolicy: settings.privacyPolicy },
      'zh-Hant': { userAgreement: settings.translations['zh-Hant'].userAgreement, privacyPolicy: settings.translations['zh-Hant'].privacyPolicy },
      'en-US': { userAgreement: settings.translations['en-US'].userAgreement, privacyPolicy: settings.translations['en-US'].privacyPolicy },
    },
  };
}

function toPatch(form: SettingsForm): ConsoleSettingsPatch {
  return {
    siteName: form.siteName,
    contact: form.contact,
    copyright: form.copyright,
    icp: form.icp,
    userAgreement: form.legal['zh-CN'].userAgreement,
    privacyPolicy: form.legal['zh-CN'].privacyPolicy,
    translations: { 'zh-Hant': form.legal['zh-Hant'], 'en-US': form.legal['en-US'] },
  };
}

/**
 * The legal text's preview is a frame of the viewers' app's own page (`/legal/preview`), handed
 * the text being edited by postMessage: the viewers' legal page, dictionary and theme render it,
 * so the preview cannot drift from what members see, and the console imports no viewer code.
 * (The other way, moving the renderer into a shared package, would still leave the page's
 * header, spacing and theme to be copied.)
 */
function LegalPreview({ message }: { message: LegalPreviewMessage }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const send = useCallback(() => frame.current?.contentWindow?.postMessage(message, window.location.origin), [message]);
  useEffect(() => {
    send();
  }, [send]);
  useEffect(() => {
    function ready(event: MessageEvent) {
      const data: unknown = event.data;
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (typeof data === 'object' && data !== null && 'type' in data && data.type === LEGAL_PREVIEW_READY) send();
    }
    window.addEventListener('message', ready);
    return () => window.removeEventListener('message', ready);
  }, [send]);
  return (
    <iframe
      ref={frame}
      title="legal-preview"
      data-testid="legal-preview"
      src={LEGAL_PREVIEW_PATH}
      style={{ width: 390, height: 640, border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 8 }}
    />
  );
}

function PaymentChannelsCard() {
  const { t } = useI18n();
  const channels = useQuery(channelsQueryOptions());
  return (
    <Card title={t('settings.channels')} data-testid="payment-channels" size="small">
      {channels.isPending ? (
        <Skeleton active />
      ) : channels.error ? (
        <Typography.Text type="danger">{t('settings.channelsError')}</Typography.Text>
      ) : (
        <Descriptions column={1} size="small" bordered>
          {channels.data.items.map((channel) => (
            <Descriptions.Item key={channel.id} label={t(`settings.channel.${channel.id}`)}>
              <Flex gap={8} wrap align="center">
                {channel.mode === null ? (
                  <Tag>{t('settings.channelOff')}</Tag>
                ) : (
                  <Tag color={channel.mode === 'live' ? 'green' : 'orange'}>{t(`settings.mode.${channel.mode}`)}</Tag>
                )}
                {channel.isDefault && <Tag color="blue">{t('settings.channelDefault')}</Tag>}
                {channel.identifiers.map((item) => (
                  <Typography.Text key={item.name} code>
                    {item.name}: {item.value}
                  </Typography.Text>
                ))}
                <Typography.Text type="secondary" copyable>
                  {channel.notifyUrl}
                </Typography.Text>
              </Flex>
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Card>
  );
}

export default function SettingsPage() {
  const { t, locale: consoleLocale } = useI18n();
  const { resolved } = useTheme();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const settings = useQuery(settingsQueryOptions());
  const [form] = Form.useForm<SettingsForm>();
  const [locale, setLocale] = useState<Locale>(consoleLocale);
  const [field, setField] = useState<LegalField>('userAgreement');
  const values = Form.useWatch([], form) as SettingsForm | undefined;
  const save = useMutation({
    mutationFn: (form: SettingsForm) => updateSettings(toPatch(form)),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.settings, saved);
      void message.success(t('settings.saved'));
    },
  });

  if (settings.isPending) return <Skeleton active />;
  if (settings.error) return <Typography.Text type="danger">{t('settings.loadError')}</Typography.Text>;

  const preview: LegalPreviewMessage = {
    type: 'legal-preview',
    field,
    locale,
    theme: resolved,
    text: values?.legal?.[locale]?.[field] ?? '',
    siteName: values?.siteName ?? '',
    contact: values?.contact ?? '',
  };

  return (
    <>
      <PageHeader
        title={t('settings.title')}
        extra={
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="settings-save">
            {t('settings.save')}
          </Button>
        }
      />
      {/* The preview stays beside the form, as wide as a phone, so an edit and its look are seen together. */}
      <Row gutter={16} wrap={false}>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Form<SettingsForm> form={form} layout="vertical" initialValues={toForm(settings.data)} onFinish={(next) => save.mutate(next)}>
            <Card title={t('settings.site')} size="small" style={{ marginBottom: 16 }}>
              <Row gutter={12}>
                <Col span={12}>
                  <Form.Item name="siteName" label={t('settings.siteName')} rules={[{ max: 100 }]}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="contact" label={t('settings.contact')}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="copyright" label={t('settings.copyright')}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="icp" label={t('settings.icp')}>
                    <Input />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
            <Card
              title={t('settings.legal')}
              size="small"
              style={{ marginBottom: 16 }}
              extra={
                <Flex gap={8}>
                  <Segmented<Locale> value={locale} onChange={setLocale} options={LEGAL_LOCALES.map((value) => ({ value, label: t(`settings.locale.${value}`) }))} />
                  <Segmented<LegalField>
                    value={field}
                    onChange={setField}
                    options={(['userAgreement', 'privacyPolicy'] as const).map((value) => ({ value, label: t(`settings.${value}`) }))}
                  />
                </Flex>
              }
            >
              {LEGAL_LOCALES.map((each) =>
                (['userAgreement', 'privacyPolicy'] as const).map((kind) => (
                  <Form.Item key={`${each}-${kind}`} name={['legal', each, kind]} hidden={each !== locale || kind !== field} label={t(`settings.${kind}`)}>
                    <Input.TextArea rows={18} data-testid={`legal-${each}-${kind}`} />
                  </Form.Item>
                )),
              )}
              <Typography.Text type="secondary">{t('settings.legalHint')}</Typography.Text>
            </Card>
          </Form>
          <PaymentChannelsCard />
        </Col>
        <Col flex="none">
          <Typography.Title level={5}>{t('settings.preview')}</Typography.Title>
          <LegalPreview message={preview} />
        </Col>
      </Row>
    </>
  );
}
