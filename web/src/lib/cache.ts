import type { QueryClient } from '@tanstack/react-query';
import { clearLocalStorageKeepingSession } from './storage';

/**
 * Clears what the browser keeps for the app: Cache Storage, the query cache and localStorage
 * except the session and the visitor's choices (language, cookie consent). sessionStorage stays.
 */
export async function clearAppCaches(queryClient: QueryClient): Promise<void> {
  try {
    if (typeof caches !== 'undefined') {
      const names = await caches.keys();
      await Promise.all(names.map((n) => caches.delete(n)));
    }
  } catch {
    // Cache Storage unavailable (insecure context): nothing to clear.
  }
  queryClient.clear();
  clearLocalStorageKeepingSession();
}
