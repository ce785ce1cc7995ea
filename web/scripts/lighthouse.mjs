// Lighthouse on /, /marketplace and a service's page (/services/{slug}), with the mobile and
// desktop profiles (issues 18 and 33 acceptance), driving the system Chromium. Each page and
// profile runs LIGHTHOUSE_RUNS times (default 3); one row each gives the medians: performance,
// accessibility and SEO scores, CLS, LCP and total blocking time, and the machine's benchmark
// index; below the table, every accessibility or SEO audit that failed. Figures only: `make
// bench` runs it (scripts/bench.sh).
//
//   node scripts/lighthouse.mjs http://127.0.0.1:8080
//
// CHROMIUM_PATH picks another browser (default /usr/bin/chromium). LIGHTHOUSE_PAGES=/ (names,
// comma-separated) runs those pages only. LIGHTHOUSE_HEADERS adds request headers, as JSON: a
// French visitor on auto, who sees C$, is '{"Accept-Language":"fr-CA,fr;q=0.9"}'; a browser on
// the ranking experiment's ranked arm adds "Cookie":"circle_ab_ranking_v1=ranked" (a new visitor
// draws the holdout arm, which has no server-rendered first screen, a tenth of the time).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as constants from 'lighthouse/core/config/constants.js';

const base = (process.argv[2] ?? process.env.E2E_BASE_URL ?? '').replace(/\/$/, '');
if (!base) {
  console.error('usage: node scripts/lighthouse.mjs BASE_URL');
  process.exit(2);
}
// The service's page answers a 301 to its current slug from any title part.
const onlyPages = (process.env.LIGHTHOUSE_PAGES ?? '').split(',').filter(Boolean);
const pages = [
  ['/', '/'],
  ['/marketplace', '/marketplace'],
  ['service page', '/services/nestflow-crm--svc-nestflow-crm'],
].filter(([name]) => onlyPages.length === 0 || onlyPages.includes(name));
const extraHeaders = process.env.LIGHTHOUSE_HEADERS ? JSON.parse(process.env.LIGHTHOUSE_HEADERS) : undefined;
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const median = (xs) => {
  const v = xs.filter((x) => x != null && !Number.isNaN(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};
// LIGHTHOUSE_PROFILES=mobile (or desktop) runs one profile only; both by default.
const only = (process.env.LIGHTHOUSE_PROFILES ?? '').split(',').filter(Boolean);
// LIGHTHOUSE_CPU_SLOWDOWN replaces the mobile profile's CPU slowdown (4): a machine twice as fast
// as another (benchmark index) scores the same build like the slower one at 8.
const slowdown = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? 0);
const mobileConfig =
  slowdown > 0
    ? {
        extends: 'lighthouse:default',
        settings: { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown } },
      }
    : undefined;
const profiles = [
  ['mobile', mobileConfig],
  ['desktop', desktopConfig],
].filter(([name]) => only.length === 0 || only.includes(name));

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const failed = new Map();
const rows = [];
// Lighthouse's measure of this machine's speed in each run (environment.benchmarkIndex): its
// simulated phone multiplies the tasks this machine ran, so the same build scores lower on a
// slower or busier machine. Printed with the table, so figures from two machines compare.
const benchmarkIndexes = [];
try {
  for (const [name, path] of pages) {
    for (const [profile, config] of profiles) {
      const run = () =>
        lighthouse(
          base + path,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo'], extraHeaders },
          config,
        );
      const results = [];
      for (let i = 0; i < runs; i++) {
        let lhr = (await run()).lhr;
        // Lighthouse itself now and then fails to trace a load here (a runtime error, every score
        // n/a); such a run says nothing about the page, so it is said and run once more.
        if (lhr.runtimeError) {
          console.log(`${name} ${profile}: Lighthouse failed (${lhr.runtimeError.code}: ${lhr.runtimeError.message}); running it again`);
          lhr = (await run()).lhr;
        }
        results.push(lhr);
        benchmarkIndexes.push(lhr.environment?.benchmarkIndex);
        for (const category of ['accessibility', 'seo']) {
          for (const ref of lhr.categories[category]?.auditRefs ?? []) {
            const audit = lhr.audits[ref.id];
            if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
              const items = (audit.details?.items ?? []).map((it) => it.node?.snippet ?? '').filter(Boolean).slice(0, 3);
              failed.set(`${name} ${profile}: ${category} ${ref.id}`, items);
            }
          }
        }
      }
      const score = (c) => {
        const m = median(results.map((lhr) => (lhr.categories[c]?.score == null ? null : lhr.categories[c].score * 100)));
        return m == null ? 'n/a' : String(Math.round(m));
      };
      const metric = (id) => median(results.map((lhr) => lhr.audits[id]?.numericValue));
      const cls = metric('cumulative-layout-shift');
      const lcp = metric('largest-contentful-paint');
      const tbt = metric('total-blocking-time');
      rows.push([
        name,
        profile,
        score('performance'),
        score('accessibility'),
        score('seo'),
        cls == null ? 'n/a' : cls.toFixed(3),
        lcp == null ? 'n/a' : `${(lcp / 1000).toFixed(2)} s`,
        tbt == null ? 'n/a' : `${Math.round(tbt)} ms`,
      ]);
    }
  }
} finally {
  await chrome.kill();
}
console.log(`medians of ${runs} run${runs === 1 ? '' : 's'} per page and profile${slowdown > 0 ? ` (mobile CPU slowdown ${slowdown})` : ''}`);
const indexes = benchmarkIndexes.filter((x) => typeof x === 'number');
if (indexes.length > 0) {
  console.log(
    `this machine's benchmark index (Lighthouse): median ${Math.round(median(indexes))}, ` +
      `${Math.round(Math.min(...indexes))}-${Math.round(Math.max(...indexes))} over ${indexes.length} runs`,
  );
}
const header = ['page', 'profile', 'performance', 'accessibility', 'SEO', 'CLS', 'LCP', 'TBT'];
const fmt = (r) =>
  `${r[0].padEnd(13)} ${r[1].padEnd(8)} ${r[2].padStart(11)} ${r[3].padStart(13)} ${r[4].padStart(4)} ${r[5].padStart(7)} ${r[6].padStart(8)} ${r[7].padStart(8)}`;
console.log(fmt(header));
for (const r of rows) console.log(fmt(r));
for (const [what, items] of failed) console.log(`failed: ${what}${items.length ? `: ${items.join(' | ')}` : ''}`);
