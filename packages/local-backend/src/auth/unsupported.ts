import type { Endpoint } from './context';
import { notImplemented } from './errors';

/**
 * GoTrue endpoints of features the local backend leaves out, by path. They answer 501 so a client
 * calling one learns the feature is missing here rather than meeting a 404 that looks like a bug.
 * The paths are route patterns (../http/route-pattern.ts).
 */
export const unsupportedFeatures: [string, string][] = [
  ['/passkeys/*', 'Passkeys (WebAuthn)'],
  ['/admin/users/:userId/passkeys/*', 'Passkeys (WebAuthn)'],
  ['/sso/*', 'Single sign-on (SAML)'],
  ['/saml/*', 'Single sign-on (SAML)'],
  ['/admin/sso/*', 'Single sign-on (SAML)'],
  ['/callback', 'OAuth provider callbacks other than the local Google and Microsoft consent pages'],
  ['/oauth/*', 'The OAuth 2.1 server'],
  ['/admin/oauth/*', 'The OAuth 2.1 server'],
  ['/user/oauth/*', 'The OAuth 2.1 server'],
  ['/.well-known/openid-configuration', 'OpenID discovery'],
  ['/.well-known/oauth-authorization-server', 'OpenID discovery'],
  ['/admin/custom-providers/*', 'Custom OAuth providers'],
  ['/admin/audit', 'The audit log API'],
  ['/scim/*', 'SCIM'],
  ['/magiclink', 'The legacy /magiclink endpoint (signInWithOtp uses /otp)'],
];

/** Every method of an unsupported path answers the same 501. */
export function unsupportedEndpoint(feature: string): Endpoint {
  return () => {
    throw notImplemented(feature);
  };
}
