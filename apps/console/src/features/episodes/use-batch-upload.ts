import { useCallback, useRef, useState } from 'react';
import { naturalOrder, uploadErrorCode, uploadVideo } from './tus-upload';

export interface FileUpload {
  key: string;
  name: string;
  percent: number;
  state: 'uploading' | 'done' | 'failed';
  errorCode?: string;
}

/** At most this many files send at once; the rest wait their turn. */
const PARALLEL = 3;

/**
 * Sends a batch of video files (in the order of their names) and hands their upload ids, in
 * that order, to `onFinished` once every file is in; failed files are left out and stay listed.
 */
export function useBatchUpload(onFinished: (uploadIds: string[]) => Promise<unknown>) {
  const [files, setFiles] = useState<FileUpload[]>([]);
  const [busy, setBusy] = useState(false);
  const keySeq = useRef(0);

  const patch = useCallback((key: string, change: Partial<FileUpload>) => {
    setFiles((current) => current.map((file) => (file.key === key ? { ...file, ...change } : file)));
  }, []);

  const start = useCallback(
    async (chosen: readonly File[]) => {
      const ordered = naturalOrder(chosen);
      const batch = ordered.map((file) => ({ file, key: `u${++keySeq.current}` }));
      setFiles((current) => [
        ...current.filter((file) => file.state !== 'done'),
        ...batch.map(({ file, key }) => ({ key, name: file.name, percent: 0, state: 'uploading' as const })),
      ]);
      setBusy(true);
      const ids: (string | null)[] = batch.map(() => null);
      let next = 0;
      const worker = async () => {
        while (next < batch.length) {
          const index = next++;
          const { file, key } = batch[index]!;
          try {
            ids[index] = await uploadVideo(file, (percent) => patch(key, { percent })).done;
            patch(key, { percent: 100, state: 'done' });
          } catch (error) {
            patch(key, { state: 'failed', errorCode: uploadErrorCode(error) });
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, batch.length) }, worker));
      const finished = ids.filter((id): id is string => id !== null);
      try {
        if (finished.length > 0) await onFinished(finished);
        setFiles((current) => current.filter((file) => file.state !== 'done'));
      } finally {
        setBusy(false);
      }
    },
    [onFinished, patch],
  );

  const dismiss = useCallback((key: string) => setFiles((current) => current.filter((file) => file.key !== key)), []);

  return { files, busy, start, dismiss };
}
