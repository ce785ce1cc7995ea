import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '../../lib/useMediaQuery';
import { renderApp } from '../../test/render';
import { makeCard } from './testData';
import { serveMarketplace } from './testServer';

// Each price block rendered, counted through the real component: a card renders its price block
// every time it renders itself.
const priceBlockRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./components/PriceBlock', async (importOriginal) => {
  const real = await importOriginal<typeof import('./components/PriceBlock')>();
  return {
    ...real,
    PriceBlock: (props: Parameters<typeof real.PriceBlock>[0]) => {
      priceBlockRenders.count++;
      return real.PriceBlock(props);
    },
  };
});

const cards = Array.from({ length: 20 }, (_, i) => makeCard({ id: `svc-${i + 1}`, title: `Service ${i + 1}` }));

/** Holds animation frames until `flushFrames`, so the grid's first pass can be looked at. */
function holdFrames() {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => {});
  return async () => {
    await act(async () => {
      for (const cb of frames.splice(0)) cb(performance.now());
    });
  };
}

/**
 * Lets the grid's later passes run, frame by frame, until it has rendered every card; returns the
 * number of cards after each pass.
 */
async function renderRest(grid: HTMLElement, flushFrames: () => Promise<void>): Promise<number[]> {
  const passes: number[] = [];
  for (let i = 0; i < 10 && grid.getAttribute('data-rendered') !== 'all'; i++) {
    await flushFrames();
    // The pass starts on a timer after the frame.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    passes.push(within(grid).getAllByRole('article').length);
  }
  return passes;
}

function screenIs(phone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: phone && query === PHONE_QUERY,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    })),
  );
}

describe('F-CAT-02 the grid renders its first screenful first', { timeout: 20_000 }, () => {
  beforeEach(() => {
    priceBlockRenders.count = 0;
    serveMarketplace(cards);
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['a phone', 4, true, [12, 20]],
    ['a wider screen', 8, false, [16, 20]],
  ])('on %s the first pass is %i cards, and the rest follow 8 a frame after its paint', async (_, firstPass, phone, passes) => {
    screenIs(phone);
    const flushFrames = holdFrames();
    await renderApp('/marketplace');
    const grid = await screen.findByTestId('services-list', {}, { timeout: 5000 });
    expect(grid).toHaveAttribute('data-rendered', 'first');
    expect(within(grid).getAllByRole('article')).toHaveLength(firstPass);

    expect(await renderRest(grid, flushFrames)).toEqual(passes);
    expect(grid).toHaveAttribute('data-rendered', 'all');
  });

  it('while a shared link covers the page with the service details, the rest of the grid waits for them to close', async () => {
    screenIs(false);
    const flushFrames = holdFrames();
    const { router } = await renderApp('/marketplace?service=svc-1&view=funnel');
    const grid = await screen.findByTestId('services-list', {}, { timeout: 5000 });
    // Past the frame and the timer that start the second pass of an uncovered page.
    await flushFrames();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(grid).toHaveAttribute('data-rendered', 'first');
    expect(within(grid).getAllByRole('article')).toHaveLength(8);

    await act(() => router.navigate('/marketplace'));
    await renderRest(grid, flushFrames);
    expect(grid).toHaveAttribute('data-rendered', 'all');
    expect(within(grid).getAllByRole('article')).toHaveLength(cards.length);
  });

  it('each card renders once while the page loads (the second pass does not render the first cards again)', async () => {
    screenIs(false);
    await renderApp('/marketplace');
    const grid = await screen.findByTestId('services-list', {}, { timeout: 5000 });
    await waitFor(() => expect(grid).toHaveAttribute('data-rendered', 'all'));
    expect(within(grid).getAllByRole('article')).toHaveLength(cards.length);
    // The page's other requests (configuration, session) have answered by now too.
    await waitFor(() => expect(screen.getByRole('link', { name: /sign in/i })).toBeInTheDocument());
    expect(priceBlockRenders.count).toBe(cards.length);
  });
});
