/** What the public account forms say about their bot check (Cloudflare Turnstile). */
export const authCaptchaCopy = {
  /** The widget's region, for screen readers. */
  label: 'Check that you are not a bot',
  loadFailed:
    "We couldn't load the check that keeps this form safe from bots. Check your connection and try again.",
  timedOut:
    'The check that keeps this form safe from bots is taking too long. Wait a moment and try again.',
  /** GoTrue refused the request's captcha token (400 captcha_failed). */
  refused:
    "We couldn't confirm you are not a bot. Complete the check under the form and try again.",
};
