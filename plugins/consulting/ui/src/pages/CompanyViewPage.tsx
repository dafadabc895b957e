import { formatEuros } from '@volante/plugin-ui';
import { RecordView } from '../components/RecordView';
import { CourseTable } from '../components/CourseTable';
import { useFormParts } from '../components/parts';

/**
 * `/facilauto/consulting/empresas/view/{empresa_id}` — a client company (0: a new one): its
 * workers counted, the year's FUNDAE credit with what its courses used and what is left (euros;
 * the API's cents), and its courses.
 */
export default function CompanyViewPage() {
  const { t, section, contact, other } = useFormParts();
  // without a credit of the year there is none left either (the host answers null)
  const euros = (cents: number | null | undefined) => (cents === null || cents === undefined ? t('none') : formatEuros(cents));
  return (
    <RecordView
      kind="empresas"
      name={(c) => c.name}
      sections={(_, group) => [
        section('company', [
          { field: 'name', kind: 'text', required: true, max: 200 },
          { field: 'tax_code', kind: 'text', required: true, max: 20 },
          { field: 'contribution_account', kind: 'text', inputMode: 'numeric', max: 20, hint: t('hints.contribution_account') },
          { field: 'cnae', kind: 'text', inputMode: 'numeric', max: 5, hint: t('hints.cnae') },
          { field: 'staff', kind: 'integer', min: 0 },
          { field: 'training_credit', kind: 'money' },
          { field: 'representative_name', kind: 'text', max: 200 },
          { field: 'representative_dni', kind: 'text', max: 20 },
        ]),
        contact,
        other(group),
      ]}
      facts={(c) => (
        <>
          <dt>{t('facts.workers')}</dt>
          <dd data-testid="fact-workers">{c.workers ?? 0}</dd>
          <dt>{t('facts.credit')}</dt>
          <dd data-testid="fact-credit">{euros(c.training_credit)}</dd>
          <dt>{t('facts.creditUsed')}</dt>
          <dd data-testid="fact-credit-used">{euros(c.credit_used ?? 0)}</dd>
          <dt>{t('facts.creditLeft')}</dt>
          <dd data-testid="fact-credit-left" className={(c.credit_left ?? 0) < 0 ? 'consulting-negative' : undefined}>
            {euros(c.credit_left)}
          </dd>
        </>
      )}
      detail={(c) => <CourseTable courses={c.courses} />}
    />
  );
}
