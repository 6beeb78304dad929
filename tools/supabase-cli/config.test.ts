// The pinned Supabase CLI (devDependencies) must load supabase/config.toml as it is: a section or
// key the CLI no longer supports stops every remote command of the runbook (db push, functions
// deploy, config push), and a deprecated one is the next release's stop.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'node_modules/.bin/supabase');
const complaint = /no longer supported|deprecated|failed to (load|parse|read) config|unknown/i;

/** A port on this machine that nothing listens on, so `db push` fails at connecting, after the config. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function runCli(projectDir: string, args: string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      cli,
      args,
      {
        cwd: projectDir,
        timeout: 60_000,
        // No telemetry, no update check, no Docker: only the config and a refused connection.
        env: {
          ...process.env,
          DO_NOT_TRACK: '1',
          SUPABASE_TELEMETRY_DISABLED: '1',
          DOCKER_HOST: `unix://${join(projectDir, 'no-docker.sock')}`,
        },
      },
      (_error, stdout, stderr) => resolve(`${stdout}\n${stderr}`),
    );
  });
}

/**
 * What the CLI says on loading the config: `status` reads it as the local stack does (and reports
 * retired local sections), `db push --dry-run` as the runbook's remote commands do; each then stops
 * at the missing Docker daemon or the refused connection.
 */
async function configLoadOutput(projectDir: string): Promise<string> {
  const port = await closedPort();
  const [status, push] = await Promise.all([
    runCli(projectDir, ['status']),
    runCli(projectDir, [
      'db',
      'push',
      '--dry-run',
      '--db-url',
      `postgresql://postgres:unused@127.0.0.1:${port}/postgres`,
    ]),
  ]);
  return `${status}\n${push}`;
}

let projectDir: string;

beforeAll(async () => {
  projectDir = await mkdtemp(join(tmpdir(), 'supabase-cli-config-'));
  await cp(join(root, 'supabase'), join(projectDir, 'supabase'), { recursive: true });
});

afterAll(async () => {
  await rm(projectDir, { recursive: true, force: true });
});

describe('the pinned Supabase CLI and supabase/config.toml', () => {
  it('loads the config with no error and no deprecation, then goes on to connect', async () => {
    const output = await configLoadOutput(projectDir);
    expect(output).toMatch(/Cannot connect to the Docker daemon/);
    expect(output).toMatch(/failed to connect to postgres/);
    expect(output.split('\n').filter((line) => complaint.test(line))).toEqual([]);
  });

  it('names a retired section, so the check above can fail', async () => {
    const configPath = join(projectDir, 'supabase', 'config.toml');
    const current = await readFile(configPath, 'utf8');
    try {
      await writeFile(configPath, current.replace('[local_smtp]', '[inbucket]'));
      expect(await configLoadOutput(projectDir)).toMatch(complaint);
    } finally {
      await writeFile(configPath, current);
    }
  });
});
