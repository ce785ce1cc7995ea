import { api, unwrap, type ResponseBody } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { useSendOnce } from '../../lib/queryClient';

export type Verse = components['schemas']['Verse'];
export type Prayer = components['schemas']['Prayer'];
export type NewPrayer = components['schemas']['NewPrayer'];
export type Scriptures = ResponseBody<'/api/ministry/scriptures', 'get'>;
export type SharedPrayer = components['schemas']['SharedPrayer'];

export const TAGS = ['encouragement', 'peace', 'wisdom', 'work', 'family', 'gratitude', 'healing', 'guidance'] as const;
export type Tag = (typeof TAGS)[number];

const myPrayersKey = ['ministry', 'prayers', 'mine'] as const;

/** GET /api/ministry/scriptures (list-scriptures): the bundled verses of one tag. */
export function scripturesQuery(tag: Tag) {
  return {
    queryKey: ['ministry', 'scriptures', tag] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/api/ministry/scriptures', { params: { query: { tag } }, signal })),
    staleTime: Infinity,
  };
}

/** GET /api/ministry/prayers/mine (list-my-prayers). */
export function myPrayersQuery(signedIn: boolean) {
  return {
    queryKey: myPrayersKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/api/ministry/prayers/mine', { signal })),
    enabled: signedIn,
  };
}

/** GET /api/ministry/prayers/shared (list-shared-prayers): approved, without names. */
export function sharedPrayersQuery(signedIn: boolean) {
  return {
    queryKey: ['ministry', 'prayers', 'shared'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/api/ministry/prayers/shared', { signal })),
    enabled: signedIn,
  };
}

/** POST /api/ministry/prayers (submit-prayer). */
export function useSubmitPrayer() {
  return useSendOnce((body: NewPrayer) => unwrap(api.POST('/api/ministry/prayers', { body })), myPrayersKey);
}
