import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { UploadPhase } from '../../machines/file-upload.machine';
import { sizeText } from './size-text';
import type { Upload } from './uploads';

/** The words and share of an upload's progress. */
export function usePhaseText(upload: Upload) {
  const { t, i18n } = useLingui();
  const size = (n: number) => sizeText(n, i18n.locale);
  const state: UploadPhase = upload.state;
  const percent = (n: number) =>
    i18n.number(upload.size > 0 ? n / upload.size : 1, { style: 'percent', maximumFractionDigits: 1 });
  switch (state.phase) {
    case 'hashing':
      return {
        share: (state.read / Math.max(1, upload.size)) * 100,
        text: t({
          id: 'fileSync.phase.hashing',
          message: `Computing the MD5 on this device: ${ph({ percent: percent(state.read) })}`,
        }),
      };
    case 'uploading': {
      const done = `${size(state.received)} / ${size(upload.size)}`;
      const speed = state.bytesPerSecond === null ? '' : `${size(state.bytesPerSecond)}/s`;
      return {
        share: (state.received / Math.max(1, upload.size)) * 100,
        text: speed
          ? t({
              id: 'fileSync.phase.uploadingAt',
              message: `Uploading: ${ph({ done })} (${ph({ percent: percent(state.received) })}), ${ph({ speed })}`,
            })
          : t({
              id: 'fileSync.phase.uploading',
              message: `Uploading: ${ph({ done })} (${ph({ percent: percent(state.received) })})`,
            }),
      };
    }
    case 'waiting':
      return {
        share: (state.received / Math.max(1, upload.size)) * 100,
        text:
          state.reason === 'offline'
            ? t({
                id: 'fileSync.phase.offline',
                message: 'Offline: the upload goes on by itself when the connection returns.',
              })
            : t({ id: 'fileSync.phase.retrying', message: 'No answer from the server: trying again…' }),
      };
    case 'paused':
      return {
        share: (state.received / Math.max(1, upload.size)) * 100,
        text: t({
          id: 'fileSync.phase.paused',
          message: `Paused at ${ph({ percent: percent(state.received) })}`,
        }),
      };
    case 'verifying':
      return {
        share: 100,
        text: t({
          id: 'fileSync.phase.verifying',
          message: 'All bytes are in: the server is checking the MD5…',
        }),
      };
    case 'failed':
      return {
        share: 0,
        text:
          state.reason === 'notSameFile'
            ? t({
                id: 'fileSync.phase.notSameFile',
                message:
                  'This is not the file of the task: its size or MD5 differs. Choose the same file to resume.',
              })
            : state.message,
      };
    case 'cancelled':
      // Forgotten at once: the card is not shown.
      return { share: 0, text: '' };
  }
}
