import type { TestProject } from 'vitest/node';
import { startTestBackend, type TestBackend } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    backendUrl: string;
    mailboxUrl: string;
    dbUrl: string;
  }
}

let shared: TestBackend | undefined;

/** One throwaway backend on the fixture schema for the whole conformance suite. */
export async function setup(project: TestProject): Promise<void> {
  shared = await startTestBackend();
  project.provide('backendUrl', shared.url);
  project.provide('mailboxUrl', shared.mailboxUrl);
  project.provide('dbUrl', shared.dbUrl);
}

export async function teardown(): Promise<void> {
  await shared?.stop();
}
