import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Worker } from '../api';
import { workerName } from '../format';
import { RecordList } from '../components/RecordList';
import { useChoices, useTextColumn } from '../components/parts';

/** `/facilauto/consulting/trabajadores` — the workers: name, DNI/NIE, company, NAF, group; filtered by company too. */
export default function WorkerListPage() {
  const { t } = useTranslation(NAMESPACE);
  const text = useTextColumn<Worker>();
  const companies = useChoices('empresas');
  const [company, setCompany] = useState('');
  return (
    <RecordList
      kind="trabajadores"
      name={workerName}
      columns={[text('dni', (w) => w.dni), text('company', (w) => w.company_name), text('social_security_number', (w) => w.social_security_number)]}
      query={{ company_id: company ? Number(company) : undefined }}
      filters={<FilterSelect label={t('filters.company')} value={company} options={[{ value: '', label: t('filters.allCompanies') }, ...(companies.data ?? [])]} onChange={setCompany} />}
    />
  );
}
