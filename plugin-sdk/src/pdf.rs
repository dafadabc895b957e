//! A small PDF 1.4 writer for the documents modules hand out (invoices, budgets, a worker's
//! file): A4 pages of text in the standard Helvetica fonts with WinAnsi encoding, so Spanish
//! text and € print without embedding fonts, rules, and any raw drawing operators (a QR code's
//! squares). Nothing is compressed; the output is a few kilobytes per page.
//!
//! ```ignore
//! let mut doc = pdf::Flow::new();
//! doc.heading("FICHA DEL TRABAJADOR");
//! doc.field("Nombre", "Lucía Pérez");
//! let bytes = pdf::write(&doc.finish());
//! ```

/// A4 in points.
pub const PAGE_WIDTH: f64 = 595.0;
pub const PAGE_HEIGHT: f64 = 842.0;
/// The margins [`Flow`] keeps.
pub const MARGIN_LEFT: f64 = 40.0;
pub const MARGIN_RIGHT: f64 = 555.0;
pub const TOP: f64 = 802.0;
pub const BOTTOM: f64 = 50.0;

/// Text as a PDF literal string in WinAnsi: Latin-1 as is, € as 0x80, curly quotes as straight
/// ones, control characters dropped, the rest as `?`.
pub fn string(text: &str) -> String {
    let mut out = String::from("(");
    for c in text.chars() {
        let byte: u32 = match c {
            '€' => 0x80,
            c if (c as u32) < 0x20 => continue,
            c if (c as u32) <= 0xFF => c as u32,
            '‘' | '’' => 0x27,
            '“' | '”' => 0x22,
            _ => '?' as u32,
        };
        match byte {
            0x28 | 0x29 | 0x5C => {
                out.push('\\');
                out.push(char::from_u32(byte).unwrap_or('?'));
            }
            0x20..=0x7E => out.push(char::from_u32(byte).unwrap_or('?')),
            _ => out.push_str(&format!("\\{byte:03o}")),
        }
    }
    out.push(')');
    out
}

/// Helvetica's width of a text in points: the narrow characters right-aligned figures use, the
/// rest counted as 556/1000 em (so a little wide for lower-case text, never too narrow).
pub fn width(text: &str, size: f64) -> f64 {
    let units: u32 = text
        .chars()
        .map(|c| match c {
            '.' | ',' | ' ' | ':' => 278,
            '-' => 333,
            '%' => 889,
            'I' | 'i' | 'l' | 'j' => 222,
            _ => 556,
        })
        .sum();
    units as f64 * size / 1000.0
}

/// Cut a text to at most `max` characters (with an ellipsis).
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(max.saturating_sub(3)).collect::<String>())
    }
}

/// Split a text into lines of at most `max` characters, at spaces where it can.
pub fn wrap(text: &str, max: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let mut word = word.to_string();
            while word.chars().count() > max {
                if !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                }
                let head: String = word.chars().take(max).collect();
                word = word.chars().skip(max).collect();
                lines.push(head);
            }
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > max {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        lines.push(line);
    }
    lines
}

/// One page's content stream.
#[derive(Debug, Clone, Default)]
pub struct Page {
    pub ops: String,
}

impl Page {
    pub fn new() -> Page {
        Page::default()
    }

    /// Text with its baseline starting at (`x`, `y`), from the bottom left in points.
    pub fn text(&mut self, x: f64, y: f64, size: f64, bold: bool, text: &str) {
        let font = if bold { "F2" } else { "F1" };
        self.ops.push_str(&format!("BT /{font} {size} Tf {x:.2} {y:.2} Td {} Tj ET\n", string(text)));
    }

    /// Text ending at `x`.
    pub fn right(&mut self, x: f64, y: f64, size: f64, bold: bool, text: &str) {
        let w = width(text, size) * if bold { 1.05 } else { 1.0 };
        self.text(x - w, y, size, bold, text);
    }

    /// A horizontal half-point rule from `x1` to `x2`.
    pub fn rule(&mut self, x1: f64, y: f64, x2: f64) {
        self.ops.push_str(&format!("0.5 w {x1:.2} {y:.2} m {x2:.2} {y:.2} l S\n"));
    }

    /// Drawing operators as they are (they must leave the graphics state as they found it).
    pub fn raw(&mut self, ops: &str) {
        self.ops.push_str(ops);
    }
}

/// A document written top to bottom: headings, label–value fields, paragraphs and tables,
/// starting a new page when the next block does not fit.
#[derive(Debug, Clone)]
pub struct Flow {
    pages: Vec<Page>,
    page: Page,
    y: f64,
    /// Printed at the foot of every page but the last, when set.
    pub continued: String,
}

impl Default for Flow {
    fn default() -> Flow {
        Flow::new()
    }
}

impl Flow {
    pub fn new() -> Flow {
        Flow { pages: Vec::new(), page: Page::new(), y: TOP, continued: "Continúa en la página siguiente".into() }
    }

    /// The current page and the baseline the next block starts at, to draw on directly.
    pub fn at(&mut self) -> (&mut Page, f64) {
        (&mut self.page, self.y)
    }

    /// Move the next block's baseline down by `points`.
    pub fn down(&mut self, points: f64) {
        self.y -= points;
    }

    /// Make room for `points` of content: a new page when it does not fit on this one.
    pub fn need(&mut self, points: f64) {
        if self.y - points < BOTTOM {
            self.break_page();
        }
    }

    /// Start a new page.
    pub fn break_page(&mut self) {
        if !self.continued.is_empty() {
            self.page.text(MARGIN_LEFT, BOTTOM - 20.0, 8.0, false, &self.continued);
        }
        self.pages.push(std::mem::take(&mut self.page));
        self.y = TOP;
    }

    /// A title in large bold type.
    pub fn title(&mut self, text: &str) {
        self.need(24.0);
        self.page.text(MARGIN_LEFT, self.y, 16.0, true, text);
        self.y -= 24.0;
    }

    /// A section heading with a rule under it.
    pub fn heading(&mut self, text: &str) {
        self.need(40.0);
        self.y -= 6.0;
        self.page.text(MARGIN_LEFT, self.y, 10.0, true, &text.to_uppercase());
        self.page.rule(MARGIN_LEFT, self.y - 4.0, MARGIN_RIGHT);
        self.y -= 18.0;
    }

    /// A label and its value on one line (the value wrapped when long).
    pub fn field(&mut self, label: &str, value: &str) {
        let lines = wrap(value, 70);
        self.need(13.0 * lines.len() as f64);
        self.page.text(MARGIN_LEFT, self.y, 9.0, true, &clip(label, 32));
        for line in lines {
            self.page.text(MARGIN_LEFT + 150.0, self.y, 9.0, false, &line);
            self.y -= 13.0;
        }
    }

    /// Running text, wrapped to the page.
    pub fn paragraph(&mut self, text: &str, size: f64) {
        let max = (95.0 * 9.0 / size) as usize;
        for line in wrap(text, max) {
            self.need(size + 4.0);
            self.page.text(MARGIN_LEFT, self.y, size, false, &line);
            self.y -= size + 4.0;
        }
    }

    /// A table: `columns` are (left x, header, right-aligned, at most characters); its header is
    /// repeated on each page it spans.
    pub fn table(&mut self, columns: &[(f64, &str, bool, usize)], rows: &[Vec<String>]) {
        let header = |page: &mut Page, y: f64| {
            for (x, label, right, _) in columns {
                if *right {
                    page.right(*x, y, 8.0, true, label);
                } else {
                    page.text(*x, y, 8.0, true, label);
                }
            }
            page.rule(MARGIN_LEFT, y - 4.0, MARGIN_RIGHT);
        };
        self.need(30.0);
        header(&mut self.page, self.y);
        self.y -= 16.0;
        for row in rows {
            if self.y - 14.0 < BOTTOM {
                self.break_page();
                header(&mut self.page, self.y);
                self.y -= 16.0;
            }
            for ((x, _, right, max), cell) in columns.iter().zip(row) {
                let cell = clip(cell, *max);
                if *right {
                    self.page.right(*x, self.y, 9.0, false, &cell);
                } else {
                    self.page.text(*x, self.y, 9.0, false, &cell);
                }
            }
            self.y -= 14.0;
        }
        self.y -= 6.0;
    }

    /// The pages, ready for [`write`].
    pub fn finish(mut self) -> Vec<Page> {
        self.pages.push(self.page);
        self.pages
    }
}

/// Assemble the pages into a PDF file: objects, cross-reference table and trailer.
pub fn write(pages: &[Page]) -> Vec<u8> {
    // 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, then per page: page, contents.
    let n = pages.len();
    let mut objects: Vec<String> = vec![
        "<< /Type /Catalog /Pages 2 0 R >>".into(),
        format!("<< /Type /Pages /Kids [{}] /Count {n} >>", (0..n).map(|i| format!("{} 0 R", 5 + 2 * i)).collect::<Vec<_>>().join(" ")),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".into(),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>".into(),
    ];
    for (i, p) in pages.iter().enumerate() {
        objects.push(format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {PAGE_WIDTH} {PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents {} 0 R >>",
            6 + 2 * i
        ));
        objects.push(format!("<< /Length {} >>\nstream\n{}endstream", p.ops.len(), p.ops));
    }
    let mut out = String::from("%PDF-1.4\n");
    let mut offsets = Vec::with_capacity(objects.len());
    for (i, o) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.push_str(&format!("{} 0 obj\n{o}\nendobj\n", i + 1));
    }
    let xref = out.len();
    out.push_str(&format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1));
    for o in offsets {
        out.push_str(&format!("{o:010} 00000 n \n"));
    }
    out.push_str(&format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1));
    out.into_bytes()
}

/// How a module hands a PDF back: `{filename, content_type, base64}` (the UI kit's download
/// helpers read this shape).
pub fn answer(filename: &str, bytes: &[u8]) -> serde_json::Value {
    serde_json::json!({ "filename": filename, "content_type": "application/pdf", "base64": crate::text::base64(bytes) })
}

/// Checks for tests of modules that write PDFs.
pub mod check {
    /// Every xref offset points at its `N 0 obj`; returns the number of objects.
    pub fn xref(pdf: &[u8]) -> usize {
        let text = String::from_utf8_lossy(pdf);
        assert!(text.starts_with("%PDF-1.4\n") && text.ends_with("%%EOF\n"), "not a whole PDF");
        let start: usize = text.rsplit("startxref\n").next().unwrap().lines().next().unwrap().parse().unwrap();
        assert!(text[start..].starts_with("xref\n"));
        let mut lines = text[start..].lines().skip(1);
        let count: usize = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
        lines.next();
        for i in 1..count {
            let offset: usize = lines.next().unwrap()[..10].parse().unwrap();
            assert!(text[offset..].starts_with(&format!("{i} 0 obj\n")), "object {i}");
        }
        count - 1
    }

    /// The number of pages of a PDF [`super::write`] made.
    pub fn pages(pdf: &[u8]) -> usize {
        (xref(pdf) - 4) / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_winansi_literals() {
        assert_eq!(string("a(b)\\ €"), "(a\\(b\\)\\\\ \\200)");
        assert_eq!(string("Núñez"), "(N\\372\\361ez)");
        assert_eq!(string("“x”\n→"), "(\"x\"?)");
    }

    #[test]
    fn wraps_at_spaces_and_cuts_long_words() {
        assert_eq!(wrap("uno dos tres", 7), vec!["uno dos", "tres"]);
        assert_eq!(wrap("abcdefghij", 4), vec!["abcd", "efgh", "ij"]);
        assert_eq!(wrap("a\n\nb", 10), vec!["a", "", "b"]);
        assert_eq!(clip("abcdefgh", 6), "abc...");
    }

    #[test]
    fn a_flow_breaks_pages_and_repeats_the_table_header() {
        let mut flow = Flow::new();
        flow.title("FICHA");
        flow.heading("Datos");
        flow.field("Nombre", "Lucía Pérez (Núñez)");
        let rows: Vec<Vec<String>> = (0..80).map(|i| vec![format!("Curso {i}"), format!("{i}")]).collect();
        flow.table(&[(MARGIN_LEFT, "Curso", false, 60), (MARGIN_RIGHT, "Horas", true, 10)], &rows);
        let pages = flow.finish();
        assert_eq!(pages.len(), 2);
        assert_eq!(pages[1].ops.matches("(Curso) Tj").count(), 1, "the header again on page 2");
        assert!(pages[0].ops.contains("(Contin\\372a en la p\\341gina siguiente) Tj"));
        let pdf = write(&pages);
        assert_eq!(check::pages(&pdf), 2);
        assert!(String::from_utf8_lossy(&pdf).contains("(Luc\\355a P\\351rez \\(N\\372\\361ez\\)) Tj"));
    }
}
