import type { Centre } from '../api';
import { RecordList } from '../components/RecordList';
import { useTextColumn } from '../components/parts';

/** `/facilauto/consulting/centros` — the training centres: name, tax code, city, SEPE accreditation, group. */
export default function CentreListPage() {
  const text = useTextColumn<Centre>();
  return (
    <RecordList
      kind="centros"
      name={(c) => c.name}
      columns={[text('tax_code', (c) => c.tax_code), text('city', (c) => c.city), text('accreditation', (c) => c.accreditation)]}
    />
  );
}
