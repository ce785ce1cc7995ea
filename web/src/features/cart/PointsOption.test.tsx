import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { requestPurchase } from '../../lib/purchase';
import { renderApp } from '../../test/render';
import { cartOf, fakeServer, line, SERVICE_OFFERS, serviceOffer } from '../../test/cart';
import type { OfferOption, PurchaseOffer } from './usePurchase';

const request = { serviceId: 'svc-1', serviceName: 'NestFlow CRM', mode: 'add' as const, shownPriceCents: 12900 };

/** The service's offer with the server's points option replaced (the server decides, 02§5). */
function withPoints(points: Partial<OfferOption>): PurchaseOffer {
  const o = serviceOffer();
  return {
    ...o,
    coverage_options: (o.coverage_options ?? []).map((c) => (c.coverage === 'points' ? ({ ...c, price_cents: 9900, ...points } as OfferOption) : c)),
  };
}

const cashShare = (cents: number) => ({ cents, currency: 'USD' as const, usd_cents: cents, display: `$${cents / 100}`, approximate: false });
const limit = { percent: 50, cents: 5000, base: 'pro' as const, amount: cashShare(5000) };
const pointsLine = line({ coverage: 'points', unit_price: cashShare(9900), line_total: cashShare(4900), points_used: 50, points_share: cashShare(5000), points_limit: limit });

async function openDialog(points: Partial<OfferOption>) {
  const seen = fakeServer(true, {
    'GET /api/cart': () => ({ body: cartOf([]) }),
    'GET /api/services/svc-1/offers': () => ({ body: { ...SERVICE_OFFERS, offers: [withPoints(points)] } }),
    'POST /api/cart/items': () => ({ body: cartOf([pointsLine], 'added') }),
  });
  await renderApp('/orders');
  await screen.findByRole('button', { name: /^Cart, \d+ items?$/ }, { timeout: 5000 });
  act(() => requestPurchase(request));
  const dialog = await screen.findByRole('dialog', { name: 'Choose Your Payment Option' }, { timeout: 5000 });
  const button = await within(dialog).findByRole('button', { name: /Pay with Agent Points/ });
  return { seen, dialog, button };
}

describe('F-PAY-07 the "OR use points / Pay with Agent Points" option, as the server decides it', { timeout: 20_000 }, () => {
  it('eligible: adds the line paid with points at the price the server gave', async () => {
    const { seen, dialog, button } = await openDialog({ eligible: true, locked_reason: undefined, points_needed: 99 });
    expect(within(dialog).getByText('OR use points')).toBeInTheDocument();
    expect(button).toBeEnabled();
    expect(button).toHaveTextContent('99 points');
    await userEvent.click(button);
    await waitFor(() =>
      expect(seen.find((s) => s.method === 'POST' && s.path === '/api/cart/items')?.body).toEqual({ service_id: 'svc-1', price_cents: 9900, coverage: 'points' }),
    );
    // The drawer shows what checkout charges, as the server gave it: the $49 cash share.
    const cart = await screen.findByRole('dialog', { name: 'Your cart' }, { timeout: 5000 });
    expect(await within(cart).findByTestId('cart-points-share')).toHaveTextContent('50 points pay $50; you pay the rest');
    expect(within(cart).getByTestId('cart-subtotal')).toHaveTextContent('$49');
  });

  it('explains the 02§5 limit with the server\'s figure where the choice is made and on the cart line (issue 28 item 7)', async () => {
    const { dialog, button } = await openDialog({ eligible: true, locked_reason: undefined, points_needed: 50, points_limit: limit });
    expect(within(dialog).getByTestId('points-limit')).toHaveTextContent('Points can pay up to 50% of the Pro price ($50) for this service');
    expect(button).toHaveTextContent('Points can pay up to 50% of the Pro price ($50) for this service');
    await userEvent.click(button);
    const cart = await screen.findByRole('dialog', { name: 'Your cart' }, { timeout: 5000 });
    expect(await within(cart).findByTestId('cart-points-limit')).toHaveTextContent('Points can pay up to 50% of the Pro price ($50) for this service');
  });

  it('no limit to explain (a settlement provider\'s service): no line', async () => {
    const { dialog } = await openDialog({ eligible: true, locked_reason: undefined, points_needed: 99 });
    expect(within(dialog).queryByTestId('points-limit')).not.toBeInTheDocument();
  });

  it.each([
    ['insufficient_balance', 'Insufficient Balance'],
    ['insufficient_points', 'Insufficient Points'],
    ['not_eligible', 'Not eligible'],
  ] as const)('%s: locked with the spec message "%s" and nothing is sent', async (reason, message) => {
    const { seen, button } = await openDialog({ eligible: false, locked_reason: reason, points_needed: 99 });
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent(message);
    await userEvent.click(button);
    expect(seen.some((s) => s.method === 'POST')).toBe(false);
  });

  it('non-members see Pro Member Required and 1000+ Points', async () => {
    const { button } = await openDialog({ eligible: false, locked_reason: 'pro_only', points_needed: 0 });
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Pro Member Required');
    expect(button).toHaveTextContent('1000+ Points');
  });
});
