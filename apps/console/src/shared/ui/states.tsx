import { Button, Flex, Result, Spin } from 'antd';
import { useI18n } from '../i18n/i18n';

/** A failed load: what went wrong, by its code, and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t, errorText } = useI18n();
  return (
    <Result
      status="warning"
      title={t('state.errorTitle')}
      subTitle={errorText(error)}
      extra={
        onRetry && (
          <Button type="primary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )
      }
    />
  );
}

export function FullPageSpin() {
  const { t } = useI18n();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" description={t('state.loading')} />
    </Flex>
  );
}
