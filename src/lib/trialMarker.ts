/**
 * The trial marker (DESIGN.md section 1): `{"exp": <epoch ms>}` in localStorage under a versioned
 * key, written while the signed-in user's trial is active and removed when it is not or at
 * sign-out. Pages that gate "Start Training" read it without loading the Supabase client.
 */
export const TRIAL_MARKER_KEY = 'revolve:trial:v1';

export interface TrialMarker {
  exp: number;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage disabled: there is no marker, and none can be kept.
    return undefined;
  }
}

/** The stored marker if it is well formed and has not lapsed at `now`; otherwise null. */
export function readTrialMarker(now: number = Date.now()): TrialMarker | null {
  const raw = storage()?.getItem(TRIAL_MARKER_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || !('exp' in value)) return null;
    const { exp } = value;
    return typeof exp === 'number' && Number.isFinite(exp) && exp > now ? { exp } : null;
  } catch {
    return null;
  }
}

export function hasValidTrialMarker(now: number = Date.now()): boolean {
  return readTrialMarker(now) !== null;
}

/** Records an active trial ending at `expiresAt` (an ISO timestamp or epoch ms). */
export function writeTrialMarker(expiresAt: string | number): void {
  const exp = typeof expiresAt === 'number' ? expiresAt : new Date(expiresAt).getTime();
  if (!Number.isFinite(exp)) return;
  try {
    storage()?.setItem(TRIAL_MARKER_KEY, JSON.stringify({ exp } satisfies TrialMarker));
  } catch {
    // Storage full or blocked: the marker is a convenience, the backend still decides.
  }
}

export function clearTrialMarker(): void {
  try {
    storage()?.removeItem(TRIAL_MARKER_KEY);
  } catch {
    // As above.
  }
}
