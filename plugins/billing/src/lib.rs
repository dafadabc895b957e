//! Volante's `billing` plugin: billing series, taxes, budgets, invoices, payments, VeriFactu
//! records and Facturae export. See README.md.

pub mod facturae;
pub mod money;
pub mod verifactu;
