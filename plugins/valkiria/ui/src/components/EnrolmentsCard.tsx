import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, ErrorList, formatDate, useConfirm, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Enrolment, Student, ValkiriaApi } from '../api';
import { messagesOf, personName } from '../format';
import { DaysLeft } from './Badges';
import { EnrolForm } from './EnrolForm';
import { RenewForm } from './RenewForm';
import { RepetitionsForm } from './RepetitionsForm';

/**
 * A student's enrolments (`studentsdni`): licence, last day, the days left ("Caducada" once
 * past), the repetitions of each test ("Sin límite" or how many), "Renovar", which opens the
 * renewal under the table (`newexpire` by months or to a date), "Repeticiones", which opens the
 * limit's form there (`enrolment/update {id, repetitions}`, empty: no limit), and "Eliminar"
 * (asked first; `enrolment/update {id, state: 'deleted'}`; a refusal shown above the table).
 * Under them, "Matricular en otro permiso" (the licences not taken yet). `onChanged` is told
 * after each write: the enrolments are read again.
 */
export function EnrolmentsCard({ api, student, onChanged }: { api: ValkiriaApi; student: Student; onChanged(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const confirm = useConfirm();
  const [renewing, setRenewing] = useState<Enrolment | null>(null);
  const [limiting, setLimiting] = useState<Enrolment | null>(null);
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const enrolments = student.enrolments ?? [];

  async function remove(enrolment: Enrolment) {
    const ok = await confirm({
      title: t('enrolments.delete.title'),
      message: t('enrolments.delete.question', { licence: enrolment.licence, name: personName(student) }),
      confirmLabel: t('delete'),
      tone: 'danger',
    });
    if (!ok) return;
    setFailures([]);
    setBusy(true);
    try {
      await api.students.setEnrolmentState(enrolment.id, 'deleted');
      toast.success(t('enrolments.delete.done', { licence: enrolment.licence }));
      if (renewing?.id === enrolment.id) setRenewing(null);
      if (limiting?.id === enrolment.id) setLimiting(null);
      onChanged();
    } catch (failure) {
      setFailures(messagesOf(failure));
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<Enrolment>[] = [
    { key: 'licence', header: t('columns.licence'), render: (e) => <strong data-testid="enrolment-licence">{e.licence}</strong> },
    { key: 'expires_on', header: t('columns.expiresOn'), className: 'valkiria-nowrap', render: (e) => <span data-testid="enrolment-expires">{formatDate(e.expires_on)}</span> },
    { key: 'days', header: t('columns.daysLeft'), render: (e) => <DaysLeft days={e.days_left} expired={e.expired} /> },
    {
      key: 'repetitions',
      header: t('columns.repetitions'),
      className: 'valkiria-nowrap',
      render: (e) => (
        <span data-testid="enrolment-repetitions" data-repetitions={e.repetitions ?? ''}>
          {e.repetitions === null || e.repetitions === undefined ? t('repetitions.none') : e.repetitions}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (e) => (
        <span className="valkiria-row-actions">
          <button
            type="button"
            className="vk-btn vk-btn--light"
            aria-label={t('renew.named', { licence: e.licence })}
            data-testid="enrolment-renew"
            onClick={() => {
              setLimiting(null);
              setRenewing(e);
            }}
          >
            {t('renew.action')}
          </button>
          <button
            type="button"
            className="vk-btn vk-btn--light"
            aria-label={t('repetitions.named', { licence: e.licence })}
            data-testid="enrolment-repetitions-edit"
            onClick={() => {
              setRenewing(null);
              setLimiting(e);
            }}
          >
            {t('repetitions.action')}
          </button>
          <button type="button" className="vk-btn vk-btn--light" aria-label={t('enrolments.delete.named', { licence: e.licence })} disabled={busy} data-testid="enrolment-delete" onClick={() => void remove(e)}>
            {t('delete')}
          </button>
        </span>
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="valkiria-enrolments-title" data-testid="enrolments">
      <h2 id="valkiria-enrolments-title" className="card__title">
        {t('enrolments.title')}
      </h2>
      <ErrorList messages={failures} testId="enrolments-errors" />
      <DataTable columns={columns} rows={enrolments} rowKey={(e) => e.id} label={t('enrolments.title')} empty={t('enrolments.empty')} />
      {renewing && (
        <div className="valkiria-sub" data-testid="renew">
          <h3 className="valkiria-subtitle">{t('renew.title', { licence: renewing.licence, date: formatDate(renewing.expires_on) })}</h3>
          <RenewForm
            key={renewing.id}
            label={t('renew.named', { licence: renewing.licence })}
            submitLabel={t('renew.action')}
            testId="renew-form"
            onSubmit={async (renewal) => {
              const saved = await api.students.renew(renewing.id, renewal);
              toast.success(t('renew.done', { licence: renewing.licence, date: formatDate(saved.expires_on) }));
              setRenewing(null);
              onChanged();
            }}
            extra={
              <button type="button" className="vk-btn vk-btn--light" data-testid="renew-cancel" onClick={() => setRenewing(null)}>
                {t('cancel')}
              </button>
            }
          />
        </div>
      )}
      {limiting && (
        <div className="valkiria-sub" data-testid="repetitions">
          <h3 className="valkiria-subtitle">{t('repetitions.title', { licence: limiting.licence })}</h3>
          <RepetitionsForm
            key={limiting.id}
            current={limiting.repetitions}
            label={t('repetitions.named', { licence: limiting.licence })}
            submitLabel={t('save')}
            testId="repetitions-form"
            onSubmit={async ({ repetitions }) => {
              if (repetitions === (limiting.repetitions ?? null)) {
                toast.info(t('noChanges'));
                setLimiting(null);
                return;
              }
              await api.students.setRepetitions(limiting.id, repetitions);
              toast.success(
                repetitions === null ? t('repetitions.doneNone', { licence: limiting.licence }) : t('repetitions.done', { licence: limiting.licence, count: repetitions }),
              );
              setLimiting(null);
              onChanged();
            }}
            extra={
              <button type="button" className="vk-btn vk-btn--light" data-testid="repetitions-cancel" onClick={() => setLimiting(null)}>
                {t('cancel')}
              </button>
            }
          />
        </div>
      )}
      <div className="valkiria-sub">
        <h3 className="valkiria-subtitle">{t('enrol.more')}</h3>
        <EnrolForm
          key={enrolments.map((e) => e.licence).join(',')}
          studentId={student.id}
          taken={enrolments.map((e) => e.licence)}
          label={t('enrol.more')}
          submitLabel={t('enrol.submit')}
          testId="enrol-more-form"
          onSubmit={async (body) => {
            await api.students.enrol(body);
            toast.success(t('enrol.added', { licence: body.licence }));
            onChanged();
          }}
        />
      </div>
    </section>
  );
}
