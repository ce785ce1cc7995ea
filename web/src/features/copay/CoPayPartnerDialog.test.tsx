import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { requestCoPay, VENDOR_MODAL_DISMISSED_KEY } from '../../lib/copay';
import { cartOf, fakeServer } from '../../test/cart';
import { renderApp } from '../../test/render';
import type { CoPayQuote, Partner, PartnerList } from './api';

const money = (cents: number) => ({ cents, usd_cents: cents, currency: 'USD' as const, display: `$${cents / 100}`, approximate: false });

function partner(id: string, name: string, over: Partial<Partner> = {}): Partner {
  return {
    id,
    name,
    description: `${name} helps agents grow.`,
    logo_url: '',
    location: 'Austin, TX',
    vendor_type: 'marketing_company',
    kind: 'non_ssp',
    is_verified: true,
    specialties: ['Postcards'],
    more_specialties: 0,
    representatives: [],
    cap: { percent: 40, reason: 'vendor_max' },
    slider: { min: 10, step: 5, max: 40, initial: 40 },
    preview: {} as Partner['preview'],
    explanation: `${name} covers 40% ($90); you pay $135.`,
    website_url: '',
    ...over,
  } as Partner;
}

const PARTNERS: PartnerList = {
  partners: [
    partner('ven-brightpath', 'Brightpath Agent Marketing'),
    partner('ven-harborline', 'Harborline Home Loans', {
      kind: 'ssp',
      vendor_type: 'mortgage_lender',
      cap: { percent: 20, reason: 'ssp_cap' },
      slider: { min: 10, step: 5, max: 20, initial: 20 },
      representatives: [
        { id: 'rep-1', name: 'Dana Cole', title: 'Loan Officer', profile_picture_url: '', is_primary: true },
        { id: 'rep-2', name: 'Sam Ortiz', title: 'Senior Loan Officer', profile_picture_url: '', is_primary: false },
      ],
      website_url: 'https://harborline.example',
      logo_url: '/api/media/med-harborline-logo/file',
    }),
  ],
  total: 12,
  filtered: 2,
  service_title: 'HDR Listing Photography',
};

function quote(split: number): CoPayQuote {
  const vendor = (225_00 * split) / 100;
  return {
    breakdown: { split_percent: split, vendor_share_cents: vendor, agent_share_cents: 225_00 - vendor } as CoPayQuote['breakdown'],
    explanation: `Brightpath Agent Marketing covers ${split}% ($${vendor / 100}); you pay $${(225_00 - vendor) / 100}.`,
    base_price: money(225_00),
    agent_share: money(225_00 - vendor),
    vendor_share: money(vendor),
    slider: { min: 10, step: 5, max: 40, initial: 40 },
  };
}

const intent = { serviceId: 'svc-hdr', serviceName: 'HDR Listing Photography', packageId: '', yearly: false };

/** The app with a fake server whose partner list answers only when released. */
async function openPicker(handlers: Parameters<typeof fakeServer>[1] = {}, path = '/orders') {
  const seen = fakeServer(true, {
    'GET /api/cart': () => ({ body: cartOf([]) }),
    'GET /api/copay/partners': () => ({ body: PARTNERS }),
    'GET /api/copay/quote': (s) => ({ body: quote(Number(new URLSearchParams(s.search).get('split'))) }),
    ...handlers,
  });
  const answer = globalThis.fetch;
  let release = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/api/copay/partners')) await gate;
    return answer(input, init);
  });
  await renderApp(path);
  await screen.findByRole('button', { name: /^Cart, \d+ items?$/ }, { timeout: 5000 });
  act(() => requestCoPay(intent));
  const dialog = await screen.findByRole('dialog', { name: 'Select Co-Pay Partner' }, { timeout: 5000 });
  return { seen, dialog, release };
}

describe('F-PAY-05 Select Co-Pay Partner dialog', { timeout: 30_000 }, () => {
  it('loads with 6 skeletons, requests co-pay at 40% with the live explanation, shows Request Sent! and Finish opens the cart', async () => {
    const { seen, dialog, release } = await openPicker({
      'POST /api/copay/requests': () => ({ status: 201, body: { id: 'req-1', status: 'pending', vendor_name: 'Brightpath Agent Marketing' } }),
    });
    expect(within(dialog).getAllByTestId('copay-skeleton')).toHaveLength(6);
    expect(within(dialog).getByText('The vendor has 3 days to respond.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Request Your Vendors' })).toBeDisabled();
    act(() => release());
    const cards = await within(dialog).findAllByTestId('copay-partner');
    expect(cards).toHaveLength(2);
    const harbor = cards[1] as HTMLElement;
    // An uploaded logo shows as its 128 px square, not the file as uploaded.
    expect(harbor.querySelector('img')).toHaveAttribute('src', '/api/media/med-harborline-logo/file?variant=thumb');
    for (const name of ['Learn More', 'Request Copay', 'View Loan Officers (2)']) {
      expect(within(harbor).getByRole('button', { name })).toBeInTheDocument();
    }
    await userEvent.click(within(harbor).getByRole('button', { name: 'View Loan Officers (2)' }));
    expect(within(harbor).getByRole('button', { name: 'Hide Loan Officers (2)' })).toBeInTheDocument();
    expect(within(harbor).getAllByRole('button', { name: 'Select Officer' })).toHaveLength(2);
    expect(within(harbor).getByRole('link', { name: 'Learn about Dana Cole' })).toHaveAttribute('href', 'https://harborline.example');

    await userEvent.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Request Copay' }));
    // Issue 28 item 8: the form opens inside the chosen partner's card, with focus in it.
    const form = await within(cards[0] as HTMLElement).findByTestId('copay-form');
    const slider = within(form).getByRole('slider');
    expect(slider).toHaveFocus();
    expect(slider).toHaveAttribute('max', '40');
    expect(slider).toHaveAttribute('step', '5');
    fireEvent.change(slider, { target: { value: '30' } });
    await waitFor(() => expect(within(form).getByTestId('copay-explanation')).toHaveTextContent('covers 30% ($67.5); you pay $157.5'));
    fireEvent.change(slider, { target: { value: '40' } });
    await waitFor(() => expect(within(form).getByTestId('copay-explanation')).toHaveTextContent('covers 40% ($90); you pay $135'));
    expect(within(form).getByText('You pay $135')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Request Your Vendors' }));
    const sent = await screen.findByRole('heading', { name: 'Request Sent!' });
    const post = seen.find((s) => s.method === 'POST' && s.path === '/api/copay/requests');
    expect(post?.body).toMatchObject({ service_id: 'svc-hdr', vendor_id: 'ven-brightpath', requested_split_percentage: 40, agent_notes: '' });
    expect(typeof (post?.body as { idempotency_key: unknown }).idempotency_key).toBe('string');
    const view = sent.closest('[data-testid="copay-sent"]') as HTMLElement;
    expect(within(view).getByText('Co-pay request sent to Brightpath Agent Marketing. Check your cart for updates.')).toBeInTheDocument();
    expect(within(view).getByText('The vendor has 3 days to respond.')).toBeInTheDocument();
    expect(within(view).getByRole('button', { name: 'Send Another Request' })).toBeInTheDocument();
    expect(within(view).getByRole('button', { name: 'View Cart' })).toBeInTheDocument();
    await userEvent.click(within(view).getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('dialog', { name: 'Your cart' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Select Co-Pay Partner' })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(VENDOR_MODAL_DISMISSED_KEY)).toBe('true');
  });

  // Issue 28 item 3: after Request Sent! the button that had focus is gone; Escape still closes
  // the dialog (and the page is live again) instead of doing nothing.
  it('closes on Escape after Request Sent!, with focus on the success view', async () => {
    const { dialog, release } = await openPicker({
      'POST /api/copay/requests': () => ({ status: 201, body: { id: 'req-1', status: 'pending', vendor_name: 'Brightpath Agent Marketing' } }),
    });
    act(() => release());
    const cards = await within(dialog).findAllByTestId('copay-partner');
    await userEvent.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Request Copay' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request Your Vendors' }));
    const sent = await screen.findByRole('heading', { name: 'Request Sent!' });
    await waitFor(() => expect(sent).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request Sent!' })).not.toBeInTheDocument());
    expect(document.querySelector('[inert]')).toBeNull();
  });

  it('closes on Escape even when focus has fallen out of the dialog', async () => {
    const { dialog, release } = await openPicker();
    act(() => release());
    await within(dialog).findAllByTestId('copay-partner');
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(document.activeElement).toBe(document.body);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select Co-Pay Partner' })).not.toBeInTheDocument());
  });

  it('shows the overlay while sending and the spec error toast on failure, keeping what was typed', async () => {
    let fail = () => {};
    const failed = new Promise<void>((r) => {
      fail = r;
    });
    const { dialog, release } = await openPicker({}, '/orders?qa=1');
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
      if (url.includes('/api/copay/requests') && method === 'POST') {
        await failed;
        return new Response(JSON.stringify({ code: 'internal', message: 'boom' }), { status: 500, headers: { 'Content-Type': 'application/json' } });
      }
      return answer(input, init);
    });
    act(() => release());
    expect(await within(dialog).findByTestId('copay-qa')).toHaveTextContent('QA: 12 vendors in total, 2 match the search');
    const cards = await within(dialog).findAllByTestId('copay-partner');
    await userEvent.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Request Copay' }));
    const notes = within(dialog).getByRole('textbox', { name: 'Notes for the vendor (optional)' });
    await userEvent.type(notes, 'Closing next week');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request Your Vendors' }));
    expect(await within(dialog).findByText('Sending co-pay request...')).toBeInTheDocument();
    act(() => fail());
    expect(await screen.findByText('Failed to create co-pay request. Please try again.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Sending co-pay request...')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Notes for the vendor (optional)' })).toHaveValue('Closing next week');
    expect(screen.queryByRole('heading', { name: 'Request Sent!' })).not.toBeInTheDocument();
  });

  // Issue 28 item 8: one clear action per partner, full names, loan officers only at lenders.
  it('offers one action per partner, full names, and loan officers only for lenders', async () => {
    const long = 'Cedar & Pine Web Studio and Digital Marketing Collective of Greater Austin';
    const { dialog, release } = await openPicker({
      'GET /api/copay/partners': () => ({
        body: {
          ...PARTNERS,
          partners: [
            partner('ven-cedar', long, {
              representatives: [{ id: 'rep-9', name: 'Ana Lee', title: 'Account Manager', profile_picture_url: '', is_primary: true }],
            }),
            ...(PARTNERS.partners ?? []),
          ],
        },
      }),
    });
    act(() => release());
    const cards = await within(dialog).findAllByTestId('copay-partner');
    const cedar = cards[0] as HTMLElement;
    const heading = within(cedar).getByRole('heading', { name: long });
    expect(heading.className).not.toMatch(/truncate|line-clamp/);
    for (const card of cards) {
      expect(within(card as HTMLElement).getAllByRole('button', { name: 'Request Copay' })).toHaveLength(1);
      expect(within(card as HTMLElement).queryByRole('button', { name: 'Select Partner' })).not.toBeInTheDocument();
    }
    expect(within(cedar).queryByRole('button', { name: /Loan Officers/ })).not.toBeInTheDocument();
    expect(within(cards[2] as HTMLElement).getByRole('button', { name: 'View Loan Officers (2)' })).toBeInTheDocument();
    await userEvent.click(within(cedar).getByRole('button', { name: 'Request Copay' }));
    const form = await within(cedar).findByTestId('copay-form');
    expect(within(form).getByRole('combobox', { name: 'Representative (optional)' })).toBeInTheDocument();
    expect(within(cedar).queryByRole('button', { name: 'Request Copay' })).not.toBeInTheDocument();
    expect(within(cedar).getByTestId('copay-selected')).toHaveTextContent('Selected');
  });

  it('searches the partners and says when none match', async () => {
    const { seen, dialog, release } = await openPicker({
      'GET /api/copay/partners': (s) =>
        new URLSearchParams(s.search).get('q') ? { body: { ...PARTNERS, partners: [], filtered: 0 } } : { body: PARTNERS },
    });
    act(() => release());
    await within(dialog).findAllByTestId('copay-partner');
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search vendors' }), 'zzz');
    expect(await within(dialog).findByText('No vendors found matching your search.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(seen.some((s) => s.path === '/api/copay/partners' && new URLSearchParams(s.search).get('q') === 'zzz')).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Select Co-Pay Partner' })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(VENDOR_MODAL_DISMISSED_KEY)).toBe('true');
  });
});
