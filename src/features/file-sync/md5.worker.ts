import { md5OfBlob } from './md5-core';

/** The worker's global scope, as far as this script uses it. */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ file: Blob }>) => void) | null;
  postMessage(message: { read?: number; md5?: string; error?: string }): void;
};

/** Hashes the file it is sent, off the page's thread, posting its progress and then its MD5. */
scope.onmessage = (event) => {
  md5OfBlob(event.data.file, (read) => scope.postMessage({ read })).then(
    (md5) => scope.postMessage({ md5 }),
    (error: unknown) => scope.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
};
