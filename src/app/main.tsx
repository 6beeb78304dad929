import '../index.css';

/**
 * The entry the HTML names, a few hundred bytes. A prerendered page is complete without JavaScript,
 * so the app (./startApp.tsx, its own entry in the build) and the page's chunks are fetched only
 * once the first view is complete: the page has loaded (stylesheet, typeface, the first screen's
 * images, which its largest paint waits for) and been painted, or the visitor presses a key or
 * touches the page first. They never compete with the first view, and a script that arrived
 * before the largest paint would count towards it. scripts/build.ts lists them, the app first
 * (`data-app`), in an inert <template> of module preloads; activating it fetches them all at once.
 * A page without prerendered content (the portal, the not-found shell) needs the code to show
 * anything: the build lists its preloads in the head, fetched with the HTML, and it starts at once.
 */
function startApp(): void {
  const deferred = document.querySelector<HTMLTemplateElement>('template[data-app-chunks]');
  if (deferred) document.head.append(deferred.content);
  const app = document.querySelector('link[data-app]')?.getAttribute('href');
  if (app) void import(/* @vite-ignore */ app);
  // The development server serves index.html as it is, without the build's preloads.
  else if (import.meta.env.DEV) void import('./startApp');
}

const root = document.getElementById('root');
// A protected page's shell (data-shell) is painted with the HTML too, but its content is the code's
// to fetch: it starts at once.
if (root?.firstElementChild && !root.hasAttribute('data-shell')) afterFirstView(startApp);
else startApp();

/**
 * Runs `start` once, at the first of: the page has loaded and been painted (the load event and
 * the first paint, whichever comes last; on a busy device the paint can come well after the load),
 * or the visitor's first press, key or touch. Paint timing entries and events, not timers or
 * animation frames: a test's fake clock holds those back.
 */
function afterFirstView(start: () => void): void {
  const interactions = ['pointerdown', 'keydown', 'touchstart'] as const;
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    for (const type of interactions) window.removeEventListener(type, once, true);
    start();
  };
  for (const type of interactions) {
    window.addEventListener(type, once, { capture: true, passive: true });
  }
  let waiting = 2;
  const oneDone = () => {
    waiting -= 1;
    if (waiting > 0) return;
    // In a task of its own, after the load handlers and the paint they schedule.
    const next = new MessageChannel();
    next.port1.onmessage = once;
    next.port2.postMessage(null);
  };
  if (document.readyState === 'complete') oneDone();
  else window.addEventListener('load', oneDone, { once: true });
  if (!globalThis.PerformanceObserver?.supportedEntryTypes.includes('paint')) {
    oneDone();
    return;
  }
  const painted = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    painted.disconnect();
    oneDone();
  });
  painted.observe({ type: 'paint', buffered: true });
}
