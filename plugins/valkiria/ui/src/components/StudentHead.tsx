import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, useConfirm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Student, ValkiriaApi } from '../api';
import { messagesOf, personName } from '../format';
import { STUDENTS_PATH } from '../paths';
import { PinNotice } from './PinNotice';

/**
 * A student's head: name, DNI, e-mail and phone; "Nuevo PIN" (asked first; the PIN shown once),
 * "Enviar credenciales" (asked first: a new PIN mailed with the DNI; a student without e-mail is
 * refused, shown here) and the two-factor switch (`twofactor`: a test then needs the PIN).
 * `onChanged` gets what a write answered about the student.
 */
export function StudentHead({ api, student, onChanged }: { api: ValkiriaApi; student: Student; onChanged(patch: Partial<Student>): void }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [pin, setPin] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const name = personName(student);

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
        {student.state && student.state !== 'active' && <span className="vk-badge vk-badge--danger">{t(`states.${student.state}`)}</span>}
      </div>
      <div className="valkiria-head__side">
        <div className="valkiria-actions">
          <Link className="vk-btn vk-btn--light" to={STUDENTS_PATH} data-testid="student-back">
            {t('students.back')}
          </Link>
          <button type="button" className="vk-btn vk-btn--outline" disabled={busy} data-testid="student-new-pin" onClick={() => void newPin()}>
            {t('pin.new.action')}
          </button>
          <button type="button" className="vk-btn vk-btn--outline" disabled={busy} data-testid="student-send-credentials" onClick={() => void sendCredentials()}>
            {t('credentials.action')}
          </button>
        </div>
        <label className="vk-check valkiria-switch">
          <input type="checkbox" checked={student.two_factor === true} disabled={busy} data-testid="student-two-factor" onChange={(ev) => void twoFactor(ev.target.checked)} />
          {t('twoFactor.label')}
        </label>
      </div>
      <ErrorList messages={failures} testId="student-action-errors" />
      {pin && <PinNotice pin={pin} name={name} dni={student.dni} onDismiss={() => setPin(null)} />}
    </section>
  );
}
