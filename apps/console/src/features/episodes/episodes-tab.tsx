import { useCallback, useEffect, useState } from 'react';
import {
  CONSOLE_SUBTITLE_LANGUAGES,
  VIDEO_UPLOAD_EXTENSIONS,
  VIDEO_UPLOAD_TYPES,
  type ConsoleEpisode,
  type ConsoleSubtitleLanguage,
} from '@drama/contracts';
import { CloudUploadOutlined, DeleteOutlined, EyeInvisibleOutlined, EyeOutlined, RedoOutlined, SwapOutlined } from '@ant-design/icons';
import { App, Button, Card, Dropdown, Flex, InputNumber, Modal, Popconfirm, Progress, Tag, Tooltip, Typography, Upload, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../shared/i18n/i18n';
import { LoadError } from '../../shared/ui/states';
import { catalogueKeys, DragHandle, SortableTable } from '../catalogue';
import {
  addEpisodes,
  deleteEpisode,
  processing,
  deleteSubtitle,
  episodeKeys,
  episodesQueryOptions,
  orderEpisodes,
  putSubtitle,
  replaceEpisodeFile,
  retryJob,
  setEpisodeStatus,
  setFreeEpisodes,
} from './api';
import { formatDuration } from './duration';
import { uploadErrorCode, uploadVideo } from './tus-upload';
import { useBatchUpload } from './use-batch-upload';

const ACCEPT = [...VIDEO_UPLOAD_TYPES, ...VIDEO_UPLOAD_EXTENSIONS.map((extension) => `.${extension}`)].join(',');
const SUBTITLE_LANGUAGE_KEYS = { zh: 'lang.zh-CN', 'zh-Hant': 'lang.zh-Hant', en: 'lang.en-US' } as const;

/** Picks one file with the browser's dialog. */
function chooseFile(accept: string): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.onchange = () => resolve(input.files?.[0] ?? null);
    input.click();
  });
}

/** A drama's episodes: many files uploaded at once, processing followed live, order, free episodes, publishing, subtitles. */
export function EpisodesTab({ dramaId }: { dramaId: number }) {
  const { t, errorText } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const episodes = useQuery(episodesQueryOptions(dramaId));
  const [freeDraft, setFreeDraft] = useState<number | null>(null);
  const [replacing, setReplacing] = useState<Record<number, number>>({});
  const [preview, setPreview] = useState<ConsoleEpisode | null>(null);

  const settle = useCallback(
    (list?: { items: ConsoleEpisode[]; freeEpisodeCount: number }) => {
      if (list) queryClient.setQueryData(episodeKeys.list(dramaId), list);
      else void queryClient.invalidateQueries({ queryKey: episodeKeys.list(dramaId) });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.drama(dramaId) });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.dramas });
    },
    [dramaId, queryClient],
  );

  const onUploaded = useCallback(
    async (uploadIds: string[]) => {
      try {
        settle(await addEpisodes(dramaId, uploadIds));
        void message.success(t('episode.added', { count: uploadIds.length }));
      } catch (error) {
        void message.error(errorText(error));
        throw error;
      }
    },
    [dramaId, errorText, message, settle, t],
  );
  const batch = useBatchUpload(onUploaded);

  // When the last job ends, the drama's figures (episodes, free ones) change with it.
  const busy = episodes.data ? processing(episodes.data.items) : false;
  useEffect(() => {
    if (busy) return;
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.drama(dramaId) });
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.dramas });
  }, [busy, dramaId, queryClient]);

  const fail = (error: unknown) => void message.error(errorText(error));
  const reorder = useMutation({
    mutationFn: (next: ConsoleEpisode[]) => orderEpisodes(dramaId, next.map((episode) => episode.id)),
    onMutate: (next) => {
      const previous = queryClient.getQueryData(episodeKeys.list(dramaId));
      if (previous) queryClient.setQueryData(episodeKeys.list(dramaId), { ...previous, items: next });
      return { previous };
    },
    onSuccess: (list) => {
      settle(list);
      void message.success(t('order.saved'));
    },
    onError: (error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(episodeKeys.list(dramaId), context.previous);
      fail(error);
    },
  });
  const free = useMutation({
    mutationFn: (count: number) => setFreeEpisodes(dramaId, count),
    onSuccess: (list) => {
      settle(list);
      setFreeDraft(null);
      void message.success(t('episode.freeSaved'));
    },
    onError: fail,
  });
  const status = useMutation({
    mutationFn: ({ id, next }: { id: number; next: 'published' | 'unpublished' }) => setEpisodeStatus(id, next),
    onSuccess: () => settle(),
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: deleteEpisode,
    onSuccess: (list) => {
      settle(list);
      void message.success(t('episode.deleted'));
    },
    onError: fail,
  });
  const retry = useMutation({ mutationFn: retryJob, onSuccess: () => settle(), onError: fail });
  const subtitle = useMutation({
    mutationFn: async ({ id, language, file }: { id: number; language: ConsoleSubtitleLanguage; file?: File }) =>
      file ? putSubtitle(id, language, await file.text()) : deleteSubtitle(id, language),
    onSuccess: (_episode, { file }) => {
      settle();
      void message.success(t(file ? 'episode.subtitleSaved' : 'episode.subtitleDeleted'));
    },
    onError: fail,
  });

  const replace = async (episode: ConsoleEpisode) => {
    const file = await chooseFile(ACCEPT);
    if (!file) return;
    setReplacing((current) => ({ ...current, [episode.id]: 0 }));
    try {
      const uploadId = await uploadVideo(file, (percent) => setReplacing((current) => ({ ...current, [episode.id]: percent }))).done;
      await replaceEpisodeFile(episode.id, uploadId);
      settle();
      void message.success(t('episode.replaced', { sequence: episode.sequence }));
    } catch (error) {
      void message.error(t(`error.${uploadErrorCode(error)}` as 'error.NETWORK_ERROR'));
    } finally {
      setReplacing(({ [episode.id]: _done, ...rest }) => rest);
    }
  };

  const addSubtitle = async (episode: ConsoleEpisode, language: ConsoleSubtitleLanguage) => {
    const file = await chooseFile('.vtt,.srt,text/vtt');
    if (file) subtitle.mutate({ id: episode.id, language, file });
  };

  if (episodes.isError && !episodes.data) return <LoadError error={episodes.error} onRetry={() => void episodes.refetch()} />;
  const items = episodes.data?.items ?? [];
  const savedFree = episodes.data?.freeEpisodeCount ?? 0;
  const freeValue = freeDraft ?? savedFree;

  const columns: TableColumnsType<ConsoleEpisode> = [
    { key: 'handle', width: 40, render: () => <DragHandle /> },
    { title: t('episode.sequence'), dataIndex: 'sequence', width: 56, render: (sequence: number) => <Typography.Text strong>{sequence}</Typography.Text> },
    {
      title: t('episode.poster'),
      dataIndex: 'posterUrl',
      width: 52,
      render: (url: string | null, episode) => {
        const poster = url ? <img src={url} alt="" className="poster-thumb" /> : <div className="poster-thumb cover-thumb-empty" />;
        if (!episode.previewUrl) return poster;
        return (
          <Tooltip title={t('episode.preview')}>
            <button type="button" className="poster-button" aria-label={t('episode.previewOf', { sequence: episode.sequence })} onClick={() => setPreview(episode)}>
              {poster}
            </button>
          </Tooltip>
        );
      },
    },
    { title: t('episode.duration'), dataIndex: 'durationSeconds', width: 72, render: (seconds: number) => (seconds > 0 ? formatDuration(seconds) : '—') },
    {
      title: t('episode.access'),
      dataIndex: 'isFree',
      width: 72,
      render: (isFree: boolean) => (isFree ? <Tag color="green">{t('episode.free')}</Tag> : <Tag color="gold">VIP</Tag>),
    },
    {
      title: t('episode.status'),
      key: 'status',
      width: 130,
      render: (_: unknown, episode) => (
        <Flex gap={4} wrap>
          <Tag color={episode.status === 'published' ? 'green' : episode.status === 'unpublished' ? 'orange' : 'default'}>{t(`episode.status.${episode.status}`)}</Tag>
          {episode.status === 'published' && !episode.visible && (
            <Tooltip title={t('episode.notVisibleHint')}>
              <Tag>{t('episode.notVisible')}</Tag>
            </Tooltip>
          )}
        </Flex>
      ),
    },
    {
      title: t('episode.processing'),
      key: 'job',
      width: 190,
      render: (_: unknown, episode) => <JobCell episode={episode} replacing={replacing[episode.id]} onRetry={(id) => retry.mutate(id)} retrying={retry.isPending} />,
    },
    {
      title: t('episode.subtitles'),
      key: 'subtitles',
      width: 170,
      render: (_: unknown, episode) => (
        <Flex gap={4} wrap align="center">
          {episode.subtitles.map((language) => (
            <Tag
              key={language}
              closable
              onClose={(event) => {
                event.preventDefault();
                subtitle.mutate({ id: episode.id, language });
              }}
            >
              {t(SUBTITLE_LANGUAGE_KEYS[language])}
            </Tag>
          ))}
          <Dropdown
            trigger={['click']}
            menu={{
              items: CONSOLE_SUBTITLE_LANGUAGES.map((language) => ({ key: language, label: t(SUBTITLE_LANGUAGE_KEYS[language]) })),
              onClick: ({ key }) => void addSubtitle(episode, key as ConsoleSubtitleLanguage),
            }}
          >
            <Button size="small" type="dashed">
              {t('episode.addSubtitle')}
            </Button>
          </Dropdown>
        </Flex>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 240,
      align: 'right',
      render: (_: unknown, episode) => (
        <Flex gap={4} justify="end">
          {episode.status === 'published' ? (
            <Popconfirm
              title={t('episode.unpublishConfirm', { sequence: episode.sequence })}
              okText={t('episode.unpublish')}
              cancelText={t('common.cancel')}
              onConfirm={() => status.mutateAsync({ id: episode.id, next: 'unpublished' }).catch(() => undefined)}
            >
              <Button size="small" icon={<EyeInvisibleOutlined />}>
                {t('episode.unpublish')}
              </Button>
            </Popconfirm>
          ) : (
            <Button size="small" icon={<EyeOutlined />} onClick={() => status.mutate({ id: episode.id, next: 'published' })}>
              {t('episode.publish')}
            </Button>
          )}
          <Button size="small" icon={<SwapOutlined />} disabled={episode.id in replacing} onClick={() => void replace(episode)}>
            {t('episode.replace')}
          </Button>
          {/* Only an episode viewers cannot see may go; a visible one is unpublished first. */}
          {!episode.visible && (
            <Popconfirm
              title={t('episode.deleteConfirm', { sequence: episode.sequence })}
              description={t('episode.deleteHint')}
              okText={t('term.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.cancel')}
              onConfirm={() => remove.mutateAsync(episode.id).catch(() => undefined)}
            >
              <Button size="small" danger type="text" icon={<DeleteOutlined />} aria-label={t('episode.delete', { sequence: episode.sequence })} />
            </Popconfirm>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Upload.Dragger
        multiple
        accept={ACCEPT}
        showUploadList={false}
        fileList={[]}
        beforeUpload={(file, list) => {
          // Called once per file with the whole selection: start the batch on its last file.
          if (file === list[list.length - 1]) void batch.start(list);
          return Upload.LIST_IGNORE;
        }}
        style={{ padding: '4px 0' }}
      >
        <p className="ant-upload-drag-icon">
          <CloudUploadOutlined />
        </p>
        <Typography.Text>{t('episode.dropHint')}</Typography.Text>
        <br />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('episode.dropDetail')}
        </Typography.Text>
      </Upload.Dragger>
      {batch.files.length > 0 && (
        <Card size="small" title={t('episode.uploading')}>
          <Flex vertical gap={6}>
            {batch.files.map((file) => (
              <Flex key={file.key} gap={12} align="center">
                <Typography.Text ellipsis style={{ width: 260 }}>
                  {file.name}
                </Typography.Text>
                <Progress
                  percent={file.percent}
                  status={file.state === 'failed' ? 'exception' : file.state === 'done' ? 'success' : 'active'}
                  size="small"
                  style={{ flex: 1, margin: 0 }}
                />
                {file.state === 'failed' && (
                  <>
                    <Typography.Text type="danger">{t(`error.${file.errorCode ?? 'NETWORK_ERROR'}` as 'error.NETWORK_ERROR')}</Typography.Text>
                    <Button size="small" type="text" onClick={() => batch.dismiss(file.key)}>
                      {t('common.close')}
                    </Button>
                  </>
                )}
              </Flex>
            ))}
          </Flex>
        </Card>
      )}
      <Card size="small">
        <Flex gap={12} align="center" wrap>
          <Typography.Text>{t('episode.freeLabel')}</Typography.Text>
          <InputNumber
            min={0}
            max={Math.max(items.length, savedFree)}
            value={freeValue}
            onChange={(value) => setFreeDraft(value ?? 0)}
            aria-label={t('episode.freeLabel')}
            data-testid="free-count"
          />
          <Button type="primary" disabled={freeDraft === null || freeDraft === savedFree} loading={free.isPending} onClick={() => free.mutate(freeValue)}>
            {t('common.save')}
          </Button>
          <Typography.Text type="secondary">{t('episode.freeHint', { free: savedFree, total: items.length })}</Typography.Text>
        </Flex>
      </Card>
      <SortableTable<ConsoleEpisode>
        items={items}
        columns={columns}
        loading={episodes.isPending || reorder.isPending}
        onReorder={(next) => reorder.mutate(next)}
        scroll={{ x: 1040 }}
        locale={{ emptyText: episodes.isPending ? ' ' : t('episode.empty') }}
      />
      <Modal open={preview !== null} title={preview && t('episode.previewOf', { sequence: preview.sequence })} footer={null} onCancel={() => setPreview(null)} destroyOnHidden width={420}>
        {preview?.previewUrl && <video className="episode-preview" src={preview.previewUrl} controls autoPlay playsInline />}
      </Modal>
    </Flex>
  );
}

function JobCell({
  episode,
  replacing,
  onRetry,
  retrying,
}: {
  episode: ConsoleEpisode;
  replacing: number | undefined;
  onRetry: (jobId: number) => void;
  retrying: boolean;
}) {
  const { t } = useI18n();
  if (replacing !== undefined) return <Progress size="small" percent={replacing} status="active" format={() => t('episode.uploadingShort')} />;
  const job = episode.job;
  if (!job) return <Typography.Text type="secondary">{t(`episode.media.${episode.mediaStatus}`)}</Typography.Text>;
  if (job.state === 'failed') {
    return (
      <Flex vertical gap={2}>
        <Flex gap={6} align="center">
          <Tag color="error">{t('episode.job.failed')}</Tag>
          <Button size="small" icon={<RedoOutlined />} loading={retrying} onClick={() => onRetry(job.id)}>
            {t('common.retry')}
          </Button>
        </Flex>
        {job.failureReason && (
          <Typography.Text type="danger" style={{ fontSize: 12 }} ellipsis={{ tooltip: job.failureReason }}>
            {job.failureReason}
          </Typography.Text>
        )}
      </Flex>
    );
  }
  if (job.state === 'succeeded') return <Tag color="success">{t('episode.job.succeeded')}</Tag>;
  return (
    <Flex vertical gap={0}>
      <Progress size="small" percent={job.progress} status="active" style={{ margin: 0 }} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(`episode.job.${job.state}`)}
        {job.attempts > 1 && ` · ${t('episode.attempt', { attempt: job.attempts })}`}
      </Typography.Text>
    </Flex>
  );
}
