import type { Locator } from '@playwright/test';
import { createUser, freshEmail, STRONG_PASSWORD } from './auth-helpers';
import { expect, NESTFLOW } from './cart-helpers';
import { cards, waitForGrid } from './marketplace-helpers';
import { test, type Page } from './support/fixtures';

/**
 * Issue 28 item 15: the steps of a purchase answer fast, measured with the page's own clock
 * (performance.now) from the click to the finished screen, median of 3:
 *   Learn more -> the rendered details, under 500 ms;
 *   Add to cart -> the payment-option dialog with its choices, under 500 ms;
 *   Sign In -> the rendered marketplace grid, under 1.5 s.
 * Tagged @quiet: scripts/e2e.sh runs these alone, before the rest, on the fresh demo server.
 */
test.describe.configure({ timeout: 120_000 });

const cardNamed = (page: Page, title: string) => cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/**
 * Milliseconds from the click on target to the first frame in which done(document) holds, on
 * the page's clock. The observer is installed before the click; the click time is taken in the
 * page's capture phase, so Playwright's own round trips are not counted.
 */
async function clickToRendered(page: Page, target: Locator, done: string): Promise<number> {
  await page.evaluate((doneSource) => {
    const w = window as unknown as { __t0: number; __t1: number };
    w.__t0 = 0;
    w.__t1 = 0;
    const isDone = new Function('document', `return (${doneSource})(document);`) as (d: Document) => boolean;
    document.addEventListener('click', () => (w.__t0 ||= performance.now()), { capture: true, once: true });
    const watch = () => {
      if (w.__t0 && !w.__t1 && isDone(document)) w.__t1 = performance.now();
      if (!w.__t1) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  }, done);
  await target.click();
  await page.waitForFunction(() => (window as unknown as { __t1: number }).__t1 > 0, undefined, { timeout: 20_000 });
  return page.evaluate(() => {
    const w = window as unknown as { __t0: number; __t1: number };
    return Math.round(w.__t1 - w.__t0);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The details dialog shows the service with its vendor line and packages. */
const DETAILS_RENDERED = `(d) => [...d.querySelectorAll('[role=dialog]')].some((e) => e.textContent.includes('by NestFlow CRM') && e.textContent.includes('Select Package'))`;
/** The payment-option dialog shows its choices. */
const CHOICE_RENDERED = `(d) => [...d.querySelectorAll('[role=dialog]')].some((e) => e.textContent.includes('Choose Your Payment Option') && e.querySelectorAll('button').length > 1)`;
/** The marketplace grid shows a service card. */
const GRID_RENDERED = `(d) => d.querySelector('#services-grid article[data-service-id]') !== null`;

test('F-CAT-07 F-PAY-03 F-AUTH-02 Learn more, Add to cart and Sign In answer within their budgets (median of 3) @quiet', { tag: '@quiet' }, async ({ page, problems }) => {
  problems.allow({ reason: 'each round signs out by dropping the cookies; the page then finds its session gone', kind: 'http', url: /\/api\/auth\/refresh$/, status: 401 });
  const email = freshEmail('speed');
  await createUser(email);
  const details: number[] = [];
  const choice: number[] = [];
  const signIn: number[] = [];
  for (let i = 0; i < 3; i++) {
    await page.context().clearCookies();
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    signIn.push(await clickToRendered(page, page.getByRole('button', { name: 'Sign In', exact: true }), GRID_RENDERED));

    await page.goto('/marketplace?q=crm');
    await waitForGrid(page);
    const card = cardNamed(page, NESTFLOW);
    details.push(await clickToRendered(page, card.getByRole('button', { name: `Learn more about ${NESTFLOW}` }), DETAILS_RENDERED));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: NESTFLOW })).toBeHidden();
    choice.push(await clickToRendered(page, card.getByRole('button', { name: `Add to cart: ${NESTFLOW}` }), CHOICE_RENDERED));
    await page.keyboard.press('Escape');
  }
  console.log(`Learn more -> details: median ${median(details)} ms (${details.join(', ')}); Add to cart -> payment option: median ${median(choice)} ms (${choice.join(', ')}); Sign In -> marketplace: median ${median(signIn)} ms (${signIn.join(', ')})`);
  expect(median(details), 'Learn more -> rendered details (ms)').toBeLessThan(500);
  expect(median(choice), 'Add to cart -> payment-option dialog (ms)').toBeLessThan(500);
  expect(median(signIn), 'Sign In -> rendered marketplace (ms)').toBeLessThan(1500);
});
