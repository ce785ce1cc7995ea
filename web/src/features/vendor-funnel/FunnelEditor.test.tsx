import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEventBase from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/queryClient';
import { getToasts } from '../../lib/toast';
import { fakeServer } from '../../test/cart';
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
  content: CONTENT,
  icons: ['check', 'star', 'zap', 'target', 'users', 'dollar', 'trend', 'award', 'shield', 'clock'],
  media_types: ['image', 'video', 'document'],
  max_media: 20,
  updated_at: '2026-11-28T10:00:00Z',
};

async function renderEditor(onClose = vi.fn()) {
  const queryClient = createQueryClient();
  await act(async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <FunnelEditor funnel={FUNNEL} onClose={onClose} />
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
