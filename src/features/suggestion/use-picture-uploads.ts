import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import { checkFeedbackImage } from '../../contract';
import { notify } from '../../ui/toaster';
import { feedbackRuleMessages } from './feedback-messages';

export interface Picture {
  key: string;
  name: string;
  previewUrl: string;
  status: 'uploading' | 'done';
  /** Server id, once uploaded. */
  id?: string;
}

let nextKey = 0;

/** Chosen pictures: each is checked before upload (spec §5, §8) and uploaded at once. */
export function usePictureUploads() {
  const { t, i18n } = useLingui();
  const [pictures, setPictures] = useState<Picture[]>([]);
  const countRef = useRef(0);
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const owned = urls.current;
    return () => owned.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const update = useCallback((next: (list: Picture[]) => Picture[]) => {
    setPictures((list) => {
      const result = next(list);
      countRef.current = result.length;
      return result;
    });
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      let chosen = countRef.current;
      for (const file of files) {
        const check = checkFeedbackImage(file, chosen);
        if (check !== 'ok') {
          const text = feedbackRuleMessages[check];
          notify('warning', text ? i18n._(text) : check);
          // Past the count limit every further file fails the same way: say it once.
          if (check === 'feedback.images.tooMany') break;
          continue;
        }
        chosen += 1;
        const key = `picture-${(nextKey += 1)}`;
        const previewUrl = URL.createObjectURL(file);
        urls.current.add(previewUrl);
        const name = file.name;
        countRef.current = chosen;
        update((list) => [...list, { key, name, previewUrl, status: 'uploading' }]);
        const wordError = (reason: string) =>
          t({ id: 'feedback.upload.failed', message: `${name} upload failed: ${reason}` });
        api.upload('feedbackUpload', file, name, { wordError }).then(
          (result) => {
            update((list) => list.map((p) => (p.key === key ? { ...p, status: 'done', id: result.id } : p)));
            notify('success', t({ id: 'feedback.upload.succeeded', message: `${name} uploaded` }));
          },
          () => {
            // The client has shown the one error toast, naming the file and the reason.
            URL.revokeObjectURL(previewUrl);
            urls.current.delete(previewUrl);
            update((list) => list.filter((p) => p.key !== key));
          },
        );
      }
    },
    [i18n, t, update],
  );

  const remove = useCallback(
    (key: string) => {
      update((list) => {
        const gone = list.find((p) => p.key === key);
        if (gone) {
          URL.revokeObjectURL(gone.previewUrl);
          urls.current.delete(gone.previewUrl);
        }
        return list.filter((p) => p.key !== key);
      });
    },
    [update],
  );

  const clear = useCallback(() => {
    update((list) => {
      list.forEach((p) => {
        URL.revokeObjectURL(p.previewUrl);
        urls.current.delete(p.previewUrl);
      });
      return [];
    });
  }, [update]);

  return {
    pictures,
    add,
    remove,
    clear,
    /** Whether a chosen picture is still on its way to the server. */
    uploading: pictures.some((p) => p.status === 'uploading'),
    /** The server ids of the pictures uploaded, in the order chosen. */
    uploadedIds: pictures.flatMap((p) => (p.id ? [p.id] : [])),
  };
}
