import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorList, useApi, useConfirm, usePageLayout, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { billingApi, type Budget, type DocumentBody } from '../api';
import { DocumentEditor } from '../components/DocumentEditor';
import { DocumentOutput } from '../components/DocumentOutput';
import { DocumentView } from '../components/DocumentView';
import { NoSeries } from '../components/NoSeries';
import { PageState } from '../components/PageState';
import { PrintView } from '../components/PrintView';
import { StateBadge } from '../components/StateBadge';
import { blankDraft, draftOf } from '../components/draft';
import { usePickedContact } from '../components/usePickedContact';
import { backPath, startingSeries, useReferenceData } from '../components/useReferenceData';

/**
 * /budget/new/:target/:billing/:budget/:contact and /budget/edit/… (same parameters as the
 * invoice's). A pending budget is edited, deleted, or billed: billing creates its invoice, links
 * both and cannot be undone, so it asks twice; then the invoice opens.
 */
export default function BudgetEditPage() {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  const navigate = useNavigate();
  const confirm = useConfirm();
  const toast = useToast();
  const { target, billing, budget: budgetParam, contact: contactParam } = useParams();
  const id = Number(budgetParam) || 0;
  const ref = useReferenceData(true);
  const [budget, setBudget] = useState<Budget | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);
  const [version, setVersion] = useState(0);
  const picked = usePickedContact(id ? 0 : Number(contactParam) || 0);
  const back = backPath('budget', target, contactParam);

  usePageLayout({
    title: budget?.reference || t(id ? 'budget.title' : 'budget.new'),
    breadcrumbs: [{ label: t('budget.list'), to: '/budget/list' }, { label: budget?.reference || t(id ? 'budget.title' : 'budget.new') }],
  });

  const load = useCallback(() => {
    if (!id) return;
    setFailed(null);
    api.budgets.read(id).then(setBudget, (e) => setFailed(errorList(e)[0]?.details ?? ''));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  useEffect(load, [load]);

  if (ref.error !== null || failed !== null) return <PageState error={failed ?? ref.error} onRetry={failed !== null ? load : ref.reload} />;
  if (!ref.data || (id && !budget) || !picked.ready) return <PageState error={null} />;
  const { series, taxes, groups } = ref.data;
  const editPath = (doc: Budget) => `/budget/edit/${target ?? 'list'}/${doc.series_id}/${doc.id}/${doc.contact_id ?? 0}`;

  if (!budget) {
    if (!series.length) return <NoSeries />;
    return (
      <DocumentEditor
        kind="budget"
        initial={blankDraft(startingSeries(series, Number(billing) || 0), taxes, picked.contact)}
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
          <Link className="vk-btn vk-btn--light" to={back}>
            {t('back')}
          </Link>
        }
      />
    );
  }

  const current = budget;
  const seriesOf = series.find((s) => s.id === current.series_id) ?? null;
  if (printing) return <PrintView doc={current} series={seriesOf} title={t('budget.title')} onClose={() => setPrinting(false)} />;
  const pending = current.state === 'pending';

  async function save(body: DocumentBody) {
    const saved = await api.budgets.update({ ...body, id: current.id });
    setBudget(saved);
    setVersion((v) => v + 1);
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
          <DocumentOutput kind="budget" doc={current} onPrintView={() => setPrinting(true)} />
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
          <Link className="vk-btn vk-btn--light" to={back}>
            {t('back')}
          </Link>
        </div>
      </section>
      {pending ? (
        <DocumentEditor
          key={version}
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
