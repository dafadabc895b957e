//! What the dgt plugin asks the contacts plugin: the students' names (`contact.summaries`) and a
//! person's details to fill a register entry (`contact.person`). Both need the contacts service
//! on for the business.

use volante_plugin_sdk::bindings::volante::plugin::plugins;
use volante_plugin_sdk::prelude::*;

/// What `contact.summaries` answers of each contact.
#[derive(Debug, Clone, Deserialize)]
pub struct Summary {
    pub id: i64,
    pub name: String,
    #[serde(default)]
    pub fiscal_code: String,
    #[serde(default)]
    pub state: String,
}

const OFF: &str = "No se pueden leer los contactos: el servicio de contactos no está activo para la empresa";

/// The contacts among `ids` the caller sees; `None` when the contacts plugin cannot be asked.
pub fn summaries(ids: &[i64]) -> Option<Vec<Summary>> {
    if ids.is_empty() {
        return Some(Vec::new());
    }
    let text = plugins::call("contacts", "contact.summaries", &json!({ "ids": ids }).to_string()).ok()?;
    serde_json::from_str(&text).ok()
}

/// The contact `id`, which must exist and not be deleted.
pub fn existing(id: i64) -> Result<Summary> {
    let found = summaries(&[id]).ok_or_else(|| Error::conflict(OFF))?;
    found
        .into_iter()
        .find(|c| c.id == id && c.state != "deleted")
        .ok_or_else(|| Error::not_found("Contacto").with_data(json!({ "entity": "Contacto", "id": id })))
}

/// A person as `contact.person` gives it (the fields a register entry takes).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Person {
    pub id: i64,
    pub state: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub first_name: String,
    pub last_name: String,
    pub second_last_name: String,
    pub fiscal_code: String,
    pub birthday: Option<String>,
    pub street: String,
    pub city: String,
    pub province_id: Option<i64>,
    pub postal_code: String,
    pub phone: String,
    pub mobile: String,
    pub dgt: Option<DgtRecord>,
}

/// The part of the contact's DGT record the register uses.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct DgtRecord {
    pub requested_licence: String,
}

/// The person `id` (a contact of type `P`, not deleted).
pub fn person(id: i64) -> Result<Person> {
    let text = match plugins::call("contacts", "contact.person", &json!({ "id": id }).to_string()) {
        Ok(text) => text,
        Err(err) if err.contains("no encontrado") => {
            return Err(Error::not_found("Contacto").with_data(json!({ "entity": "Contacto", "id": id })))
        }
        Err(_) => return Err(Error::conflict(OFF)),
    };
    let person: Person = serde_json::from_str(&text).map_err(Error::internal)?;
    if person.state == "deleted" {
        return Err(Error::conflict("El contacto está eliminado"));
    }
    if person.kind != "P" {
        return Err(Error::invalid_field("contact_id", "Solo las personas se inscriben en el libro de registro"));
    }
    Ok(person)
}
