import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../e2e/support/server-process';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cdn-process-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The server as `npm start` runs it: a real process on the embedded database. */
describe('server process', () => {
  it('seeds on first start, prints the address and the sign-ins, and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const server = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: join(dataDir, 'none'),
      LOG_LEVEL: 'info',
    });
    const output = server.output();
    expect(output).toContain(`CDN Console listening on ${server.url}`);
    expect(output).toMatch(/ready in \d+ ms/);
    for (const login of ['demo', 'newbie', 'unverified', 'channel', 'canvas'])
      expect(output).toContain(login);
    expect(output).toContain('Cdn#Demo2026');
    // The operator key exists and only its owner may read it.
    expect(statSync(join(dataDir, 'operator.key')).mode & 0o077).toBe(0);
    const exited = new Promise<number | null>((resolve) =>
      server.process.once('exit', (code) => resolve(code)),
    );
    server.process.kill('SIGTERM');
    expect(await exited).toBe(0);

    // A second start on the same data does not seed again, and the demo sign-in still works.
    const again = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: join(dataDir, 'none'),
    });
    expect(again.output()).not.toContain('demo data seeded');
    const login = await fetch(`${again.url}/portal/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=demo&password=Cdn%23Demo2026&redirect_uri=%2F&state=s1',
      redirect: 'manual',
    });
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toMatch(/^\/\?state=s1&session_state=[\w-]+&code=[\w-]+$/);
    await again.stop();
  });

  it('starts without demo data when DEMO=0', async () => {
    const server = await startServer({
      DATA_DIR: tempDir(),
      DATABASE_URL: '',
      DEMO: '0',
      STATIC_DIR: '/nonexistent',
    });
    expect(server.output()).not.toContain('Demo sign-ins');
    const login = await fetch(`${server.url}/portal/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=demo&password=Cdn%23Demo2026&redirect_uri=%2F&state=s1',
      redirect: 'manual',
    });
    expect(login.status).toBe(401);
    await server.stop();
  });
});
