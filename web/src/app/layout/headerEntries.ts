import type { Flags } from '../../lib/flags';
import type { Viewer } from '../../lib/session';
import { buysAsAgent } from './userMenu';

/** A link of the header: the desktop bar and the phone menu render the same lists (issue 18). */
export interface HeaderLink {
  to: string;
  labelKey: string;
}

/** The primary navigation of 03§2; the footer's Explore list shows the same entries. */
export function primaryNav(flags: Pick<Flags, 'marketplace' | 'academy'>): HeaderLink[] {
  const nav: Array<HeaderLink | false> = [
    flags.marketplace && { to: '/marketplace', labelKey: 'common.header.nav.marketplace' },
    { to: '/lobby', labelKey: 'common.header.nav.lobby' },
    flags.academy && { to: '/academy', labelKey: 'common.header.nav.academy' },
    { to: '/pricing', labelKey: 'common.header.nav.pricing' },
  ];
  return nav.filter((x): x is HeaderLink => Boolean(x));
}

/** What a visitor sees at the right of the header: Sign In and the sign-up button. */
export const VISITOR_LINKS = {
  signIn: { to: '/auth', labelKey: 'menu.signIn' },
  signUp: { to: '/auth?mode=signup', labelKey: 'common.header.getStarted' },
} as const satisfies Record<string, HeaderLink>;

/** The header's Upgrade to Pro button, shown to signed-in agents who are not Pro (not to vendors). */
export function upgradeLink(v: Viewer): HeaderLink | null {
  return buysAsAgent(v) && !v.isPro ? { to: '/pricing', labelKey: 'menu.upgrade' } : null;
}

/** The header's points pill: for agents, like the menu's points and wallet entries. */
export function showsPoints(v: Viewer): boolean {
  return buysAsAgent(v);
}
