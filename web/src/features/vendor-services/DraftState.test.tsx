import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventBase from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/Toaster';
import { createQueryClient } from '../../lib/queryClient';
import { ServicesTab } from './ServicesTab';

const userEvent = userEventBase.setup({ delay: null });

function service(id: string, title: string, draft: Record<string, unknown>) {
  return {
    id,
    vendor_id: 'ven-1',
    vendor_name: 'ClosingBell',
    title,
    title_es: '',
    title_fr: '',
    description: 'd',
    categories: ['cat:photography'],
    retail_price_cents: 39500,
    pro_price_cents: null,
    billing_period: 'one_time',
    copay_allowed: false,
    split_limit: 0,
    active: true,
    packages: [],
    image_url: '',
    vendor_location: '',
    updated_at: '2026-11-01T10:00:00Z',
    warnings: [],
    has_draft: false,
    draft_funnel: false,
    publish_activates: false,
    ...draft,
  };
}

const LIST = {
  vendors: [{ id: 'ven-1', name: 'ClosingBell', vendor_type: 'transaction_coordinator', ssp: false }],
  services: [
    service('svc-draft', 'Twilight Photos', { has_draft: true, draft_saved_at: '2026-11-02T10:00:00Z', active: false, publish_activates: true }),
    service('svc-live', 'Listing Coordination', {}),
  ],
  categories: [{ tag: 'cat:photography', name: 'Photography', group: 'digital' }],
  split_cap: 70,
  ssp_cap: 20,
};

function serve() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
      const path = new URL(req.url).pathname;
      calls.push(`${req.method} ${path}`);
      const body = req.method === 'GET' ? LIST : service('svc-draft', 'Twilight Photos', {});
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function open() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ServicesTab />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('F-ENG-05 drafts on the Services tab', () => {
  it('marks only the service with unpublished changes and publishes it through the API', async () => {
    const calls = serve();
    open();
    const rows = await screen.findAllByTestId('vendor-service-row');
    expect(within(rows[0]!).getByText('Draft - unpublished changes')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Not in the marketplace yet: publishing lists it.')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Draft - unpublished changes')).toBeNull();
    expect(within(rows[1]!).queryByRole('button', { name: /^Publish/ })).toBeNull();
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Publish Twilight Photos' }));
    await waitFor(() => expect(calls).toContain('POST /api/vendor/services/svc-draft/publish'));
    expect(await screen.findByText('Published: live in the marketplace')).toBeInTheDocument();
  });

  it('asks before discarding and sends nothing when the vendor keeps the draft', async () => {
    const calls = serve();
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    open();
    const rows = await screen.findAllByTestId('vendor-service-row');
    const discard = within(rows[0]!).getByRole('button', { name: 'Discard the unpublished changes of Twilight Photos' });
    await userEvent.click(discard);
    expect(confirm).toHaveBeenCalledWith('Discard the unpublished changes of Twilight Photos? The live listing stays as it is.');
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);
    confirm.mockReturnValue(true);
    await userEvent.click(discard);
    await waitFor(() => expect(calls).toContain('DELETE /api/vendor/services/svc-draft/draft'));
  });
});
