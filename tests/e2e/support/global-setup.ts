import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    port: number;
  }
}

let server: RunningServer | undefined;
let dataDir: string | undefined;

export default async function setup(project: TestProject) {
  dataDir = mkdtempSync(join(tmpdir(), 'cdn-e2e-'));
  server = await startServer({
    DATA_DIR: dataDir,
    STATIC_DIR: 'dist',
    DEMO: '1',
    DATABASE_URL: '',
    AUTO_APPROVE: '0',
    // A refresh task executes for 6 s: the records screen, read every 2 s while a task works, shows
    // it executing at least twice even when the machine is busy.
    CONTENT_EDGE_DELAY_MS: '6000',
  });
  // A server that stops before the run ends says why: every journey after it would only be refused.
  let stopping = false;
  const running = server;
  running.process.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`The e2e server exited (${code ?? signal}) during the run:\n${running.output()}`);
  });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', dataDir);
  project.provide('port', server.port);
  return async () => {
    stopping = true;
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
