import { describe, expect, it } from 'vitest';
import { toViewer, type SessionAnswer } from '../../lib/session';
import { sessionAnswer } from '../../test/session';
import { accessOfPath, decideAccess } from '../access/access';
import { routes } from '../routes';
import { showsPoints, upgradeLink } from './headerEntries';
import { initialsOf, pointsOf, userMenuEntries } from './userMenu';

const answer = sessionAnswer;

const ids = (p: Partial<SessionAnswer['profile']>) => userMenuEntries(toViewer(answer(p), false)).map((e) => e.id);

describe('F-AUTH-09 user menu by role (03§2)', () => {
  it('an agent: points, Become a Creator, the account links, sessions and sign out', () => {
    expect(ids({})).toEqual([
      'points',
      'becomeCreator',
      'orders',
      'saved',
      'wallet',
      'notifications',
      'profile',
      'aiConcierge',
      'subscription',
      'sessions',
      'signOut',
    ]);
  });

  it('a Pro member gets the Circle Pro Member entry (is_pro or is_pro_member)', () => {
    expect(ids({ is_pro_effective: true, is_pro_member: true })).toContain('proMember');
    expect(ids({})).not.toContain('proMember');
  });

  it('a creator gets the Creator Dashboard instead of Become a Creator', () => {
    const c = ids({ is_creator: true });
    expect(c).toContain('creatorDashboard');
    expect(c).not.toContain('becomeCreator');
  });

  it('an admin gets the Admin Dashboard and the outbox', () => {
    expect(ids({ is_admin_effective: true })).toEqual(expect.arrayContaining(['admin', 'outbox']));
    expect(ids({})).not.toContain('admin');
  });

  it('support staff get the Support Desk; agents and administrators do not (administrators have the back office)', () => {
    expect(ids({ is_support: true })).toContain('supportDesk');
    expect(ids({ is_support: true })).not.toContain('admin');
    expect(ids({})).not.toContain('supportDesk');
    expect(ids({ is_admin_effective: true })).not.toContain('supportDesk');
  });

  it('a vendor gets its dashboard (named by vendor type) and Service Management', () => {
    const v = userMenuEntries(toViewer(answer({ vendor_enabled: true, vendor_type: 'co_marketing' }), false));
    expect(v.find((e) => e.id === 'vendorDashboard')).toMatchObject({ labelKey: 'menu.coMarketingDashboard', to: '/vendor-analytics' });
    expect(v.find((e) => e.id === 'serviceManagement')).toMatchObject({ to: '/vendor-dashboard' });
    const sp = userMenuEntries(toViewer(answer({ vendor_enabled: true, vendor_type: 'service_provider' }), false));
    expect(sp.find((e) => e.id === 'vendorDashboard')?.labelKey).toBe('menu.vendorDashboard');
    expect(ids({})).not.toContain('serviceManagement');
  });

  // Issue 28 item 9: every demo role's menu and header pieces, decided by the one table.
  it.each([
    ['agent', {}, { points: true, upgrade: true }, ['becomeCreator', 'wallet'], ['commandCenter', 'admin', 'serviceManagement', 'proMember']],
    ['Pro member', { is_pro_effective: true, is_pro_member: true }, { points: true, upgrade: false }, ['proMember', 'wallet'], ['commandCenter', 'admin']],
    ['vendor', { vendor_enabled: true, vendor_type: 'service_provider' }, { points: false, upgrade: false }, ['vendorDashboard', 'serviceManagement'], ['points', 'wallet', 'proMember', 'commandCenter']],
    ['Pro vendor', { vendor_enabled: true, is_pro_effective: true }, { points: true, upgrade: false }, ['vendorDashboard', 'points', 'wallet', 'proMember'], ['commandCenter']],
    ['creator', { is_creator: true }, { points: true, upgrade: true }, ['creatorDashboard'], ['becomeCreator', 'commandCenter']],
    ['admin', { is_admin_effective: true }, { points: true, upgrade: true }, ['admin', 'commandCenter', 'outbox'], ['serviceManagement']],
  ] as const)('a demo %s sees what the role table gives it', (_, profile, header, shown, hidden) => {
    const viewer = toViewer(answer(profile), false);
    const entries = userMenuEntries(viewer).map((e) => e.id);
    expect(entries).toEqual(expect.arrayContaining([...shown]));
    for (const id of hidden) expect(entries).not.toContain(id);
    expect({ points: showsPoints(viewer), upgrade: upgradeLink(viewer) !== null }).toEqual(header);
    // No entry leads to a screen the viewer may not open.
    for (const e of userMenuEntries(viewer).filter((x) => x.to)) {
      expect(decideAccess(viewer, accessOfPath(routes, e.to!) ?? 'visitor'), e.to).toBe('open');
    }
  });

  it('every link goes to a route of the table', () => {
    const all = userMenuEntries(
      toViewer(answer({ is_admin_effective: true, vendor_enabled: true, is_creator: true, is_pro_effective: true }), false),
    );
    expect(all.filter((e) => e.to).map((e) => e.to)).toEqual([
      '/wallet',
      '/pricing',
      '/creator-dashboard',
      '/orders',
      '/saved',
      '/wallet',
      '/notifications',
      '/profile-settings',
      '/billing',
      '/admin',
      '/command-center',
      '/admin/outbox',
      '/vendor-analytics',
      '/vendor-dashboard',
    ]);
  });

  it.each([
    ['an agent', {}],
    ['a Pro member', { is_pro_effective: true, is_pro_member: true }],
    ['a vendor', { vendor_enabled: true }],
    ['a creator', { is_creator: true }],
    ['an admin', { is_admin_effective: true }],
  ] as Array<[string, Partial<SessionAnswer['profile']>]>)('%s: every link opens its screen (the route table lets the role in)', (_, p) => {
    const viewer = toViewer(answer(p), false);
    for (const e of userMenuEntries(viewer).filter((x) => x.to)) {
      const access = accessOfPath(routes, e.to!);
      expect(access, `${e.to} declares an access`).toBeDefined();
      expect(decideAccess(viewer, access!), `${e.id} -> ${e.to}`).toBe('open');
    }
  });

  it('the admin, vendor and creator areas show only to their roles', () => {
    const areas = ['admin', 'outbox', 'vendorDashboard', 'serviceManagement', 'creatorDashboard'];
    expect(ids({}).filter((id) => areas.includes(id))).toEqual([]);
    expect(ids({ is_pro_effective: true }).filter((id) => areas.includes(id))).toEqual([]);
    expect(ids({ vendor_enabled: true }).filter((id) => areas.includes(id))).toEqual(['vendorDashboard', 'serviceManagement']);
    expect(ids({ is_creator: true }).filter((id) => areas.includes(id))).toEqual(['creatorDashboard']);
    expect(ids({ is_admin_effective: true }).filter((id) => areas.includes(id))).toEqual(['admin', 'outbox']);
  });

  it('initials come from the name, else the e-mail', () => {
    expect(initialsOf('Dana Agent', 'x@y.z')).toBe('DA');
    expect(initialsOf('dana', 'x@y.z')).toBe('DA');
    expect(initialsOf('', 'xavier@y.z')).toBe('X');
  });
});

describe('pointsOf', () => {
  it('shows the ledger balance the server sent, and 0 before a profile loads', () => {
    expect(pointsOf(toViewer(answer({ circle_points: 1250 }), false))).toBe(1250);
    expect(pointsOf({ ...toViewer(answer({}), false), profile: undefined })).toBe(0);
  });
});
