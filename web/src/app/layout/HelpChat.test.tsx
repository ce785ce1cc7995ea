import { screen, within } from '@testing-library/react';
import userEventBase from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { onPurchaseRequest, type PurchaseRequest } from '../../lib/purchase';
import { fakeServer } from '../../test/cart';
import { renderApp } from '../../test/render';

const userEvent = userEventBase.setup({ delay: null });

const ANSWER = {
  message_id: 'msg-1',
  thread_id: 'thr-1',
  message: 'For a CRM, agents on Circle use NestFlow CRM ($129/mo).',
  source: 'builtin',
  handoff: false,
  trust: { peers: 3, reviews: 4, verified_reviews: 2, purchases: 1, level: 'medium' },
  citations: [{ kind: 'service', id: 'svc-nestflow-crm', title: 'NestFlow CRM', url: '/marketplace?service=svc-nestflow-crm&view=details' }],
  actions: [
    { action: 'open_service', label: 'Open NestFlow CRM', params: { service_id: 'svc-nestflow-crm', url: '/marketplace?service=svc-nestflow-crm&view=details' } },
    { action: 'add_to_cart', label: 'Add to cart', params: { service_id: 'svc-nestflow-crm', service_title: 'NestFlow CRM' } },
    { action: 'teleport', label: 'Teleport', params: {} },
  ],
  quick_replies: ['I need help with lead generation'],
};

// F-HELP-01 / F-AI-02 (issue 29 items 3 and 6): the help widget's AI chat tab is the concierge;
// its Add to cart is a purchase request the cart layer answers (a visitor is asked to sign in).
describe('F-HELP-01 F-AI-02 the concierge in the help widget', { timeout: 60_000 }, () => {
  it('asks from the AI chat tab, shows the linked answer, ignores unknown actions, and Add to cart asks the cart layer', async () => {
    const seen = fakeServer(false, {
      'GET /api/concierge/threads': () => ({ body: { threads: [] } }),
      'POST /api/concierge/respond': () => ({ body: ANSWER }),
    });
    const requests: PurchaseRequest[] = [];
    const off = onPurchaseRequest((r) => requests.push(r));
    await renderApp('/contact');
    await userEvent.click(await screen.findByRole('button', { name: 'Help' }, { timeout: 5000 }));
    const panel = await screen.findByRole('dialog', { name: 'How can we help?' });
    await userEvent.click(within(panel).getByRole('tab', { name: 'AI chat' }));
    const chat = await within(panel).findByTestId('help-chat', {}, { timeout: 5000 });
    expect(within(chat).getByText('How can I help you today?')).toBeInTheDocument();
    await userEvent.type(within(chat).getByRole('textbox', { name: 'Your message' }), 'I need a CRM{Enter}');
    const answer = await within(chat).findByTestId('concierge-answer');
    expect(answer).toHaveTextContent('NestFlow CRM ($129/mo)');
    expect(within(answer).getByRole('link', { name: 'Service: NestFlow CRM' })).toHaveAttribute('href', '/marketplace?service=svc-nestflow-crm&view=details');
    expect(within(answer).queryByRole('button', { name: 'Teleport' })).toBeNull();
    expect(seen.filter((s) => s.method === 'POST' && s.path === '/api/concierge/respond').map((s) => s.body)).toEqual([{ text: 'I need a CRM' }]);

    await userEvent.click(within(answer).getByRole('button', { name: 'Add to cart' }));
    expect(requests).toEqual([{ serviceId: 'svc-nestflow-crm', serviceName: 'NestFlow CRM', mode: 'add' }]);
    // A visitor: the cart layer asks to sign in and keeps the item for after.
    expect(await screen.findByText('Sign in required')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('pendingCartItem') ?? '{}')).toMatchObject({ serviceId: 'svc-nestflow-crm', serviceName: 'NestFlow CRM' });
    // The chat is still there in the widget.
    expect(within(panel).getByTestId('concierge-answer')).toBeInTheDocument();
    off();
  });
});
