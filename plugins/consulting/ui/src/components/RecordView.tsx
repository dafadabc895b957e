import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, GroupChip, PageState, changedFields, errorList, useApi, useConfirm, useLoad, usePageLayout, useRecord, useToast, withoutNulls } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { kindApi, type FieldsOf, type Kind, type RecordOf, type RecordState } from '../api';
import { withOption } from '../format';
import { ROUTE_PARAMS, listPath, viewPath } from '../paths';
import { StateBadge } from './Badges';
import { RecordForm, type FieldSpec, type FormSection } from './RecordForm';
import { SubNav } from './SubNav';

export interface RecordViewProps<K extends Kind> {
  kind: K;
  /** The record's name: the page's title. */
  name(record: RecordOf<K>): string;
  /** The form's sections for the record (null: a new one); `group` is the group's select. */
  sections(record: RecordOf<K> | null, group: FieldSpec): FormSection[];
  /** More facts in the head (`<dt>`/`<dd>` pairs). */
  facts?(record: RecordOf<K>): ReactNode;
  /** More buttons in the head (a worker's PDF). */
  actions?(record: RecordOf<K>): ReactNode;
  /** The detail under the form; `saved` shows what a write of it answered (the form kept as it is). */
  detail?(record: RecordOf<K>, saved: (answer: RecordOf<K>) => void): ReactNode;
}

/** The state changes the head offers, by the state they set: the action and its toast. */
const STATE_ACTIONS = {
  active: { action: 'activate', done: 'activated' },
  inactive: { action: 'deactivate', done: 'deactivated' },
  deleted: { action: 'delete', done: 'deleted' },
} as const;

/**
 * A record of one kind (`GET consulting/{kind}/read/{id}`), or a new one (`view/0`): the head
 * (name, state, group, the kind's facts; "Activar" or "Desactivar" and "Eliminar", each asked
 * first: `update` with the state), the form (`create` with what has a value, then the new
 * record; `update` with the id and only what changed) and the kind's detail. A deleted record
 * stays readable, read only.
 */
export function RecordView<K extends Kind>({ kind, name, sections, facts, actions, detail }: RecordViewProps<K>) {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => kindApi(client, kind), [client, kind]);
  const raw = useParams()[ROUTE_PARAMS[kind]] ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : -1;
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();
  const groups = useLoad(api.groups.list);
  const { record, show, failed, formKey, load } = useRecord<RecordOf<K>>(Math.max(id, 0), api.read);
  const [failures, setFailures] = useState<string[]>([]);
  const isNew = id === 0;
  const title = isNew ? t(`kinds.${kind}.createTitle`) : record ? name(record) : t(`kinds.${kind}.fallback`);
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: t(`kinds.${kind}.title`), to: listPath(kind) }, { label: title }] });

  const groupField = (current: RecordOf<K> | null): FieldSpec => ({
    field: 'group_id',
    kind: 'select',
    numeric: true,
    empty: t('noGroup'),
    options: withOption((groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name })), current?.group_id, current?.group_name),
  });

  let body: ReactNode;
  if (id < 0) body = <PageState error={t('view.notFound')} />;
  else if (isNew) {
    body = (
      <section className="card" aria-labelledby="consulting-create-title">
        <h2 id="consulting-create-title" className="card__title">
          {title}
        </h2>
        <RecordForm
          sections={sections(null, groupField(null))}
          record={null}
          label={title}
          submitLabel={t('create')}
          onSubmit={async (fields) => {
            const created = await api.create(withoutNulls(fields) as Partial<FieldsOf<K>>);
            toast.success(t(`kinds.${kind}.created`, { name: name(created) }));
            navigate(viewPath(kind, created.id), { replace: true });
          }}
          extra={
            <Link className="vk-btn vk-btn--light" to={listPath(kind)}>
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
    const deleted = current.state === 'deleted';
    const changeState = async (next: RecordState) => {
      const { action, done } = STATE_ACTIONS[next];
      const named = { name: name(current), the: t(`kinds.${kind}.the`) };
      const ok = await confirm({
        title: t(`stateActions.${action}.title`),
        message: t(`stateActions.${action}.question`, named),
        confirmLabel: t(`stateActions.${action}.action`),
        tone: next === 'active' ? 'primary' : 'danger',
      });
      if (!ok) return;
      setFailures([]);
      try {
        const saved = await api.setState(current.id, next);
        toast.success(t(`kinds.${kind}.${done}`, named));
        if (next === 'deleted') navigate(listPath(kind));
        else show({ ...current, ...saved, state: next }, { redraw: false });
      } catch (failure) {
        setFailures(errorList(failure).map((e) => e.details || e.code));
      }
    };
    body = (
      <>
        <section className="card consulting-head" data-testid="record-head">
          <div>
            <h2 className="consulting-head__title" data-testid="view-title">
              {name(current)}
            </h2>
            <p className="consulting-inline">
              <StateBadge state={current.state} />
              <GroupChip name={current.group_name} color={current.group_color} />
            </p>
          </div>
          {facts && <dl className="consulting-facts">{facts(current)}</dl>}
          <div className="consulting-actions">
            <Link className="vk-btn vk-btn--light" to={listPath(kind)}>
              {t(`kinds.${kind}.back`)}
            </Link>
            {actions?.(current)}
            {current.state === 'active' && (
              <button type="button" className="vk-btn vk-btn--outline" onClick={() => void changeState('inactive')}>
                {t('stateActions.deactivate.action')}
              </button>
            )}
            {current.state === 'inactive' && (
              <button type="button" className="vk-btn vk-btn--primary" onClick={() => void changeState('active')}>
                {t('stateActions.activate.action')}
              </button>
            )}
            {!deleted && (
              <button type="button" className="vk-btn vk-btn--danger" onClick={() => void changeState('deleted')}>
                {t('stateActions.delete.action')}
              </button>
            )}
          </div>
          <ErrorList messages={failures} testId="record-action-errors" />
        </section>
        {deleted && (
          <p className="vk-alert vk-alert--info" role="status" data-testid="deleted-notice">
            {t('view.deletedNotice')}
          </p>
        )}
        <section className="card" aria-labelledby="consulting-edit-title">
          <h2 id="consulting-edit-title" className="card__title">
            {t(`kinds.${kind}.data`)}
          </h2>
          <RecordForm
            key={formKey}
            sections={sections(current, groupField(current))}
            record={current}
            label={t(`kinds.${kind}.data`)}
            submitLabel={t('save')}
            disabled={deleted}
            onSubmit={async (fields) => {
              const changes = changedFields<Record<string, unknown>>(fields, { ...current });
              if (Object.keys(changes).length === 0) {
                toast.info(t('noChanges'));
                return;
              }
              // the answer is the record with its detail (the credit left, the names of its centre…)
              const saved = { ...current, ...(await api.update(current.id, changes as Partial<FieldsOf<K>>)) };
              show(saved);
              toast.success(t(`kinds.${kind}.saved`, { name: name(saved) }));
            }}
          />
        </section>
        {detail?.(current, (answer) => show({ ...current, ...answer }, { redraw: false }))}
      </>
    );
  }

  return (
    <div className="consulting-page" data-testid={`${kind}-view`}>
      <SubNav />
      {body}
    </div>
  );
}
