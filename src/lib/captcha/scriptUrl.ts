/** Cloudflare Turnstile's script (explicit rendering): the account forms' captcha in production. */
export const turnstileScriptUrl =
  'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
