import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetServer,
  isProcessAlive,
  readServerRecord,
  recordServer,
  serverFile,
} from '../../../server/operator/address';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cdn-address-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the running server record in DATA_DIR', () => {
  it('records the process, then its address, and reads both back', () => {
    const dir = join(tempDir(), 'nested');
    recordServer(dir, { pid: 4242 });
    expect(readServerRecord(dir)).toEqual({ pid: 4242 });
    recordServer(dir, { pid: 4242, url: 'http://127.0.0.1:8081' });
    expect(readServerRecord(dir)).toEqual({ pid: 4242, url: 'http://127.0.0.1:8081' });
  });

  it('is removed only by the process it names', () => {
    const dir = tempDir();
    recordServer(dir, { pid: 4242, url: 'http://127.0.0.1:8081' });
    forgetServer(dir, 5151);
    expect(readServerRecord(dir)?.pid).toBe(4242);
    forgetServer(dir, 4242);
    expect(readServerRecord(dir)).toBeNull();
  });

  it.each(['', 'not json', '{}', '{"pid":"12"}', '{"pid":-1}', '{"pid":1.5}', 'null'])(
    'treats %j as no record',
    (content) => {
      const dir = tempDir();
      writeFileSync(serverFile(dir), content);
      expect(readServerRecord(dir)).toBeNull();
    },
  );

  it('tells a live process from an ended one', () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(2 ** 30)).toBe(false);
  });
});
