import { Button, Card, Flex, Form } from 'antd';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';

interface FilterBarProps<Values extends object> {
  /** The filters as the URL holds them: the form starts from them and is refilled when they change. */
  initial: Partial<Values>;
  onSearch: (values: Values) => void;
  onReset: () => void;
  /** Whether any filter is set: Reset is offered only then. */
  filtered: boolean;
  /** The filters' form items. */
  children: ReactNode;
}

/**
 * A list's filters above its table: one inline form with Search and Reset. Keyed by the URL's
 * filters, so Back, Forward and a shared link refill it.
 */
export function FilterBar<Values extends object>({ initial, onSearch, onReset, filtered, children }: FilterBarProps<Values>) {
  const { t } = useI18n();
  return (
    <Card size="small" style={{ marginBottom: 12 }}>
      <Form<Values> key={JSON.stringify(initial)} layout="inline" initialValues={initial} style={{ rowGap: 8 }} onFinish={onSearch}>
        {children}
        <Flex gap={8}>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
          <Button onClick={onReset} disabled={!filtered}>
            {t('common.reset')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
