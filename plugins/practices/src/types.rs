//! The kinds of practical lesson the school sells: a name, the licence class, the length and
//! the price ("Práctica B 45 min", 38 €).

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery};
use volante_plugin_sdk::{validate, Checks};

use crate::{licence, IdBody};

/// A lesson type's fields.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct PracticeType {
    pub name: String,
    /// The licence class (fixed list).
    pub licence: String,
    /// How long a lesson lasts, 15–480 minutes.
    pub minutes: i64,
    /// In euro cents, VAT included.
    pub price: i64,
    pub description: String,
}

impl Resource for PracticeType {
    const NAME: &'static str = "practices_type";
    const PATH: &'static str = "hermes/practice/type";
    const LABEL: &'static str = "Tipo de práctica";
    const TABLE: &'static str = "practices_type";
    const SEARCH: &'static [&'static str] = &["name", "licence", "description"];
    const ORDER_BY: &'static str = "licence ASC, name ASC, id ASC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(name) = checks.check(validate::required("name", &self.name, 120)) {
            self.name = name;
        }
        if let Some(class) = checks.check(licence("licence", &self.licence)) {
            self.licence = class;
        }
        if !(15..=480).contains(&self.minutes) {
            checks.push(Error::invalid_field("minutes", "La práctica debe durar entre 15 y 480 minutos"));
        }
        if !(0..=10_000_000).contains(&self.price) {
            checks.push(Error::invalid_field("price", "El precio debe estar entre 0 y 100.000 €"));
        }
        if let Some(description) = checks.check(validate::optional("description", &self.description, 2000)) {
            self.description = description;
        }
        checks.finish()
    }
}

/// The type `id`; with `usable`, refused when deleted or inactive (for new packs and lessons).
pub fn find(ctx: &Ctx, id: i64, usable: bool) -> Result<Record<PracticeType>> {
    match resource::find_optional::<PracticeType>(ctx, id)? {
        Some(t) if !usable || t.state == "active" => Ok(t),
        Some(_) => Err(Error::invalid_field("type_id", "El tipo de práctica no está activo")),
        None if usable => Err(Error::invalid_field("type_id", "El tipo de práctica no existe")),
        None => Err(Error::not_found(PracticeType::LABEL)),
    }
}

/// `hermes/practice/type/create`.
pub fn create(ctx: &Ctx, req: &Req) -> Result<Record<PracticeType>> {
    resource::create::<PracticeType>(ctx, req.value()?)
}

/// `hermes/practice/type/update`: `id` and the fields that change. Packs and lessons keep the
/// price and length they were made with.
pub fn update(ctx: &Ctx, req: &Req) -> Result<Record<PracticeType>> {
    let body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    resource::update::<PracticeType>(ctx, id, Value::Object(body))
}

/// `hermes/practice/type/delete`: no longer sold; the packs and lessons of it stay.
pub fn delete(ctx: &Ctx, req: &Req) -> Result<Record<PracticeType>> {
    let body: IdBody = req.json()?;
    resource::delete::<PracticeType>(ctx, body.id)
}

/// `GET hermes/practice/type/read/{id}`.
pub fn read_one(ctx: &Ctx, req: &Req) -> Result<Record<PracticeType>> {
    find(ctx, req.param("id")?, false)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReadQuery {
    licence: Option<String>,
}

/// `GET hermes/practice/type/read` (extension): a page of types (`licence` filters).
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    let list = ListQuery::from_query(req)?;
    let (extra, params) = match q.licence.as_deref().filter(|l| !l.trim().is_empty()) {
        Some(class) => (Some("licence = ${}"), vec![licence("licence", class)?.to_sql()]),
        None => (None, Vec::new()),
    };
    Ok(serde_json::to_value(resource::list_where::<PracticeType>(ctx, &list, extra, params)?)?)
}
