// An ingestion worker thread (ingest-job.ts): reading, checking and summing access-log lines costs
// a few microseconds a line, so a 100,000-line call would hold the event loop that answers every
// other call for most of a second. Plain JavaScript: a worker starts without the TypeScript loader
// of its parent, so it registers one.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runJob } = await import('./ingest-job.ts');

/** Jobs waiting for their domains, by id. */
const asking = new Map();

parentPort.on('message', (message) => {
  if (message.type === 'domains') {
    asking.get(message.id)?.(message.answer);
    asking.delete(message.id);
    return;
  }
  const { id, job } = message;
  const ask = (names) =>
    new Promise((resolve) => {
      asking.set(id, resolve);
      parentPort.postMessage({ type: 'names', id, names });
    });
  const report = (sums) => parentPort.postMessage({ type: 'sums', id, sums });
  runJob(job, ask, report).then(
    () => parentPort.postMessage({ type: 'kept', id }),
    (error) =>
      parentPort.postMessage({
        type: 'failed',
        id,
        error: error instanceof Error ? error.message : String(error),
      }),
  );
});
