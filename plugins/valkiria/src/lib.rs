//! Volante's `valkiria` plugin: a driving school's online theory tests. A bank of DGT-style
//! questions per licence class sorted into blocks, the tests made of them, the students enrolled
//! per licence until a date who take them on the classroom computers, and every attempt with its
//! answers, from which the reports come. The spec's `valkiria/` and `test/theory/` calls; see
//! README.md.
//!
//! - `bank`: blocks, questions, translations and tests;
//! - `students`: students, enrolments and their renewal, PINs, credentials, resets;
//! - `results`: taking a test and the reports on the attempts;
//! - `doubts`: the students' doubts about questions, read and answered by the staff;
//! - `online`: the students' personal links to take their tests at home;
//! - `dates` and `pin`: the pure logic (calendar arithmetic, PIN hashing).

use std::collections::BTreeMap;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource;
use volante_plugin_sdk::{host, validate};

pub mod bank;
pub mod bank_copy;
pub mod dates;
pub mod doubts;
pub mod online;
pub mod pin;
pub mod results;
pub mod students;

pub use bank::{Block, Question, Test};
pub use students::{Enrolment, Student};

/// The one permission of the module.
pub const PERMISSION: &str = "valkiria";

/// The languages a question may be translated into besides Spanish: the co-official ones and
/// those the DGT examines in.
pub const LANGUAGES: [&str; 6] = ["ca", "eu", "gl", "en", "fr", "de"];

/// The permit-A family: enrolled through `valkiria/permisoa/assigncourse`.
pub const PERMIT_A: [&str; 4] = ["AM", "A1", "A2", "A"];

/// One licence class of the fixed list, upper-cased; required.
pub use volante_plugin_sdk::validate::licence_class as licence;

/// Where a licence class stands in the spec's list (lists of licences follow it).
pub fn licence_rank(licence: &str) -> usize {
    validate::LICENCE_CLASSES.iter().position(|c| *c == licence).unwrap_or(usize::MAX)
}

/// The permit-A family rule: its classes are enrolled only through the permit-A call, the
/// others only through the general one.
pub fn family_rule(licence: &str, permit_a: bool) -> Result<()> {
    let in_family = PERMIT_A.contains(&licence);
    if permit_a && !in_family {
        return Err(Error::invalid_field("licence", format!("El curso del permiso A solo matricula en los permisos AM, A1, A2 y A, no en {licence}")));
    }
    if !permit_a && in_family {
        return Err(Error::invalid_field("licence", format!("El permiso {licence} se matricula desde el curso del permiso A (valkiria/permisoa/assigncourse)")));
    }
    Ok(())
}

/// A translation language (`es` too when `spanish`), or `REQ-102` on `language`.
pub fn language(value: &str, spanish: bool) -> Result<String> {
    let value = value.trim().to_lowercase();
    if (spanish && value == "es") || LANGUAGES.contains(&value.as_str()) {
        return Ok(value);
    }
    let allowed = if spanish { "es, ca, eu, gl, en, fr, de" } else { "ca, eu, gl, en, fr, de" };
    Err(Error::invalid_field("language", format!("El idioma debe ser uno de: {allowed}")))
}

/// Today in Spain (the peninsula): what a school calls today.
pub fn today() -> String {
    host::spanish_today()
}

pub use volante_plugin_sdk::sql::id_list;

/// Distinct ids in ascending order (for `IN` lists).
pub fn distinct(ids: impl IntoIterator<Item = i64>) -> Vec<i64> {
    ids.into_iter().collect::<std::collections::BTreeSet<_>>().into_iter().collect()
}

/// `part` of `whole` as a whole percentage (half up); `None` when `whole` is 0.
pub fn percent(part: i64, whole: i64) -> Option<i64> {
    (whole > 0).then(|| (200 * part + whole) / (2 * whole))
}

/// `sum / count` with two decimals; `None` when `count` is 0.
pub fn average(sum: i64, count: i64) -> Option<f64> {
    (count > 0).then(|| (sum as f64 / count as f64 * 100.0).round() / 100.0)
}

/// Records of the business by id: `NOT-FOUND-000` ("Pregunta no encontrada"), and
/// `CONFLICT-000` for a write on a deleted one ("La pregunta está eliminada").
pub use volante_plugin_sdk::resource::{deleted, find, find_live};

/// The `state` of an update body, taken out of it: `None`, or `active`, `inactive` or `deleted`.
pub fn take_state(body: &mut serde_json::Map<String, Value>) -> Result<Option<String>> {
    match body.remove("state") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if ["active", "inactive", "deleted"].contains(&s.as_str()) => Ok(Some(s)),
        Some(_) => Err(Error::invalid_field("state", "El estado debe ser active, inactive o deleted")),
    }
}

/// An update with the fields that change (`patch`) and maybe a new state: `deleted` marks the
/// record deleted (the fields are then ignored); `active` or `inactive` brings a deleted record
/// back, checked again as a write; no state updates a live record (a deleted one is refused).
pub fn update_with_state<R: Resource>(ctx: &Ctx, id: i64, patch: serde_json::Map<String, Value>, state: Option<&str>) -> Result<Record<R>> {
    let existing = find::<R>(ctx, id)?;
    match state {
        None => {
            if existing.state == "deleted" {
                return Err(deleted::<R>());
            }
            resource::update::<R>(ctx, id, Value::Object(patch))
        }
        Some("deleted") => resource::delete::<R>(ctx, id),
        Some(state) => {
            if existing.state == "deleted" {
                // Back to life: the record is checked again (`prepare`) as any write is.
                sql::execute(
                    &format!("UPDATE {} SET state = 'inactive', updated_at = $1 WHERE business_id = $2 AND id = $3", R::TABLE),
                    &params![host::now(), ctx.business_id, id],
                )?;
            }
            resource::update::<R>(ctx, id, Value::Object(patch))?;
            resource::set_state::<R>(ctx, id, Some(state))
        }
    }
}

/// The names of some rows of `table` (any state) by id.
pub fn names(ctx: &Ctx, table: &str, ids: impl IntoIterator<Item = i64>) -> Result<BTreeMap<i64, String>> {
    #[derive(Deserialize)]
    struct Named {
        id: i64,
        name: String,
    }
    let ids = distinct(ids);
    if ids.is_empty() {
        return Ok(BTreeMap::new());
    }
    let mut params = params![ctx.business_id];
    let list = id_list(&mut params, &ids);
    let rows: Vec<Named> = sql::query_as(&format!("SELECT id, name FROM {table} WHERE business_id = $1 AND id IN ({list})"), &params)?;
    Ok(rows.into_iter().map(|n| (n.id, n.name)).collect())
}

/// A record as its JSON object, to add what a view shows beside it.
pub fn record_value<R: Resource>(record: &Record<R>) -> Result<Value> {
    Ok(serde_json::to_value(record)?)
}

pub struct Valkiria;

impl Plugin for Valkiria {
    fn router() -> Router {
        let router = bank::routes(Router::new());
        let router = students::routes(router);
        let router = results::routes(router);
        let router = online::routes(router);
        doubts::routes(router)
    }

    fn invoke(ctx: &Ctx, function: &str, args_json: &str) -> std::result::Result<String, String> {
        // The provider copies a model school's question bank into another (`[[copies]]`).
        if let Some(answer) = bank_copy::invoke(ctx, function, args_json) {
            return answer;
        }
        match function {
            // The products plugin's processes: a buyer of the online shop gets (or extends) their
            // access to the online tests (`students::grant_access`).
            "valkiria.access" => {
                let body: students::Access = serde_json::from_str(args_json).map_err(|e| e.to_string())?;
                let granted = students::grant_access(ctx, body).map_err(|e| e.details)?;
                serde_json::to_string(&granted).map_err(|e| e.to_string())
            }
            // The products plugin's processes: how many times the buyer may repeat each test.
            "valkiria.repetitions" => {
                let body: students::Repetitions = serde_json::from_str(args_json).map_err(|e| e.to_string())?;
                let set = students::set_repetitions(ctx, body).map_err(|e| e.details)?;
                serde_json::to_string(&set).map_err(|e| e.to_string())
            }
            // The online shop's customer area: the signed-in customer's link to the online tests.
            "valkiria.online" => {
                let whom: online::Whom = serde_json::from_str(args_json).map_err(|e| e.to_string())?;
                let link = online::online_of(ctx, &whom).map_err(|e| e.details)?;
                serde_json::to_string(&link).map_err(|e| e.to_string())
            }
            other => Err(format!("unknown function `{other}`")),
        }
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .resource::<Block>()
            .resource::<Question>()
            .resource::<Test>()
            .resource::<Student>()
            .resource::<doubts::Doubt>()
            .add::<bank::BlockUpdate>("valkiria_block_update")
            .add::<bank::QuestionUpdate>("valkiria_question_update")
            .add::<bank::TranslationBody>("valkiria_translation")
            .add::<bank::TestUpdate>("valkiria_test_update")
            .add::<bank::TestExpire>("valkiria_test_expire")
            .add::<students::Assign>("valkiria_assign")
            .add::<students::StudentUpdate>("valkiria_student_update")
            .add::<students::EnrolmentUpdate>("valkiria_enrolment_update")
            .add::<students::Expire>("valkiria_expire")
            .add::<students::DniExpire>("valkiria_dni_expire")
            .add::<students::BulkExpire>("valkiria_bulk_expire")
            .add::<students::StudentRef>("valkiria_student_ref")
            .add::<students::TwoFactor>("valkiria_twofactor")
            .add::<students::ResetBody>("valkiria_reset")
            .add::<results::Take>("valkiria_take")
            .add::<results::Evolution>("valkiria_evolution")
            .add::<results::TemaryResume>("valkiria_temary_resume")
            .add::<online::OnlineBody>("valkiria_online")
            .add::<doubts::Ask>("valkiria_doubt_ask")
            .add::<doubts::MarkRead>("valkiria_doubt_read")
            .add::<doubts::Reply>("valkiria_doubt_reply")
            .add::<doubts::MarkAll>("valkiria_doubt_read_all")
            .add::<doubts::DoubtRef>("valkiria_doubt_ref");
    }
}

volante_plugin_sdk::plugin!(Valkiria);

#[cfg(test)]
mod tests {
    use super::*;


    #[test]
    fn licences_are_the_specs() {
        assert_eq!(licence("licence", " b ").unwrap(), "B");
        assert_eq!(licence("licence", "a2").unwrap(), "A2");
        let err = licence("licence", "Z").unwrap_err();
        assert_eq!((err.field(), err.details.as_str()), (Some("licence"), "El permiso Z no existe"));
        assert_eq!(licence("licence", "").unwrap_err().details, "El campo licence es obligatorio");
        assert!(licence_rank("A") < licence_rank("B") && licence_rank("B") < licence_rank("RPV"));
    }

    #[test]
    fn the_permit_a_family_goes_through_its_own_call() {
        for class in PERMIT_A {
            assert!(family_rule(class, true).is_ok());
            assert_eq!(family_rule(class, false).unwrap_err().field(), Some("licence"));
        }
        for class in ["B", "C", "AML", "LCM"] {
            assert!(family_rule(class, false).is_ok());
            let err = family_rule(class, true).unwrap_err();
            assert_eq!((err.code.as_str(), err.field()), ("REQ-102", Some("licence")));
        }
    }

    #[test]
    fn languages() {
        assert_eq!(language("EN", false).unwrap(), "en");
        assert_eq!(language("es", true).unwrap(), "es");
        assert_eq!(language("es", false).unwrap_err().field(), Some("language"));
        assert_eq!(language("pt", true).unwrap_err().details, "El idioma debe ser uno de: es, ca, eu, gl, en, fr, de");
    }

    #[test]
    fn percentages_and_averages_round_half_up() {
        assert_eq!(percent(0, 0), None);
        assert_eq!(percent(1, 3), Some(33));
        assert_eq!(percent(2, 3), Some(67));
        assert_eq!(percent(1, 8), Some(13));
        assert_eq!(percent(5, 5), Some(100));
        assert_eq!(average(7, 3), Some(2.33));
        assert_eq!(average(0, 0), None);
        assert_eq!(average(3, 2), Some(1.5));
    }

    #[test]
    fn states_of_an_update_body() {
        let mut body = serde_json::Map::new();
        assert_eq!(take_state(&mut body).unwrap(), None);
        body.insert("state".into(), json!("deleted"));
        assert_eq!(take_state(&mut body).unwrap().as_deref(), Some("deleted"));
        assert!(!body.contains_key("state"));
        body.insert("state".into(), json!("archivado"));
        assert_eq!(take_state(&mut body).unwrap_err().field(), Some("state"));
    }
}
