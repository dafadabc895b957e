//! DGT fees (tasas): the school's list of the fees it pays, each of a type of the DGT's fixed
//! list (1.1 to 5.1), with the name the staff know it by and its amount this year. A folder's
//! students say which fee each paid, with its receipt number.

use std::collections::BTreeMap;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::{validate, Checks};

use crate::IdBody;

/// The DGT's fee types: code and description (the spec's fixed list, 1.1 to 5.1; there is no 4.6).
pub const TAX_TYPES: [(&str, &str); 23] = [
    ("1.1", "Permisos y transferencias de vehículos"),
    ("1.2", "Permisos y transferencias de vehículos"),
    ("1.3", "Permisos y transferencias de vehículos"),
    ("1.4", "Permisos y transferencias de vehículos"),
    ("1.5", "Permisos y transferencias de vehículos"),
    ("1.6", "Permisos y transferencias de vehículos"),
    ("2.1", "Exámenes y permisos especiales"),
    ("2.2", "Exámenes y permisos especiales"),
    ("2.3", "Exámenes y permisos especiales"),
    ("3.1", "Apertura de centros"),
    ("3.2", "Modificaciones de centros"),
    ("3.3", "Certificados de profesores"),
    ("4.1", "Anotaciones"),
    ("4.2", "Inspección (máximo dos al año)"),
    ("4.3", "Prórroga de vigencia del permiso"),
    ("4.3.1", "Prórroga de 1 año, 80 % de descuento"),
    ("4.3.2", "Prórroga de 2 años, 60 % de descuento"),
    ("4.3.3", "Prórroga de 3 años, 40 % de descuento"),
    ("4.3.4", "Prórroga de 4 años, 20 % de descuento"),
    ("4.4", "Duplicados"),
    ("4.5", "Otros"),
    ("4.7", "Escolta, por hora y agente"),
    ("5.1", "Exámenes de profesores de formación vial y directores de escuela"),
];

/// A fee's fields.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Tax {
    /// A code of the fixed list (`GET dgt/tax/types`).
    pub type_code: String,
    /// The type's description when empty.
    pub name: String,
    pub description: String,
    /// In euro cents; none when unknown.
    pub amount: Option<i64>,
}

impl Resource for Tax {
    const NAME: &'static str = "dgt_tax";
    const PATH: &'static str = "dgt/tax";
    const LABEL: &'static str = "Tasa";
    const FEMININE: bool = true;
    const TABLE: &'static str = "dgt_tax";
    const SEARCH: &'static [&'static str] = &["type_code", "name", "description"];
    const ORDER_BY: &'static str = "type_code ASC, id ASC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        let code = self.type_code.trim().to_string();
        let found = TAX_TYPES.into_iter().find(|(c, _)| *c == code);
        match found {
            Some((c, description)) => {
                self.type_code = c.to_string();
                if self.name.trim().is_empty() {
                    self.name = description.to_string();
                }
            }
            None if code.is_empty() => checks.push(Error::required("type_code")),
            None => checks.push(Error::invalid_field("type_code", format!("La tasa de tipo {code} no existe"))),
        }
        if let Some(name) = checks.check(validate::required("name", &self.name, 200)) {
            self.name = name;
        }
        if let Some(description) = checks.check(validate::optional("description", &self.description, 2000)) {
            self.description = description;
        }
        if self.amount.is_some_and(|a| !(0..=100_000_000).contains(&a)) {
            checks.push(Error::invalid_field("amount", "El importe debe estar entre 0 y 1.000.000 €"));
        }
        checks.finish()
    }
}

/// Every fee's name by id (deleted ones too: old folders still name them).
pub fn names(ctx: &Ctx) -> Result<BTreeMap<i64, String>> {
    #[derive(Deserialize)]
    struct Row {
        id: i64,
        type_code: String,
        name: String,
    }
    let rows: Vec<Row> = sql::query_as("SELECT id, type_code, name FROM dgt_tax WHERE business_id = $1", &params![ctx.business_id])?;
    Ok(rows.into_iter().map(|r| (r.id, format!("{} {}", r.type_code, r.name))).collect())
}

/// `dgt/tax/create`.
pub fn create(ctx: &Ctx, req: &Req) -> Result<Record<Tax>> {
    resource::create::<Tax>(ctx, req.value()?)
}

/// `dgt/tax/update`: `id` and the fields that change.
pub fn update(ctx: &Ctx, req: &Req) -> Result<Record<Tax>> {
    let body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    resource::update::<Tax>(ctx, id, Value::Object(body))
}

/// `dgt/tax/delete`: the fee is no longer offered; the folders that used it still name it.
pub fn delete(ctx: &Ctx, req: &Req) -> Result<Record<Tax>> {
    let body: IdBody = req.json()?;
    resource::delete::<Tax>(ctx, body.id)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReadQuery {
    id: Option<i64>,
    type_code: Option<String>,
}

/// `GET dgt/tax/read`: with `?id=` one fee; without, a page of them (`type_code` filters).
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    if let Some(id) = q.id {
        return Ok(serde_json::to_value(resource::find::<Tax>(ctx, id)?)?);
    }
    let list = ListQuery::from_query(req)?;
    let (extra, params) = match q.type_code.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        Some(code) => (Some("type_code = ${}"), vec![code.to_sql()]),
        None => (None, Vec::new()),
    };
    let page: Page<Vec<Record<Tax>>> = resource::list_where::<Tax>(ctx, &list, extra, params)?;
    Ok(serde_json::to_value(page)?)
}

/// `GET dgt/tax/types` (extension): the fixed list of fee types.
pub fn types(_ctx: &Ctx, _req: &Req) -> Result<Value> {
    Ok(json!(TAX_TYPES.into_iter().map(|(code, description)| json!({ "code": code, "description": description })).collect::<Vec<_>>()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fee_types_are_the_spec_list() {
        let codes: Vec<&str> = TAX_TYPES.iter().map(|(c, _)| *c).collect();
        assert_eq!(codes.len(), 23);
        assert!(!codes.contains(&"4.6"));
        assert_eq!(codes.last(), Some(&"5.1"));
        assert_eq!(codes[15], "4.3.1");
    }
}
