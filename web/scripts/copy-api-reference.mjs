// Copies Redoc's standalone bundle (npm package redoc) into the build as a hashed asset for the
// API reference page the server renders at /api/docs (internal/httpapi/api_docs.go). It stays
// out of the app's own bundle: only that page loads it, and no outside host serves it.
import { readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const source = join(dirname(require.resolve('redoc/package.json')), 'bundles', 'redoc.standalone.js');
let script = readFileSync(source, 'utf8');

// The sidebar's "API docs by Redocly" credit loads its logo from Redocly's CDN: the page's
// Content-Security-Policy refuses it (a console error), and the machines running Circle may have
// no internet. An empty inline SVG stands in; the credit's text and link stay. Fail the build
// when an upgrade of redoc moves the address, rather than let the page ask an outside host.
const logo = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
if (script.split(logo).length !== 2) {
  console.error(`copy-api-reference: expected ${logo} once in ${source}; check the new redoc version`);
  process.exit(1);
}
script = script.replace(logo, "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E");

const hash = createHash('sha256').update(script).digest('hex').slice(0, 10);
const assets = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'assets');
const name = `redoc.standalone-${hash}.js`;
writeFileSync(join(assets, name), script);
copyFileSync(`${source}.LICENSE.txt`, join(assets, `${name}.LICENSE.txt`));
console.log(`copy-api-reference: assets/${name}`);
