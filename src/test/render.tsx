import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { expect } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthStateProvider } from '@/lib/auth/AuthProvider';
import { signedOutState, type AuthState } from '@/lib/auth/authStore';
import { createQueryClient } from '@/lib/queryClient';

export interface RenderOptions {
  /** The address the router starts at. */
  route?: string;
  /** The route pattern `ui` is mounted at (its parameters are read from `route`); else any. */
  path?: string;
  /** Other routes beside it, as elements by pattern (a page that navigates away lands on one). */
  otherRoutes?: Record<string, ReactElement>;
  /** The session as the auth store would give it; signed out unless given. */
  auth?: Partial<AuthState>;
  /** Whether failed reads are retried, as the app does; off, so that a failure shows at once. */
  retry?: boolean;
}

/**
 * Renders a page or component as the app does, inside the providers it needs: a query client of
 * its own (the app's), the auth state, and a router at `route`.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path, otherRoutes = {}, auth, retry = false }: RenderOptions = {},
) {
  const queryClient = createQueryClient(retry ? undefined : { queries: { retry: false } });
  const routed = path ? (
    <Routes>
      <Route path={path} element={ui} />
      {Object.entries(otherRoutes).map(([pattern, element]) => (
        <Route key={pattern} path={pattern} element={element} />
      ))}
    </Routes>
  ) : (
    ui
  );
  const rendered = render(
    <QueryClientProvider client={queryClient}>
      <AuthStateProvider value={{ ...signedOutState, ...auth }}>
        <MemoryRouter initialEntries={[route]}>{routed}</MemoryRouter>
      </AuthStateProvider>
    </QueryClientProvider>,
  );
  return { ...rendered, queryClient };
}

/** Checks that `element` (a row, a card) shows each of `texts`, wherever in it. */
export function expectTextsIn(element: HTMLElement | undefined, texts: string[]): void {
  for (const text of texts) expect(element).toHaveTextContent(text);
}

/** A promise and the functions that settle it, for a test to hold an answer back. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}
