import { screen, waitFor, within } from '@testing-library/react';
import userEventBase from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, jsonResponse, renderApp, serveApi } from '../../test/render';
import { adminSessionAnswer } from '../../test/session';

const userEvent = userEventBase.setup({ delay: null });

const ITEM = {
  id: 'faq-1', question: 'Can my broker add points?', answer: 'Yes, monthly.', category: 'agentWallet', language: 'en', sort_order: 2, active: true,
  created_at: '2026-11-28T10:00:00Z', updated_at: '2026-11-28T10:00:00Z',
};

function serve() {
  const answers: Record<string, unknown> = {
    'GET /api/config': DEFAULT_CONFIG,
    'GET /api/auth/session': adminSessionAnswer(),
    'GET /api/admin/faq-items': { items: [ITEM] },
    'POST /api/admin/faq-items': jsonResponse({ ...ITEM, id: 'faq-2' }, 201),
    'PATCH /api/admin/config': { ...DEFAULT_CONFIG, faq_remote_enabled: true },
  };
  return serveApi((call) => answers[`${call.method} ${call.path}`]);
}

// Issue 29 item 6 (F-HELP-01): the back office's remote FAQ: the list, a new item checked by the
// form kit before it is sent, and the flag that shows the items in the help widget.
describe('F-HELP-01 /admin/faq', { timeout: 60_000 }, () => {
  it('lists items, checks and adds one, and turns the remote FAQ on', async () => {
    const calls = serve();
    await renderApp('/admin/faq');
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    expect(await within(table).findByText('Can my broker add points?')).toBeInTheDocument();
    expect(within(table).getByText('Agent Wallet')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    const dialog = await screen.findByRole('dialog', { name: 'New FAQ item' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save item' }));
    expect(await within(dialog).findByText('Write the question (at most 300 characters).')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/faq-items')).toBe(false);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Question' }), 'How soon will I see ROI?');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Answer/ }), 'Most agents see leads in 2 weeks.');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'roi');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Language' }), 'fr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save item' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/admin/faq-items')?.body).toEqual({
        question: 'How soon will I see ROI?', answer: 'Most agents see leads in 2 weeks.', category: 'roi', language: 'fr', sort_order: 0, active: true,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New FAQ item' })).toBeNull());

    await userEvent.click(screen.getByRole('checkbox', { name: /Show these items in the help widget/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH' && c.path === '/api/admin/config')?.body).toEqual({ changes: [{ key: 'faq_remote_enabled', value: 'true' }] }),
    );
  });
});
