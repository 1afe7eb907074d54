import { auditQuerySchema, type AuditEntry } from '@drama/contracts';
import { DatePicker, Flex, Form, Input, Select, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { formatDateTime, timeZoneName } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import { QueryTable, serverPaging } from '../../shared/list/query-table';
import { FilterBar } from '../../shared/list/filter-bar';
import { useUrlFilters } from '../../shared/list/use-url-filters';
import { PageHeader } from '../../shared/ui/page-header';
import { RoleTag } from '../../shared/ui/role-tag';
import { operatorsQueryOptions } from '../operators';
import { auditActionLabel, auditActionOptions, matchesAuditAction } from './action-label';
import { auditQueryOptions } from './api';
import { AuditDiffTable } from './audit-diff-table';

interface FilterForm {
  operatorId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  period?: [Dayjs | null, Dayjs | null] | null;
}

const VIA_COLORS = { session: 'default', token: 'purple', bootstrap: 'orange', schedule: 'cyan' } as const;

export default function AuditPage() {
  const { t, locale } = useI18n();
  const { filters, setFilters, resetFilters, filtered } = useUrlFilters(auditQuerySchema);
  const entries = useQuery(auditQueryOptions(filters));
  const operators = useQuery(operatorsQueryOptions);

  const columns: TableColumnsType<AuditEntry> = [
    { title: t('audit.time'), dataIndex: 'createdAt', width: 180, render: (at: string) => formatDateTime(at, locale, true) },
    {
      title: t('audit.operator'),
      dataIndex: 'username',
      width: 200,
      render: (username: string, entry) => (
        <Flex gap={6} align="center">
          <Typography.Text>{username}</Typography.Text>
          <RoleTag role={entry.role} />
        </Flex>
      ),
    },
    // A click on an action or a target shows that one's history.
    {
      title: t('audit.action'),
      dataIndex: 'action',
      render: (action: string) => (
        <Tooltip title={<span className="mono">{action}</span>}>
          <Typography.Link onClick={() => setFilters({ action })}>
            {auditActionLabel(t, action)}
          </Typography.Link>
        </Tooltip>
      ),
    },
    {
      title: t('audit.target'),
      key: 'target',
      render: (_: unknown, entry) => (
        <Typography.Link
          className="mono"
          onClick={() => setFilters({ targetType: entry.targetType, targetId: entry.targetId ?? undefined })}
        >
          {entry.targetType}
          {entry.targetId !== null && ` #${entry.targetId}`}
        </Typography.Link>
      ),
    },
    { title: t('audit.via'), dataIndex: 'via', width: 120, render: (via: AuditEntry['via']) => <Tag color={VIA_COLORS[via]}>{t(`audit.via.${via}`)}</Tag> },
    { title: t('audit.ip'), dataIndex: 'ip', width: 140, render: (ip: string | null) => <span className="mono">{ip ?? '—'}</span> },
  ];

  const initial: FilterForm = {
    operatorId: filters.operatorId,
    action: filters.action,
    targetType: filters.targetType,
    targetId: filters.targetId,
    period: filters.from || filters.to ? [filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null] : null,
  };

  return (
    <>
      <PageHeader title={t('audit.title')} />
      <FilterBar<FilterForm>
        initial={initial}
        filtered={filtered}
        onReset={resetFilters}
        onSearch={(values) =>
          setFilters({
            operatorId: values.operatorId,
            action: values.action || undefined,
            targetType: values.targetType?.trim() || undefined,
            targetId: values.targetId?.trim() || undefined,
            from: values.period?.[0]?.startOf('day').format() ?? undefined,
            to: values.period?.[1]?.endOf('day').format() ?? undefined,
          })
        }
      >
        <Form.Item name="operatorId" label={t('audit.operator')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 160 }}
            loading={operators.isPending}
            options={operators.data?.items.map((operator) => ({ value: operator.id, label: operator.username }))}
          />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Select
            allowClear
            className="audit-action-filter"
            showSearch={{ filterOption: matchesAuditAction }}
            style={{ width: 200 }}
            popupMatchSelectWidth={false}
            options={auditActionOptions(t)}
          />
        </Form.Item>
        <Form.Item name="targetType" label={t('audit.targetType')}>
          <Input allowClear style={{ width: 120 }} placeholder="drama" />
        </Form.Item>
        <Form.Item name="targetId" label={t('audit.targetId')}>
          <Input allowClear style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="period" label={t('audit.period')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 250 }} />
        </Form.Item>
      </FilterBar>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('audit.timeZone', { zone: timeZoneName() })}
      </Typography.Paragraph>
      <QueryTable<AuditEntry>
        rowKey="id"
        query={entries}
        items={entries.data?.items}
        filtered={filtered}
        columns={columns}
        paging={serverPaging(entries.data, filters, (page, limit) => setFilters({ page, limit }))}
        expandable={{ expandedRowRender: (entry) => <AuditDiffTable before={entry.before} after={entry.after} /> }}
      />
    </>
  );
}
