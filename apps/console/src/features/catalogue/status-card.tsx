import { useState } from 'react';
import { DRAMA_STATUSES, type ConsoleDrama, type DramaStatus } from '@drama/contracts';
import { App, Button, Card, DatePicker, Flex, Radio, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { formatDateTime, timeZoneName } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import { catalogueKeys, changeDramaStatus } from './api';
import { DramaStatusTag } from './status-tag';
import { changesWhatViewersSee, statusProblem, statusRequest } from './status-rules';

/** Where the drama stands for viewers and the way to change it, confirmed when viewers would notice. */
export function StatusCard({ drama }: { drama: ConsoleDrama }) {
  const { t, locale, errorText } = useI18n();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<DramaStatus>(drama.status);
  const [publishAt, setPublishAt] = useState<Dayjs | null>(drama.status === 'scheduled' && drama.publishedAt ? dayjs(drama.publishedAt) : null);

  const change = useMutation({
    mutationFn: () => changeDramaStatus(drama.id, statusRequest(target, publishAt?.toDate() ?? null)),
    onSuccess: (saved) => {
      queryClient.setQueryData(catalogueKeys.drama(drama.id), saved);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.dramas });
      void message.success(t('drama.statusSaved'));
    },
    onError: (error) => void message.error(errorText(error)),
  });

  const problem = statusProblem(target, drama.coverUrl !== null, publishAt?.toDate() ?? null, new Date());
  const unchanged = target === drama.status && (target !== 'scheduled' || publishAt?.toISOString() === drama.publishedAt);

  const apply = () => {
    if (!changesWhatViewersSee(drama.status, target)) {
      change.mutate();
      return;
    }
    modal.confirm({
      title: t(`drama.confirm.${target}`),
      content: t('drama.confirmViewers'),
      okText: t(`drama.action.${target}`),
      cancelText: t('common.cancel'),
      // A refusal is shown by the mutation's message; the dialog closes either way.
      onOk: () => change.mutateAsync().catch(() => undefined),
    });
  };

  return (
    <Card size="small" title={t('drama.statusLabel')}>
      <Flex vertical gap={12}>
        <Flex gap={8} align="center" wrap>
          <DramaStatusTag status={drama.status} />
          {drama.publishedAt && (
            <Typography.Text type="secondary">
              {t(drama.status === 'scheduled' ? 'drama.goesOutAt' : 'drama.publishedAtValue', { at: formatDateTime(drama.publishedAt, locale) })}
            </Typography.Text>
          )}
        </Flex>
        <Radio.Group
          optionType="button"
          value={target}
          onChange={(event) => setTarget(event.target.value as DramaStatus)}
          options={DRAMA_STATUSES.map((status) => ({ value: status, label: t(`drama.status.${status}`) }))}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(`drama.statusHelp.${target}`)}
        </Typography.Text>
        {target === 'scheduled' && (
          <Flex vertical gap={4}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              value={publishAt}
              onChange={setPublishAt}
              disabledDate={(day) => day.isBefore(dayjs(), 'day')}
              placeholder={t('drama.publishAt')}
              aria-label={t('drama.publishAt')}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('drama.timeZone', { zone: timeZoneName() })}
            </Typography.Text>
          </Flex>
        )}
        {problem && !unchanged && <Typography.Text type="warning">{t(`drama.problem.${problem}`)}</Typography.Text>}
        <Button type="primary" disabled={unchanged || problem !== null} loading={change.isPending} onClick={apply}>
          {t('drama.applyStatus')}
        </Button>
      </Flex>
    </Card>
  );
}
