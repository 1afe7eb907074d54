import { Table, Typography } from 'antd';
import { useI18n } from '../../shared/i18n/i18n';
import { auditDiff, type DiffRow } from './diff';

/** An entry's recorded values, before beside after, changed fields highlighted. */
export function AuditDiffTable({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useI18n();
  const rows = auditDiff(before, after);
  if (rows.length === 0) return <Typography.Text type="secondary">{t('audit.noChange')}</Typography.Text>;
  const cell = (value: string | undefined, row: DiffRow, side: 'before' | 'after') => (
    <span className={row.changed && value !== undefined ? `mono diff-${side}` : 'mono'} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {value ?? '—'}
    </span>
  );
  return (
    <Table<DiffRow>
      size="small"
      bordered
      pagination={false}
      rowKey="field"
      dataSource={rows}
      style={{ maxWidth: 960 }}
      columns={[
        { title: t('audit.field'), dataIndex: 'field', width: 200, render: (field: string) => <span className="mono">{field || '—'}</span> },
        { title: t('audit.before'), dataIndex: 'before', render: (value: string | undefined, row) => cell(value, row, 'before') },
        { title: t('audit.after'), dataIndex: 'after', render: (value: string | undefined, row) => cell(value, row, 'after') },
      ]}
    />
  );
}
