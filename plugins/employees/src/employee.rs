//! The employee: a person who works for the school, with the branches and positions they work in,
//! their teacher and labour data, and (when they use Volante) the link to their user account.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, Record};
use volante_plugin_sdk::{directory, validate, Checks};

use crate::{years_before, ALL_BRANCHES, MIN_AGE};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Gender {
    Female,
    Male,
    Other,
}

/// Spain's contract types since the 2022 labour reform, plus a freelance collaborator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ContractType {
    Indefinite,
    FixedDiscontinuous,
    Temporary,
    Replacement,
    Training,
    Freelance,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Workday {
    FullTime,
    PartTime,
}

/// The most weekly hours a contract may state (Spain's ordinary maximum, as a weekly average).
pub const MAX_WEEKLY_HOURS: f64 = 40.0;

/// An employee's fields. Missing fields take their defaults.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Employee {
    /// Internal code, unique in the business; the next free `E0001`… when empty on create.
    pub code: String,
    /// DNI or NIE.
    pub fiscal_code: String,
    pub gender: Option<Gender>,
    pub first_name: String,
    pub last_name: String,
    pub second_last_name: String,
    /// `YYYY-MM-DD`.
    pub birthday: Option<String>,
    pub phone: String,
    pub street: String,
    pub city: String,
    pub province_id: Option<i64>,
    pub postal_code: String,
    /// The main branch (a branch-limited user sees the employees of theirs).
    pub branch_id: Option<i64>,
    /// Every branch the employee works in; includes the main one.
    pub branches: Vec<i64>,
    /// Job positions (`business/position/read`).
    pub positions: Vec<i64>,
    pub incorporation_date: Option<String>,
    pub observations: String,
    pub is_teacher: bool,
    /// Licence classes the teacher teaches.
    pub teacher_classes: Vec<String>,
    /// The teacher's professional certificate number.
    pub teacher_number: String,
    pub contract_type: Option<ContractType>,
    pub workday: Option<Workday>,
    pub weekly_hours: Option<f64>,
    /// Número de afiliación a la Seguridad Social (12 digits).
    pub social_security_number: String,
    /// Where the payroll is paid.
    pub iban: String,
    pub professional_category: String,
    pub leave_date: Option<String>,
    /// The employee's user account; set by `employee/create` and `employee/account/create` only.
    pub user_id: Option<i64>,
}

/// A first name and two last names, those there are, joined by spaces.
pub fn full_name(first: &str, last: &str, second_last: &str) -> String {
    [first, last, second_last].iter().filter(|s| !s.is_empty()).copied().collect::<Vec<_>>().join(" ")
}

impl Employee {
    /// First name and both last names.
    pub fn name(&self) -> String {
        full_name(&self.first_name, &self.last_name, &self.second_last_name)
    }

    /// Both last names, as the account's last name.
    pub fn last_names(&self) -> String {
        format!("{} {}", self.last_name, self.second_last_name).trim().to_string()
    }
}

impl Resource for Employee {
    const NAME: &'static str = "employee";
    const LABEL: &'static str = "Empleado";
    const TABLE: &'static str = "employees_employee";
    const SEARCH: &'static [&'static str] =
        &["code", "fiscal_code", "first_name", "last_name", "second_last_name", "phone", "teacher_number"];
    const UNIQUE: &'static [&'static str] = &["code"];
    const BRANCH_FIELD: Option<&'static str> = Some("branch_id");
    const ALL_BRANCHES: Option<&'static str> = Some(ALL_BRANCHES);
    const ORDER_BY: &'static str = "first_name ASC, last_name ASC, second_last_name ASC, id ASC";

    fn prepare(&mut self, ctx: &Ctx, id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(first) = checks.check(validate::required("first_name", &self.first_name, 100)) {
            self.first_name = first;
        }
        if let Some(last) = checks.check(validate::optional("last_name", &self.last_name, 100)) {
            self.last_name = last;
        }
        if let Some(last) = checks.check(validate::optional("second_last_name", &self.second_last_name, 100)) {
            self.second_last_name = last;
        }
        match checks.check(validate::optional("code", &self.code, 20)) {
            Some(code) if code.is_empty() && id.is_none() => self.code = next_code(ctx)?,
            Some(code) if code.is_empty() => checks.push(Error::required("code")),
            Some(code) => self.code = code.to_uppercase(),
            None => {}
        }
        if let Some(fiscal) = checks.check(validate::dni_field("fiscal_code", &self.fiscal_code)) {
            self.fiscal_code = fiscal;
            if !self.fiscal_code.is_empty() && fiscal_code_taken(ctx, &self.fiscal_code, id)? {
                checks.push(Error::invalid_field("fiscal_code", "Ya existe un empleado con ese DNI/NIE"));
            }
        }
        let today = crate::today();
        if let Some(date) = checks.check(validate::optional_date("birthday", self.birthday.take())) {
            let latest = years_before(&today, MIN_AGE);
            if date.as_deref().is_some_and(|d| d > latest.as_str()) {
                checks.push(Error::invalid_field("birthday", format!("El empleado debe tener al menos {MIN_AGE} años")));
            }
            self.birthday = date;
        }
        if let Some(phone) = checks.check(validate::phone("phone", &self.phone)) {
            self.phone = phone;
        }
        for (field, value, max) in [("street", &mut self.street, 200), ("city", &mut self.city, 100)] {
            if let Some(clean) = checks.check(validate::optional(field, value, max)) {
                *value = clean;
            }
        }
        if self.province_id.is_some_and(|p| !(1..=52).contains(&p)) {
            checks.push(Error::invalid_field("province_id", "La provincia debe estar entre 1 y 52"));
        }
        if let Some(code) = checks.check(validate::postal_code("postal_code", &self.postal_code, self.province_id)) {
            self.postal_code = code;
        }
        self.check_branches(&mut checks);
        self.check_positions(&mut checks);
        if let Some(date) = checks.check(validate::optional_date("incorporation_date", self.incorporation_date.take())) {
            self.incorporation_date = date;
        }
        if let Some(date) = checks.check(validate::optional_date("leave_date", self.leave_date.take())) {
            if let (Some(leave), Some(start)) = (&date, &self.incorporation_date) {
                if leave < start {
                    checks.push(Error::invalid_field("leave_date", "La fecha de baja no puede ser anterior a la de incorporación"));
                }
            }
            self.leave_date = date;
        }
        if let Some(notes) = checks.check(validate::optional("observations", &self.observations, 5000)) {
            self.observations = notes;
        }
        if self.is_teacher {
            if let Some(classes) = checks.check(validate::licence_classes("teacher_classes", &self.teacher_classes)) {
                self.teacher_classes = classes;
            }
            if let Some(number) = checks.check(validate::optional("teacher_number", &self.teacher_number, 40)) {
                self.teacher_number = number;
            }
        } else {
            self.teacher_classes.clear();
            self.teacher_number.clear();
        }
        if let Some(hours) = self.weekly_hours {
            if !(hours > 0.0 && hours <= MAX_WEEKLY_HOURS) {
                checks.push(Error::invalid_field("weekly_hours", format!("Las horas semanales deben ser más de 0 y como mucho {MAX_WEEKLY_HOURS}")));
            }
        }
        if let Some(naf) = checks.check(validate::social_security("social_security_number", &self.social_security_number)) {
            self.social_security_number = naf;
        }
        if let Some(iban) = checks.check(validate::iban("iban", &self.iban)) {
            self.iban = iban;
        }
        if let Some(category) = checks.check(validate::optional("professional_category", &self.professional_category, 100)) {
            self.professional_category = category;
        }
        checks.finish()
    }
}

impl Employee {
    /// The branches must be the business's; the main one is among them (alone when the list
    /// is empty).
    fn check_branches(&mut self, checks: &mut Checks) {
        self.branches.sort_unstable();
        self.branches.dedup();
        if self.branch_id.is_none() {
            self.branch_id = self.branches.first().copied();
        }
        if let Some(main) = self.branch_id {
            if self.branches.is_empty() {
                self.branches.push(main);
            } else if !self.branches.contains(&main) {
                checks.push(Error::invalid_field("branch_id", "La sucursal principal debe estar entre las sucursales del empleado"));
            }
        }
        if self.branches.is_empty() {
            return;
        }
        let known: Vec<i64> = directory::branches().into_iter().map(|b| b.id).collect();
        if self.branches.iter().any(|b| !known.contains(b)) {
            checks.push(Error::invalid_field("branches", "Alguna sucursal no es de la empresa"));
        }
    }

    fn check_positions(&mut self, checks: &mut Checks) {
        self.positions.sort_unstable();
        self.positions.dedup();
        if self.positions.is_empty() {
            return;
        }
        let known: Vec<i64> = directory::positions().into_iter().map(|p| p.id).collect();
        if self.positions.iter().any(|p| !known.contains(p)) {
            checks.push(Error::invalid_field("positions", "Algún puesto no es de la empresa"));
        }
    }
}

/// The next free code `E0001`, `E0002`… (counting every employee the business ever had).
fn next_code(ctx: &Ctx) -> Result<String> {
    let count: i64 = sql::query_scalar("SELECT COUNT(*) FROM employees_employee WHERE business_id = $1", &params![ctx.business_id])?;
    for n in count + 1..count + 1000 {
        let code = format!("E{n:04}");
        let taken: i64 = sql::query_scalar(
            "SELECT COUNT(*) FROM employees_employee WHERE business_id = $1 AND code = $2",
            &params![ctx.business_id, code.clone()],
        )?;
        if taken == 0 {
            return Ok(code);
        }
    }
    Err(Error::invalid_field("code", "No se pudo asignar un código: indique uno"))
}

/// Whether another employee not deleted has this DNI/NIE (any branch).
fn fiscal_code_taken(ctx: &Ctx, fiscal_code: &str, id: Option<i64>) -> Result<bool> {
    let taken: i64 = sql::query_scalar(
        "SELECT COUNT(*) FROM employees_employee WHERE business_id = $1 AND fiscal_code = $2 AND state <> 'deleted' AND id <> $3",
        &params![ctx.business_id, fiscal_code.to_string(), id.unwrap_or(0)],
    )?;
    Ok(taken > 0)
}

/// An employee as one view shows them: the record, their name, their account, the names of
/// their branches and positions, and whether they have a PIN.
pub fn detail(ctx: &Ctx, id: i64) -> Result<Value> {
    let record = resource::find::<Employee>(ctx, id)?;
    let mut value = serde_json::to_value(&record)?;
    value["name"] = json!(record.data.name());
    value["account"] = match record.data.user_id.and_then(directory::account) {
        Some(a) => json!({ "user_id": a.user_id, "email": a.email, "role_id": a.role_id, "role": a.role,
                           "is_super": a.is_super, "active": a.active, "locked": a.locked }),
        None => Value::Null,
    };
    let branches = directory::branches();
    value["branch_names"] = json!(names(&branches, &record.data.branches));
    value["position_names"] = json!(names(&directory::positions(), &record.data.positions));
    value["has_pin"] = json!(crate::pin::exists(ctx, id)?);
    Ok(value)
}

fn names(known: &[directory::Named], ids: &[i64]) -> Vec<String> {
    ids.iter().filter_map(|id| known.iter().find(|n| n.id == *id).map(|n| n.name.clone())).collect()
}

/// A list's employee: the record, their name and their account's standing.
pub fn listed(record: &Record<Employee>, accounts: &[directory::UserAccount]) -> Result<Value> {
    let mut value = serde_json::to_value(record)?;
    value["name"] = json!(record.data.name());
    value["account"] = match record.data.user_id.and_then(|u| accounts.iter().find(|a| a.user_id == u)) {
        Some(a) => json!({ "user_id": a.user_id, "email": a.email, "active": a.active, "locked": a.locked }),
        None => Value::Null,
    };
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_join_what_there_is() {
        let e = Employee { first_name: "Lucía".into(), last_name: "Martín".into(), ..Employee::default() };
        assert_eq!(e.name(), "Lucía Martín");
        assert_eq!(e.last_names(), "Martín");
        let e = Employee { second_last_name: "Gil".into(), ..e };
        assert_eq!(e.name(), "Lucía Martín Gil");
        assert_eq!(e.last_names(), "Martín Gil");
    }
}
