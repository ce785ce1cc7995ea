import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { fakeServer } from '../../test/cart';
import { renderApp } from '../../test/render';
import { linkAction } from './PartnerPaymentsPage';

const day = 24 * 60 * 60 * 1000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();

function link(status: string, extra: Record<string, unknown> = {}) {
  return {
    id: `ppl-${status}`,
    status,
    amount_cents: 9000,
    currency: 'USD',
    description: 'HDR Listing Photography',
    agent_name: 'Riley Agent',
    vendor_name: 'ClosingBell',
    card_last4: '',
    expires_at: iso(status === 'expired' ? -1 : 6),
    paid_at: null,
    created_at: iso(-1),
    ...extra,
  };
}

function share(id: string, title: string, l: ReturnType<typeof link> | null, role = 'agent') {
  return {
    co_pay_request_id: id,
    role,
    agent_name: 'Riley Agent',
    vendor_name: 'ClosingBell',
    service_title: title,
    request_status: 'approved',
    split_percent: 40,
    share_cents: 9000,
    link: l,
  };
}

const SHARES = [
  share('cpr-none', 'Staging', null),
  share('cpr-open', 'Photos', link('open')),
  share('cpr-paid', 'Drone Video', link('paid', { paid_at: iso(-1), card_last4: '4242' })),
  share('cpr-expired', 'Floor Plans', link('expired')),
  share('cpr-processing', 'Virtual Tour', link('processing')),
  share('cpr-vendor', 'Signs', null, 'vendor'),
];

const card = (title: string) => screen.getByRole('article', { name: title });

afterEach(() => sessionStorage.clear());

describe('F-PAY-08 /partner-payments', { timeout: 20_000 }, () => {
  it('offers a new link only where one can be made: none or expired make one, open replaces, paid and being paid none', () => {
    expect(linkAction('none')).toBe('create');
    expect(linkAction('expired')).toBe('create');
    expect(linkAction('revoked')).toBe('create');
    expect(linkAction('open')).toBe('replace');
    expect(linkAction('paid')).toBeNull();
    expect(linkAction('processing')).toBeNull();
  });

  it('lists each approved share with its link status, expiry and the action it allows', async () => {
    fakeServer(true, { 'GET /api/partner-payments': () => ({ body: { shares: SHARES, link_ttl_hours: 168 } }) });
    await renderApp('/partner-payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Partner Payments' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText(/within 7 days/)).toBeInTheDocument();
    // The intro shows before the shares' answer: wait for the cards (a loaded machine once read them too early).
    await screen.findByRole('article', { name: 'Staging' });

    expect(card('Staging')).toHaveTextContent('No link yet');
    expect(card('Staging')).toHaveTextContent('ClosingBell covers 40%');
    expect(card('Staging')).toHaveTextContent('$90');
    expect(within(card('Staging')).getByRole('button', { name: 'Create payment link' })).toBeEnabled();

    expect(card('Photos')).toHaveTextContent('Link open');
    expect(card('Photos')).toHaveTextContent(/The link works until .+, for one payment\./);
    expect(card('Photos')).toHaveTextContent('If you no longer have it, replace it');
    expect(within(card('Photos')).getByRole('button', { name: 'Replace link' })).toBeInTheDocument();

    expect(card('Drone Video')).toHaveTextContent('Paid');
    expect(card('Drone Video')).toHaveTextContent(/The partner paid on .+ · Card •••• 4242/);
    expect(within(card('Drone Video')).queryByRole('button')).toBeNull();

    expect(card('Floor Plans')).toHaveTextContent('Link expired');
    expect(within(card('Floor Plans')).getByRole('button', { name: 'Create payment link' })).toBeInTheDocument();

    expect(card('Virtual Tour')).toHaveTextContent('Being paid');
    expect(within(card('Virtual Tour')).queryByRole('button')).toBeNull();

    expect(card('Signs')).toHaveTextContent("ClosingBell's share of Riley Agent's purchase");
  });

  it('makes a link, shows its address once and copies it with a visible confirmation', async () => {
    let made = false;
    const seen = fakeServer(true, {
      'GET /api/partner-payments': () => ({ body: { shares: [share('cpr-none', 'Staging', made ? link('open') : null)], link_ttl_hours: 168 } }),
      'POST /api/partner-payments': () => {
        made = true;
        return { status: 201, body: { url: 'https://circle.test/partner-checkout/tok', link: link('open') } };
      },
    });
    const user = userEvent.setup();
    // After userEvent.setup(), which puts a clipboard stub of its own on navigator.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderApp('/partner-payments');
    await user.click(await screen.findByRole('button', { name: 'Create payment link' }, { timeout: 5000 }));
    const input = await screen.findByLabelText('Payment link for Staging');
    expect(input).toHaveValue('https://circle.test/partner-checkout/tok');
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({ co_pay_request_id: 'cpr-none' });
    expect(await screen.findByText('Link open')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://circle.test/partner-checkout/tok');
    expect(await within(card('Staging')).findByRole('status')).toHaveTextContent('Link copied. Paste it into your message to the partner.');
  });

  it('asks before replacing an open link, and says why a link cannot be made', async () => {
    const seen = fakeServer(true, {
      'GET /api/partner-payments': () => ({ body: { shares: [share('cpr-open', 'Photos', link('open'))], link_ttl_hours: 168 } }),
      'POST /api/partner-payments': () => ({
        status: 409,
        body: { code: 'conflict', message: 'paid', fields: [{ field: 'co_pay_request_id', key: 'partnerpay.already_paid', message: 'paid' }] },
      }),
    });
    const user = userEvent.setup();
    await renderApp('/partner-payments');
    await user.click(await screen.findByRole('button', { name: 'Replace link' }, { timeout: 5000 }));
    expect(screen.getByText('The link you already sent will stop working. Make a new one?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep the current link' }));
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Replace link' }));
    await user.click(screen.getByRole('button', { name: 'Yes, replace it' }));
    expect(await within(card('Photos')).findByRole('alert')).toHaveTextContent('The partner share is already paid.');
  });

  it('shows an empty state with a way to the marketplace', async () => {
    fakeServer(true, { 'GET /api/partner-payments': () => ({ body: { shares: [], link_ttl_hours: 168 } }) });
    await renderApp('/partner-payments');
    expect(await screen.findByText(/No approved co-pay shares yet/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse services' })).toHaveAttribute('href', '/marketplace');
  });
});

describe('F-PAY-08 partner payment return pages', { timeout: 20_000 }, () => {
  it('the success page shows what was paid, when and with which card', async () => {
    fakeServer(false, {
      'GET /api/partner-payments/sessions/cs_1': () => ({ body: link('paid', { paid_at: iso(0), card_last4: '4242' }) }),
    });
    await renderApp('/partner-payment-success?session_id=cs_1');
    expect(await screen.findByTestId('partner-result', undefined, { timeout: 5000 })).toHaveTextContent("You paid $90 toward Riley Agent's purchase. Thank you.");
    expect(screen.getByText('Paid on')).toBeInTheDocument();
    expect(screen.getByText('•••• 4242')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Circle' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Back to the payment link' })).toBeNull();
  });

  it('the canceled page leads back to the link the tab went to pay, which works again', async () => {
    sessionStorage.setItem(STORAGE_KEYS.partnerLink, 'tok-1');
    fakeServer(false, { 'GET /api/partner-payments/sessions/cs_2': () => ({ body: link('open') }) });
    await renderApp('/partner-payment-canceled?session_id=cs_2');
    expect(await screen.findByTestId('partner-result', undefined, { timeout: 5000 })).toHaveTextContent("Nothing was paid: $90 toward Riley Agent's purchase is still due.");
    expect(screen.getByRole('link', { name: 'Back to the payment link' })).toHaveAttribute('href', '/partner-checkout/tok-1');
  });
});
