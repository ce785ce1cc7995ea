import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { AGENT_PROFILE, fakeServer } from '../../test/cart';

const ADMIN = { 'GET /api/auth/session': () => ({ body: { profile: { ...AGENT_PROFILE, is_admin: true, is_admin_effective: true }, session: {} } }) };

const SPIKE = {
  service_id: 'svc-1',
  title: 'NestFlow CRM',
  views: 40,
  viewers: 40,
  networks: 2,
  top_network_views: 30,
  signed_in_views: 0,
  baseline_views: 1.5,
  reasons: ['jump', 'few_sources'],
};

// F-CAT-13 (issue 14): administrators see the services whose recent views look inflated.
describe('F-CAT-13 /admin/view-spikes', { timeout: 20_000 }, () => {
  it('lists the spikes of the chosen window with their reasons', async () => {
    const seen = fakeServer(true, {
      ...ADMIN,
      'GET /api/admin/marketplace/view-spikes': () => ({ body: { window_minutes: 60, services: [SPIKE] } }),
    });
    await renderApp('/admin/view-spikes');
    const row = await screen.findByRole('row', { name: /NestFlow CRM/ }, { timeout: 5000 });
    expect(within(row).getByText('Far above usual')).toBeInTheDocument();
    expect(within(row).getByText('Few networks')).toBeInTheDocument();
    expect(within(row).getByText('1.5')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'View Spikes' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Window'), 'Last 24 hours');
    await screen.findByRole('row', { name: /NestFlow CRM/ });
    expect(seen.some((r) => r.path === '/api/admin/marketplace/view-spikes')).toBe(true);
  });

  it('says when nothing is suspicious', async () => {
    fakeServer(true, { ...ADMIN, 'GET /api/admin/marketplace/view-spikes': () => ({ body: { window_minutes: 60, services: [] } }) });
    await renderApp('/admin/view-spikes');
    expect(await screen.findByText('No suspicious spikes', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('is not for agents', async () => {
    fakeServer(true);
    await renderApp('/admin/view-spikes');
    expect(await screen.findByText("You don't have access to this page", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'View Spikes', level: 1 })).toBeNull();
  });
});
