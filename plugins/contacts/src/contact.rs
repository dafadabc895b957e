//! The contact: a person (`P`) or a company (`E`), client or provider, of one branch.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::{validate, Checks};

pub const PERM_PROVIDER: &str = "contact.provider";
pub const PERM_ALL_BRANCHES: &str = "contact.all_branches";

/// `P` person, `E` company (empresa).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum ContactType {
    #[default]
    P,
    E,
}

/// Whether the contact is a client (student, customer) or a provider.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Relation {
    #[default]
    Client,
    Provider,
}

/// A contact's writable fields. Missing fields take their defaults; `display_name` and `code`
/// (when empty) are computed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Contact {
    /// Internal code, unique in the business; the next free number when left empty.
    pub code: String,
    /// The branch the contact belongs to; the caller's branch when empty.
    pub branch_id: Option<i64>,
    /// `P` person, `E` company.
    #[serde(rename = "type")]
    pub kind: ContactType,
    /// `client` or `provider` (providers need the `contact.provider` permission).
    pub relation: Relation,
    /// Computed: "first last second" for persons, trade or fiscal name for companies.
    pub display_name: String,
    /// Trade name (nombre comercial).
    pub trade_name: String,
    /// Fiscal name (razón social; a person's full legal name when it differs).
    pub fiscal_name: String,
    /// DNI/NIE for persons, NIF/CIF for companies; upper-cased.
    pub fiscal_code: String,
    pub first_name: String,
    pub last_name: String,
    pub second_last_name: String,
    /// `M`, `F` or empty (DGT forms ask for it).
    pub gender: String,
    /// ISO 3166 alpha-2 country of nationality (`ES`).
    pub nationality: String,
    /// Persons: date of birth, `YYYY-MM-DD`.
    pub birthday: Option<String>,
    /// Companies: date of incorporation, `YYYY-MM-DD`.
    pub incorporation_date: Option<String>,
    pub email: String,
    /// Validated (Spanish or E.164) when the business has the SMS service.
    pub phone: String,
    pub mobile: String,
    pub street: String,
    pub city: String,
    /// Province 1–52 (INE code; see the provinces list).
    pub province_id: Option<i64>,
    /// Spanish postal code, matching the province.
    pub postal_code: String,
    pub notes: String,
    /// Avatar image in the document manager (png, jpg or jpeg).
    pub avatar_file_id: Option<i64>,
    /// Accepts notifications (e-mail; SMS when the service is on). Default yes.
    #[serde(default = "yes")]
    pub notifications: bool,
}

fn yes() -> bool {
    true
}

impl Resource for Contact {
    const NAME: &'static str = "contact";
    const LABEL: &'static str = "Contacto";
    const TABLE: &'static str = "contacts_contact";
    const SEARCH: &'static [&'static str] =
        &["code", "display_name", "trade_name", "fiscal_name", "fiscal_code", "email", "phone", "mobile", "city"];
    const UNIQUE: &'static [&'static str] = &["code"];
    const BRANCH_FIELD: Option<&'static str> = Some("branch_id");
    const ALL_BRANCHES: Option<&'static str> = Some(PERM_ALL_BRANCHES);
    const ORDER_BY: &'static str = "display_name ASC, id ASC";
    const EVENTS: bool = true;

    fn prepare(&mut self, ctx: &Ctx, id: Option<i64>) -> Result<()> {
        if self.relation == Relation::Provider {
            ctx.require(PERM_PROVIDER)?;
        }
        let mut checks = Checks::new();
        let text = |checks: &mut Checks, field: &str, value: &mut String, max: usize| {
            if let Some(clean) = checks.check(validate::optional(field, value, max)) {
                *value = clean;
            }
        };
        text(&mut checks, "code", &mut self.code, 20);
        text(&mut checks, "trade_name", &mut self.trade_name, 150);
        text(&mut checks, "fiscal_name", &mut self.fiscal_name, 150);
        text(&mut checks, "first_name", &mut self.first_name, 80);
        text(&mut checks, "last_name", &mut self.last_name, 80);
        text(&mut checks, "second_last_name", &mut self.second_last_name, 80);
        text(&mut checks, "street", &mut self.street, 200);
        text(&mut checks, "city", &mut self.city, 100);
        text(&mut checks, "notes", &mut self.notes, 5000);

        self.gender = self.gender.trim().to_uppercase();
        if !matches!(self.gender.as_str(), "" | "M" | "F") {
            checks.push(Error::invalid_field("gender", "El campo gender debe ser M, F o vacío"));
        }
        self.nationality = self.nationality.trim().to_uppercase();
        if !self.nationality.is_empty() && !(self.nationality.len() == 2 && self.nationality.chars().all(|c| c.is_ascii_uppercase())) {
            checks.push(Error::invalid_field("nationality", "La nacionalidad debe ser un código de país de dos letras"));
        }

        let today = volante_plugin_sdk::host::today();
        let date = |checks: &mut Checks, field: &str, value: &mut Option<String>| {
            let raw = value.take().unwrap_or_default();
            if let Some(clean) = checks.check(validate::date(field, &raw)) {
                if clean.as_str() > today.as_str() {
                    checks.push(Error::invalid_field(field, format!("El campo {field} no puede ser una fecha futura")));
                } else if !clean.is_empty() {
                    *value = Some(clean);
                }
            }
        };
        match self.kind {
            ContactType::P => {
                if self.first_name.is_empty() {
                    checks.push(Error::required("first_name"));
                }
                if let Some(code) = checks.check(validate::dni_field("fiscal_code", &self.fiscal_code)) {
                    self.fiscal_code = code;
                }
                date(&mut checks, "birthday", &mut self.birthday);
                self.incorporation_date = None;
                let full = [&self.first_name, &self.last_name, &self.second_last_name]
                    .iter()
                    .filter(|s| !s.is_empty())
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(" ");
                self.display_name = full;
            }
            ContactType::E => {
                if self.fiscal_name.is_empty() && self.trade_name.is_empty() {
                    checks.push(Error::invalid_field("fiscal_name", "Indique la razón social o el nombre comercial"));
                }
                if let Some(code) = checks.check(validate::nif_field("fiscal_code", &self.fiscal_code)) {
                    self.fiscal_code = code;
                }
                date(&mut checks, "incorporation_date", &mut self.incorporation_date);
                self.birthday = None;
                self.gender.clear();
                self.display_name =
                    if self.trade_name.is_empty() { self.fiscal_name.clone() } else { self.trade_name.clone() };
            }
        }

        if let Some(email) = checks.check(validate::email("email", &self.email)) {
            self.email = email;
        }
        let sms = ctx.has_service("sms");
        for (field, value) in [("phone", &mut self.phone), ("mobile", &mut self.mobile)] {
            let checked = if sms { validate::phone(field, value) } else { validate::optional(field, value, 30) };
            if let Some(clean) = checks.check(checked) {
                *value = clean;
            }
        }
        if let Some(p) = self.province_id {
            if !(1..=52).contains(&p) {
                checks.push(Error::invalid_field("province_id", "La provincia no es válida"));
            }
        }
        let province = self.province_id.filter(|p| (1..=52).contains(p));
        if let Some(code) = checks.check(validate::postal_code("postal_code", &self.postal_code, province)) {
            self.postal_code = code;
        }
        if let Some(file_id) = self.avatar_file_id {
            checks.check(validate::image_file("avatar_file_id", file_id));
        }
        checks.finish()?;

        if self.code.is_empty() {
            self.code = next_code(ctx)?;
        }
        if !self.fiscal_code.is_empty() {
            let duplicate: Option<i64> = sql::query_optional(
                "SELECT id FROM contacts_contact WHERE business_id = $1 AND fiscal_code = $2 AND state <> 'deleted' AND id <> $3 LIMIT 1",
                &params![ctx.business_id, self.fiscal_code, id.unwrap_or(0)],
            )?;
            if let Some(other) = duplicate {
                return Err(Error::conflict("Ya existe un contacto con ese documento")
                    .with_data(json!({ "field": "fiscal_code", "id": other })));
            }
        }
        Ok(())
    }

    fn restrict(ctx: &Ctx) -> Option<String> {
        (!ctx.can(PERM_PROVIDER)).then(|| "relation <> 'provider'".to_string())
    }
}

/// The next free numeric code of the business, six digits (`000042`).
pub fn next_code(ctx: &Ctx) -> Result<String> {
    let count: i64 = sql::query_scalar("SELECT COUNT(*) FROM contacts_contact WHERE business_id = $1", &params![ctx.business_id])?;
    for n in (count + 1)..(count + 1000) {
        let code = format!("{n:06}");
        let taken: Option<i64> = sql::query_optional(
            "SELECT id FROM contacts_contact WHERE business_id = $1 AND code = $2",
            &params![ctx.business_id, code],
        )?;
        if taken.is_none() {
            return Ok(code);
        }
    }
    Err(Error::conflict("No se ha podido asignar un código al contacto; indique uno"))
}
