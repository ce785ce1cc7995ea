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
 * The user menu of 03§2 for a signed-in viewer, by role: the areas of a role show only to its
 * holders (holdsRole, the rule the screens' guard uses), so no entry leads to a 403 screen.
 */
export function userMenuEntries(v: Viewer): MenuEntry[] {
  const e: MenuEntry[] = [{ id: 'points', labelKey: 'menu.points', to: '/wallet', group: 'points' }];
  if (holdsRole(v, 'pro')) e.push({ id: 'proMember', labelKey: 'menu.proMember', to: '/pricing', group: 'points' });
  e.push(
    holdsRole(v, 'creator')
      ? { id: 'creatorDashboard', labelKey: 'menu.creatorDashboard', to: '/creator-dashboard', group: 'account' }
      : { id: 'becomeCreator', labelKey: 'menu.becomeCreator', to: '/creator-onboarding', group: 'account' },
    { id: 'orders', labelKey: 'menu.orders', to: '/orders', group: 'account' },
    { id: 'saved', labelKey: 'menu.saved', to: '/saved', group: 'account' },
    { id: 'wallet', labelKey: 'menu.wallet', to: '/wallet', group: 'account' },
    { id: 'notifications', labelKey: 'menu.notifications', to: '/notifications', group: 'account' },
    { id: 'profile', labelKey: 'menu.profile', to: '/profile-settings', group: 'account' },
    { id: 'commandCenter', labelKey: 'menu.commandCenter', to: '/command-center', group: 'account' },
    { id: 'aiConcierge', labelKey: 'menu.aiConcierge', to: '/ai-dashboard', group: 'account' },
    { id: 'subscription', labelKey: 'menu.subscription', to: '/billing', group: 'account' },
  );
  if (holdsRole(v, 'admin')) {
    e.push(
      { id: 'admin', labelKey: 'menu.admin', to: '/admin', group: 'roles' },
      { id: 'outbox', labelKey: 'menu.outbox', to: '/admin/outbox', group: 'roles' },
    );
  }
  if (holdsRole(v, 'vendor')) {
    e.push(
      {
        id: 'vendorDashboard',
        labelKey: v.profile?.vendor_type === 'co_marketing' ? 'menu.coMarketingDashboard' : 'menu.vendorDashboard',
        to: '/vendor-analytics',
        group: 'roles',
      },
      { id: 'serviceManagement', labelKey: 'menu.serviceManagement', to: '/vendor-dashboard', group: 'roles' },
    );
  }
  e.push(
    { id: 'sessions', labelKey: 'menu.sessions', group: 'session' },
    { id: 'signOut', labelKey: 'menu.signOut', group: 'session' },
  );
  return e;
}

/** Initials for the avatar: first letters of the first two words of the name, else of the e-mail. */
export function initialsOf(name: string | undefined, email: string | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}`.toUpperCase();
  if (words.length === 1) return (words[0]?.slice(0, 2) ?? '').toUpperCase();
  return (email?.[0] ?? '?').toUpperCase();
}
