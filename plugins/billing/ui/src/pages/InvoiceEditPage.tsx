import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorList, useApi, useConfirm, usePageLayout, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { billingApi, type DocumentBody, type Invoice } from '../api';
import { DocumentEditor } from '../components/DocumentEditor';
import { DocumentOutput } from '../components/DocumentOutput';
import { DocumentView } from '../components/DocumentView';
import { PageState } from '../components/PageState';
import { PaymentsCard } from '../components/PaymentsCard';
import { PrintView } from '../components/PrintView';
import { StateBadge } from '../components/StateBadge';
import { NoSeries } from '../components/NoSeries';
import { blankDraft, draftOf } from '../components/draft';
import { usePickedContact } from '../components/usePickedContact';
import { backPath, startingSeries, useReferenceData } from '../components/useReferenceData';

/**
 * /invoice/new/:target/:billing/:invoice/:contact and /invoice/edit/… — `billing` is the series
 * (0: the first active one), `invoice` the invoice (0 on new), `contact` a contact to start with
 * (0: none), `target` where "back" goes (`contact`: that contact's card; else the list). A new
 * invoice is saved as a draft or issued at once; a draft stays editable until issued; an issued
 * invoice shows its payments, output (PDF, XML, e-mail, print) and can be voided.
 */
export default function InvoiceEditPage() {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  const navigate = useNavigate();
  const confirm = useConfirm();
  const toast = useToast();
  const { target, billing, invoice: invoiceParam, contact: contactParam } = useParams();
  const id = Number(invoiceParam) || 0;
  const ref = useReferenceData(false);
  const [invoice, setInvoice] = useState<Invoice | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);
  const [version, setVersion] = useState(0);
  const picked = usePickedContact(id ? 0 : Number(contactParam) || 0);
  const back = backPath('invoice', target, contactParam);

  usePageLayout({
    title: invoice?.reference || t(id ? 'invoice.title' : 'invoice.new'),
    breadcrumbs: [{ label: t('invoice.list'), to: '/invoice/list' }, { label: invoice?.reference || t(id ? 'invoice.title' : 'invoice.new') }],
  });

  const load = useCallback(() => {
    if (!id) return;
    setFailed(null);
    api.invoices.read(id).then(setInvoice, (e) => setFailed(errorList(e)[0]?.details ?? ''));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  useEffect(load, [load]);

  if (ref.error !== null || failed !== null) return <PageState error={failed ?? ref.error} onRetry={failed !== null ? load : ref.reload} />;
  if (!ref.data || (id && !invoice) || !picked.ready) return <PageState error={null} />;
  const { series, taxes } = ref.data;
  const editPath = (doc: Invoice) => `/invoice/edit/${target ?? 'list'}/${doc.series_id}/${doc.id}/${doc.contact_id ?? 0}`;

  async function create(body: DocumentBody, intent: string) {
    const created = await api.invoices.create({ ...body, draft: intent === 'draft' });
    toast.success(t(intent === 'draft' ? 'invoice.savedDraft' : 'invoice.issued', { reference: created.reference ?? '' }));
    navigate(editPath(created));
  }

  if (!invoice) {
    if (!series.length) return <NoSeries />;
    return (
      <DocumentEditor
        kind="invoice"
        initial={blankDraft(startingSeries(series, Number(billing) || 0), taxes, picked.contact)}
        series={series}
        taxes={taxes}
        actions={[
          { intent: 'draft', label: t('invoice.saveDraft') },
          { intent: 'issue', label: t('invoice.issue'), primary: true },
        ]}
        onSubmit={create}
        extra={
          <Link className="vk-btn vk-btn--light" to={back}>
            {t('back')}
          </Link>
        }
      />
    );
  }

  const current = invoice;
  const seriesOf = series.find((s) => s.id === current.series_id) ?? null;
  const title = t(current.invoice_type === 'F2' ? 'invoice.simplifiedTitle' : 'invoice.title');

  if (printing) return <PrintView doc={current} series={seriesOf} title={title} onClose={() => setPrinting(false)} />;

  async function saveDraft(body: DocumentBody, intent: string) {
    const saved = await api.invoices.update({ ...body, id: current.id, issue: intent === 'issue' });
    setInvoice(saved);
    setVersion((v) => v + 1);
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
          {current.state !== 'draft' && <DocumentOutput kind="invoice" doc={current} onPrintView={() => setPrinting(true)} />}
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
          <Link className="vk-btn vk-btn--light" to={back}>
            {t('back')}
          </Link>
        </div>
      </section>
      {current.state === 'voided' && (
        <p className="vk-alert vk-alert--warning" role="status">
          {t('invoice.voidedNotice')}
        </p>
      )}
      {current.state === 'draft' ? (
        <DocumentEditor
          key={version}
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
          <PaymentsCard invoice={current} onChange={setInvoice} />
        </>
      )}
    </div>
  );
}

