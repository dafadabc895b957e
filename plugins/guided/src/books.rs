//! The digital books: the school's syllabi, read from the temary module through the functions it
//! exports (`temary.books`, `temary.book`, `temary.materials`), never from its tables. Without
//! the temary service for the business the books' calls and the syllabus resources are refused
//! with `CONFLICT-000` ("El módulo de temarios no está activo"); a class's read shows them as
//! missing instead. Also the coverage of a group's book by its classes.

use std::collections::{BTreeMap, BTreeSet};

use serde::de::DeserializeOwned;
use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::{log, plugins};

use crate::groups::Group;
use crate::{find, query_id};

/// The temary module's plugin id (and its service's).
pub const TEMARY: &str = "temary";

/// `CONFLICT-000`'s text when the temary module is off.
pub const OFF: &str = "El módulo de temarios no está activo";

pub fn off() -> Error {
    Error::conflict(OFF).with_data(json!({ "module": TEMARY }))
}

/// Whether the business (and caller) have the temary module on.
pub fn available(ctx: &Ctx) -> bool {
    ctx.has_service(TEMARY)
}

/// Whether the host refused to pass a call on to the temary module (not installed, its service
/// off, the function missing), rather than the module refusing what was asked.
pub fn host_refusal(reason: &str) -> bool {
    plugins::refused_by_host(reason)
}

/// Call one of the temary module's functions: `CONFLICT-000` when the module is off; otherwise
/// its answer, or its refusal's text.
fn call<T: DeserializeOwned>(ctx: &Ctx, function: &str, args: &Value) -> Result<std::result::Result<T, String>> {
    if !available(ctx) {
        return Err(off());
    }
    match plugins::try_call::<_, T>(TEMARY, function, args) {
        Ok(answer) => Ok(Ok(answer)),
        Err(reason) if host_refusal(&reason) => {
            log::warn(&format!("{TEMARY}/{function}: {reason}"));
            Err(off())
        }
        Err(reason) => Ok(Err(reason)),
    }
}

/// `NOT-FOUND-000` for a book.
fn book_not_found(id: i64) -> Error {
    Error::new(codes::NOT_FOUND, "Libro no encontrado").with_data(json!({ "entity": "Libro", "id": id }))
}

/// The book `id` with its live parts in order (`temary.book`; `outline`: sections without their
/// text): `Ok(Err(reason))` when the temary module refuses it (not the business's, deleted, or
/// not published without `any_status`).
pub fn book(ctx: &Ctx, id: i64, any_status: bool, outline: bool) -> Result<std::result::Result<Value, String>> {
    call(ctx, "temary.book", &json!({ "id": id, "any_status": any_status, "outline": outline }))
}

/// What a group's read says of its book: `{id, name, category, status, state}`, with `state`
/// `deleted` (and no name) when the syllabus is gone; null without a book or with the temary
/// module off.
pub fn summary(ctx: &Ctx, temary_id: Option<i64>) -> Result<Value> {
    let Some(id) = temary_id else { return Ok(Value::Null) };
    if !available(ctx) {
        return Ok(Value::Null);
    }
    Ok(match book(ctx, id, true, true) {
        Ok(Ok(b)) => json!({ "id": id, "name": b["name"], "category": b["category"], "status": b["status"], "state": b["state"] }),
        Ok(Err(_)) => json!({ "id": id, "name": null, "category": null, "status": null, "state": "deleted" }),
        Err(err) if err.code == codes::CONFLICT => Value::Null,
        Err(err) => return Err(err),
    })
}

/// A group's `temary_id` must be a live syllabus of the business (in development too): `REQ-102`
/// otherwise, `CONFLICT-000` with the temary module off.
pub fn check_group_book(ctx: &Ctx, id: i64) -> Result<()> {
    match book(ctx, id, true, true)? {
        Ok(_) => Ok(()),
        Err(reason) => {
            log::info(&format!("temary {id} for a group: {reason}"));
            Err(Error::invalid_field("temary_id", "El libro no existe"))
        }
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ListingQuery {
    pub search: String,
    pub category: String,
}

/// `GET clase/libro/digital/listado`: the published books by name (`search`, `category`).
fn listing(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ListingQuery = req.query()?;
    call::<Value>(ctx, "temary.books", &json!({ "search": q.search, "category": q.category }))?.map_err(Error::internal)
}

/// `GET clase/libro/digital/recursos`: a book's contents in order, to choose resources from. A
/// book in development is read when it is the book of one of the business's live groups.
fn contents(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id = query_id(req, "book_id")?;
    let followed: Option<i64> = sql::query_optional(
        "SELECT id FROM guided_group WHERE business_id = $1 AND temary_id = $2 AND state <> 'deleted' LIMIT 1",
        &params![ctx.business_id, id],
    )?;
    book(ctx, id, followed.is_some(), true)?.map_err(|reason| {
        log::info(&format!("book {id}: {reason}"));
        book_not_found(id)
    })
}

/// What a class shows of a syllabus resource: the part's content, or none when it is gone.
#[derive(Debug, Clone, Default)]
pub struct Materials {
    subthemes: BTreeMap<i64, Value>,
    sheets: BTreeMap<i64, Value>,
    videos: BTreeMap<i64, Value>,
}

impl Materials {
    /// The live parts among these ids (`temary.materials`); none when the temary module is off
    /// (or nothing is asked), so that the class still reads.
    pub fn read(ctx: &Ctx, subthemes: &[i64], sheets: &[i64], videos: &[i64]) -> Result<Materials> {
        if subthemes.is_empty() && sheets.is_empty() && videos.is_empty() {
            return Ok(Materials::default());
        }
        #[derive(Deserialize, Default)]
        #[serde(default)]
        struct Answer {
            subthemes: Vec<Value>,
            sheets: Vec<Value>,
            videos: Vec<Value>,
        }
        let args = json!({ "subthemes": distinct(subthemes), "sheets": distinct(sheets), "videos": distinct(videos) });
        let answer: Answer = match call(ctx, "temary.materials", &args) {
            Ok(Ok(answer)) => answer,
            Ok(Err(reason)) => return Err(Error::internal(format!("temary.materials: {reason}"))),
            Err(err) if err.code == codes::CONFLICT => return Ok(Materials::default()),
            Err(err) => return Err(err),
        };
        let live = |list: Vec<Value>| -> BTreeMap<i64, Value> {
            list.into_iter().filter(|p| p["state"] != "deleted").filter_map(|p| Some((p["id"].as_i64()?, p))).collect()
        };
        Ok(Materials { subthemes: live(answer.subthemes), sheets: live(answer.sheets), videos: live(answer.videos) })
    }

    /// The live part `id` of `kind` (`subtheme`, `sheet` or `video`).
    pub fn get(&self, kind: &str, id: i64) -> Option<&Value> {
        match kind {
            "subtheme" => self.subthemes.get(&id),
            "sheet" => self.sheets.get(&id),
            "video" => self.videos.get(&id),
            _ => None,
        }
    }
}

fn distinct(ids: &[i64]) -> Vec<i64> {
    ids.iter().copied().collect::<BTreeSet<_>>().into_iter().collect()
}

/// A syllabus part chosen for a class (`kind` `subtheme`, `sheet` or `video`, in `field`) must be
/// live in the business's syllabi and, when the group follows a book, in that book: `REQ-102` on
/// the field otherwise, `CONFLICT-000` with the temary module off. Answers the part's title.
pub fn check_part(ctx: &Ctx, group: &Group, kind: &str, field: &str, id: i64) -> Result<String> {
    let one = [id];
    let (subthemes, sheets, videos): (&[i64], &[i64], &[i64]) = match kind {
        "subtheme" => (&one, &[], &[]),
        "sheet" => (&[], &one, &[]),
        _ => (&[], &[], &one),
    };
    if !available(ctx) {
        return Err(off());
    }
    let materials = Materials::read(ctx, subthemes, sheets, videos)?;
    let label = match kind {
        "subtheme" => "El subtema",
        "sheet" => "La ficha",
        _ => "El vídeo",
    };
    let Some(part) = materials.get(kind, id) else {
        return Err(Error::invalid_field(field, format!("{label} no existe en los temarios")));
    };
    if group.temary_id.is_some_and(|book| part["temary_id"].as_i64() != Some(book)) {
        return Err(Error::invalid_field(field, format!("{label} no es del libro del grupo")));
    }
    Ok(part["title"].as_str().unwrap_or_default().to_string())
}

/// A book's outline as `temary.book` answers it, as far as coverage needs.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct Outline {
    pub id: i64,
    pub name: String,
    pub category: String,
    pub status: String,
    pub themes: Vec<OutlineTheme>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct OutlineTheme {
    pub id: i64,
    pub position: i64,
    pub title: String,
    pub subthemes: Vec<OutlineSubtheme>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct OutlineSubtheme {
    pub id: i64,
    pub position: i64,
    pub title: String,
    pub sheets: Vec<PartId>,
    pub videos: Vec<PartId>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct PartId {
    pub id: i64,
}

/// A syllabus resource of one of a group's live classes: which part it shows, in which class.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Use {
    pub kind: String,
    pub subtheme_id: Option<i64>,
    pub sheet_id: Option<i64>,
    pub video_id: Option<i64>,
    pub class_id: i64,
    pub title: String,
    pub position: i64,
    pub status: String,
}

/// The book's themes and subthemes, each subtheme with `classes` (`[{id, title, position,
/// status}]`, by position: the classes with a resource of the subtheme or of one of its sheets
/// or videos), and the totals `{subthemes, covered, given}` (`given`: covered by a class
/// already given).
pub fn coverage(outline: &Outline, uses: &[Use]) -> (Vec<Value>, Value) {
    // Which subtheme each part belongs to.
    let mut subtheme_of: BTreeMap<(&str, i64), i64> = BTreeMap::new();
    for subtheme in outline.themes.iter().flat_map(|t| &t.subthemes) {
        subtheme_of.insert(("subtheme", subtheme.id), subtheme.id);
        subtheme_of.extend(subtheme.sheets.iter().map(|p| (("sheet", p.id), subtheme.id)));
        subtheme_of.extend(subtheme.videos.iter().map(|p| (("video", p.id), subtheme.id)));
    }
    let mut classes: BTreeMap<i64, BTreeMap<(i64, i64), &Use>> = BTreeMap::new();
    for u in uses {
        let part = match u.kind.as_str() {
            "subtheme" => u.subtheme_id,
            "sheet" => u.sheet_id,
            "video" => u.video_id,
            _ => None,
        };
        let Some(subtheme) = part.and_then(|id| subtheme_of.get(&(u.kind.as_str(), id))) else { continue };
        classes.entry(*subtheme).or_default().insert((u.position, u.class_id), u);
    }
    let (mut total, mut covered, mut given) = (0, 0, 0);
    let themes = outline
        .themes
        .iter()
        .map(|theme| {
            let subthemes: Vec<Value> = theme
                .subthemes
                .iter()
                .map(|s| {
                    let list: Vec<&Use> = classes.get(&s.id).map(|c| c.values().copied().collect()).unwrap_or_default();
                    total += 1;
                    covered += i64::from(!list.is_empty());
                    given += i64::from(list.iter().any(|u| u.status == "given"));
                    let list: Vec<Value> =
                        list.iter().map(|u| json!({ "id": u.class_id, "title": u.title, "position": u.position, "status": u.status })).collect();
                    json!({ "id": s.id, "position": s.position, "title": s.title, "classes": list })
                })
                .collect();
            json!({ "id": theme.id, "position": theme.position, "title": theme.title, "subthemes": subthemes })
        })
        .collect();
    (themes, json!({ "subthemes": total, "covered": covered, "given": given }))
}

/// `GET clase/guiada/temary/list`: the group's book outline with what its classes cover.
fn group_coverage(ctx: &Ctx, req: &Req) -> Result<Value> {
    let group_id = query_id(req, "group_id")?;
    let group = find::<Group>(ctx, group_id)?;
    let Some(book_id) = group.data.temary_id else {
        return Err(Error::invalid_field("group_id", "El grupo no sigue ningún libro"));
    };
    let outline: Outline = match book(ctx, book_id, true, true)? {
        Ok(book) => serde_json::from_value(book)?,
        Err(reason) => {
            log::info(&format!("book {book_id} of group {group_id}: {reason}"));
            return Err(book_not_found(book_id));
        }
    };
    let uses: Vec<Use> = sql::query_as(
        "SELECT r.kind, r.subtheme_id, r.sheet_id, r.video_id, c.id AS class_id, c.title, c.position, c.status \
         FROM guided_resource r JOIN guided_class c ON c.id = r.class_id AND c.business_id = r.business_id \
         WHERE r.business_id = $1 AND c.group_id = $2 AND r.state <> 'deleted' AND c.state <> 'deleted' \
         AND r.kind IN ('subtheme', 'sheet', 'video')",
        &params![ctx.business_id, group.id],
    )?;
    let (themes, totals) = coverage(&outline, &uses);
    Ok(json!({
        "group_id": group.id, "id": outline.id, "name": outline.name, "category": outline.category, "status": outline.status,
        "themes": themes, "totals": totals,
    }))
}

/// The routes of the books and the coverage.
pub fn routes(router: Router) -> Router {
    router
        .get("clase/libro/digital/listado", listing)
        .get("clase/libro/digital/recursos", contents)
        .get("clase/guiada/temary/list", group_coverage)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outline() -> Outline {
        let sub = |id: i64, position: i64, title: &str, sheets: &[i64], videos: &[i64]| OutlineSubtheme {
            id,
            position,
            title: title.into(),
            sheets: sheets.iter().map(|id| PartId { id: *id }).collect(),
            videos: videos.iter().map(|id| PartId { id: *id }).collect(),
        };
        Outline {
            id: 1,
            name: "Permiso B".into(),
            themes: vec![
                OutlineTheme { id: 10, position: 1, title: "Señales".into(), subthemes: vec![sub(100, 1, "Verticales", &[1000], &[]), sub(101, 2, "Marcas viales", &[], &[2000])] },
                OutlineTheme { id: 11, position: 2, title: "Velocidad".into(), subthemes: vec![sub(110, 1, "Límites", &[], &[])] },
            ],
            ..Outline::default()
        }
    }

    fn used(kind: &str, part: i64, class_id: i64, position: i64, status: &str) -> Use {
        Use {
            kind: kind.into(),
            subtheme_id: (kind == "subtheme").then_some(part),
            sheet_id: (kind == "sheet").then_some(part),
            video_id: (kind == "video").then_some(part),
            class_id,
            title: format!("Clase {position}"),
            position,
            status: status.into(),
        }
    }

    fn class_ids(subtheme: &Value) -> Vec<i64> {
        subtheme["classes"].as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect()
    }

    #[test]
    fn a_subtheme_is_covered_by_itself_its_sheets_and_its_videos() {
        let uses = [
            used("sheet", 1000, 7, 3, "pending"),
            used("subtheme", 100, 5, 1, "given"),
            used("subtheme", 100, 7, 3, "pending"), // the same class twice: once
            used("video", 2000, 6, 2, "pending"),
            used("sheet", 9999, 8, 4, "given"),    // not in the book (a part deleted since)
            used("subtheme", 110, 9, 5, "given"),
        ];
        let (themes, totals) = coverage(&outline(), &uses);
        assert_eq!(class_ids(&themes[0]["subthemes"][0]), [5, 7], "by position, each class once");
        assert_eq!(themes[0]["subthemes"][0]["classes"][0], json!({ "id": 5, "title": "Clase 1", "position": 1, "status": "given" }));
        assert_eq!(class_ids(&themes[0]["subthemes"][1]), [6]);
        assert_eq!(class_ids(&themes[1]["subthemes"][0]), [9]);
        assert_eq!((themes[1]["title"].as_str(), themes[1]["subthemes"][0]["title"].as_str()), (Some("Velocidad"), Some("Límites")));
        assert_eq!(totals, json!({ "subthemes": 3, "covered": 3, "given": 2 }));
    }

    #[test]
    fn nothing_used_covers_nothing() {
        let (themes, totals) = coverage(&outline(), &[]);
        assert_eq!(themes.len(), 2);
        assert!(class_ids(&themes[0]["subthemes"][0]).is_empty());
        assert_eq!(totals, json!({ "subthemes": 3, "covered": 0, "given": 0 }));
        let (themes, totals) = coverage(&Outline::default(), &[used("subtheme", 100, 5, 1, "given")]);
        assert!(themes.is_empty());
        assert_eq!(totals, json!({ "subthemes": 0, "covered": 0, "given": 0 }));
    }

    #[test]
    fn the_hosts_refusals_are_told_from_the_modules() {
        assert!(host_refusal("El plugin temary no está instalado"));
        assert!(host_refusal("El servicio de temary no está activo"));
        assert!(host_refusal("El plugin temary no exporta temary.book"));
        assert!(!host_refusal("Temario no encontrado"));
        assert!(!host_refusal("El temario está eliminado"));
        assert_eq!((off().code.as_str(), off().details.as_str()), ("CONFLICT-000", "El módulo de temarios no está activo"));
    }
}
