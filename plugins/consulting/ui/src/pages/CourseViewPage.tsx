import { formatDate } from '@volante/plugin-ui';
import { COURSE_STATUSES, MODALITIES } from '../lists';
import { withOption } from '../format';
import { RecordView } from '../components/RecordView';
import { Participants } from '../components/Participants';
import { RecordLink } from '../components/RecordLink';
import { useChoices, useFormParts } from '../components/parts';

/**
 * `/facilauto/consulting/cursos/view/{curso_id}` — a course (0: a new one): "Comunicar el inicio a FUNDAE
 * hasta el …" (`notify_by`), its centre and company, and its participants (added with a finder
 * of workers, of the course's company when it has one, and removed: `update` with the new
 * `workers`).
 */
export default function CourseViewPage() {
  const { t, section, options, other } = useFormParts();
  const companies = useChoices('empresas');
  const centres = useChoices('centros');
  return (
    <RecordView
      kind="cursos"
      name={(c) => c.name}
      sections={(c, group) => [
        section('course', [
          { field: 'name', kind: 'text', required: true, max: 200 },
          { field: 'action_code', kind: 'text', max: 20 },
          { field: 'group_code', kind: 'text', max: 20 },
          { field: 'modality', kind: 'select', options: options(MODALITIES, 'modalities'), initial: 'in_person' },
          { field: 'status', kind: 'select', options: options(COURSE_STATUSES, 'status'), initial: 'draft' },
          { field: 'hours', kind: 'integer', min: 1, max: 2000 },
          { field: 'start_date', kind: 'date' },
          { field: 'end_date', kind: 'date' },
          { field: 'trainer', kind: 'text', max: 200 },
          { field: 'cost', kind: 'money' },
        ]),
        section('parties', [
          { field: 'centre_id', kind: 'select', numeric: true, empty: t('noCentre'), options: withOption(centres.data ?? [], c?.centre_id, c?.centre_name) },
          { field: 'company_id', kind: 'select', numeric: true, empty: t('noCompany'), options: withOption(companies.data ?? [], c?.company_id, c?.company_name), hint: t('hints.company_id') },
        ]),
        other(group),
      ]}
      facts={(c) => (
        <>
          <dt>{t('facts.notifyBy')}</dt>
          <dd data-testid="fact-notify-by">{c.notify_by ? t('notifyBy', { date: formatDate(c.notify_by) }) : t('noStartDate')}</dd>
          <dt>{t('facts.centre')}</dt>
          <dd data-testid="fact-centre"><RecordLink kind="centros" id={c.centre_id} name={c.centre_name} none={t('noCentre')} /></dd>
          <dt>{t('facts.company')}</dt>
          <dd data-testid="fact-company"><RecordLink kind="empresas" id={c.company_id} name={c.company_name} none={t('noCompany')} /></dd>
          <dt>{t('facts.participants')}</dt>
          <dd data-testid="fact-participants">{c.participants?.length ?? c.workers?.length ?? 0}</dd>
        </>
      )}
      detail={(c, saved) => <Participants course={c} onChanged={saved} />}
    />
  );
}
