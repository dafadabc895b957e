import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSelect, FilteredList, formatEuros, useApi, usePageLayout, useToast, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { practicesApi, type PracticeType } from '../api';
import { LICENCES } from '../lists';
import { typeViewPath } from '../paths';
import { TypeForm } from '../components/TypeForm';
import { TypeStateBadge } from '../components/Badges';

/**
 * `/formative/practice/type` — the lesson types the school sells (`GET hermes/practice/type/read`):
 * search and licence; name, licence, length, price (es-ES euros) and state. "Nuevo tipo" opens
 * the form above the list (`create`, the price typed in euros and sent in cents); a row opens
 * the type's view.
 */
export default function TypeListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => practicesApi(client), [client]);
  const toast = useToast();
  const [licence, setLicence] = useState('');
  const [creating, setCreating] = useState(false);
  // bumped after a type is made: the list is read again
  const [version, setVersion] = useState(0);
  const title = t('types.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  const load = useCallback((q: ListQuery) => api.types.list({ search: q.search, page: q.page, per_page: q.perPage, licence }), [api, licence]);

  const columns: Column<PracticeType>[] = [
    {
      key: 'name',
      header: t('types.columns.name'),
      render: (x) => (
        <Link to={typeViewPath(x.id)} data-testid="type-name">
          {x.name}
        </Link>
      ),
    },
    { key: 'licence', header: t('types.columns.licence'), className: 'practices-nowrap' },
    { key: 'minutes', header: t('types.columns.minutes'), className: 'practices-num' },
    { key: 'price', header: t('types.columns.price'), className: 'practices-num', render: (x) => formatEuros(x.price) },
    { key: 'state', header: t('types.columns.state'), render: (x) => <TypeStateBadge state={x.state} /> },
  ];

  return (
    <div className="practices-page" data-testid="type-list">
      {creating && (
        <section className="card" aria-labelledby="practices-type-create-title" data-testid="type-create">
          <h2 id="practices-type-create-title" className="card__title">
            {t('types.create.title')}
          </h2>
          <TypeForm
            type={null}
            label={t('types.create.title')}
            submitLabel={t('types.create.submit')}
            onSubmit={async (body) => {
              const created = await api.types.create(body);
              toast.success(t('types.create.created', { name: created.name }));
              setCreating(false);
              setVersion((v) => v + 1);
            }}
            extra={
              <button type="button" className="vk-btn vk-btn--light" onClick={() => setCreating(false)}>
                {t('cancel')}
              </button>
            }
          />
        </section>
      )}
      <FilteredList<PracticeType>
        label={title}
        columns={columns}
        rowKey={(x) => x.id}
        load={load}
        filtersKey={JSON.stringify({ licence, version })}
        searchPlaceholder={t('types.search')}
        empty={t('types.empty')}
        filters={
          <FilterSelect
            label={t('filters.licence')}
            value={licence}
            options={[{ value: '', label: t('filters.allLicences') }, ...LICENCES.map((l) => ({ value: l, label: l }))]}
            onChange={setLicence}
          />
        }
        actions={
          !creating && (
            <button type="button" className="vk-btn vk-btn--primary" onClick={() => setCreating(true)}>
              {t('types.new')}
            </button>
          )
        }
      />
    </div>
  );
}
