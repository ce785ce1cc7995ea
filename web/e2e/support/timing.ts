import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __e2eTimes?: { appAt: number | null; bannerAt: number | null };
  }
}

/**
 * Records, in each document, when the app shell first rendered (the page header) and when the
 * cookie banner first appeared, as performance.now() values. Add before the first navigation.
 */
export async function recordBannerTiming(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const times = { appAt: null as number | null, bannerAt: null as number | null };
    window.__e2eTimes = times;
    const look = () => {
      const now = performance.now();
      if (times.appAt === null && document.querySelector('header')) times.appAt = now;
      if (
        times.bannerAt === null &&
        Array.from(document.querySelectorAll('section h2')).some((h) => h.textContent === 'Cookie Preferences')
      ) {
        times.bannerAt = now;
      }
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true });
  });
}

export async function bannerTimes(page: Page): Promise<{ appAt: number | null; bannerAt: number | null }> {
  return page.evaluate(() => window.__e2eTimes ?? { appAt: null, bannerAt: null });
}

let barriers = 0;

/**
 * Waits until every request the page had started before this call has reached the test: after two
 * animation frames (so intersection observers and effects of the last render have run) the page
 * sends one more request of its own, and the test sees the browser's requests in the order they
 * were made. Use it to assert that something was NOT requested, instead of sleeping.
 */
export async function requestBarrier(page: Page): Promise<void> {
  const marker = `/healthz?e2e-barrier=${++barriers}`;
  const seen = page.waitForRequest((r) => r.url().endsWith(marker));
  await page.evaluate(
    (url) =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            void fetch(url);
            resolve();
          }),
        ),
      ),
    marker,
  );
  await seen;
}

/** Sums the page's layout shifts (not those right after an input), from the first paint on; read them with layoutShifts. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }>) {
        if (e.hadRecentInput) continue;
        w.__cls += e.value;
        w.__shifts.push(`${e.value.toFixed(4)} ${(e.sources ?? []).map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? '?').join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift recordLayoutShifts summed so far, and each shift with the elements that moved. */
export async function layoutShifts(page: Page): Promise<{ cls: number; shifts: string[] }> {
  return page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });
}
