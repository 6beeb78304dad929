/** The sign-in providers offered beside e-mail, by Supabase Auth's names ('azure' is Microsoft). */
export type ExternalProvider = 'google' | 'azure';

export const externalProviderNames: Record<ExternalProvider, string> = {
  google: 'Google',
  azure: 'Microsoft',
};

export const externalProviders = Object.keys(externalProviderNames) as ExternalProvider[];

/** The toast title of a failed sign-in with `provider`. */
export function signInFailedTitle(provider: ExternalProvider): string {
  return `${externalProviderNames[provider]} sign in failed`;
}

const storageKey = 'revolve.signInProvider';

/**
 * The provider the user left for, kept for this tab: a failure that comes back in the address does
 * not say which provider refused.
 */
export function rememberSignInProvider(provider: ExternalProvider): void {
  try {
    sessionStorage.setItem(storageKey, provider);
  } catch {
    // Storage off: a failure is then titled as Google's, the older default.
  }
}

export function rememberedSignInProvider(): ExternalProvider {
  try {
    return sessionStorage.getItem(storageKey) === 'azure' ? 'azure' : 'google';
  } catch {
    return 'google';
  }
}
