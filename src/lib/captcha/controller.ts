import { logger } from '@/lib/logger';
import { authCaptchaCopy } from '@/content/authCaptcha';
import { turnstileScriptUrl } from './scriptUrl';
import type { CaptchaConfig, Turnstile } from './turnstile';

/** How long a submit waits for the widget's token before saying so. */
export const captchaTokenTimeoutMs = 30_000;

export type CaptchaProblem = 'loadFailed' | 'timedOut';

export interface CaptchaView {
  container: () => HTMLElement | null;
  /** What to say under the widget when something went wrong, or null when nothing did. */
  problem: (message: string | null) => void;
}

const onloadName = '__revolveCaptchaLoaded';
let loading: Promise<Turnstile> | null = null;

/**
 * Adds the captcha script to the page once and resolves with its API when the script says it is
 * ready (its `onload` callback). A failed load is forgotten, so the next interaction tries again.
 */
export function loadTurnstile(scriptUrl: string): Promise<Turnstile> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<Turnstile>((resolve, reject) => {
    const url = new URL(scriptUrl || turnstileScriptUrl, window.location.href);
    url.searchParams.set('render', 'explicit');
    url.searchParams.set('onload', onloadName);
    const script = document.createElement('script');
    const fail = () => {
      script.remove();
      loading = null;
      reject(new Error(`The captcha script did not load: ${url.origin}${url.pathname}`));
    };
    (window as unknown as Record<string, unknown>)[onloadName] = () => {
      if (window.turnstile) resolve(window.turnstile);
      else fail();
    };
    script.src = url.toString();
    script.async = true;
    script.addEventListener('error', fail);
    document.head.append(script);
  });
  return loading;
}

/** For tests: forget a script added by an earlier test. */
export function forgetTurnstileScript() {
  loading = null;
}

/**
 * One form's widget: loads the script, renders the widget and hands out each token once. Loaded on
 * the form's first use (useCaptcha), so none of it is in a page's first view.
 */
export class CaptchaController {
  private api: Turnstile | null = null;
  private widgetId: string | undefined;
  private started: Promise<void> | null = null;
  private fresh: string | null = null;
  private failed = false;
  private waiters: ((token: string | null) => void)[] = [];

  constructor(
    private readonly config: CaptchaConfig,
    private readonly view: CaptchaView,
    private readonly timeoutMs = captchaTokenTimeoutMs,
  ) {}

  start(): Promise<void> {
    this.started ??= loadTurnstile(this.config.scriptUrl)
      .then((turnstile) => {
        const element = this.view.container();
        if (!element) return;
        this.api = turnstile;
        element.setAttribute('role', 'group');
        element.setAttribute('aria-label', authCaptchaCopy.label);
        this.widgetId = turnstile.render(element, {
          sitekey: this.config.siteKey,
          size: 'flexible',
          theme: 'light',
          callback: (token) => {
            this.failed = false;
            this.view.problem(null);
            if (this.waiters.length > 0) this.settle(token);
            else this.fresh = token;
          },
          'error-callback': (code) => {
            this.fresh = null;
            this.fail('loadFailed', code);
          },
          'expired-callback': () => {
            this.fresh = null;
          },
        });
      })
      .catch((error: unknown) => {
        // Forgotten, so the next interaction or submit tries again.
        this.started = null;
        this.fail('loadFailed', error);
      });
    return this.started;
  }

  /** An unspent token, waiting for the widget if it has none yet; null when none came. */
  async token(): Promise<string | null> {
    if (this.fresh) {
      const token = this.fresh;
      this.fresh = null;
      return token;
    }
    const waiting = new Promise<string | null>((resolve) => this.waiters.push(resolve));
    // A failed widget gets a fresh start; a pending one keeps going.
    if (this.failed && this.api && this.widgetId !== undefined) {
      this.failed = false;
      this.view.problem(null);
      this.api.reset(this.widgetId);
    }
    await this.start();
    if (!this.api) {
      this.settle(null);
      return null;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        this.fail('timedOut');
        resolve(null);
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([waiting, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Tokens are single-use: after each submission the widget fetches a new one. */
  reset() {
    this.fresh = null;
    if (this.api && this.widgetId !== undefined) this.api.reset(this.widgetId);
  }

  remove() {
    if (this.api && this.widgetId !== undefined) this.api.remove(this.widgetId);
    this.settle(null);
  }

  private settle(token: string | null) {
    const waiting = this.waiters;
    this.waiters = [];
    waiting.forEach((resolve) => resolve(token));
  }

  private fail(problem: CaptchaProblem, detail?: unknown) {
    logger.error('Captcha problem:', problem, detail);
    this.failed = true;
    this.view.problem(authCaptchaCopy[problem]);
    this.settle(null);
  }
}
