// A thread of the bcrypt pool (bcrypt-pool.ts). Plain JavaScript so Node runs it without a loader.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

// A lower CPU priority for this thread alone (nice 10), so that when every core is busy the event
// loop and Postgres run first and other requests barely notice hashing. Not the lowest (19): there a
// thread gets ~1.5% of a core against any busy process of the same session, such as a test runner
// in a tight loop, and sign-ins crawl; at 10 it keeps ~10% of a contended core and a waking event
// loop still goes first.
// Linux names a thread's id in /proc/thread-self ("<pid>/task/<tid>") and takes it where
// setpriority wants a process id; elsewhere the thread keeps its priority.
const niceness = 10;
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  // Only ever lowered: a backend started with `nice` already is left where it was put.
  if (Number.isInteger(threadId) && threadId > 0) {
    setPriority(threadId, Math.max(getPriority(threadId), niceness));
  }
} catch {
  // Not Linux, or not allowed: hashing still works, only at normal priority.
}

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
