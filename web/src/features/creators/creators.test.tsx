import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, renderApp, serveApi } from '../../test/render';
import { sessionAnswer } from '../../test/session';
import { applicationSchema, contentSchema, serverKeyMessage, testBankSchema } from './schema';

const DAYS = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-11-${String(i + 1).padStart(2, '0')}`,
  clicks: i % 3,
  conversions: i === 29 ? 1 : 0,
  commission_cents: i === 29 ? 4500 : 0,
}));

const APP = {
  id: 'cra-1',
  user_id: 'u-1',
  email: 'creator@demo.test',
  status: 'approved',
  display_name: 'Brennan Media',
  bio: '',
  website: '',
  audience_size: 12000,
  platforms: ['youtube'],
  niches: ['tech_tools'],
  content_plan: 'Two tutorials a month on listing marketing for agents.',
  reason: '',
  created_at: '2026-09-01T00:00:00Z',
  updated_at: '2026-09-02T00:00:00Z',
};

function serve(answers: Record<string, unknown>, profile: Record<string, unknown> = { email: 'creator@demo.test', is_creator: true }) {
  const all: Record<string, unknown> = { '/api/config': DEFAULT_CONFIG, '/api/auth/session': sessionAnswer(profile), ...answers };
  return serveApi((call) => all[call.path] ?? undefined);
}

describe('F-AREA-02 creator rules', () => {
  it('names every wrong field of the application with its message key', () => {
    const bad = applicationSchema.safeParse({ display_name: 'x', bio: '', website: 'example.com', audience_size: 'lots', platforms: [], niches: ['a', 'b', 'c', 'd', 'e', 'f'], content_plan: 'short' });
    expect(bad.success).toBe(false);
    const keys = bad.success ? [] : bad.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(keys).toEqual([
      'display_name:creators.errors.displayName',
      'website:creators.errors.website',
      'audience_size:creators.errors.audienceSize',
      'platforms:creators.errors.platforms',
      'niches:creators.errors.niches',
      'content_plan:creators.errors.contentPlan',
    ]);
    const ok = applicationSchema.safeParse({ display_name: 'Dana', bio: '', website: '', audience_size: '12,000', platforms: ['tiktok'], niches: ['coaching'], content_plan: 'Weekly reels on open houses for new agents.' });
    expect(ok.success).toBe(true);
  });

  it('refuses content published in the future and addresses that are not web addresses', () => {
    const bad = contentSchema.safeParse({ title: 'A good video', url: 'javascript:alert(1)', kind: 'video', published_on: '2999-01-01' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.'))).toEqual(['url', 'published_on']);
  });

  it('checks the shape of the bank numbers and maps the server keys', () => {
    expect(testBankSchema.safeParse({ holder_name: 'Dana', routing_number: '110000000', account_number: '000123456789' }).success).toBe(true);
    expect(testBankSchema.safeParse({ holder_name: '', routing_number: '11', account_number: 'abc' }).success).toBe(false);
    expect(serverKeyMessage('creators.test_bank_no_account')).toBe('creators.errors.testBankNoAccount');
    expect(serverKeyMessage('affiliates.website')).toBeUndefined();
  });
});

describe('F-AREA-02 creator screens', () => {
  it('/creator-onboarding sends the profile, audience and content plan', async () => {
    const calls = serve({ '/api/creator/application': {}, '/api/creator/applications': { ...APP, status: 'pending' } }, { email: 'agent@demo.test' });
    await renderApp('/creator-onboarding');
    const submit = await screen.findByRole('button', { name: 'Send application' }, { timeout: 15000 });
    fireEvent.click(submit);
    expect(await screen.findByText('Choose at least one platform you publish on.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Creator name/), { target: { value: 'Dana Reels' } });
    fireEvent.change(screen.getByLabelText(/Total audience/), { target: { value: '5,400' } });
    fireEvent.click(screen.getByLabelText('TikTok'));
    fireEvent.click(screen.getByLabelText('Social media'));
    fireEvent.change(screen.getByLabelText(/Content plan/), { target: { value: 'Weekly TikTok walk-throughs of listings for agents.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/creator/applications')?.body).toEqual({
        display_name: 'Dana Reels',
        bio: '',
        website: '',
        audience_size: 5400,
        platforms: ['tiktok'],
        niches: ['social_media'],
        content_plan: 'Weekly TikTok walk-throughs of listings for agents.',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Application under review' })).toBeInTheDocument();
  });

  it('/creator-payment-setup in test mode sends the test numbers and shows only the last four digits', async () => {
    const active = { mode: 'test', status: 'active', account: { provider: 'builtin', account_id: 'acct_builtin_u', details_submitted: true, payouts_enabled: true, bank_last4: '6789', created_at: '2026-11-29T00:00:00Z', updated_at: '2026-11-29T00:00:00Z' } };
    const calls = serve({ '/api/creator/application': { application: APP }, '/api/creator/payouts': { mode: 'test', status: 'none' }, '/api/creator/payouts/test-bank': active });
    await renderApp('/creator-payment-setup');
    expect(await screen.findByText(/Test mode: no real money moves/, undefined, { timeout: 15000 })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Account holder/), { target: { value: 'Brennan Media' } });
    fireEvent.change(screen.getByLabelText(/Routing number/), { target: { value: '110000000' } });
    fireEvent.change(screen.getByLabelText(/Account number/), { target: { value: '000123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payout account' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/creator/payouts/test-bank')?.body).toEqual({ holder_name: 'Brennan Media', routing_number: '110000000', account_number: '000123456789' }));
    expect(await screen.findByText('Bank account ending in 6789')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('000123456789')).toBeNull();
  });

  it('/creator-dashboard shows the earnings, the charts with their tables and each piece of content with its link', async () => {
    serve({
      '/api/creator/application': { application: APP },
      '/api/creator/dashboard': {
        application: APP,
        payout: { mode: 'test', status: 'active', account: { provider: 'builtin', account_id: 'a', details_submitted: true, payouts_enabled: true, bank_last4: '6789', created_at: '2026-11-29T00:00:00Z', updated_at: '2026-11-29T00:00:00Z' } },
        content: [
          { id: 'cct-1', title: 'How I shoot a listing video', url: 'https://yt.example/v', kind: 'video', published_on: '2026-11-20', created_at: '2026-11-20T00:00:00Z', referral_path: '/marketplace?aff=brennan&utm_content=cct-1&utm_medium=creator', clicks: 12, conversions: 1, earned_cents: 2490 },
        ],
        referral: {
          affiliate: { id: 'aff-1', user_id: 'u-1', email: '', code: 'brennan', status: 'approved', website: '', audience: '', promotion: '', payout_email: '', reason: '', created_at: '2026-10-01T00:00:00Z' },
          clicks: 36,
          conversions: 3,
          commission_cents: { pending: 4500, approved: 3990, paid: 2490, rejected: 0 },
          days: DAYS,
          recent: [],
        },
      },
    });
    await renderApp('/creator-dashboard');
    const link = (await screen.findByLabelText('Your referral link', { selector: 'input' }, { timeout: 15000 })) as HTMLInputElement;
    expect(link.value).toMatch(/\/marketplace\?aff=brennan$/);
    expect(screen.getByTestId('creator-earned')).toHaveTextContent('$109.80');
    expect(screen.getByRole('img', { name: /Earnings, last 30 days/ })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Clicks, last 30 days' })).getAllByRole('row')).toHaveLength(31);
    const content = screen.getByRole('table', { name: 'Your content' });
    expect(within(content).getByRole('link', { name: /How I shoot a listing video/ })).toHaveAttribute('href', 'https://yt.example/v');
    expect(within(content).getByRole('button', { name: 'Copy the referral link of How I shoot a listing video' })).toBeInTheDocument();
    expect(within(content).getByText('$24.90')).toBeInTheDocument();
  });

  it('/creator-dashboard for a member who is not an approved creator reads no dashboard', async () => {
    const calls = serve({ '/api/creator/application': { application: { ...APP, status: 'pending' } } });
    await renderApp('/creator-dashboard');
    expect(await screen.findByRole('link', { name: 'Become a creator' }, { timeout: 15000 })).toHaveAttribute('href', '/creator-onboarding');
    expect(calls.some((c) => c.path === '/api/creator/dashboard')).toBe(false);
  });
});

describe('F-AREA-02 /admin/creators', () => {
  it('approves an application and rejects another with a reason', async () => {
    const pending = { ...APP, status: 'pending' };
    const other = { ...APP, id: 'cra-2', display_name: 'Dana Reels', email: 'agent@demo.test', status: 'pending' };
    const calls = serve(
      {
        '/api/admin/creator-applications': { applications: [pending, other] },
        '/api/admin/creator-applications/cra-1/approve': { ...pending, status: 'approved' },
        '/api/admin/creator-applications/cra-2/reject': { ...other, status: 'rejected' },
      },
      { email: 'admin@demo.test', is_admin: true, is_admin_effective: true },
    );
    await renderApp('/admin/creators');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Brennan Media' }, { timeout: 15000 }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/creator-applications/cra-1/approve')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Reject Dana Reels' }));
    fireEvent.change(screen.getByLabelText(/Reason \(the applicant sees it\)/), { target: { value: 'Audience too small for now' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Reject' })[0]!);
    await waitFor(() => expect(calls.find((c) => c.path === '/api/admin/creator-applications/cra-2/reject')?.body).toEqual({ reason: 'Audience too small for now' }));
  });
});
