// Checks the JavaScript budget of spec issue 1: what a visitor's browser downloads to show
// /marketplace (the entry chunk, the marketplace screen chunk and every chunk they import
// statically) must stay under 250 KB gzipped. Reads Vite's manifest, which stays in dist: the
// server reads it for the marketplace's preload links (internal/httpapi/spa_preload.go) and
// never serves it (dot paths are not files to the browser).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET_BYTES = 250 * 1024;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const screenKey = Object.keys(manifest).find((k) => k.endsWith('features/marketplace/MarketplacePage.tsx'));
if (!entryKey || !screenKey) {
  console.error('check-bundle-size: entry or MarketplacePage chunk not found in the manifest');
  process.exit(1);
}

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imp of chunk.imports ?? []) visit(imp);
};
visit(entryKey);
visit(screenKey);

let total = 0;
const rows = [];
for (const file of [...files].filter((f) => f.endsWith('.js'))) {
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gz;
  rows.push([file, gz]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, gz] of rows) console.log(`  ${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
console.log(`/marketplace JavaScript: ${(total / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_BYTES / 1024} KB)`);

if (total > BUDGET_BYTES) {
  console.error('check-bundle-size: over budget');
  process.exit(1);
}
