import { expect, type Page } from './fixtures';

/**
 * The script addresses index.html loads up front (the entry and its module preloads); every other
 * chunk is a screen's, loaded on demand. Read from /lobby, a page the server does not render: the
 * pages with a first screen in their HTML (/, /marketplace, a service's page) carry the loader
 * /start-app.js in place of those scripts (issue 33).
 */
export async function eagerScripts(page: Page): Promise<Set<string>> {
  const res = await page.request.get('/lobby');
  const html = await res.text();
  const urls = [...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((m) => new URL(m[1]!, res.url()).pathname);
  expect(urls.length, 'index.html loads the app entry').toBeGreaterThan(0);
  expect(urls, 'the app page loads its entry itself, not through the loader').not.toContain('/start-app.js');
  return new Set(urls);
}
