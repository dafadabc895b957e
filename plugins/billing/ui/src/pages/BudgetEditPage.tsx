import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorList, useConfirm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { BackLink } from '../components/BackLink';
import type { Budget, DocumentBody } from '../api';
import { DocumentEditor } from '../components/DocumentEditor';
import { DocumentOutput } from '../components/DocumentOutput';
import { DocumentView } from '../components/DocumentView';
import { NoSeries } from '../components/NoSeries';
import { PrintView } from '../components/PrintView';
import { StateBadge } from '../components/StateBadge';
import { blankDraft, draftOf } from '../components/draft';
import { useDocumentPage } from '../components/useDocumentPage';
import { startingSeries } from '../components/useReferenceData';

/**
 * /budget/new/:target/:billing/:budget/:contact and /budget/edit/… (same parameters as the
 * invoice's). A pending budget is edited, deleted, or billed: billing creates its invoice, links
 * both and cannot be undone, so it asks twice; then the invoice opens.
 */
export default function BudgetEditPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const confirm = useConfirm();
  const toast = useToast();
  const page = useDocumentPage<Budget>('budget', (api, id) => api.budgets.read(id));
  const { api, back, editPath, load } = page;
  if (page.status || !page.data) return page.status;
  const { series, taxes, groups } = page.data;

  if (!page.doc) {
    if (!series.length) return <NoSeries />;
    return (
      <DocumentEditor
        kind="budget"
        initial={blankDraft(startingSeries(series, page.seriesParam), taxes, page.picked)}
        series={series}
        taxes={taxes}
        groups={groups}
        actions={[{ intent: 'create', label: t('budget.create'), primary: true }]}
        onSubmit={async (body) => {
          const created = await api.budgets.create(body);
          toast.success(t('budget.created', { reference: created.reference ?? '' }));
          navigate(editPath(created));
        }}
        extra={
          <BackLink to={back} />
        }
      />
    );
  }

  const current = page.doc;
  const seriesOf = page.seriesOf(current);
  if (page.printing) return <PrintView doc={current} series={seriesOf} title={t('budget.title')} onClose={() => page.setPrinting(false)} />;
  const pending = current.state === 'pending';

  async function save(body: DocumentBody) {
    const saved = await api.budgets.update({ ...body, id: current.id });
    page.saved(saved);
    toast.success(t('budget.saved'));
  }

  async function remove() {
    if (!(await confirm({ message: t('budget.deleteQuestion', { reference: current.reference }), confirmLabel: t('budget.delete'), tone: 'danger' }))) return;
    try {
      await api.budgets.remove(current.id);
      toast.success(t('budget.deleted'));
      navigate(back);
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('actionError'));
    }
  }

  async function bill() {
    const ok = await confirm({
      title: t('budget.billTitle'),
      message: t('budget.billQuestion', { reference: current.reference }),
      confirmLabel: t('budget.bill'),
      second: { title: t('budget.billSecondTitle'), message: t('budget.billSecondQuestion', { reference: current.reference }), confirmLabel: t('budget.billConfirm') },
    });
    if (!ok) return;
    try {
      const invoice = await api.budgets.bill(current.id);
      toast.success(t('budget.billed', { reference: invoice.reference ?? '' }));
      navigate(`/invoice/edit/budget/${invoice.series_id}/${invoice.id}/${invoice.contact_id ?? 0}`);
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('actionError'));
      load();
    }
  }

  return (
    <div className="billing-page" data-testid="budget-page">
      <section className="card billing-page__head">
        <div>
          <h2 className="billing-page__title" data-testid="budget-reference">
            {current.reference}
          </h2>
          <StateBadge state={current.state} />
          {current.invoice_id && (
            <p>
              <Link to={`/invoice/edit/budget/${current.series_id}/${current.invoice_id}/${current.contact_id ?? 0}`} data-testid="budget-invoice-link">
                {t('budget.openInvoice')}
              </Link>
            </p>
          )}
        </div>
        <div className="billing-page__actions">
          <DocumentOutput kind="budget" doc={current} onPrintView={() => page.setPrinting(true)} />
          {pending && (
            <>
              <button type="button" className="vk-btn vk-btn--primary" onClick={() => void bill()}>
                {t('budget.bill')}
              </button>
              <button type="button" className="vk-btn vk-btn--danger" onClick={() => void remove()}>
                {t('budget.delete')}
              </button>
            </>
          )}
          <BackLink to={back} />
        </div>
      </section>
      {pending ? (
        <DocumentEditor
          key={page.version}
          kind="budget"
          initial={draftOf(current)}
          series={series}
          taxes={taxes}
          groups={groups}
          seriesLocked
          actions={[{ intent: 'save', label: t('budget.save'), primary: true }]}
          onSubmit={save}
        />
      ) : (
        <>
          <p className="vk-alert vk-alert--info" role="status">
            {t('budget.billedNotice')}
          </p>
          <section className="card">
            <DocumentView doc={current} series={seriesOf} title={t('budget.title')} />
          </section>
        </>
      )}
    </div>
  );
}
