// The worker thread that inspects uploaded pictures (picture-check.ts), so the event loop that
// answers every other call never spends the tens of milliseconds a 5 MB picture takes. Plain
// JavaScript: a worker starts without the TypeScript loader of its parent, so it registers one.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { inspectPicture } = await import('./picture-check.ts');

parentPort.on('message', ({ id, bytes }) => {
  try {
    const verdict = inspectPicture(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    parentPort.postMessage({ id, verdict });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
