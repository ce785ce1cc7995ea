/** Thin wrappers over browser navigation so tests can replace them. */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  /** Go to url in this tab (a hosted payment page). */
  goTo(url: string): void {
    window.location.assign(url);
  },
  openInNewTab(url: string): void {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
};
