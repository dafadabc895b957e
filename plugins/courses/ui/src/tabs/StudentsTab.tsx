import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, ErrorList, SearchInput, errorList, useConfirm, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { FoundContact, Student } from '../api';
import { formatHours } from '../format';
import type { TabProps } from './types';
import type { CourseInformation } from '../components/CourseInformation';

/** A student's name, or "Contacto n.º 7" when the contacts service is off. */
export function useStudentName() {
  const { t } = useTranslation(NAMESPACE);
  return (s: Pick<Student, 'contact_id' | 'name'>) => s.name || t('students.contactId', { id: s.contact_id });
}

/**
 * "Alumnos": the enrolled students (name, DNI, e-mail, phone, attended hours of the course's)
 * with "Quitar" (`<prefix>contact/student/remove`, confirmed: their attendance goes too), and
 * the finder to enrol contacts (`GET contact/finder`, then `<prefix>contact/student/add` with
 * the chosen ones; the host's refusal, e.g. the maximum of students, shown above it). With
 * `information` (training courses, the user can write), a student with an e-mail has "Enviar
 * información" too (`course/send/information` with the `contact_id`).
 */
export function StudentsTab({ api, course, readOnly, onSaved, information }: TabProps & { information?: CourseInformation }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const nameOf = useStudentName();

  async function remove(student: Student) {
    const ok = await confirm({
      title: t('students.removeTitle'),
      message: t('students.removeQuestion', { name: nameOf(student) }),
      confirmLabel: t('students.remove'),
      tone: 'danger',
    });
    if (!ok) return;
    try {
      onSaved(await api.students.remove(course.id, [student.contact_id]), { redraw: false });
      toast.success(t('students.removed', { name: nameOf(student) }));
    } catch (failure) {
      toast.error(errorList(failure)[0]?.details || t('actionError'));
    }
  }

  const columns: Column<Student>[] = [
    { key: 'name', header: t('students.columns.name'), render: (s) => <span data-testid="student-name">{nameOf(s)}</span> },
    { key: 'fiscal_code', header: t('students.columns.fiscal_code'), className: 'courses-nowrap', render: (s) => s.fiscal_code ?? '' },
    { key: 'email', header: t('students.columns.email'), render: (s) => s.email ?? '' },
    { key: 'phone', header: t('students.columns.phone'), className: 'courses-nowrap', render: (s) => s.phone ?? '' },
    {
      key: 'attended',
      header: t('students.columns.attended'),
      className: 'courses-num',
      render: (s) => t('hoursOf', { done: formatHours(s.attended_hours), total: formatHours(course.hours) }),
    },
  ];
  if (!readOnly) {
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (s) => (
        <>
          {information && s.email?.trim() && (
            <>
              <button
                type="button"
                className="vk-btn vk-btn--light"
                aria-label={t('students.informNamed', { name: nameOf(s) })}
                disabled={information.busy}
                onClick={() => void information.sendTo(s)}
              >
                {t('students.inform')}
              </button>{' '}
            </>
          )}
          <button type="button" className="vk-btn vk-btn--light" aria-label={t('students.removeNamed', { name: nameOf(s) })} onClick={() => void remove(s)}>
            {t('students.remove')}
          </button>
        </>
      ),
    });
  }

  return (
    <div className="courses-stack">
      <p className="muted" data-testid="students-places">
        {t('students.places', { enrolled: course.enrolled, max: course.max_students })}
      </p>
      <DataTable<Student> label={t('students.table')} columns={columns} rows={course.students} rowKey={(s) => s.contact_id} empty={t('students.empty')} />
      {!readOnly && <StudentFinder {...{ api, course, readOnly, onSaved }} />}
    </div>
  );
}

/** Search contacts, tick them (across searches) and enrol the chosen ones at once. */
function StudentFinder({ api, course, onSaved }: TabProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const [results, setResults] = useState<FoundContact[] | null>(null);
  const [findFailed, setFindFailed] = useState<string | null>(null);
  const [chosen, setChosen] = useState<FoundContact[]>([]);
  const [failures, setFailures] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // only the latest search's answer is shown
  const asked = useRef(0);
  const enrolled = new Set(course.students.map((s) => s.contact_id));

  async function search(text: string) {
    const mine = ++asked.current;
    setFindFailed(null);
    if (!text) {
      setResults(null);
      return;
    }
    try {
      const found = await api.contacts.find(text);
      if (mine === asked.current) setResults(found);
    } catch (failure) {
      if (mine !== asked.current) return;
      setResults(null);
      setFindFailed(errorList(failure)[0]?.details || t('students.findError'));
    }
  }

  const toggle = (contact: FoundContact, on: boolean) => setChosen((list) => (on ? [...list, contact] : list.filter((c) => c.id !== contact.id)));

  async function enrol() {
    setFailures([]);
    setBusy(true);
    try {
      const answer = await api.students.add(course.id, chosen.map((c) => c.id));
      onSaved(answer, { redraw: false });
      toast.success(t('students.added', { count: chosen.length }));
      setChosen([]);
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="courses-panel" aria-labelledby="courses-add-students" data-testid="student-finder">
      <h3 id="courses-add-students" className="courses-form__heading">
        {t('students.add')}
      </h3>
      <ErrorList messages={failures} testId="students-add-errors" />
      <SearchInput onSearch={(text) => void search(text)} placeholder={t('students.search')} />
      {findFailed && (
        <p className="vk-error" role="alert">
          {findFailed}
        </p>
      )}
      {results && results.length === 0 && <p className="muted">{t('students.noneFound')}</p>}
      {results && results.length > 0 && (
        <ul className="courses-results" aria-label={t('students.results')}>
          {results.map((c) => {
            const already = enrolled.has(c.id);
            return (
              <li key={c.id}>
                <label className="vk-check">
                  <input type="checkbox" checked={already || chosen.some((x) => x.id === c.id)} disabled={already || busy} onChange={(ev) => toggle(c, ev.target.checked)} />
                  <span>
                    {c.display_name}
                    {c.fiscal_code && <span className="muted"> · {c.fiscal_code}</span>}
                    {already && <span className="muted"> · {t('students.already')}</span>}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {chosen.length > 0 && (
        <p className="courses-chosen" data-testid="students-chosen">
          {t('students.chosen')}{' '}
          {chosen.map((c) => (
            <button key={c.id} type="button" className="vk-badge courses-chip" aria-label={t('students.unchoose', { name: c.display_name })} disabled={busy} onClick={() => toggle(c, false)}>
              {c.display_name} ×
            </button>
          ))}
        </p>
      )}
      <div className="vk-form__actions">
        <button type="button" className="vk-btn vk-btn--primary" disabled={busy || chosen.length === 0} onClick={() => void enrol()}>
          {chosen.length ? t('students.enrol', { count: chosen.length }) : t('students.enrolNone')}
        </button>
      </div>
    </section>
  );
}
