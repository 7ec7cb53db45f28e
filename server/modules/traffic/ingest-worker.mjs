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
/** Held jobs waiting to be told whether to keep their raw lines, by id; or the word, if it came first. */
const releasing = new Map();

parentPort.on('message', (message) => {
  if (message.type === 'domains') {
    asking.get(message.id)?.(message.answer);
    asking.delete(message.id);
    return;
  }
  if (message.type === 'release') {
    const waiting = releasing.get(message.id);
    if (typeof waiting === 'function') {
      releasing.delete(message.id);
      waiting(message.keep);
    } else releasing.set(message.id, message.keep);
    return;
  }
  const { id, job } = message;
  const ask = (names) =>
    new Promise((resolve) => {
      asking.set(id, resolve);
      parentPort.postMessage({ type: 'names', id, names });
    });
  const report = (sums) => parentPort.postMessage({ type: 'sums', id, sums });
  const release = () =>
    new Promise((resolve) => {
      const word = releasing.get(id);
      if (typeof word === 'boolean') {
        releasing.delete(id);
        resolve(word);
      } else releasing.set(id, resolve);
    });
  runJob(job, ask, report, release).then(
    () => parentPort.postMessage({ type: 'kept', id }),
    (error) =>
      parentPort.postMessage({
        type: 'failed',
        id,
        error: error instanceof Error ? error.message : String(error),
      }),
  );
});
