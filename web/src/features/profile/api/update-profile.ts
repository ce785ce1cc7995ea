import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { SEND_ONCE } from '../../../lib/queryClient';
import type { paths } from '../../../lib/api/schema';
import { updateViewerProfile, useViewer } from '../../../lib/session';
import { profileQuery, resetProfileFetcher } from './get-profile';

export type ProfileUpdate = NonNullable<paths['/api/profile']['patch']['requestBody']>['content']['application/json'];

/** PATCH /api/profile with the changed fields; field errors name the field. */
function updateProfile(update: ProfileUpdate) {
  return unwrap(api.PATCH('/api/profile', { body: update }));
}

/** Saves the profile; the answer replaces the cached profile and the session's copy of it. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: updateProfile,
    onSuccess: (next) => {
      resetProfileFetcher();
      queryClient.setQueryData(profileQuery(next.user_id, viewer.isAdmin).queryKey, next);
      updateViewerProfile(queryClient, next);
    },
  });
}
