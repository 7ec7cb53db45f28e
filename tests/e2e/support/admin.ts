import { spawnSync } from 'node:child_process';
import { inject } from 'vitest';

/**
 * The operator's documented command (`npm run admin -- …`), against the server of the run: it
 * talks to the server on the same data folder and port.
 */
export function runAdmin(...args: string[]) {
  return spawnSync('npm', ['run', '-s', 'admin', '--', ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      DATA_DIR: inject('dataDir'),
      PORT: String(inject('port')),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
    },
  });
}
