// Development: the API server (restarting on change) and Vite's dev server with hot reload.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT || '8080';
const children = [
  spawn('node_modules/.bin/tsx', ['watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, STATIC_DIR: process.env.STATIC_DIR || '.no-static' },
  }),
  spawn('node_modules/.bin/vite', [], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
console.log(`API on http://127.0.0.1:${apiPort}, console with hot reload on http://127.0.0.1:5173`);
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
