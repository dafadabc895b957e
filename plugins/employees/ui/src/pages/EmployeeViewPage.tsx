import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, formatDate, useApi, usePageLayout, useRecord } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { employeesApi, type Branch, type EmployeeRecord } from '../api';
import { VIEW_TABS, tabOf, type ViewTab } from '../lists';
import { useBusinessLists } from '../useBusinessLists';
import { AccountBadge, StateBadge, TeacherBadge } from '../components/Badges';
import { EmployeeActions } from '../components/EmployeeActions';
import { AccessTab } from '../tabs/AccessTab';
import { ActivityTab } from '../tabs/ActivityTab';
import { GeneralTab } from '../tabs/GeneralTab';
import { LabourTab } from '../tabs/LabourTab';
import { ObservationsTab } from '../tabs/ObservationsTab';
import { PinTab } from '../tabs/PinTab';
import { WorkplacesTab } from '../tabs/WorkplacesTab';
import type { TabProps } from '../tabs/types';

/**
 * The main branch's name: from the business's branches when read, else the one of
 * `branch_names` at the main branch's place in `branches` (the plugin leaves out the names of
 * branches it no longer knows, so that place is only a fallback).
 */
export function mainBranchName(employee: Pick<EmployeeRecord, 'branch_id' | 'branches' | 'branch_names'>, known?: Branch[] | null): string {
  if (employee.branch_id === null) return '';
  const listed = known?.find((b) => b.branch_id === employee.branch_id);
  if (listed) return listed.trade_name;
  const at = employee.branches.indexOf(employee.branch_id);
  return at >= 0 && employee.branch_names.length === employee.branches.length ? (employee.branch_names[at] ?? '') : '';
}

/**
 * /employee/view/:employee_id — an employee (route permission `employee`: the full record): the
 * head (name, code, NIF/NIE, badges, main branch, positions; deactivate / activate and delete,
 * confirmed) and the tabs General, Sucursales y puestos, Laboral, Observaciones, Acceso, PIN
 * biométrico and Actividad (`?tab=` keeps the one open). A deleted employee is read only.
 */
export default function EmployeeViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => employeesApi(client), [client]);
  const id = Number(useParams().employee_id) || 0;
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const { record: employee, show, failed, formKey, load, reload } = useRecord<EmployeeRecord>(id, api.employees.read);
  const business = useBusinessLists(api);
  const title = employee?.name || t('view.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('list.title'), to: '/employee/list' }, { label: title }] });

  if (!id) return <PageState error={t('view.notFound')} />;
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!employee) return <PageState error={null} />;

  const readOnly = employee.state === 'deleted';
  const select = (next: ViewTab) => setParams(next === 'general' ? {} : { tab: next }, { replace: true });
  const props: TabProps = { api, employee, readOnly, onSaved: (saved) => show({ ...employee, ...saved }), onChanged: reload };

  return (
    <div className="employees-page" data-testid="employee-view">
      <section className="card employees-head" data-testid="employee-head">
        <div>
          <h2 className="employees-head__name" data-testid="employee-title">
            {employee.name}
          </h2>
          <p className="muted">{[employee.code, employee.fiscal_code].filter(Boolean).join(' · ')}</p>
          <p className="employees-head__badges">
            <StateBadge state={employee.state} /> <TeacherBadge isTeacher={employee.is_teacher} /> <AccountBadge account={employee.account} />
          </p>
        </div>
        <dl className="employees-facts">
          <dt>{t('fields.branch_id')}</dt>
          <dd data-testid="employee-branch">{mainBranchName(employee, business.lists?.branches) || t('view.none')}</dd>
          <dt>{t('fields.positions')}</dt>
          <dd data-testid="employee-positions">{employee.position_names.join(', ') || t('view.none')}</dd>
          <dt>{t('fields.incorporation_date')}</dt>
          <dd>{formatDate(employee.incorporation_date) || t('view.none')}</dd>
          {employee.is_teacher && (
            <>
              <dt>{t('fields.teacher_classes')}</dt>
              <dd data-testid="employee-classes">{employee.teacher_classes.join(', ') || t('view.none')}</dd>
            </>
          )}
        </dl>
        <div className="employees-actions">
          <EmployeeActions api={api} employee={employee} onChanged={props.onSaved} />
          <Link className="vk-btn vk-btn--light" to="/employee/list">
            {t('view.back')}
          </Link>
        </div>
      </section>
      {readOnly && (
        <p className="vk-alert vk-alert--danger" role="status">
          {t('view.deletedNotice')}
        </p>
      )}
      <section className="card">
        <div className="vk-tabs employees-tabs" role="tablist" aria-label={t('view.tabs')}>
          {VIEW_TABS.map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              id={`employees-tab-${key}`}
              aria-selected={tab === key}
              aria-controls="employees-tab-panel"
              className={tab === key ? 'vk-tab is-active' : 'vk-tab'}
              onClick={() => tab !== key && select(key)}
            >
              {t(`tabs.${key}`)}
            </button>
          ))}
        </div>
        <div role="tabpanel" id="employees-tab-panel" aria-labelledby={`employees-tab-${tab}`} key={`${tab}-${formKey}`}>
          {tab === 'general' && <GeneralTab {...props} />}
          {tab === 'workplaces' && <WorkplacesTab {...props} lists={business.lists} listsFailed={business.failed} onRetry={business.load} />}
          {tab === 'labour' && <LabourTab {...props} />}
          {tab === 'observations' && <ObservationsTab {...props} />}
          {tab === 'access' && <AccessTab {...props} />}
          {tab === 'pin' && <PinTab {...props} />}
          {tab === 'activity' && <ActivityTab {...props} />}
        </div>
      </section>
    </div>
  );
}
