/**
 * Lighthouse (mobile preset, default throttling) on the built site, against the DESIGN.md section 5
 * thresholds. Each route is audited LIGHTHOUSE_RUNS times; prints the median of the four category
 * scores and, beside them, the median of the route's simulated LCP as a multiple of its floor: the
 * same prerendered HTML with its scripts and module preloads removed, served in the same run
 * (through a proxy that strips them) and measured right after each audit of the page.
 * Exits 1 when a median score is under its threshold or the median ratio over LCP_RATIO_LIMIT.
 * Run through `npm run lighthouse`, which builds first.
 */
import { createServer, request as httpRequest } from 'node:http';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { chromePath } from './lib/chrome';
import {
  lcpRatio,
  lcpRatioFailure,
  LCP_RATIO_LIMIT,
  LIGHTHOUSE_RUNS,
  median,
  medianLcpRatio,
  withoutScripts,
} from './lib/lcpRatio';
import { startPreviewServer } from './lib/preview-server';

// --only takes comma-separated paths of these routes (to retry one while working on it).
const { values: args } = parseArgs({ options: { only: { type: 'string' } } });
const only = args.only?.split(',').filter(Boolean);
const routes = ['/', '/training-library', '/modules/dementia', '/login'].filter(
  (route) => !only || only.includes(route),
);
const thresholds = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
} as const;
type Category = keyof typeof thresholds;

// The site URL the build used is localhost:4173, so canonical links match the audited origin.
const server = await startPreviewServer(4173);
const floor = await startFloorProxy(4176, server.origin);
const chrome = await chromeLauncher.launch({
  chromePath: chromePath(),
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
  ],
});

const failures: string[] = [];
try {
  console.log(
    `Lighthouse (mobile), median of ${LIGHTHOUSE_RUNS} runs   perf  a11y  best   seo   LCP / no-JS floor (each run)`,
  );
  for (const route of routes) {
    const runs: { result: RunnerResult; pageLcpMs: number; floorLcpMs: number }[] = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
      const result = await lighthouse(`${server.origin}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(thresholds),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
      const floorResult = await lighthouse(`${floor.origin}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!floorResult) throw new Error(`Lighthouse returned nothing for ${route} without scripts`);
      runs.push({
        result,
        pageLcpMs: result.lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        floorLcpMs: floorResult.lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      });
    }
    const ratio = medianLcpRatio(runs);
    const scores = Object.fromEntries(
      (Object.keys(thresholds) as Category[]).map((category) => [
        category,
        median(
          runs.map(({ result }) => Math.round((result.lhr.categories[category]?.score ?? 0) * 100)),
        ),
      ]),
    ) as Record<Category, number>;
    // The run whose ratio is the median stands for the route's timings and failed audits.
    const typical =
      runs.find((run) => lcpRatio(run.pageLcpMs, run.floorLcpMs) === ratio) ?? runs[0];
    if (!typical) throw new Error(`No Lighthouse run for ${route}`);
    const metric = (id: string) => typical.result.lhr.audits[id]?.displayValue ?? '?';
    const eachRun = runs
      .map((run) => `${lcpRatio(run.pageLcpMs, run.floorLcpMs).toFixed(2)}`)
      .join(', ');
    console.log(
      `  ${route.padEnd(37)} ${(Object.keys(thresholds) as Category[]).map((category) => String(scores[category]).padStart(5)).join(' ')}` +
        `   ${ratio.toFixed(2)}x (${eachRun}; ${(typical.pageLcpMs / 1000).toFixed(2)} s / ${(typical.floorLcpMs / 1000).toFixed(2)} s)` +
        `   FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
    );
    const ratioFailure = lcpRatioFailure(route, ratio);
    if (ratioFailure) failures.push(ratioFailure);
    const { lhr } = typical.result;
    for (const category of Object.keys(thresholds) as Category[]) {
      if (scores[category] < thresholds[category]) {
        const failed = Object.values(lhr.audits)
          .filter(
            (audit) =>
              audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative',
          )
          .filter((audit) =>
            lhr.categories[category]?.auditRefs.some(
              (ref) => ref.id === audit.id && ref.weight > 0,
            ),
          )
          .map((audit) => audit.id);
        failures.push(
          `${route} ${category} ${scores[category]} < ${thresholds[category]} (${failed.join(', ')})`,
        );
      }
    }
  }
} finally {
  chrome.kill();
  floor.stop();
  await server.stop();
}

if (failures.length > 0) {
  console.error(`\nUnder threshold:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `\nAll routes meet the thresholds (performance 95, accessibility 100, best practices 100, SEO 100, LCP within ${LCP_RATIO_LIMIT}x of the no-JavaScript floor).`,
);

/**
 * The preview server's site as it is, except that HTML pages come without their scripts and
 * module preloads (gzipped like the original), so that Lighthouse can measure a page's floor.
 */
async function startFloorProxy(
  port: number,
  upstream: string,
): Promise<{ origin: string; stop: () => void }> {
  const proxy = createServer((incoming, outgoing) => {
    const headers = { ...incoming.headers, host: new URL(upstream).host };
    const forward = httpRequest(
      new URL(incoming.url ?? '/', upstream),
      { method: incoming.method, headers: { ...headers, 'accept-encoding': 'identity' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          let body = Buffer.concat(chunks);
          const responseHeaders = { ...response.headers };
          if (String(response.headers['content-type']).startsWith('text/html')) {
            body = Buffer.from(withoutScripts(body.toString('utf8')));
          }
          if (/\bgzip\b/.test(String(incoming.headers['accept-encoding'] ?? ''))) {
            body = gzipSync(body);
            responseHeaders['content-encoding'] = 'gzip';
          }
          responseHeaders['content-length'] = String(body.length);
          outgoing.writeHead(response.statusCode ?? 502, responseHeaders);
          outgoing.end(body);
        });
      },
    );
    forward.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(port, 'localhost', resolve));
  return { origin: `http://localhost:${port}`, stop: () => proxy.close() };
}
