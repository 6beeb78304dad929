import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

type Job =
  | { op: 'hash'; password: string; cost: number }
  | { op: 'compare'; password: string; hash: string };

interface Queued {
  job: Job;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

const workerUrl = new URL('./bcrypt-worker.mjs', import.meta.url);

/**
 * bcrypt takes tens of milliseconds of CPU per password; on the event loop every other request waits
 * behind it. These threads do it instead, one job each at a time, so at most `size` cores hash while
 * the event loop keeps serving. Each thread lowers its own CPU priority (bcrypt-worker.mjs), so when
 * the cores are all busy the event loop and Postgres go first. Threads start on first use and do not
 * keep the process alive.
 */
export class BcryptPool {
  private readonly idle: Worker[] = [];
  private readonly queue: Queued[] = [];
  private started = 0;

  constructor(readonly size: number = availableParallelism()) {}

  hash(password: string, cost: number): Promise<string> {
    return this.run({ op: 'hash', password, cost }) as Promise<string>;
  }

  compare(password: string, hash: string): Promise<boolean> {
    return this.run({ op: 'compare', password, hash }) as Promise<boolean>;
  }

  private run(job: Job): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.started < this.size ? this.spawn() : undefined);
      if (!worker) return;
      this.assign(worker, this.queue.shift() as Queued);
    }
  }

  private spawn(): Worker {
    this.started += 1;
    const worker = new Worker(workerUrl);
    worker.unref();
    return worker;
  }

  private assign(worker: Worker, queued: Queued): void {
    const settle = () => {
      worker.off('message', onMessage);
      worker.off('error', onFailure);
      worker.off('exit', onFailure);
      worker.unref();
    };
    const onMessage = (reply: { result?: unknown; error?: string }) => {
      settle();
      this.idle.push(worker);
      if (reply.error !== undefined) queued.reject(new Error(`bcrypt: ${reply.error}`));
      else queued.resolve(reply.result);
      this.dispatch();
    };
    // A thread that dies takes only its own job with it; the next job starts a new one.
    const onFailure = (cause: unknown) => {
      settle();
      this.started -= 1;
      void worker.terminate();
      queued.reject(cause instanceof Error ? cause : new Error('a bcrypt thread stopped'));
      this.dispatch();
    };
    worker.on('message', onMessage);
    worker.once('error', onFailure);
    worker.once('exit', onFailure);
    // Referenced while it works, so a job in flight keeps the process alive until it answers.
    worker.ref();
    worker.postMessage(queued.job);
  }
}
