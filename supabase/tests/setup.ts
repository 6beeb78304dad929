import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestBackend, type TestBackend } from '@revolve/local-backend/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    projectUrl: string;
    projectDbUrl: string;
    projectMailboxUrl: string;
    legacyDefaultPrivileges: boolean;
  }
}

let backend: TestBackend | undefined;

/**
 * The product's own supabase/ project (migrations and seed) on a throwaway local backend that
 * refuses the legacy JWT API keys, so every test proves the publishable and secret keys suffice
 * (keys.test.ts starts one that still takes them). The supabase-legacy-grants project runs the
 * same tests on a database that had Supabase's legacy default privileges (everything in public
 * granted to the API roles) before the migrations ran.
 */
export async function setup(project: TestProject): Promise<void> {
  const legacyDefaultPrivileges = project.name === 'supabase-legacy-grants';
  backend = await startTestBackend({
    supabaseDir: join(import.meta.dirname, '..'),
    legacyDefaultPrivileges,
    disableLegacyApiKeys: true,
    // As hosted Auth reads the address its own proxy sets: tests play clients at many addresses.
    rateLimitHeader: 'X-Forwarded-For',
  });
  project.provide('legacyDefaultPrivileges', legacyDefaultPrivileges);
  project.provide('projectUrl', backend.url);
  project.provide('projectDbUrl', backend.dbUrl);
  project.provide('projectMailboxUrl', backend.mailboxUrl);
}

export async function teardown(): Promise<void> {
  await backend?.stop();
}
