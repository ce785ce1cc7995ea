import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_COOKIE } from '../../lib/session';
import { DEFAULT_CONFIG, renderApp, stubFetch } from '../../test/render';
import { sessionAnswer } from '../../test/session';
import { FakeXHR } from '../../test/xhr';

const APP = {
  id: 'app-1', user_id: 'u-1', type: 'service_provider', company_name: 'Bluebonnet TC', contact_name: 'Ana Ruiz', contact_phone: '(512) 555-0111',
  contact_email: 'hello@bluebonnet.example', business_type: 'photographer', categories: ['cat:photography'], service_states: ['TX'],
  license_number: '', nmls_id: '', settlement_provider: false, website_url: '', email_verified_at: '2026-11-28T10:00:00Z', status: 'pending',
  reason: '', vendor_id: null, decided_by: null, decided_at: null, changes_requested_at: '2026-11-28T12:00:00Z',
  changes_message: 'Please give the company name as registered.', created_at: '2026-11-28T09:00:00Z', updated_at: '2026-11-28T12:00:00Z',
};

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

describe('F-AREA-01 the applicant uploads the company logo', () => {
  it('uploads the logo as a picture of their own and sends its address with the application', async () => {
    document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
    FakeXHR.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXHR);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
    const sent: unknown[] = [];
    const answer = stubFetch({
      '/api/config': { body: DEFAULT_CONFIG },
      '/api/auth/session': { body: sessionAnswer() },
      '/api/vendor-applications/mine': { body: { application: null } },
      '/api/vendor-applications/options': { body: { business_types: [{ id: 'photographer', ssp: false, license: false, nmls: false }], categories: [], states: ['TX'], max_categories: 5 } },
      '/api/vendor-applications': { status: 400, body: { code: 'invalid', message: 'invalid', fields: [{ field: 'company_name', key: 'vendorRegistration.errors.company', message: 'Company name must be 2 to 200 characters.' }] } },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(String(input), init);
        if (req.method === 'POST') sent.push(await req.clone().json());
        return answer(req);
      }),
    );
    await renderApp('/vendor-registration?type=service_provider');
    const logo = await screen.findByRole('group', { name: 'Company logo (optional)' }, { timeout: 15000 });
    fireEvent.change(within(logo).getByTestId('image-upload-input'), { target: { files: [new File([new Uint8Array(64)], 'bluebonnet.png', { type: 'image/png' })] } });
    const xhr = FakeXHR.sent[0]!;
    expect(xhr.body?.get('accept')).toBe('image');
    expect(xhr.body?.get('vendor_id')).toBeNull();
    await xhr.respond(201, { id: 'm1', name: 'bluebonnet.png', kind: 'image', size: 64, content_type: 'image/png', created_at: '2026-11-29T09:00:00Z',
      url: '/api/media/m1/file', card_url: '/api/media/m1/file?variant=card', detail_url: '/api/media/m1/file?variant=detail', variants: [] });
    expect(within(logo).getByRole('img', { name: 'Company logo (optional): the current picture' })).toHaveAttribute('src', '/api/media/m1/file');
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ type: 'service_provider', logo_url: '/api/media/m1/file' });
  });
});
