import type { Company } from '../api';
import { RecordList } from '../components/RecordList';
import { useTextColumn } from '../components/parts';

/** `/facilauto/consulting/empresas` — the client companies: name, tax code, CCC, how many workers, group. */
export default function CompanyListPage() {
  const text = useTextColumn<Company>();
  return (
    <RecordList
      kind="empresas"
      name={(c) => c.name}
      columns={[text('tax_code', (c) => c.tax_code), text('contribution_account', (c) => c.contribution_account), text('workers', (c) => c.workers ?? 0, 'consulting-num')]}
    />
  );
}
