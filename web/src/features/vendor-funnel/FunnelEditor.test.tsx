import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEventBase from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/queryClient';
import { getToasts } from '../../lib/toast';
import { fakeServer } from '../../test/cart';
import { FakeXHR } from '../../test/xhr';
import type { FunnelAnswer } from './api';
import { FunnelEditor } from './FunnelEditor';
import { CONTENT } from './testFixtures';

const userEvent = userEventBase.setup({ delay: null });

afterEach(() => vi.unstubAllGlobals());

const FUNNEL: FunnelAnswer = {
  service_id: 'svc-1',
  title: 'Transaction Coordination',
  vendor_name: 'ClosingBell',
  saved: true,
  draft: false,
  content: CONTENT,
  icons: ['check', 'star', 'zap', 'target', 'users', 'dollar', 'trend', 'award', 'shield', 'clock'],
  media_types: ['image', 'video', 'document'],
  max_media: 20,
  updated_at: '2026-11-28T10:00:00Z',
  active: true,
  has_draft: false,
  publish_activates: false,
};

async function renderEditor(onClose = vi.fn(), funnel: FunnelAnswer = FUNNEL) {
  const queryClient = createQueryClient();
  await act(async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <FunnelEditor funnel={funnel} onClose={onClose} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
  return onClose;
}

describe('F-ENG-05 the funnel editor', () => {
  it('has the six tabs of 03§2 with arrow-key moves, and a ten-icon picker', async () => {
    fakeServer(true);
    await renderEditor();
    const tabs = screen.getAllByRole('tab').map((x) => x.textContent);
    expect(tabs).toEqual(['Hero Section', 'Benefits', 'Packages', 'Social Proof', 'Trust & CTA', 'Media']);
    const hero = screen.getByRole('tab', { name: 'Hero Section' });
    expect(hero).toHaveAttribute('aria-selected', 'true');
    hero.focus();
    await userEvent.keyboard('{ArrowRight}');
    const benefits = screen.getByRole('tab', { name: 'Benefits' });
    expect(benefits).toHaveAttribute('aria-selected', 'true');
    expect(benefits).toHaveFocus();
    const picker = screen.getByRole('radiogroup', { name: 'Icon' });
    expect(within(picker).getAllByRole('radio')).toHaveLength(10);
    expect(within(picker).getByRole('radio', { name: 'Clock' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(picker).getByRole('radio', { name: 'Shield' }));
    expect(within(picker).getByRole('radio', { name: 'Shield' })).toHaveAttribute('aria-checked', 'true');
  });

  it('checks the required main headline before saving, then saves and says so', async () => {
    const seen = fakeServer(true, {
      'PUT /api/vendor/services/svc-1/funnel': (req) => ({ body: { ...FUNNEL, content: req.body } }),
    });
    const onClose = await renderEditor();
    const headline = screen.getByLabelText(/Main headline/);
    await userEvent.clear(headline);
    await userEvent.click(screen.getByRole('button', { name: 'Save Funnel' }));
    expect(await screen.findAllByText(/Main headline is required/)).not.toHaveLength(0);
    expect(seen.some((r) => r.method === 'PUT')).toBe(false);
    await userEvent.type(screen.getByLabelText(/Main headline/), 'Every file closed on time');
    await userEvent.click(screen.getByRole('button', { name: 'Save Funnel' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = seen.find((r) => r.method === 'PUT');
    expect((put?.body as { headline: string }).headline).toBe('Every file closed on time');
    expect(getToasts().map((x) => x.title)).toContain('Funnel saved');
  });

  it("shows the server's field errors on their tab", async () => {
    fakeServer(true, {
      'PUT /api/vendor/services/svc-1/funnel': () => ({
        status: 400,
        body: { code: 'invalid', message: 'Invalid email format', fields: [{ field: 'callToAction.email', key: 'formRules.email', message: 'Invalid email format' }] },
      }),
    });
    await renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Save Funnel' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: /Trust & CTA/ })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(/Invalid email format/).length).toBeGreaterThan(0);
  });

  it('previews sanitised text and asks before discarding changes', async () => {
    fakeServer(true);
    const onClose = await renderEditor();
    const headline = screen.getByLabelText(/Main headline/);
    await userEvent.clear(headline);
    await userEvent.type(headline, 'Fast<script>alert(1)</script> closings');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { level: 2 })).toHaveTextContent('Fast closings');
    expect(dialog.innerHTML).not.toContain('<script');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close preview' }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(onClose).toHaveBeenCalled();
  });
});

describe('F-ENG-05 Publish in the funnel editor', () => {
  const status = () => screen.getByRole('status', { name: 'Publishing' });

  it('shows a live funnel with nothing to publish until it is edited', async () => {
    fakeServer(true);
    await renderEditor();
    expect(status()).toHaveTextContent('Published: live in the marketplace');
    expect(status()).toHaveTextContent('Nothing to publish: the service page shows this funnel.');
    expect(within(status()).getByRole('link', { name: 'View the service page' })).toHaveAttribute('href', '/marketplace?service=svc-1&view=details');
    const publish = screen.getByRole('button', { name: 'Publish' });
    expect(publish).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/Main headline/), '!');
    expect(publish).toBeEnabled();
    expect(publish).toHaveAccessibleDescription('Unsaved changes: Publish saves them first.');
  });

  it('saves unsaved edits into the draft, then publishes it, and stays open', async () => {
    const seen = fakeServer(true, {
      'PUT /api/vendor/services/svc-1/funnel': (req) => ({ body: { ...FUNNEL, draft: true, has_draft: true, draft_saved_at: '2026-11-29T10:00:00Z', content: req.body } }),
      'POST /api/vendor/services/svc-1/publish': () => ({ body: { id: 'svc-1', has_draft: false } }),
    });
    const onClose = await renderEditor();
    const headline = screen.getByLabelText(/Main headline/);
    await userEvent.clear(headline);
    await userEvent.type(headline, 'Every file closed on time');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(getToasts().map((x) => x.title)).toContain('Published: live in the marketplace'));
    const writes = seen.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
    expect(writes).toEqual(['PUT /api/vendor/services/svc-1/funnel', 'POST /api/vendor/services/svc-1/publish']);
    expect((seen.find((r) => r.method === 'PUT')?.body as { headline: string }).headline).toBe('Every file closed on time');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses to publish a form that breaks the rules, sending nothing', async () => {
    const seen = fakeServer(true);
    await renderEditor();
    await userEvent.clear(screen.getByLabelText(/Main headline/));
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findAllByText(/Main headline is required/)).not.toHaveLength(0);
    expect(seen.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it("shows a saved draft with when it was saved, and publishes it without saving again", async () => {
    const seen = fakeServer(true, {
      'POST /api/vendor/services/svc-1/publish': () => ({ body: { id: 'svc-1', has_draft: false } }),
    });
    await renderEditor(vi.fn(), { ...FUNNEL, draft: true, active: false, has_draft: true, publish_activates: true, draft_saved_at: '2026-11-29T10:00:00Z' });
    expect(status()).toHaveTextContent('Draft - unpublished changes');
    expect(status()).toHaveTextContent(/Saved .*2026/);
    expect(status()).toHaveTextContent('Not in the marketplace yet: publishing lists it.');
    expect(within(status()).queryByRole('link')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(seen.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/vendor/services/svc-1/publish']));
  });

  it('says when publishing failed', async () => {
    fakeServer(true, {
      'POST /api/vendor/services/svc-1/publish': () => ({ status: 409, body: { code: 'conflict', message: 'The draft changed while it was being published: publish again.' } }),
    });
    await renderEditor(vi.fn(), { ...FUNNEL, has_draft: true, draft_saved_at: '2026-11-29T10:00:00Z' });
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(getToasts().map((x) => x.title)).toContain('Failed to publish'));
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
  });
});

describe('F-ENG-05 Discard draft in the funnel editor', () => {
  const DRAFT: FunnelAnswer = { ...FUNNEL, draft: true, has_draft: true, draft_saved_at: '2026-11-29T10:00:00Z', content: { ...CONTENT, headline: 'A draft headline' } };

  it('is offered only while a draft is saved', async () => {
    await renderEditor();
    expect(screen.queryByRole('button', { name: 'Discard draft' })).toBeNull();
  });

  it('asks first, drops the draft on the server and shows the live funnel', async () => {
    const seen = fakeServer(true, {
      'DELETE /api/vendor/services/svc-1/draft': () => ({ body: { id: 'svc-1', has_draft: false } }),
      'GET /api/vendor/services/svc-1/funnel': () => ({ body: { ...FUNNEL, content: { ...CONTENT, headline: 'The live headline' } } }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await renderEditor(vi.fn(), DRAFT);
    expect(screen.getByLabelText(/Main headline/)).toHaveValue('A draft headline');
    await userEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(confirm).toHaveBeenLastCalledWith('Discard the unpublished changes of Transaction Coordination? The live listing stays as it is.');
    expect(seen.filter((r) => r.method !== 'GET')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(getToasts().map((x) => x.title)).toContain('Unpublished changes discarded'));
    expect(seen.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /api/vendor/services/svc-1/draft']);
    expect(screen.getByLabelText(/Main headline/)).toHaveValue('The live headline');
  });

  it('says when discarding failed and keeps the draft in the form', async () => {
    fakeServer(true, {
      'DELETE /api/vendor/services/svc-1/draft': () => ({ status: 500, body: { code: 'internal', message: 'Something went wrong.' } }),
    });
    vi.spyOn(window, 'confirm').mockReturnValueOnce(true);
    await renderEditor(vi.fn(), DRAFT);
    await userEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(getToasts().map((x) => x.title)).toContain('Failed to discard the draft'));
    expect(screen.getByLabelText(/Main headline/)).toHaveValue('A draft headline');
  });
});

describe('F-ENG-05 the funnel editor with the media uploader', () => {
  it('adds an uploaded file to the funnel media it saves', async () => {
    FakeXHR.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXHR);
    const seen = fakeServer(true, {
      'PUT /api/vendor/services/svc-1/funnel': (req) => ({ body: { ...FUNNEL, content: req.body } }),
    });
    const onClose = await renderEditor();
    await userEvent.click(screen.getByRole('tab', { name: 'Media' }));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input).not.toBeNull();
    await userEvent.upload(input!, new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'rate-sheet.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(FakeXHR.sent).toHaveLength(1));
    await FakeXHR.sent[0]!.respond(201, {
      id: 'med-1',
      name: 'rate-sheet.pdf',
      kind: 'document',
      size: 4,
      content_type: 'application/pdf',
      created_at: '2026-11-29T10:00:00Z',
      url: '/api/media/med-1/file',
      card_url: '',
      detail_url: '',
      variants: [],
    });
    expect(await screen.findByText('rate-sheet.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Funnel' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = seen.find((r) => r.method === 'PUT');
    const media = (put?.body as { media?: { url: string; type: string; title: string }[] }).media ?? [];
    expect(media).toContainEqual(expect.objectContaining({ url: '/api/media/med-1/file', type: 'document', title: 'rate-sheet.pdf' }));
  });
});
