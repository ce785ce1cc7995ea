import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventBase from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/queryClient';
import { RepresentativesTab } from './RepresentativesTab';

const userEvent = userEventBase.setup({ delay: null });

const rep = (id: string, name: string, primary: boolean) => ({
  id, vendor_id: 'ven-1', is_active: true, is_primary: primary, sort_order: 0, name, title: 'Coordinator', profile_picture_url: '', rating_tenths: 0,
  years_experience: 3, license_number: '', license_state: '', email: '', phone: '', website: '', specialties: [], location: '',
});
const PROFILE = {
  vendor_id: 'ven-1', name: 'ClosingBell', description: '', website_url: '', phone: '', contact_email: '', logo_url: '', support_hours: '', service_states: ['TX'],
  vendor_type: 'service_provider', nmls_id: '', license_states: [], categories: [], approval_status: 'approved', verified: true, updated_at: '2026-11-28T00:00:00Z',
};

function serve() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  let reps = [rep('rep-1', 'Sam Lee', true), rep('rep-2', 'Ana Ruiz', false)];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
      const path = new URL(req.url).pathname;
      const text = req.method === 'GET' || req.method === 'DELETE' ? '' : await req.clone().text();
      calls.push({ method: req.method, path, body: text ? JSON.parse(text) : null });
      let body: unknown = { code: 'not_found', message: 'not found' };
      let status = 200;
      if (path === '/api/vendor/profiles') body = { profiles: [PROFILE], states: ['TX', 'OK'] };
      else if (path === '/api/vendor/profiles/ven-1/representatives' && req.method === 'GET') body = { representatives: reps };
      else if (path === '/api/vendor/profiles/ven-1/representatives') {
        const b = JSON.parse(text) as { name: string };
        reps = [...reps, rep('rep-3', b.name, false)];
        body = reps[2];
        status = 201;
      } else if (path === '/api/vendor/representatives/rep-2/primary') {
        reps = [rep('rep-2', 'Ana Ruiz', true), rep('rep-1', 'Sam Lee', false), ...reps.slice(2)];
        body = { representatives: reps };
      } else status = 404;
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('F-AREA-01 Representatives tab', () => {
  it('lists the primary first, refuses an invalid representative with the 03§5 messages, adds one, and makes another primary', async () => {
    const calls = serve();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <RepresentativesTab />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Your representatives' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Sam Lee');
    expect(items[0]).toHaveTextContent('Primary');

    await userEvent.click(screen.getByRole('button', { name: 'Add representative' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add representative' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'J');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'nope');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Licence number/ }), 'TC-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid email format')).toBeInTheDocument();
    expect(within(dialog).getByText('Licence state is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'ordan Reyes');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Email/ }));
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Licence state/ }), 'TX');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Jordan Reyes', license_number: 'TC-1', license_state: 'TX', years_experience: 0, specialties: [] });
    expect(await screen.findByText('Jordan Reyes')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Make Ana Ruiz the primary representative' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your representatives' })).getAllByRole('listitem')[0]).toHaveTextContent('Ana Ruiz'));
    expect(within(screen.getByRole('list', { name: 'Your representatives' })).getAllByRole('listitem')[0]).toHaveTextContent('Primary');
  });
});
