import { Alert, App } from 'antd';
import { useNavigate } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n';
import { useMe } from '../../shared/session/me';
import { AuthFrame } from './auth-frame';
import { TotpSetup } from './totp-setup';

/** Where a session limited to setting up two-factor sign-in lands (the owner requires it). */
export default function TwoFactorPage() {
  const { t } = useI18n();
  const me = useMe();
  const navigate = useNavigate();
  const { message } = App.useApp();
  return (
    <AuthFrame title={t('totp.title')} width={520}>
      {me.totpSetupRequired && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('totp.required')} />}
      <TotpSetup
        onDone={() => {
          void message.success(t('totp.enabled'));
          void navigate('/', { replace: true });
        }}
      />
    </AuthFrame>
  );
}
