/**
 * Helpers of the service detail browser specs (detail-*.spec.ts).
 */
import type { Page, Request } from '@playwright/test';
import { createUser, freshEmail, signInAs, STRONG_PASSWORD } from './auth-helpers';
import { expect as baseExpect } from './support/fixtures';

export const expect = baseExpect.configure({ timeout: 20_000 });

export const NESTFLOW = 'NestFlow CRM for Solo Agents';
export const NESTFLOW_ID = 'svc-nestflow-crm'; // verified, Premium Provider, 5 media, 3 packages with yearly prices, Buy Now
export const LAKESHORE_ID = 'svc-lakeshore-bank-statement'; // not verified, no funnel content, no packages, no reviews
export const FARM_ID = 'svc-brightpath-farm-mailers'; // verified, no packages: default tiers Standard / Circle Pro / Co-Pay
export const FARM = 'Neighborhood Farming Mail Program';
export const CMA_ID = 'svc-parceliq-cma'; // not verified: ROI: TBD
export const CLOSINGBELL_ID = 'svc-closingbell-tc'; // owned by vendor@demo.test (ven-closingbell)
export const HARBORLINE_ID = 'svc-harborline-preapproval'; // mortgage lender: licence card, 5 loan officers

export const funnelUrl = (id: string) => `/marketplace?service=${id}&view=funnel`;
export const funnel = (page: Page) => page.getByTestId('funnel-page');

/** Opens a service's funnel page from a shared-style link and waits for it. */
export async function openFunnel(page: Page, id: string): Promise<void> {
  await page.goto(funnelUrl(id));
  await expect(funnel(page)).toBeVisible();
}

/** Collects every purchase request the screen dispatches (src/lib/purchase.ts). */
export async function recordPurchases(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __purchases: unknown[] };
    w.__purchases = [];
    window.addEventListener('circle:purchase', (e) => w.__purchases.push((e as CustomEvent).detail));
  });
}

export async function purchases(page: Page): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(() => (window as unknown as { __purchases: Array<Record<string, unknown>> }).__purchases);
}

/** The tracking events the page posts (POST /api/services/{id}/events). */
export function recordEvents(page: Page): Array<{ service: string; event_type: string; event_data: Record<string, unknown> }> {
  const seen: Array<{ service: string; event_type: string; event_data: Record<string, unknown> }> = [];
  page.on('request', (r: Request) => {
    const m = /\/api\/services\/([^/]+)\/events$/.exec(new URL(r.url()).pathname);
    if (m && r.method() === 'POST') {
      const body = r.postDataJSON() as { event_type: string; event_data?: Record<string, unknown> };
      seen.push({ service: m[1]!, event_type: body.event_type, event_data: body.event_data ?? {} });
    }
  });
  return seen;
}

const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * The test machine has no Internet: the video host's thumbnails (i.ytimg.com) and the
 * privacy-enhanced player (www.youtube-nocookie.com) are answered locally, so a page that shows
 * them logs no network errors. What the page asks for (addresses) is still what is asserted.
 */
export async function stubVideoHosts(page: Page): Promise<void> {
  await page.context().route(/^https:\/\/i\.ytimg\.com\//, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }));
  await page
    .context()
    .route(/^https:\/\/www\.youtube-nocookie\.com\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }));
}

/**
 * Signs the page in as a new verified agent (not Pro). Tests that only need "an agent" use one
 * so that parallel tests never push agent@demo.test over its 5-session limit.
 */
export async function freshAgent(page: Page, tag: string, name = 'Test Agent'): Promise<string> {
  const email = freshEmail(tag);
  await createUser(email, STRONG_PASSWORD, name);
  await signInAs(page, email, STRONG_PASSWORD);
  return email;
}
