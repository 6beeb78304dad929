import type { Turnstile, TurnstileRenderOptions } from './turnstile';

/**
 * A stand-in for Cloudflare's widget in component tests, installed as `window.turnstile`. With
 * `auto` it issues a numbered token when rendered and after each reset, as the real widget does once
 * its check passes; without it the test issues tokens or errors itself.
 */
export function installFakeTurnstile({ auto = true } = {}) {
  let issued = 0;
  let options: TurnstileRenderOptions | undefined;
  const fake = {
    renders: 0,
    resets: 0,
    removed: 0,
    issue(token = `token-${++issued}`) {
      options?.callback?.(token);
    },
    fail(code = '300030') {
      options?.['error-callback']?.(code);
    },
    api: {
      render(container, params) {
        fake.renders += 1;
        options = params;
        const element =
          typeof container === 'string' ? document.querySelector(container) : container;
        const box = document.createElement('div');
        box.textContent = 'Fake bot check';
        element?.append(box);
        if (auto) fake.issue();
        return 'widget-1';
      },
      reset() {
        fake.resets += 1;
        if (auto) fake.issue();
      },
      remove() {
        fake.removed += 1;
      },
      getResponse: () => undefined,
    } satisfies Turnstile,
  };
  window.turnstile = fake.api;
  return fake;
}

export function uninstallFakeTurnstile() {
  delete window.turnstile;
}
