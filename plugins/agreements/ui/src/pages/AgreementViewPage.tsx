import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, PageState, changedFields, fileReadUrl, useApi, useLoad, usePageLayout, useRecord, useSession, useToast, withoutNulls } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { agreementsApi, type AgreementDetail, type AgreementFields } from '../api';
import { agreementListPath, agreementViewPath } from '../paths';
import { useRemoveAgreement } from '../actions';
import { AgreementForm } from '../components/AgreementForm';
import { RequestsSection } from '../components/RequestsSection';

/**
 * `/agreement/view/:agreement_id` — an agreement (`GET agreement/read/{id}`; `0`: a new one).
 * The head: its type, its pending and signed requests, "Abrir el PDF" and "Eliminar" (asked
 * first; back to the list). The form (`agreement/create`, or `agreement/update` with only what
 * changed) and, once it exists, its signature requests. A deleted agreement is read only.
 */
export default function AgreementViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const session = useSession();
  const api = useMemo(() => agreementsApi(client, session.store), [client, session.store]);
  const raw = useParams().agreement_id ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : -1;
  const navigate = useNavigate();
  const toast = useToast();
  const types = useLoad(api.types);
  const { remove, failures } = useRemoveAgreement(api);
  const { record: agreement, show, failed, formKey, load, reload } = useRecord<AgreementDetail>(id > 0 ? id : 0, api.agreements.read);
  const title = id === 0 ? t('view.new') : (agreement?.name ?? t('view.fallback'));
  usePageLayout({ title, breadcrumbs: [{ label: t('title'), to: agreementListPath() }, { label: title }] });

  if (id < 0) return <PageState error={t('view.notFound')} />;
  if (id === 0) {
    return (
      <div className="agreements-page" data-testid="agreement-view">
        <section className="card" aria-labelledby="agreements-new-title">
          <h2 id="agreements-new-title" className="card__title">
            {t('view.new')}
          </h2>
          <AgreementForm
            agreement={null}
            types={types.data}
            api={api}
            label={t('view.new')}
            submitLabel={t('view.create')}
            onSubmit={async (body) => {
              const created = await api.agreements.create(withoutNulls(body));
              toast.success(t('view.created', { name: created.name }));
              navigate(agreementViewPath(created.id));
            }}
            extra={
              <Link className="vk-btn vk-btn--light" to={agreementListPath()}>
                {t('cancel')}
              </Link>
            }
          />
        </section>
      </div>
    );
  }
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!agreement) return <PageState error={null} />;

  const deleted = agreement.state === 'deleted';
  const token = session.store.getToken();

  async function save(body: AgreementFields) {
    if (!agreement) return;
    const fields = changedFields(body, agreement);
    if (Object.keys(fields).length === 0) {
      toast.info(t('noChanges'));
      return;
    }
    const saved = await api.agreements.update(agreement.id, fields);
    show({ ...agreement, ...saved, requests: agreement.requests });
    toast.success(t('view.saved', { name: saved.name }));
  }

  return (
    <div className="agreements-page" data-testid="agreement-view">
      <section className="card agreements-head" data-testid="agreement-head">
        <div>
          <h2 className="agreements-head__title" data-testid="view-title">
            {agreement.name}
          </h2>
          <p className="agreements-inline">
            <span className="vk-badge" data-testid="view-type">
              {agreement.type_name || agreement.type}
            </span>
            {agreement.dgt_register && <span className="vk-badge">{t('view.dgtRegister')}</span>}
            {deleted && <span className="vk-badge vk-badge--danger">{t('view.deleted')}</span>}
          </p>
        </div>
        <dl className="agreements-facts">
          <dt>{t('view.requested')}</dt>
          <dd data-testid="view-requested">{agreement.requested}</dd>
          <dt>{t('view.signed')}</dt>
          <dd data-testid="view-signed">{agreement.signed}</dd>
        </dl>
        <div className="agreements-inline">
          <Link className="vk-btn vk-btn--light" to={agreementListPath()}>
            {t('back')}
          </Link>
          {agreement.pdf_file_id && (
            <a className="vk-btn vk-btn--light" href={fileReadUrl(agreement.pdf_file_id, token)} target="_blank" rel="noreferrer" data-testid="view-pdf">
              {t('view.openPdf')}
            </a>
          )}
          {!deleted && (
            <button type="button" className="vk-btn vk-btn--light" onClick={() => void remove(agreement).then((done) => done && navigate(agreementListPath()))}>
              {t('delete.action')}
            </button>
          )}
        </div>
        <ErrorList messages={failures} testId="agreement-action-errors" />
      </section>
      {deleted && (
        <p className="vk-alert vk-alert--info" role="status" data-testid="deleted-notice">
          {t('view.deletedNotice')}
        </p>
      )}
      <section className="card" aria-labelledby="agreements-data-title">
        <h2 id="agreements-data-title" className="card__title">
          {t('view.data')}
        </h2>
        <AgreementForm key={formKey} agreement={agreement} types={types.data} api={api} label={t('view.data')} submitLabel={t('save')} disabled={deleted} onSubmit={save} />
      </section>
      <RequestsSection api={api} agreement={agreement} readOnly={deleted} onChanged={reload} />
    </div>
  );
}
