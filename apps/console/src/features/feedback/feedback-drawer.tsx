import { useState } from 'react';
import type { ConsoleFeedback, FeedbackReply } from '@drama/contracts';
import { FEEDBACK_LIMITS } from '@drama/contracts';
import { Alert, App, Button, Descriptions, Drawer, Empty, Flex, Image, Input, Select, Skeleton, Typography, theme } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../shared/format/date-time';
import { useI18n } from '../../shared/i18n/i18n';
import { useMe } from '../../shared/session/me';
import { LoadError } from '../../shared/ui/states';
import { assignFeedback, closeFeedback, FEEDBACK_KEY, feedbackAssigneesQueryOptions, feedbackItemQueryOptions, reopenFeedback, replyToFeedback } from './api';
import { FeedbackStatusTag } from './status-tag';

function ReplyBubble({ reply }: { reply: FeedbackReply }) {
  const { t, locale } = useI18n();
  const { token } = theme.useToken();
  const support = reply.author === 'support';
  return (
    <li data-testid="feedback-reply" data-author={reply.author} style={{ listStyle: 'none', alignSelf: support ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(`feedback.author.${reply.author}`)} · {formatDateTime(reply.createdAt, locale)}
      </Typography.Text>
      <div
        style={{
          marginTop: 2,
          padding: '8px 12px',
          borderRadius: token.borderRadiusLG,
          background: support ? token.colorPrimaryBg : token.colorFillTertiary,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {reply.content}
      </div>
    </li>
  );
}

function memberName(item: ConsoleFeedback): string {
  return item.member.nickname ? `${item.member.nickname} (${item.member.username})` : item.member.username;
}

function Detail({ item }: { item: ConsoleFeedback }) {
  const { t, locale, errorText } = useI18n();
  const me = useMe();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const assignees = useQuery(feedbackAssigneesQueryOptions);
  const [answer, setAnswer] = useState('');

  const changed = (text: string) => (updated: ConsoleFeedback) => {
    queryClient.setQueryData(feedbackItemQueryOptions(item.id).queryKey, updated);
    void queryClient.invalidateQueries({ queryKey: FEEDBACK_KEY });
    void message.success(text);
  };
  const failed = (error: unknown) => void message.error(errorText(error));
  const reply = useMutation({
    mutationFn: (content: string) => replyToFeedback(item.id, content),
    onSuccess: (updated) => {
      setAnswer('');
      changed(t('feedback.replied'))(updated);
    },
    onError: failed,
  });
  const assign = useMutation({ mutationFn: (operatorId: number | null) => assignFeedback(item.id, operatorId), onSuccess: changed(t('feedback.assigned')), onError: failed });

  const closed = item.status === 'closed';
  const options = [
    { value: 0, label: t('feedback.assignee.none') },
    ...(assignees.data?.items ?? []).map((operator) => ({
      value: operator.id,
      label: operator.id === me.id ? `${operator.username} (${t('feedback.assignee.me')})` : operator.username,
    })),
  ];
  // The assignee stays choosable while the list loads, or when it left the list (disabled since).
  if (item.assignee && !options.some((option) => option.value === item.assignee?.id)) options.push({ value: item.assignee.id, label: item.assignee.username });

  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        column={1}
        bordered
        styles={{ label: { width: 120 } }}
        items={[
          { key: 'status', label: t('feedback.status'), children: <FeedbackStatusTag status={item.status} /> },
          { key: 'type', label: t('feedback.type'), children: t(`feedback.type.${item.type}`) },
          {
            key: 'member',
            label: t('feedback.member'),
            children: (
              <span data-testid="feedback-member">
                {memberName(item)} <Typography.Text type="secondary" className="mono">#{item.member.id}</Typography.Text>
              </span>
            ),
          },
          { key: 'contact', label: t('feedback.contact'), children: item.contact ?? <Typography.Text type="secondary">{t('feedback.noContact')}</Typography.Text> },
          { key: 'sent', label: t('feedback.sent'), children: formatDateTime(item.createdAt, locale) },
          {
            key: 'assignee',
            label: t('feedback.assignee'),
            children: (
              <Select
                aria-label={t('feedback.assignee')}
                data-testid="feedback-assignee"
                size="small"
                style={{ width: 240 }}
                loading={assignees.isPending || assign.isPending}
                value={item.assignee?.id ?? 0}
                options={options}
                onChange={(value: number) => assign.mutate(value === 0 ? null : value)}
              />
            ),
          },
        ]}
      />

      <section>
        <Typography.Title level={5}>{t('feedback.content')}</Typography.Title>
        <Typography.Paragraph data-testid="feedback-content" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginBottom: 0 }}>
          {item.content}
        </Typography.Paragraph>
      </section>

      {item.screenshots.length > 0 && (
        <section>
          <Typography.Title level={5}>{t('feedback.screenshots')}</Typography.Title>
          <Image.PreviewGroup>
            <Flex gap={8} wrap>
              {item.screenshots.map((shot, index) => (
                <Image
                  key={shot.id}
                  src={shot.url}
                  alt={t('feedback.screenshotAlt', { n: index + 1 })}
                  width={96}
                  height={96}
                  style={{ objectFit: 'cover', borderRadius: 6 }}
                  data-testid="feedback-screenshot"
                />
              ))}
            </Flex>
          </Image.PreviewGroup>
        </section>
      )}

      <section>
        <Typography.Title level={5}>{t('feedback.replies')}</Typography.Title>
        {item.replies.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('feedback.noReplies')} style={{ marginBlock: 8 }} />
        ) : (
          <Flex component="ol" vertical gap={10} style={{ padding: 0, margin: 0 }} data-testid="feedback-replies">
            {item.replies.map((entry) => (
              <ReplyBubble key={entry.id} reply={entry} />
            ))}
          </Flex>
        )}
      </section>

      {closed ? (
        <Alert type="info" showIcon title={t('feedback.closedNote')} />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (answer.trim()) reply.mutate(answer.trim());
          }}
        >
          <Flex vertical gap={8}>
            <label htmlFor="feedback-answer">
              <Typography.Text strong>{t('feedback.replyLabel')}</Typography.Text>
            </label>
            <Input.TextArea
              id="feedback-answer"
              value={answer}
              onChange={(event) => setAnswer(event.target.value)}
              placeholder={t('feedback.replyPlaceholder')}
              autoSize={{ minRows: 3, maxRows: 8 }}
              maxLength={FEEDBACK_LIMITS.contentMax}
              showCount
            />
            <Flex justify="flex-end" style={{ marginTop: 12 }}>
              <Button type="primary" htmlType="submit" loading={reply.isPending} disabled={!answer.trim()}>
                {t('feedback.replySend')}
              </Button>
            </Flex>
          </Flex>
        </form>
      )}
    </Flex>
  );
}

/** One item in a drawer over the list: what the member sent, the answers, and the operator's actions. */
export function FeedbackDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, errorText } = useI18n();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const item = useQuery({ ...feedbackItemQueryOptions(id ?? 0), enabled: id !== null });
  const done = (text: string) => (updated: ConsoleFeedback) => {
    queryClient.setQueryData(feedbackItemQueryOptions(updated.id).queryKey, updated);
    void queryClient.invalidateQueries({ queryKey: FEEDBACK_KEY });
    void message.success(text);
  };
  const failed = (error: unknown) => void message.error(errorText(error));
  const close = useMutation({ mutationFn: closeFeedback, onSuccess: done(t('feedback.closedDone')), onError: failed });
  const reopen = useMutation({ mutationFn: reopenFeedback, onSuccess: done(t('feedback.reopened')), onError: failed });
  const data = item.data;

  const actions =
    data === undefined ? null : data.status === 'closed' ? (
      <Button onClick={() => reopen.mutate(data.id)} loading={reopen.isPending}>
        {t('feedback.reopen')}
      </Button>
    ) : (
      <Button
        danger
        loading={close.isPending}
        onClick={() =>
          modal.confirm({
            content: t('feedback.closeConfirm'),
            okText: t('feedback.close'),
            cancelText: t('common.cancel'),
            okButtonProps: { danger: true },
            onOk: () => close.mutateAsync(data.id).catch(() => undefined),
          })
        }
      >
        {t('feedback.close')}
      </Button>
    );

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={640}
      title={id === null ? '' : t('feedback.detailTitle', { id })}
      extra={actions}
      destroyOnHidden
      data-testid="feedback-drawer"
    >
      {id === null ? null : item.isError && !data ? (
        <LoadError error={item.error} onRetry={() => void item.refetch()} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Detail item={data} />
      )}
    </Drawer>
  );
}
