import './content.css';
import { useEffect, useRef, useState } from 'react';
import { COVER_UPLOAD_MAX_BYTES, COVER_UPLOAD_TYPES, type ConsoleDrama, type CoverCrop } from '@drama/contracts';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Modal, Slider, Typography } from 'antd';
import Cropper from 'react-easy-crop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../shared/i18n/i18n';
import { catalogueKeys, uploadCover } from './api';
import { COVER_ASPECT, coverCrop, cropLargeEnough } from './cover-crop';

/** The drama's cover and the way to a new one: pick an image, frame it at 3:4, upload it with the frame. */
export function CoverCard({ drama }: { drama: ConsoleDrama }) {
  const { t, errorText } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [position, setPosition] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  // A ref: the cropper reports its first area in the same turn as the image's size.
  const natural = useRef<{ width: number; height: number } | null>(null);
  const [crop, setCrop] = useState<CoverCrop | null>(null);

  // The chosen image's address lives until the cropper closes (or the page goes).
  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);

  const close = () => {
    setFile(null);
    setSource(null);
    setZoom(1);
    setPosition({ x: 0, y: 0 });
    setCrop(null);
    natural.current = null;
  };

  const upload = useMutation({
    mutationFn: () => {
      if (!file || !crop) throw new Error('no crop');
      return uploadCover(drama.id, file, file.name, crop);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(catalogueKeys.drama(drama.id), saved);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.dramas });
      void message.success(t('cover.saved'));
      close();
    },
    onError: (error) => void message.error(errorText(error)),
  });

  const pick = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!(COVER_UPLOAD_TYPES as readonly string[]).includes(chosen.type)) {
      void message.error(t('error.COVER_NOT_IMAGE'));
      return;
    }
    if (chosen.size > COVER_UPLOAD_MAX_BYTES) {
      void message.error(t('cover.tooLarge', { mb: COVER_UPLOAD_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setFile(chosen);
    setSource(URL.createObjectURL(chosen));
  };

  const small = crop !== null && !cropLargeEnough(crop);

  return (
    <Card size="small" title={t('drama.cover')}>
      <Flex vertical gap={12} align="center">
        {drama.coverUrl ? (
          <img src={drama.coverUrl} alt={t('drama.cover')} className="cover-preview" />
        ) : (
          <div className="cover-preview cover-thumb-empty">
            <Typography.Text type="secondary">{t('cover.none')}</Typography.Text>
          </div>
        )}
        <Button icon={<UploadOutlined />} onClick={() => document.getElementById(`cover-file-${drama.id}`)?.click()}>
          {drama.coverUrl ? t('cover.replace') : t('cover.upload')}
        </Button>
        <input
          id={`cover-file-${drama.id}`}
          data-testid="cover-file"
          type="file"
          accept={COVER_UPLOAD_TYPES.join(',')}
          hidden
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
          {t('cover.hint')}
        </Typography.Text>
      </Flex>
      <Modal
        open={source !== null}
        title={t('cover.cropTitle')}
        onCancel={close}
        okText={t('cover.save')}
        okButtonProps={{ disabled: !crop || small, loading: upload.isPending }}
        onOk={() => upload.mutate()}
        width={560}
        destroyOnHidden
      >
        <div className="cover-cropper">
          {source && (
            <Cropper
              image={source}
              crop={position}
              zoom={zoom}
              aspect={COVER_ASPECT}
              onCropChange={setPosition}
              onZoomChange={setZoom}
              onMediaLoaded={(media) => {
                natural.current = { width: media.naturalWidth, height: media.naturalHeight };
              }}
              onCropComplete={(_area, pixels) => {
                if (natural.current) setCrop(coverCrop(pixels, natural.current));
              }}
            />
          )}
        </div>
        <Flex align="center" gap={12} style={{ marginTop: 12 }}>
          <Typography.Text>{t('cover.zoom')}</Typography.Text>
          <Slider min={1} max={4} step={0.05} value={zoom} onChange={setZoom} style={{ flex: 1 }} />
        </Flex>
        {crop && (
          <Typography.Text type={small ? 'danger' : 'secondary'}>
            {small ? t('error.COVER_TOO_SMALL') : t('cover.cropSize', { width: crop.width, height: crop.height })}
          </Typography.Text>
        )}
      </Modal>
    </Card>
  );
}
