//! The workshop: a garage, dealership or buy-and-sell business the school deals with for its
//! vehicles. Business-wide (not of one branch).

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::{validate, Checks};

/// The spec's workshop categories: workshop (taller), dealership (concesionario), buy and sell
/// (compraventa).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    #[default]
    Workshop,
    Dealership,
    BuyAndSell,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Workshop {
    pub name: String,
    pub category: Category,
    /// NIF/CIF (empty is fine).
    pub tax_code: String,
    pub contact_person: String,
    pub phone: String,
    pub email: String,
    pub street: String,
    pub city: String,
    /// Province 1–52 (INE code).
    pub province_id: Option<i64>,
    pub postal_code: String,
    pub notes: String,
}

impl Resource for Workshop {
    const NAME: &'static str = "workshop";
    const LABEL: &'static str = "Taller";
    const TABLE: &'static str = "fleet_workshop";
    const SEARCH: &'static [&'static str] = &["name", "tax_code", "contact_person", "phone", "email", "city"];
    const ORDER_BY: &'static str = "name ASC, id ASC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(name) = checks.check(validate::required("name", &self.name, 150)) {
            self.name = name;
        }
        for (field, value, max) in [
            ("contact_person", &mut self.contact_person, 120),
            ("street", &mut self.street, 200),
            ("city", &mut self.city, 100),
            ("notes", &mut self.notes, 5000),
        ] {
            if let Some(clean) = checks.check(validate::optional(field, value, max)) {
                *value = clean;
            }
        }
        if let Some(code) = checks.check(validate::nif_field("tax_code", &self.tax_code)) {
            self.tax_code = code;
        }
        if let Some(phone) = checks.check(validate::phone("phone", &self.phone)) {
            self.phone = phone;
        }
        if let Some(email) = checks.check(validate::email("email", &self.email)) {
            self.email = email;
        }
        if self.province_id.is_some_and(|p| !(1..=52).contains(&p)) {
            checks.push(Error::invalid_field("province_id", "La provincia debe estar entre 1 y 52"));
        }
        if let Some(code) = checks.check(validate::postal_code("postal_code", &self.postal_code, self.province_id)) {
            self.postal_code = code;
        }
        checks.finish()
    }
}

/// `GET workshop/read` query: `id` for one workshop, else a list's filters (besides the list's
/// own parameters, [`ListQuery::from_query`]).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ReadQuery {
    pub id: Option<i64>,
    pub category: Option<Category>,
}

/// `GET workshop/read`: one workshop (`?id=`) with its latest jobs, or a page of them.
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    if let Some(id) = q.id {
        let record = resource::find::<Workshop>(ctx, id)?;
        let mut value = serde_json::to_value(&record)?;
        // Jobs are on vehicles, which need the vehicle service to be seen.
        value["jobs"] = if ctx.has_service("vehicle") { json!(crate::maintenance::of_workshop(ctx, id, 50)?) } else { Value::Null };
        return Ok(value);
    }
    let mut list = ListQuery::from_query(req)?;
    if let Some(category) = q.category {
        list.filter.insert("category".into(), serde_json::to_value(category)?);
    }
    let page: Page<_> = resource::list::<Workshop>(ctx, &list)?;
    Ok(serde_json::to_value(page)?)
}
