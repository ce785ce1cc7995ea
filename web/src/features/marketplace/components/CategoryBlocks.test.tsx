import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { BLOCKS_PULSE_MS, CategoryBlocks } from './CategoryBlocks';

function renderAt(url: string) {
  const scrolled: string[] = [];
  // jsdom has no scrolling: record which element was asked to scroll into view.
  Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
    configurable: true,
    value(this: HTMLElement) {
      scrolled.push(this.id || this.getAttribute('role') || this.tagName);
    },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/marketplace',
        element: (
          <>
            <CategoryBlocks data={undefined} activeTag="" onPick={() => {}} />
            <section role="tabpanel">
              <h2 id="services-heading">Services</h2>
            </section>
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return { router, scrolled };
}

// F-AI-01 (03§2): the advice landing's Marketplace topic scrolls to the category blocks, pulses
// them for 1.5 s, then scrolls to the services grid.
describe('F-AI-01 the Marketplace topic points at the category blocks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  });

  it('scrolls to the blocks, pulses them 1.5 s, then scrolls to the grid and drops the hash', () => {
    const { router, scrolled } = renderAt('/marketplace?q=crm#category-blocks');
    const blocks = screen.getByRole('region', { name: /Shop by category/ });
    expect(scrolled).toEqual(['category-blocks']);
    expect(blocks).toHaveAttribute('data-pulsing', 'true');
    act(() => vi.advanceTimersByTime(BLOCKS_PULSE_MS - 1));
    expect(blocks).toHaveAttribute('data-pulsing', 'true');
    act(() => vi.advanceTimersByTime(1));
    expect(blocks).not.toHaveAttribute('data-pulsing');
    expect(scrolled).toEqual(['category-blocks', 'tabpanel']);
    expect(router.state.location.hash).toBe('');
    expect(router.state.location.search).toBe('?q=crm');
  });

  it('does nothing on a plain visit', () => {
    const { scrolled } = renderAt('/marketplace');
    expect(screen.getByRole('region', { name: /Shop by category/ })).not.toHaveAttribute('data-pulsing');
    act(() => vi.advanceTimersByTime(BLOCKS_PULSE_MS * 2));
    expect(scrolled).toEqual([]);
  });
});
