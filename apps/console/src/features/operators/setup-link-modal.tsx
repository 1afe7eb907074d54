import { Alert, Modal, Typography } from 'antd';
import { useI18n } from '../../shared/i18n/i18n';
import { formatDateTime } from '../../shared/format/date-time';

export interface IssuedLink {
  username: string;
  setupUrl: string;
  expiresAt: string;
}

/** A set-up link, shown once to the owner to copy and hand over. */
export function SetupLinkModal({ link, onClose }: { link: IssuedLink | null; onClose: () => void }) {
  const { t, locale } = useI18n();
  return (
    <Modal
      open={link !== null}
      title={link && t('operators.linkTitle', { username: link.username })}
      onCancel={onClose}
      onOk={onClose}
      okText={t('common.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      {link && (
        <>
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('operators.linkHint', { username: link.username, time: formatDateTime(link.expiresAt, locale) })} />
          <Typography.Paragraph copyable={{ text: link.setupUrl, tooltips: [t('common.copy'), t('common.copied')] }} className="mono" style={{ wordBreak: 'break-all' }} data-testid="setup-url">
            {link.setupUrl}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
