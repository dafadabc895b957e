import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, PageState, changedFields, useConfirm, useLoad, useRecord, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { QuestionDetail, ValkiriaApi } from '../api';
import { blockName, messagesOf } from '../format';
import { editorPath } from '../paths';
import { QuestionForm } from './QuestionForm';
import { TranslationsPanel } from './TranslationsPanel';

/**
 * The question open in a test's editor (`GET valkiria/question/translated/{id}`): its block and
 * the tests it is in (links to them), its form (`question/update` with only what changed; the
 * translations the host dropped because the answers' count changed are named), "Eliminar
 * pregunta" (asked first) and its translations. `onSaved` hears of every change (the test's list
 * shows the new text); `onClose` closes it (also after deleting it).
 */
export function QuestionPanel({ api, id, onSaved, onClose }: { api: ValkiriaApi; id: number; onSaved(question: QuestionDetail): void; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const confirm = useConfirm();
  const { record, show, failed, formKey, load } = useRecord<QuestionDetail>(id, api.questions.read);
  const licence = record && typeof record.block === 'object' && record.block ? record.block.licence : '';
  const readBlocks = useCallback(() => api.blocks.list(licence), [api, licence]);
  const blocks = useLoad(readBlocks, licence !== '');
  const [failures, setFailures] = useState<string[]>([]);

  const close = (
    <button type="button" className="vk-btn vk-btn--light" data-testid="question-close" onClick={onClose}>
      {t('question.close')}
    </button>
  );

  if (!record) {
    return (
      <section className="card valkiria-question" data-testid="question-panel">
        {failed === null ? <PageState error={null} /> : <PageState error={failed} onRetry={load} />}
        {close}
      </section>
    );
  }
  const current = record;
  const deleted = current.state === 'deleted';

  async function remove() {
    const ok = await confirm({ title: t('question.delete.title'), message: t('question.delete.question', { reference: current.reference }), confirmLabel: t('delete'), tone: 'danger' });
    if (!ok) return;
    setFailures([]);
    try {
      const saved = await api.questions.update(current.id, { state: 'deleted' });
      toast.success(t('question.delete.done', { reference: current.reference }));
      onSaved({ ...current, ...saved, state: 'deleted' });
      onClose();
    } catch (failure) {
      setFailures(messagesOf(failure));
    }
  }

  const changed = (saved: QuestionDetail) => {
    onSaved(saved);
    show({ ...current, ...saved }, { redraw: false });
  };

  return (
    <section className="card valkiria-question" aria-labelledby="valkiria-question-title" data-testid="question-panel" data-question-id={current.id}>
      <div className="valkiria-head">
        <div>
          <h2 id="valkiria-question-title" className="card__title" data-testid="question-title">
            {t('question.title', { reference: current.reference })}
          </h2>
          <p className="muted" data-testid="question-block">
            {t('question.inBlock', { block: blockName(current.block), licence })}
          </p>
        </div>
        <div className="valkiria-actions">
          {!deleted && (
            <button type="button" className="vk-btn vk-btn--danger" data-testid="question-delete" onClick={() => void remove()}>
              {t('question.delete.action')}
            </button>
          )}
          {close}
        </div>
      </div>
      {deleted && (
        <p className="vk-alert vk-alert--info" role="status" data-testid="question-deleted">
          {t('question.deletedNotice')}
        </p>
      )}
      <ErrorList messages={failures} testId="question-errors" />
      {current.tests?.length > 0 && (
        <p className="valkiria-inline" data-testid="question-tests">
          <span className="muted">{t('question.inTests')}</span>
          {current.tests.map((test) => (
            <Link key={test.id} to={editorPath(test.id, current.id)}>
              {test.name}
            </Link>
          ))}
        </p>
      )}
      {!deleted && (
        <QuestionForm
          key={formKey}
          blocks={blocks.data ?? []}
          question={current}
          label={t('question.edit')}
          submitLabel={t('save')}
          testId="question-edit-form"
          onSubmit={async (body) => {
            const changes = changedFields(body, current);
            if (Object.keys(changes).length === 0) {
              toast.info(t('noChanges'));
              return;
            }
            const saved = await api.questions.update(current.id, changes);
            toast.success(t('question.saved', { reference: saved.reference ?? current.reference }));
            const dropped = saved.dropped_translations ?? [];
            if (dropped.length > 0) toast.show(t('question.dropped', { languages: dropped.map((l) => t(`languages.${l}`)).join(', ') }), { kind: 'warning', timeoutMs: 0 });
            onSaved(saved);
            show({ ...current, ...saved });
          }}
        />
      )}
      <TranslationsPanel api={api} question={current} onChanged={changed} />
    </section>
  );
}
