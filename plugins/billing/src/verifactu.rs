//! VeriFactu (RD 1007/2023, Orden HAC/1177/2024): chained registration (alta) and cancellation
//! (anulación) records with the AEAT's SHA-256 fingerprint (huella), a chain verifier and the
//! QR validation URL.
//!
//! Fingerprint: SHA-256 of the UTF-8 text `name=value&name=value…` with the fields in the AEAT's
//! order, values trimmed, as 64 upper-case hex characters. Registration record:
//! `IDEmisorFactura, NumSerieFactura, FechaExpedicionFactura (dd-mm-yyyy), TipoFactura,
//! CuotaTotal, ImporteTotal, Huella (previous record's; empty for the first),
//! FechaHoraHusoGenRegistro (ISO 8601 with UTC offset)`. Cancellation record:
//! `IDEmisorFacturaAnulada, NumSerieFacturaAnulada, FechaExpedicionFacturaAnulada, Huella,
//! FechaHoraHusoGenRegistro`. The official test vectors are in the tests below.
//!
//! [`qr_url`] gives the QR's text; `crate::qr` draws it (ISO/IEC 18004, level M).

use sha2::{Digest, Sha256};
use volante_plugin_sdk::time::SpanishZone;

/// Production validation endpoint; [`QR_TEST_BASE`] is the AEAT's test environment.
pub const QR_BASE: &str = "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR";
pub const QR_TEST_BASE: &str = "https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR";

/// A registration record (alta) of an issued invoice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registration {
    /// The issuer's NIF.
    pub issuer: String,
    /// Series and number as printed (`A2025/000001`).
    pub number: String,
    /// `dd-mm-yyyy`.
    pub issue_date: String,
    /// `F1` (complete invoice), `F2` (simplified), `R1`… (rectifying).
    pub invoice_type: String,
    /// Total tax, euros with two decimals (`12.35`).
    pub tax_total: String,
    /// Invoice total, euros with two decimals.
    pub total: String,
    /// The previous record's fingerprint; empty for the first record of the chain.
    pub previous: String,
    /// ISO 8601 with offset (`2024-01-01T19:20:30+01:00`).
    pub generated_at: String,
}

/// A cancellation record (anulación) of an invoice registered before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cancellation {
    pub issuer: String,
    pub number: String,
    /// `dd-mm-yyyy`, the cancelled invoice's issue date.
    pub issue_date: String,
    pub previous: String,
    pub generated_at: String,
}

/// Either record, as kept in the chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    Registration(Registration),
    Cancellation(Cancellation),
}

fn join(fields: &[(&str, &str)]) -> String {
    fields.iter().map(|(name, value)| format!("{name}={}", value.trim())).collect::<Vec<_>>().join("&")
}

/// SHA-256 of `text` as upper-case hex.
pub fn sha256_upper_hex(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    digest.iter().map(|b| format!("{b:02X}")).collect()
}

impl Registration {
    /// The text the fingerprint is computed over.
    pub fn chain_text(&self) -> String {
        join(&[
            ("IDEmisorFactura", &self.issuer),
            ("NumSerieFactura", &self.number),
            ("FechaExpedicionFactura", &self.issue_date),
            ("TipoFactura", &self.invoice_type),
            ("CuotaTotal", &self.tax_total),
            ("ImporteTotal", &self.total),
            ("Huella", &self.previous),
            ("FechaHoraHusoGenRegistro", &self.generated_at),
        ])
    }

    pub fn fingerprint(&self) -> String {
        sha256_upper_hex(&self.chain_text())
    }
}

impl Cancellation {
    pub fn chain_text(&self) -> String {
        join(&[
            ("IDEmisorFacturaAnulada", &self.issuer),
            ("NumSerieFacturaAnulada", &self.number),
            ("FechaExpedicionFacturaAnulada", &self.issue_date),
            ("Huella", &self.previous),
            ("FechaHoraHusoGenRegistro", &self.generated_at),
        ])
    }

    pub fn fingerprint(&self) -> String {
        sha256_upper_hex(&self.chain_text())
    }
}

impl Record {
    pub fn fingerprint(&self) -> String {
        match self {
            Record::Registration(r) => r.fingerprint(),
            Record::Cancellation(c) => c.fingerprint(),
        }
    }

    pub fn previous(&self) -> &str {
        match self {
            Record::Registration(r) => &r.previous,
            Record::Cancellation(c) => &c.previous,
        }
    }

    pub fn chain_text(&self) -> String {
        match self {
            Record::Registration(r) => r.chain_text(),
            Record::Cancellation(c) => c.chain_text(),
        }
    }
}

/// Where a chain breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChainError {
    /// Record `index`'s `Huella` is not the previous record's fingerprint (or not empty for the
    /// first record).
    BrokenLink { index: usize, expected: String, found: String },
    /// Record `index`'s stored fingerprint is not the one its fields give (the record was
    /// altered after it was chained).
    Tampered { index: usize, expected: String, stored: String },
}

/// Check a chain in order: each record with the fingerprint stored beside it.
pub fn verify_chain(records: &[(Record, String)]) -> Result<(), ChainError> {
    let mut previous = String::new();
    for (index, (record, stored)) in records.iter().enumerate() {
        if record.previous() != previous {
            return Err(ChainError::BrokenLink { index, expected: previous, found: record.previous().to_string() });
        }
        let computed = record.fingerprint();
        if &computed != stored {
            return Err(ChainError::Tampered { index, expected: computed, stored: stored.clone() });
        }
        previous = computed;
    }
    Ok(())
}

/// `YYYY-MM-DD` → `DD-MM-YYYY` (the tax authority's format); other text unchanged.
pub fn aeat_date(iso: &str) -> String {
    let b = iso.as_bytes();
    if b.len() >= 10 && b[4] == b'-' && b[7] == b'-' {
        format!("{}-{}-{}", &iso[8..10], &iso[5..7], &iso[..4])
    } else {
        iso.to_string()
    }
}

/// A UTC timestamp from the host (`2025-01-31T10:00:00.000Z`) as Europe/Madrid local time with
/// its offset (`2025-01-31T11:00:00+01:00`), as the record's `FechaHoraHusoGenRegistro` wants it.
/// Peninsular time; the Canaries are one hour behind (not distinguished yet). Unparsable input
/// is returned unchanged.
pub fn madrid_timestamp(utc: &str) -> String {
    SpanishZone::Peninsula.timestamp(utc)
}

fn url_encode(text: &str) -> String {
    let mut out = String::new();
    for b in text.trim().bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The QR's text: the AEAT validation URL with the issuer's NIF, the series and number, the
/// issue date (`dd-mm-yyyy`) and the total (euros with two decimals), URL-encoded.
pub fn qr_url(base: &str, issuer: &str, number: &str, issue_date: &str, total: &str) -> String {
    format!(
        "{base}?nif={}&numserie={}&fecha={}&importe={}",
        url_encode(issuer),
        url_encode(number),
        url_encode(issue_date),
        url_encode(total)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIRST: &str = "3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60";
    const SECOND: &str = "F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97";
    const CANCEL: &str = "177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68";

    fn first() -> Registration {
        Registration {
            issuer: "89890001K".into(),
            number: "12345678/G33".into(),
            issue_date: "01-01-2024".into(),
            invoice_type: "F1".into(),
            tax_total: "12.35".into(),
            total: "123.45".into(),
            previous: String::new(),
            generated_at: "2024-01-01T19:20:30+01:00".into(),
        }
    }

    fn official_chain() -> Vec<(Record, String)> {
        let a = first();
        let b = Registration {
            number: "12345679/G34".into(),
            previous: a.fingerprint(),
            generated_at: "2024-01-01T19:20:35+01:00".into(),
            ..first()
        };
        let c = Cancellation {
            issuer: "89890001K".into(),
            number: "12345679/G34".into(),
            issue_date: "01-01-2024".into(),
            previous: b.fingerprint(),
            generated_at: "2024-01-01T19:20:40+01:00".into(),
        };
        let (fa, fb, fc) = (a.fingerprint(), b.fingerprint(), c.fingerprint());
        vec![(Record::Registration(a), fa), (Record::Registration(b), fb), (Record::Cancellation(c), fc)]
    }

    #[test]
    fn official_test_vectors() {
        let a = first();
        assert_eq!(
            a.chain_text(),
            "IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00"
        );
        assert_eq!(a.fingerprint(), FIRST);
        let chain = official_chain();
        assert_eq!(chain[1].1, SECOND);
        assert_eq!(chain[2].1, CANCEL);
        assert!(chain[2].0.chain_text().starts_with("IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345679/G34&"));
    }

    #[test]
    fn values_are_trimmed() {
        let mut a = first();
        a.number = " 12345678/G33 ".into();
        assert_eq!(a.fingerprint(), FIRST);
    }

    #[test]
    fn verifier_accepts_the_official_chain_and_detects_breaks() {
        let chain = official_chain();
        assert_eq!(verify_chain(&chain), Ok(()));
        assert_eq!(verify_chain(&[]), Ok(()));

        // A record removed from the middle: the next one no longer links.
        let gap = vec![chain[0].clone(), chain[2].clone()];
        assert!(matches!(verify_chain(&gap), Err(ChainError::BrokenLink { index: 1, .. })));

        // An amount altered after chaining: the stored fingerprint no longer matches.
        let mut altered = chain.clone();
        if let Record::Registration(r) = &mut altered[1].0 {
            r.total = "1.00".into();
        }
        assert!(matches!(verify_chain(&altered), Err(ChainError::Tampered { index: 1, .. })));

        // Reordered records.
        let swapped = vec![chain[1].clone(), chain[0].clone(), chain[2].clone()];
        assert!(matches!(verify_chain(&swapped), Err(ChainError::BrokenLink { index: 0, .. })));

        // A first record that claims a predecessor.
        let mut orphan = first();
        orphan.previous = SECOND.into();
        let f = orphan.fingerprint();
        assert!(matches!(verify_chain(&[(Record::Registration(orphan), f)]), Err(ChainError::BrokenLink { index: 0, .. })));
    }

    #[test]
    fn dates_and_times() {
        assert_eq!(aeat_date("2024-01-31"), "31-01-2024");
        // The zone's rules are tested in the SDK (`time`); here, the record's format.
        assert_eq!(madrid_timestamp("2024-01-01T18:20:30.000Z"), "2024-01-01T19:20:30+01:00");
        assert_eq!(madrid_timestamp("2024-07-01T10:00:00.000Z"), "2024-07-01T12:00:00+02:00");
    }

    #[test]
    fn qr_url_is_the_aeat_validation_url() {
        assert_eq!(
            qr_url(QR_BASE, "89890001K", "12345678/G33", "01-01-2024", "123.45"),
            "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%2FG33&fecha=01-01-2024&importe=123.45"
        );
        assert!(qr_url(QR_TEST_BASE, "B1", "A 1&2", "01-01-2024", "1.00").contains("numserie=A%201%262&"));
    }
}
