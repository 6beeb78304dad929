import type { TestProject } from 'vitest/node';
import { HttpError } from '../src/http/types';
import { startTestBackend, type TestBackend } from '../src/testing';

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
  shared = await startTestBackend({
    // A project's own route beside the services (test/gateway.test.ts): it echoes what it was given.
    extraRoutes: [
      {
        prefix: '/extra/',
        handle: async (request) => {
          if (request.path === '/fail') throw new HttpError(418, { message: 'refused on purpose' });
          return {
            status: 200,
            headers: { 'X-Extra': 'yes' },
            body: { method: request.method, path: request.path, query: request.url.search },
          };
        },
      },
    ],
  });
  project.provide('backendUrl', shared.url);
  project.provide('mailboxUrl', shared.mailboxUrl);
  project.provide('dbUrl', shared.dbUrl);
}

export async function teardown(): Promise<void> {
  await shared?.stop();
}
