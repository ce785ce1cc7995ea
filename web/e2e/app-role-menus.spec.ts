/**
 * Issue 28 item 9: the header, the user menu and the phone menu are decided from the viewer's
 * roles by one table (web/src/app/layout/userMenu.ts); this walks every demo role at both widths.
 */
import { signIn } from './marketplace-helpers';
import { expect, test, type Page } from './support/fixtures';

const ALWAYS = ['My Orders', 'Saved Services', 'Notifications', 'Profile Settings', 'AI Concierge', 'Manage Subscription'];

const ROLES: { email: string; upgrade: boolean; points: boolean; links: string[]; absent: string[] }[] = [
  {
    email: 'agent@demo.test',
    upgrade: true,
    points: true,
    links: [...ALWAYS, 'Agent Wallet', 'Become a Creator'],
    absent: ['Command Center', 'Admin Dashboard', 'Service Management', 'Circle Pro Member', 'Creator Dashboard'],
  },
  {
    email: 'pro@demo.test',
    upgrade: false,
    points: true,
    links: [...ALWAYS, 'Agent Wallet', 'Circle Pro Member', 'Become a Creator'],
    absent: ['Command Center', 'Admin Dashboard', 'Service Management'],
  },
  {
    email: 'vendor@demo.test',
    upgrade: false,
    points: false,
    links: [...ALWAYS, 'Vendor Dashboard', 'Service Management'],
    absent: ['Agent Wallet', 'Circle Pro Member', 'Command Center', 'Admin Dashboard'],
  },
  {
    email: 'creator@demo.test',
    upgrade: true,
    points: true,
    links: [...ALWAYS, 'Agent Wallet', 'Creator Dashboard'],
    absent: ['Become a Creator', 'Command Center', 'Admin Dashboard', 'Service Management'],
  },
  {
    email: 'admin@demo.test',
    upgrade: true,
    points: true,
    links: [...ALWAYS, 'Agent Wallet', 'Admin Dashboard', 'Command Center', 'Email Outbox'],
    absent: ['Service Management', 'Creator Dashboard'],
  },
];

const header = (page: Page) => page.getByRole('banner');

async function expectHeader(page: Page, role: (typeof ROLES)[number]) {
  await expect(header(page).getByRole('link', { name: /^Wallet: .* Circle Points$/ })).toHaveCount(role.points ? 1 : 0);
}

for (const role of ROLES) {
  test(`F-AUTH-09 ${role.email} at 1366 px: the header and the user menu show its roles' entries only`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, role.email);
    await page.goto('/pricing');
    const account = header(page).getByRole('button', { name: /^Account menu for / });
    await expect(account).toBeVisible();
    await expectHeader(page, role);
    await expect(header(page).getByRole('link', { name: 'Upgrade to Pro' })).toHaveCount(role.upgrade ? 1 : 0);
    await account.click();
    const menu = page.getByRole('menu');
    for (const name of role.links) await expect(menu.getByRole('menuitem', { name, exact: true })).toBeVisible();
    for (const name of role.absent) await expect(menu.getByRole('menuitem', { name, exact: true })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: /Circle Points$/ })).toHaveCount(role.points ? 1 : 0);
  });

  test(`F-AUTH-09 ${role.email} at 390 px: the phone menu shows the same entries`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, role.email);
    await page.goto('/pricing');
    await expectHeader(page, role);
    await header(page).getByRole('button', { name: 'Menu', exact: true }).click();
    const account = page.getByRole('dialog', { name: 'Menu' }).getByRole('region', { name: 'Account' });
    // AI Concierge opens the concierge (a button); the other entries are links.
    const entry = (name: string) => account.getByRole(name === 'AI Concierge' ? 'button' : 'link', { name, exact: true });
    for (const name of role.links) await expect(entry(name)).toBeVisible();
    for (const name of role.absent) await expect(entry(name)).toHaveCount(0);
    await expect(account.getByRole('link', { name: 'Upgrade to Pro' })).toHaveCount(role.upgrade ? 1 : 0);
  });
}
