/**
 * Runs fn once the browser is idle (at the latest after timeoutMs; a 2 s timer where
 * requestIdleCallback is missing). Returns the cancel function, for an effect's cleanup.
 */
export function whenIdle(fn: () => void, timeoutMs = 4000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 2000);
  return () => window.clearTimeout(id);
}
