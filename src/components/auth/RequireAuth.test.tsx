import type { User } from '@supabase/supabase-js';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthStateProvider, useAuth } from '@/lib/auth/AuthProvider';
import { signedOutState, type AuthState } from '@/lib/auth/authStore';
import { RequireAuth } from './RequireAuth';

const { toastError } = vi.hoisted(() => ({ toastError: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: { error: toastError, success: vi.fn() } }));

const user = { id: 'u1', email: 'sam@example.com' } as User;
const passwordOnly = { current: 'aal1', next: 'aal1' } as const;
const awaitingCode = { current: 'aal1', next: 'aal2' } as const;
const twoFactors = { current: 'aal2', next: 'aal2' } as const;

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Shows the user the page is given: none while the guard shows the page as its shell. */
function PageSeeingUser() {
  const { user: seen, loading } = useAuth();
  return <p>{seen ? `Content for ${seen.email ?? ''}` : `Shell${loading ? ', loading' : ''}`}</p>;
}

function renderGuarded(auth: Partial<AuthState>, { requireAdmin = false, shell = false } = {}) {
  const path = requireAdmin ? '/admin' : '/dashboard';
  return render(
    <AuthStateProvider value={{ ...signedOutState, ...auth }}>
      <MemoryRouter initialEntries={[`${path}?tab=1`]}>
        <Routes>
          <Route
            path={path}
            element={
              <RequireAuth requireAdmin={requireAdmin} shell={shell}>
                {shell ? <PageSeeingUser /> : <p>Protected content</p>}
              </RequireAuth>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AuthStateProvider>,
  );
}

describe('RequireAuth', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toastError.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('renders nothing while the session loads, then a loading display after 100 ms', () => {
    const { container } = renderGuarded({ loading: true });
    expect(container).toBeEmptyDOMElement();
    act(() => {
      vi.advanceTimersByTime(99);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
  });

  it('sends a visitor to the login page, returning to the page asked for', () => {
    renderGuarded({});
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/login?return_to=%2Fdashboard%3Ftab%3D1',
    );
  });

  it('shows the page to a signed-in user', () => {
    renderGuarded({ user });
    expect(screen.getByText('Protected content')).toBeInTheDocument();
  });

  it('renders nothing when this page just signed the user out (its own code navigates)', () => {
    const { container } = renderGuarded({ signedOutHere: true });
    expect(container).toBeEmptyDOMElement();
  });

  it('sends a sign-in still waiting for its authenticator code back to the code step', () => {
    renderGuarded({ user, aal: awaitingCode });
    expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(
      /^\/login\?return_to=%2Fdashboard%3Ftab%3D1$/,
    );
  });

  it('shows the page to a signed-in user without an authenticator app', () => {
    renderGuarded({ user, aal: passwordOnly });
    expect(screen.getByText('Protected content')).toBeInTheDocument();
  });

  describe('with requireAdmin', () => {
    it('waits for the assurance level lookup', () => {
      const { container } = renderGuarded(
        { user, isAdmin: true, aalLoading: true },
        { requireAdmin: true },
      );
      expect(container).toBeEmptyDOMElement();
    });

    it('waits for the admin lookup', () => {
      const { container } = renderGuarded({ user, adminLoading: true }, { requireAdmin: true });
      expect(container).toBeEmptyDOMElement();
    });

    it('lets an admin in once signed in through a second factor', () => {
      renderGuarded({ user, isAdmin: true, aal: twoFactors }, { requireAdmin: true });
      expect(screen.getByText('Protected content')).toBeInTheDocument();
    });

    it('sends an admin without an authenticator app to set one up, returning here', () => {
      renderGuarded({ user, isAdmin: true, aal: passwordOnly }, { requireAdmin: true });
      expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(
        /^\/account\/security\?return_to=%2Fadmin%3Ftab%3D1$/,
      );
      expect(toastError).toHaveBeenCalledExactlyOnceWith(
        'Two-factor authentication required',
        'Set up an authenticator app to open the admin dashboard.',
      );
    });

    it("sends an admin who has an app but has not entered its code to the login page's code step", () => {
      renderGuarded({ user, isAdmin: true, aal: awaitingCode }, { requireAdmin: true });
      expect(screen.getByTestId('location')).toHaveTextContent(
        /^\/login\?return_to=%2Fadmin%3Ftab%3D1$/,
      );
    });

    it("sends a non-admin to the dashboard with 'Access Denied'", () => {
      renderGuarded({ user }, { requireAdmin: true });
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
      expect(toastError).toHaveBeenCalledExactlyOnceWith(
        'Access Denied',
        'You do not have admin privileges.',
      );
    });

    it('treats a failed lookup as an error, also to the dashboard', () => {
      renderGuarded({ user, adminError: true }, { requireAdmin: true });
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
      expect(toastError).toHaveBeenCalledExactlyOnceWith('Error', 'Failed to verify admin status.');
    });
  });
});

describe('RequireAuth for a page with a shell', () => {
  it('shows the page with no user, as loading, while the session loads', () => {
    renderGuarded({ loading: true }, { shell: true });
    expect(screen.getByText('Shell, loading')).toBeInTheDocument();
  });

  it('keeps the shell, without the user, until the sign-in level is known', () => {
    renderGuarded({ user, aalLoading: true }, { shell: true });
    expect(screen.getByText('Shell, loading')).toBeInTheDocument();
    expect(screen.queryByText(/sam@example.com/)).not.toBeInTheDocument();
  });

  it('then shows the page with the user', () => {
    renderGuarded({ user, aal: passwordOnly }, { shell: true });
    expect(screen.getByText('Content for sam@example.com')).toBeInTheDocument();
  });

  it('still sends a visitor without a session to sign in', () => {
    renderGuarded({}, { shell: true });
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/login?return_to=%2Fdashboard%3Ftab%3D1',
    );
  });
});
