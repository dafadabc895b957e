import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorList, useConfirm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { BackLink } from '../components/BackLink';
import type { DocumentBody, Invoice } from '../api';
import { DocumentEditor } from '../components/DocumentEditor';
import { DocumentOutput } from '../components/DocumentOutput';
import { DocumentView } from '../components/DocumentView';
import { PaymentsCard } from '../components/PaymentsCard';
import { PrintView } from '../components/PrintView';
import { StateBadge } from '../components/StateBadge';
import { NoSeries } from '../components/NoSeries';
import { blankDraft, draftOf } from '../components/draft';
import { useDocumentPage } from '../components/useDocumentPage';
import { startingSeries } from '../components/useReferenceData';

/**
 * /invoice/new/:target/:billing/:invoice/:contact and /invoice/edit/… — `billing` is the series
 * (0: the first active one), `invoice` the invoice (0 on new), `contact` a contact to start with
 * (0: none), `target` where "back" goes (`contact`: that contact's card; else the list). A new
 * invoice is saved as a draft or issued at once; a draft stays editable until issued; an issued
 * invoice shows its payments, output (PDF, XML, e-mail, print) and can be voided.
 */
export default function InvoiceEditPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const confirm = useConfirm();
  const toast = useToast();
  const page = useDocumentPage<Invoice>('invoice', (api, id) => api.invoices.read(id));
  const { api, back, editPath, load } = page;
  if (page.status || !page.data) return page.status;
  const { series, taxes } = page.data;

  async function create(body: DocumentBody, intent: string) {
    const created = await api.invoices.create({ ...body, draft: intent === 'draft' });
    toast.success(t(intent === 'draft' ? 'invoice.savedDraft' : 'invoice.issued', { reference: created.reference ?? '' }));
    navigate(editPath(created));
  }

  if (!page.doc) {
    if (!series.length) return <NoSeries />;
    return (
      <DocumentEditor
        kind="invoice"
        initial={blankDraft(startingSeries(series, page.seriesParam), taxes, page.picked)}
        series={series}
        taxes={taxes}
        actions={[
          { intent: 'draft', label: t('invoice.saveDraft') },
          { intent: 'issue', label: t('invoice.issue'), primary: true },
        ]}
        onSubmit={create}
        extra={
          <BackLink to={back} />
        }
      />
    );
  }

  const current = page.doc;
  const seriesOf = page.seriesOf(current);
  const title = t(current.invoice_type === 'F2' ? 'invoice.simplifiedTitle' : 'invoice.title');

  if (page.printing) return <PrintView doc={current} series={seriesOf} title={title} onClose={() => page.setPrinting(false)} />;

  async function saveDraft(body: DocumentBody, intent: string) {
    const saved = await api.invoices.update({ ...body, id: current.id, issue: intent === 'issue' });
    page.saved(saved);
    toast.success(t(intent === 'issue' ? 'invoice.issued' : 'invoice.saved', { reference: saved.reference ?? '' }));
    if (intent === 'issue') navigate(editPath(saved), { replace: true });
  }

  async function remove() {
    const draft = current.state === 'draft';
    const ok = await confirm({
      message: t(draft ? 'invoice.deleteDraftQuestion' : 'invoice.voidQuestion', { reference: current.reference ?? '' }),
      confirmLabel: t(draft ? 'invoice.deleteDraft' : 'invoice.void'),
      tone: 'danger',
    });
    if (!ok) return;
    try {
      await api.invoices.remove(current.id);
      toast.success(t(draft ? 'invoice.draftDeleted' : 'invoice.voided'));
      if (draft) navigate(back);
      else load();
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('actionError'));
    }
  }

  return (
    <div className="billing-page" data-testid="invoice-page">
      <section className="card billing-page__head">
        <div>
          <h2 className="billing-page__title" data-testid="invoice-reference">
            {current.reference || t('document.noNumber')}
          </h2>
          <StateBadge state={current.state} />
          {current.budget_id && (
            <p className="muted">
              <Link to={`/budget/edit/list/${current.series_id}/${current.budget_id}/${current.contact_id ?? 0}`}>{t('invoice.fromBudget')}</Link>
            </p>
          )}
        </div>
        <div className="billing-page__actions">
          {current.state !== 'draft' && <DocumentOutput kind="invoice" doc={current} onPrintView={() => page.setPrinting(true)} />}
          {current.contact_id && (
            <Link className="vk-btn vk-btn--light" to={`/sales/cashflow/list?contact_id=${current.contact_id}`}>
              {t('invoice.contactCashflow')}
            </Link>
          )}
          {(current.state === 'draft' || current.state === 'issued') && (
            <button type="button" className="vk-btn vk-btn--danger" onClick={() => void remove()}>
              {t(current.state === 'draft' ? 'invoice.deleteDraft' : 'invoice.void')}
            </button>
          )}
          <BackLink to={back} />
        </div>
      </section>
      {current.state === 'voided' && (
        <p className="vk-alert vk-alert--warning" role="status">
          {t('invoice.voidedNotice')}
        </p>
      )}
      {current.state === 'draft' ? (
        <DocumentEditor
          key={page.version}
          kind="invoice"
          initial={draftOf(current)}
          series={series}
          taxes={taxes}
          actions={[
            { intent: 'save', label: t('invoice.saveDraft') },
            { intent: 'issue', label: t('invoice.issue'), primary: true },
          ]}
          onSubmit={saveDraft}
        />
      ) : (
        <>
          <section className="card">
            <DocumentView doc={current} series={seriesOf} title={title} />
          </section>
          <PaymentsCard invoice={current} onChange={page.saved} />
        </>
      )}
    </div>
  );
}

