import { api, unwrap } from '../../../lib/api/client';
import type { paths } from '../../../lib/api/schema';

export type ProfileUpdate = NonNullable<paths['/api/profile']['patch']['requestBody']>['content']['application/json'];

/** PATCH /api/profile with the changed fields; field errors name the field. */
export function updateProfile(update: ProfileUpdate) {
  return unwrap(api.PATCH('/api/profile', { body: update }));
}
