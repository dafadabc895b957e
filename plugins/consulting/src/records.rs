//! The four kinds of record and their checks: training centres, client companies, their workers
//! and the courses that bring them together.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::{validate, Checks};

use crate::{check_group, Kind};

/// How to reach a centre or a company: its contact person, phone, e-mail and address.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Contact {
    pub contact_person: String,
    pub phone: String,
    pub email: String,
    pub street: String,
    pub postal_code: String,
    pub city: String,
    /// Province 1–52 (INE code).
    pub province_id: Option<i64>,
}

impl Contact {
    fn check(&mut self, checks: &mut Checks) {
        for (field, value, max) in [("contact_person", &mut self.contact_person, 120), ("street", &mut self.street, 200), ("city", &mut self.city, 100)] {
            if let Some(clean) = checks.check(validate::optional(field, value, max)) {
                *value = clean;
            }
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
    }
}

fn notes(checks: &mut Checks, notes: &mut String) {
    if let Some(clean) = checks.check(validate::optional("notes", notes, 5000)) {
        *notes = clean;
    }
}

/// A training centre (centro de formación) that teaches the courses.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Centre {
    pub name: String,
    /// NIF/CIF, unique in the business (empty is fine).
    pub tax_code: String,
    /// The centre's number in the SEPE register of training entities.
    pub accreditation: String,
    #[serde(flatten)]
    pub contact: Contact,
    pub group_id: Option<i64>,
    pub notes: String,
}

impl Resource for Centre {
    const NAME: &'static str = "consulting_centre";
    const PATH: &'static str = "consulting/centros";
    const LABEL: &'static str = "Centro";
    const TABLE: &'static str = "consulting_centre";
    const SEARCH: &'static [&'static str] = &["name", "tax_code", "accreditation", "city", "contact_person"];
    const UNIQUE: &'static [&'static str] = &["tax_code"];
    /// By name, accents folded (the search text starts with it).
    const ORDER_BY: &'static str = "search_text ASC, id ASC";

    fn prepare(&mut self, ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(name) = checks.check(validate::required("name", &self.name, 200)) {
            self.name = name;
        }
        if let Some(code) = checks.check(validate::nif_field("tax_code", &self.tax_code)) {
            self.tax_code = code;
        }
        if let Some(a) = checks.check(validate::optional("accreditation", &self.accreditation, 50)) {
            self.accreditation = a;
        }
        self.contact.check(&mut checks);
        check_group(ctx, &mut checks, Kind::Centre, self.group_id);
        notes(&mut checks, &mut self.notes);
        checks.finish()
    }
}

/// A client company whose staff's training the consultancy manages.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Company {
    pub name: String,
    /// NIF/CIF, required and unique in the business.
    pub tax_code: String,
    /// Social Security contribution account code (CCC), 11 digits.
    pub contribution_account: String,
    /// Activity code (CNAE-2009), 4 digits.
    pub cnae: String,
    /// Headcount.
    pub staff: Option<i64>,
    /// The year's FUNDAE training credit, in cents.
    pub training_credit: Option<i64>,
    pub representative_name: String,
    /// The legal representative's DNI/NIE.
    pub representative_dni: String,
    #[serde(flatten)]
    pub contact: Contact,
    pub group_id: Option<i64>,
    pub notes: String,
}

impl Resource for Company {
    const NAME: &'static str = "consulting_company";
    const PATH: &'static str = "consulting/empresas";
    const LABEL: &'static str = "Empresa";
    const FEMININE: bool = true;
    const TABLE: &'static str = "consulting_company";
    const SEARCH: &'static [&'static str] = &["name", "tax_code", "contribution_account", "city", "contact_person"];
    const UNIQUE: &'static [&'static str] = &["tax_code"];
    /// By name, accents folded (the search text starts with it).
    const ORDER_BY: &'static str = "search_text ASC, id ASC";

    fn prepare(&mut self, ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(name) = checks.check(validate::required("name", &self.name, 200)) {
            self.name = name;
        }
        if self.tax_code.trim().is_empty() {
            checks.push(Error::required("tax_code"));
        } else if let Some(code) = checks.check(validate::nif_field("tax_code", &self.tax_code)) {
            self.tax_code = code;
        }
        if let Some(ccc) = checks.check(validate::contribution_account("contribution_account", &self.contribution_account)) {
            self.contribution_account = ccc;
        }
        let cnae = self.cnae.trim().replace('.', "");
        if cnae.is_empty() || (cnae.len() == 4 && cnae.bytes().all(|b| b.is_ascii_digit())) {
            self.cnae = cnae;
        } else {
            checks.push(Error::invalid_field("cnae", "El CNAE tiene 4 cifras"));
        }
        if self.staff.is_some_and(|n| !(0..=1_000_000).contains(&n)) {
            checks.push(Error::invalid_field("staff", "La plantilla debe ser un número de trabajadores de 0 en adelante"));
        }
        if self.training_credit.is_some_and(|c| !(0..=100_000_000_000).contains(&c)) {
            checks.push(Error::invalid_field("training_credit", "El crédito de formación no puede ser negativo"));
        }
        if let Some(name) = checks.check(validate::optional("representative_name", &self.representative_name, 200)) {
            self.representative_name = name;
        }
        if let Some(dni) = checks.check(validate::dni_field("representative_dni", &self.representative_dni)) {
            self.representative_dni = dni;
        }
        self.contact.check(&mut checks);
        check_group(ctx, &mut checks, Kind::Company, self.group_id);
        notes(&mut checks, &mut self.notes);
        checks.finish()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Gender {
    Male,
    Female,
}

/// The worker's highest completed education (FUNDAE's levels).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Education {
    None,
    Primary,
    LowerSecondary,
    UpperSecondary,
    VocationalHigher,
    Bachelor,
    Master,
    Doctorate,
}

/// The worker's professional category (FUNDAE's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    Management,
    MiddleManagement,
    Technician,
    Skilled,
    Unskilled,
}

/// A company's worker who takes part in courses.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Worker {
    pub first_name: String,
    pub last_name: String,
    /// DNI/NIE, required and unique in the business.
    pub dni: String,
    /// Social Security affiliation number (NAF), 12 digits.
    pub social_security_number: String,
    pub birth_date: Option<String>,
    pub gender: Option<Gender>,
    pub email: String,
    pub phone: String,
    pub company_id: Option<i64>,
    pub education_level: Option<Education>,
    pub professional_category: Option<Category>,
    /// Social Security contribution group, 1–11.
    pub contribution_group: Option<i64>,
    pub disability: bool,
    pub group_id: Option<i64>,
    pub notes: String,
}

impl Worker {
    pub fn name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name).trim().to_string()
    }
}

impl Resource for Worker {
    const NAME: &'static str = "consulting_worker";
    const PATH: &'static str = "consulting/trabajadores";
    const LABEL: &'static str = "Trabajador";
    const TABLE: &'static str = "consulting_worker";
    /// Last name first: the folded search text is also the list's order (Álvarez before Pérez).
    const SEARCH: &'static [&'static str] = &["last_name", "first_name", "dni", "social_security_number", "email"];
    const UNIQUE: &'static [&'static str] = &["dni"];
    const ORDER_BY: &'static str = "search_text ASC, id ASC";

    fn prepare(&mut self, ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        for (field, value) in [("first_name", &mut self.first_name), ("last_name", &mut self.last_name)] {
            if let Some(clean) = checks.check(validate::required(field, value, 100)) {
                *value = clean;
            }
        }
        if self.dni.trim().is_empty() {
            checks.push(Error::required("dni"));
        } else if let Some(dni) = checks.check(validate::dni_field("dni", &self.dni)) {
            self.dni = dni;
        }
        if let Some(naf) = checks.check(validate::social_security("social_security_number", &self.social_security_number)) {
            self.social_security_number = naf;
        }
        match checks.check(validate::optional_date("birth_date", self.birth_date.take())) {
            Some(Some(date)) if date > volante_plugin_sdk::host::spanish_today() => {
                checks.push(Error::invalid_field("birth_date", "La fecha de nacimiento no puede ser futura"));
            }
            Some(date) => self.birth_date = date,
            None => {}
        }
        if let Some(email) = checks.check(validate::email("email", &self.email)) {
            self.email = email;
        }
        if let Some(phone) = checks.check(validate::phone("phone", &self.phone)) {
            self.phone = phone;
        }
        if let Some(company) = self.company_id {
            if crate::live_name(ctx, Kind::Company, company).ok().flatten().is_none() {
                checks.push(Error::invalid_field("company_id", "La empresa no existe"));
            }
        }
        if self.contribution_group.is_some_and(|g| !(1..=11).contains(&g)) {
            checks.push(Error::invalid_field("contribution_group", "El grupo de cotización va del 1 al 11"));
        }
        check_group(ctx, &mut checks, Kind::Worker, self.group_id);
        notes(&mut checks, &mut self.notes);
        checks.finish()
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Modality {
    #[default]
    InPerson,
    Online,
    Mixed,
    VirtualClassroom,
}

/// Where a course stands: prepared, its start notified to FUNDAE, being taught, over, or
/// cancelled.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    #[default]
    Draft,
    Notified,
    InProgress,
    Finished,
    Cancelled,
}

/// A course: a training action taught to a group of workers.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Course {
    pub name: String,
    /// The training action's number.
    pub action_code: String,
    /// The group's number within the action.
    pub group_code: String,
    pub modality: Modality,
    /// 1–2000.
    pub hours: Option<i64>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub centre_id: Option<i64>,
    pub company_id: Option<i64>,
    /// Who teaches it.
    pub trainer: String,
    /// Cents.
    pub cost: Option<i64>,
    pub status: Status,
    /// The participants (workers' ids), in the order given.
    pub workers: Vec<i64>,
    pub group_id: Option<i64>,
    pub notes: String,
}

impl Resource for Course {
    const NAME: &'static str = "consulting_course";
    const PATH: &'static str = "consulting/cursos";
    const LABEL: &'static str = "Curso";
    const TABLE: &'static str = "consulting_course";
    const SEARCH: &'static [&'static str] = &["name", "action_code", "group_code", "trainer"];
    const ORDER_BY: &'static str = "start_date DESC, id DESC";

    fn prepare(&mut self, ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(name) = checks.check(validate::required("name", &self.name, 200)) {
            self.name = name;
        }
        for (field, value, max) in [("action_code", &mut self.action_code, 20), ("group_code", &mut self.group_code, 20), ("trainer", &mut self.trainer, 200)] {
            if let Some(clean) = checks.check(validate::optional(field, value, max)) {
                *value = clean;
            }
        }
        if self.hours.is_some_and(|h| !(1..=2000).contains(&h)) {
            checks.push(Error::invalid_field("hours", "Las horas van de 1 a 2000"));
        }
        if self.cost.is_some_and(|c| c < 0) {
            checks.push(Error::invalid_field("cost", "El coste no puede ser negativo"));
        }
        let start = checks.check(validate::optional_date("start_date", self.start_date.take()));
        let end = checks.check(validate::optional_date("end_date", self.end_date.take()));
        if let (Some(Some(s)), Some(Some(e))) = (&start, &end) {
            if e < s {
                checks.push(Error::invalid_field("end_date", "La fecha de fin no puede ser anterior a la de inicio"));
            }
        }
        self.start_date = start.flatten();
        self.end_date = end.flatten();
        for (field, kind, id, message) in [
            ("centre_id", Kind::Centre, self.centre_id, "El centro no existe"),
            ("company_id", Kind::Company, self.company_id, "La empresa no existe"),
        ] {
            if let Some(id) = id {
                if crate::live_name(ctx, kind, id).ok().flatten().is_none() {
                    checks.push(Error::invalid_field(field, message));
                }
            }
        }
        if let Err(e) = check_participants(ctx, &self.workers, self.company_id) {
            checks.push(e);
        }
        check_group(ctx, &mut checks, Kind::Course, self.group_id);
        notes(&mut checks, &mut self.notes);
        checks.finish()
    }
}

/// Each participant once, a live worker of the business, and of the course's company when it
/// has one.
fn check_participants(ctx: &Ctx, workers: &[i64], company_id: Option<i64>) -> Result<()> {
    let mut seen = std::collections::BTreeSet::new();
    for id in workers {
        if !seen.insert(*id) {
            return Err(Error::invalid_field("workers", format!("El trabajador {id} está repetido")));
        }
    }
    if workers.len() > 500 {
        return Err(Error::invalid_field("workers", "Como máximo 500 participantes por curso"));
    }
    let found = crate::workers_by_id(ctx, workers)?;
    for id in workers {
        match found.iter().find(|w| w.id == *id) {
            None => return Err(Error::invalid_field("workers", format!("El trabajador {id} no existe"))),
            Some(w) if w.state == "deleted" => return Err(Error::invalid_field("workers", format!("El trabajador {id} está eliminado"))),
            Some(w) if company_id.is_some() && w.company_id != company_id => {
                return Err(Error::invalid_field("workers", format!("{} no es de la empresa del curso", w.name())))
            }
            Some(_) => {}
        }
    }
    Ok(())
}
