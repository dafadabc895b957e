import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, Field, FormMessages, MoneyInput, UI_NAMESPACE, formatDate, formatEuros, useFieldErrors, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Bag, BagUpdate, NewBag, PracticeType, PracticesApi, StudentDetail } from '../api';
import { MAX_QUANTITY } from '../lists';
import { parseWhole, textOf } from '../format';
import { InputField, SelectField, SubmitActions, type FormContext } from '@volante/plugin-ui';

export interface StudentBagsProps {
  api: PracticesApi;
  student: StudentDetail;
  /** The types of the student's licence still sold. */
  types: PracticeType[];
  /** Not deleted: packs are added and changed. */
  changing: boolean;
  onSaved(student: StudentDetail): void;
}

/**
 * A student's packs (bonos), oldest first: type, lessons, used, left, price and purchase day;
 * "Editar" (lessons, price, notes) and "Añadir bono".
 */
export function StudentBags({ api, student, types, changing, onSaved }: StudentBagsProps) {
  const { t } = useTranslation(NAMESPACE);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Bag | null>(null);
  const nameOf = (b: Bag) => b.type_name ?? t('bags.typeNumber', { id: b.type_id });

  const columns: Column<Bag>[] = [
    { key: 'type', header: t('bags.columns.type'), render: (b) => <span data-testid="bag-type">{nameOf(b)}</span> },
    { key: 'quantity', header: t('bags.columns.quantity'), className: 'practices-num' },
    { key: 'used', header: t('bags.columns.used'), className: 'practices-num' },
    { key: 'remaining', header: t('bags.columns.remaining'), className: 'practices-num' },
    { key: 'price', header: t('bags.columns.price'), className: 'practices-num', render: (b) => formatEuros(b.price) },
    { key: 'purchased_on', header: t('bags.columns.purchased_on'), className: 'practices-nowrap', render: (b) => formatDate(b.purchased_on) },
    { key: 'notes', header: t('bags.columns.notes') },
  ];
  if (changing) {
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (b) => (
        <button type="button" className="vk-btn vk-btn--light" aria-label={t('bags.editNamed', { name: nameOf(b), date: formatDate(b.purchased_on) })} onClick={() => setEditing(b)}>
          {t('bags.edit')}
        </button>
      ),
    });
  }

  return (
    <section className="card practices-section" aria-labelledby="practices-bags-title">
      <div className="practices-section__head">
        <h2 id="practices-bags-title" className="card__title">
          {t('bags.title')}
        </h2>
        {changing && !adding && (
          <button type="button" className="vk-btn vk-btn--primary" onClick={() => setAdding(true)}>
            {t('bags.add.open')}
          </button>
        )}
      </div>
      {adding && changing && (
        <AddBag
          api={api}
          student={student}
          types={types}
          onSaved={(answer) => {
            onSaved(answer);
            setAdding(false);
          }}
          onClose={() => setAdding(false)}
        />
      )}
      {editing && changing && (
        <EditBag
          key={editing.id}
          api={api}
          bag={student.bags.find((b) => b.id === editing.id) ?? editing}
          name={nameOf(editing)}
          onSaved={(answer) => {
            onSaved(answer);
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      <DataTable<Bag> label={t('bags.table')} columns={columns} rows={student.bags} rowKey={(b) => b.id} empty={t('bags.empty')} />
    </section>
  );
}

const ADD_FIELDS = ['type_id', 'quantity', 'price', 'purchased_on', 'notes'] as const;

/** A whole number of lessons 1–200, or what is wrong with the text. */
export function parseQuantity(text: string): number | 'required' | 'invalid' {
  if (!text.trim()) return 'required';
  const quantity = parseWhole(text);
  return quantity === null || quantity < 1 || quantity > MAX_QUANTITY ? 'invalid' : quantity;
}

/**
 * "Añadir bono" (`POST hermes/student/bag`): a type of the student's licence, the lessons, the
 * price in euros (empty: the type's price times the lessons), the purchase day (empty: today).
 */
function AddBag({ api, student, types, onSaved, onClose }: { api: PracticesApi; student: StudentDetail; types: PracticeType[]; onSaved(student: StudentDetail): void; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const formId = useId();
  const errors = useFieldErrors(formId, ADD_FIELDS);
  const [draft, setDraft] = useState({ type_id: types.length === 1 ? String(types[0].id) : '', quantity: '', purchased_on: '', notes: '' });
  const [price, setPrice] = useState<{ cents: number | null; text: string }>({ cents: null, text: '' });
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  const ctx: FormContext = { formId, errors, disabled: busy };
  const title = t('bags.add.title');
  const chosen = types.find((x) => String(x.id) === draft.type_id);
  const quantity = parseWhole(draft.quantity);

  async function submit() {
    errors.reset();
    const problems: Record<string, string> = {};
    if (!draft.type_id) problems.type_id = ui('form.required');
    const lessons = parseQuantity(draft.quantity);
    if (lessons === 'required') problems.quantity = ui('form.required');
    if (lessons === 'invalid') problems.quantity = t('bags.form.invalidQuantity', { max: MAX_QUANTITY });
    if (price.cents === null && price.text.trim()) problems.price = t('invalidAmount');
    if (Object.keys(problems).length || typeof lessons === 'string') return errors.setErrors(problems);
    const body: NewBag = { student_id: student.id, type_id: Number(draft.type_id), quantity: lessons };
    if (price.cents !== null) body.price = price.cents;
    if (draft.purchased_on) body.purchased_on = draft.purchased_on;
    if (draft.notes.trim()) body.notes = draft.notes.trim();
    setBusy(true);
    try {
      onSaved(await api.bags.add(body));
      toast.success(t('bags.add.done', { count: lessons }));
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="vk-form practices-panel"
      aria-label={title}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="practices-form__heading">{title}</h3>
      <FormMessages errors={errors.errors} general={errors.general} testId="add-bag-errors" />
      {types.length === 0 && (
        <p className="muted" data-testid="no-types">
          {t('lessons.book.noTypes', { licence: student.licence })}
        </p>
      )}
      <div className="vk-form__grid">
        <SelectField
          ctx={ctx}
          field="type_id"
          label={t('bags.fields.type_id')}
          value={draft.type_id}
          onChange={(type_id) => set({ type_id })}
          required
          empty={ui('form.choose')}
          options={types.map((x) => ({ value: String(x.id), label: t('typeOptionPrice', { name: x.name, minutes: x.minutes, price: formatEuros(x.price) }) }))}
        />
        <InputField ctx={ctx} field="quantity" label={t('bags.fields.quantity')} value={draft.quantity} inputMode="numeric" required onChange={(q) => set({ quantity: q })} />
        <Field
          form={formId}
          field="price"
          label={t('bags.fields.price')}
          error={errors.errors.price}
          hint={chosen && quantity ? t('bags.form.priceHintAmount', { amount: formatEuros(chosen.price * quantity) }) : t('bags.form.priceHint')}
        >
          <MoneyInput {...errors.control('price')} value={price.cents} disabled={busy} onChange={(cents, text) => setPrice({ cents, text })} />
        </Field>
        <InputField ctx={ctx} field="purchased_on" type="date" label={t('bags.fields.purchased_on')} value={draft.purchased_on} hint={t('form.todayHint')} onChange={(purchased_on) => set({ purchased_on })} />
        <InputField ctx={ctx} field="notes" label={t('bags.fields.notes')} value={draft.notes} maxLength={2000} onChange={(notes) => set({ notes })} />
      </div>
      <SubmitActions busy={busy} label={t('bags.add.submit')}>
        <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
          {t('cancel')}
        </button>
      </SubmitActions>
    </form>
  );
}

const EDIT_FIELDS = ['quantity', 'price', 'notes'] as const;

/** A pack's lessons (not below those used), price and notes (`bag/update` with what changed). */
function EditBag({ api, bag, name, onSaved, onClose }: { api: PracticesApi; bag: Bag; name: string; onSaved(student: StudentDetail): void; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const formId = useId();
  const errors = useFieldErrors(formId, EDIT_FIELDS);
  const [draft, setDraft] = useState({ quantity: textOf(bag.quantity), notes: bag.notes });
  const [price, setPrice] = useState<{ cents: number | null; text: string }>({ cents: bag.price, text: '' });
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  const ctx: FormContext = { formId, errors, disabled: busy };
  const title = t('bags.editTitle', { name, date: formatDate(bag.purchased_on) });

  async function submit() {
    errors.reset();
    const problems: Record<string, string> = {};
    const lessons = parseQuantity(draft.quantity);
    if (lessons === 'required') problems.quantity = ui('form.required');
    else if (lessons === 'invalid') problems.quantity = t('bags.form.invalidQuantity', { max: MAX_QUANTITY });
    else if (lessons < bag.used) problems.quantity = t('bags.form.belowUsed', { count: bag.used });
    if (price.cents === null) problems.price = price.text.trim() ? t('invalidAmount') : ui('form.required');
    if (Object.keys(problems).length || typeof lessons === 'string' || price.cents === null) return errors.setErrors(problems);
    const body: BagUpdate = {};
    if (lessons !== bag.quantity) body.quantity = lessons;
    if (price.cents !== bag.price) body.price = price.cents;
    if (draft.notes.trim() !== bag.notes) body.notes = draft.notes.trim();
    if (Object.keys(body).length === 0) {
      toast.info(t('noChanges'));
      return;
    }
    setBusy(true);
    try {
      onSaved(await api.bags.update(bag.id, body));
      toast.success(t('bags.saved'));
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="vk-form practices-panel"
      aria-label={title}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="practices-form__heading">{title}</h3>
      <FormMessages errors={errors.errors} general={errors.general} testId="edit-bag-errors" />
      <div className="vk-form__grid">
        <InputField
          ctx={ctx}
          field="quantity"
          label={t('bags.fields.quantity')}
          value={draft.quantity}
          inputMode="numeric"
          required
          hint={t('bags.form.usedHint', { count: bag.used })}
          onChange={(q) => set({ quantity: q })}
        />
        <Field form={formId} field="price" label={t('bags.fields.price')} error={errors.errors.price} required>
          <MoneyInput {...errors.control('price')} value={price.cents} disabled={busy} onChange={(cents, text) => setPrice({ cents, text })} />
        </Field>
        <InputField ctx={ctx} field="notes" label={t('bags.fields.notes')} value={draft.notes} maxLength={2000} onChange={(notes) => set({ notes })} />
      </div>
      <SubmitActions busy={busy} label={t('save')}>
        <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
          {t('cancel')}
        </button>
      </SubmitActions>
    </form>
  );
}
