import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_COOKIE } from '../../lib/session';
import { DEFAULT_CONFIG, renderApp, stubFetch } from '../../test/render';
import { sessionAnswer } from '../../test/session';

const APP = {
  id: 'app-1', user_id: 'u-1', type: 'service_provider', company_name: 'Bluebonnet TC', contact_name: 'Ana Ruiz', contact_phone: '(512) 555-0111',
  contact_email: 'hello@bluebonnet.example', business_type: 'photographer', categories: ['cat:photography'], service_states: ['TX'],
  license_number: '', nmls_id: '', settlement_provider: false, website_url: '', email_verified_at: '2026-11-28T10:00:00Z', status: 'pending',
  reason: '', vendor_id: null, decided_by: null, decided_at: null, changes_requested_at: '2026-11-28T12:00:00Z',
  changes_message: 'Please give the company name as registered.', created_at: '2026-11-28T09:00:00Z', updated_at: '2026-11-28T12:00:00Z',
};

afterEach(() => {
  document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0`;
  vi.unstubAllGlobals();
});

describe('F-AREA-03 an application sent back for changes', () => {
  it("shows the administrator's message and the form filled with the application to submit again", async () => {
    document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
    vi.stubGlobal('fetch', vi.fn(stubFetch({
      '/api/config': { body: DEFAULT_CONFIG },
      '/api/auth/session': { body: sessionAnswer() },
      '/api/vendor-applications/mine': { body: { application: APP } },
      '/api/vendor-applications/options': { body: { business_types: [{ id: 'photographer', ssp: false, license: false, nmls: false }], categories: [], states: ['TX'], max_categories: 5 } },
    })));
    await renderApp('/vendor-registration?type=service_provider');
    expect(await screen.findByText(/Our team asked for changes: Please give the company name as registered\./, {}, { timeout: 15000 })).toBeInTheDocument();
    expect(await screen.findByLabelText(/Company name/)).toHaveValue('Bluebonnet TC');
  });
});
