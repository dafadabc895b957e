//! Drawing over a stored PDF's pages (`files.stamp-pdf`, interface 0.1.7): lines of text and
//! PNG/JPEG images at positions given as fractions of the page, as a viewer shows it. The
//! page's own content is kept whole (wrapped in `q … Q`, so a state it leaves changed does not
//! move the marks), and its resources, inherited ones included, are kept beside the new font
//! and images.

use std::collections::BTreeMap;

use lopdf::content::{Content, Operation};
use lopdf::{dictionary, Dictionary, Document, Object, ObjectId, Stream, StringFormat};

/// A mark to draw; `x` from the page's left edge and `y` from its top edge, 0 to 1.
pub struct Mark {
    pub page: u32,
    pub x: f32,
    pub y: f32,
    pub what: MarkKind,
}

pub enum MarkKind {
    /// One line of Helvetica, `size` points; `y` is the baseline.
    Text { text: String, size: f32 },
    /// An image `width` wide (a fraction of the page's width); `y` is its top edge.
    Image { bytes: Vec<u8>, width: f32 },
}

#[derive(Debug, thiserror::Error)]
pub enum StampError {
    #[error("El archivo no es un PDF válido")]
    Pdf(#[from] lopdf::Error),
    #[error("La marca {0} está en la página {1}, que no existe")]
    NoPage(usize, u32),
    #[error("La marca {0} cae fuera de la página (x e y van de 0 a 1)")]
    Outside(usize),
    #[error("La marca {0} tiene un tamaño no válido (texto de 4 a 72 puntos, imagen de más de 0 a 1 de ancho)")]
    Size(usize),
    #[error("La marca {0} tiene un texto de más de 300 caracteres")]
    LongText(usize),
    #[error("La imagen de la marca {0} no es PNG ni JPEG legible")]
    Image(usize),
    #[error("Demasiadas marcas: como mucho 500")]
    TooMany,
}

const FONT: &[u8] = b"VolanteHelv";

/// `bytes` with `marks` drawn over its pages.
pub fn stamp(bytes: &[u8], marks: &[Mark]) -> Result<Vec<u8>, StampError> {
    if marks.len() > 500 {
        return Err(StampError::TooMany);
    }
    let mut doc = Document::load_mem(bytes)?;
    let pages = doc.get_pages();
    for (i, mark) in marks.iter().enumerate() {
        if !pages.contains_key(&mark.page) {
            return Err(StampError::NoPage(i, mark.page));
        }
        if !(0.0..=1.0).contains(&mark.x) || !(0.0..=1.0).contains(&mark.y) {
            return Err(StampError::Outside(i));
        }
        match &mark.what {
            MarkKind::Text { size, .. } if !(4.0..=72.0).contains(size) => return Err(StampError::Size(i)),
            MarkKind::Text { text, .. } if text.chars().count() > 300 => return Err(StampError::LongText(i)),
            MarkKind::Image { width, .. } if !(*width > 0.0 && *width <= 1.0) => return Err(StampError::Size(i)),
            _ => {}
        }
    }
    let font = doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type1",
        "BaseFont" => "Helvetica",
        "Encoding" => "WinAnsiEncoding",
    });
    let mut by_page: BTreeMap<u32, Vec<(usize, &Mark)>> = BTreeMap::new();
    for (i, mark) in marks.iter().enumerate() {
        by_page.entry(mark.page).or_default().push((i, mark));
    }
    for (number, marks) in by_page {
        let page_id = pages[&number];
        let [llx, lly, urx, ury] = media_box(&doc, page_id);
        let (width, height) = (urx - llx, ury - lly);
        let mut resources = effective_resources(&doc, page_id);
        let mut fonts = sub_dictionary(&doc, &resources, b"Font");
        fonts.set(FONT, Object::Reference(font));
        let mut xobjects = sub_dictionary(&doc, &resources, b"XObject");
        let mut ops = vec![Operation::new("q", vec![])];
        for (i, mark) in marks {
            let px = llx + mark.x * width;
            let py = ury - mark.y * height;
            match &mark.what {
                MarkKind::Text { text, size } => {
                    ops.push(Operation::new("BT", vec![]));
                    ops.push(Operation::new("rg", vec![0.into(), 0.into(), 0.into()]));
                    ops.push(Operation::new("Tf", vec![Object::Name(FONT.to_vec()), (*size).into()]));
                    ops.push(Operation::new("Td", vec![px.into(), py.into()]));
                    ops.push(Operation::new("Tj", vec![Object::String(win_ansi(text), StringFormat::Literal)]));
                    ops.push(Operation::new("ET", vec![]));
                }
                MarkKind::Image { bytes, width: fraction } => {
                    let (image, iw, ih) = image_xobject(&mut doc, bytes).ok_or(StampError::Image(i))?;
                    let name = format!("VolanteIm{}", image.0).into_bytes();
                    xobjects.set(name.clone(), Object::Reference(image));
                    let w = fraction * width;
                    let h = w * ih as f32 / iw as f32;
                    ops.push(Operation::new("q", vec![]));
                    ops.push(Operation::new("cm", vec![w.into(), 0.into(), 0.into(), h.into(), px.into(), (py - h).into()]));
                    ops.push(Operation::new("Do", vec![Object::Name(name)]));
                    ops.push(Operation::new("Q", vec![]));
                }
            }
        }
        ops.push(Operation::new("Q", vec![]));
        resources.set("Font", fonts);
        resources.set("XObject", xobjects);
        let ours = Content { operations: ops }.encode()?;
        let before = doc.add_object(Stream::new(Dictionary::new(), b"q\n".to_vec()));
        let after = doc.add_object(Stream::new(Dictionary::new(), [b"Q\n".as_slice(), &ours].concat()));
        let mut contents = vec![Object::Reference(before)];
        match doc.get_dictionary(page_id)?.get(b"Contents") {
            Ok(Object::Reference(id)) => contents.push(Object::Reference(*id)),
            Ok(Object::Array(items)) => contents.extend(items.iter().cloned()),
            _ => {}
        }
        contents.push(Object::Reference(after));
        let page = doc.get_dictionary_mut(page_id)?;
        page.set("Contents", contents);
        page.set("Resources", resources);
    }
    let mut out = Vec::new();
    doc.save_to(&mut out).map_err(lopdf::Error::IO)?;
    Ok(out)
}

/// The page's `MediaBox`, inherited when the page has none (A4 when no node has one).
fn media_box(doc: &Document, page_id: ObjectId) -> [f32; 4] {
    let mut node = doc.get_dictionary(page_id).ok();
    for _ in 0..32 {
        let Some(dict) = node else { break };
        if let Ok(Object::Array(items)) = dict.get(b"MediaBox").and_then(|o| doc.dereference(o)).map(|(_, o)| o) {
            let numbers: Vec<f32> = items.iter().filter_map(|o| o.as_float().ok().or_else(|| o.as_i64().ok().map(|i| i as f32))).collect();
            if let [a, b, c, d] = numbers[..] {
                return [a.min(c), b.min(d), a.max(c), b.max(d)];
            }
        }
        node = dict.get(b"Parent").and_then(Object::as_reference).and_then(|id| doc.get_dictionary(id)).ok();
    }
    [0.0, 0.0, 595.0, 842.0]
}

/// A copy of the resources the page draws with: its own, or the nearest ancestor's.
fn effective_resources(doc: &Document, page_id: ObjectId) -> Dictionary {
    let mut node = doc.get_dictionary(page_id).ok();
    for _ in 0..32 {
        let Some(dict) = node else { break };
        if let Ok(resources) = dict.get(b"Resources") {
            if let Ok((_, Object::Dictionary(resources))) = doc.dereference(resources) {
                return resources.clone();
            }
        }
        node = dict.get(b"Parent").and_then(Object::as_reference).and_then(|id| doc.get_dictionary(id)).ok();
    }
    Dictionary::new()
}

/// A copy of `resources[key]` (a dictionary, given directly or by reference).
fn sub_dictionary(doc: &Document, resources: &Dictionary, key: &[u8]) -> Dictionary {
    match resources.get(key).map(|o| doc.dereference(o)) {
        Ok(Ok((_, Object::Dictionary(d)))) => d.clone(),
        _ => Dictionary::new(),
    }
}

/// An image XObject (RGB, with its alpha as a soft mask when it has any), and its size in pixels.
fn image_xobject(doc: &mut Document, bytes: &[u8]) -> Option<(ObjectId, u32, u32)> {
    let format = image::guess_format(bytes).ok().filter(|f| matches!(f, image::ImageFormat::Png | image::ImageFormat::Jpeg))?;
    let decoded = image::load_from_memory_with_format(bytes, format).ok()?;
    let (w, h) = (decoded.width(), decoded.height());
    if w == 0 || h == 0 || u64::from(w) * u64::from(h) > 25_000_000 {
        return None;
    }
    let rgba = decoded.to_rgba8();
    let rgb: Vec<u8> = rgba.pixels().flat_map(|p| [p.0[0], p.0[1], p.0[2]]).collect();
    let alpha: Vec<u8> = rgba.pixels().map(|p| p.0[3]).collect();
    let mut dict = dictionary! {
        "Type" => "XObject",
        "Subtype" => "Image",
        "Width" => i64::from(w),
        "Height" => i64::from(h),
        "ColorSpace" => "DeviceRGB",
        "BitsPerComponent" => 8,
    };
    if alpha.iter().any(|a| *a != 255) {
        let mut mask = Stream::new(
            dictionary! {
                "Type" => "XObject",
                "Subtype" => "Image",
                "Width" => i64::from(w),
                "Height" => i64::from(h),
                "ColorSpace" => "DeviceGray",
                "BitsPerComponent" => 8,
            },
            alpha,
        );
        mask.compress().ok()?;
        dict.set("SMask", Object::Reference(doc.add_object(mask)));
    }
    let mut stream = Stream::new(dict, rgb);
    stream.compress().ok()?;
    Some((doc.add_object(stream), w, h))
}

/// `text` in WinAnsiEncoding (Helvetica's), one line; what it cannot hold becomes `?`.
fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .filter(|c| !c.is_control())
        .map(|c| match c {
            ' '..='~' => c as u8,
            '\u{a0}'..='\u{ff}' => c as u32 as u8,
            '€' => 0x80,
            '‚' => 0x82,
            '„' => 0x84,
            '…' => 0x85,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            _ => b'?',
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A two-page PDF whose pages inherit their size and resources from the page tree.
    fn two_pages() -> Vec<u8> {
        let mut doc = Document::with_version("1.5");
        let pages_id = doc.new_object_id();
        let font = doc.add_object(dictionary! { "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Courier" });
        let resources = doc.add_object(dictionary! { "Font" => dictionary! { "F1" => font } });
        let mut kids = vec![];
        for text in ["Primera", "Segunda"] {
            let content = Content {
                operations: vec![
                    Operation::new("BT", vec![]),
                    Operation::new("Tf", vec!["F1".into(), 12.into()]),
                    Operation::new("Td", vec![50.into(), 700.into()]),
                    Operation::new("Tj", vec![Object::string_literal(text)]),
                    Operation::new("ET", vec![]),
                ],
            };
            let content = doc.add_object(Stream::new(Dictionary::new(), content.encode().unwrap()));
            kids.push(doc.add_object(dictionary! { "Type" => "Page", "Parent" => pages_id, "Contents" => content }).into());
        }
        doc.objects.insert(
            pages_id,
            Object::Dictionary(dictionary! {
                "Type" => "Pages", "Kids" => kids, "Count" => 2, "Resources" => resources, "MediaBox" => vec![0.into(), 0.into(), 600.into(), 800.into()],
            }),
        );
        let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
        doc.trailer.set("Root", catalog);
        let mut out = Vec::new();
        doc.save_to(&mut out).unwrap();
        out
    }

    fn png(w: u32, h: u32) -> Vec<u8> {
        let img = image::RgbaImage::from_fn(w, h, |x, _| image::Rgba([0, 0, 0, if x % 2 == 0 { 255 } else { 0 }]));
        let mut out = std::io::Cursor::new(Vec::new());
        img.write_to(&mut out, image::ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn text_and_an_image_land_where_asked_and_the_page_keeps_its_own() {
        let marks = vec![
            Mark { page: 2, x: 0.5, y: 0.25, what: MarkKind::Text { text: "Begoña Núñez (tutora) 12€".into(), size: 10.0 } },
            Mark { page: 2, x: 0.1, y: 0.5, what: MarkKind::Image { bytes: png(40, 20), width: 0.5 } },
        ];
        let out = stamp(&two_pages(), &marks).unwrap();
        let doc = Document::load_mem(&out).unwrap();
        let pages = doc.get_pages();
        let second = pages[&2];
        let content = Content::decode(&doc.get_page_content(second).unwrap()).unwrap();
        let ops: Vec<&str> = content.operations.iter().map(|o| o.operator.as_str()).collect();
        // Its own text is still there, inside the wrapper, before ours.
        assert_eq!(ops.first(), Some(&"q"));
        let own = content.operations.iter().position(|o| o.operator == "Tj").unwrap();
        let td = content.operations.iter().rposition(|o| o.operator == "Td").unwrap();
        assert!(own < td);
        // Ours: x = 0.5 × 600, baseline 800 − 0.25 × 800; the text in WinAnsi.
        let at: Vec<f32> = content.operations[td].operands.iter().map(|o| o.as_float().unwrap()).collect();
        assert_eq!(at, vec![300.0, 600.0]);
        let tj = content.operations.iter().rposition(|o| o.operator == "Tj").unwrap();
        assert_eq!(content.operations[tj].operands[0].as_str().unwrap(), b"Bego\xf1a N\xfa\xf1ez (tutora) 12\x80");
        // The image: 300 wide (half the page), 150 high (its aspect), top edge at 400.
        let cm = content.operations.iter().find(|o| o.operator == "cm").unwrap();
        let cm: Vec<f32> = cm.operands.iter().map(|o| o.as_float().unwrap()).collect();
        assert_eq!(cm, vec![300.0, 0.0, 0.0, 150.0, 60.0, 250.0]);
        // The inherited font is still there beside ours, and the image has its soft mask.
        let resources = doc.get_dictionary(second).unwrap().get(b"Resources").unwrap().as_dict().unwrap();
        let fonts = resources.get(b"Font").unwrap().as_dict().unwrap();
        assert!(fonts.has(b"F1") && fonts.has(FONT));
        let (_, image) = resources.get(b"XObject").unwrap().as_dict().unwrap().iter().next().unwrap();
        let image = doc.get_object(image.as_reference().unwrap()).unwrap().as_stream().unwrap();
        assert!(image.dict.has(b"SMask"));
        // The first page is untouched.
        let first = Content::decode(&doc.get_page_content(pages[&1]).unwrap()).unwrap();
        assert_eq!(first.operations.iter().filter(|o| o.operator == "Tj").count(), 1);
    }

    #[test]
    fn bad_marks_are_refused_naming_which() {
        let pdf = two_pages();
        let text = |page, x, y, size| Mark { page, x, y, what: MarkKind::Text { text: "a".into(), size } };
        assert!(matches!(stamp(&pdf, &[text(3, 0.1, 0.1, 10.0)]), Err(StampError::NoPage(0, 3))));
        assert!(matches!(stamp(&pdf, &[text(1, 0.1, 0.1, 10.0), text(1, 1.5, 0.1, 10.0)]), Err(StampError::Outside(1))));
        assert!(matches!(stamp(&pdf, &[text(1, 0.1, 0.1, 200.0)]), Err(StampError::Size(0))));
        let image = Mark { page: 1, x: 0.1, y: 0.1, what: MarkKind::Image { bytes: b"GIF89a".to_vec(), width: 0.2 } };
        assert!(matches!(stamp(&pdf, &[image]), Err(StampError::Image(0))));
        assert!(matches!(stamp(b"not a pdf", &[]), Err(StampError::Pdf(_))));
    }
}
