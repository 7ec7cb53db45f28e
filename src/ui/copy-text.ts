import { notify } from './toaster';

/** Copies text to the clipboard and says whether it worked (spec §8: copy succeeded or failed). */
export async function copyText(text: string, messages: { ok: string; failed: string }): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify('success', messages.ok);
  } catch {
    notify('error', messages.failed);
  }
}
