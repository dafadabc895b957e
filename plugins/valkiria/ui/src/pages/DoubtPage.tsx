import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DeletedBadge, ErrorList, PageState, formatDateTime, useApi, useConfirm, useLoad, usePageLayout, useRecord, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { valkiriaApi, type Doubt, type ValkiriaApi } from '../api';
import { blockName, messagesOf } from '../format';
import { DOUBTS_PATH, idParam, studentPath } from '../paths';
import { AnsweredBadge, ReadBadge } from '../components/Badges';
import { SubNav } from '../components/SubNav';
import { DoubtAnswerForm } from '../components/DoubtAnswerForm';
import { DoubtQuestionCard, OtherDoubts } from '../components/DoubtQuestionCard';

/**
 * `/dudas/view/{dudas_id}` — a student's doubt (`GET duda/read?id=`): the student (a link to
 * their page), the test, the date and the text; beside it its question as the student saw it
 * (`GET duda/cuestion/read?id=`: their answer and the right one, the explanation, the language)
 * and the other doubts on that question. The answer form (`duda/respuesta`: it also marks it read;
 * where it was mailed, or that the student has no e-mail), "Marcar como leída / no leída"
 * (`duda/leida`) and "Eliminar" (asked first; `valkiria/duda/delete`, back to the list).
 * Opening a doubt does not mark it read: the staff decide.
 */
export default function DoubtPage() {
  const client = useApi();
  const api = useMemo(() => valkiriaApi(client), [client]);
  const id = idParam(useParams().dudas_id);
  // another doubt (from "other doubts") starts afresh: its notices and forms are its own
  return <DoubtView key={id} api={api} id={id} />;
}

function DoubtView({ api, id }: { api: ValkiriaApi; id: number }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const valid = id > 0;
  const doubt = useRecord(valid ? id : 0, api.doubts.read);
  const readQuestion = useCallback(() => api.doubts.question(id), [api, id]);
  const question = useLoad(readQuestion, valid);
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  // where the last answer was mailed: `to` null when the student has no e-mail
  const [mailed, setMailed] = useState<{ to: string | null } | null>(null);
  const record = doubt.record;
  const name = record?.student?.name ?? '';
  const title = record ? t('doubt.titleNamed', { name }) : t('doubt.fallback');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: t('doubts.title'), to: DOUBTS_PATH }, { label: title }] });

  async function run(work: () => Promise<void>) {
    setFailures([]);
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      setFailures(messagesOf(failure));
    } finally {
      setBusy(false);
    }
  }

  const setRead = (current: Doubt, read: boolean) =>
    run(async () => {
      const saved = await api.doubts.markRead(current.id, read);
      // the answer being typed stays as it is
      doubt.show({ ...current, ...saved, read: saved?.read ?? read }, { redraw: false });
      toast.success(t(read ? 'doubt.markedRead' : 'doubt.markedUnread'));
    });

  async function remove(current: Doubt) {
    const ok = await confirm({ title: t('doubt.delete.title'), message: t('doubt.delete.question', { name: current.student?.name ?? '' }), confirmLabel: t('delete'), tone: 'danger' });
    if (!ok) return;
    await run(async () => {
      await api.doubts.remove(current.id);
      toast.success(t('doubt.delete.done'));
      navigate(DOUBTS_PATH);
    });
  }

  async function answer(current: Doubt, text: string) {
    const saved = await api.doubts.answer(current.id, text);
    doubt.show({ ...current, ...saved, answer: saved?.answer ?? text, read: saved?.read ?? true });
    setMailed({ to: saved?.mailed_to ?? null });
    toast.success(t('doubt.reply.saved'));
  }

  let body: ReactNode;
  if (!valid) body = <PageState error={t('notFound')} />;
  else if (!record) body = <PageState error={doubt.failed} onRetry={doubt.load} />;
  else {
    const current = record;
    const deleted = current.state === 'deleted';
    const email = current.student?.email;
    body = (
      <>
        <section className="card valkiria-head" data-testid="doubt-head" data-doubt-id={current.id}>
          <div>
            <h2 className="valkiria-head__title" data-testid="doubt-title">
              {title}
            </h2>
            <dl className="valkiria-facts">
              <dt>{t('columns.student')}</dt>
              <dd>
                <Link to={studentPath(current.student_id)} data-testid="doubt-student">
                  {name}
                </Link>
                {current.student?.dni && <span className="muted"> ({current.student.dni})</span>}
              </dd>
              <dt>{t('columns.test')}</dt>
              <dd data-testid="doubt-test">{current.test || t('doubt.noTest')}</dd>
              <dt>{t('columns.date')}</dt>
              <dd data-testid="doubt-date">{formatDateTime(current.created_at)}</dd>
              <dt>{t('columns.question')}</dt>
              <dd data-testid="doubt-question-ref">
                {[current.question?.reference, blockName(current.question?.block), current.question?.licence ? t('licenceNamed', { licence: current.question.licence }) : ''].filter(Boolean).join(' · ')}
              </dd>
            </dl>
            <span className="valkiria-inline" data-testid="doubt-badges">
              <ReadBadge read={current.read === true} />
              <AnsweredBadge answered={Boolean(current.answer)} />
              {deleted && <DeletedBadge label={t('doubt.deleted')} />}
            </span>
            {current.read && current.read_at && (
              <p className="muted" data-testid="doubt-read-by">
                {current.read_by_name ? t('doubt.readBy', { name: current.read_by_name, date: formatDateTime(current.read_at) }) : t('doubt.readAt', { date: formatDateTime(current.read_at) })}
              </p>
            )}
          </div>
          <div className="valkiria-head__side">
            <div className="valkiria-actions">
              <Link className="vk-btn vk-btn--light" to={DOUBTS_PATH} data-testid="doubt-back">
                {t('doubt.back')}
              </Link>
              {!deleted && (
                <>
                  <button type="button" className="vk-btn vk-btn--outline" disabled={busy} data-testid="doubt-toggle-read" data-read={current.read === true} onClick={() => void setRead(current, !current.read)}>
                    {t(current.read ? 'doubt.markUnread' : 'doubt.markRead')}
                  </button>
                  <button type="button" className="vk-btn vk-btn--danger" disabled={busy} data-testid="doubt-delete" onClick={() => void remove(current)}>
                    {t('delete')}
                  </button>
                </>
              )}
            </div>
          </div>
          <ErrorList messages={failures} testId="doubt-action-errors" />
        </section>
        <div className="valkiria-layout valkiria-layout--panel">
          <div className="valkiria-page">
            <section className="card" aria-labelledby="valkiria-doubt-text-title" data-testid="doubt">
              <h2 id="valkiria-doubt-text-title" className="card__title">
                {t('doubt.text')}
              </h2>
              <p className="valkiria-doubt__text" data-testid="doubt-text">
                {current.text}
              </p>
            </section>
            <section className="card" aria-labelledby="valkiria-doubt-reply-title" data-testid="doubt-reply">
              <h2 id="valkiria-doubt-reply-title" className="card__title">
                {t('doubt.reply.title')}
              </h2>
              {current.answer && current.answered_at && (
                <p className="muted" data-testid="doubt-answered-by">
                  {current.answered_by_name ? t('doubt.reply.by', { name: current.answered_by_name, date: formatDateTime(current.answered_at) }) : t('doubt.reply.at', { date: formatDateTime(current.answered_at) })}
                </p>
              )}
              {mailed && (
                <p className={`vk-alert ${mailed.to ? 'vk-alert--success' : 'vk-alert--info'}`} role="status" data-testid="doubt-mailed" data-mailed-to={mailed.to ?? ''}>
                  {mailed.to ? t('doubt.reply.mailed', { email: mailed.to }) : t('doubt.reply.notMailed')}
                </p>
              )}
              {deleted ? (
                <p className="muted" data-testid="doubt-deleted">
                  {t('doubt.deletedNotice')}
                </p>
              ) : (
                <>
                  {!mailed && (
                    <p className="muted" data-testid="doubt-reply-mail">
                      {email ? t('doubt.reply.willMail', { email }) : t('doubt.reply.noEmail')}
                    </p>
                  )}
                  <DoubtAnswerForm key={doubt.formKey} answer={current.answer} disabled={busy} onSubmit={(text) => answer(current, text)} />
                </>
              )}
            </section>
          </div>
          <div className="valkiria-page valkiria-question">
            {question.data ? (
              <>
                <DoubtQuestionCard doubt={current} view={question.data} />
                <OtherDoubts doubt={current} view={question.data} />
              </>
            ) : (
              <section className="card" data-testid="doubt-question">
                <PageState error={question.failed} onRetry={question.reload} />
              </section>
            )}
          </div>
        </div>
      </>
    );
  }

  return (
    <div className="valkiria-page" data-testid="doubt-page" aria-busy={valid && (!record || (!question.data && question.failed === null))}>
      <SubNav />
      {body}
    </div>
  );
}
