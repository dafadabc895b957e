import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Course } from '../api';
import { COURSE_STATUSES } from '../lists';
import { courseCodes, dateRange } from '../format';
import { RecordList } from '../components/RecordList';
import { StatusBadge } from '../components/Badges';
import { useChoices, useTextColumn } from '../components/parts';

/**
 * `/facilauto/consulting/cursos` — the courses, the latest start first: name, action and group
 * numbers, modality, days, centre, company, participants, status and group; filtered by status,
 * company and centre too.
 */
export default function CourseListPage() {
  const { t } = useTranslation(NAMESPACE);
  const text = useTextColumn<Course>();
  const companies = useChoices('empresas');
  const centres = useChoices('centros');
  const [status, setStatus] = useState('');
  const [company, setCompany] = useState('');
  const [centre, setCentre] = useState('');
  return (
    <RecordList
      kind="cursos"
      name={(c) => c.name}
      columns={[
        text('codes', (c) => courseCodes(c.action_code, c.group_code), 'consulting-nowrap'),
        text('modality', (c) => t(`modalities.${c.modality}`, { defaultValue: c.modality })),
        text('dates', (c) => dateRange(c.start_date, c.end_date), 'consulting-nowrap'),
        text('centre', (c) => c.centre_name),
        text('company', (c) => c.company_name),
        text('participants', (c) => c.participants_count ?? 0, 'consulting-num'),
        { key: 'status', header: t('columns.status'), render: (c) => <StatusBadge status={c.status} /> },
      ]}
      query={{ status, company_id: company ? Number(company) : undefined, centre_id: centre ? Number(centre) : undefined }}
      filters={
        <>
          <FilterSelect label={t('filters.status')} value={status} options={[{ value: '', label: t('filters.allStatuses') }, ...COURSE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]} onChange={setStatus} />
          <FilterSelect label={t('filters.company')} value={company} options={[{ value: '', label: t('filters.allCompanies') }, ...(companies.data ?? [])]} onChange={setCompany} />
          <FilterSelect label={t('filters.centre')} value={centre} options={[{ value: '', label: t('filters.allCentres') }, ...(centres.data ?? [])]} onChange={setCentre} />
        </>
      }
    />
  );
}
