import type { UserSummary } from './api/list-users';

/** The roles a user holds, in the order the back office shows them. */
export function rolesOf(u: Pick<UserSummary, 'is_admin' | 'is_creator' | 'vendor_enabled' | 'is_pro' | 'is_pro_member'>): string[] {
  const out: string[] = [];
  if (u.is_admin) out.push('admin');
  if (u.is_creator) out.push('creator');
  if (u.vendor_enabled) out.push('vendor');
  if (u.is_pro) out.push('pro');
  if (u.is_pro_member) out.push('pro_member');
  return out;
}
