import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTableParams, type Column } from '../../components/table/DataTable';
import { QueryTable } from '../../components/table/QueryTable';
import { FilterSearch, FilterSelect } from '../../components/table/TableFilters';
import { Button } from '../../components/ui/Button';
import { usersQuery, type UserSummary } from './api/list-users';
import { AdminShell } from './AdminShell';
import { rolesOf } from './roles';

const ROLE_FILTERS = ['', 'admin', 'creator', 'vendor', 'pro', 'pro_member', 'disabled'] as const;

/** /admin/users: every account, paged, sorted and filtered on the server; the state is the URL. */
export default function UsersPage() {
  const { t, i18n } = useTranslation();
  const { table, filter, set } = useTableParams({ sort: 'created_at', dir: 'desc' });
  const q = filter('q');
  const role = filter('role');
  const users = useQuery(usersQuery(table, q, role));
  const [draft, setDraft] = useState(q);
  const searchId = useId();
  const roleId = useId();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  const columns: Column<UserSummary>[] = [
    {
      key: 'email',
      header: t('admin.users.email'),
      sort: 'email',
      cell: (u) => (
        <Link to={`/admin/users/${u.id}`} className="text-primary hover:underline">
          {u.email}
        </Link>
      ),
      csv: (u) => u.email,
    },
    { key: 'name', header: t('admin.users.name'), sort: 'display_name', cell: (u) => u.display_name, csv: (u) => u.display_name },
    { key: 'roles', header: t('admin.users.roles'), cell: (u) => rolesOf(u).map((r) => t(`admin.roles.${r}`)).join(', '), csv: (u) => rolesOf(u).join(' ') },
    {
      key: 'status',
      header: t('admin.users.status'),
      cell: (u) => (u.disabled_at ? t('admin.users.disabled') : u.email_verified ? t('admin.users.active') : t('admin.users.unverified')),
      csv: (u) => (u.disabled_at ? 'disabled' : u.email_verified ? 'active' : 'unverified'),
    },
    { key: 'created', header: t('admin.users.created'), sort: 'created_at', cell: (u) => date.format(new Date(u.created_at)), csv: (u) => u.created_at },
  ];

  function onSearch(e: FormEvent) {
    e.preventDefault();
    set({ q: draft.trim() });
  }

  return (
    <AdminShell title={t('admin.users.title')}>
      <form onSubmit={onSearch} className="flex flex-wrap items-end gap-3" role="search">
        <FilterSearch id={searchId} label={t('admin.users.search')} value={draft} onChange={setDraft} />
        <FilterSelect id={roleId} label={t('admin.users.roleFilter')} value={role} options={ROLE_FILTERS} text={(r) => r ? t(`admin.roles.${r}`) : t('admin.users.anyRole')} onChange={(v) => set({ role: v })} />
        <Button type="submit">{t('admin.users.apply')}</Button>
      </form>
      <QueryTable
        query={users}
        rowsOf={(d) => d.users}
        error={t('admin.error')}
        caption={t('admin.users.title')}
        columns={columns}
        rowKey={(u) => u.id}
        params={table}
        onParams={set}
        csvName="users.csv"
      />
    </AdminShell>
  );
}
