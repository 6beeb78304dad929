import { createHash } from 'node:crypto';
import type { AuthSettings } from '../config';
import type { Metadata } from './users';

/** The external providers the local consent page stands in for. */
export type OAuthProviderName = 'google' | 'azure';

/** The account the developer picked or typed on the consent page. */
export interface ConsentedAccount {
  email: string;
  name: string;
  /**
   * Microsoft only: the consent page's "domain verified" box, the `xms_edov` claim. Google always
   * vouches for its addresses.
   */
  domainVerified: boolean;
}

export interface OAuthProvider {
  name: OAuthProviderName;
  /** The company, as the consent page names it ("Sign in with Microsoft"). */
  brand: string;
  enabled(settings: AuthSettings): boolean;
  /** The provider's stable subject for an address, so the same address is the same identity. */
  subject(email: string): string;
  /** identity_data as GoTrue stores it for this provider; `email_verified` is the provider's word. */
  identityData(account: ConsentedAccount, subject: string): Metadata;
  /** Whether the consent page offers the `xms_edov` choice. */
  asksDomainVerified: boolean;
  /** The description the provider sends with `error=access_denied` when the user cancels. */
  cancelDescription: string;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** A numeric subject like Google's (21 digits). */
function googleSubject(email: string): string {
  const digits = BigInt(`0x${digest(email).toString('hex').slice(0, 24)}`)
    .toString()
    .padStart(20, '0')
    .slice(0, 20);
  return `1${digits}`;
}

/** Microsoft's personal-account tenant; work addresses get a tenant of their own per domain. */
const consumerTenant = '9188040d-6c67-4c5b-b112-36a304b66dad';
const consumerDomains = new Set(['outlook.com', 'hotmail.com', 'live.com', 'msn.com']);

function tenantOf(email: string): string {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (consumerDomains.has(domain)) return consumerTenant;
  const hex = digest(`tenant:${domain}`).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const google: OAuthProvider = {
  name: 'google',
  brand: 'Google',
  enabled: (settings) => settings.googleEnabled,
  subject: googleSubject,
  identityData: ({ email, name }, subject) => ({
    iss: 'https://accounts.google.com',
    sub: subject,
    email,
    email_verified: true,
    phone_verified: false,
    provider_id: subject,
    ...(name ? { name, full_name: name } : {}),
  }),
  asksDomainVerified: false,
  // Google sends `error=access_denied` alone.
  cancelDescription: '',
};

/**
 * Microsoft Entra ID as GoTrue's azure provider reads its ID token: `name` becomes full_name, the
 * address counts as verified when `xms_edov` is absent or true.
 */
export const azure: OAuthProvider = {
  name: 'azure',
  brand: 'Microsoft',
  enabled: (settings) => settings.azureEnabled,
  // Microsoft's pairwise subject: 43 base64url characters.
  subject: (email) => digest(`azure:${email}`).toString('base64url').slice(0, 43),
  identityData: ({ email, name, domainVerified }, subject) => {
    const tenant = tenantOf(email);
    return {
      iss: `https://login.microsoftonline.com/${tenant}/v2.0`,
      sub: subject,
      email,
      email_verified: domainVerified,
      phone_verified: false,
      provider_id: subject,
      preferred_username: email,
      ...(name ? { full_name: name } : {}),
      custom_claims: {
        email,
        oid: digest(`oid:${email}`).toString('hex').slice(0, 32),
        tid: tenant,
        xms_edov: domainVerified,
      },
    };
  },
  asksDomainVerified: true,
  cancelDescription: 'AADSTS65004: User declined to consent to access the app.',
};

const providers: Record<OAuthProviderName, OAuthProvider> = { google, azure };

/** The provider named in a request, if the local consent page stands in for it. */
export function oauthProvider(name: string | null | undefined): OAuthProvider | undefined {
  return name === 'google' || name === 'azure' ? providers[name] : undefined;
}
