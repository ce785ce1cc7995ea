// Lighthouse on /, /marketplace and a service's detail page, with the mobile and desktop
// profiles (issue 18 acceptance), driving the system Chromium. Prints one row per page and
// profile: performance and accessibility scores, CLS and LCP; and, below the table, every
// accessibility audit that failed. Figures only: `make bench` runs it (scripts/bench.sh).
//
//   node scripts/lighthouse.mjs http://127.0.0.1:8080
//
// CHROMIUM_PATH picks another browser (default /usr/bin/chromium).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const base = (process.argv[2] ?? process.env.E2E_BASE_URL ?? '').replace(/\/$/, '');
if (!base) {
  console.error('usage: node scripts/lighthouse.mjs BASE_URL');
  process.exit(2);
}
const pages = [
  ['/', '/'],
  ['/marketplace', '/marketplace'],
  ['detail', '/marketplace?service=svc-nestflow-crm&view=funnel'],
];
const profiles = [
  ['mobile', undefined],
  ['desktop', desktopConfig],
];

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const failed = new Map();
const rows = [];
try {
  for (const [name, path] of pages) {
    for (const [profile, config] of profiles) {
      const run = () =>
        lighthouse(base + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, config);
      let lhr = (await run()).lhr;
      // Lighthouse itself now and then fails to trace a load here (a runtime error, every score
      // n/a); such a run says nothing about the page, so it is said and run once more.
      if (lhr.runtimeError) {
        console.log(`${name} ${profile}: Lighthouse failed (${lhr.runtimeError.code}: ${lhr.runtimeError.message}); running it again`);
        lhr = (await run()).lhr;
      }
      const score = (c) => (lhr.categories[c]?.score == null ? 'n/a' : String(Math.round(lhr.categories[c].score * 100)));
      const cls = lhr.audits['cumulative-layout-shift']?.numericValue;
      const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
      rows.push([name, profile, score('performance'), score('accessibility'), cls == null ? 'n/a' : cls.toFixed(3), lcp == null ? 'n/a' : `${(lcp / 1000).toFixed(2)} s`]);
      for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
          const items = (audit.details?.items ?? []).map((i) => i.node?.snippet ?? '').filter(Boolean).slice(0, 3);
          failed.set(`${name} ${profile}: ${ref.id}`, items);
        }
      }
    }
  }
} finally {
  await chrome.kill();
}
const header = ['page', 'profile', 'performance', 'accessibility', 'CLS', 'LCP'];
const fmt = (r) => `${r[0].padEnd(13)} ${r[1].padEnd(8)} ${r[2].padStart(11)} ${r[3].padStart(13)} ${r[4].padStart(7)} ${r[5].padStart(8)}`;
console.log(fmt(header));
for (const r of rows) console.log(fmt(r));
for (const [what, items] of failed) console.log(`accessibility: ${what}${items.length ? `: ${items.join(' | ')}` : ''}`);
