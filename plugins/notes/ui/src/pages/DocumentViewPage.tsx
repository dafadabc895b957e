import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DeletedBadge, ErrorList, GroupChip, PageState, changedFields, errorList, formatDate, useApi, useConfirm, useLoad, usePageLayout, useRecord, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { notesApi, type NoteDocument } from '../api';
import { documentListPath } from '../paths';
import { refusalText } from '../format';
import { DocumentForm } from '../components/DocumentForm';
import { NotesSection } from '../components/NotesSection';
import { PinnedBadge } from '../components/Badges';

/**
 * `/notes_documents/view/:note_document_id` — a notebook (`GET note/document/read?id=`): its head
 * (group, pinned, how many notes, the latest one's day, who made it; "Eliminar", asked first, then
 * back to the list), its data (`note/document/update` with only what changed) and its notes. A
 * deleted notebook is read only.
 */
export default function DocumentViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => notesApi(client), [client]);
  const raw = useParams().note_document_id ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : 0;
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();
  const groups = useLoad(api.groups.list);
  const { record: document, show, failed, formKey, load } = useRecord<NoteDocument>(id, api.documents.read);
  const [failures, setFailures] = useState<string[]>([]);
  const title = document?.title ?? t('view.fallback');
  usePageLayout({ title, breadcrumbs: [{ label: t('documents.title'), to: documentListPath() }, { label: title }] });

  // a note written, changed or deleted: the head's counts again, the form left as it is
  const refreshCounts = useCallback(() => {
    api.documents.read(id).then(
      (fresh) => show(fresh, { redraw: false }),
      () => undefined,
    );
  }, [api, id, show]);

  if (id <= 0) return <PageState error={t('view.notFound')} />;
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!document) return <PageState error={null} />;

  const deleted = document.state === 'deleted';
  const color = groups.data?.find((g) => g.id === document.group_id)?.color ?? null;

  async function remove() {
    if (!document) return;
    const ok = await confirm({
      title: t('documents.delete.title'),
      message: t('documents.delete.question', { title: document.title }),
      confirmLabel: t('documents.delete.action'),
      tone: 'danger',
    });
    if (!ok) return;
    setFailures([]);
    try {
      await api.documents.remove(document.id);
      toast.success(t('documents.delete.done', { title: document.title }));
      navigate(documentListPath());
    } catch (failure) {
      setFailures(errorList(failure).map(refusalText));
    }
  }

  return (
    <div className="notes-page" data-testid="document-view">
      <section className="card notes-head" data-testid="document-head">
        <div>
          <h2 className="notes-head__title" data-testid="view-title">
            {document.title}
          </h2>
          <p className="notes-inline">
            <GroupChip name={document.group_name} color={color} />
            {document.pinned && <PinnedBadge />}
            {deleted && <DeletedBadge />}
          </p>
          {document.description && (
            <p className="notes-message muted" data-testid="view-description">
              {document.description}
            </p>
          )}
        </div>
        <dl className="notes-facts">
          <dt>{t('view.notes')}</dt>
          <dd data-testid="view-notes">{document.notes}</dd>
          <dt>{t('view.lastDate')}</dt>
          <dd data-testid="view-last-date">{document.last_date ? formatDate(document.last_date) : t('none')}</dd>
          <dt>{t('view.createdBy')}</dt>
          <dd data-testid="view-created-by">{document.created_by_name ?? (document.created_by ? t('userNumber', { id: document.created_by }) : t('none'))}</dd>
        </dl>
        <div className="notes-actions">
          <Link className="vk-btn vk-btn--light" to={documentListPath()}>
            {t('back')}
          </Link>
          {!deleted && (
            <button type="button" className="vk-btn vk-btn--light" onClick={() => void remove()}>
              {t('documents.delete.action')}
            </button>
          )}
        </div>
        <ErrorList messages={failures} testId="document-action-errors" />
      </section>
      {deleted && (
        <p className="vk-alert vk-alert--info" role="status" data-testid="deleted-notice">
          {t('view.deletedNotice')}
        </p>
      )}
      <section className="card" aria-labelledby="notes-document-edit-title">
        <h2 id="notes-document-edit-title" className="card__title">
          {t('view.data')}
        </h2>
        <DocumentForm
          key={formKey}
          document={document}
          groups={groups.data}
          label={t('view.data')}
          submitLabel={t('save')}
          disabled={deleted}
          onSubmit={async (body) => {
            const fields = changedFields(body, document);
            if (Object.keys(fields).length === 0) {
              toast.info(t('noChanges'));
              return;
            }
            show(await api.documents.update(document.id, fields));
            toast.success(t('view.saved', { title: body.title }));
          }}
        />
      </section>
      <NotesSection api={api} document={document} onChanged={refreshCounts} />
    </div>
  );
}
