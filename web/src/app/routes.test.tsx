import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, renderApp, stubFetch } from '../test/render';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(stubFetch({ '/api/config': { body: DEFAULT_CONFIG } })));
});

async function h1() {
  return screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
}

// path -> the English title the screen shows (spec 01§2, 03§2).
const TITLES: Array<[string, string]> = [
  ['/', 'The services your business runs on, for less'],
  ['/marketplace', 'The services your business runs on, for less'],
  ['/marketplace?category=home-property', 'The services your business runs on, for less'],
  ['/lobby', 'Browse by Category'],
  ['/auth', 'Welcome Back'],
  ['/auth?mode=signup', 'Create Account'],
  ['/lender', 'Lender Marketplace'],
  ['/academy', 'Circle Academy'],
  ['/creator-dashboard', 'Creator Dashboard'],
  ['/creator-payment-setup', 'Creator Payment Setup'],
  ['/creator-onboarding', 'Become a Creator'],
  ['/admin', 'Admin Dashboard'],
  ['/admin/users', 'Users'],
  ['/admin/audit', 'Audit log'],
  ['/admin/accounting', 'Accounting'],
  ['/admin/commissions', 'Commissions'],
  ['/profile-settings', 'Profile Settings'],
  ['/profile', 'Profile Settings'],
  ['/saved', 'Saved Services'],
  ['/orders', 'Order History'],
  ['/wallet', 'Agent Wallet'],
  ['/pricing', 'Circle Pro'],
  ['/payment-success', 'Payment Successful'],
  ['/payment/success', 'Payment Successful'],
  ['/payment-canceled', 'Payment Canceled'],
  ['/payment/canceled', 'Payment Canceled'],
  ['/consultation-demo', 'Consultation Demo'],
  ['/vendor-registration', 'Vendor Registration'],
  ['/vendor-registration?type=service_provider', 'Service Provider Registration'],
  ['/vendor-registration?type=co_marketing', 'Co-Marketing Partner Registration'],
  ['/vendor-dashboard', 'Service Management'],
  ['/vendor-analytics', 'Vendor Dashboard'],
  ['/command-center', 'Command Center'],
  ['/command-center-test', 'Command Center Test'],
  ['/compliance', 'Compliance'],
  ['/analytics', 'Analytics'],
  ['/support', 'Support Desk'],
  ['/advanced-features', 'Advanced Features'],
  ['/ai-dashboard', 'Need Advice?'],
  ['/ministry', 'Ministry Circle'],
  ['/minsitry', 'Ministry Circle'],
  ['/ministry/success', 'Your request is received'],
  ['/welcome', 'Welcome to Circle'],
  ['/goals', 'Your goals'],
  ['/agent-questionnaire', 'Agent Questionnaire'],
  ['/disc-test', 'DISC Personality Test'],
  ['/partner-checkout/abc123', 'Partner Checkout'],
  ['/partner-payment-success', 'Payment Successful'],
  ['/partner-payment-canceled', 'Payment Canceled'],
  ['/partner-payments', 'Partner Payments'],
  ['/agent-payment-success', 'Payment Successful'],
  ['/agent-payment-canceled', 'Payment Canceled'],
  ['/affiliate', 'Circle Affiliate Program'],
  ['/affiliate/apply', 'Affiliate Application'],
  ['/affiliate/dashboard', 'Affiliate Dashboard'],
  ['/qa', 'QA Runner'],
  ['/dispute-resolution', 'Dispute Resolution'],
  ['/refund-policy', 'Refund Policy'],
  ['/contact', 'Contact Us'],
  ['/billing', 'Billing'],
  ['/integrations', 'Integrations'],
  ['/book-meeting', 'Book a Meeting'],
];

const LEGAL_PATHS = ['terms', 'privacy', 'cookies', 'buyer-protection', 'seller-agreement', 'prohibited-items'];

describe('F-APP-01 404 page', () => {
  it.each(['/no-such-page', '/marketplace/extra/deep', '/legal/unknown'])('%s shows "Oops! Page not found" with a link home', async (path) => {
    const { router } = await renderApp(path);
    expect(await h1()).toHaveTextContent('Oops! Page not found');
    const main = screen.getByRole('main');
    const home = within(main).getByRole('link', { name: 'Return to Home' });
    expect(home).toHaveAttribute('href', '/');
    home.click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('F-APP-02 route table', () => {
  it.each(TITLES)('%s shows its screen titled "%s"', async (path, title) => {
    await renderApp(path);
    // The heading with this title: while a member's session loads, the marketplace shows the
    // members' heading in its place (tests read the session as after a sign-in).
    expect(await screen.findByRole('heading', { level: 1, name: (name) => name.includes(title) }, { timeout: 5000 })).toHaveTextContent(title);
    expect(screen.queryByText('Oops! Page not found')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/ \| Circle$/));
  });

  it.each(LEGAL_PATHS.flatMap((d) => [`/legal/${d}`, `/${d}`]))('%s is a legal page, not the 404', async (path) => {
    await renderApp(path);
    await h1();
    expect(screen.queryByText('Oops! Page not found')).not.toBeInTheDocument();
  });

  it("a legal document names the tab with its own title, also when its code is loaded already", async () => {
    const { router } = await renderApp('/legal/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }, { timeout: 10_000 });
    await act(() => router.navigate('/legal/prohibited-items'));
    await screen.findByRole('heading', { level: 1, name: 'Prohibited Items and Services' }, { timeout: 10_000 });
    await waitFor(() => expect(document.title).toBe('Prohibited Items and Services | Circle'));
    await act(() => router.navigate('/lobby'));
    await waitFor(() => expect(document.title).toBe('Browse by Category | Circle'));
  });

  it('the lobby links its five categories to the filtered marketplace', async () => {
    await renderApp('/lobby');
    await h1();
    const list = screen.getByRole('list', { name: 'Browse by Category' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => [l.textContent?.replace('Browse services', ''), l.getAttribute('href')])).toEqual([
      ['Home & Property', '/marketplace?category=home-property'],
      ['Business & Professional Services', '/marketplace?category=business-professional'],
      ['Healthcare & Wellness', '/marketplace?category=healthcare-wellness'],
      ['Community & Lifestyle', '/marketplace?category=community-lifestyle'],
      ['Growth & Emerging Sectors', '/marketplace?category=growth-emerging'],
    ]);
    expect(list.className).toContain('grid-cols-2');
    expect(list.className).toContain('md:grid-cols-3');
    expect(list.className).toContain('lg:grid-cols-5');
  });
});

describe('F-APP-07 header and footer', () => {
  it('has landmarks, the logo home link, the language picker and Get Started Free', async () => {
    await renderApp('/lobby');
    await h1();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Circle' })).toHaveAttribute('href', '/');
    const picker = within(header).getByRole('combobox', { name: 'Language' });
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['English', 'Español', 'Français']);
    expect(within(header).getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/auth?mode=signup');
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('the footer carries the notices and the legal and support links', async () => {
    await renderApp('/lobby');
    await h1();
    const footer = screen.getByRole('contentinfo');
    for (const text of [
      'You must be 18 or older to use Circle.',
      'Services are available only where local laws allow them.',
      'Buyers and sellers are each responsible for their own taxes.',
      'Circle and the services listed on it are provided as is, without warranties of any kind.',
      'By using Circle you agree to indemnify Circle against claims arising from your use of the platform.',
      'Content posted by users and vendors belongs to them and does not reflect the views of Circle.',
    ]) {
      expect(within(footer).getByText(text)).toBeInTheDocument();
    }
    const legal = within(footer).getByRole('navigation', { name: 'Legal and support' });
    expect(within(legal).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
      '/terms',
      '/privacy',
      '/cookies',
      '/buyer-protection',
      '/seller-agreement',
      '/prohibited-items',
      '/refund-policy',
      '/dispute-resolution',
      '/contact',
    ]);
  });
});
