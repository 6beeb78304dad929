// A thread of the bcrypt pool (bcrypt-pool.ts). Plain JavaScript so Node runs it without a loader.
import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

parentPort?.on('message', (job) => {
  try {
    const result =
      job.op === 'hash'
        ? bcrypt.hashSync(job.password, job.cost)
        : bcrypt.compareSync(job.password, job.hash);
    parentPort?.postMessage({ result });
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
