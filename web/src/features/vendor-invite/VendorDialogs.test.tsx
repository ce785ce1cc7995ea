import { act, screen, waitFor, within } from '@testing-library/react';
import userEventBase from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openVendorDialog } from '../../lib/vendorDialogs';
import { fakeServer } from '../../test/cart';
import { renderApp } from '../../test/render';

const userEvent = userEventBase.setup({ delay: null });

async function signedInApp() {
  const r = await renderApp('/orders');
  await screen.findByRole('button', { name: /^Cart, \d+ items?$/ }, { timeout: 5000 });
  return r;
}

describe('F-ENG-04 F-CAT-04 Invite Your Vendor', { timeout: 60_000 }, () => {
  it('two steps; required, email, phone and URL messages of 03§5; nothing is sent until the form is valid; Back resets', async () => {
    const seen = fakeServer(true);
    await signedInApp();
    act(() => openVendorDialog({ kind: 'invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Your Vendor' }, { timeout: 5000 });
    expect(within(dialog).getByText('What kind of vendor are you inviting?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /Settlement Services/ }));

    const category = within(dialog).getByRole('combobox', { name: /Service Category/ });
    const options = within(category).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([
      'Choose a category',
      'Mortgage Lender',
      'Title Company',
      'Insurance Provider',
      'Appraisal Services',
      'Home Inspection',
      'Real Estate Attorney',
      'Escrow Services',
      'Credit Repair',
      'Moving Services',
      'Home Warranty',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite Vendor' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(within(dialog).getByRole('textbox', { name: /Vendor Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: /Contact Email/ })).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Vendor Name/ }), 'Lone Star Title');
    await userEvent.selectOptions(category, 'Title Company');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Contact Email/ }), 'title@lonestar');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Phone/ }), 'call me');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Website URL/ }), 'lonestar.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite Vendor' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fix the highlighted errors before submitting');
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid website URL')).toBeInTheDocument();
    expect(seen.filter((s) => s.path === '/api/vendor-invites')).toEqual([]);

    // Back resets the form and returns to the type step.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Marketing & Business/ }));
    expect(within(dialog).getByRole('textbox', { name: /Vendor Name/ })).toHaveValue('');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('specialties are added by Enter and removable; a valid invite shows Inviting..., is sent, toasts and closes', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const seen = fakeServer(true);
    const { fetch: stubbed } = globalThis as unknown as { fetch: (i: RequestInfo | URL) => Promise<Response> };
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      const req = input instanceof Request ? input : new Request(String(input));
      if (new URL(req.url).pathname === '/api/vendor-invites') {
        seen.push({ method: req.method, path: '/api/vendor-invites', search: '', body: JSON.parse(await req.clone().text()) as unknown });
        await gate;
        return new Response(JSON.stringify({ id: 'inv-1', kind: 'invite', vendor_name: 'Pixel Pros', vendor_email: 'hi@pixel.example', status: 'invited' }), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return stubbed(input);
    }) as typeof fetch;
    await signedInApp();
    act(() => openVendorDialog({ kind: 'invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Your Vendor' }, { timeout: 5000 });
    await userEvent.click(within(dialog).getByRole('button', { name: /Marketing & Business/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Vendor Name/ }), 'Pixel Pros');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Service Category/ }), 'SEO/SEM Services');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Contact Email/ }), 'hi@pixel.example');
    const specialties = within(dialog).getByRole('textbox', { name: /Specialties/ });
    await userEvent.type(specialties, 'Local SEO{Enter}Ads{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Ads' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Service States/ }), 'tx, ca');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite Vendor' }));
    expect(await within(dialog).findByRole('button', { name: 'Inviting...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Invitation sent!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite Your Vendor' })).toBeNull());
    expect(seen.find((s) => s.path === '/api/vendor-invites')?.body).toEqual({
      vendor_type: 'marketing',
      name: 'Pixel Pros',
      category: 'SEO/SEM Services',
      contact_email: 'hi@pixel.example',
      specialties: ['Local SEO'],
      service_states: 'tx, ca',
    });
  });
});

describe('F-ENG-04 Refer Your Vendor', { timeout: 60_000 }, () => {
  it('starts on the defaults with the service title; missing name or email is Missing Information and sends nothing; success toasts', async () => {
    const seen = fakeServer(true, {
      'POST /api/vendor-referrals': () => ({ status: 201, body: { id: 'ref-1', kind: 'referral', vendor_name: 'Pixel Pros', vendor_email: 'hi@pixel.example', status: 'invited' } }),
    });
    await signedInApp();
    act(() => openVendorDialog({ kind: 'refer', serviceTitle: 'HDR Listing Photos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refer Your Vendor' }, { timeout: 5000 });
    expect(within(dialog).getByRole('combobox', { name: 'Vendor Type' })).toHaveDisplayValue('Other');
    expect(within(dialog).getByRole('combobox', { name: 'Relationship' })).toHaveDisplayValue('Current Partner');
    expect(within(dialog).getByRole('textbox', { name: 'Service Interest' })).toHaveValue('HDR Listing Photos');
    expect(within(dialog).getByLabelText(/Vendor Email/)).toHaveAttribute('type', 'email');

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Vendor Name/ }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Referral' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(seen.filter((s) => s.path === '/api/vendor-referrals')).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Vendor Name/ }), 'Pixel Pros');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Vendor Email/ }), 'hi@pixel.example');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Vendor Type' }), 'photographer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Referral' }));
    expect(await screen.findByText('Referral Submitted!')).toBeInTheDocument();
    expect(seen.find((s) => s.path === '/api/vendor-referrals')?.body).toEqual({
      vendor_name: 'Pixel Pros',
      vendor_email: 'hi@pixel.example',
      vendor_type: 'photographer',
      relationship: 'current_partner',
      service_interest: 'HDR Listing Photos',
    });
  });

  it('issue 27 item 5: the caller\'s own e-mail is refused on the field; a repeat of an open referral says it was not sent again', async () => {
    let calls = 0;
    fakeServer(true, {
      'POST /api/vendor-referrals': () => {
        calls++;
        if (calls === 1) {
          const f = { field: 'vendor_email', key: 'vendorInvite.self', message: "Enter your vendor's e-mail address, not your own." };
          return { status: 400, body: { code: 'invalid', message: f.message, fields: [f] } };
        }
        return { status: 200, body: { id: 'ref-1', kind: 'referral', vendor_name: 'Pixel Pros', vendor_email: 'hi@pixel.example', status: 'invited', existing: true } };
      },
    });
    await signedInApp();
    act(() => openVendorDialog({ kind: 'refer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refer Your Vendor' }, { timeout: 5000 });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Vendor Name/ }), 'Pixel Pros');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Vendor Email/ }), 'hi@pixel.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Referral' }));
    expect(await within(dialog).findByText("Enter your vendor's e-mail address, not your own.")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Referral' }));
    expect(await screen.findByText('Already referred')).toBeInTheDocument();
    expect(screen.getByText("You already referred this vendor; we won't e-mail them again.")).toBeInTheDocument();
  });
});
