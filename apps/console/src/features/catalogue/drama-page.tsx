import { Suspense, lazy } from 'react';
import { App, Col, Flex, Row, Spin, Tabs } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n';
import { LoadError } from '../../shared/ui/states';
import { PageHeader } from '../../shared/ui/page-header';
import { catalogueKeys, createDrama, dramaQueryOptions, updateDrama } from './api';
import { CoverCard } from './cover-card';
import { DramaForm, dramaFormValues, type DramaFormValues } from './drama-form';
import { inLocale } from './localized';
import { StatusCard } from './status-card';

const EpisodesTab = lazy(() => import('../episodes').then((module) => ({ default: module.EpisodesTab })));

/** `/dramas/new` and `/dramas/:id`: details, status and cover, and the drama's episodes. */
export default function DramaPage() {
  const { id } = useParams();
  if (id === 'new') return <NewDrama />;
  const dramaId = Number(id);
  return <EditDrama id={dramaId} />;
}

function NewDrama() {
  const { t, errorText } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (values: DramaFormValues) => createDrama(values),
    onSuccess: (drama) => {
      queryClient.setQueryData(catalogueKeys.drama(drama.id), drama);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.dramas });
      void message.success(t('drama.created'));
      void navigate(`/dramas/${drama.id}`, { replace: true });
    },
    onError: (error) => void message.error(errorText(error)),
  });
  return (
    <>
      <PageHeader title={t('drama.create')} crumbs={[{ title: t('drama.create') }]} />
      <DramaForm saving={create.isPending} onSave={(values) => create.mutate(values)} submitLabel={t('drama.createSubmit')} />
    </>
  );
}

function EditDrama({ id }: { id: number }) {
  const { t, locale, errorText } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const drama = useQuery(dramaQueryOptions(id));
  const save = useMutation({
    mutationFn: (values: DramaFormValues) => updateDrama(id, values),
    onSuccess: (saved) => {
      queryClient.setQueryData(catalogueKeys.drama(id), saved);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.dramas });
      void message.success(t('drama.saved'));
    },
    onError: (error) => void message.error(errorText(error)),
  });

  if (drama.isPending) return <Spin style={{ display: 'block', marginTop: 80 }} />;
  if (drama.isError) return <LoadError error={drama.error} onRetry={() => void drama.refetch()} />;
  const title = inLocale(drama.data.title, locale);
  const tab = params.get('tab') === 'episodes' ? 'episodes' : 'details';

  return (
    <>
      <PageHeader title={title} crumbs={[{ title }]} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'details' ? {} : { tab: key }, { replace: true })}
        items={[
          {
            key: 'details',
            label: t('drama.tabDetails'),
            children: (
              <Row gutter={16}>
                <Col xs={24} xl={17}>
                  {/* Keyed by the saved version: a save elsewhere refills the form. */}
                  <DramaForm
                    key={drama.data.updatedAt}
                    initial={dramaFormValues(drama.data)}
                    saving={save.isPending}
                    onSave={(values) => save.mutate(values)}
                    submitLabel={t('common.save')}
                  />
                </Col>
                <Col xs={24} xl={7}>
                  <Flex vertical gap={12}>
                    <StatusCard key={`${drama.data.status}-${drama.data.publishedAt ?? ''}`} drama={drama.data} />
                    <CoverCard drama={drama.data} />
                  </Flex>
                </Col>
              </Row>
            ),
          },
          {
            key: 'episodes',
            label: t('drama.tabEpisodes', { count: drama.data.episodeCount }),
            children: (
              <Suspense fallback={<Spin />}>
                <EpisodesTab dramaId={id} />
              </Suspense>
            ),
          },
        ]}
      />
    </>
  );
}
