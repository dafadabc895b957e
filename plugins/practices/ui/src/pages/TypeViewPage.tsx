import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, PageState, errorList, formatEuros, useApi, useConfirm, usePageLayout, useRecord, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { practicesApi, type PracticeType } from '../api';
import { changedFields } from '../format';
import { typeListPath } from '../paths';
import { TypeForm } from '../components/TypeForm';
import { TypeStateBadge } from '../components/Badges';

/**
 * `/formative/practice/view/:practice_type_id` — a lesson type (`GET hermes/practice/type/read/{id}`):
 * its data, the edit form (`update` with only what changed) and "Dejar de ofrecer"
 * (`delete`, asked first: its packs and lessons stay).
 */
export default function TypeViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => practicesApi(client), [client]);
  const id = Number(useParams().practice_type_id) || 0;
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();
  const { record: type, show, failed, formKey, load } = useRecord<PracticeType>(id, api.types.read);
  const [failures, setFailures] = useState<string[]>([]);
  const title = type?.name ?? t('types.view.fallback');
  usePageLayout({ title, breadcrumbs: [{ label: t('types.title'), to: typeListPath() }, { label: title }] });

  if (!id) return <PageState error={t('types.view.notFound')} />;
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!type) return <PageState error={null} />;

  const deleted = type.state === 'deleted';

  async function remove() {
    if (!type) return;
    const ok = await confirm({ title: t('types.delete.title'), message: t('types.delete.question', { name: type.name }), confirmLabel: t('types.delete.action'), tone: 'danger' });
    if (!ok) return;
    setFailures([]);
    try {
      await api.types.remove(type.id);
      toast.success(t('types.delete.done', { name: type.name }));
      navigate(typeListPath());
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    }
  }

  return (
    <div className="practices-page" data-testid="type-view">
      <section className="card practices-head" data-testid="type-head">
        <div>
          <h2 className="practices-head__name" data-testid="type-title">
            {type.name}
          </h2>
          <p className="practices-badges">
            <TypeStateBadge state={type.state} />
          </p>
        </div>
        <dl className="practices-facts">
          <dt>{t('types.fields.licence')}</dt>
          <dd data-testid="type-licence">{type.licence}</dd>
          <dt>{t('types.fields.minutes')}</dt>
          <dd data-testid="type-minutes">{type.minutes}</dd>
          <dt>{t('types.fields.price')}</dt>
          <dd data-testid="type-price">{formatEuros(type.price)}</dd>
        </dl>
        <div className="practices-actions">
          <Link className="vk-btn vk-btn--light" to={typeListPath()}>
            {t('back')}
          </Link>
          {!deleted && (
            <button type="button" className="vk-btn vk-btn--light" onClick={() => void remove()}>
              {t('types.delete.action')}
            </button>
          )}
        </div>
        <ErrorList messages={failures} testId="type-action-errors" />
      </section>
      {deleted ? (
        <p className="vk-alert vk-alert--info" role="status">
          {t('types.view.deletedNotice')}
        </p>
      ) : (
        <section className="card" aria-labelledby="practices-type-edit-title">
          <h2 id="practices-type-edit-title" className="card__title">
            {t('types.view.editTitle')}
          </h2>
          <TypeForm
            key={formKey}
            type={type}
            label={t('types.view.editTitle')}
            submitLabel={t('save')}
            onSubmit={async (body) => {
              const changed = changedFields(body, type);
              if (Object.keys(changed).length === 0) {
                toast.info(t('noChanges'));
                return;
              }
              show(await api.types.update(type.id, changed));
              toast.success(t('types.view.saved', { name: body.name }));
            }}
          />
        </section>
      )}
    </div>
  );
}
