import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5OfBlob } from '../../../../src/features/file-sync/md5-core';

describe('the MD5 of a file to upload', () => {
  it('is computed slice by slice, the bytes read told after each slice', async () => {
    const big = new Uint8Array(9 * 1024 * 1024).map((_, i) => i % 251);
    const progress: number[] = [];
    expect(await md5OfBlob(new Blob([big]), (read) => progress.push(read))).toBe(
      createHash('md5').update(big).digest('hex'),
    );
    expect(progress).toEqual([4 * 1024 * 1024, 8 * 1024 * 1024, 9 * 1024 * 1024]);
  });

  it('stops with an AbortError once asked to', async () => {
    const big = new Uint8Array(9 * 1024 * 1024);
    let reads = 0;
    await expect(
      md5OfBlob(
        new Blob([big]),
        () => (reads += 1),
        () => reads >= 1,
      ),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(reads).toBe(1);
  });
});
