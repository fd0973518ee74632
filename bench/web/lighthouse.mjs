// make bench-web: Lighthouse (mobile, simulated throttling, its defaults) on
// each public page of the real binary at BASE_URL, with Debian's Chromium.
// Prints the four category scores, LCP, CLS and the compressed script bytes
// each page transferred. Timings are reported, never asserted (decision 0015).
import { readFile } from 'node:fs/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const baseURL = process.argv[2] ?? 'http://127.0.0.1:18090';
const routeTable = JSON.parse(await readFile(new URL('../../web/src/app/route-table.json', import.meta.url), 'utf8'));
// BENCH_PAGES="/ /quote-start" measures only those pages.
const pages = process.env.BENCH_PAGES?.split(' ') ?? routeTable.routes.filter((r) => r.indexed).map((r) => r.path);

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const score = (category) => (category.score === null ? '   -' : category.score.toFixed(2));
// An audit Lighthouse could not compute (it happens now and then on a loaded
// machine) prints its error instead of ending the whole run.
const measured = (audit, format) => (typeof audit.numericValue === 'number' ? format(audit.numericValue) : `error: ${audit.errorMessage ?? 'no value'}`);
const rows = [];
try {
  for (const path of pages) {
    const result = await lighthouse(`${baseURL}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { categories, audits } = result.lhr;
    const scripts = audits['resource-summary'].details.items.find((item) => item.resourceType === 'script');
    rows.push({
      page: path,
      performance: score(categories.performance),
      accessibility: score(categories.accessibility),
      bestPractices: score(categories['best-practices']),
      seo: score(categories.seo),
      lcp: measured(audits['largest-contentful-paint'], (ms) => `${(ms / 1000).toFixed(2)} s`),
      cls: measured(audits['cumulative-layout-shift'], (value) => value.toFixed(3)),
      scriptBytes: scripts?.transferSize ?? 0,
      failing: Object.values(categories)
        .filter((c) => c.id !== 'performance')
        .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1))
        .map((ref) => `${ref.id} ${JSON.stringify(audits[ref.id].details?.items ?? []).slice(0, 400)}`),
    });
  }
} finally {
  await chrome.kill();
}

console.log('page                  perf  a11y  best   seo      LCP    CLS  script bytes (compressed)');
for (const r of rows) {
  console.log(
    `${r.page.padEnd(20)}  ${r.performance}  ${r.accessibility}  ${r.bestPractices}  ${r.seo}  ${r.lcp.padStart(7)}  ${r.cls}  ${String(r.scriptBytes).padStart(12)}`,
  );
}
for (const r of rows.filter((row) => row.failing.length > 0)) {
  console.log(`${r.page}: audits below 1 outside performance:\n  ${r.failing.join('\n  ')}`);
}
