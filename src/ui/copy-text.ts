import { msg } from '@lingui/core/macro';
import { notify } from './toaster';

/** spec §8: copying succeeded or failed, as every screen says it. */
export const copyMessages = {
  copied: msg({ id: 'domain.list.copy.succeeded', message: 'Copied to the clipboard' }),
  copyFailed: msg({
    id: 'domain.list.copy.failed',
    message: 'Copy failed. Select the text and copy it by hand.',
  }),
};

/** Copies text to the clipboard and says whether it worked (spec §8: copy succeeded or failed). */
export async function copyText(text: string, messages: { ok: string; failed: string }): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify('success', messages.ok);
  } catch {
    notify('error', messages.failed);
  }
}
