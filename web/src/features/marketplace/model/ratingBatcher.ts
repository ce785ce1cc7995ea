/**
 * Ratings in bulk (03§7, 03§9): every request made within 40 ms goes out as one call, with each
 * service id once; at most 200 ids per call (the endpoint's limit).
 */
export interface ServiceRating {
  service_id: string;
  average_rating: number;
  total_reviews: number;
}

export const RATING_BATCH_DELAY_MS = 40;
export const RATING_BATCH_MAX = 200;

export type RatingsFetcher = (serviceIds: string[]) => Promise<ServiceRating[]>;

interface Waiter {
  resolve: (r: ServiceRating) => void;
  reject: (e: unknown) => void;
}

export function createRatingBatcher(fetcher: RatingsFetcher, delayMs = RATING_BATCH_DELAY_MS, maxBatch = RATING_BATCH_MAX) {
  let pending = new Map<string, Waiter[]>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function send(batch: Map<string, Waiter[]>) {
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += maxBatch) {
      const chunk = ids.slice(i, i + maxBatch);
      try {
        const answer = await fetcher(chunk);
        const byId = new Map(answer.map((r) => [r.service_id, r]));
        for (const id of chunk) {
          const r = byId.get(id) ?? { service_id: id, average_rating: 0, total_reviews: 0 };
          for (const w of batch.get(id) ?? []) w.resolve(r);
        }
      } catch (err) {
        for (const id of chunk) for (const w of batch.get(id) ?? []) w.reject(err);
      }
    }
  }

  function flush() {
    timer = null;
    const batch = pending;
    pending = new Map();
    if (batch.size > 0) void send(batch);
  }

  return {
    /** The rating of one service, fetched together with the others asked for within the delay. */
    load(serviceId: string): Promise<ServiceRating> {
      return new Promise<ServiceRating>((resolve, reject) => {
        const list = pending.get(serviceId);
        if (list) list.push({ resolve, reject });
        else pending.set(serviceId, [{ resolve, reject }]);
        timer ??= setTimeout(flush, delayMs);
      });
    },
  };
}
