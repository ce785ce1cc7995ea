import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { cartOf, fakeServer, line } from '../../test/cart';

const money = (cents: number) => ({ cents, currency: 'USD' as const, usd_cents: cents, display: `$${(cents / 100).toLocaleString('en-US')}`, approximate: false });

// Issue 14 item 3 (F-PAY-08): a monthly or yearly service is charged for its first period only
// and renews with the vendor; the cart line and the summary say so. Before, a $129/mo line read
// "$129 each/mo" and nothing said the charge was not recurring.
describe('F-PAY-08 recurring lines in the cart drawer', { timeout: 20_000 }, () => {
  it('says first month / first year and that the renewal is with the vendor; one-time lines stay "each"', async () => {
    fakeServer(true, {
      'GET /api/cart': () => ({
        body: cartOf([
          line(),
          line({ id: 'line-2', title: 'Listing Site', price_suffix: '/yr', yearly: true, unit_price: money(144000), line_total: money(144000) }),
          line({ id: 'line-3', title: 'HDR Photos', price_suffix: '', quantity: 2, unit_price: money(22500), line_total: money(45000) }),
          line({ id: 'line-4', title: 'Door Hangers', quantity: 3, unit_price: money(9900), line_total: money(29700) }),
        ]),
      }),
    });
    await renderApp('/orders');
    await userEvent.click(await screen.findByRole('button', { name: /^Cart, \d+ items?$/ }, { timeout: 5000 }));
    const cart = await screen.findByRole('dialog', { name: 'Your cart' });
    const lines = await within(cart).findAllByTestId('cart-line');
    expect(lines[0]).toHaveTextContent('$129 first month');
    expect(lines[0]).toHaveTextContent('Renews with the vendor: Circle charges the first month only.');
    expect(lines[0]).not.toHaveTextContent('/mo');
    expect(lines[1]).toHaveTextContent('$1,440 first year');
    expect(lines[1]).toHaveTextContent('Renews with the vendor: Circle charges the first year only.');
    expect(lines[2]).toHaveTextContent('$225 each');
    expect(lines[2]).not.toHaveTextContent(/first|Renews/);
    expect(lines[3]).toHaveTextContent('$99 each, first month');
    expect(within(cart).getByText('Monthly and yearly services renew with the vendor: checkout charges the first month or year only.')).toBeInTheDocument();
  });

  it('has no renewal note for a cart of one-time services', async () => {
    fakeServer(true, { 'GET /api/cart': () => ({ body: cartOf([line({ price_suffix: '' })]) }) });
    await renderApp('/orders');
    await userEvent.click(await screen.findByRole('button', { name: /^Cart, \d+ items?$/ }, { timeout: 5000 }));
    const cart = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(await within(cart).findByText('$129 each')).toBeInTheDocument();
    expect(within(cart).queryByText(/renew with the vendor/)).not.toBeInTheDocument();
  });
});
