//! Facturae 3.2.2 export of one invoice (unsigned; the XAdES-EPES signature under the Facturae
//! policy v3.1 is not done yet).
//!
//! Mapping from the billing model: each line's discounts (its own and its share of the
//! document's discount, see `money`) go in the line's `DiscountsAndRebates`, so the invoice has
//! no general discounts and `TotalGrossAmount` = `TotalGrossAmountBeforeTaxes` = the sum of the
//! bases. Taxes: `01` IVA, `03` IGIC, `02` IPSI. A person's name is split into `Name` (first
//! word) and `FirstSurname` (the rest). Payment means: cash `01`, transfer `04`, card `19`,
//! Bizum `13` (*special payment*; the code list has no Bizum).

use crate::money::{euros, percent_text};

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Party {
    /// NIF/CIF/NIE.
    pub tax_code: String,
    /// `true` for a company (legal entity, `J`), `false` for a person (`F`).
    pub company: bool,
    pub name: String,
    pub street: String,
    pub postal_code: String,
    pub town: String,
    pub province: String,
    /// ISO 3166 alpha-3 (`ESP`); empty means Spain.
    pub country: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Line {
    pub concept: String,
    /// Thousandths.
    pub quantity: i64,
    /// Cents, tax not included.
    pub price: i64,
    /// Cents: quantity × price.
    pub gross: i64,
    /// Cents: line discount plus its share of the document discount.
    pub discount: i64,
    /// Cents: gross − discount.
    pub base: i64,
    /// `01` IVA, `03` IGIC, `02` IPSI.
    pub tax_code: String,
    /// Hundredths of a percent.
    pub tax_rate: i64,
    pub tax: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TaxSummary {
    pub tax_code: String,
    pub rate: i64,
    pub base: i64,
    pub tax: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Invoice {
    pub series: String,
    pub number: String,
    /// `YYYY-MM-DD`.
    pub issue_date: String,
    /// `YYYY-MM-DD`; empty: the issue date.
    pub due_date: String,
    pub seller: Party,
    pub buyer: Party,
    pub lines: Vec<Line>,
    pub taxes: Vec<TaxSummary>,
    pub base: i64,
    pub tax: i64,
    pub total: i64,
    /// Total minus what was paid.
    pub outstanding: i64,
    /// `cash`, `card`, `bizum`, `transfer`.
    pub payment_method: String,
    /// Account to be credited for transfers.
    pub iban: String,
    /// Simplified invoice (`FA`) instead of complete (`FC`).
    pub simplified: bool,
}

use volante_plugin_sdk::text::xml_escape as escape;

/// Thousandths as a decimal text (`1500` → `1.500`).
fn quantity_text(milli: i64) -> String {
    let sign = if milli < 0 { "-" } else { "" };
    let abs = milli.unsigned_abs();
    format!("{sign}{}.{:03}", abs / 1000, abs % 1000)
}

/// Cents as a six-decimal text (`UnitPriceWithoutTax`).
fn six(cents: i64) -> String {
    format!("{}0000", euros(cents))
}

pub fn payment_means(method: &str) -> &'static str {
    match method {
        "cash" => "01",
        "transfer" => "04",
        "card" => "19",
        "bizum" => "13",
        _ => "01",
    }
}

struct Xml {
    out: String,
    depth: usize,
}

impl Xml {
    fn open(&mut self, tag: &str) {
        self.out.push_str(&"  ".repeat(self.depth));
        self.out.push_str(&format!("<{tag}>\n"));
        self.depth += 1;
    }
    fn close(&mut self, tag: &str) {
        self.depth -= 1;
        self.out.push_str(&"  ".repeat(self.depth));
        self.out.push_str(&format!("</{tag}>\n"));
    }
    fn leaf(&mut self, tag: &str, value: &str) {
        self.out.push_str(&"  ".repeat(self.depth));
        self.out.push_str(&format!("<{tag}>{}</{tag}>\n", escape(value)));
    }
    fn amount(&mut self, tag: &str, cents: i64) {
        self.open(tag);
        self.leaf("TotalAmount", &euros(cents));
        self.close(tag);
    }
}

fn party(x: &mut Xml, tag: &str, p: &Party) {
    x.open(tag);
    x.open("TaxIdentification");
    x.leaf("PersonTypeCode", if p.company { "J" } else { "F" });
    let country = if p.country.is_empty() { "ESP" } else { p.country.as_str() };
    x.leaf("ResidenceTypeCode", if country == "ESP" { "R" } else { "U" });
    x.leaf("TaxIdentificationNumber", &p.tax_code.to_uppercase());
    x.close("TaxIdentification");
    let address = |x: &mut Xml| {
        if country == "ESP" {
            x.open("AddressInSpain");
            x.leaf("Address", &p.street);
            x.leaf("PostCode", &p.postal_code);
            x.leaf("Town", &p.town);
            x.leaf("Province", &p.province);
            x.leaf("CountryCode", "ESP");
            x.close("AddressInSpain");
        } else {
            x.open("OverseasAddress");
            x.leaf("Address", &p.street);
            x.leaf("PostCodeAndTown", format!("{} {}", p.postal_code, p.town).trim());
            x.leaf("Province", &p.province);
            x.leaf("CountryCode", country);
            x.close("OverseasAddress");
        }
    };
    if p.company {
        x.open("LegalEntity");
        x.leaf("CorporateName", &p.name);
        address(x);
        x.close("LegalEntity");
    } else {
        let name = p.name.trim();
        let (first, rest) = name.split_once(' ').unwrap_or((name, ""));
        x.open("Individual");
        x.leaf("Name", first);
        x.leaf("FirstSurname", if rest.trim().is_empty() { "-" } else { rest.trim() });
        address(x);
        x.close("Individual");
    }
    x.close(tag);
}

fn tax(x: &mut Xml, code: &str, rate: i64, base: i64, amount: i64) {
    x.open("Tax");
    x.leaf("TaxTypeCode", code);
    x.leaf("TaxRate", &percent_text(rate));
    x.amount("TaxableBase", base);
    x.amount("TaxAmount", amount);
    x.close("Tax");
}

/// The invoice as a Facturae 3.2.2 document (UTF-8, unsigned).
pub fn to_xml(inv: &Invoice) -> String {
    let mut x = Xml { out: String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"), depth: 0 };
    x.out.push_str(
        "<fe:Facturae xmlns:ds=\"http://www.w3.org/2000/09/xmldsig#\" xmlns:fe=\"http://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml\">\n",
    );
    x.depth = 1;
    x.open("FileHeader");
    x.leaf("SchemaVersion", "3.2.2");
    x.leaf("Modality", "I");
    x.leaf("InvoiceIssuerType", "EM");
    x.open("Batch");
    x.leaf("BatchIdentifier", &format!("{}{}{}", inv.seller.tax_code.to_uppercase(), inv.series, inv.number));
    x.leaf("InvoicesCount", "1");
    x.amount("TotalInvoicesAmount", inv.total);
    x.amount("TotalOutstandingAmount", inv.outstanding);
    x.amount("TotalExecutableAmount", inv.outstanding);
    x.leaf("InvoiceCurrencyCode", "EUR");
    x.close("Batch");
    x.close("FileHeader");

    x.open("Parties");
    party(&mut x, "SellerParty", &inv.seller);
    party(&mut x, "BuyerParty", &inv.buyer);
    x.close("Parties");

    x.open("Invoices");
    x.open("Invoice");
    x.open("InvoiceHeader");
    x.leaf("InvoiceNumber", &inv.number);
    if !inv.series.is_empty() {
        x.leaf("InvoiceSeriesCode", &inv.series);
    }
    x.leaf("InvoiceDocumentType", if inv.simplified { "FA" } else { "FC" });
    x.leaf("InvoiceClass", "OO");
    x.close("InvoiceHeader");
    x.open("InvoiceIssueData");
    x.leaf("IssueDate", &inv.issue_date);
    x.leaf("InvoiceCurrencyCode", "EUR");
    x.leaf("TaxCurrencyCode", "EUR");
    x.leaf("LanguageName", "es");
    x.close("InvoiceIssueData");

    x.open("TaxesOutputs");
    for t in &inv.taxes {
        tax(&mut x, &t.tax_code, t.rate, t.base, t.tax);
    }
    x.close("TaxesOutputs");

    x.open("InvoiceTotals");
    x.leaf("TotalGrossAmount", &euros(inv.base));
    x.leaf("TotalGrossAmountBeforeTaxes", &euros(inv.base));
    x.leaf("TotalTaxOutputs", &euros(inv.tax));
    x.leaf("TotalTaxesWithheld", "0.00");
    x.leaf("InvoiceTotal", &euros(inv.total));
    x.leaf("TotalOutstandingAmount", &euros(inv.outstanding));
    x.leaf("TotalExecutableAmount", &euros(inv.outstanding));
    x.close("InvoiceTotals");

    x.open("Items");
    for line in &inv.lines {
        x.open("InvoiceLine");
        x.leaf("ItemDescription", &line.concept);
        x.leaf("Quantity", &quantity_text(line.quantity));
        x.leaf("UnitOfMeasure", "01");
        x.leaf("UnitPriceWithoutTax", &six(line.price));
        x.leaf("TotalCost", &euros(line.gross));
        if line.discount != 0 {
            x.open("DiscountsAndRebates");
            x.open("Discount");
            x.leaf("DiscountReason", "Descuento");
            x.leaf("DiscountAmount", &euros(line.discount));
            x.close("Discount");
            x.close("DiscountsAndRebates");
        }
        x.leaf("GrossAmount", &euros(line.base));
        x.open("TaxesOutputs");
        tax(&mut x, &line.tax_code, line.tax_rate, line.base, line.tax);
        x.close("TaxesOutputs");
        x.close("InvoiceLine");
    }
    x.close("Items");

    if inv.outstanding > 0 {
        x.open("PaymentDetails");
        x.open("Installment");
        x.leaf("InstallmentDueDate", if inv.due_date.is_empty() { &inv.issue_date } else { &inv.due_date });
        x.leaf("InstallmentAmount", &euros(inv.outstanding));
        x.leaf("PaymentMeans", payment_means(&inv.payment_method));
        if inv.payment_method == "transfer" && !inv.iban.is_empty() {
            x.open("AccountToBeCredited");
            x.leaf("IBAN", &inv.iban.replace(' ', ""));
            x.close("AccountToBeCredited");
        }
        x.close("Installment");
        x.close("PaymentDetails");
    }
    x.close("Invoice");
    x.close("Invoices");
    x.out.push_str("</fe:Facturae>\n");
    x.out
}

pub use volante_plugin_sdk::validate::province_name;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::{compute, Discount, LineInput};

    /// Tags balance (a small well-formedness check: every element closed in order, no raw `&`
    /// or `<` in text).
    fn well_formed(xml: &str) -> bool {
        let body = xml.split_once("?>").map(|(_, b)| b).unwrap_or(xml);
        let mut stack: Vec<String> = Vec::new();
        let mut rest = body;
        while let Some(start) = rest.find('<') {
            let text = &rest[..start];
            if text.contains('>') || text.replace("&amp;", "").replace("&lt;", "").replace("&gt;", "").replace("&quot;", "").replace("&apos;", "").contains('&') {
                return false;
            }
            let Some(end) = rest[start..].find('>') else { return false };
            let tag = &rest[start + 1..start + end];
            let name = tag.trim_start_matches('/').split_whitespace().next().unwrap_or("").to_string();
            if tag.starts_with('/') {
                if stack.pop().as_deref() != Some(name.as_str()) {
                    return false;
                }
            } else if !tag.ends_with('/') {
                stack.push(name);
            }
            rest = &rest[start + end + 1..];
        }
        stack.is_empty()
    }

    fn between<'a>(xml: &'a str, tag: &str) -> Vec<&'a str> {
        let open = format!("<{tag}>");
        let close = format!("</{tag}>");
        xml.match_indices(&open)
            .map(|(i, _)| {
                let from = i + open.len();
                &xml[from..from + xml[from..].find(&close).unwrap()]
            })
            .collect()
    }

    fn sample() -> Invoice {
        let inputs = [
            LineInput { price: 3_000, quantity: 2_000, discount: Discount::Percent(1_000), tax_rate: 2100 },
            LineInput { price: 1_250, quantity: 1_500, discount: Discount::None, tax_rate: 1000 },
        ];
        let totals = compute(&inputs, Discount::Amount(100)).unwrap();
        let lines = inputs
            .iter()
            .zip(&totals.lines)
            .enumerate()
            .map(|(i, (input, a))| Line {
                concept: if i == 0 { "Clase práctica <B> & \"extra\"".into() } else { "Matrícula".into() },
                quantity: input.quantity,
                price: input.price,
                gross: a.gross,
                discount: a.discount + a.doc_discount,
                base: a.base,
                tax_code: "01".into(),
                tax_rate: input.tax_rate,
                tax: a.tax,
            })
            .collect();
        Invoice {
            series: "A2025".into(),
            number: "000007".into(),
            issue_date: "2025-03-01".into(),
            due_date: "2025-03-31".into(),
            seller: Party {
                tax_code: "b58378431".into(),
                company: true,
                name: "Autoescuela O'Donnell & Hijos, S.L.".into(),
                street: "Calle Mayor 1".into(),
                postal_code: "28013".into(),
                town: "Madrid".into(),
                province: province_name(28).into(),
                country: String::new(),
            },
            buyer: Party {
                tax_code: "54362315K".into(),
                company: false,
                name: "Lucía Pérez Gómez".into(),
                street: "Av. de la Paz 3".into(),
                postal_code: "41001".into(),
                town: "Sevilla".into(),
                province: province_name(41).into(),
                country: String::new(),
            },
            lines,
            taxes: totals.by_rate.iter().map(|r| TaxSummary { tax_code: "01".into(), rate: r.rate, base: r.base, tax: r.tax }).collect(),
            base: totals.base,
            tax: totals.tax,
            total: totals.total,
            outstanding: totals.total - 1_000,
            payment_method: "transfer".into(),
            iban: "ES91 2100 0418 4502 0005 1332".into(),
            simplified: false,
        }
    }

    #[test]
    fn structure_and_totals() {
        let inv = sample();
        let xml = to_xml(&inv);
        assert!(well_formed(&xml), "{xml}");
        assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<fe:Facturae "));
        assert_eq!(between(&xml, "SchemaVersion"), ["3.2.2"]);
        // Escaping.
        assert!(xml.contains("<CorporateName>Autoescuela O&apos;Donnell &amp; Hijos, S.L.</CorporateName>"));
        assert!(xml.contains("<ItemDescription>Clase práctica &lt;B&gt; &amp; &quot;extra&quot;</ItemDescription>"));
        // Parties.
        assert_eq!(between(&xml, "TaxIdentificationNumber"), ["B58378431", "54362315K"]);
        assert_eq!(between(&xml, "PersonTypeCode"), ["J", "F"]);
        assert_eq!(between(&xml, "Name"), ["Lucía"]);
        assert_eq!(between(&xml, "FirstSurname"), ["Pérez Gómez"]);
        // Lines: 60.00 − 6.00 − share; 18.75 − share; document discount 1.00 shared 54:18.75.
        assert_eq!(between(&xml, "TotalCost"), ["60.00", "18.75"]);
        assert_eq!(between(&xml, "Quantity"), ["2.000", "1.500"]);
        assert_eq!(between(&xml, "UnitPriceWithoutTax"), ["30.000000", "12.500000"]);
        let gross: Vec<i64> = inv.lines.iter().map(|l| l.base).collect();
        assert_eq!(gross.iter().sum::<i64>(), inv.base);
        assert_eq!(inv.base, 6_000 - 600 + 1_875 - 100);
        // Totals in the header and the invoice agree with the lines.
        let totals = between(&xml, "InvoiceTotal");
        assert_eq!(totals, [euros(inv.total)]);
        assert_eq!(between(&xml, "TotalGrossAmountBeforeTaxes"), [euros(inv.base)]);
        assert_eq!(between(&xml, "TotalTaxOutputs"), [euros(inv.tax)]);
        let line_tax: i64 = inv.lines.iter().map(|l| l.tax).sum();
        assert_eq!(line_tax, inv.tax);
        assert_eq!(inv.base + inv.tax, inv.total);
        // Two tax rates in the summary, highest first.
        assert_eq!(between(&xml, "TaxRate")[..2], ["21.00", "10.00"]);
        // Payment: transfer with the account, the outstanding amount.
        assert_eq!(between(&xml, "PaymentMeans"), ["04"]);
        assert_eq!(between(&xml, "IBAN"), ["ES9121000418450200051332"]);
        assert_eq!(between(&xml, "InstallmentAmount"), [euros(inv.total - 1_000)]);
    }

    #[test]
    fn paid_invoice_has_no_installment_and_controls_are_dropped() {
        let mut inv = sample();
        inv.outstanding = 0;
        inv.lines[0].concept = "a\u{1}b".into();
        let xml = to_xml(&inv);
        assert!(well_formed(&xml));
        assert!(!xml.contains("<PaymentDetails>"));
        assert!(xml.contains("<ItemDescription>ab</ItemDescription>"));
        assert!(!well_formed("<a><b></a></b>"));
        assert!(!well_formed("<a>x & y</a>"));
    }

    #[test]
    fn codes() {
        assert_eq!(payment_means("card"), "19");
        assert_eq!(payment_means("bizum"), "13");
        assert_eq!(province_name(35), "Las Palmas");
        assert_eq!(province_name(38), "Santa Cruz de Tenerife");
        assert_eq!(province_name(0), "");
        assert_eq!(quantity_text(333), "0.333");
    }
}
