import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ErrorList,
  FormActions,
  FormMessages,
  InputField,
  NotesField,
  PageState,
  SelectField,
  UI_NAMESPACE,
  changedFields,
  errorList,
  useApi,
  useDraftForm,
  useLoad,
  useRecord,
  useToast,
  type FieldErrors,
} from '@volante/plugin-ui';
import { useRemoveAndLeave } from '../../components/useRemoveAndLeave';
import { usePageLayout } from '../../layout/LayoutContext';
import type { PanelGroup } from '../provider/GroupsPanel';
import { REFRESH_MS, serverCalls } from './api';
import { SERVER_LIST_PATH } from './paths';
import { Moment, ServerStateBadge } from './ServerState';
import { ConnectionsBySchool, PluginVersions, StatusFacts } from './StatusDetails';
import { MAX_NAME, MAX_NOTES, type ServerDetail, type ServerFields, type ServerStatusEntry } from './types';
import './servers.css';

export const SERVER_FIELDS = ['name', 'group_id', 'notes'] as const;

/** The form's draft: the group select's value ('' for none). */
interface Draft {
  name: string;
  group_id: string;
  notes: string;
}

const draftOf = (s: ServerDetail): Draft => ({ name: s.name, group_id: s.group ? String(s.group.group_id) : '', notes: s.notes ?? '' });

/** A stored server's fields as the form sends them, to tell what an update changes. */
const fieldsOf = (s: ServerDetail): ServerFields => ({ name: s.name, notes: s.notes ?? '', group_id: s.group?.group_id ?? null });

function bodyOf(draft: Draft): ServerFields | null {
  const name = draft.name.trim();
  if (!name) return null;
  return { name, notes: draft.notes.trim(), group_id: draft.group_id ? Number(draft.group_id) : null };
}

/** The groups offered: the loaded ones, plus the server's own when it is not among them. */
function withCurrent(groups: PanelGroup[] | null, current: { group_id: number; name: string } | null | undefined) {
  const options = (groups ?? []).map((g) => ({ value: String(g.group_id), label: g.name }));
  if (current && !options.some((o) => o.value === String(current.group_id))) options.push({ value: String(current.group_id), label: current.name });
  return options;
}

/**
 * /servicio/tecnico/view/:servidor_id: a server's record (instance, version, address, start, last
 * beat, state) and its form (name, group, notes: only what changed is sent); its figures as of
 * its last beat (`servidor/status/read?id=`, read again every 30 seconds and with "Actualizar"),
 * the plugins it runs and its connections per school; and "Quitar" (asked first) for a server that
 * is not running, back to the list after.
 */
export default function ServerViewPage() {
  const { t } = useTranslation();
  const api = useApi();
  const calls = useMemo(() => serverCalls(api), [api]);
  const raw = useParams().servidor_id ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : 0;
  const toast = useToast();
  const groups = useLoad(calls.groups.list);
  const { record, show, failed, formKey, load } = useRecord<ServerDetail>(id, calls.servers.read);
  const [failures, setFailures] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const removeAndLeave = useRemoveAndLeave(setBusy, setFailures);
  // The figures read after the record (every 30 seconds, "Actualizar"); null: the record's.
  const [fresh, setFresh] = useState<ServerStatusEntry | null>(null);
  const [stale, setStale] = useState<string[]>([]);

  const readStatus = useCallback(() => {
    if (id <= 0) return;
    calls.servers.statusOf(id).then(
      (entry) => {
        setFresh(entry);
        setStale([]);
      },
      (failure) => setStale([errorList(failure)[0]?.details || t('servers.status.refreshError')]),
    );
  }, [calls, id, t]);
  useEffect(() => {
    const timer = setInterval(readStatus, REFRESH_MS);
    return () => clearInterval(timer);
  }, [readStatus]);

  const title = record?.name ?? t('servers.one');
  usePageLayout({
    title,
    breadcrumbs: [{ label: t('menu.provider') }, { label: t('servers.title'), to: SERVER_LIST_PATH }, { label: title }],
  });

  if (id <= 0) return <PageState error={t('servers.view.notFound')} />;
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!record) return <PageState error={null} />;

  // The latest figures: the status read, once it came, else the record's.
  const latest = fresh?.server_id === record.server_id ? fresh : null;
  const state = latest?.state ?? record.state;
  const lastSeen = latest?.last_seen_at ?? record.last_seen_at;
  const status = latest ? latest.status : record.status;
  const online = state === 'online';

  async function remove() {
    if (!record) return;
    await removeAndLeave({
      title: t('servers.view.removeTitle', { name: record.name }),
      message: t('servers.view.removeMessage', { name: record.name }),
      confirmLabel: t('servers.view.remove'),
      call: () => calls.servers.remove(record.server_id),
      done: t('servers.view.removed', { name: record.name }),
      to: SERVER_LIST_PATH,
      fallback: t('servers.view.removeError'),
      // It may be running again: its state as it is now.
      onFailure: readStatus,
    });
  }

  async function save(body: ServerFields) {
    if (!record) return;
    const changed = changedFields(body, fieldsOf(record));
    if (Object.keys(changed).length === 0) {
      toast.info(t('servers.view.noChanges'));
      return;
    }
    const saved = await calls.servers.update(record.server_id, changed);
    setFresh(null);
    show(saved);
    toast.success(t('servers.view.saved', { name: saved.name }));
  }

  const facts: [string, string, ReactNode][] = [
    ['instance', t('servers.fields.instance'), record.instance],
    ['version', t('servers.fields.version'), record.version],
    ['group', t('servers.fields.group'), record.group?.name ?? t('servers.noGroup')],
    ['public_url', t('servers.fields.publicUrl'), record.public_url || '—'],
    ['started_at', t('servers.fields.startedAt'), <Moment at={record.started_at} />],
    ['last_seen_at', t('servers.fields.lastSeen'), <Moment at={lastSeen} />],
  ];
  if (record.stopped_at && state === 'stopped') facts.push(['stopped_at', t('servers.fields.stoppedAt'), <Moment at={record.stopped_at} />]);

  return (
    <div className="servers-page" data-testid="server-view">
      <section className="card" aria-labelledby="server-record-title">
        <div className="servers-card__head">
          <h2 id="server-record-title" className="card__title servers-name">
            {record.name} <ServerStateBadge state={state} />
          </h2>
          <div className="servers-actions">
            <button type="button" className="vk-btn vk-btn--danger" disabled={busy || online} aria-describedby={online ? 'server-remove-hint' : undefined} onClick={() => void remove()}>
              {t('servers.view.remove')}
            </button>
          </div>
        </div>
        {online && (
          <p id="server-remove-hint" className="muted" data-testid="server-remove-hint">
            {t('servers.view.removeOnline')}
          </p>
        )}
        <ErrorList messages={failures} testId="server-action-errors" />
        <dl className="facts" data-testid="server-record">
          {facts.map(([key, label, value]) => (
            <div key={key} className="facts__row" data-fact={key}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="servers-split">
        <section className="card" aria-labelledby="server-form-title">
          <h2 id="server-form-title" className="card__title">
            {t('servers.view.edit')}
          </h2>
          <ServerForm key={formKey} server={record} groups={withCurrent(groups.data, record.group)} disabled={busy} onSubmit={save} />
        </section>
        <section className="card" aria-labelledby="server-status-title" data-testid="server-status">
          <div className="servers-card__head">
            <h2 id="server-status-title" className="card__title">
              {t('servers.status.title')}
            </h2>
            <button type="button" className="vk-btn vk-btn--light" onClick={readStatus}>
              {t('servers.refresh')}
            </button>
          </div>
          <p className="muted">{t('servers.status.asOf')}</p>
          <ErrorList messages={stale} testId="server-status-errors" />
          {status ? <StatusFacts status={status} testId="server-status-facts" /> : <p className="muted">{t('servers.status.none')}</p>}
        </section>
      </div>
      {status && (
        <div className="servers-split">
          <section className="card" aria-labelledby="server-plugins-title">
            <h2 id="server-plugins-title" className="card__title">
              {t('servers.status.plugins')}
            </h2>
            <PluginVersions plugins={status.plugins ?? []} />
          </section>
          <section className="card" aria-labelledby="server-schools-title">
            <h2 id="server-schools-title" className="card__title">
              {t('servers.status.bySchool')}
            </h2>
            <ConnectionsBySchool connections={status.connections ?? []} />
          </section>
        </div>
      )}
      <Link to={SERVER_LIST_PATH} className="vk-btn vk-btn--light">
        {t('actions.back')}
      </Link>
    </div>
  );
}

function ServerForm({ server, groups, disabled, onSubmit }: { server: ServerDetail; groups: { value: string; label: string }[]; disabled: boolean; onSubmit(body: ServerFields): Promise<unknown> }) {
  const { t } = useTranslation();
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<Draft, ServerFields>(() => draftOf(server), {
    fields: SERVER_FIELDS,
    toBody: bodyOf,
    required: 'name',
    validate: (d) => {
      const messages: FieldErrors = {};
      if (Array.from(d.name.trim()).length > MAX_NAME) messages.name = ui('form.maxLength', { count: MAX_NAME });
      if (Array.from(d.notes.trim()).length > MAX_NOTES) messages.notes = ui('form.maxLength', { count: MAX_NOTES });
      return messages;
    },
    onSubmit,
    fallback: t('servers.view.saveError'),
    disabled,
  });
  return (
    <form className="vk-form" noValidate onSubmit={handleSubmit} aria-label={t('servers.view.edit')} aria-busy={busy}>
      <FormMessages errors={errors.errors} general={errors.general} testId="server-errors" />
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="name" label={t('servers.fields.name')} required maxLength={MAX_NAME} value={draft.name} onChange={(name) => set({ name })} />
        <SelectField ctx={ctx} field="group_id" label={t('servers.fields.group')} value={draft.group_id} empty={t('servers.noGroup')} options={groups} onChange={(group_id) => set({ group_id })} />
        <NotesField ctx={ctx} field="notes" label={t('servers.fields.notes')} maxLength={MAX_NOTES} value={draft.notes} onChange={(notes) => set({ notes })} />
      </div>
      <FormActions>
        <button type="submit" className="vk-btn vk-btn--primary" disabled={ctx.disabled}>
          {busy ? ui('form.saving') : ui('form.save')}
        </button>
      </FormActions>
    </form>
  );
}
