import { useId, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Field, FormMessages, PageState, SubmitActions, useApi, usePageLayout, useRecord, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { employeesApi, type EmployeesApi, type RoleView } from '../api';
import { personName } from '../format';
import { CheckField, useEmployeeFieldErrors } from '../components/Field';
import { PermissionTree } from '../components/PermissionTree';
import { useDeleteRole } from './RoleListPage';

/**
 * /employee/permissions/view/:id — a role (`employee/permissions/read?role_id=`): its name, menu
 * access and permission tree, saved together (`employee/permissions/update`; a `super` role holds
 * every permission and only its name and menu access change), its users, and delete (confirmed:
 * they are left with no role and no permissions).
 */
export default function RoleViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => employeesApi(client), [client]);
  const navigate = useNavigate();
  const deleteRole = useDeleteRole(api);
  const id = Number(useParams().id) || 0;
  const { record: role, show, failed, formKey, load } = useRecord<RoleView>(id, api.roles.read);
  const title = role?.name || t('roles.role');
  usePageLayout({ title, breadcrumbs: [{ label: t('roles.title'), to: '/employee/permissions/list' }, { label: title }] });

  if (!id) return <PageState error={t('roles.notFound')} />;
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!role) return <PageState error={null} />;

  return (
    <div className="employees-page" data-testid="role-view">
      <section className="card employees-head">
        <div>
          <h2 className="employees-head__name" data-testid="role-title">
            {role.name}
          </h2>
          {role.is_super && <span className="vk-badge vk-badge--success">{t('roles.super')}</span>}
        </div>
        <div className="employees-actions">
          <button type="button" className="vk-btn vk-btn--danger" onClick={() => void deleteRole(role, role.users.length).then((done) => done && navigate('/employee/permissions/list'))}>
            {t('roles.delete')}
          </button>
          <Link className="vk-btn vk-btn--light" to="/employee/permissions/list">
            {t('roles.back')}
          </Link>
        </div>
      </section>
      <section className="card">
        <RoleForm key={formKey} api={api} role={role} onSaved={(saved) => show({ ...role, ...saved })} />
      </section>
      <section className="card" aria-labelledby="employees-role-users">
        <h2 id="employees-role-users" className="card__title">
          {t('roles.users', { count: role.users.length })}
        </h2>
        {role.users.length === 0 ? (
          <p className="muted">{t('roles.noUsers')}</p>
        ) : (
          <ul className="employees-users" data-testid="role-users">
            {role.users.map((u) => (
              <li key={u.user_id}>
                {personName(u.first_name, u.last_name)} <span className="muted">{u.email}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function RoleForm({ api, role, onSaved }: { api: EmployeesApi; role: RoleView; onSaved(saved: RoleView): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const formId = useId();
  const errors = useEmployeeFieldErrors(formId, ['name', 'menu_access', 'permissions']);
  const [name, setName] = useState(role.name);
  const [menu, setMenu] = useState(role.menu_access);
  const [permissions, setPermissions] = useState<string[]>(role.permissions);
  const [busy, setBusy] = useState(false);

  async function submit() {
    errors.reset();
    setBusy(true);
    try {
      // the super role holds every permission: the host refuses a list for it
      const saved = await api.roles.update(role.role_id, role.is_super ? { name: name.trim(), menu_access: menu } : { name: name.trim(), menu_access: menu, permissions });
      toast.success(t('roles.saved'));
      onSaved({ ...role, ...saved });
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="vk-form employees-form"
      aria-label={t('roles.form')}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={errors.errors} general={errors.general} testId="role-errors" />
      <div className="vk-form__grid">
        <Field form={formId} field="name" label={t('roles.name')} error={errors.errors.name} required>
          <input className="vk-input" {...errors.control('name')} value={name} maxLength={100} autoComplete="off" disabled={busy} onChange={(ev) => setName(ev.target.value)} />
        </Field>
      </div>
      <CheckField form={formId} field="menu_access" label={t('roles.menuAccess')} checked={menu} disabled={busy} error={errors.errors.menu_access} onChange={setMenu} />
      {role.is_super && (
        <p className="vk-alert vk-alert--info" role="note">
          {t('roles.superNotice')}
        </p>
      )}
      <PermissionTree tree={role.tree} value={role.is_super ? role.permissions : permissions} disabled={busy || role.is_super} onChange={setPermissions} />
      {errors.errors.permissions && (
        <span className="vk-error" data-testid="error-permissions">
          {errors.errors.permissions}
        </span>
      )}
      <SubmitActions busy={busy} label={t('save')} />
    </form>
  );
}
