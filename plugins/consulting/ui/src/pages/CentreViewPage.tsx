import { RecordView } from '../components/RecordView';
import { CourseTable } from '../components/CourseTable';
import { useFormParts } from '../components/parts';

/** `/facilauto/consulting/centros/view/{centro_id}` — a training centre (0: a new one) and its live courses. */
export default function CentreViewPage() {
  const { t, section, contact, other } = useFormParts();
  return (
    <RecordView
      kind="centros"
      name={(c) => c.name}
      sections={(_, group) => [
        section('centre', [
          { field: 'name', kind: 'text', required: true, max: 200 },
          { field: 'tax_code', kind: 'text', max: 20 },
          { field: 'accreditation', kind: 'text', max: 50, hint: t('hints.accreditation') },
        ]),
        contact,
        other(group),
      ]}
      facts={(c) => (
        <>
          <dt>{t('facts.courses')}</dt>
          <dd data-testid="fact-courses">{c.courses?.length ?? 0}</dd>
        </>
      )}
      detail={(c) => <CourseTable courses={c.courses} />}
    />
  );
}
