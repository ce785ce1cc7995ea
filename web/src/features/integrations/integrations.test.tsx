import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, renderApp, stubFetch } from '../../test/render';
import type { Integration } from './api';

const LIST: Integration[] = [
  { id: 'crm', status: 'configured', adapter: 'highlevel', connect: 'operator', needs: ['CIRCLE_GHL_API_KEY', 'CIRCLE_GHL_LOCATION_ID'], missing: [] },
  { id: 'calendar', status: 'builtin', adapter: 'ics_file', connect: 'always', needs: [], missing: [] },
  { id: 'google_sign_in', status: 'off', adapter: 'none', connect: 'operator', needs: ['CIRCLE_GOOGLE_CLIENT_ID', 'CIRCLE_GOOGLE_CLIENT_SECRET'], missing: ['CIRCLE_GOOGLE_CLIENT_ID', 'CIRCLE_GOOGLE_CLIENT_SECRET'] },
];

afterEach(() => vi.unstubAllGlobals());

describe('F-AREA-05 /integrations', () => {
  it('shows each service with its status here, the settings by name and who connects it', async () => {
    vi.stubGlobal('fetch', vi.fn(stubFetch({ '/api/config': { body: DEFAULT_CONFIG }, '/api/integrations': { body: { integrations: LIST } } })));
    await renderApp('/integrations');
    const cards = await screen.findAllByTestId('integration-card', {}, { timeout: 5000 });
    expect(cards).toHaveLength(3);
    const crm = cards[0]!;
    expect(within(crm).getByRole('heading', { name: 'CRM' })).toBeInTheDocument();
    expect(within(crm).getByText('Connected')).toBeInTheDocument();
    expect(within(crm).getByText('Booking contacts are sent to HighLevel (GoHighLevel).')).toBeInTheDocument();
    expect(within(crm).getByText('CIRCLE_GHL_API_KEY')).toBeInTheDocument();
    expect(within(crm).getByText(/not one per agent/)).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Built in: nothing to connect.')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Off')).toBeInTheDocument();
    expect(within(cards[2]!).getAllByText('(not set)')).toHaveLength(2);
  });
});
