import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, renderApp, serveApi } from '../../test/render';
import { adminSessionAnswer } from '../../test/session';

const APP = {
  id: 'app-1', user_id: 'usr-1', type: 'service_provider', company_name: 'Bluebonnet TC', contact_name: 'Ana Ruiz', contact_phone: '(512) 555-0111',
  contact_email: 'hello@bluebonnet.example', business_type: 'service_provider', categories: ['cat:transaction-coordinator'], service_states: ['TX'],
  license_number: '', nmls_id: '', settlement_provider: false, website_url: '', email_verified_at: '2026-11-28T10:00:00Z', status: 'pending',
  reason: '', vendor_id: null, decided_by: null, decided_at: null, changes_requested_at: null, changes_message: '',
  created_at: '2026-11-28T09:00:00Z', updated_at: '2026-11-28T09:00:00Z',
};
const REJECTED = { ...APP, id: 'app-2', company_name: 'Late Title', status: 'rejected', reason: 'No state licence on file.' };
const VENDOR = {
  id: 'ven-1', name: 'ClosingBell', vendor_type: 'title_company', respa_kind: 'ssp', status: 'suspended', approval_status: 'approved', is_active: false,
  suspended_at: '2026-11-28T11:00:00Z', owner_email: 'vendor@demo.test', contact_email: 'hi@closingbell.example', services: 3, active_services: 0,
  created_at: '2026-01-01T00:00:00Z',
};

function serve(extra: Record<string, unknown> = {}) {
  const answers: Record<string, unknown> = {
    '/api/config': DEFAULT_CONFIG,
    '/api/auth/session': adminSessionAnswer(),
    '/api/admin/vendors': { vendors: [VENDOR], total: 1 },
    '/api/admin/vendors/ven-1': {
      vendor: VENDOR, website_url: '', phone: '', nmls_id: '', service_states: ['TX'], suspended_reason: 'Licence lapsed', application_id: '',
      services: [{ id: 'svc-1', title: 'Title insurance', is_active: false, copay_allowed: true, ssp_allowed: true, respa_regulated: true, respa_risk_level: 'high',
        respa_split_limit: 30, ssp_cap: 20, non_ssp_cap: 30, max_split_ssp: null, max_split_non_ssp: null, max_vendor_split: null, retail_cents: 39500, pro_cents: 34500, co_pay_cents: null }],
      representatives: [{ id: 'rep-1', name: 'Sam Lee', title: 'Escrow officer', email: 'sam@closingbell.example', phone: '', is_active: true, is_primary: true }],
      co_pay_decisions: { approved: 4, declined: 1, pending: 2, other: 0, total: 7 },
    },
    '/api/admin/audit': { entries: [{ id: 'a-1', actor_id: 'usr-admin', actor_email: 'admin@demo.test', action: 'vendor.suspend', object_kind: 'vendor', object_id: 'ven-1',
      before: null, after: { reason: 'Licence lapsed' }, at: '2026-11-28T11:00:00Z', request_id: 'r' }], total: 1 },
    ...extra,
  };
  return serveApi((call, url) => {
    if (call.method === 'POST') return { ...APP, status: 'approved' };
    if (call.path === '/api/admin/vendor-applications') return { applications: url.searchParams.get('status') === 'rejected' ? [REJECTED] : [APP] };
    return answers[call.path];
  });
}

describe('F-AREA-03 /admin/vendors', () => {
  it('lists the approval queue and approves a verified application', async () => {
    const calls = serve();
    await renderApp('/admin/vendors');
    const card = await screen.findByRole('listitem', { name: 'Bluebonnet TC' }, { timeout: 15000 });
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/vendor-applications/app-1/approve')).toBe(true));
  });

  it('requests changes with a required message', async () => {
    const calls = serve();
    await renderApp('/admin/vendors');
    const card = await screen.findByRole('listitem', { name: 'Bluebonnet TC' }, { timeout: 15000 });
    fireEvent.click(within(card).getByRole('button', { name: 'Request changes' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Send the request' }));
    expect(await within(card).findByText('Give a reason of 1 to 1000 characters.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/admin/vendor')).map((c) => c.path)).toEqual([]);
    fireEvent.change(within(card).getByLabelText(/What should the applicant change/), { target: { value: 'Add your licence number.' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send the request' }));
    await waitFor(() => {
      const post = calls.find((c) => c.path === '/api/admin/vendor-applications/app-1/request-changes');
      expect(post?.body).toEqual({ message: 'Add your licence number.' });
    });
  });

  it('shows the reason of a rejected application', async () => {
    serve();
    await renderApp('/admin/vendors?app_status=rejected');
    expect(await screen.findByText('No state licence on file.', {}, { timeout: 15000 })).toBeInTheDocument();
  });

  it('lists vendors from the server with the sort and filter in the URL', async () => {
    const calls = serve();
    await renderApp('/admin/vendors?tab=list&status=suspended&sort=services&dir=desc');
    expect(await screen.findByRole('link', { name: 'ClosingBell' }, { timeout: 15000 })).toHaveAttribute('href', '/admin/vendors/ven-1');
    const list = calls.find((c) => c.path === '/api/admin/vendors');
    expect(list?.search).toContain('status=suspended');
    expect(list?.search).toContain('sort=services');
    expect(list?.search).toContain('dir=desc');
    expect(screen.getByRole('tab', { name: 'All vendors' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('F-AREA-03 /admin/vendors/:id', () => {
  it('shows services with split limits, representatives, co-pay decisions and the audit trail; reinstates with a reason', async () => {
    const calls = serve();
    await renderApp('/admin/vendors/ven-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'ClosingBell' }, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Title insurance' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '20%' })).toBeInTheDocument();
    expect(screen.getByText(/Sam Lee/)).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(screen.getByText('Settlement service provider (SSP)')).toBeInTheDocument();
    const history = await screen.findByRole('list', { name: 'History' });
    expect(within(history).getByText('vendor.suspend')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/audit')?.search).toContain('object_id=ven-1');
    fireEvent.click(screen.getByRole('button', { name: 'Reinstate' }));
    fireEvent.change(screen.getByLabelText(/Why reinstate this vendor/), { target: { value: 'Licence renewed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reinstate' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/admin/vendors/ven-1/reinstate')?.body).toEqual({ reason: 'Licence renewed' }));
  });
});
