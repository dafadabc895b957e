import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, ErrorList, SearchPicker, errorList, useApi, useConfirm, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { consultingApi, type Course, type Participant, type Worker } from '../api';
import { FINDER_PER_PAGE } from '../lists';
import { workerName } from '../format';
import { viewPath } from '../paths';

/**
 * A course's participants (its detail's `participants`, in the order given): name (a link to the
 * worker), DNI/NIE, company and "Quitar" (asked first). "Añadir participante" finds workers
 * (`GET consulting/trabajadores/read?search=`, only the course's company's when it has one); one
 * already taking part cannot be chosen again. Both send `update` with the whole new `workers`
 * list; the host's refusal ("… no es de la empresa del curso") is shown above the table. A deleted
 * course changes no more. `onChanged` gets the host's answer: the course with its participants.
 */
export function Participants({ course, onChanged }: { course: Course; onChanged(saved: Course): void }) {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => consultingApi(client), [client]);
  const toast = useToast();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const participants = course.participants ?? [];
  const ids = Array.isArray(course.workers) ? course.workers : participants.map((p) => p.id);
  const readOnly = course.state === 'deleted';

  async function send(workers: number[], done: string) {
    setBusy(true);
    setFailures([]);
    try {
      const saved = await api.cursos.update(course.id, { workers });
      toast.success(done);
      onChanged(saved);
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    } finally {
      setBusy(false);
    }
  }

  async function remove(participant: Participant) {
    const name = workerName(participant);
    const ok = await confirm({ title: t('participants.remove.title'), message: t('participants.remove.question', { name }), confirmLabel: t('participants.remove.action'), tone: 'danger' });
    if (ok) await send(ids.filter((id) => id !== participant.id), t('participants.remove.done', { name }));
  }

  const find = (search: string) =>
    api.trabajadores.list({ search, company_id: course.company_id ?? undefined, page: 1, per_page: FINDER_PER_PAGE }).then((page) => page.items);

  const columns: Column<Participant>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      render: (p) => (
        <Link to={viewPath('trabajadores', p.id)} data-testid="participant-name">
          {workerName(p)}
        </Link>
      ),
    },
    { key: 'dni', header: t('columns.dni'), render: (p) => p.dni || t('none') },
    { key: 'company', header: t('columns.company'), render: (p) => p.company_name || t('none') },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (p) =>
        !readOnly && (
          <button type="button" className="vk-btn vk-btn--light" disabled={busy} aria-label={t('participants.remove.named', { name: workerName(p) })} onClick={() => void remove(p)}>
            {t('participants.remove.action')}
          </button>
        ),
    },
  ];

  return (
    <section className="card consulting-participants" aria-labelledby="consulting-participants-title" data-testid="participants">
      <h2 id="consulting-participants-title" className="card__title">
        {t('participants.title', { count: participants.length })}
      </h2>
      <ErrorList messages={failures} testId="participant-errors" />
      <DataTable columns={columns} rows={participants} rowKey={(p) => p.id} label={t('participants.table')} empty={t('participants.empty')} />
      {!readOnly && (
        <div className="consulting-finder">
          <h3 className="consulting-subtitle">{t('participants.add')}</h3>
          <p className="muted">{course.company_id ? t('participants.onlyCompany', { company: course.company_name || t('none') }) : t('participants.anyCompany')}</p>
          <SearchPicker<Worker>
            label={t('participants.add')}
            testId="participant-finder"
            find={find}
            itemKey={(w) => w.id}
            itemLabel={workerName}
            itemDetail={(w) => [w.dni, w.company_name].filter(Boolean).join(' · ')}
            taken={(w) => ids.includes(w.id)}
            disabled={busy}
            placeholder={t('participants.search')}
            texts={{ none: t('participants.noneFound'), taken: t('participants.taken') }}
            onChoose={(w) => void send([...ids, w.id], t('participants.added', { name: workerName(w) }))}
          />
        </div>
      )}
    </section>
  );
}
