import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, Field, FormMessages, PageState, SubmitActions, errorList, useApi, useConfirm, usePageLayout, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { employeesApi, type EmployeesApi, type RoleList } from '../api';
import { treeKeys } from '../components/PermissionTree';
import { CheckField, useEmployeeFieldErrors } from '../components/Field';

type RoleRow = RoleList['roles'][number];

/**
 * The question before deleting a role (the host's rule: its users are left with no role and no
 * permissions of their own).
 */
export function useDeleteRole(api: EmployeesApi) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  return async (role: { role_id: number; name: string }, users: number): Promise<boolean> => {
    const ok = await confirm({
      title: t('roles.deleteTitle'),
      message: [t('roles.deleteQuestion', { name: role.name }), t('roles.deleteUsers', { count: users })].join(' '),
      confirmLabel: t('roles.delete'),
      tone: 'danger',
    });
    if (!ok) return false;
    try {
      await api.roles.remove(role.role_id);
      toast.success(t('roles.deleted', { name: role.name }));
      return true;
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('actionError'));
      return false;
    }
  };
}

/**
 * /employee/permissions/list — the business's roles (`employee/permissions/read`; route
 * permission `employee.permissions`): name, super, menu access, permissions held, users; a new
 * role (`employee/permissions/create`: name and menu access, then its tree in its view) and
 * delete (confirmed: its users are left with no role and no permissions).
 */
export default function RoleListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => employeesApi(client), [client]);
  const deleteRole = useDeleteRole(api);
  const [data, setData] = useState<RoleList | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  usePageLayout({ title: t('roles.title'), breadcrumbs: [{ label: t('title') }, { label: t('roles.title') }] });

  const load = useCallback(() => {
    setFailed(null);
    api.roles.list().then(setData, (e) => setFailed(errorList(e)[0]?.details ?? ''));
  }, [api]);
  useEffect(load, [load]);

  if (!data) return <PageState error={failed} onRetry={load} />;
  const total = treeKeys(data.tree).length;

  const columns: Column<RoleRow>[] = [
    {
      key: 'name',
      header: t('roles.columns.name'),
      render: (r) => (
        <Link to={`/employee/permissions/view/${r.role_id}`} data-testid="role-name">
          {r.name}
        </Link>
      ),
    },
    { key: 'is_super', header: t('roles.columns.super'), render: (r) => (r.is_super ? <span className="vk-badge vk-badge--success">{t('roles.super')}</span> : '') },
    { key: 'menu_access', header: t('roles.columns.menu'), render: (r) => t(r.menu_access ? 'yes' : 'no') },
    { key: 'permissions', header: t('roles.columns.permissions'), className: 'employees-num', render: (r) => (r.is_super ? t('roles.all') : t('roles.count', { count: r.permissions.length, total })) },
    { key: 'user_count', header: t('roles.columns.users'), className: 'employees-num', render: (r) => String(r.user_count) },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (r) => (
        <>
          <Link className="vk-btn vk-btn--light" to={`/employee/permissions/view/${r.role_id}`} aria-label={t('roles.openNamed', { name: r.name })}>
            {t('open')}
          </Link>{' '}
          <button type="button" className="vk-btn vk-btn--light" aria-label={t('roles.deleteNamed', { name: r.name })} onClick={() => void deleteRole(r, r.user_count).then((done) => done && load())}>
            {t('roles.delete')}
          </button>
        </>
      ),
    },
  ];

  return (
    <div className="employees-page" data-testid="role-list">
      <section className="card">
        <DataTable<RoleRow> label={t('roles.table')} columns={columns} rows={data.roles} rowKey={(r) => r.role_id} empty={t('roles.empty')} />
      </section>
      <section className="card" aria-labelledby="employees-new-role">
        <h2 id="employees-new-role" className="card__title">
          {t('roles.new')}
        </h2>
        <RoleCreateForm api={api} />
      </section>
    </div>
  );
}

function RoleCreateForm({ api }: { api: EmployeesApi }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const toast = useToast();
  const formId = useId();
  const errors = useEmployeeFieldErrors(formId, ['name', 'menu_access']);
  const [name, setName] = useState('');
  const [menu, setMenu] = useState(true);
  const [busy, setBusy] = useState(false);
  async function submit() {
    errors.reset();
    setBusy(true);
    try {
      const role = await api.roles.create(name.trim(), menu);
      toast.success(t('roles.created', { name: role.name }));
      navigate(`/employee/permissions/view/${role.role_id}`);
    } catch (failure) {
      errors.fail(failure, t('actionError'));
      setBusy(false);
    }
  }
  return (
    <form
      className="vk-form employees-form"
      aria-label={t('roles.new')}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={errors.errors} general={errors.general} testId="role-create-errors" />
      <div className="vk-form__grid">
        <Field form={formId} field="name" label={t('roles.name')} error={errors.errors.name} required>
          <input className="vk-input" {...errors.control('name')} value={name} maxLength={100} autoComplete="off" disabled={busy} onChange={(ev) => setName(ev.target.value)} />
        </Field>
      </div>
      <CheckField form={formId} field="menu_access" label={t('roles.menuAccess')} checked={menu} disabled={busy} error={errors.errors.menu_access} onChange={setMenu} />
      <p className="muted">{t('roles.newHint')}</p>
      <SubmitActions busy={busy} label={t('roles.create')} />
    </form>
  );
}
