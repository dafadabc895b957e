//! The contact's DGT record (expediente): licences held, the DGT folder and record numbers, the
//! licence applied for, exam dates. One per contact; `contact/dgt/update` creates or replaces it.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::{host, resource, validate, Checks};

use crate::contact::{Contact, ContactType};

pub use volante_plugin_sdk::validate::LICENCE_CLASSES;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct DgtRecord {
    /// Licence classes the contact holds (from the fixed list).
    pub licences: Vec<String>,
    /// DGT folder (expediente) number.
    pub dgt_folder: String,
    /// DGT register number (número de registro).
    pub dgt_record: String,
    /// The licence class the contact is training for.
    pub requested_licence: String,
    pub theory_exam_date: Option<String>,
    pub practical_exam_date: Option<String>,
    /// Date the last licence was issued.
    pub licence_date: Option<String>,
    pub notes: String,
}

/// `contact/dgt/update` body: the contact and its record.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
pub struct DgtUpdate {
    #[serde(alias = "id")]
    pub contact_id: i64,
    #[serde(flatten)]
    pub record: DgtRecord,
}

impl DgtRecord {
    fn prepare(&mut self) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(licences) = checks.check(validate::licence_classes("licences", &self.licences)) {
            self.licences = licences;
        }
        let upper = self.requested_licence.trim().to_uppercase();
        if !upper.is_empty() && !LICENCE_CLASSES.contains(&upper.as_str()) {
            checks.push(Error::invalid_field("requested_licence", format!("El permiso {upper} no existe")));
        }
        self.requested_licence = upper;
        for (field, value, max) in [("dgt_folder", &mut self.dgt_folder, 40), ("dgt_record", &mut self.dgt_record, 40), ("notes", &mut self.notes, 5000)] {
            if let Some(clean) = checks.check(validate::optional(field, value, max)) {
                *value = clean;
            }
        }
        for (field, value) in [
            ("theory_exam_date", &mut self.theory_exam_date),
            ("practical_exam_date", &mut self.practical_exam_date),
            ("licence_date", &mut self.licence_date),
        ] {
            let raw = value.take().unwrap_or_default();
            if let Some(clean) = checks.check(validate::date(field, &raw)) {
                *value = (!clean.is_empty()).then_some(clean);
            }
        }
        checks.finish()
    }
}

/// The record of a contact, if it has one.
pub fn read(ctx: &Ctx, contact_id: i64) -> Result<Option<DgtRecord>> {
    sql::query_optional(
        "SELECT licences, dgt_folder, dgt_record, requested_licence, theory_exam_date, practical_exam_date, licence_date, notes \
         FROM contacts_dgt WHERE business_id = $1 AND contact_id = $2",
        &params![ctx.business_id, contact_id],
    )
}

/// `contact/dgt/update`: create or replace the record of a visible person.
pub fn update(ctx: &Ctx, req: &Req) -> Result<DgtRecord> {
    let DgtUpdate { contact_id, mut record } = req.json()?;
    let contact = resource::find::<Contact>(ctx, contact_id)?;
    if contact.state == "deleted" {
        return Err(Error::conflict("Contacto está eliminado"));
    }
    if contact.data.kind != ContactType::P {
        return Err(Error::invalid_field("contact_id", "Solo las personas tienen expediente DGT"));
    }
    record.prepare()?;
    sql::execute(
        "INSERT INTO contacts_dgt (business_id, contact_id, licences, dgt_folder, dgt_record, requested_licence, \
         theory_exam_date, practical_exam_date, licence_date, notes, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
         ON CONFLICT (business_id, contact_id) DO UPDATE SET licences = excluded.licences, dgt_folder = excluded.dgt_folder, \
         dgt_record = excluded.dgt_record, requested_licence = excluded.requested_licence, \
         theory_exam_date = excluded.theory_exam_date, practical_exam_date = excluded.practical_exam_date, \
         licence_date = excluded.licence_date, notes = excluded.notes, updated_at = excluded.updated_at",
        &params![
            ctx.business_id,
            contact_id,
            serde_json::to_string(&record.licences)?,
            record.dgt_folder,
            record.dgt_record,
            record.requested_licence,
            record.theory_exam_date,
            record.practical_exam_date,
            record.licence_date,
            record.notes,
            host::now()
        ],
    )?;
    Ok(record)
}
