import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventBase from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/queryClient';
import { AddProductDialog } from './AddProductDialog';

const userEvent = userEventBase.setup({ delay: null });
const CATEGORIES = [
  { tag: 'cat:photography', name: 'Photography', group: 'digital' },
  { tag: 'cat:video', name: 'Video', group: 'digital' },
];

function serve(answer: (body: Record<string, unknown>) => { status: number; body: unknown }) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
      const body = JSON.parse(await req.clone().text()) as Record<string, unknown>;
      sent.push(body);
      const a = answer(body);
      return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}

function open(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AddProductDialog categories={CATEGORIES} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Add New Product' }), onClose };
}

afterEach(() => vi.unstubAllGlobals());

describe('F-ENG-06 Add New Product dialog', () => {
  it("shows the 03§5 messages per field and sends nothing until the form is valid", async () => {
    const sent = serve(() => ({ status: 201, body: {} }));
    const { dialog } = open();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    expect(await within(dialog).findByText('Product Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Price ($) is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Category is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Location (City, State) is required')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Product Title/ }), 'A');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Price/ }), '12.345');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Image URL/ }), 'www.example.com/a.jpg');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    expect(await within(dialog).findByText('Product Title must be at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Price ($) has invalid format')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid URL format')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends a valid product, shows the server field messages as sent, and closes with the success toast', async () => {
    let first = true;
    const sent = serve(() => {
      if (first) {
        first = false;
        return { status: 400, body: { code: 'invalid', message: 'Price cannot exceed $100,000', fields: [{ field: 'price', key: 'price.too_high', message: 'Price cannot exceed $100,000' }] } };
      }
      return { status: 201, body: { id: 'svc-new', active: false } };
    });
    const { dialog, onClose } = open();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Product Title/ }), 'Twilight Photos');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Dusk exterior photos.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Price/ }), '249.5');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Category/ }), 'Photography');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Location/ }), 'Austin, TX');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(sent.length).toBe(1));
    expect(await within(dialog).findByText('Price cannot exceed $100,000')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Product Title/ })).toHaveValue('Twilight Photos');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[1]).toEqual({ title: 'Twilight Photos', description: 'Dusk exterior photos.', price: '249.5', category: 'cat:photography', vendor_location: 'Austin, TX' });
  });
});
