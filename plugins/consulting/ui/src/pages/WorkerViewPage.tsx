import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorList, saveBase64File, useApi, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { consultingApi, type Worker } from '../api';
import { CONTRIBUTION_GROUPS, EDUCATION_LEVELS, GENDERS, PROFESSIONAL_CATEGORIES } from '../lists';
import { withOption, workerName } from '../format';
import { RecordView } from '../components/RecordView';
import { CourseTable } from '../components/CourseTable';
import { RecordLink } from '../components/RecordLink';
import { useChoices, useFormParts } from '../components/parts';

/**
 * `/facilauto/consulting/trabajadores/view/{trabajador_id}` — a worker (0: a new one): their
 * company, the courses they take part in (with the centre) and the hours of those finished;
 * "Descargar ficha (PDF)" (`GET consulting/trabajador/pdf/{id}`).
 */
export default function WorkerViewPage() {
  const { t, section, options, other } = useFormParts();
  const companies = useChoices('empresas');
  return (
    <RecordView
      kind="trabajadores"
      name={workerName}
      sections={(w, group) => [
        section('worker', [
          { field: 'first_name', kind: 'text', required: true, max: 100 },
          { field: 'last_name', kind: 'text', required: true, max: 100 },
          { field: 'dni', kind: 'text', required: true, max: 20 },
          { field: 'social_security_number', kind: 'text', inputMode: 'numeric', max: 20, hint: t('hints.social_security_number') },
          { field: 'birth_date', kind: 'date' },
          { field: 'gender', kind: 'select', empty: t('unspecified'), options: options(GENDERS, 'genders') },
          { field: 'email', kind: 'text', max: 200 },
          { field: 'phone', kind: 'text', inputMode: 'tel', max: 30 },
          { field: 'disability', kind: 'check' },
        ]),
        section('employment', [
          { field: 'company_id', kind: 'select', numeric: true, empty: t('noCompany'), options: withOption(companies.data ?? [], w?.company_id, w?.company_name) },
          { field: 'professional_category', kind: 'select', empty: t('unspecified'), options: options(PROFESSIONAL_CATEGORIES, 'categories') },
          { field: 'contribution_group', kind: 'select', numeric: true, empty: t('unspecified'), options: options(CONTRIBUTION_GROUPS, 'contributionGroups') },
          { field: 'education_level', kind: 'select', empty: t('unspecified'), options: options(EDUCATION_LEVELS, 'education') },
        ]),
        other(group),
      ]}
      facts={(w) => (
        <>
          <dt>{t('facts.company')}</dt>
          <dd data-testid="fact-company"><RecordLink kind="empresas" id={w.company_id} name={w.company_name} none={t('noCompany')} /></dd>
          <dt>{t('facts.courses')}</dt>
          <dd data-testid="fact-courses">{w.courses?.length ?? 0}</dd>
          <dt>{t('facts.hoursFinished')}</dt>
          <dd data-testid="fact-hours-finished">{t('hours', { count: w.hours_finished ?? 0 })}</dd>
        </>
      )}
      actions={(w) => <PdfButton worker={w} />}
      detail={(w) => <CourseTable courses={w.courses} withCentre />}
    />
  );
}

/** "Descargar ficha (PDF)": the host's `{filename, content_type, base64}` saved by the browser. */
function PdfButton({ worker }: { worker: Worker }) {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      saveBase64File(await consultingApi(client).workerPdf(worker.id));
    } catch (failure) {
      toast.error(errorList(failure)[0]?.details || t('pdfError'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="vk-btn vk-btn--light" disabled={busy} onClick={() => void download()}>
      {busy ? t('pdfBusy') : t('pdf')}
    </button>
  );
}
