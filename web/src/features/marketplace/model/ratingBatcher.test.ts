import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRatingBatcher, type ServiceRating } from './ratingBatcher';

const rating = (id: string, avg = 4): ServiceRating => ({ service_id: id, average_rating: avg, total_reviews: 2 });

describe('F-CAT-06 ratings in bulk: 40 ms batches, ids de-duplicated (03§7)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends everything asked for within 40 ms as one request with each id once', async () => {
    const fetcher = vi.fn(async (ids: string[]) => ids.map((id) => rating(id)));
    const b = createRatingBatcher(fetcher);
    const p1 = b.load('a');
    await vi.advanceTimersByTimeAsync(20);
    const p2 = b.load('b');
    const p3 = b.load('a');
    expect(fetcher).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith(['a', 'b']);
    await expect(Promise.all([p1, p2, p3])).resolves.toEqual([rating('a'), rating('b'), rating('a')]);
  });

  it('a request after the window starts a new batch', async () => {
    const fetcher = vi.fn(async (ids: string[]) => ids.map((id) => rating(id)));
    const b = createRatingBatcher(fetcher);
    void b.load('a');
    await vi.advanceTimersByTimeAsync(40);
    void b.load('b');
    await vi.advanceTimersByTimeAsync(40);
    expect(fetcher.mock.calls).toEqual([[['a']], [['b']]]);
  });

  it('a service without ratings gets zero; a failure rejects every waiter of the batch', async () => {
    const b = createRatingBatcher(async () => []);
    const p = b.load('x');
    await vi.advanceTimersByTimeAsync(40);
    await expect(p).resolves.toEqual({ service_id: 'x', average_rating: 0, total_reviews: 0 });

    const failing = createRatingBatcher(async () => {
      throw new Error('boom');
    });
    const q1 = failing.load('a');
    const q2 = failing.load('b');
    const settled = Promise.allSettled([q1, q2]);
    await vi.advanceTimersByTimeAsync(40);
    expect((await settled).map((s) => s.status)).toEqual(['rejected', 'rejected']);
  });

  it('splits more than 200 ids into requests of at most 200', async () => {
    const fetcher = vi.fn(async (ids: string[]) => ids.map((id) => rating(id)));
    const b = createRatingBatcher(fetcher);
    const all = Array.from({ length: 450 }, (_, i) => b.load(`s${i}`));
    await vi.advanceTimersByTimeAsync(40);
    await Promise.all(all);
    expect(fetcher.mock.calls.map(([ids]) => ids.length)).toEqual([200, 200, 50]);
  });
});
