import { md5 } from 'js-md5';

/** Bytes read from the file at a time. */
const sliceBytes = 4 * 1024 * 1024;

/**
 * The MD5 (hex) of a file, read a slice at a time, `onProgress` told the bytes read so far;
 * stops with an AbortError when `aborted()` turns true.
 */
export async function md5OfBlob(
  blob: Blob,
  onProgress: (read: number) => void,
  aborted: () => boolean = () => false,
): Promise<string> {
  const hash = md5.create();
  for (let offset = 0; offset < blob.size; offset += sliceBytes) {
    if (aborted()) throw new DOMException('The MD5 was stopped', 'AbortError');
    const slice = new Uint8Array(await blob.slice(offset, offset + sliceBytes).arrayBuffer());
    hash.update(slice);
    onProgress(Math.min(blob.size, offset + sliceBytes));
  }
  return hash.hex();
}
