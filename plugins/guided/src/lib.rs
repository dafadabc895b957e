//! Volante's `guided` plugin: a driving school's guided classes. A group follows one of the
//! school's syllabi (the temary module's, shown as a digital book) and is a series of classes in
//! order; each class is what the teacher projects, one resource after another (a subtheme of the
//! book, one of its sheets or videos, a link or a note). The spec's `clase/` calls; see
//! README.md.
//!
//! - `groups`: the groups, their copy and their lists;
//! - `classes`: the classes of a group, in order, marked given; a class as the classroom reads it;
//! - `resources`: a class's resources, in order;
//! - `books`: the digital books read from the temary module, and what a group's classes cover;
//! - `checks`: the field checks the SDK lacks (positions within a parent: the SDK's `order`).

use volante_plugin_sdk::prelude::*;

pub mod books;
pub mod checks;
pub mod classes;
pub mod groups;
pub mod resources;

pub use classes::Class;
pub use groups::Group;
pub use resources::ClassResource;

/// The one permission of the module (and its service).
pub const PERMISSION: &str = "guided";

/// Records of the business by id: `NOT-FOUND-000` ("Pregunta no encontrada"), and
/// `CONFLICT-000` for a write on a deleted one ("La pregunta está eliminada").
pub use volante_plugin_sdk::resource::{find, find_live};


/// What a delete answers: `{id, state: "deleted"}`.
pub fn deleted(id: i64) -> Value {
    json!({ "id": id, "state": "deleted" })
}

/// A record as its JSON object, to add what a view shows beside it.
pub fn record_value<R: Resource>(record: &Record<R>) -> Result<Value> {
    Ok(serde_json::to_value(record)?)
}

/// The id in a body's `field` (a positive number, or a numeric string): `REQ-102` otherwise.
pub fn body_ref(body: &serde_json::Map<String, Value>, field: &str) -> Result<i64> {
    match body.get(field) {
        None | Some(Value::Null) => Err(Error::required(field)),
        Some(Value::Number(n)) => n.as_i64().filter(|id| *id > 0).ok_or_else(|| invalid_ref(field)),
        Some(Value::String(s)) => s.trim().parse().ok().filter(|id: &i64| *id > 0).ok_or_else(|| invalid_ref(field)),
        Some(_) => Err(invalid_ref(field)),
    }
}

/// The id in a GET's query parameter `name`: `REQ-102` when missing or not a positive number.
pub fn query_id(req: &Req, name: &str) -> Result<i64> {
    let raw = req.query_value(name).map(str::trim).filter(|v| !v.is_empty()).ok_or_else(|| Error::required(name))?;
    raw.parse().ok().filter(|id: &i64| *id > 0).ok_or_else(|| invalid_ref(name))
}

fn invalid_ref(field: &str) -> Error {
    Error::invalid_field(field, format!("El campo {field} no es válido"))
}

/// Drop what a body may not set: the meta columns and the fields this module keeps itself.
pub fn drop_keys(body: &mut serde_json::Map<String, Value>, keys: &[&str]) {
    for key in keys {
        body.remove(*key);
    }
}

/// A new record's body: a `null` member is as good as left out (its default).
pub fn drop_nulls(body: &mut serde_json::Map<String, Value>) {
    body.retain(|_, value| !value.is_null());
}

/// `{id}` bodies (deletes).
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct IdBody {
    pub id: i64,
}

pub struct Guided;

impl Plugin for Guided {
    fn router() -> Router {
        let router = groups::routes(Router::new());
        let router = classes::routes(router);
        let router = resources::routes(router);
        books::routes(router)
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .resource::<Group>()
            .resource::<Class>()
            .resource::<ClassResource>()
            .add::<groups::GroupUpdate>("guided_group_update")
            .add::<groups::CloneBody>("guided_group_clone")
            .add::<classes::NewClass>("guided_class_new")
            .add::<classes::ClassUpdate>("guided_class_update")
            .add::<resources::NewResource>("guided_resource_new")
            .add::<resources::ResourceUpdate>("guided_resource_update")
            .add::<IdBody>("guided_id");
    }
}

volante_plugin_sdk::plugin!(Guided);

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use volante_plugin_sdk::resource;

    /// The fields a check refuses, in order (none when it passes).
    pub(crate) fn fields(result: Result<()>) -> Vec<String> {
        match result {
            Ok(()) => Vec::new(),
            Err(err) => err.into_list().iter().map(|e| e.field().unwrap_or_default().to_string()).collect(),
        }
    }



    #[test]
    fn ids_in_a_query_are_positive_numbers() {
        assert_eq!(query_id(&Req::get("x", &[("id", "12")]), "id").unwrap(), 12);
        assert_eq!(query_id(&Req::get("x", &[]), "id").unwrap_err().details, "El campo id es obligatorio");
        assert_eq!(query_id(&Req::get("x", &[("id", "")]), "id").unwrap_err().field(), Some("id"));
        for bad in ["0", "-3", "doce", "1.5"] {
            assert_eq!(query_id(&Req::get("x", &[("group_id", bad)]), "group_id").unwrap_err().details, "El campo group_id no es válido", "{bad}");
        }
    }

    #[test]
    fn nulls_in_a_new_record_are_left_out() {
        let mut body = resource::object(json!({ "title": "X", "summary": null, "minutes": 90 })).unwrap();
        drop_nulls(&mut body);
        assert_eq!(Value::Object(body), json!({ "title": "X", "minutes": 90 }));
    }

    #[test]
    fn references_in_a_body_are_positive_ids() {
        let body = |v: Value| resource::object(v).unwrap();
        assert_eq!(body_ref(&body(json!({ "group_id": 4 })), "group_id").unwrap(), 4);
        assert_eq!(body_ref(&body(json!({ "group_id": " 4 " })), "group_id").unwrap(), 4);
        assert_eq!(body_ref(&body(json!({})), "group_id").unwrap_err().details, "El campo group_id es obligatorio");
        for bad in [json!(0), json!(-2), json!("x"), json!(1.5), json!([1])] {
            let err = body_ref(&body(json!({ "group_id": bad })), "group_id").unwrap_err();
            assert_eq!((err.field(), err.details.as_str()), (Some("group_id"), "El campo group_id no es válido"));
        }
    }
}
