import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorList, useApi, useConfirm, usePageLayout, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { billingApi, type BudgetGroup, type ListBody } from '../api';
import { DocumentList } from '../components/DocumentList';

/** /budget/list: the budgets (`budget/readall`), by state, series and group; the budget groups. */
export default function BudgetListPage() {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  const toast = useToast();
  const confirm = useConfirm();
  const [groups, setGroups] = useState<BudgetGroup[]>([]);
  const [groupId, setGroupId] = useState(0);
  const [name, setName] = useState('');
  usePageLayout({ title: t('budget.list'), breadcrumbs: [{ label: t('title') }, { label: t('budget.list') }] });
  const load = useCallback((body: ListBody) => api.budgets.list(body), [api]);
  const loadGroups = useCallback(() => {
    api.budgets.groups().then(setGroups, () => setGroups([]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(loadGroups, [loadGroups]);

  async function addGroup() {
    try {
      await api.budgets.createGroup(name.trim());
      toast.success(t('groups.created'));
      setName('');
      loadGroups();
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('actionError'));
    }
  }

  async function removeGroup(group: BudgetGroup) {
    if (!(await confirm({ message: t('groups.deleteQuestion', { name: group.name }), confirmLabel: t('groups.delete'), tone: 'danger' }))) return;
    try {
      await api.budgets.removeGroup(group.id);
      toast.success(t('groups.deleted'));
      if (groupId === group.id) setGroupId(0);
      loadGroups();
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('actionError'));
    }
  }

  return (
    <div className="billing-page">
      <DocumentList
        kind="budget"
        states={['pending', 'billed']}
        load={load}
        extraFilters={groupId ? { group_id: groupId } : {}}
        extraActions={
          <select className="vk-input" aria-label={t('list.groupFilter')} value={groupId} onChange={(e) => setGroupId(Number(e.target.value))}>
            <option value={0}>{t('list.allGroups')}</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        }
      />
      <section className="card" aria-labelledby="budget-groups-title">
        <h2 id="budget-groups-title" className="card__title">
          {t('groups.title')}
        </h2>
        {groups.length ? (
          <ul className="billing-groups">
            {groups.map((g) => (
              <li key={g.id}>
                <span>{t('groups.item', { name: g.name, count: g.budgets ?? 0 })}</span>
                <button type="button" className="vk-btn vk-btn--light" aria-label={t('groups.deleteNamed', { name: g.name })} onClick={() => void removeGroup(g)}>
                  {t('groups.delete')}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('groups.none')}</p>
        )}
        <form
          className="billing-inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            void addGroup();
          }}
        >
          <input className="vk-input" aria-label={t('groups.name')} placeholder={t('groups.name')} value={name} onChange={(e) => setName(e.target.value)} />
          <button type="submit" className="vk-btn vk-btn--light" disabled={!name.trim()}>
            {t('groups.add')}
          </button>
        </form>
      </section>
    </div>
  );
}
