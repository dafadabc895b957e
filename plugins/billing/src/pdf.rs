//! Invoice, ticket and budget PDFs, written with the SDK's PDF writer (`volante_plugin_sdk::pdf`):
//! the document's layout in Spanish: title, number and dates, issuer and buyer, lines, taxes, totals, payments,
//! and for invoices the VeriFactu QR once, on the first page, top left, 35 mm, with its caption.

use crate::facturae::{Line, Party, TaxSummary};
use crate::qr;
use volante_plugin_sdk::pdf::{clip, write, Page};

/// What the PDF shows.
#[derive(Debug, Clone, Default)]
pub struct Doc {
    /// `FACTURA`, `FACTURA SIMPLIFICADA`, `PRESUPUESTO`.
    pub title: String,
    pub reference: String,
    /// `YYYY-MM-DD`.
    pub issue_date: String,
    pub due_date: String,
    pub issuer: Party,
    pub buyer: Party,
    pub lines: Vec<Line>,
    pub taxes: Vec<(String, TaxSummary)>,
    pub base: i64,
    pub tax: i64,
    pub total: i64,
    /// `(date, method, amount)`.
    pub payments: Vec<(String, String, i64)>,
    pub outstanding: Option<i64>,
    pub notes: String,
    /// The QR's URL (invoices) and the caption under it.
    pub qr: Option<(String, String)>,
    pub iban: String,
}

/// `YYYY-MM-DD` → `DD/MM/YYYY`.
pub fn date_es(iso: &str) -> String {
    if iso.len() >= 10 && iso.as_bytes()[4] == b'-' {
        format!("{}/{}/{}", &iso[8..10], &iso[5..7], &iso[..4])
    } else {
        iso.to_string()
    }
}

/// Cents in Spanish format: `1.234,56 €`.
pub use volante_plugin_sdk::money::spanish as amount_es;

fn quantity_es(milli: i64) -> String {
    let whole = milli / 1000;
    let frac = (milli % 1000).abs();
    if frac == 0 {
        whole.to_string()
    } else {
        format!("{whole},{}", format!("{frac:03}").trim_end_matches('0'))
    }
}

fn method_es(method: &str) -> &str {
    match method {
        "cash" => "Efectivo",
        "card" => "Tarjeta",
        "bizum" => "Bizum",
        "transfer" => "Transferencia",
        other => other,
    }
}

fn party(page: &mut Page, x: f64, mut y: f64, label: &str, p: &Party) {
    page.text(x, y, 8.0, true, label);
    y -= 13.0;
    page.text(x, y, 10.0, true, &clip(&p.name, 45));
    for line in [
        if p.tax_code.is_empty() { String::new() } else { format!("NIF: {}", p.tax_code) },
        p.street.clone(),
        format!("{} {}", p.postal_code, p.town).trim().to_string(),
        p.province.clone(),
    ] {
        if !line.is_empty() {
            y -= 12.0;
            page.text(x, y, 9.0, false, &clip(&line, 55));
        }
    }
}

const COLS: [(f64, &str); 7] =
    [(40.0, "Concepto"), (300.0, "Cant."), (365.0, "Precio"), (415.0, "Dto."), (470.0, "Base"), (505.0, "Imp."), (555.0, "Total")];

fn table_header(page: &mut Page, y: f64) {
    page.text(COLS[0].0, y, 8.0, true, COLS[0].1);
    for (x, label) in &COLS[1..] {
        page.right(*x, y, 8.0, true, label);
    }
    page.rule(40.0, y - 4.0, 555.0);
}

/// The document as PDF bytes (A4, as many pages as the lines need).
pub fn render(doc: &Doc) -> Vec<u8> {
    let mut pages: Vec<Page> = Vec::new();
    let mut page = Page::new();
    let top = 802.0;
    // Header: QR on the left (first page only), title and number on the right.
    if let Some((url, caption)) = &doc.qr {
        if let Ok(m) = qr::encode(url) {
            page.raw(&qr::pdf_ops(&m, 36.0, top - 99.0 + 10.0, 99.0));
            page.text(40.0, top - 99.0, 6.5, false, caption);
        }
    }
    page.text(330.0, top, 18.0, true, &doc.title);
    page.text(330.0, top - 22.0, 11.0, true, &format!("Nº {}", doc.reference));
    page.text(330.0, top - 38.0, 9.0, false, &format!("Fecha: {}", date_es(&doc.issue_date)));
    if !doc.due_date.is_empty() {
        page.text(330.0, top - 51.0, 9.0, false, &format!("Vencimiento: {}", date_es(&doc.due_date)));
    }
    party(&mut page, 40.0, 680.0, "EMISOR", &doc.issuer);
    party(&mut page, 330.0, 680.0, "CLIENTE", &doc.buyer);

    let mut y = 590.0;
    table_header(&mut page, y);
    y -= 16.0;
    for line in &doc.lines {
        if y < 90.0 {
            page.text(40.0, 50.0, 8.0, false, "Continúa en la página siguiente");
            pages.push(page);
            page = Page::new();
            y = top;
            table_header(&mut page, y);
            y -= 16.0;
        }
        page.text(40.0, y, 9.0, false, &clip(&line.concept, 45));
        page.right(300.0, y, 9.0, false, &quantity_es(line.quantity));
        page.right(365.0, y, 9.0, false, &amount_es(line.price));
        page.right(415.0, y, 9.0, false, &if line.discount == 0 { String::new() } else { amount_es(line.discount) });
        page.right(470.0, y, 9.0, false, &amount_es(line.base));
        page.right(505.0, y, 9.0, false, &format!("{}%", crate::money::percent_text(line.tax_rate).trim_end_matches(".00").replace('.', ",")));
        page.right(555.0, y, 9.0, false, &amount_es(line.base + line.tax));
        y -= 14.0;
    }
    // Summary: needs about 60 + 12 per tax and payment.
    let needed = 80.0 + 12.0 * (doc.taxes.len() + doc.payments.len()) as f64;
    if y - needed < 50.0 {
        pages.push(page);
        page = Page::new();
        y = top;
    }
    page.rule(40.0, y + 6.0, 555.0);
    y -= 8.0;
    for (label, t) in &doc.taxes {
        page.text(330.0, y, 9.0, false, &format!("{label} {}% sobre {}", crate::money::percent_text(t.rate).trim_end_matches(".00").replace('.', ","), amount_es(t.base)));
        page.right(555.0, y, 9.0, false, &amount_es(t.tax));
        y -= 12.0;
    }
    page.text(330.0, y, 9.0, false, "Base imponible");
    page.right(555.0, y, 9.0, false, &amount_es(doc.base));
    y -= 12.0;
    page.text(330.0, y, 9.0, false, "Impuestos");
    page.right(555.0, y, 9.0, false, &amount_es(doc.tax));
    y -= 16.0;
    page.text(330.0, y, 12.0, true, "TOTAL");
    page.right(555.0, y, 12.0, true, &amount_es(doc.total));
    y -= 20.0;
    if !doc.payments.is_empty() {
        page.text(40.0, y, 8.0, true, "PAGOS");
        y -= 12.0;
        for (date, method, amount) in &doc.payments {
            page.text(40.0, y, 9.0, false, &format!("{}  {}", date_es(date), method_es(method)));
            page.right(250.0, y, 9.0, false, &amount_es(*amount));
            y -= 12.0;
        }
    }
    if let Some(outstanding) = doc.outstanding {
        page.text(330.0, y, 10.0, true, "Pendiente");
        page.right(555.0, y, 10.0, true, &amount_es(outstanding));
        y -= 14.0;
    }
    if !doc.iban.is_empty() {
        page.text(40.0, y, 9.0, false, &format!("Transferencia a {}", doc.iban));
        y -= 12.0;
    }
    if !doc.notes.is_empty() && y > 40.0 {
        page.text(40.0, y, 8.0, false, &clip(&doc.notes.replace('\n', " "), 110));
    }
    pages.push(page);
    write(&pages)
}

pub use volante_plugin_sdk::text::base64;

#[cfg(test)]
mod tests {
    use super::*;

    pub fn sample(lines: usize) -> Doc {
        Doc {
            title: "FACTURA".into(),
            reference: "A2025/000007".into(),
            issue_date: "2025-03-01".into(),
            due_date: "2025-03-31".into(),
            issuer: Party { tax_code: "B58378431".into(), company: true, name: "Autoescuela Núñez (Centro)".into(), town: "Madrid".into(), ..Party::default() },
            buyer: Party { tax_code: "54362315K".into(), name: "Lucía Pérez".into(), ..Party::default() },
            lines: (0..lines)
                .map(|i| Line { concept: format!("Clase práctica {i}"), quantity: 1500, price: 3000, gross: 4500, discount: 0, base: 4500, tax_code: "01".into(), tax_rate: 2100, tax: 945 })
                .collect(),
            taxes: vec![("IVA".into(), TaxSummary { tax_code: "01".into(), rate: 2100, base: 4500, tax: 945 })],
            base: 4500,
            tax: 945,
            total: 5445,
            payments: vec![("2025-03-02".into(), "bizum".into(), 1000)],
            outstanding: Some(4445),
            notes: String::new(),
            qr: Some(("https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B58378431&numserie=A2025%2F000007&fecha=01-03-2025&importe=54.45".into(), "Factura verificable en la sede electrónica de la AEAT".into())),
            iban: String::new(),
        }
    }

    use volante_plugin_sdk::pdf::check::xref as check_xref;

    #[test]
    fn renders_a_valid_pdf() {
        let pdf = render(&sample(3));
        assert!(pdf.starts_with(b"%PDF-1.4\n") && pdf.ends_with(b"%%EOF\n"));
        assert_eq!(check_xref(&pdf), 6);
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.contains("(N\\272 A2025/000007) Tj"));
        assert!(text.contains("(Autoescuela N\\372\\361ez \\(Centro\\)) Tj"));
        assert!(text.contains("(54,45 \\200) Tj"));
        assert!(text.contains(" re\n"), "the QR is drawn");
    }

    #[test]
    fn long_documents_get_more_pages() {
        let pdf = render(&sample(120));
        let pages = check_xref(&pdf);
        assert_eq!((pages - 4) / 2, 3);
    }

    #[test]
    fn formats() {
        assert_eq!(amount_es(123_456_789), "1.234.567,89 €");
        assert_eq!(amount_es(5), "0,05 €");
        assert_eq!(amount_es(-100_000), "-1.000,00 €");
        assert_eq!(date_es("2025-03-01"), "01/03/2025");
        assert_eq!(quantity_es(1500), "1,5");
        assert_eq!(quantity_es(2000), "2");
            }
}

/// Writes a sample PDF for checking with external tools:
/// `BILLING_PDF_OUT=/tmp/x.pdf cargo test -p billing --lib pdf::sample_file`.
#[cfg(test)]
#[test]
fn sample_file() {
    if let Ok(path) = std::env::var("BILLING_PDF_OUT") {
        std::fs::write(path, render(&tests::sample(3))).unwrap();
    }
}
