import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog, ErrorList, changedFields, useConfirm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Content, FormativeApi } from '../api';
import { messagesOf } from '../format';
import { contentListPath } from '../paths';
import { StatusBadge } from './Badges';
import { ContentForm, contentBody, contentDraft, type SyllabusNamer } from './ContentForm';
import { Outline } from './Outline';

/**
 * "Contenido": the figures (lessons, students, completed, at 90 % or more), the content's data,
 * "Editar" (the form in a dialog: `formative/content/update` with only what changed) and
 * "Eliminar" (asked first: its assignments are deleted and their links revoked; then the list),
 * and the outline of its syllabi. A deleted content is read only.
 */
export function ContentTab({ api, content, nameOf, onSaved }: { api: FormativeApi; content: Content; nameOf: SyllabusNamer; onSaved(content: Content): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const deleted = content.state === 'deleted';
  const figures = [
    ['lessons', content.lessons],
    ['students', content.students],
    ['completed', content.completed],
    ['reached_90', content.reached_90],
  ] as const;

  async function remove() {
    const ok = await confirm({
      title: t('contents.delete.title'),
      message: t('contents.delete.question', { name: content.name, count: content.students }),
      confirmLabel: t('contents.delete.action'),
      tone: 'danger',
    });
    if (!ok) return;
    setFailures([]);
    try {
      await api.contents.remove(content.id);
      toast.success(t('contents.delete.done', { name: content.name }));
      navigate(contentListPath());
    } catch (failure) {
      setFailures(messagesOf(failure));
    }
  }

  return (
    <div className="formative-tab" data-testid="content-tab">
      <dl className="formative-figures" aria-label={t('figures.title')}>
        {figures.map(([key, value]) => (
          <div key={key} className="formative-figure" data-testid={`figure-${key}`}>
            <dt>{t(`figures.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section className="formative-section" aria-labelledby="formative-data-title">
        <div className="formative-toolbar">
          <h3 id="formative-data-title" className="formative-subtitle">
            {t('content.data')}
          </h3>
          {!deleted && (
            <span className="formative-actions">
              <button type="button" className="vk-btn vk-btn--outline" onClick={() => setEditing(true)}>
                {t('content.edit')}
              </button>
              <button type="button" className="vk-btn vk-btn--danger" onClick={() => void remove()}>
                {t('contents.delete.button')}
              </button>
            </span>
          )}
        </div>
        <ErrorList messages={failures} testId="content-action-errors" />
        <dl className="formative-facts">
          <dt>{t('contents.fields.category')}</dt>
          <dd data-testid="fact-category">{content.category || t('none')}</dd>
          <dt>{t('contents.fields.hours')}</dt>
          <dd data-testid="fact-hours">{t('hours', { count: content.hours })}</dd>
          <dt>{t('contents.fields.access_days')}</dt>
          <dd data-testid="fact-access">{t('days', { count: content.access_days })}</dd>
          <dt>{t('contents.fields.status')}</dt>
          <dd>
            <StatusBadge status={content.status} />
          </dd>
          <dt>{t('contents.fields.description')}</dt>
          <dd className="formative-text" data-testid="fact-description">
            {content.description || t('none')}
          </dd>
        </dl>
      </section>
      <section className="formative-section" aria-labelledby="formative-outline-title">
        <h3 id="formative-outline-title" className="formative-subtitle">
          {t('outline.title')}
        </h3>
        <p className="muted">{t('outline.hint', { count: content.lessons })}</p>
        <Outline syllabi={content.syllabi} nameOf={nameOf} />
      </section>
      {editing && (
        <Dialog title={t('contents.edit.title', { name: content.name })} onClose={() => setEditing(false)} wide testId="content-edit">
          <ContentForm
            api={api}
            content={content}
            nameOf={nameOf}
            label={t('contents.edit.form')}
            submitLabel={t('save')}
            onSubmit={async (body) => {
              // against the content as the form shows it (its text trimmed)
              const before = contentBody(contentDraft(content, nameOf));
              const fields = before ? changedFields(body, before) : body;
              if (Object.keys(fields).length === 0) {
                toast.info(t('noChanges'));
                setEditing(false);
                return;
              }
              const saved = await api.contents.update(content.id, fields);
              toast.success(t('contents.saved', { name: saved.name }));
              setEditing(false);
              onSaved(saved);
            }}
            extra={
              <button type="button" className="vk-btn vk-btn--light" onClick={() => setEditing(false)}>
                {t('cancel')}
              </button>
            }
          />
        </Dialog>
      )}
    </div>
  );
}
