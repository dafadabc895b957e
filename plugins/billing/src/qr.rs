//! The VeriFactu QR code (ISO/IEC 18004, error correction level M) as a module matrix, an SVG
//! and PDF drawing operations. The encoder is the `qrcode` crate (no default features: no
//! image dependencies); rendering is ours.

use qrcode::{Color, EcLevel, QrCode};

/// Dark modules, row by row (`width × width`), without the quiet zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matrix {
    pub width: usize,
    pub dark: Vec<bool>,
}

impl Matrix {
    pub fn is_dark(&self, x: usize, y: usize) -> bool {
        self.dark[y * self.width + x]
    }
}

/// Encode `text` at level M.
pub fn encode(text: &str) -> Result<Matrix, String> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).map_err(|e| e.to_string())?;
    let width = code.width();
    let dark = code.to_colors().into_iter().map(|c| c == Color::Dark).collect();
    Ok(Matrix { width, dark })
}

/// An SVG of the code with a 4-module quiet zone, `size_mm` wide (30–40 mm on the invoice).
pub fn svg(m: &Matrix, size_mm: u32) -> String {
    let full = m.width + 8;
    let mut path = String::new();
    for y in 0..m.width {
        for x in 0..m.width {
            if m.is_dark(x, y) {
                path.push_str(&format!("M{} {}h1v1h-1z", x + 4, y + 4));
            }
        }
    }
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size_mm}mm\" height=\"{size_mm}mm\" viewBox=\"0 0 {full} {full}\" shape-rendering=\"crispEdges\">\
         <rect width=\"{full}\" height=\"{full}\" fill=\"#fff\"/><path d=\"{path}\" fill=\"#000\"/></svg>"
    )
}

/// PDF drawing operators for the code with its lower-left corner at (`x`, `y`) points and
/// `size` points wide including the quiet zone.
pub fn pdf_ops(m: &Matrix, x: f64, y: f64, size: f64) -> String {
    let module = size / (m.width + 8) as f64;
    let mut ops = String::from("q 0 g\n");
    for row in 0..m.width {
        let mut col = 0;
        while col < m.width {
            if m.is_dark(col, row) {
                // One rectangle per run of dark modules in a row.
                let start = col;
                while col < m.width && m.is_dark(col, row) {
                    col += 1;
                }
                let px = x + (start + 4) as f64 * module;
                let py = y + size - (row + 5) as f64 * module;
                ops.push_str(&format!("{px:.3} {py:.3} {:.3} {module:.3} re\n", (col - start) as f64 * module));
            } else {
                col += 1;
            }
        }
    }
    ops.push_str("f Q\n");
    ops
}

#[cfg(test)]
mod tests {
    use super::*;

    const URL: &str = "https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B58378431&numserie=A2025%2F000007&fecha=01-03-2025&importe=508.20";

    #[test]
    fn encodes_at_level_m_with_finder_patterns() {
        let m = encode(URL).unwrap();
        // 128 bytes at level M need version 7 (45 × 45).
        assert_eq!(m.width, 45);
        // Finder patterns: dark 7×7 borders in three corners, light separator beside them.
        for (fx, fy) in [(0, 0), (m.width - 7, 0), (0, m.width - 7)] {
            for i in 0..7 {
                assert!(m.is_dark(fx + i, fy) && m.is_dark(fx, fy + i) && m.is_dark(fx + 6, fy + i) && m.is_dark(fx + i, fy + 6));
            }
            assert!(m.is_dark(fx + 3, fy + 3));
        }
        assert!(!m.is_dark(7, 0) && !m.is_dark(0, 7));
        // Timing pattern on row 6.
        assert!((8..m.width - 8).all(|x| m.is_dark(x, 6) == (x % 2 == 0)));
        assert_eq!(encode(URL).unwrap(), m, "deterministic");
    }

    #[test]
    fn renders_svg_and_pdf() {
        let m = encode("VERI*FACTU").unwrap();
        let s = svg(&m, 35);
        assert!(s.starts_with("<svg ") && s.contains("width=\"35mm\"") && s.contains(&format!("viewBox=\"0 0 {0} {0}\"", m.width + 8)));
        let dark = m.dark.iter().filter(|d| **d).count();
        assert_eq!(s.matches('z').count(), dark);
        let ops = pdf_ops(&m, 40.0, 700.0, 99.0);
        assert!(ops.starts_with("q 0 g\n") && ops.ends_with("f Q\n"));
        // Runs cover exactly the dark modules.
        let module = 99.0 / (m.width + 8) as f64;
        let covered: f64 = ops.lines().filter(|l| l.ends_with(" re")).map(|l| l.split(' ').nth(2).unwrap().parse::<f64>().unwrap() / module).sum();
        assert!((covered - dark as f64).abs() < 0.01 * dark as f64);
    }
}
