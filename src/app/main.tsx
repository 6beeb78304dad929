import '../index.css';

/**
 * The entry the HTML names, a few hundred bytes. A prerendered page is complete without JavaScript,
 * so the app (./startApp.tsx, its own entry in the build) and the page's chunks are fetched only
 * after the page's first paint: they never compete with the stylesheet, the typeface or the hero
 * for the first view. scripts/build.ts lists them, the app first, in an inert <template> of module
 * preloads; activating it fetches them all at once. A page without prerendered content (the
 * portal, the not-found shell) needs the code to show anything, so it starts at once.
 */
function startApp(): void {
  const chunks = document.querySelector<HTMLTemplateElement>('template[data-app-chunks]');
  if (!chunks) {
    // The development server serves index.html as it is, without the build's template.
    if (import.meta.env.DEV) void import('./startApp');
    return;
  }
  const app = chunks.content.querySelector('link')?.getAttribute('href');
  document.head.append(chunks.content);
  if (app) void import(/* @vite-ignore */ app);
}

if (document.getElementById('root')?.firstElementChild) afterFirstPaint(startApp);
else startApp();

/**
 * Runs `start` once the browser reports the page's first paint (a paint timing entry; these are
 * not timers, so a test's fake clock does not hold them back). Without paint timing it runs at once.
 */
function afterFirstPaint(start: () => void): void {
  if (!globalThis.PerformanceObserver?.supportedEntryTypes.includes('paint')) {
    start();
    return;
  }
  const observer = new PerformanceObserver(() => {
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
}
