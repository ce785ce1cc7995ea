import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_COOKIE } from '../../lib/session';
import { DEFAULT_CONFIG, jsonResponse, renderApp, serveApi } from '../../test/render';
import { sessionAnswer } from '../../test/session';
import { clickFromLocation, sendLanding } from './landing';
import { applicationSchema } from './schema';

const DAYS = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-11-${String(i + 1).padStart(2, '0')}`,
  clicks: i % 3,
  conversions: i === 29 ? 1 : 0,
  commission_cents: i === 29 ? 4500 : 0,
}));

function serve(answers: Record<string, unknown>, signedIn = true) {
  const all: Record<string, unknown> = {
    '/api/config': DEFAULT_CONFIG,
    '/api/auth/session': signedIn ? sessionAnswer({ email: 'creator@demo.test' }) : null,
    '/api/affiliates/programme': { attribution_days: 30, order_rate_bp: 1000, subscription_rate_bp: 2000 },
    ...answers,
  };
  return serveApi(
    (call) => {
      const body = all[call.path];
      if (body === null && call.path === '/api/auth/session') return jsonResponse({ code: 'not_found', message: 'not found' }, 401);
      return body ?? undefined;
    },
    { signedIn },
  );
}

afterEach(() => {
  document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0`;
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('F-ENG-09 the aff landing', () => {
  it('reads the code and the UTM fields of the address', () => {
    expect(clickFromLocation('https://circle.test/marketplace', '')).toBeNull();
    expect(clickFromLocation('https://circle.test/marketplace?aff=brennan&utm_source=yt&utm_campaign=fall&x=1', 'https://yt.example/')).toEqual({
      affiliate_code: 'brennan',
      url: 'https://circle.test/marketplace?aff=brennan&utm_source=yt&utm_campaign=fall&x=1',
      referrer: 'https://yt.example/',
      utm_source: 'yt',
      utm_campaign: 'fall',
    });
  });

  it('sends a landing once per tab and keeps the attribution locally', async () => {
    const calls = serve({ '/api/affiliates/clicks': { link_id: 'clk-1', affiliate_id: 'aff-1', recorded: true, repeat: false, expires_at: '2026-12-29T00:00:00Z' } }, false);
    expect(await sendLanding('https://circle.test/?aff=brennan', '')).toBe(true);
    expect(await sendLanding('https://circle.test/?aff=brennan', '')).toBe(false);
    expect(calls.filter((c) => c.path === '/api/affiliates/clicks')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('circle-affiliate-attribution') ?? '{}')).toMatchObject({ affiliateCode: 'brennan', linkId: 'clk-1', affiliateId: 'aff-1' });
  });
});

describe('F-ENG-09 application rules', () => {
  it('needs a promotion plan and a payout e-mail; the website is optional but must be a web address', () => {
    const ok = applicationSchema.safeParse({ promotion: 'My newsletter of 4,000 agents', audience: '', website: '', payout_email: 'pay@example.com' });
    expect(ok.success).toBe(true);
    const bad = applicationSchema.safeParse({ promotion: 'short', audience: '', website: 'example.com', payout_email: 'nope' });
    expect(bad.success).toBe(false);
    const keys = bad.success ? [] : bad.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(keys).toEqual(['promotion:affiliates.errors.promotion', 'website:affiliates.errors.website', 'payout_email:affiliates.errors.payoutEmail']);
  });
});

describe('F-ENG-09 affiliate screens', () => {
  it('/affiliate shows the rates from the server and the apply button', async () => {
    serve({ '/api/affiliates/me': {} });
    await renderApp('/affiliate');
    expect(await screen.findByRole('heading', { name: 'Circle Affiliate Program' }, { timeout: 15000 })).toBeInTheDocument();
    expect(await screen.findByText('10%')).toBeInTheDocument();
    expect(screen.getByText('20%')).toBeInTheDocument();
    expect(screen.getByText('30 days')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply now' })).toHaveAttribute('href', '/affiliate/apply');
  });

  it('/affiliate/apply shows each rule on submit and sends the application', async () => {
    const calls = serve({
      '/api/affiliates/me': {},
      '/api/affiliates/applications': { id: 'aff-9', user_id: 'u', email: '', code: 'abc', status: 'pending', website: '', audience: '', promotion: 'x', payout_email: 'p@x.co', reason: '', created_at: '2026-11-29T00:00:00Z' },
    });
    await renderApp('/affiliate/apply');
    const submit = await screen.findByRole('button', { name: 'Send application' }, { timeout: 15000 });
    fireEvent.click(submit);
    expect(await screen.findByText('Tell us how you will promote Circle (10 to 2000 characters).')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/How will you promote Circle/), { target: { value: 'Monthly newsletter to 4,000 agents' } });
    fireEvent.change(screen.getByLabelText(/Payout e-mail/), { target: { value: 'pay@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/affiliates/applications')?.body).toEqual({ promotion: 'Monthly newsletter to 4,000 agents', audience: '', website: '', payout_email: 'pay@example.com' }),
    );
    expect(await screen.findByText(/Your application is being reviewed/)).toBeInTheDocument();
  });

  it('/affiliate/dashboard shows the link, totals, payout status and the chart with its table', async () => {
    serve({
      '/api/affiliates/me': { application: { id: 'aff-1', status: 'approved' } },
      '/api/affiliates/dashboard': {
        affiliate: { id: 'aff-1', user_id: 'u', email: '', code: 'brennan', status: 'approved', website: '', audience: '', promotion: '', payout_email: '', reason: '', created_at: '2026-10-01T00:00:00Z' },
        clicks: 36,
        conversions: 3,
        commission_cents: { pending: 4500, approved: 3990, paid: 2490, rejected: 0 },
        days: DAYS,
        recent: [
          { id: 'c1', affiliate_id: 'aff-1', affiliate_email: '', affiliate_code: 'brennan', link_id: 'l', conversion_type: 'order', source_id: 'ord-1', amount_gross_cents: 45000, rate_bp: 1000, commission_cents: 4500, status: 'pending', payout_batch_id: '', created_at: '2026-11-29T00:00:00Z' },
        ],
      },
    });
    await renderApp('/affiliate/dashboard');
    const link = (await screen.findByLabelText('Your affiliate link', { selector: 'input' }, { timeout: 15000 })) as HTMLInputElement;
    expect(link.value).toMatch(/\/marketplace\?aff=brennan$/);
    expect(screen.getByText('36')).toBeInTheDocument();
    expect(screen.getByText('$109.80')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Last 30 days' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(screen.getByRole('cell', { name: 'Marketplace order' })).toBeInTheDocument();
  });

  // A member who is not an approved affiliate is told so without asking for a dashboard (a 404
  // in every such member's console before).
  it('/affiliate/dashboard for a member who has not applied reads no dashboard', async () => {
    const calls = serve({ '/api/affiliates/me': {} });
    await renderApp('/affiliate/dashboard');
    expect(await screen.findByRole('link', { name: 'About the affiliate programme' }, { timeout: 15000 })).toHaveAttribute('href', '/affiliate');
    expect(calls.some((c) => c.path === '/api/affiliates/dashboard')).toBe(false);
  });
});

describe('F-AREA-03 /admin/commissions', () => {
  it('lists commissions with totals, approves one and rejects another with a reason', async () => {
    const row = { id: 'c1', affiliate_id: 'aff-1', affiliate_email: 'creator@demo.test', affiliate_code: 'brennan', link_id: 'l', conversion_type: 'order', source_id: 'ord-1', amount_gross_cents: 45000, rate_bp: 1000, commission_cents: 4500, status: 'pending', payout_batch_id: '', created_at: '2026-11-29T00:00:00Z' };
    const calls = serve({
      '/api/auth/session': sessionAnswer({ email: 'admin@demo.test', is_admin: true, is_admin_effective: true }),
      '/api/admin/commissions': { items: [row], total: 1, totals: { pending: 4500, approved: 0, paid: 2490, rejected: 0 } },
      '/api/admin/commissions/c1/approve': { ...row, status: 'approved' },
      '/api/admin/commissions/c1/reject': { ...row, status: 'rejected' },
    });
    await renderApp('/admin/commissions');
    expect(await screen.findByRole('cell', { name: /creator@demo.test/ }, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByText('$24.90')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Approve the commission of ord-1' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/commissions/c1/approve')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Reject the commission of ord-1' }));
    fireEvent.change(screen.getByLabelText(/Why is it rejected/), { target: { value: 'Refunded order' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Reject' })[0]!);
    await waitFor(() => expect(calls.find((c) => c.path === '/api/admin/commissions/c1/reject')?.body).toEqual({ reason: 'Refunded order' }));
  });
});
