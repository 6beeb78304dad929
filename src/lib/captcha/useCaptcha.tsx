import { useEffect, useRef, useState, type ReactNode } from 'react';
import { unreachable } from '@/lib/auth/api';
import type { CaptchaController } from './controller';
import { captchaConfig } from './turnstile';

export interface Captcha {
  /** Spread on the <form>: its first focus or press (typing needs focus first) loads the widget. */
  formProps: { onFocus?: () => void; onPointerDown?: () => void };
  /** The widget and any problem with it; render it inside the form, under the submit button. */
  widget: ReactNode;
  /**
   * A fresh token for this submission: undefined when no captcha is configured, null when none
   * could be had (the problem shows under the widget and the form should stop).
   */
  token: () => Promise<string | null | undefined>;
  /** After every submission: a token is spent once sent, so the widget fetches a new one. */
  reset: () => void;
}

const noCaptcha: Captcha = {
  formProps: {},
  widget: null,
  token: () => Promise.resolve(undefined),
  reset: () => undefined,
};

/**
 * Cloudflare Turnstile for a public account form. Nothing loads until the form is used (the widget's
 * code and script included), so a page's first view carries no captcha (DESIGN.md section 5); this
 * hook is kept to the least for the same reason.
 */
export function useCaptcha(): Captcha {
  const [config] = useState(captchaConfig);
  const container = useRef<HTMLDivElement>(null);
  const controller = useRef<Promise<CaptchaController | null>>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => () => void controller.current?.then((started) => started?.remove()), []);
  if (!config) return noCaptcha;

  const start = () =>
    (controller.current ??= import('./controller').then(
      ({ CaptchaController }) => {
        const created = new CaptchaController(config, {
          container: () => container.current,
          problem: setProblem,
        });
        void created.start();
        return created;
      },
      () => {
        // The widget's code did not arrive (offline): the next interaction tries again.
        controller.current = null;
        setProblem(unreachable.message);
        return null;
      },
    ));
  const load = () => void start();

  return {
    formProps: { onFocus: load, onPointerDown: load },
    widget: (
      <>
        <div ref={container} className="empty:hidden" />
        {problem ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {problem}
          </p>
        ) : null}
      </>
    ),
    token: async () => (await start())?.token() ?? null,
    reset: () => void controller.current?.then((started) => started?.reset()),
  };
}
