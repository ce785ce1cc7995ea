import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { fakeServer } from '../../test/cart';
import { billingAnswer } from './testFixtures';

const allOffers = { pause: true, discount: true, downgrade: true };
const billing = (over: Record<string, unknown> = {}, offers: Record<string, unknown> = allOffers) => billingAnswer(over, offers);

async function openDialog() {
  await renderApp('/billing');
  await userEvent.click(await screen.findByRole('button', { name: 'Manage Subscription' }, { timeout: 5000 }));
  return screen.findByRole('dialog', { name: 'Manage Subscription' });
}

describe('F-PAY-10 subscription management dialog (03§2)', { timeout: 20_000 }, () => {
  it('survey then cancel: Continue waits for a reason, feedback is optional, Back returns; the reason and feedback are sent', async () => {
    const seen = fakeServer(true, {
      'GET /api/billing': () => ({ body: billing() }),
      'GET /api/billing/check': () => ({ body: { status: 'active' } }),
      'POST /api/billing/cancel': () => ({ body: billing({ cancel_at_period_end: true }) }),
    });
    const menu = await openDialog();
    await userEvent.click(within(menu).getByRole('button', { name: /Cancel subscription/ }));
    const survey = screen.getByRole('dialog', { name: 'Why are you leaving?' });
    expect(within(survey).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.click(within(survey).getByRole('radio', { name: "It's too expensive" }));
    await userEvent.type(within(survey).getByLabelText("Anything else you'd like to tell us? (optional)"), '  Too much for now  ');
    await userEvent.click(within(survey).getByRole('button', { name: 'Continue' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel Subscription' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: "It's too expensive" })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Cancel Subscription' })).getByRole('button', { name: 'Cancel Subscription' }));
    await waitFor(() => expect(seen.find((s) => s.path === '/api/billing/cancel')?.body).toEqual({ reason: 'too_expensive', feedback: 'Too much for now' }));
    expect(await screen.findByText('Subscription updated')).toBeInTheDocument();
    // check-subscription is refreshed after the change.
    await waitFor(() => expect(seen.some((s) => s.path === '/api/billing/check')).toBe(true));
  });

  it('pause sends pauseDays 90; a failure shows the Error toast', async () => {
    const seen = fakeServer(true, {
      'GET /api/billing': () => ({ body: billing() }),
      'POST /api/billing/pause': () => ({ status: 503, body: { code: 'unavailable', message: 'Failed to pause subscription. Please try again.' } }),
    });
    const menu = await openDialog();
    await userEvent.click(within(menu).getByRole('button', { name: /Pause for 90 days/ }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Pause Subscription' })).getByRole('button', { name: 'Pause Subscription' }));
    expect(await screen.findByText('Failed to pause subscription. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(seen.find((s) => s.path === '/api/billing/pause')?.body).toEqual({ pauseDays: 90 });
  });

  it('the 50% offer sends discountPercent 50 and durationMonths 2', async () => {
    const seen = fakeServer(true, {
      'GET /api/billing': () => ({ body: billing() }),
      'GET /api/billing/check': () => ({ body: { status: 'active' } }),
      'POST /api/billing/discount': () => ({ body: billing({ discount_active: true, discount_percent: 50 }) }),
    });
    const menu = await openDialog();
    await userEvent.click(within(menu).getByRole('button', { name: /50% off for 2 months/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply Discount' }));
    await waitFor(() => expect(seen.find((s) => s.path === '/api/billing/discount')?.body).toEqual({ discountPercent: 50, durationMonths: 2 }));
  });

  it('offers the server says are not available are disabled, with its message', async () => {
    fakeServer(true, {
      'GET /api/billing': () => ({
        body: billing({}, { pause: false, discount: false, downgrade: false, reason: 'offer_recent', message: 'You already used a membership offer in the last 12 months.' }),
      }),
    });
    const menu = await openDialog();
    for (const name of [/Pause for 90 days/, /50% off for 2 months/, /Reduced plan: 30% off/]) {
      expect(within(menu).getByRole('button', { name })).toBeDisabled();
    }
    expect(within(menu).getByText('You already used a membership offer in the last 12 months.')).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: /Cancel subscription/ })).toBeEnabled();
  });
});
