import { describe, expect, it } from 'vitest';
import { authFetch } from './auth-support';

describe('settings and health', () => {
  it('GET /settings describes the enabled sign-in methods', async () => {
    const response = await authFetch('/settings');
    expect(response.status).toBe(200);
    const settings = (await response.json()) as Record<string, unknown>;
    expect(settings).toMatchObject({
      external: { email: true, google: true, phone: false, github: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      saml_enabled: false,
    });
    expect(typeof settings.sms_provider).toBe('string');
  });

  it('GET /.well-known/jwks.json lists no keys (tokens are HS256)', async () => {
    const response = await authFetch('/.well-known/jwks.json');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ keys: [] });
  });

  it('GET /health answers 200', async () => {
    const response = await authFetch('/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: 'GoTrue' });
  });
});
