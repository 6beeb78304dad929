import type { ApiResponse } from '../http/types';
import type { AuthContext } from './context';

const otherProviders = [
  'apple',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'kakao',
  'keycloak',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'slack',
  'slack_oidc',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'x',
  'zoom',
];

/** GET /settings: which sign-in methods are on (read by UIs, not by auth-js). */
export function settings(context: AuthContext): ApiResponse {
  const { settings } = context;
  return {
    status: 200,
    body: {
      external: {
        anonymous_users: settings.enableAnonymousSignIns,
        ...Object.fromEntries(otherProviders.map((provider) => [provider, false])),
        email: settings.emailEnabled,
        google: settings.googleEnabled,
        azure: settings.azureEnabled,
        phone: false,
      },
      disable_signup: !settings.enableSignup,
      mailer_autoconfirm: !settings.enableConfirmations,
      phone_autoconfirm: false,
      sms_provider: 'twilio',
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
    },
  };
}

/** GET /health */
export function health(): ApiResponse {
  return {
    status: 200,
    body: {
      version: 'local',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    },
  };
}

/** GET /.well-known/jwks.json: tokens are signed with the shared HS256 secret, never listed here. */
export function jwks(): ApiResponse {
  return {
    status: 200,
    headers: { 'Cache-Control': 'public, max-age=600' },
    body: { keys: [] },
  };
}
