import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, ErrorList, PageState, errorList, formatDate, useConfirm, useRecord, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Book, DgtApi, EntryDetail, EntryFields, Exam } from '../api';
import { changedFields, entryStatus, registerName, today } from '../format';
import { folderViewPath } from '../paths';
import { EntryStatusBadge, FolderStatusBadge, ResultBadge } from './Badges';
import { EntryForm } from './EntryForm';

export interface EntryPanelProps {
  api: DgtApi;
  book: Book;
  /** The entry to edit, or null to write a new one. */
  entryId: number | null;
  onClose(): void;
  /** After a write: the book's fill and the entries change. */
  onChanged(): void;
}

/** "Inscribir alumno" or an entry's form, above the book's entries. */
export function EntryPanel(props: EntryPanelProps) {
  return props.entryId ? <EditEntry {...props} entryId={props.entryId} /> : <NewEntry {...props} />;
}

function CloseButton({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
      {t('cancel')}
    </button>
  );
}

/** A new entry (`student/create`), then the list is read again. */
function NewEntry({ api, book, onClose, onChanged }: EntryPanelProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  return (
    <section className="card" aria-labelledby="dgt-entry-new-title" data-testid="entry-panel">
      <h2 id="dgt-entry-new-title" className="card__title">
        {t('entries.create.title')}
      </h2>
      <EntryForm
        api={api}
        book={book}
        entry={null}
        label={t('entries.create.title')}
        submitLabel={t('entries.create.submit')}
        onSubmit={async (body) => {
          const created = await api.entries.create(body);
          toast.success(t('entries.create.created', { name: registerName(created), number: created.number ?? '' }));
          onChanged();
          onClose();
        }}
        extra={<CloseButton onClose={onClose} />}
      />
    </section>
  );
}

/**
 * An entry (`student/read?id=`): its form (`student/update` with what changed), "Permiso
 * expedido" and "Dar de baja" (today's date), "Anular inscripción" (`student/delete`, asked
 * first: the number stays taken) and the folders it was presented in.
 */
function EditEntry({ api, book, entryId, onClose, onChanged }: EntryPanelProps & { entryId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const confirm = useConfirm();
  const { record: entry, show, failed, formKey, load } = useRecord<EntryDetail>(entryId, api.entries.read);
  const [failures, setFailures] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  if (failed !== null)
    return (
      <section className="card" data-testid="entry-panel">
        <PageState error={failed} onRetry={load} />
        <CloseButton onClose={onClose} />
      </section>
    );
  if (!entry) return <PageState error={null} />;

  const name = registerName(entry);
  const status = entryStatus(entry);
  const readOnly = entry.state === 'deleted';

  async function act(fields: Partial<EntryFields>, done: string) {
    setFailures([]);
    setBusy(true);
    try {
      show(await api.entries.update(entryId, fields));
      toast.success(done);
      onChanged();
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    } finally {
      setBusy(false);
    }
  }

  async function leave() {
    const ok = await confirm({ title: t('entries.leave.title'), message: t('entries.leave.question', { name }), confirmLabel: t('entries.leave.action'), tone: 'danger' });
    if (ok) await act({ left_on: today() }, t('entries.leave.done', { name }));
  }

  async function remove() {
    const ok = await confirm({
      title: t('entries.delete.title'),
      message: t('entries.delete.question', { name, number: entry?.number ?? '' }),
      confirmLabel: t('entries.delete.action'),
      tone: 'danger',
    });
    if (!ok) return;
    setFailures([]);
    try {
      await api.entries.remove(entryId);
      toast.success(t('entries.delete.done', { name }));
      onChanged();
      onClose();
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    }
  }

  const folderColumns: Column<Exam>[] = [
    { key: 'reference', header: t('folders.columns.reference'), render: (f) => <Link to={folderViewPath(f.folder_id)}>{f.reference}</Link> },
    { key: 'exam_kind', header: t('folders.columns.exam_kind'), render: (f) => t(`examKind.${f.exam_kind}`) },
    { key: 'licence', header: t('folders.columns.licence') },
    { key: 'exam_date', header: t('folders.columns.exam_date'), className: 'dgt-nowrap', render: (f) => formatDate(f.exam_date) },
    { key: 'status', header: t('folders.columns.status'), render: (f) => <FolderStatusBadge status={f.status} /> },
    { key: 'result', header: t('folders.columns.result'), render: (f) => <ResultBadge result={f.result} /> },
  ];

  return (
    <section className="card dgt-section" aria-labelledby="dgt-entry-title" data-testid="entry-panel">
      <div className="dgt-section__head">
        <h2 id="dgt-entry-title" className="card__title">
          {t('entries.edit.title', { number: entry.number ?? '', name })}
        </h2>
        <p className="dgt-badges">
          <EntryStatusBadge status={status} />
        </p>
      </div>
      {readOnly && (
        <p className="vk-alert vk-alert--danger" role="status">
          {t('entries.edit.deletedNotice')}
        </p>
      )}
      <ErrorList messages={failures} testId="entry-action-errors" />
      <EntryForm
        key={formKey}
        api={api}
        book={book}
        entry={entry}
        readOnly={readOnly}
        label={t('entries.edit.form')}
        submitLabel={t('entries.edit.save')}
        onSubmit={async (body) => {
          const changed = changedFields(body, entry);
          if (Object.keys(changed).length === 0) {
            toast.info(t('noChanges'));
            return;
          }
          show(await api.entries.update(entryId, changed));
          toast.success(t('entries.edit.saved'));
          onChanged();
        }}
        extra={
          <>
            <CloseButton onClose={onClose} />
            {!readOnly && status === 'open' && (
              <>
                <button type="button" className="vk-btn vk-btn--light" disabled={busy} onClick={() => void act({ licence_issued_on: today() }, t('entries.issue.done', { name }))}>
                  {t('entries.issue.action')}
                </button>
                <button type="button" className="vk-btn vk-btn--light" disabled={busy} onClick={() => void leave()}>
                  {t('entries.leave.action')}
                </button>
              </>
            )}
            {!readOnly && (
              <button type="button" className="vk-btn vk-btn--danger" disabled={busy} onClick={() => void remove()}>
                {t('entries.delete.action')}
              </button>
            )}
          </>
        }
      />
      <h3 className="dgt-form__heading">{t('entries.edit.folders')}</h3>
      <DataTable<Exam> label={t('entries.edit.folders')} columns={folderColumns} rows={entry.folders ?? []} rowKey={(f) => f.id} empty={t('entries.edit.noFolders')} />
    </section>
  );
}
