import type { Viewer } from '../../lib/session';
import { holdsRole } from '../access/access';

/** One entry of the user menu (spec 03§2). Links have `to`; the others are actions. */
export interface MenuEntry {
  id:
    | 'points'
    | 'proMember'
    | 'creatorDashboard'
    | 'becomeCreator'
    | 'orders'
    | 'saved'
    | 'wallet'
    | 'notifications'
    | 'profile'
    | 'commandCenter'
    | 'aiConcierge'
    | 'subscription'
    | 'admin'
    | 'outbox'
    | 'supportDesk'
    | 'vendorDashboard'
    | 'serviceManagement'
    | 'sessions'
    | 'signOut';
  labelKey: string;
  to?: string;
  /** Menu sections: separators go between groups. */
  group: 'points' | 'account' | 'roles' | 'session';
}

/** circle_points of the profile: the server's points-ledger balance (0 before the profile loads). */
export function pointsOf(v: Viewer): number {
  return v.profile?.circle_points ?? 0;
}

/**
 * Whether the viewer buys on Circle as an agent: everyone but a vendor account that is not Pro.
 * Agent-only pieces (Upgrade to Pro, the points pill and wallet) follow it (issue 28 item 9).
 */
export function buysAsAgent(v: Viewer): boolean {
  return v.status === 'signed-in' && (!holdsRole(v, 'vendor') || holdsRole(v, 'pro'));
}

/** Who an entry of the table is for. */
type Audience = (v: Viewer) => boolean;
const everyone: Audience = () => true;
const agents: Audience = buysAsAgent;
const role =
  (r: Parameters<typeof holdsRole>[1]): Audience =>
  (v) =>
    holdsRole(v, r);
const not =
  (a: Audience): Audience =>
  (v) =>
    !a(v);

interface MenuRow extends Omit<MenuEntry, 'labelKey'> {
  labelKey: string | ((v: Viewer) => string);
  shownTo: Audience;
}

/**
 * The user menu of 03§2, one row per entry with who sees it: the desktop menu and the phone
 * menu render it; the areas of a role show only to its holders (holdsRole, the rule the
 * screens' guard uses), so no entry leads to a 403 screen. The Command Center is the operators'
 * (01§4; docs/decisions.md "Issue 28"), so it is an admin entry.
 */
const USER_MENU: readonly MenuRow[] = [
  { id: 'points', labelKey: 'menu.points', to: '/wallet', group: 'points', shownTo: agents },
  { id: 'proMember', labelKey: 'menu.proMember', to: '/pricing', group: 'points', shownTo: role('pro') },
  { id: 'creatorDashboard', labelKey: 'menu.creatorDashboard', to: '/creator-dashboard', group: 'account', shownTo: role('creator') },
  { id: 'becomeCreator', labelKey: 'menu.becomeCreator', to: '/creator-onboarding', group: 'account', shownTo: not(role('creator')) },
  { id: 'orders', labelKey: 'menu.orders', to: '/orders', group: 'account', shownTo: everyone },
  { id: 'saved', labelKey: 'menu.saved', to: '/saved', group: 'account', shownTo: everyone },
  { id: 'wallet', labelKey: 'menu.wallet', to: '/wallet', group: 'account', shownTo: agents },
  { id: 'notifications', labelKey: 'menu.notifications', to: '/notifications', group: 'account', shownTo: everyone },
  { id: 'profile', labelKey: 'menu.profile', to: '/profile-settings', group: 'account', shownTo: everyone },
  { id: 'aiConcierge', labelKey: 'menu.aiConcierge', group: 'account', shownTo: everyone },
  { id: 'subscription', labelKey: 'menu.subscription', to: '/billing', group: 'account', shownTo: everyone },
  { id: 'admin', labelKey: 'menu.admin', to: '/admin', group: 'roles', shownTo: role('admin') },
  { id: 'commandCenter', labelKey: 'menu.commandCenter', to: '/command-center', group: 'roles', shownTo: role('admin') },
  { id: 'outbox', labelKey: 'menu.outbox', to: '/admin/outbox', group: 'roles', shownTo: role('admin') },
  // Support staff's area (administrators reach it from the back office's sidebar).
  { id: 'supportDesk', labelKey: 'menu.supportDesk', to: '/support', group: 'roles', shownTo: role('support') },
  {
    id: 'vendorDashboard',
    labelKey: (v) => (v.profile?.vendor_type === 'co_marketing' ? 'menu.coMarketingDashboard' : 'menu.vendorDashboard'),
    to: '/vendor-analytics',
    group: 'roles',
    shownTo: role('vendor'),
  },
  { id: 'serviceManagement', labelKey: 'menu.serviceManagement', to: '/vendor-dashboard', group: 'roles', shownTo: role('vendor') },
  { id: 'sessions', labelKey: 'menu.sessions', group: 'session', shownTo: everyone },
  { id: 'signOut', labelKey: 'menu.signOut', group: 'session', shownTo: everyone },
];

/** The user menu's entries for a signed-in viewer, in order. */
export function userMenuEntries(v: Viewer): MenuEntry[] {
  return USER_MENU.filter((row) => row.shownTo(v)).map(({ shownTo: _, labelKey, ...row }) => ({
    ...row,
    labelKey: typeof labelKey === 'function' ? labelKey(v) : labelKey,
  }));
}

/** Initials for the avatar: first letters of the first two words of the name, else of the e-mail. */
export function initialsOf(name: string | undefined, email: string | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}`.toUpperCase();
  if (words.length === 1) return (words[0]?.slice(0, 2) ?? '').toUpperCase();
  return (email?.[0] ?? '?').toUpperCase();
}
