import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, Field, FormMessages, PageState, SubmitActions, UI_NAMESPACE, errorList, useConfirm, useFieldErrors, useProvinceOptions, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { CoursesApi, NewPlace, NewTeacher, Place, Teacher, TeacherRole } from '../api';
import { TEACHER_ROLES } from '../lists';
import { parseWhole } from '../format';
import { useLoad } from '@volante/plugin-ui';

/**
 * "Lugares y docentes": the business's places (`sesion/lugares`) and teachers
 * (`sesion/docentes`), shared by the three kinds of course: list, create and delete (confirmed;
 * the host refuses while a session still to come uses them).
 */
export function CataloguesTab({ api }: { api: CoursesApi }) {
  return (
    <div className="courses-stack">
      <PlacesSection api={api} />
      <TeachersSection api={api} />
    </div>
  );
}

/** Ask before deleting one entry of a catalogue, then delete it; true when deleted. */
function useDelete() {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  return async (question: string, remove: () => Promise<unknown>, done: string): Promise<boolean> => {
    const ok = await confirm({ title: t('catalogues.deleteTitle'), message: question, confirmLabel: t('catalogues.delete'), tone: 'danger' });
    if (!ok) return false;
    try {
      await remove();
      toast.success(done);
      return true;
    } catch (failure) {
      toast.error(errorList(failure)[0]?.details || t('actionError'));
      return false;
    }
  };
}

function PlacesSection({ api }: { api: CoursesApi }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const places = useLoad(api.places.list);
  const remove = useDelete();
  const columns: Column<Place>[] = [
    { key: 'name', header: t('places.columns.name'), render: (p) => <span data-testid="place-name">{p.name}</span> },
    { key: 'address', header: t('places.columns.address') },
    { key: 'city', header: t('places.columns.city') },
    { key: 'province', header: t('places.columns.province'), render: (p) => (p.province_id ? ui(`provinces.${p.province_id}`) : '') },
    { key: 'capacity', header: t('places.columns.capacity'), className: 'courses-num', render: (p) => (p.capacity === null ? '' : String(p.capacity)) },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (p) => (
        <button
          type="button"
          className="vk-btn vk-btn--light"
          aria-label={t('places.deleteNamed', { name: p.name })}
          onClick={() => void remove(t('places.deleteQuestion', { name: p.name }), () => api.places.remove(p.id), t('places.deleted', { name: p.name })).then((done) => done && places.reload())}
        >
          {t('catalogues.delete')}
        </button>
      ),
    },
  ];
  return (
    <section className="courses-section" aria-labelledby="courses-places-title">
      <h3 id="courses-places-title" className="courses-form__heading">
        {t('places.title')}
      </h3>
      {places.data ? (
        <DataTable<Place> label={t('places.title')} columns={columns} rows={places.data} rowKey={(p) => p.id} empty={t('places.empty')} />
      ) : (
        <PageState error={places.failed} onRetry={places.reload} />
      )}
      <PlaceForm api={api} onCreated={places.reload} />
    </section>
  );
}

const PLACE_FIELDS = ['name', 'address', 'city', 'province_id', 'capacity'] as const;

function PlaceForm({ api, onCreated }: { api: CoursesApi; onCreated(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const provinces = useProvinceOptions();
  const formId = useId();
  const errors = useFieldErrors(formId, PLACE_FIELDS);
  const empty = { name: '', address: '', city: '', province_id: '', capacity: '' };
  const [draft, setDraft] = useState(empty);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof empty>) => setDraft((d) => ({ ...d, ...patch }));
  const e = errors.errors;
  const c = errors.control;

  async function submit() {
    errors.reset();
    if (!draft.name.trim()) return errors.setErrors({ name: ui('form.required') });
    const capacity = draft.capacity.trim() ? parseWhole(draft.capacity) : null;
    if (draft.capacity.trim() && capacity === null) return errors.setErrors({ capacity: ui('form.integer') });
    const body: NewPlace = {
      name: draft.name.trim(),
      address: draft.address.trim(),
      city: draft.city.trim(),
      province_id: draft.province_id ? Number(draft.province_id) : null,
      capacity,
    };
    setBusy(true);
    try {
      const place = await api.places.create(body);
      toast.success(t('places.created', { name: place.name }));
      setDraft(empty);
      onCreated();
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="vk-form courses-panel"
      aria-label={t('places.new')}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={e} general={errors.general} testId="place-errors" />
      <div className="vk-form__grid">
        <Field form={formId} field="name" label={t('places.fields.name')} error={e.name} required>
          <input className="vk-input" {...c('name')} value={draft.name} maxLength={200} autoComplete="off" disabled={busy} onChange={(ev) => set({ name: ev.target.value })} />
        </Field>
        <Field form={formId} field="address" label={t('places.fields.address')} error={e.address}>
          <input className="vk-input" {...c('address')} value={draft.address} maxLength={200} autoComplete="off" disabled={busy} onChange={(ev) => set({ address: ev.target.value })} />
        </Field>
        <Field form={formId} field="city" label={t('places.fields.city')} error={e.city}>
          <input className="vk-input" {...c('city')} value={draft.city} maxLength={100} autoComplete="off" disabled={busy} onChange={(ev) => set({ city: ev.target.value })} />
        </Field>
        <Field form={formId} field="province_id" label={t('places.fields.province_id')} error={e.province_id}>
          <select className="vk-input" {...c('province_id')} value={draft.province_id} disabled={busy} onChange={(ev) => set({ province_id: ev.target.value })}>
            <option value="">{ui('form.choose')}</option>
            {provinces.map((p) => (
              <option key={p.value} value={String(p.value)}>
                {p.label}
              </option>
            ))}
          </select>
        </Field>
        <Field form={formId} field="capacity" label={t('places.fields.capacity')} error={e.capacity}>
          <input className="vk-input" {...c('capacity')} value={draft.capacity} inputMode="numeric" autoComplete="off" disabled={busy} onChange={(ev) => set({ capacity: ev.target.value })} />
        </Field>
      </div>
      <SubmitActions busy={busy} label={t('places.create')} />
    </form>
  );
}

function TeachersSection({ api }: { api: CoursesApi }) {
  const { t } = useTranslation(NAMESPACE);
  const teachers = useLoad(api.teachers.list);
  const remove = useDelete();
  const columns: Column<Teacher>[] = [
    { key: 'name', header: t('teachers.columns.name'), render: (d) => <span data-testid="teacher-name">{d.name}</span> },
    { key: 'fiscal_code', header: t('teachers.columns.fiscal_code'), className: 'courses-nowrap' },
    { key: 'role', header: t('teachers.columns.role'), render: (d) => t(`teacherRole.${d.role}`) },
    { key: 'qualification', header: t('teachers.columns.qualification') },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (d) => (
        <button
          type="button"
          className="vk-btn vk-btn--light"
          aria-label={t('teachers.deleteNamed', { name: d.name })}
          onClick={() => void remove(t('teachers.deleteQuestion', { name: d.name }), () => api.teachers.remove(d.id), t('teachers.deleted', { name: d.name })).then((done) => done && teachers.reload())}
        >
          {t('catalogues.delete')}
        </button>
      ),
    },
  ];
  return (
    <section className="courses-section" aria-labelledby="courses-teachers-title">
      <h3 id="courses-teachers-title" className="courses-form__heading">
        {t('teachers.title')}
      </h3>
      {teachers.data ? (
        <DataTable<Teacher> label={t('teachers.title')} columns={columns} rows={teachers.data} rowKey={(d) => d.id} empty={t('teachers.empty')} />
      ) : (
        <PageState error={teachers.failed} onRetry={teachers.reload} />
      )}
      <TeacherForm api={api} onCreated={teachers.reload} />
    </section>
  );
}

const TEACHER_FIELDS = ['first_name', 'last_name', 'fiscal_code', 'role', 'qualification'] as const;

function TeacherForm({ api, onCreated }: { api: CoursesApi; onCreated(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const formId = useId();
  const errors = useFieldErrors(formId, TEACHER_FIELDS);
  const empty: NewTeacher = { first_name: '', last_name: '', fiscal_code: '', role: 'trainer', qualification: '' };
  const [draft, setDraft] = useState<NewTeacher>(empty);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<NewTeacher>) => setDraft((d) => ({ ...d, ...patch }));
  const e = errors.errors;
  const c = errors.control;

  async function submit() {
    errors.reset();
    if (!draft.first_name.trim()) return errors.setErrors({ first_name: ui('form.required') });
    const body: NewTeacher = {
      first_name: draft.first_name.trim(),
      last_name: draft.last_name.trim(),
      fiscal_code: draft.fiscal_code.trim().toUpperCase(),
      role: draft.role,
      qualification: draft.qualification.trim(),
    };
    setBusy(true);
    try {
      const teacher = await api.teachers.create(body);
      toast.success(t('teachers.created', { name: teacher.name }));
      setDraft(empty);
      onCreated();
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  const text = (field: 'first_name' | 'last_name' | 'fiscal_code' | 'qualification', max: number, required = false) => (
    <Field form={formId} field={field} label={t(`teachers.fields.${field}`)} error={e[field]} required={required}>
      <input className="vk-input" {...c(field)} value={draft[field]} maxLength={max} autoComplete="off" disabled={busy} onChange={(ev) => set({ [field]: ev.target.value })} />
    </Field>
  );
  return (
    <form
      className="vk-form courses-panel"
      aria-label={t('teachers.new')}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={e} general={errors.general} testId="teacher-errors" />
      <div className="vk-form__grid">
        {text('first_name', 100, true)}
        {text('last_name', 150)}
        {text('fiscal_code', 12)}
        <Field form={formId} field="role" label={t('teachers.fields.role')} error={e.role}>
          <select className="vk-input" {...c('role')} value={draft.role} disabled={busy} onChange={(ev) => set({ role: ev.target.value as TeacherRole })}>
            {TEACHER_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`teacherRole.${r}`)}
              </option>
            ))}
          </select>
        </Field>
        {text('qualification', 200)}
      </div>
      <SubmitActions busy={busy} label={t('teachers.create')} />
    </form>
  );
}
