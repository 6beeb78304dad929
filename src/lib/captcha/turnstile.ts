/** The part of Cloudflare Turnstile's explicit-render API the forms use. */
export interface TurnstileRenderOptions {
  sitekey: string;
  callback?: (token: string) => void;
  'error-callback'?: (code?: string) => void;
  'expired-callback'?: () => void;
  action?: string;
  theme?: 'auto' | 'light' | 'dark';
  size?: 'normal' | 'flexible' | 'compact';
}

export interface Turnstile {
  render(container: string | HTMLElement, options: TurnstileRenderOptions): string | undefined;
  reset(widgetId?: string): void;
  remove(widgetId?: string): void;
  getResponse(widgetId?: string): string | undefined;
}

declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

export interface CaptchaConfig {
  siteKey: string;
  /** Empty for Cloudflare's own script; the local build names its backend's stand-in. */
  scriptUrl: string;
}

/** The build's captcha settings, or null when no site key is configured (no widget, no token). */
export function captchaConfig(): CaptchaConfig | null {
  const siteKey = import.meta.env.VITE_CAPTCHA_SITE_KEY?.trim() ?? '';
  if (siteKey === '') return null;
  return { siteKey, scriptUrl: import.meta.env.VITE_CAPTCHA_SCRIPT_URL?.trim() ?? '' };
}
