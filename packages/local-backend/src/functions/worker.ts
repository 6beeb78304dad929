import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import type { Logger } from '../http/types';

const HOST_MARKER = '@@deno-host@@';
const hostScript = join(import.meta.dirname, 'deno-host.ts');

/** The function could not start: a syntax error, a failed import, no Deno.serve call… */
export class WorkerBootError extends Error {}
/** The worker process died while answering (Deno.exit, an uncaught error outside the handler…). */
export class WorkerCrashError extends Error {}
export class WorkerTimeoutError extends Error {}

export interface WorkerSpec {
  name: string;
  /** The function's entrypoint file (absolute). */
  entrypoint: string;
  /** deno.json or import_map.json whose "imports" the function uses, if any. */
  importMap?: string;
  env: Record<string, string>;
  /** The folder whose node_modules serves the functions' `npm:` imports (Deno runs there). */
  packageRoot: string;
  denoDir: string;
  log: Logger;
}

export interface ProxiedRequest {
  method: string;
  /** Path and query as the function sees them: '/<name>/sub/path?x=1'. */
  pathAndQuery: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const hopByHopHeaders = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'content-length',
]);

let denoPath: Promise<string> | undefined;

/** The Deno binary of the npm package `deno` (its own installer finds it when not yet linked). */
export function denoExecutable(): Promise<string> {
  denoPath ??= (async () => {
    const packageDir = dirname(createRequire(import.meta.url).resolve('deno/package.json'));
    const linked = join(packageDir, process.platform === 'win32' ? 'deno.exe' : 'deno');
    if (existsSync(linked)) return linked;
    const installer = (await import(pathToFileURL(join(packageDir, 'install_api.cjs')).href)) as {
      default: { runInstall(): string };
    };
    return installer.default.runInstall();
  })();
  return denoPath;
}

/**
 * One warm Deno process running one function. Deno runs offline: `npm:` imports come only from
 * packageRoot's node_modules (nodeModulesDir "manual", cached-only, no remote imports).
 */
export class FunctionWorker {
  private readonly agent = new Agent({ keepAlive: true });
  private readonly exited: Promise<void>;
  private stopping = false;

  private constructor(
    private readonly child: ChildProcess,
    private readonly port: number,
    private readonly name: string,
    /** The last lines of the process's stderr, kept up to date: they explain a crash. */
    private readonly recentErrors: string[],
  ) {
    this.exited = new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
  }

  static async start(spec: WorkerSpec, timeoutMs: number): Promise<FunctionWorker> {
    const args = [
      'run',
      '--no-config',
      '--node-modules-dir=manual',
      '--cached-only',
      '--no-remote',
      '--no-lock',
      '--no-prompt',
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--allow-sys',
      `--allow-write=${tmpdir()}`,
      // The memory limit of the CLI's edge runtime.
      '--v8-flags=--max-old-space-size=256',
      ...(spec.importMap ? [`--import-map=${spec.importMap}`] : []),
      hostScript,
      pathToFileURL(spec.entrypoint).href,
    ];
    const executable = await denoExecutable().catch((error: unknown) => {
      throw new WorkerBootError(`The Deno runtime (npm package deno) is missing: ${String(error)}`);
    });
    const child = spawn(executable, args, {
      cwd: spec.packageRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        DENO_DIR: spec.denoDir,
        DENO_NO_UPDATE_CHECK: '1',
        NO_COLOR: '1',
        ...spec.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stderrTail: string[] = [];
    const prefix = `[functions/${spec.name}]`;

    const port = await new Promise<number>((resolve, reject) => {
      const fail = (message: string) => {
        clearTimeout(timer);
        child.kill('SIGKILL');
        reject(new WorkerBootError(message));
      };
      const timer = setTimeout(
        () => fail(`The function did not start within ${timeoutMs / 1000} s`),
        timeoutMs,
      );
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        if (!line.startsWith(HOST_MARKER)) {
          spec.log.info(`${prefix} ${line}`);
          return;
        }
        const event = JSON.parse(line.slice(HOST_MARKER.length)) as {
          event: string;
          port?: number;
          message?: string;
        };
        if (event.event === 'ready') {
          clearTimeout(timer);
          resolve(event.port ?? 0);
        } else if (event.event === 'boot-error') fail(event.message ?? 'boot error');
      });
      createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => {
        spec.log.error(`${prefix} ${line}`);
        stderrTail.push(line);
        if (stderrTail.length > 20) stderrTail.shift();
      });
      child.once('error', (error) => fail(`Deno could not be started: ${error.message}`));
      // 'close' comes after the process's last output has been read, unlike 'exit'.
      child.once('close', (code, signal) =>
        fail(
          stderrTail.join('\n') ||
            `The function's process exited during start (${signal ?? `code ${code}`})`,
        ),
      );
    });

    return new FunctionWorker(child, port, spec.name, stderrTail);
  }

  get alive(): boolean {
    return !this.stopping && this.child.exitCode === null && this.child.signalCode === null;
  }

  proxy(request: ProxiedRequest, timeoutMs: number): Promise<ProxiedResponse> {
    const headers: IncomingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!hopByHopHeaders.has(name) && value !== undefined) headers[name] = value;
    }
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    if (hasBody) headers['content-length'] = String(request.body.length);

    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
      };
      const fail = (error: Error) => settle(() => reject(error));
      const outgoing = httpRequest({
        agent: this.agent,
        host: '127.0.0.1',
        port: this.port,
        method: request.method,
        path: request.pathAndQuery,
        headers,
      });
      const timer = setTimeout(() => {
        settle(() =>
          reject(
            new WorkerTimeoutError(
              `The function ${this.name} did not answer within ${timeoutMs / 1000} s`,
            ),
          ),
        );
        outgoing.destroy();
      }, timeoutMs);
      outgoing.on('response', (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          settle(() =>
            resolve({
              status: incoming.statusCode ?? 500,
              headers: responseHeaders(incoming.headers),
              body: Buffer.concat(chunks),
            }),
          ),
        );
        incoming.on('error', (error) => void this.crashError(error).then(fail));
      });
      outgoing.on('error', (error) => void this.crashError(error).then(fail));
      outgoing.end(hasBody ? request.body : undefined);
    });
  }

  /** Waits a moment for Deno's last words on stderr ("error: Uncaught …"), which say what went wrong. */
  private async crashError(cause: Error): Promise<WorkerCrashError> {
    await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, 500))]);
    const uncaught = this.recentErrors.findLast((line) => line.startsWith('error: '));
    return new WorkerCrashError(
      uncaught?.slice('error: '.length) ?? `The function's process stopped (${cause.message})`,
    );
  }

  async stop(): Promise<void> {
    if (this.stopping) return this.exited;
    this.stopping = true;
    this.agent.destroy();
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    const forced = setTimeout(() => this.child.kill('SIGKILL'), 2000);
    await this.exited;
    clearTimeout(forced);
  }
}

/** The function's response headers, less those that only concern the connection to the worker. */
function responseHeaders(incoming: IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (hopByHopHeaders.has(name) || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}
