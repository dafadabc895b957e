import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSelect, FilteredList, useApi, useLoad, usePageLayout, useToast, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { ContactForm } from '../components/ContactForm';
import { useStateActions } from '../components/ContactActions';
import { ProviderGroupsPanel } from '../components/ProviderGroups';
import { SchemasState } from '../components/SchemasState';
import { StateBadge } from '../components/StateBadge';
import { useContactSchemas } from '../schema';
import { STATE_FILTERS, providersApi, type Contact, type ProvidersApi, type StateFilter } from '../api';

/** A new supplier's blank: a company (the host's default for `provider/create` too). */
const BLANK = { type: 'E', notifications: true };

/**
 * /provider/list — the suppliers (`GET provider/read`): search, state and group filters, "Viendo
 * x a y de z", state badges, view, deactivate/activate and delete (asked first). "Nuevo proveedor"
 * opens the supplier's form above the list (`provider/create`), then its card. Below, the
 * suppliers' groups: create and delete.
 */
export default function ProviderListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => providersApi(client), [client]);
  const [state, setState] = useState<StateFilter>('');
  const [groupId, setGroupId] = useState('');
  const [version, setVersion] = useState(0);
  const [creating, setCreating] = useState(false);
  const groups = useLoad(api.groups);
  const title = t('providers.title');
  usePageLayout({ title, breadcrumbs: [{ label: title }] });

  const load = useCallback(
    (q: ListQuery) => api.list({ search: q.search, page: q.page, per_page: q.perPage, state, group_id: Number(groupId) || null }),
    [api, state, groupId],
  );
  const actions = useStateActions(api, { activated: t('providers.activated'), deactivated: t('providers.deactivated'), deleted: t('providers.deleted') }, () => setVersion((v) => v + 1));

  const columns: Column<Contact>[] = [
    {
      key: 'display_name',
      header: t('providers.columns.name'),
      render: (c) => (
        <Link to={`/provider/view/${c.id}`} className="contact-name">
          {c.display_name}
        </Link>
      ),
    },
    { key: 'fiscal_code', header: t('providers.columns.fiscal_code') },
    { key: 'email', header: t('providers.columns.email') },
    { key: 'phone', header: t('providers.columns.phone'), render: (c) => c.phone || c.mobile },
    { key: 'state', header: t('providers.columns.state'), render: (c) => <StateBadge state={c.state} /> },
    {
      key: 'actions',
      header: t('providers.columns.actions'),
      className: 'vk-table__actions',
      render: (c) => (
        <>
          <Link className="vk-btn vk-btn--light" to={`/provider/view/${c.id}`} aria-label={t('list.viewNamed', { name: c.display_name })}>
            {t('list.view')}
          </Link>{' '}
          {c.state !== 'deleted' && (
            <>
              <button type="button" className="vk-btn vk-btn--light" onClick={() => void actions.toggle(c)} aria-label={t('list.toggleNamed', { name: c.display_name })}>
                {t(c.state === 'active' ? 'list.deactivate' : 'list.activate')}
              </button>{' '}
              <button type="button" className="vk-btn vk-btn--light" onClick={() => void actions.remove(c)} aria-label={t('providers.deleteNamed', { name: c.display_name })}>
                {t('view.delete')}
              </button>
            </>
          )}
        </>
      ),
    },
  ];

  return (
    <div className="provider-page" data-testid="provider-list">
      {creating && <ProviderCreate api={api} onCancel={() => setCreating(false)} />}
      <FilteredList<Contact>
        label={t('providers.table')}
        columns={columns}
        rowKey={(c) => c.id}
        load={load}
        filtersKey={`${state}|${groupId}|${version}`}
        searchPlaceholder={t('providers.search')}
        empty={t('providers.empty')}
        filters={
          <>
            <FilterSelect
              label={t('list.stateFilter')}
              value={state}
              options={STATE_FILTERS.map((f) => ({ value: f, label: t(`list.filter.${f || 'open'}`) }))}
              onChange={(v) => setState(v as StateFilter)}
            />
            <FilterSelect
              label={t('providers.groupFilter')}
              value={groupId}
              options={[{ value: '', label: t('providers.allGroups') }, ...(groups.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name }))]}
              onChange={setGroupId}
            />
          </>
        }
        actions={
          !creating && (
            <button type="button" className="vk-btn vk-btn--primary" onClick={() => setCreating(true)}>
              {t('providers.new')}
            </button>
          )
        }
      />
      <ProviderGroupsPanel api={api} groups={groups} onDeleted={(id) => setGroupId((current) => (current === String(id) ? '' : current))} />
    </div>
  );
}

/** "Nuevo proveedor": the contact's form for a supplier (a company unless changed), `provider/create`, then its card. */
function ProviderCreate({ api, onCancel }: { api: ProvidersApi; onCancel(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const toast = useToast();
  const schemas = useContactSchemas();
  return (
    <section className="card" aria-labelledby="provider-create-title" data-testid="provider-create">
      <h2 id="provider-create-title" className="card__title">
        {t('providers.create.title')}
      </h2>
      {schemas.forms ? (
        <ContactForm
          schema={schemas.forms.contact}
          value={BLANK}
          relation="provider"
          name={t('providers.view.data')}
          submitLabel={t('providers.create.submit')}
          onSubmit={async (values) => {
            const created = await api.create(values);
            toast.success(t('providers.create.done', { name: created.display_name }));
            navigate(`/provider/view/${created.id}`);
          }}
        />
      ) : (
        <SchemasState schemas={schemas} />
      )}
      <button type="button" className="vk-btn vk-btn--light" onClick={onCancel}>
        {t('providers.create.cancel')}
      </button>
    </section>
  );
}
