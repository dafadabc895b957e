import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DeletedBadge, ErrorList, changedFields, useConfirm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { NewStudentFields, RecordState, Student, ValkiriaApi } from '../api';
import { messagesOf, personName } from '../format';
import { STUDENTS_PATH } from '../paths';
import { PinNotice } from './PinNotice';
import { StudentForm, studentDraft } from './StudentForm';

/**
 * What the head takes from a `student/update` answer: the personal fields and the state (the
 * enrolments and figures the page reads itself). What the answer lacks comes from `sent`.
 */
function personalOf(saved: Partial<Student> | null | undefined, sent: Partial<Student>): Partial<Student> {
  const patch: Record<string, unknown> = {};
  for (const key of ['dni', 'first_name', 'last_name', 'email', 'phone', 'state'] as const) {
    const value = saved?.[key] ?? sent[key];
    if (value !== undefined && value !== null) patch[key] = value;
  }
  return patch as Partial<Student>;
}

/**
 * A student's head: name, DNI, e-mail and phone; "Nuevo PIN" (asked first; the PIN shown once),
 * "Enviar credenciales" (asked first: a new PIN mailed with the DNI; a student without e-mail is
 * refused, shown here) and the two-factor switch (`twofactor`: a test then needs the PIN).
 * "Editar datos" opens the personal fields' form (`student/update` with only what changed; the
 * host's field errors under their fields). The state: "Dar de baja" (`inactive`: no tests
 * meanwhile) or "Reactivar" (`active`, also a deleted one back), "Eliminar" (asked first); an
 * inactive or deleted student wears a badge. `onChanged` gets what a write answered about the
 * student.
 */
export function StudentHead({ api, student, onChanged }: { api: ValkiriaApi; student: Student; onChanged(patch: Partial<Student>): void }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [pin, setPin] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const [editing, setEditing] = useState(false);
  const name = personName(student);
  const state = student.state ?? 'active';
  // the host refuses every write on a deleted student but bringing it back
  const locked = busy || state === 'deleted';

  async function run(work: () => Promise<void>) {
    setFailures([]);
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      setFailures(messagesOf(failure));
    } finally {
      setBusy(false);
    }
  }

  async function newPin() {
    const ok = await confirm({ title: t('pin.new.title'), message: t('pin.new.question', { name }), confirmLabel: t('pin.new.action') });
    if (!ok) return;
    await run(async () => {
      const answer = await api.students.newPin(student.id);
      setPin(answer.pin);
      onChanged({ has_pin: true });
    });
  }

  async function sendCredentials() {
    const ok = await confirm({ title: t('credentials.title'), message: t('credentials.question', { name, email: student.email || t('none') }), confirmLabel: t('credentials.action') });
    if (!ok) return;
    await run(async () => {
      const answer = await api.students.sendCredentials(student.id);
      toast.success(t('credentials.sent', { email: answer.sent_to }));
      onChanged({ has_pin: true });
    });
  }

  const twoFactor = (enabled: boolean) =>
    run(async () => {
      const answer = await api.students.twoFactor(student.id, enabled);
      toast.success(t(enabled ? 'twoFactor.on' : 'twoFactor.off', { name }));
      // only the flag: the rest of the answer would hide what the page reads later
      onChanged({ two_factor: answer?.two_factor ?? enabled });
    });

  async function save(body: NewStudentFields) {
    const changes = changedFields(body, studentDraft(student));
    if (Object.keys(changes).length === 0) {
      toast.info(t('noChanges'));
      setEditing(false);
      return;
    }
    const saved = await api.students.update(student.id, changes);
    const patch = personalOf(saved, changes);
    onChanged(patch);
    toast.success(t('student.edit.saved', { name: personName({ ...student, ...patch }) }));
    setEditing(false);
  }

  async function changeState(next: RecordState) {
    if (next === 'deleted') {
      const ok = await confirm({ title: t('student.delete.title'), message: t('student.delete.question', { name }), confirmLabel: t('delete'), tone: 'danger' });
      if (!ok) return;
    }
    await run(async () => {
      const saved = await api.students.update(student.id, { state: next });
      onChanged({ state: saved?.state ?? next });
      if (next === 'deleted') setEditing(false);
      const done: Record<RecordState, string> = {
        active: t('student.activate.done', { name }),
        inactive: t('student.deactivate.done', { name }),
        deleted: t('student.delete.done', { name }),
      };
      toast.success(done[next]);
    });
  }

  return (
    <section className="card valkiria-head" data-testid="student-head">
      <div>
        <h2 className="valkiria-head__title" data-testid="student-title">
          {name}
        </h2>
        <dl className="valkiria-facts">
          <dt>{t('fields.dni')}</dt>
          <dd data-testid="student-dni">{student.dni}</dd>
          <dt>{t('fields.email')}</dt>
          <dd data-testid="student-email">{student.email || t('none')}</dd>
          <dt>{t('fields.phone')}</dt>
          <dd data-testid="student-phone">{student.phone || t('none')}</dd>
          <dt>{t('pin.label')}</dt>
          <dd data-testid="student-has-pin">{t(student.has_pin === false ? 'pin.none' : 'pin.set')}</dd>
        </dl>
        {(state === 'inactive' || state === 'deleted') && (
          <span className="valkiria-inline" data-testid="student-state" data-state={state}>
            {state === 'deleted' ? <DeletedBadge /> : <span className="vk-badge vk-badge--warning">{t('states.inactive')}</span>}
          </span>
        )}
      </div>
      <div className="valkiria-head__side">
        <div className="valkiria-actions">
          <Link className="vk-btn vk-btn--light" to={STUDENTS_PATH} data-testid="student-back">
            {t('students.back')}
          </Link>
          <button type="button" className="vk-btn vk-btn--outline" disabled={locked} data-testid="student-new-pin" onClick={() => void newPin()}>
            {t('pin.new.action')}
          </button>
          <button type="button" className="vk-btn vk-btn--outline" disabled={locked} data-testid="student-send-credentials" onClick={() => void sendCredentials()}>
            {t('credentials.action')}
          </button>
        </div>
        <div className="valkiria-actions">
          {state !== 'deleted' && (
            <button type="button" className="vk-btn vk-btn--outline" disabled={busy} aria-expanded={editing} data-testid="student-edit" onClick={() => setEditing((open) => !open)}>
              {t('student.edit.action')}
            </button>
          )}
          {state === 'active' ? (
            <button type="button" className="vk-btn vk-btn--light" disabled={busy} data-testid="student-deactivate" onClick={() => void changeState('inactive')}>
              {t('student.deactivate.action')}
            </button>
          ) : (
            <button type="button" className="vk-btn vk-btn--light" disabled={busy} data-testid="student-activate" onClick={() => void changeState('active')}>
              {t('student.activate.action')}
            </button>
          )}
          {state !== 'deleted' && (
            <button type="button" className="vk-btn vk-btn--danger" disabled={busy} data-testid="student-delete" onClick={() => void changeState('deleted')}>
              {t('delete')}
            </button>
          )}
        </div>
        <label className="vk-check valkiria-switch">
          <input type="checkbox" checked={student.two_factor === true} disabled={locked} data-testid="student-two-factor" onChange={(ev) => void twoFactor(ev.target.checked)} />
          {t('twoFactor.label')}
        </label>
      </div>
      <ErrorList messages={failures} testId="student-action-errors" />
      {editing && state !== 'deleted' && (
        <div className="valkiria-sub valkiria-head__form">
          <h3 className="valkiria-subtitle">{t('student.edit.title')}</h3>
          <StudentForm
            student={student}
            label={t('student.edit.title')}
            submitLabel={t('save')}
            testId="student-edit-form"
            onSubmit={save}
            extra={
              <button type="button" className="vk-btn vk-btn--light" data-testid="student-edit-cancel" onClick={() => setEditing(false)}>
                {t('cancel')}
              </button>
            }
          />
        </div>
      )}
      {pin && <PinNotice pin={pin} name={name} dni={student.dni} onDismiss={() => setPin(null)} />}
    </section>
  );
}
