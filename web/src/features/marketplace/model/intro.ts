/** The intro dialog (03§2, 03§4): first visit, home only, anonymous, once per 90 days, 30% holdout. */
export const INTRO_EXPERIMENT = 'intro_v1';
export const INTRO_HOLDOUT_SHARE = 0.3;
export const INTRO_REPEAT_MS = 90 * 24 * 60 * 60 * 1000;

export interface IntroContext {
  pathname: string;
  viewer: 'loading' | 'signed-out' | 'signed-in';
  /** When it was last shown (ms), or null. */
  lastShownAt: number | null;
  now: number;
  variant: 'shown' | 'holdout';
  /** Browsers driven by automation (navigator.webdriver) only see it when forced. */
  automated: boolean;
  /** ?intro=1 shows it regardless (QA). */
  forced: boolean;
}

export function shouldShowIntro(c: IntroContext): boolean {
  if (c.viewer !== 'signed-out') return false;
  if (c.forced) return true;
  if (c.pathname !== '/' || c.automated || c.variant === 'holdout') return false;
  return c.lastShownAt === null || c.now - c.lastShownAt >= INTRO_REPEAT_MS || c.now < c.lastShownAt;
}
