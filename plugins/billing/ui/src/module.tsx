// The billing plugin's remote: what the shell loads from /plugins/billing/remoteEntry.js
// (exposed as `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import './billing.css';

/** Billing series need `billing`; everything else `invoicing` (plugin.toml). */
export const SERIES_PERMISSION = 'billing';
export const PERMISSION = 'invoicing';

const SeriesListPage = lazy(() => import('./pages/SeriesListPage'));
const SeriesViewPage = lazy(() => import('./pages/SeriesViewPage'));
const InvoiceListPage = lazy(() => import('./pages/InvoiceListPage'));
const InvoiceEditPage = lazy(() => import('./pages/InvoiceEditPage'));
const BudgetListPage = lazy(() => import('./pages/BudgetListPage'));
const BudgetEditPage = lazy(() => import('./pages/BudgetEditPage'));
const TaxListPage = lazy(() => import('./pages/TaxListPage'));
const TaxViewPage = lazy(() => import('./pages/TaxViewPage'));
const CashflowPage = lazy(() => import('./pages/CashflowPage'));

const billing = defineModule({
  id: 'billing',
  namespace: NAMESPACE,
  resources,
  routes: [
    { path: '/sales/billing/list/:target', permission: SERIES_PERMISSION, Component: SeriesListPage },
    { path: '/sales/billing/view/:target/:sales_billing_id', permission: SERIES_PERMISSION, Component: SeriesViewPage },
    { path: '/invoice/list', permission: PERMISSION, Component: InvoiceListPage },
    { path: '/invoice/new/:target/:billing/:invoice/:contact', permission: PERMISSION, Component: InvoiceEditPage },
    { path: '/invoice/edit/:target/:billing/:invoice/:contact', permission: PERMISSION, Component: InvoiceEditPage },
    { path: '/budget/list', permission: PERMISSION, Component: BudgetListPage },
    { path: '/budget/new/:target/:billing/:budget/:contact', permission: PERMISSION, Component: BudgetEditPage },
    { path: '/budget/edit/:target/:billing/:budget/:contact', permission: PERMISSION, Component: BudgetEditPage },
    { path: '/tax/list', permission: PERMISSION, Component: TaxListPage },
    { path: '/tax/view/:tax_id', permission: PERMISSION, Component: TaxViewPage },
    { path: '/sales/cashflow/list', permission: PERMISSION, Component: CashflowPage },
  ],
});

export default billing;
export { billing as module };
