import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestBackend, type TestBackend } from '../../local-backend/test/harness';

declare module 'vitest' {
  export interface ProvidedContext {
    projectUrl: string;
    projectDbUrl: string;
    projectMailboxUrl: string;
  }
}

let backend: TestBackend | undefined;

/** The product's own supabase/ project (migrations and seed) on a throwaway local backend. */
export async function setup(project: TestProject): Promise<void> {
  backend = await startTestBackend({ supabaseDir: join(import.meta.dirname, '..') });
  project.provide('projectUrl', backend.url);
  project.provide('projectDbUrl', backend.dbUrl);
  project.provide('projectMailboxUrl', backend.mailboxUrl);
}

export async function teardown(): Promise<void> {
  await backend?.stop();
}
