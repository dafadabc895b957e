import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, FormMessages, InputField, PageState, SubmitActions, changedFields, formatDate, useApi, useConfirm, useDraftForm, usePageLayout, useRecord, useToast, withoutNulls } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { valkiriaApi, type QuestionDetail, type TestDetail, type ValkiriaApi } from '../api';
import { blockName, messagesOf } from '../format';
import { DEFAULT_LICENCE, LICENCES } from '../lists';
import { bankPath, editorPath, idParam } from '../paths';
import { SubNav } from '../components/SubNav';
import { TestForm } from '../components/TestForm';
import { QuestionPanel } from '../components/QuestionPanel';

/**
 * `/test/edicion/view/{test_descripcion}/{id_cuestion}/{test_cuestiones}` — a test's editor
 * (`GET valkiria/test/questions`; 0: a new one, of the licence in `?licence=`, B by default) with
 * the question `id_cuestion` open beside it (0: none) at position `test_cuestiones`. A new test is
 * sent with `test/create`, then opened; a saved one sends `test/update` with only what changed;
 * its last day is set apart (`testexpire`); "Eliminar test" asks first. With test 0 and a question
 * (the bank's "Editar" on a question found) only the question is shown, and closing it goes back
 * to the bank.
 */
export default function TestEditorPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => valkiriaApi(client), [client]);
  const params = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();
  const testId = idParam(params.test_descripcion);
  const questionId = idParam(params.id_cuestion);
  const { record, show, failed, formKey, load } = useRecord<TestDetail>(Math.max(testId, 0), api.tests.read);
  const [updated, setUpdated] = useState<QuestionDetail | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const asked = query.get('licence') ?? '';
  const newLicence = (LICENCES as readonly string[]).includes(asked) ? asked : DEFAULT_LICENCE;
  const licence = record?.licence ?? newLicence;
  const isNew = testId === 0;
  // the bank's "Editar" opens a question outside any test: only its panel
  const questionOnly = isNew && questionId > 0;
  const title = questionOnly ? t('question.editTitle') : isNew ? t('test.createTitle') : record ? record.name : t('test.fallback');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: t('nav.bank'), to: bankPath(licence) }, { label: title }] });

  const closeQuestion = () => navigate(questionOnly ? bankPath(licence) : editorPath(Math.max(testId, 0), 0, 0, licence));
  const panel =
    questionId > 0 ? <QuestionPanel key={questionId} api={api} id={questionId} onSaved={setUpdated} onClose={closeQuestion} /> : null;

  let body: ReactNode;
  if (testId < 0 || questionId < 0) body = <PageState error={t('notFound')} />;
  else if (questionOnly) body = null;
  else if (isNew) {
    body = (
      <section className="card" aria-labelledby="valkiria-test-title">
        <h2 id="valkiria-test-title" className="card__title">
          {title}
        </h2>
        <TestForm
          api={api}
          test={null}
          licence={newLicence}
          openQuestion={questionId}
          updated={updated}
          label={title}
          submitLabel={t('create')}
          onSubmit={async (fields) => {
            const created = await api.tests.create(withoutNulls(fields));
            toast.success(t('test.created', { name: created.name }));
            navigate(editorPath(created.id, Math.max(questionId, 0), idParam(params.test_cuestiones)), { replace: true });
          }}
          extra={
            <Link className="vk-btn vk-btn--light" to={bankPath(newLicence)} data-testid="test-cancel">
              {t('cancel')}
            </Link>
          }
        />
      </section>
    );
  } else if (failed !== null) body = <PageState error={failed} onRetry={load} />;
  else if (!record) body = <PageState error={null} />;
  else {
    const current = record;
    const remove = async () => {
      const ok = await confirm({ title: t('test.delete.title'), message: t('test.delete.question', { name: current.name }), confirmLabel: t('delete'), tone: 'danger' });
      if (!ok) return;
      setFailures([]);
      try {
        await api.tests.update(current.id, { state: 'deleted' });
        toast.success(t('test.delete.done', { name: current.name }));
        navigate(bankPath(current.licence));
      } catch (failure) {
        setFailures(messagesOf(failure));
      }
    };
    body = (
      <>
        <section className="card valkiria-head" data-testid="test-head">
          <div>
            <h2 className="valkiria-head__title" data-testid="test-title">
              {current.name}
            </h2>
            <p className="valkiria-inline">
              <span className="vk-badge">{t('licenceNamed', { licence: current.licence })}</span>
              <span className="vk-badge" data-testid="test-kind">
                {t(`kinds.${current.kind}`)}
              </span>
              {current.kind === 'block' && <span>{blockName(current.block)}</span>}
              {current.state === 'deleted' && <span className="vk-badge vk-badge--danger">{t('states.deleted')}</span>}
            </p>
          </div>
          <div className="valkiria-actions">
            <Link className="vk-btn vk-btn--light" to={bankPath(current.licence)} data-testid="test-back">
              {t('test.back')}
            </Link>
            {current.state !== 'deleted' && (
              <button type="button" className="vk-btn vk-btn--danger" data-testid="test-delete" onClick={() => void remove()}>
                {t('test.delete.action')}
              </button>
            )}
          </div>
          <ErrorList messages={failures} testId="test-action-errors" />
        </section>
        <section className="card" aria-labelledby="valkiria-test-title">
          <h2 id="valkiria-test-title" className="card__title">
            {t('test.data')}
          </h2>
          <TestForm
            key={formKey}
            api={api}
            test={current}
            licence={current.licence}
            openQuestion={questionId}
            updated={updated}
            label={t('test.data')}
            submitLabel={t('save')}
            onSubmit={async (fields) => {
              // the licence does not change, and the last day has its own call
              const { licence: _licence, expires_on: _expires, ...editable } = fields;
              const changes = changedFields(editable, { ...current, question_ids: current.question_ids ?? current.questions.map((q) => q.id) });
              if (Object.keys(changes).length === 0) {
                toast.info(t('noChanges'));
                return;
              }
              const saved = await api.tests.update(current.id, changes);
              show({ ...current, ...saved });
              toast.success(t('test.saved', { name: saved.name ?? current.name }));
            }}
          />
        </section>
        <ExpiryCard api={api} test={current} onSaved={(saved) => show({ ...current, ...saved, questions: saved.questions ?? current.questions }, { redraw: false })} />
      </>
    );
  }

  return (
    <div className="valkiria-page" data-testid="test-editor">
      <SubNav />
      <div className={panel && body ? 'valkiria-layout valkiria-layout--panel' : 'valkiria-layout'}>
        {body && <div className="valkiria-page">{body}</div>}
        {panel}
      </div>
    </div>
  );
}

/**
 * A saved test's last day (`POST valkiria/testexpire`): from the day after it, it cannot be
 * taken. "Guardar fecha" sends the date typed (required); "Sin fecha límite" sends null.
 */
function ExpiryCard({ api, test, onSaved }: { api: ValkiriaApi; test: TestDetail; onSaved(test: TestDetail): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const [clearing, setClearing] = useState(false);
  const send = async (expiresOn: string | null) => {
    const saved = await api.tests.expire(test.id, expiresOn);
    toast.success(expiresOn ? t('expiry.saved', { date: formatDate(expiresOn) }) : t('expiry.cleared'));
    onSaved({ ...saved, expires_on: expiresOn });
  };
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<{ expires_on: string }, string>(
    { expires_on: test.expires_on ?? '' },
    { fields: ['expires_on'], toBody: (d) => d.expires_on || null, required: 'expires_on', onSubmit: send, fallback: t('saveError') },
  );
  async function clear() {
    errors.reset();
    setClearing(true);
    try {
      await send(null);
      set({ expires_on: '' });
    } catch (failure) {
      errors.fail(failure, t('saveError'));
    } finally {
      setClearing(false);
    }
  }
  return (
    <section className="card" aria-labelledby="valkiria-expiry-title" data-testid="test-expiry">
      <h2 id="valkiria-expiry-title" className="card__title">
        {t('expiry.title')}
      </h2>
      <p className="valkiria-inline" data-testid="test-expiry-current">
        <span>{test.expires_on ? t('expiry.until', { date: formatDate(test.expires_on) }) : t('expiry.none')}</span>
        {test.expired && <span className="vk-badge vk-badge--danger">{t('expiry.expired')}</span>}
      </p>
      <form className="vk-form valkiria-inline-form" noValidate aria-label={t('expiry.title')} aria-busy={busy || clearing} data-testid="test-expiry-form" onSubmit={handleSubmit}>
        <FormMessages errors={errors.errors} general={errors.general} testId="test-expiry-errors" />
        <InputField ctx={ctx} field="expires_on" type="date" label={t('fields.expires_on')} hint={t('test.expiryHint')} value={draft.expires_on} onChange={(expires_on) => set({ expires_on })} />
        <SubmitActions busy={busy} label={t('expiry.save')}>
          {test.expires_on && (
            <button type="button" className="vk-btn vk-btn--light" disabled={busy || clearing} data-testid="test-expiry-clear" onClick={() => void clear()}>
              {t('expiry.clear')}
            </button>
          )}
        </SubmitActions>
      </form>
    </section>
  );
}
