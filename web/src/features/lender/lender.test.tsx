import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, renderApp, stubFetch } from '../../test/render';
import { sessionAnswer } from '../../test/session';
import { readParams, writeParams, type CoPayOptions, type Lender } from './api';

function lender(id: string, name: string, extra: Partial<Lender> = {}): Lender {
  return {
    id,
    name,
    description: `${name} lends.`,
    logo_url: '',
    website_url: '',
    location: 'Dallas, TX',
    phone: '',
    vendor_type: 'mortgage_lender',
    nmls_id: '1839204',
    is_verified: true,
    states: ['OK', 'TX'],
    loan_types: ['conventional', 'va'],
    rating: 4.6,
    review_count: 12,
    copay_available: true,
    respa_kind: 'ssp',
    cap_percent: 20,
    avg_close_days: 21,
    min_credit_score: 580,
    co_marketing_agents: 4,
    specialties: [],
    booking_service_id: `svc-${id}`,
    ...extra,
  };
}

const LENDERS = [
  lender('ven-a', 'Alpha Home Loans'),
  lender('ven-b', 'Bravo Mortgage', { loan_types: ['jumbo'], rating: 0, review_count: 0 }),
  lender('ven-c', 'Charlie Lending', { logo_url: '/api/media/med-charlie-logo/file' }),
  lender('ven-d', 'Delta Credit Union', { copay_available: false, booking_service_id: '' }),
];

const OPTIONS: CoPayOptions = {
  lender_id: 'ven-a',
  lender_name: 'Alpha Home Loans',
  options: [
    {
      service_id: 'svc-photos',
      service_title: 'HDR Listing Photos',
      slider: { min: 10, step: 5, max: 20, initial: 20 },
      split: 20,
      base_price: { cents: 30000, currency: 'USD', usd_cents: 30000, display: '$300', approximate: false },
      agent_share: { cents: 24000, currency: 'USD', usd_cents: 24000, display: '$240', approximate: false },
      vendor_share: { cents: 6000, currency: 'USD', usd_cents: 6000, display: '$60', approximate: false },
      explanation: 'Alpha Home Loans covers 20% ($60); you pay $240.',
    },
  ],
};

type Sent = { path: string; body: unknown };

function stub(session: unknown, sent: Sent[] = []) {
  const answer = stubFetch({
    '/api/config': { body: DEFAULT_CONFIG },
    '/api/auth/session': session ? { body: session } : { status: 401, body: { code: 'unauthenticated', message: 'sign in' } },
    '/api/lenders': { body: { lenders: LENDERS, total: LENDERS.length } },
    '/api/lenders/compare': { body: { lenders: [LENDERS[0], LENDERS[2]] } },
    '/api/lenders/ven-a/copay-options': { body: OPTIONS },
    '/api/copay/requests': { status: 201, body: { id: 'req-1', vendor_id: 'ven-a', status: 'pending' } },
  });
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
    if (req.method === 'POST') sent.push({ path: new URL(req.url).pathname, body: await req.clone().json() });
    return answer(input);
  });
}

describe('F-AREA-05 lender marketplace address', () => {
  it('keeps the filters and the comparison in the address, three at most', () => {
    const { filters, compare } = readParams(new URLSearchParams('state=tx&loan=va&copay=1&rating=45&compare=a,b,c,d'));
    expect(filters).toEqual({ state: 'TX', loanType: 'va', copay: true, minRating: 45 });
    expect(compare).toEqual(['a', 'b', 'c']);
    expect(readParams(new URLSearchParams('loan=arm&rating=33&state=Texas')).filters).toEqual({ state: '', loanType: '', copay: false, minRating: 0 });
    expect(writeParams(filters, ['a'], 'compare').toString()).toBe('state=TX&loan=va&copay=1&rating=45&compare=a&view=compare');
  });
});

describe('F-AREA-05 /lender', () => {
  it('filters through the address, compares two and refuses a fourth with a message', async () => {
    vi.stubGlobal('fetch', stub(null));
    const { router } = await renderApp('/lender');
    const cards = await screen.findAllByTestId('lender-card', {}, { timeout: 5000 });
    expect(cards).toHaveLength(4);
    expect(within(cards[0]!).getByText('NMLS #1839204 · Dallas, TX')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Co-pay available: usually up to 20% of a service (RESPA)')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('No reviews yet')).toBeInTheDocument();
    expect(within(cards[3]!).queryByRole('button', { name: /Request co-marketing/ })).toBeNull();
    expect(within(cards[3]!).getByRole('link', { name: /Book a consultation/ })).toHaveAttribute('href', '/book-meeting?source=lender');
    expect(within(cards[0]!).getByRole('link', { name: /Book a consultation/ })).toHaveAttribute('href', '/book-meeting?service=svc-ven-a&source=lender');
    // An uploaded logo shows as its 128 px square, not the file as uploaded.
    expect(cards[2]!.querySelector('img')).toHaveAttribute('src', '/api/media/med-charlie-logo/file?variant=thumb');

    const wide = screen.getAllByLabelText('Loan type')[0]!;
    fireEvent.change(wide, { target: { value: 'va' } });
    await waitFor(() => expect(router.state.location.search).toBe('?loan=va'));

    fireEvent.click(within(cards[0]!).getByRole('button', { name: /^Compare\s*Alpha/ }));
    fireEvent.click(within(cards[2]!).getByRole('button', { name: /^Compare\s*Charlie/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?loan=va&compare=ven-a%2Cven-c'));
    fireEvent.click(within(cards[1]!).getByRole('button', { name: /^Compare\s*Bravo/ }));
    fireEvent.click(within(cards[3]!).getByRole('button', { name: /^Compare\s*Delta/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('You can compare up to 3 lenders. Remove one to add another.');
    expect(router.state.location.search).toBe('?loan=va&compare=ven-a%2Cven-c%2Cven-b');

    fireEvent.click(screen.getByRole('button', { name: 'Remove Bravo Mortgage from the comparison' }));
    fireEvent.click(screen.getByRole('button', { name: 'Compare now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compare 2 lenders' });
    const table = await within(dialog).findByTestId('compare-table');
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Alpha Home Loans', 'Charlie Lending']);
    expect(within(within(table).getByRole('row', { name: /Time to close/ })).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'Closes in about 21 days',
      'Closes in about 21 days',
    ]);
    expect(router.state.location.search).toContain('view=compare');
  });

  it('asks a visitor to sign in before a co-marketing request', async () => {
    vi.stubGlobal('fetch', stub(null));
    await renderApp('/lender');
    const cards = await screen.findAllByTestId('lender-card', {}, { timeout: 5000 });
    fireEvent.click(within(cards[0]!).getByRole('button', { name: /Request co-marketing/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Co-market with Alpha Home Loans' });
    expect(within(dialog).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth?redirect=%2Flender');
  });

  it('sends a Pro agent\'s co-marketing request as a co-pay request with the server\'s figures', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal('fetch', stub(sessionAnswer({ is_pro: true, is_pro_effective: true, is_pro_member: true }), sent));
    await renderApp('/lender');
    const cards = await screen.findAllByTestId('lender-card', {}, { timeout: 5000 });
    fireEvent.click(within(cards[0]!).getByRole('button', { name: /Request co-marketing/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Co-market with Alpha Home Loans' });
    expect(await within(dialog).findByRole('radio', { name: /HDR Listing Photos/ })).toBeChecked();
    const figures = within(dialog).getByTestId('comarket-figures');
    expect(figures).toHaveTextContent('Alpha Home Loans pays$60');
    expect(figures).toHaveTextContent('You pay$240');
    expect(within(dialog).getByRole('slider', { name: 'Lender\'s share: 20%' })).toHaveAttribute('max', '20');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Request sent to Alpha Home Loans')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/api/copay/requests');
    expect(sent[0]!.body).toMatchObject({ service_id: 'svc-photos', vendor_id: 'ven-a', requested_split_percentage: 20 });
  });
});
