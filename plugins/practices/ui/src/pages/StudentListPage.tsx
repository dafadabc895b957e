import { useCallback, useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  FieldErrorMessage,
  FilterSelect,
  FilteredList,
  FormMessages,
  SearchPicker,
  UI_NAMESPACE,
  useApi,
  useFieldErrors,
  usePageLayout,
  useToast,
  type Column,
  type ListQuery,
} from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { practicesApi, type FoundContact, type NewStudent, type PracticesApi, type StudentItem, type Teacher } from '../api';
import { LICENCES } from '../lists';
import { studentViewPath } from '../paths';
import { teacherOptions, useTeachers } from '../useStaff';
import { NotesField, SelectField, SubmitActions, type FormContext } from '@volante/plugin-ui';

interface Filters {
  licence: string;
  teacher_user_id: string;
}

/**
 * `/practices/students` — the students of practical lessons (`GET hermes/student/read`): search,
 * licence and teacher; name, licence, teacher and the lessons left in their packs. "Nuevo alumno"
 * makes one from a contact (`hermes/student/create`) and opens them.
 */
export default function StudentListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => practicesApi(client), [client]);
  const [filters, setFilters] = useState<Filters>({ licence: '', teacher_user_id: '' });
  const [creating, setCreating] = useState(false);
  const { teachers } = useTeachers(api);
  const title = t('students.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  const load = useCallback((q: ListQuery) => api.students.list({ search: q.search, page: q.page, per_page: q.perPage, ...filters }), [api, filters]);
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));

  const columns: Column<StudentItem>[] = [
    {
      key: 'name',
      header: t('students.columns.name'),
      render: (s) => (
        <>
          <Link to={studentViewPath(s.id)} data-testid="student-name">
            {s.name}
          </Link>
          {s.state === 'deleted' && (
            <>
              {' '}
              <span className="vk-badge vk-badge--danger">{t('students.deleted')}</span>
            </>
          )}
        </>
      ),
    },
    { key: 'licence', header: t('students.columns.licence'), className: 'practices-nowrap' },
    { key: 'teacher', header: t('students.columns.teacher'), render: (s) => s.teacher_name ?? t('none') },
    { key: 'remaining', header: t('students.columns.remaining'), className: 'practices-num', render: (s) => <span data-testid="student-remaining">{s.remaining}</span> },
  ];

  return (
    <div className="practices-page" data-testid="student-list">
      {creating && <NewStudentPanel api={api} teachers={teachers} onClose={() => setCreating(false)} />}
      <FilteredList<StudentItem>
        label={title}
        columns={columns}
        rowKey={(s) => s.id}
        load={load}
        filtersKey={JSON.stringify(filters)}
        searchPlaceholder={t('students.search')}
        empty={t('students.empty')}
        filters={
          <>
            <FilterSelect
              label={t('filters.licence')}
              value={filters.licence}
              options={[{ value: '', label: t('filters.allLicences') }, ...LICENCES.map((l) => ({ value: l, label: l }))]}
              onChange={(licence) => set({ licence })}
            />
            {teachers && teachers.length > 0 && (
              <FilterSelect
                label={t('filters.teacher')}
                value={filters.teacher_user_id}
                options={[{ value: '', label: t('filters.allTeachers') }, ...teacherOptions(teachers)]}
                onChange={(teacher_user_id) => set({ teacher_user_id })}
              />
            )}
          </>
        }
        actions={
          !creating && (
            <button type="button" className="vk-btn vk-btn--primary" onClick={() => setCreating(true)}>
              {t('students.new')}
            </button>
          )
        }
      />
    </div>
  );
}

export const NEW_STUDENT_FIELDS = ['contact_id', 'licence', 'teacher_user_id', 'notes'] as const;

/** "Nuevo alumno": a contact from the finder, the licence they train for and their usual teacher. */
function NewStudentPanel({ api, teachers, onClose }: { api: PracticesApi; teachers: Teacher[] | null; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const navigate = useNavigate();
  const toast = useToast();
  const formId = useId();
  const errors = useFieldErrors(formId, NEW_STUDENT_FIELDS);
  const [contact, setContact] = useState<FoundContact | null>(null);
  const [draft, setDraft] = useState({ licence: '', teacher_user_id: '', notes: '' });
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  const ctx: FormContext = { formId, errors, disabled: busy };
  const title = t('students.create.title');

  async function submit() {
    errors.reset();
    if (!contact) return errors.setErrors({ contact_id: t('students.create.chooseFirst') });
    if (!draft.licence) return errors.setErrors({ licence: ui('form.required') });
    const body: NewStudent = { contact_id: contact.id, licence: draft.licence };
    if (draft.teacher_user_id) body.teacher_user_id = Number(draft.teacher_user_id);
    if (draft.notes.trim()) body.notes = draft.notes.trim();
    setBusy(true);
    try {
      const created = await api.students.create(body);
      toast.success(t('students.create.created', { name: created.name, licence: created.licence }));
      navigate(studentViewPath(created.id));
    } catch (failure) {
      errors.fail(failure, t('actionError'));
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby={`${formId}-title`} data-testid="student-create">
      <h2 id={`${formId}-title`} className="card__title">
        {title}
      </h2>
      <form
        className="vk-form practices-form"
        aria-label={title}
        aria-busy={busy}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormMessages errors={errors.errors} general={errors.general} testId="student-errors" />
        {contact ? (
          <p className="practices-chosen" data-testid="student-contact">
            {t('students.create.chosen', { name: contact.display_name })}{' '}
            <button type="button" className="vk-btn vk-btn--light" disabled={busy} onClick={() => setContact(null)}>
              {t('students.create.change')}
            </button>
          </p>
        ) : (
          <SearchPicker<FoundContact>
            find={api.contacts.find}
            itemKey={(c) => c.id}
            itemLabel={(c) => c.display_name}
            itemDetail={(c) => c.fiscal_code}
            onChoose={setContact}
            disabled={busy}
            placeholder={t('finder.search')}
            testId="contact-finder"
            texts={{ results: t('finder.results'), none: t('finder.none'), chooseNamed: (name) => t('finder.chooseNamed', { name }) }}
          />
        )}
        <FieldErrorMessage form={formId} field="contact_id" error={errors.errors.contact_id} />
        <div className="vk-form__grid">
          <SelectField
            ctx={ctx}
            field="licence"
            label={t('students.fields.licence')}
            value={draft.licence}
            onChange={(licence) => set({ licence })}
            required
            empty={ui('form.choose')}
            options={LICENCES.map((l) => ({ value: l, label: l }))}
          />
          <SelectField
            ctx={ctx}
            field="teacher_user_id"
            label={t('students.fields.teacher_user_id')}
            value={draft.teacher_user_id}
            onChange={(teacher_user_id) => set({ teacher_user_id })}
            empty={t('noTeacher')}
            options={teacherOptions(teachers)}
          />
        </div>
        <NotesField ctx={ctx} field="notes" maxLength={2000} label={t('students.fields.notes')} value={draft.notes} onChange={(notes) => set({ notes })} />
        <SubmitActions busy={busy} label={t('students.create.submit')}>
          <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
            {t('cancel')}
          </button>
        </SubmitActions>
      </form>
    </section>
  );
}
