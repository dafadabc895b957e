import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckField, FormMessages, InputField, NotesField, SelectField, SubmitActions, useDraftForm } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { DocumentFields, Group, NoteDocument } from '../api';
import { MAX_DESCRIPTION, MAX_TITLE } from '../lists';

export const DOCUMENT_FIELDS = ['title', 'description', 'group_id', 'pinned'] as const;

export interface DocumentDraft {
  title: string;
  description: string;
  /** '' for none. */
  group_id: string;
  pinned: boolean;
}

export function documentDraft(document: NoteDocument | null): DocumentDraft {
  return {
    title: document?.title ?? '',
    description: document?.description ?? '',
    group_id: document?.group_id ? String(document.group_id) : '',
    pinned: document?.pinned ?? false,
  };
}

/** The body to send (text trimmed, no group as null), or null when the title is missing. */
export function documentBody(draft: DocumentDraft): DocumentFields | null {
  const title = draft.title.trim();
  if (!title) return null;
  return { title, description: draft.description.trim(), group_id: draft.group_id ? Number(draft.group_id) : null, pinned: draft.pinned };
}

/**
 * The groups to offer: the live ones by name, and the notebook's own when it is not among them
 * (while the groups are read, or when they cannot be).
 */
export function groupOptions(groups: Group[] | null, document: NoteDocument | null): { value: string; label: string }[] {
  const options = (groups ?? []).map((g) => ({ value: String(g.id), label: g.name }));
  if (document?.group_id && !options.some((o) => o.value === String(document.group_id))) {
    options.push({ value: String(document.group_id), label: document.group_name ?? String(document.group_id) });
  }
  return options;
}

/**
 * A notebook's data: title (required), group ("Sin grupo" or one of the business's), "Fijar al
 * principio de la lista" and description. The host's errors go under the field they name.
 */
export function DocumentForm({
  document,
  groups,
  label,
  submitLabel,
  onSubmit,
  extra,
  disabled = false,
}: {
  document: NoteDocument | null;
  groups: Group[] | null;
  label: string;
  submitLabel: string;
  onSubmit(body: DocumentFields): Promise<unknown>;
  extra?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm(() => documentDraft(document), {
    fields: DOCUMENT_FIELDS,
    toBody: documentBody,
    required: 'title',
    onSubmit,
    fallback: t('actionError'),
    disabled,
  });

  return (
    <form
      className="vk-form notes-form"
      aria-label={label}
      aria-busy={busy}
      noValidate
      onSubmit={handleSubmit}
    >
      <FormMessages errors={errors.errors} general={errors.general} testId="document-errors" />
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="title" label={t('documents.fields.title')} value={draft.title} maxLength={MAX_TITLE} required onChange={(title) => set({ title })} />
        <SelectField
          ctx={ctx}
          field="group_id"
          label={t('documents.fields.group_id')}
          value={draft.group_id}
          empty={t('noGroup')}
          options={groupOptions(groups, document)}
          onChange={(group_id) => set({ group_id })}
        />
        <CheckField ctx={ctx} field="pinned" label={t('documents.fields.pinned')} checked={draft.pinned} hint={t('documents.form.pinnedHint')} onChange={(pinned) => set({ pinned })} />
      </div>
      <NotesField ctx={ctx} field="description" maxLength={MAX_DESCRIPTION} label={t('documents.fields.description')} value={draft.description} onChange={(description) => set({ description })} />
      {!disabled && (
        <SubmitActions busy={busy} label={submitLabel}>
          {extra}
        </SubmitActions>
      )}
    </form>
  );
}
