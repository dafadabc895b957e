import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, FormMessages, InputField, MoveButtons, NotesField, PageState, SubmitActions, changedFields, useConfirm, useDraftForm, useToast, type Loaded } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Block, ValkiriaApi } from '../api';
import { countOf, messagesOf } from '../format';
import { MAX_DESCRIPTION, MAX_NAME } from '../lists';

const BLOCK_FIELDS = ['name', 'description', 'position'] as const;

interface BlockDraft {
  name: string;
  description: string;
}

/**
 * A licence's blocks in order (`GET valkiria/blocktemary`): each with its position, name,
 * description and how many questions and block tests it has; "↑" / "↓" move it one place
 * (`temary/update {id, position}`), "Editar" renames it in place, "Eliminar" asks first (`state:
 * deleted`; the host refuses a block with live questions: shown in the panel). "Nuevo bloque" goes
 * at the end. After each change the blocks are read again and `onChanged` is told.
 */
export function BlocksPanel({ licence, blocks, api, onChanged }: { licence: string; blocks: Loaded<Block[]>; api: ValkiriaApi; onChanged(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const headingId = useId();
  const [editing, setEditing] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const items = blocks.data ?? [];

  /** A change of the list: its refusal in the panel, else the blocks read again. */
  async function change(work: () => Promise<unknown>, done?: string) {
    setFailures([]);
    setBusy(true);
    try {
      await work();
      if (done) toast.success(done);
      blocks.reload();
      onChanged();
    } catch (failure) {
      setFailures(messagesOf(failure));
    } finally {
      setBusy(false);
    }
  }

  async function remove(block: Block) {
    const ok = await confirm({
      title: t('blocks.delete.title'),
      message: t('blocks.delete.question', { name: block.name }),
      confirmLabel: t('delete'),
      tone: 'danger',
    });
    if (ok) await change(() => api.blocks.update(block.id, { state: 'deleted' }), t('blocks.delete.done', { name: block.name }));
  }

  async function save(block: Block, body: BlockDraft) {
    const changes = changedFields(body, { name: block.name, description: block.description ?? '' });
    if (Object.keys(changes).length === 0) {
      toast.info(t('noChanges'));
      setEditing(null);
      return;
    }
    await api.blocks.update(block.id, changes);
    toast.success(t('blocks.saved', { name: body.name }));
    setEditing(null);
    blocks.reload();
    onChanged();
  }

  async function add(body: BlockDraft) {
    await api.blocks.create({ licence, ...body });
    toast.success(t('blocks.created', { name: body.name }));
    blocks.reload();
    onChanged();
  }

  const cancel = (
    <button type="button" className="vk-btn vk-btn--light" data-testid="block-edit-cancel" onClick={() => setEditing(null)}>
      {t('cancel')}
    </button>
  );

  let list: ReactNode;
  if (!blocks.data) list = <PageState error={blocks.failed} onRetry={blocks.reload} />;
  else if (items.length === 0) {
    list = (
      <p className="muted" data-testid="blocks-empty">
        {t('blocks.empty', { licence })}
      </p>
    );
  } else {
    list = (
      <ol className="valkiria-order" aria-label={t('blocks.title', { licence })}>
        {items.map((block, index) => (
          <li key={block.id} className="valkiria-order__item" data-testid="block" data-block-id={block.id}>
            {editing === block.id ? (
              <BlockForm
                initial={{ name: block.name, description: block.description ?? '' }}
                label={t('blocks.editNamed', { name: block.name })}
                submitLabel={t('save')}
                onSubmit={(body) => save(block, body)}
                extra={cancel}
                testId="block-edit-form"
              />
            ) : (
              <div className="valkiria-order__row">
                <span className="valkiria-order__position" data-testid="block-position">
                  {block.position}
                </span>
                <div className="valkiria-order__main">
                  <strong data-testid="block-name">{block.name}</strong>
                  {block.description && <span className="muted">{block.description}</span>}
                  <span className="muted" data-testid="block-counts">
                    {t('blocks.counts', { questions: countOf(block.questions), tests: countOf(block.tests) })}
                  </span>
                </div>
                <div className="valkiria-actions">
                  <MoveButtons
                    index={index}
                    count={items.length}
                    busy={busy}
                    upLabel={t('blocks.moveUp', { name: block.name })}
                    downLabel={t('blocks.moveDown', { name: block.name })}
                    testId="block"
                    onMove={(delta) => void change(() => api.blocks.update(block.id, { position: block.position + delta }))}
                  />
                  <button
                    type="button"
                    className="vk-btn vk-btn--light"
                    aria-label={t('blocks.editNamed', { name: block.name })}
                    data-testid="block-rename"
                    disabled={busy}
                    onClick={() => {
                      setFailures([]);
                      setEditing(block.id);
                    }}
                  >
                    {t('edit')}
                  </button>
                  <button type="button" className="vk-btn vk-btn--light" aria-label={t('blocks.deleteNamed', { name: block.name })} data-testid="block-delete" disabled={busy} onClick={() => void remove(block)}>
                    {t('delete')}
                  </button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section className="card valkiria-blocks" aria-labelledby={headingId} data-testid="blocks-panel">
      <h2 id={headingId} className="card__title">
        {t('blocks.title', { licence })}
      </h2>
      <ErrorList messages={failures} testId="blocks-errors" />
      {list}
      <h3 className="valkiria-subtitle">{t('blocks.new')}</h3>
      <BlockForm initial={{ name: '', description: '' }} label={t('blocks.new')} submitLabel={t('blocks.create')} onSubmit={add} resets testId="block-form" />
    </section>
  );
}

/** A block's name (required) and description: a new one's (`resets`: empty again once created), or one's being renamed. */
function BlockForm({
  initial,
  label,
  submitLabel,
  onSubmit,
  extra,
  resets = false,
  testId,
}: {
  initial: BlockDraft;
  label: string;
  submitLabel: string;
  onSubmit(body: BlockDraft): Promise<unknown>;
  extra?: ReactNode;
  resets?: boolean;
  testId: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { draft, set, setDraft, busy, errors, ctx, handleSubmit } = useDraftForm<BlockDraft, BlockDraft>(initial, {
    fields: BLOCK_FIELDS,
    toBody: (d) => (d.name.trim() ? { name: d.name.trim(), description: d.description.trim() } : null),
    required: 'name',
    onSubmit: async (body) => {
      await onSubmit(body);
      if (resets) setDraft(initial);
    },
    fallback: t('saveError'),
  });
  return (
    <form className="vk-form valkiria-inline-form" noValidate aria-label={label} aria-busy={busy} data-testid={testId} onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId={`${testId}-errors`} />
      <InputField ctx={ctx} field="name" label={t('fields.name')} required maxLength={MAX_NAME} value={draft.name} onChange={(name) => set({ name })} />
      <NotesField ctx={ctx} field="description" label={t('fields.description')} maxLength={MAX_DESCRIPTION} value={draft.description} onChange={(description) => set({ description })} />
      <SubmitActions busy={busy} label={submitLabel}>
        {extra}
      </SubmitActions>
    </form>
  );
}
