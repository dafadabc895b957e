import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DeletedBadge, ErrorList, FilterSelect, FilteredList, GroupChip, GroupsPanel, errorList, formatDate, useApi, useConfirm, useLoad, usePageLayout, useToast, withoutNulls, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { notesApi, type DeletedGroup, type Group, type NoteDocument } from '../api';
import { MAX_GROUP_NAME, NO_GROUP, STATE_FILTERS } from '../lists';
import { documentViewPath } from '../paths';
import { refusalText } from '../format';
import { DocumentForm } from '../components/DocumentForm';
import { PinnedBadge } from '../components/Badges';

/**
 * `/notes_documents/list` — the notebooks (`POST note/document/readall`), pinned first, then the
 * latest changed: a search, the group ("Sin grupo": `group_id` 0) and the state; title (a link to
 * it, "Fijado" when pinned), group as a chip in its colour, how many notes and the latest one's
 * day. "Nuevo documento" opens the form above the list (`note/document/create`), then the new
 * notebook; "Eliminar" asks first (its notes go with it). Beside it, the groups (the kit's
 * `GroupsPanel`: `note/document/group/read|create|delete`, no update, so no "Editar"; "Sin color";
 * each with how many notebooks it has; a deleted group's notebooks stay, without one).
 */
export default function DocumentListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => notesApi(client), [client]);
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();
  const groups = useLoad(api.groups.list);
  const [group, setGroup] = useState('');
  const [state, setState] = useState('');
  const [creating, setCreating] = useState(false);
  // bumped after a write: the list is read again
  const [version, setVersion] = useState(0);
  const [failures, setFailures] = useState<string[]>([]);
  const title = t('documents.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  const load = useCallback(
    (q: ListQuery) => api.documents.list({ search: q.search, group_id: group === '' ? undefined : Number(group), state, page: q.page, per_page: q.perPage }),
    [api, group, state],
  );
  const colorOf = (id: number | null) => groups.data?.find((g) => g.id === id)?.color ?? null;

  async function remove(document: NoteDocument) {
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
      setVersion((v) => v + 1);
      groups.reload();
    } catch (failure) {
      setFailures(errorList(failure).map(refusalText));
    }
  }

  const columns: Column<NoteDocument>[] = [
    {
      key: 'title',
      header: t('documents.columns.title'),
      render: (d) => (
        <span className="notes-inline">
          <Link to={documentViewPath(d.id)} data-testid="document-title">
            {d.title}
          </Link>
          {d.pinned && <PinnedBadge />}
          {d.state === 'deleted' && <DeletedBadge />}
        </span>
      ),
    },
    { key: 'group', header: t('documents.columns.group'), render: (d) => <GroupChip name={d.group_name} color={colorOf(d.group_id)} /> },
    { key: 'notes', header: t('documents.columns.notes'), className: 'notes-num', render: (d) => <span data-testid="document-notes">{d.notes}</span> },
    {
      key: 'last_date',
      header: t('documents.columns.last_date'),
      className: 'notes-nowrap',
      render: (d) => <span data-testid="document-last-date">{d.last_date ? formatDate(d.last_date) : t('none')}</span>,
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (d) =>
        d.state !== 'deleted' && (
          <button type="button" className="vk-btn vk-btn--light" aria-label={t('documents.delete.named', { title: d.title })} onClick={() => void remove(d)}>
            {t('documents.delete.action')}
          </button>
        ),
    },
  ];

  return (
    <div className="notes-page notes-page--list" data-testid="document-list">
      <div className="notes-main">
        {creating && (
          <section className="card" aria-labelledby="notes-document-create-title" data-testid="document-create">
            <h2 id="notes-document-create-title" className="card__title">
              {t('documents.create.title')}
            </h2>
            <DocumentForm
              document={null}
              groups={groups.data}
              label={t('documents.create.title')}
              submitLabel={t('documents.create.submit')}
              onSubmit={async (body) => {
                const created = await api.documents.create(withoutNulls(body));
                toast.success(t('documents.create.created', { title: created.title }));
                navigate(documentViewPath(created.id));
              }}
              extra={
                <button type="button" className="vk-btn vk-btn--light" onClick={() => setCreating(false)}>
                  {t('cancel')}
                </button>
              }
            />
          </section>
        )}
        <ErrorList messages={failures} testId="document-action-errors" />
        <FilteredList<NoteDocument>
          label={t('documents.table')}
          columns={columns}
          rowKey={(d) => d.id}
          load={load}
          filtersKey={JSON.stringify({ group, state, version })}
          searchPlaceholder={t('documents.search')}
          empty={t('documents.empty')}
          filters={
            <>
              <FilterSelect
                label={t('documents.filters.group')}
                value={group}
                options={[
                  { value: '', label: t('documents.filters.allGroups') },
                  { value: NO_GROUP, label: t('noGroup') },
                  ...(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name })),
                ]}
                onChange={setGroup}
              />
              <FilterSelect
                label={t('documents.filters.state')}
                value={state}
                options={STATE_FILTERS.map((s) => ({ value: s, label: t(`documents.filters.states.${s || 'live'}`) }))}
                onChange={setState}
              />
            </>
          }
          actions={
            !creating && (
              <button type="button" className="vk-btn vk-btn--primary" onClick={() => setCreating(true)}>
                {t('documents.new')}
              </button>
            )
          }
        />
      </div>
      <GroupsPanel<Group>
        groups={groups}
        countLabel={(g) => t('groups.documents', { count: g.documents })}
        deleteMessage={(g) => t('groups.delete.question', { name: g.name })}
        deletedMessage={(g, answer) => {
          const released = (answer as DeletedGroup | null)?.documents_released ?? 0;
          return released > 0 ? t('groups.delete.released', { name: g.name, count: released }) : t('groups.delete.done', { name: g.name });
        }}
        create={api.groups.create}
        remove={api.groups.remove}
        refusal={refusalText}
        noColor
        maxName={MAX_GROUP_NAME}
        onChanged={(deleted) => {
          if (deleted === undefined) return;
          // its notebooks are without a group now: a filter on it would find none
          setGroup((current) => (current === String(deleted) ? '' : current));
          setVersion((v) => v + 1);
        }}
      />
    </div>
  );
}
