import {
  CHECK_IN_REWARD_DAYS,
  FIXED_REWARD_TASK_TYPES,
  TASK_REWARD_MAX,
  type ConsoleTaskReward,
  type ConsoleTaskRewardList,
  type FixedRewardTaskType,
} from '@drama/contracts';
import { App, Alert, Button, Card, Flex, InputNumber, Tag, Typography, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import { QueryTable } from '../../shared/list/query-table';
import { PageHeader } from '../../shared/ui/page-header';
import { pointsKeys, taskRewardsQueryOptions, updateCheckInRewards, updateTaskReward } from './api';

const isFixed = (type: string): type is FixedRewardTaskType => (FIXED_REWARD_TASK_TYPES as readonly string[]).includes(type);

/** A task's reward, edited in its row and saved on its own. */
function RewardCell({ task }: { task: ConsoleTaskReward & { type: FixedRewardTaskType } }) {
  const { t, errorText } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<number | null>(task.reward);
  const save = useMutation({
    mutationFn: (reward: number) => updateTaskReward(task.type, reward),
    onSuccess: (list) => {
      queryClient.setQueryData(pointsKeys.tasks, list);
      void message.success(t('points.tasks.saved'));
    },
    onError: (error) => void message.error(errorText(error)),
  });
  const valid = value !== null && Number.isInteger(value) && value >= 1 && value <= TASK_REWARD_MAX;
  return (
    <Flex gap={8}>
      <InputNumber
        size="small"
        min={1}
        max={TASK_REWARD_MAX}
        precision={0}
        value={value}
        onChange={setValue}
        status={valid ? undefined : 'error'}
        aria-label={t('points.tasks.rewardOf', { task: t(`points.task.${task.type}`) })}
        style={{ width: 110 }}
      />
      <Button size="small" type="primary" disabled={!valid || value === task.reward} loading={save.isPending} onClick={() => valid && save.mutate(value)}>
        {t('points.tasks.save')}
      </Button>
    </Flex>
  );
}

/** The check-in's points by day of the streak, saved together. */
function CheckInCard({ rewards }: { rewards: readonly number[] }) {
  const { t, errorText } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<(number | null)[]>([...rewards]);
  const save = useMutation({
    mutationFn: (next: number[]) => updateCheckInRewards({ rewards: next }),
    onSuccess: (list) => {
      queryClient.setQueryData(pointsKeys.tasks, list);
      void message.success(t('points.tasks.checkInSaved'));
    },
    onError: (error) => void message.error(errorText(error)),
  });
  const valid = values.every((value) => value !== null && Number.isInteger(value) && value >= 1 && value <= TASK_REWARD_MAX);
  const changed = values.some((value, index) => value !== rewards[index]);
  return (
    <Card size="small" title={t('points.tasks.checkIn')} style={{ marginTop: 12 }} data-testid="check-in-rewards">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t('points.tasks.checkInHint')}
      </Typography.Paragraph>
      <Flex gap={12} wrap align="flex-end">
        {Array.from({ length: CHECK_IN_REWARD_DAYS }, (_, index) => {
          const label = index === CHECK_IN_REWARD_DAYS - 1 ? t('points.tasks.dayLast') : t('points.tasks.day', { day: index + 1 });
          return (
            <Flex key={index} vertical gap={4}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {label}
              </Typography.Text>
              <InputNumber
                size="small"
                min={1}
                max={TASK_REWARD_MAX}
                precision={0}
                value={values[index]}
                aria-label={label}
                onChange={(value) => setValues((current) => current.map((old, at) => (at === index ? value : old)))}
                style={{ width: 88 }}
              />
            </Flex>
          );
        })}
        <Button type="primary" size="small" disabled={!valid || !changed} loading={save.isPending} onClick={() => save.mutate(values as number[])}>
          {t('points.tasks.checkInSave')}
        </Button>
      </Flex>
    </Card>
  );
}

/** `/task-rewards`: the tasks with what a claim pays, each editable, and the check-in's streak figures. */
export default function TaskRewardsPage() {
  const { t, locale } = useI18n();
  const rewards = useQuery(taskRewardsQueryOptions());
  const data: ConsoleTaskRewardList | undefined = rewards.data;

  const columns: TableColumnsType<ConsoleTaskReward> = [
    { title: t('points.tasks.task'), dataIndex: 'type', render: (type: ConsoleTaskReward['type']) => t(`points.task.${type}`) },
    {
      title: t('points.tasks.category'),
      dataIndex: 'category',
      width: 90,
      render: (category: ConsoleTaskReward['category']) => <Tag color={category === 'daily' ? 'blue' : 'purple'}>{t(`points.tasks.category.${category}`)}</Tag>,
    },
    { title: t('points.tasks.target'), dataIndex: 'target', width: 100, align: 'right' },
    {
      title: t('points.tasks.reward'),
      key: 'reward',
      width: 220,
      render: (_: unknown, task) =>
        isFixed(task.type) ? (
          <RewardCell key={`${task.type}:${task.reward}`} task={{ ...task, type: task.type }} />
        ) : (
          <Typography.Text type="secondary">{t('points.tasks.byStreak')}</Typography.Text>
        ),
    },
    { title: t('points.tasks.updatedAt'), dataIndex: 'updatedAt', width: 150, render: (iso: string | null) => (iso ? formatDateTime(iso, locale) : t('points.tasks.never')) },
  ];

  return (
    <>
      <PageHeader title={t('points.tasks.title')} />
      <Alert type="info" showIcon message={t('points.tasks.hint')} style={{ marginBottom: 12 }} />
      <QueryTable<ConsoleTaskReward> rowKey="type" query={rewards} items={data?.items} columns={columns} />
      {data && <CheckInCard key={data.checkInRewards.join(',')} rewards={data.checkInRewards} />}
    </>
  );
}
