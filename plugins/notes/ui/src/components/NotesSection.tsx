import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, FilteredList, changedFields, errorList, formatDate, useConfirm, useSession, useToast, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Note, NoteDocument, NoteFields, NotesApi } from '../api';
import { MANAGE } from '../lists';
import { refusalText } from '../format';
import { NoteForm } from './NoteForm';

/**
 * A notebook's notes (`POST note/readall {document_id, …}`), newest first: date, author and
 * message, searchable, from and to a day and "Solo las mías" (`user_id: "me"`). "Nueva nota"
 * (`note/create`, unless the notebook is deleted); "Editar" (`note/update` with what changed, in a
 * panel above the list) and "Eliminar" (`note/delete`, asked first) on the user's own notes, or
 * on every note with `note.manage`. `onChanged` hears of every write (the notebook's counts).
 */
export function NotesSection({ api, document, onChanged }: { api: NotesApi; document: NoteDocument; onChanged(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const confirm = useConfirm();
  const session = useSession();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [mine, setMine] = useState(false);
  const [editing, setEditing] = useState<Note | null>(null);
  // bumped after a write: the list is read again (and the new note's form starts empty)
  const [version, setVersion] = useState(0);
  const [failures, setFailures] = useState<string[]>([]);
  const readOnly = document.state === 'deleted';
  const documentId = document.id;

  const load = useCallback(
    (q: ListQuery) => api.notes.list({ document_id: documentId, search: q.search, from, to, user_id: mine ? 'me' : undefined, page: q.page, per_page: q.perPage }),
    [api, documentId, from, to, mine],
  );
  const changed = () => {
    setVersion((v) => v + 1);
    onChanged();
  };
  /** Only its author changes or deletes a note, or a user with `note.manage` (the host checks it too). */
  const mayChange = (note: Note) => !readOnly && (note.user_id === session.user?.user_id || session.can(MANAGE));
  const author = (note: Note) => note.user_name ?? t('userNumber', { id: note.user_id });
  const named = (note: Note) => ({ date: formatDate(note.date), author: author(note) });

  async function remove(note: Note) {
    const ok = await confirm({ title: t('notes.delete.title'), message: t('notes.delete.question', named(note)), confirmLabel: t('notes.delete.action'), tone: 'danger' });
    if (!ok) return;
    setFailures([]);
    try {
      await api.notes.remove(note.id);
      toast.success(t('notes.delete.done'));
      if (editing?.id === note.id) setEditing(null);
      changed();
    } catch (failure) {
      setFailures(errorList(failure).map(refusalText));
    }
  }

  const columns: Column<Note>[] = [
    {
      key: 'date',
      header: t('notes.columns.date'),
      className: 'notes-nowrap',
      render: (n) => <span data-testid="note-date">{formatDate(n.date)}</span>,
    },
    { key: 'author', header: t('notes.columns.author'), className: 'notes-nowrap', render: (n) => <span data-testid="note-author">{author(n)}</span> },
    {
      key: 'message',
      header: t('notes.columns.message'),
      render: (n) => (
        <span className="notes-message" data-testid="note-message">
          {n.message}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (n) =>
        mayChange(n) && (
          <span className="notes-row-actions">
            <button
              type="button"
              className="vk-btn vk-btn--light"
              aria-label={t('notes.edit.named', named(n))}
              onClick={() => {
                setFailures([]);
                setEditing(n);
              }}
            >
              {t('notes.edit.action')}
            </button>
            <button type="button" className="vk-btn vk-btn--light" aria-label={t('notes.delete.named', named(n))} onClick={() => void remove(n)}>
              {t('notes.delete.action')}
            </button>
          </span>
        ),
    },
  ];

  const cancel = (
    <button type="button" className="vk-btn vk-btn--light" onClick={() => setEditing(null)}>
      {t('cancel')}
    </button>
  );

  return (
    <div className="notes-section" data-testid="notes">
      {!readOnly && !editing && (
        <section className="card" aria-labelledby="notes-note-create-title" data-testid="note-create">
          <h2 id="notes-note-create-title" className="card__title">
            {t('notes.create.title')}
          </h2>
          <NoteForm
            key={version}
            note={null}
            label={t('notes.create.title')}
            submitLabel={t('notes.create.submit')}
            onSubmit={async (body) => {
              // no day: left out, the server writes today's (Spain)
              await api.notes.create(documentId, body.date ? body : { message: body.message });
              toast.success(t('notes.create.created'));
              changed();
            }}
          />
        </section>
      )}
      {editing && (
        <section className="card" aria-labelledby="notes-note-edit-title" data-testid="note-edit">
          <h2 id="notes-note-edit-title" className="card__title">
            {t('notes.edit.title', named(editing))}
          </h2>
          <NoteForm
            key={editing.id}
            note={editing}
            label={t('notes.edit.title', named(editing))}
            submitLabel={t('save')}
            onSubmit={async (body) => {
              const fields = changedFields<NoteFields>(body, editing);
              if (Object.keys(fields).length === 0) {
                toast.info(t('noChanges'));
                return;
              }
              await api.notes.update(editing.id, fields);
              toast.success(t('notes.edit.saved'));
              setEditing(null);
              changed();
            }}
            extra={cancel}
          />
        </section>
      )}
      <ErrorList messages={failures} testId="note-action-errors" />
      <FilteredList<Note>
        label={t('notes.table')}
        columns={columns}
        rowKey={(n) => n.id}
        load={load}
        filtersKey={JSON.stringify({ from, to, mine, version })}
        searchPlaceholder={t('notes.search')}
        empty={t('notes.empty')}
        filters={
          <>
            <label className="vk-inline-field notes-date-filter">
              <span className="muted">{t('notes.filters.from')}</span>
              <input type="date" className="vk-input" value={from} max={to || undefined} onChange={(ev) => setFrom(ev.target.value)} />
            </label>
            <label className="vk-inline-field notes-date-filter">
              <span className="muted">{t('notes.filters.to')}</span>
              <input type="date" className="vk-input" value={to} min={from || undefined} onChange={(ev) => setTo(ev.target.value)} />
            </label>
            <label className="vk-check notes-nowrap">
              <input type="checkbox" checked={mine} onChange={(ev) => setMine(ev.target.checked)} />
              {t('notes.filters.mine')}
            </label>
          </>
        }
      />
    </div>
  );
}
