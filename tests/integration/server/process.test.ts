import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer } from '../../e2e/support/server-process';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cdn-process-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** `npm run admin -- <args>` with this environment: its exit code and everything it printed. */
function runAdmin(env: Record<string, string>, ...args: string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('node_modules/.bin/tsx', ['server/admin.ts', ...args], {
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** The id of a process that has ended. */
function endedPid() {
  return new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.once('exit', () => resolve(child.pid ?? 0));
  });
}

/** The server as `npm start` runs it: a real process on the embedded database. */
describe('server process', () => {
  // Two starts, the first seeding the demo data: minutes on a busy machine.
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
  }, 180_000);

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

  it('npm run admin reaches the server of its DATA_DIR at the address it recorded, whatever PORT it is given', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', DEMO: '0', STATIC_DIR: '/nonexistent' };
    const server = await startServer(env);
    const record = JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')) as { url: string };
    expect(record.url).toBe(server.url);
    const elsewhere = { ...env, PORT: String(await freePort()) };
    const pending = await runAdmin(elsewhere, 'pending');
    expect(pending.output).toContain(`no pending applications (through the running server at ${server.url})`);
    const ghost = await runAdmin(elsewhere, 'approve', 'ghost');
    expect(ghost.code).toBe(1);
    expect(ghost.output).toContain(
      `approve ghost: failed: No such account. (through the running server at ${server.url})`,
    );
    // A graceful stop removes the record once the database is closed; then admin opens it itself.
    const exited = new Promise<number | null>((resolve) =>
      server.process.once('exit', (code) => resolve(code)),
    );
    server.process.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(join(dataDir, 'server.json'))).toBe(false);
    const direct = await runAdmin(elsewhere, 'pending');
    expect(direct.output).toContain('no pending applications (database opened directly)');

    // A live server process that does not answer yet (starting or stopping) holds the database:
    // admin refuses instead of opening it a second time.
    writeFileSync(join(dataDir, 'server.json'), JSON.stringify({ pid: process.pid }));
    const refused = await runAdmin(elsewhere, 'pending');
    expect(refused.code).toBe(3);
    expect(refused.output).toContain('does not answer yet');
    expect(refused.output).not.toContain('opened directly');
    // A record left by a server that was killed names an ended process: it does not block.
    writeFileSync(join(dataDir, 'server.json'), JSON.stringify({ pid: await endedPid(), url: server.url }));
    const stale = await runAdmin(elsewhere, 'pending');
    expect(stale.output).toContain('no pending applications (database opened directly)');
  });
});
