/** Lets the footer's "Cookie settings" reopen the consent banner from anywhere. */
const listeners = new Set<() => void>();

export function openCookieSettings(): void {
  for (const l of listeners) l();
}

export function onOpenCookieSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
