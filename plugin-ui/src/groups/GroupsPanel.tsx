import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';
import { errorList, type ApiErrorItem } from '../api/errors';
import { useConfirm } from '../confirm/ConfirmProvider';
import { useToast } from '../toast/ToastProvider';
import { ErrorList } from '../errors/ErrorList';
import { PageState } from '../layout/PageState';
import type { Loaded } from '../record/useLoad';
import { Field, FormMessages } from '../form/fields';
import { InputField, SubmitActions } from '../form/inputs';
import { useDraftForm } from '../form/useDraftForm';
import { changedFields } from '../form/changes';
import { DEFAULT_GROUP_COLOR, hexColor } from './color';
import { GroupChip, type GroupLook } from './GroupChip';

/** A group as the panel lists it (a plugin's own group type may carry more: its count…). */
export interface PanelGroup {
  id: number;
  name: string;
  /** `#RGB` or `#RRGGBB`; empty or null: none. */
  color?: string | null;
}

/** What a group's create and update calls take. */
export interface GroupFields {
  name: string;
  color: string;
}

export const GROUP_FIELDS = ['name', 'color'] as const;

export interface GroupsPanelProps<G extends PanelGroup> {
  /** The heading (kit: "Grupos"). */
  title?: string;
  /** The business's groups of this kind (`useLoad` of the plugin's group read). */
  groups: Loaded<G[]>;
  /** What follows a group's chip ("3 empresas"). */
  countLabel?(group: G): string;
  /** The delete question: what becomes of the group's records ("… se quedan sin grupo"). */
  deleteMessage(group: G): string;
  /** `…/group/create {name, color}` (only `{name}` without `colors`). */
  create(fields: Partial<GroupFields>): Promise<unknown>;
  /** `…/group/update`: the id and only what changed. Without it a group cannot be changed. */
  update?(id: number, fields: Partial<GroupFields>): Promise<unknown>;
  /** `…/group/delete`. */
  remove(id: number): Promise<unknown>;
  /** The toast after a delete, from the host's answer (kit: "Grupo X eliminado"). */
  deletedMessage?(group: G, answer: unknown): string;
  /** A group was created, changed or deleted (`deleted`: its id): the records' list may show it. */
  onChanged(deleted?: number): void;
  /** The groups have a colour (default true). */
  colors?: boolean;
  /** A new group's colour until one is chosen, sent as given (default `DEFAULT_GROUP_COLOR`). */
  defaultColor?: string;
  /** The form offers "Sin color": the group is sent with `color: ''` (the host takes none). */
  noColor?: boolean;
  /** How each group is drawn (`GroupChip`'s `look`; default `chip`). */
  look?: GroupLook;
  /** What the panel says without groups (kit: "Todavía no hay grupos"). */
  empty?: string;
  /** A refused delete's error as the panel shows it (kit: its `details`, else its code). */
  refusal?(error: ApiErrorItem): string;
  /** The longest name the host takes (default 100). */
  maxName?: number;
  testId?: string;
}

/**
 * A list's groups, beside it: each as its chip (in its colour) with `countLabel`, "Editar" (the
 * name and colour in place; only what changed is sent, nothing when nothing did) and "Eliminar"
 * (asked first with `deleteMessage`; a refusal is shown in the panel); under them "Nuevo grupo"
 * (name, required, and colour: `defaultColor` at first, or "Sin color" with `noColor`), empty
 * again once created. The host's field errors (a duplicate name: `CONFLICT-000`, `data.field`
 * name) go under their field. After every change the groups are read again and `onChanged` is
 * told.
 */
export function GroupsPanel<G extends PanelGroup>({
  title,
  groups,
  countLabel,
  deleteMessage,
  create,
  update,
  remove,
  deletedMessage,
  onChanged,
  colors = true,
  defaultColor = DEFAULT_GROUP_COLOR,
  noColor = false,
  look = 'chip',
  empty,
  refusal,
  maxName = 100,
  testId = 'groups-panel',
}: GroupsPanelProps<G>) {
  const { t } = useTranslation(UI_NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const headingId = useId();
  const [editing, setEditing] = useState<number | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const heading = title ?? t('groups.title');
  const form = { colors, noColor, defaultColor, maxName };

  async function add(fields: Partial<GroupFields>) {
    await create(fields);
    toast.success(t('groups.created', { name: fields.name }));
    groups.reload();
    onChanged();
  }

  async function save(group: G, fields: Partial<GroupFields>) {
    const changes = changedFields(fields, { name: group.name, color: hexColor(group.color) ?? '' });
    if (Object.keys(changes).length === 0) {
      toast.info(t('groups.noChanges'));
      setEditing(null);
      return;
    }
    await update?.(group.id, changes);
    toast.success(t('groups.saved', { name: fields.name }));
    setEditing(null);
    groups.reload();
    onChanged();
  }

  async function drop(group: G) {
    const ok = await confirm({ title: t('groups.deleteTitle'), message: deleteMessage(group), confirmLabel: t('groups.delete'), tone: 'danger' });
    if (!ok) return;
    setFailures([]);
    try {
      const answer = await remove(group.id);
      toast.success(deletedMessage?.(group, answer) ?? t('groups.deleted', { name: group.name }));
      setEditing((id) => (id === group.id ? null : id));
      groups.reload();
      onChanged(group.id);
    } catch (failure) {
      setFailures(errorList(failure).map((e) => (refusal ? refusal(e) : e.details || e.code) || t('groups.error')));
    }
  }

  const cancel = (
    <button type="button" className="vk-btn vk-btn--light" onClick={() => setEditing(null)}>
      {t('common.cancel')}
    </button>
  );

  return (
    <section className="card vk-groups" aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className="card__title">
        {heading}
      </h2>
      <ErrorList messages={failures} testId={`${testId}-errors`} />
      {groups.data ? (
        groups.data.length > 0 ? (
          <ul className="vk-groups__list" aria-label={heading}>
            {groups.data.map((g) => (
              <li key={g.id} className="vk-groups__item" data-testid="group">
                {editing === g.id ? (
                  <GroupForm
                    {...form}
                    initial={{ name: g.name, color: hexColor(g.color) ?? '' }}
                    label={t('groups.editNamed', { name: g.name })}
                    submitLabel={t('form.save')}
                    onSubmit={(fields) => save(g, fields)}
                    extra={cancel}
                  />
                ) : (
                  <>
                    <span className="vk-groups__name">
                      <GroupChip name={g.name} color={colors ? g.color : null} look={look} />
                      {countLabel && (
                        <span className="muted" data-testid="group-count">
                          {countLabel(g)}
                        </span>
                      )}
                    </span>
                    <span className="vk-groups__actions">
                      {update && (
                        <button
                          type="button"
                          className="vk-btn vk-btn--light"
                          aria-label={t('groups.editNamed', { name: g.name })}
                          onClick={() => {
                            setFailures([]);
                            setEditing(g.id);
                          }}
                        >
                          {t('groups.edit')}
                        </button>
                      )}
                      <button type="button" className="vk-btn vk-btn--light" aria-label={t('groups.deleteNamed', { name: g.name })} onClick={() => void drop(g)}>
                        {t('groups.delete')}
                      </button>
                    </span>
                  </>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{empty ?? t('groups.none')}</p>
        )
      ) : (
        <PageState error={groups.failed} onRetry={groups.reload} />
      )}
      <h3 className="vk-groups__subtitle">{t('groups.new')}</h3>
      <GroupForm {...form} initial={{ name: '', color: defaultColor }} label={t('groups.new')} submitLabel={t('groups.create')} onSubmit={add} resets />
    </section>
  );
}

/**
 * A group's name and colour: a new one's (`resets`: empty again once created, the same form kept),
 * or one's being changed. With `noColor`, "Sin color" (checked for a group without one) sends `''`.
 */
function GroupForm({
  initial,
  colors,
  noColor,
  defaultColor,
  maxName,
  label,
  submitLabel,
  onSubmit,
  extra,
  resets = false,
}: {
  initial: GroupFields;
  colors: boolean;
  noColor: boolean;
  defaultColor: string;
  maxName: number;
  label: string;
  submitLabel: string;
  onSubmit(fields: Partial<GroupFields>): Promise<unknown>;
  extra?: ReactNode;
  resets?: boolean;
}) {
  const { t } = useTranslation(UI_NAMESPACE);
  const start = (): GroupDraft => ({ ...initial, bare: noColor && !hexColor(initial.color) });
  const { formId, draft, set, setDraft, busy, errors, ctx, handleSubmit } = useDraftForm<GroupDraft, Partial<GroupFields>>(start, {
    fields: GROUP_FIELDS,
    toBody: (d) => {
      const name = d.name.trim();
      if (!name) return null;
      return colors ? { name, color: d.bare ? '' : d.color } : { name };
    },
    required: 'name',
    validate: (d) => ({ name: [...d.name.trim()].length > maxName ? t('form.maxLength', { count: maxName }) : undefined }),
    onSubmit: async (body) => {
      await onSubmit(body);
      if (resets) setDraft(start());
    },
    fallback: t('groups.error'),
  });
  const shown = hexColor(draft.color) ?? hexColor(defaultColor) ?? DEFAULT_GROUP_COLOR;
  const colorInput = (
    <input type="color" className="vk-color" {...errors.control('color')} value={shown} disabled={ctx.disabled || draft.bare} onChange={(ev) => set({ color: ev.target.value })} />
  );
  return (
    <form className="vk-form vk-groups__form" noValidate aria-label={label} aria-busy={busy} onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId="group-errors" />
      <InputField ctx={ctx} field="name" label={t('groups.name')} required maxLength={maxName} value={draft.name} onChange={(name) => set({ name })} />
      {colors && (
        <Field form={formId} field="color" label={t('groups.color')} error={errors.errors.color}>
          {noColor ? (
            <span className="vk-groups__color">
              {colorInput}
              <label className="vk-check">
                <input type="checkbox" checked={draft.bare} disabled={ctx.disabled} onChange={(ev) => set({ bare: ev.target.checked })} />
                {t('groups.noColor')}
              </label>
            </span>
          ) : (
            colorInput
          )}
        </Field>
      )}
      <SubmitActions busy={busy} label={submitLabel}>
        {extra}
      </SubmitActions>
    </form>
  );
}

/** The form's draft: `bare`, "Sin color" checked. */
interface GroupDraft extends GroupFields {
  bare: boolean;
}
