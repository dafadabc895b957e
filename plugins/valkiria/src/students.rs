//! Students and their access: enrolments per licence until a date (and their renewal), the PIN
//! a student takes tests with, credentials by mail, two-factor, and the resets that archive a
//! student's attempts.

use std::collections::{BTreeMap, BTreeSet};

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::{attempts, directory, host, mail, plugins, time, validate, Checks};

use crate::{dates, distinct, family_rule, find, find_live, id_list, licence, licence_rank, percent, pin, record_value, take_state, today, update_with_state};

// ---------------------------------------------------------------------------------------------
// Records

/// A student of the online tests.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Student {
    /// DNI or NIE, unique among the business's students, kept upper case.
    pub dni: String,
    /// Required, at most 100 characters.
    pub first_name: String,
    /// At most 150 characters.
    pub last_name: String,
    pub email: String,
    pub phone: String,
    /// The student's contact in the contacts module, if any.
    pub contact_id: Option<i64>,
    /// When on, a test is taken only with the student's PIN.
    pub two_factor: bool,
    /// One of the business's branches.
    pub branch_id: Option<i64>,
}

impl Student {
    pub fn name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name).trim().to_string()
    }

    /// The fields' checks (every failing field at once), normalising them.
    fn check_fields(&mut self, checks: &mut Checks) {
        if self.dni.trim().is_empty() {
            checks.push(Error::required("dni"));
        } else if let Some(dni) = checks.check(validate::dni_field("dni", &self.dni)) {
            self.dni = dni;
        }
        if let Some(name) = checks.check(validate::required("first_name", &self.first_name, 100)) {
            self.first_name = name;
        }
        if let Some(name) = checks.check(validate::optional("last_name", &self.last_name, 150)) {
            self.last_name = name;
        }
        if let Some(email) = checks.check(validate::email("email", &self.email)) {
            self.email = email;
        }
        if let Some(phone) = checks.check(validate::phone("phone", &self.phone)) {
            self.phone = phone;
        }
        if self.contact_id.is_some_and(|c| c <= 0) {
            checks.push(Error::invalid_field("contact_id", "El contacto no existe"));
        }
        if let Some(branch) = self.branch_id {
            if !directory::branches().iter().any(|b| b.id == branch) {
                checks.push(Error::invalid_field("branch_id", "La sucursal no existe"));
            }
        }
    }

    /// A DNI is taken once among the business's live students.
    fn check_unique(&self, ctx: &Ctx, id: Option<i64>) -> Result<()> {
        let taken: Option<i64> = sql::query_optional(
            "SELECT id FROM valkiria_student WHERE business_id = $1 AND dni = $2 AND state <> 'deleted' AND id <> $3 LIMIT 1",
            &params![ctx.business_id, self.dni.clone(), id.unwrap_or(0)],
        )?;
        if taken.is_some() {
            return Err(Error::conflict(format!("Ya hay un alumno con el DNI {}", self.dni)).with_data(json!({ "field": "dni" })));
        }
        Ok(())
    }
}

impl Resource for Student {
    const NAME: &'static str = "valkiria_student";
    const LABEL: &'static str = "Alumno";
    const TABLE: &'static str = "valkiria_student";
    /// Last name first: the folded search text is also the list's order.
    const SEARCH: &'static [&'static str] = &["last_name", "first_name", "dni"];
    const ORDER_BY: &'static str = "search_text ASC, id ASC";

    fn prepare(&mut self, ctx: &Ctx, id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        self.check_fields(&mut checks);
        checks.finish()?;
        self.check_unique(ctx, id)
    }
}


/// A student's enrolment for a licence class, until a date.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Enrolment {
    pub student_id: i64,
    pub licence: String,
    /// The last day the student may take tests.
    pub expires_on: String,
    /// How many times the student may repeat each test of the licence while enrolled (0 to
    /// [`MAX_REPETITIONS`]: taken once plus that many); none: no limit.
    pub repetitions: Option<i64>,
}

/// The most repetitions of each test an enrolment may be limited to.
pub const MAX_REPETITIONS: i64 = 99;

/// The check of an enrolment's repetitions.
pub fn check_repetitions(field: &str, repetitions: Option<i64>) -> Result<()> {
    match repetitions {
        Some(r) if !(0..=MAX_REPETITIONS).contains(&r) => {
            Err(Error::invalid_field(field, format!("Las repeticiones de cada test van de 0 a {MAX_REPETITIONS}")))
        }
        _ => Ok(()),
    }
}

impl Resource for Enrolment {
    const NAME: &'static str = "valkiria_enrolment";
    const LABEL: &'static str = "Matrícula";
    const FEMININE: bool = true;
    const TABLE: &'static str = "valkiria_enrolment";
    const ORDER_BY: &'static str = "expires_on ASC, id ASC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(l) = checks.check(licence("licence", &self.licence)) {
            self.licence = l;
        }
        if self.expires_on.trim().is_empty() {
            checks.push(Error::required("expires_on"));
        } else if let Some(date) = checks.check(validate::date("expires_on", &self.expires_on)) {
            self.expires_on = date;
        }
        checks.check(check_repetitions("repetitions", self.repetitions));
        checks.finish()
    }
}


/// An enrolment as the views show it: its end, the days left and whether it expired.
pub fn enrolment_json(record: &Record<Enrolment>, today: &str) -> Result<Value> {
    let mut value = record_value(record)?;
    value["days_left"] = json!(dates::days_left(today, &record.data.expires_on));
    value["expired"] = json!(dates::expired(today, &record.data.expires_on));
    Ok(value)
}

/// The live enrolments of some students, in the licences' order.
fn live_enrolments(ctx: &Ctx, student_ids: &[i64]) -> Result<Vec<Record<Enrolment>>> {
    #[derive(Deserialize)]
    struct Row {
        id: i64,
        state: String,
        created_at: String,
        updated_at: String,
        student_id: i64,
        licence: String,
        expires_on: String,
        repetitions: Option<i64>,
    }
    if student_ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut params = params![ctx.business_id];
    let list = id_list(&mut params, student_ids);
    let rows: Vec<Row> = sql::query_as(
        &format!(
            "SELECT id, state, created_at, updated_at, student_id, licence, expires_on, repetitions FROM valkiria_enrolment \
             WHERE business_id = $1 AND state <> 'deleted' AND student_id IN ({list})"
        ),
        &params,
    )?;
    let mut records: Vec<Record<Enrolment>> = rows
        .into_iter()
        .map(|r| Record {
            id: r.id,
            state: r.state,
            created_at: r.created_at,
            updated_at: r.updated_at,
            data: Enrolment { student_id: r.student_id, licence: r.licence, expires_on: r.expires_on, repetitions: r.repetitions },
        })
        .collect();
    records.sort_by_key(|e| (licence_rank(&e.data.licence), e.id));
    Ok(records)
}

/// A student's live enrolments (expired or not), in the licences' order.
pub fn live_enrolments_of(ctx: &Ctx, student_id: i64) -> Result<Vec<Record<Enrolment>>> {
    live_enrolments(ctx, &[student_id])
}

/// The licences a student is enrolled for (live enrolments, expired or not), in order.
pub fn student_licences(ctx: &Ctx, student_id: i64) -> Result<Vec<String>> {
    Ok(live_enrolments(ctx, &[student_id])?.into_iter().map(|e| e.data.licence).collect())
}

/// The student's enrolment for a licence, any state.
fn enrolment_for(ctx: &Ctx, student_id: i64, licence: &str) -> Result<Option<Record<Enrolment>>> {
    let id: Option<i64> = sql::query_optional(
        "SELECT id FROM valkiria_enrolment WHERE business_id = $1 AND student_id = $2 AND licence = $3",
        &params![ctx.business_id, student_id, licence],
    )?;
    match id {
        Some(id) => Ok(Some(find::<Enrolment>(ctx, id)?)),
        None => Ok(None),
    }
}

/// The live enrolment a student takes a test of `licence` with (expired or not).
pub fn live_enrolment_for(ctx: &Ctx, student_id: i64, licence: &str) -> Result<Option<Record<Enrolment>>> {
    Ok(enrolment_for(ctx, student_id, licence)?.filter(|e| e.state != "deleted"))
}

/// Live attempts per student: how many, how many passed and the last one's time.
#[derive(Debug, Clone, Default, Deserialize)]
struct StudentStats {
    student_id: i64,
    attempts: i64,
    passed: i64,
    last_attempt_at: Option<String>,
}

fn student_stats(ctx: &Ctx, ids: &[i64]) -> Result<BTreeMap<i64, StudentStats>> {
    if ids.is_empty() {
        return Ok(BTreeMap::new());
    }
    let mut params = params![ctx.business_id];
    let list = id_list(&mut params, ids);
    let rows: Vec<StudentStats> = sql::query_as(
        &format!(
            "SELECT student_id, COUNT(*) AS attempts, CAST(COALESCE(SUM(CASE WHEN passed THEN 1 ELSE 0 END), 0) AS BIGINT) AS passed, \
             MAX(taken_at) AS last_attempt_at FROM valkiria_attempt WHERE business_id = $1 AND reset_id IS NULL AND student_id IN ({list}) GROUP BY student_id"
        ),
        &params,
    )?;
    Ok(rows.into_iter().map(|s| (s.student_id, s)).collect())
}

/// Students as the views show them: their fields, name, whether they have a PIN, their live
/// enrolments and their live attempts' figures.
pub fn student_values(ctx: &Ctx, records: &[Record<Student>]) -> Result<Vec<Value>> {
    let ids: Vec<i64> = distinct(records.iter().map(|r| r.id));
    let with_pin: BTreeSet<i64> = if ids.is_empty() {
        BTreeSet::new()
    } else {
        let mut params = params![ctx.business_id];
        let list = id_list(&mut params, &ids);
        let rows: Vec<i64> = sql::query_as(&format!("SELECT id FROM valkiria_student WHERE business_id = $1 AND pin_hash <> '' AND id IN ({list})"), &params)?;
        rows.into_iter().collect()
    };
    let enrolments = live_enrolments(ctx, &ids)?;
    let stats = student_stats(ctx, &ids)?;
    // Their online tests' links (`online::ensure_link`), kept out of the record's fields.
    let online: Vec<(i64, String)> = if ids.is_empty() {
        Vec::new()
    } else {
        #[derive(Deserialize)]
        struct Online {
            id: i64,
            online_reference: String,
        }
        let mut params = params![ctx.business_id];
        let list = id_list(&mut params, &ids);
        let rows: Vec<Online> = sql::query_as(
            &format!("SELECT id, online_reference FROM valkiria_student WHERE business_id = $1 AND online_reference IS NOT NULL AND id IN ({list})"),
            &params,
        )?;
        rows.into_iter().map(|r| (r.id, r.online_reference)).collect()
    };
    let today = today();
    records
        .iter()
        .map(|record| {
            let mut value = record_value(record)?;
            value["name"] = json!(record.data.name());
            value["has_pin"] = json!(with_pin.contains(&record.id));
            value["enrolments"] = enrolments
                .iter()
                .filter(|e| e.data.student_id == record.id)
                .map(|e| enrolment_json(e, &today))
                .collect::<Result<Vec<_>>>()?
                .into();
            let s = stats.get(&record.id).cloned().unwrap_or_default();
            value["attempts"] = json!(s.attempts);
            value["passed"] = json!(s.passed);
            value["last_attempt_at"] = json!(s.last_attempt_at);
            value["online_url"] = json!(online.iter().find(|(id, _)| *id == record.id).map(|(_, r)| crate::online::link_url(r)));
            Ok(value)
        })
        .collect()
}

/// The student `id` as `valkiria/studentsdni` answers it.
pub fn student_view(ctx: &Ctx, id: i64) -> Result<Value> {
    let record = find::<Student>(ctx, id)?;
    Ok(student_values(ctx, std::slice::from_ref(&record))?.remove(0))
}

/// A new PIN for the student, stored hashed; the PIN itself, to be shown once.
fn new_pin(ctx: &Ctx, student_id: i64) -> Result<String> {
    let pin = pin::generate();
    let salt = pin::salt();
    sql::execute(
        "UPDATE valkiria_student SET pin_salt = $1, pin_hash = $2, updated_at = $3 WHERE business_id = $4 AND id = $5",
        &params![salt.clone(), pin::hash(&salt, &pin), host::now(), ctx.business_id, student_id],
    )?;
    Ok(pin)
}

/// Whether `given` is the student's PIN.
pub fn pin_matches(ctx: &Ctx, student_id: i64, given: &str) -> Result<bool> {
    #[derive(Deserialize)]
    struct Stored {
        pin_salt: String,
        pin_hash: String,
    }
    let stored: Option<Stored> =
        sql::query_optional("SELECT pin_salt, pin_hash FROM valkiria_student WHERE business_id = $1 AND id = $2", &params![ctx.business_id, student_id])?;
    Ok(stored.is_some_and(|s| pin::verify(&s.pin_salt, &s.pin_hash, given)))
}

/// Wrong PINs a student may give in `PIN_WINDOW_MINUTES` before the PIN is refused untried.
pub const PIN_ATTEMPTS: u32 = 5;
pub const PIN_WINDOW_MINUTES: u32 = 15;

/// With `two_factor`, the student's PIN must be given and right (`REQ-102` on `pin`). Wrong PINs
/// are counted (`attempts`, kept though the refusal rolls the call back): after `PIN_ATTEMPTS` in
/// `PIN_WINDOW_MINUTES` minutes, even the right one is refused until the oldest leaves the window.
pub fn check_pin(ctx: &Ctx, student: &Record<Student>, given: Option<&str>) -> Result<()> {
    if !student.data.two_factor {
        return Ok(());
    }
    let Some(pin) = given.map(str::trim).filter(|p| !p.is_empty()) else {
        return Err(Error::invalid_field("pin", "Introduzca el PIN del alumno"));
    };
    let key = format!("pin:{}", student.id);
    if let Some(minutes) = attempts::blocked(&key, PIN_ATTEMPTS, PIN_WINDOW_MINUTES) {
        let unit = if minutes == 1 { "minuto" } else { "minutos" };
        return Err(Error::invalid_field("pin", format!("Demasiados PIN incorrectos. Vuelva a intentarlo en {minutes} {unit}")));
    }
    if !pin_matches(ctx, student.id, pin)? {
        attempts::fail(&key)?;
        return Err(Error::invalid_field("pin", "El PIN no es correcto"));
    }
    attempts::clear(&key)
}

// ---------------------------------------------------------------------------------------------
// Enrolling

/// `POST valkiria/assigncourse` and `valkiria/permisoa/assigncourse`: an existing student
/// (`student_id`) or a new one, enrolled for a licence.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Assign {
    /// An existing student; without it, a new one from the fields below.
    pub student_id: Option<i64>,
    /// DNI or NIE of a new student.
    pub dni: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    /// With the contacts service on, the empty personal fields come from the contact.
    pub contact_id: Option<i64>,
    pub branch_id: Option<i64>,
    /// The licence class (permit-A call: AM, A1, A2 or A, default A2; general call: the others).
    pub licence: String,
    /// The enrolment's last day; default today + 6 months.
    pub expires_on: Option<String>,
}

/// A new student's empty fields from their contact (`contacts/contact.person`). A contact that
/// does not exist, or is not a person, is refused; without the contacts service the student is
/// kept as given.
fn prefill_from_contact(body: &mut Assign, checks: &mut Checks) {
    let Some(contact_id) = body.contact_id.filter(|c| *c > 0) else { return };
    match plugins::try_call::<_, Value>("contacts", "contact.person", &json!({ "id": contact_id })) {
        Ok(person) => {
            let text = |key: &str| person[key].as_str().unwrap_or_default().trim().to_string();
            if text("state") == "deleted" {
                checks.push(Error::invalid_field("contact_id", "El contacto está eliminado"));
                return;
            }
            if text("type") != "P" {
                checks.push(Error::invalid_field("contact_id", "El contacto no es una persona"));
                return;
            }
            let last_name = [text("last_name"), text("second_last_name")].into_iter().filter(|p| !p.is_empty()).collect::<Vec<_>>().join(" ");
            let phone = if text("phone").is_empty() { text("mobile") } else { text("phone") };
            for (field, value) in [
                (&mut body.dni, text("fiscal_code")),
                (&mut body.first_name, text("first_name")),
                (&mut body.last_name, last_name),
                (&mut body.email, text("email")),
                (&mut body.phone, phone),
            ] {
                if field.trim().is_empty() {
                    *field = value;
                }
            }
        }
        Err(reason) if reason.contains("no encontrado") => checks.push(Error::invalid_field("contact_id", "El contacto no existe")),
        Err(reason) => host::log::info(&format!("contact {contact_id} not read for a new student: {reason}")),
    }
}

fn assign(ctx: &Ctx, req: &Req, permit_a: bool) -> Result<Value> {
    let mut body: Assign = req.json()?;
    let today = today();
    let mut checks = Checks::new();
    let wanted = if body.licence.trim().is_empty() && permit_a { "A2".to_string() } else { body.licence.clone() };
    let licence = checks.check(licence("licence", &wanted).and_then(|l| family_rule(&l, permit_a).map(|_| l)));
    let expires_on = match checks.check(validate::optional_date("expires_on", body.expires_on.take())) {
        Some(Some(date)) if date < today => {
            checks.push(Error::invalid_field("expires_on", "La fecha de fin no puede ser anterior a hoy"));
            None
        }
        Some(Some(date)) => Some(date),
        Some(None) => dates::add_months(&today, 6),
        None => None,
    };
    let (student_id, pin) = match body.student_id {
        Some(id) => {
            checks.finish()?;
            (find_live::<Student>(ctx, id)?.id, None)
        }
        None => {
            prefill_from_contact(&mut body, &mut checks);
            let mut student = Student {
                dni: body.dni,
                first_name: body.first_name,
                last_name: body.last_name,
                email: body.email,
                phone: body.phone,
                contact_id: body.contact_id,
                two_factor: false,
                branch_id: body.branch_id.or(ctx.branch_id),
            };
            student.check_fields(&mut checks);
            checks.finish()?;
            student.check_unique(ctx, None)?;
            let record = resource::insert(ctx, student)?;
            (record.id, Some(new_pin(ctx, record.id)?))
        }
    };
    let (Some(licence), Some(expires_on)) = (licence, expires_on) else { return Err(Error::internal("checked fields missing")) };
    match enrolment_for(ctx, student_id, &licence)? {
        Some(existing) if existing.state != "deleted" => {
            return Err(Error::conflict(format!(
                "El alumno ya está matriculado en el permiso {licence} (hasta el {})",
                time::spanish_date(&existing.data.expires_on)
            ))
            .with_data(json!({ "field": "licence", "enrolment_id": existing.id })));
        }
        Some(deleted) => {
            // A deleted enrolment is brought back with the new end.
            sql::execute(
                "UPDATE valkiria_enrolment SET state = 'active', expires_on = $1, updated_at = $2 WHERE business_id = $3 AND id = $4",
                &params![expires_on, host::now(), ctx.business_id, deleted.id],
            )?;
        }
        None => {
            resource::insert(ctx, Enrolment { student_id, licence, expires_on, repetitions: None })?;
        }
    }
    let mut value = student_view(ctx, student_id)?;
    if let Some(pin) = pin {
        value["pin"] = json!(pin);
    }
    Ok(value)
}

/// A buyer's DNI or NIE, as the shop's processes send it: required and valid.
fn buyer_dni(checks: &mut Checks, dni: &str) -> Option<String> {
    match validate::dni_field("dni", dni) {
        Ok(dni) if !dni.is_empty() => Some(dni),
        _ => {
            checks.push(Error::invalid_field("dni", "El comprador no tiene un DNI o NIE válido"));
            None
        }
    }
}

/// The first live student with that DNI or NIE.
fn live_student_with_dni(ctx: &Ctx, dni: &str) -> Result<Option<i64>> {
    sql::query_optional(
        "SELECT id FROM valkiria_student WHERE business_id = $1 AND dni = $2 AND state <> 'deleted' ORDER BY id ASC LIMIT 1",
        &params![ctx.business_id, dni],
    )
}

/// `valkiria.access` (an export): online-test access for a buyer of the online shop (the
/// products plugin's processes).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Access {
    pub dni: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    pub contact_id: Option<i64>,
    pub licence: String,
    /// 1 to 1095.
    pub days: i64,
    /// Add the days to the later of today and the current end, instead of giving access until
    /// today + days.
    pub extend: bool,
}

/// The live student with the buyer's DNI (a new one from the buyer's details when none),
/// enrolled for the licence until today + `days` (an access that ends later is kept), or, with
/// `extend`, `days` more from the later of today and its current end. Answers `{student_id,
/// student_created, licence, expires_on}`.
pub fn grant_access(ctx: &Ctx, body: Access) -> Result<Value> {
    let today = today();
    let mut checks = Checks::new();
    let licence = checks.check(licence("licence", &body.licence));
    if !(1..=1095).contains(&body.days) {
        checks.push(Error::invalid_field("days", "Los días de acceso van de 1 a 1095"));
    }
    let dni = buyer_dni(&mut checks, &body.dni);
    checks.finish()?;
    let (Some(licence), Some(dni)) = (licence, dni) else { return Err(Error::internal("checked fields missing")) };
    let found = live_student_with_dni(ctx, &dni)?;
    let (student_id, created) = match found {
        Some(id) => (id, false),
        None => {
            let mut student = Student {
                dni,
                first_name: body.first_name,
                last_name: body.last_name,
                email: body.email,
                phone: body.phone,
                contact_id: body.contact_id,
                two_factor: false,
                branch_id: ctx.branch_id,
            };
            let mut checks = Checks::new();
            student.check_fields(&mut checks);
            checks.finish()?;
            let record = resource::insert(ctx, student)?;
            // Its PIN is made now and shown to nobody: the school gives the student a new one
            // (valkiria/new_pin) or mails the credentials when it wants them to use it.
            new_pin(ctx, record.id)?;
            (record.id, true)
        }
    };
    let from_today = time::add_days(&today, body.days).ok_or_else(|| Error::internal("access out of the calendar"))?;
    let expires_on = match enrolment_for(ctx, student_id, &licence)? {
        Some(live) if live.state != "deleted" => {
            let current = live.data.expires_on.clone();
            let date = if body.extend {
                let base = if current > today { current.clone() } else { today.clone() };
                time::add_days(&base, body.days).ok_or_else(|| Error::internal("access out of the calendar"))?
            } else if current > from_today {
                current.clone()
            } else {
                from_today
            };
            sql::execute(
                "UPDATE valkiria_enrolment SET expires_on = $1, state = 'active', updated_at = $2 WHERE business_id = $3 AND id = $4",
                &params![date.clone(), host::now(), ctx.business_id, live.id],
            )?;
            date
        }
        Some(deleted) => {
            sql::execute(
                "UPDATE valkiria_enrolment SET state = 'active', expires_on = $1, updated_at = $2 WHERE business_id = $3 AND id = $4",
                &params![from_today.clone(), host::now(), ctx.business_id, deleted.id],
            )?;
            from_today
        }
        None => {
            resource::insert(ctx, Enrolment { student_id, licence: licence.clone(), expires_on: from_today.clone(), repetitions: None })?;
            from_today
        }
    };
    Ok(json!({ "student_id": student_id, "student_created": created, "licence": licence, "expires_on": expires_on }))
}

/// `POST valkiria/student/update` (extension): a student's personal fields or state.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct StudentUpdate {
    pub id: i64,
    pub dni: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub contact_id: Option<i64>,
    pub branch_id: Option<i64>,
    /// `active`, `inactive` (cannot take tests) or `deleted`.
    pub state: Option<String>,
}

fn student_update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    let state = take_state(&mut body)?;
    body.retain(|key, _| ["dni", "first_name", "last_name", "email", "phone", "contact_id", "branch_id"].contains(&key.as_str()));
    update_with_state::<Student>(ctx, id, body, state.as_deref())?;
    if state.as_deref() == Some("deleted") {
        crate::online::revoke_link(ctx, id)?;
    }
    student_view(ctx, id)
}

/// `POST valkiria/enrolment/update` (extension): an enrolment's state, or its limit of
/// repetitions of each test (either or both).
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct EnrolmentUpdate {
    pub id: i64,
    /// `active`, `inactive` (no tests meanwhile) or `deleted` (enrolling again brings it back).
    pub state: Option<String>,
    /// How many times each test may be repeated (0 to 99); null: no limit. Absent: unchanged.
    pub repetitions: Option<Option<i64>>,
}

fn enrolment_update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    let state = take_state(&mut body)?;
    let mut fields = serde_json::Map::new();
    if let Some(value) = body.remove("repetitions") {
        let repetitions = match &value {
            Value::Null => None,
            Value::Number(n) if n.as_i64().is_some() => n.as_i64(),
            _ => return Err(Error::invalid_field("repetitions", "Las repeticiones son un número entero")),
        };
        check_repetitions("repetitions", repetitions)?;
        fields.insert("repetitions".into(), json!(repetitions));
    }
    if state.is_none() && fields.is_empty() {
        return Err(Error::required("state"));
    }
    let enrolment = find::<Enrolment>(ctx, id)?;
    find_live::<Student>(ctx, enrolment.data.student_id)?;
    update_with_state::<Enrolment>(ctx, id, fields, state.as_deref())?;
    student_view(ctx, enrolment.data.student_id)
}

/// `valkiria.repetitions` (an export): how many times the buyer of the online shop may repeat
/// each test of a licence (the products plugin's processes).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Repetitions {
    pub dni: String,
    pub licence: String,
    pub repetitions: i64,
}

/// The live student with the buyer's DNI and their live enrolment for the licence get the limit;
/// answers `{student_id, licence, repetitions, expires_on}`. A buyer without that enrolment is
/// refused: the product gives the access first (an online-test days process before this one).
pub fn set_repetitions(ctx: &Ctx, body: Repetitions) -> Result<Value> {
    let mut checks = Checks::new();
    let licence = checks.check(licence("licence", &body.licence));
    checks.check(check_repetitions("repetitions", Some(body.repetitions)));
    let dni = buyer_dni(&mut checks, &body.dni);
    checks.finish()?;
    let (Some(licence), Some(dni)) = (licence, dni) else { return Err(Error::internal("checked fields missing")) };
    let student = live_student_with_dni(ctx, &dni)?;
    let enrolment = match student {
        Some(id) => live_enrolment_for(ctx, id, &licence)?,
        None => None,
    };
    let Some(enrolment) = enrolment else {
        return Err(Error::conflict(format!("El comprador no está matriculado en los test del permiso {licence}")));
    };
    update_with_state::<Enrolment>(ctx, enrolment.id, json!({ "repetitions": body.repetitions }).as_object().cloned().unwrap_or_default(), None)?;
    Ok(json!({ "student_id": enrolment.data.student_id, "licence": licence, "repetitions": body.repetitions, "expires_on": enrolment.data.expires_on }))
}

/// Whether the student may take test `test_id` once more under `enrolment`'s limit of
/// repetitions; the refusal says how many times they took it.
pub fn check_times_left(ctx: &Ctx, enrolment: &Record<Enrolment>, test_id: i64) -> Result<()> {
    let Some(repetitions) = enrolment.data.repetitions else { return Ok(()) };
    let taken: i64 = sql::query_scalar(
        "SELECT COUNT(*) FROM valkiria_attempt WHERE business_id = $1 AND student_id = $2 AND test_id = $3 AND reset_id IS NULL",
        &params![ctx.business_id, enrolment.data.student_id, test_id],
    )?;
    if taken > repetitions {
        return Err(Error::conflict(format!(
            "Ya ha hecho este test {taken} {}: su matrícula permite repetir cada test {repetitions} {}",
            if taken == 1 { "vez" } else { "veces" },
            if repetitions == 1 { "vez" } else { "veces" }
        )));
    }
    Ok(())
}

/// How many more times a test taken `taken` times may be taken under the limit (none: no limit).
pub fn times_left(repetitions: Option<i64>, taken: i64) -> Option<i64> {
    repetitions.map(|r| (r + 1 - taken).max(0))
}

// ---------------------------------------------------------------------------------------------
// Lists and figures

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ListFilters {
    licence: String,
    status: String,
}

/// `GET valkiria/listuserautoescuela`: a page of students by last name and first name.
fn list(ctx: &Ctx, req: &Req) -> Result<Page<Vec<Value>>> {
    let query = ListQuery::from_query(req)?;
    let filters: ListFilters = req.query()?;
    let licence = match filters.licence.trim() {
        "" => None,
        l => Some(licence("licence", l)?),
    };
    let mut extra = Vec::new();
    let mut values = Vec::new();
    let enrolled = "SELECT student_id FROM valkiria_enrolment WHERE business_id = ${} AND state <> 'deleted'";
    if let Some(licence) = &licence {
        extra.push(format!("id IN ({enrolled} AND licence = ${{}})"));
        values.extend([ctx.business_id.to_sql(), licence.to_sql()]);
    }
    let running = |values: &mut Vec<volante_plugin_sdk::sql::SqlValue>| {
        values.extend([ctx.business_id.to_sql(), today().to_sql()]);
        match &licence {
            Some(l) => {
                values.push(l.to_sql());
                format!("{enrolled} AND expires_on >= ${{}} AND licence = ${{}}")
            }
            None => format!("{enrolled} AND expires_on >= ${{}}"),
        }
    };
    match filters.status.trim() {
        "" => {}
        "active" => {
            let sub = running(&mut values);
            extra.push(format!("id IN ({sub})"));
        }
        "expired" => {
            let sub = running(&mut values);
            extra.push(format!("id NOT IN ({sub})"));
        }
        _ => return Err(Error::invalid_field("status", "El estado debe ser active o expired")),
    }
    let condition = extra.join(" AND ");
    let page = resource::list_where::<Student>(ctx, &query, (!extra.is_empty()).then_some(condition.as_str()), values)?;
    let items = student_values(ctx, &page.items)?;
    Ok(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct DniQuery {
    dni: String,
}

/// The live student with a DNI (checked with the spec's messages on `field`).
fn student_by_dni(ctx: &Ctx, field: &str, dni: &str) -> Result<i64> {
    if dni.trim().is_empty() {
        return Err(Error::required(field));
    }
    let dni = validate::dni_field(field, dni)?;
    let id: Option<i64> = sql::query_optional(
        "SELECT id FROM valkiria_student WHERE business_id = $1 AND dni = $2 AND state <> 'deleted' ORDER BY id ASC LIMIT 1",
        &params![ctx.business_id, dni.clone()],
    )?;
    id.ok_or_else(|| resource::not_found::<Student>(0).with_data(json!({ "entity": Student::LABEL, "dni": dni })))
}

/// `GET valkiria/studentsdni`.
fn student_dni(ctx: &Ctx, req: &Req) -> Result<Value> {
    let query: DniQuery = req.query()?;
    student_view(ctx, student_by_dni(ctx, "dni", &query.dni)?)
}

/// `GET valkiria/userautoescuela`: the school's figures.
fn figures(ctx: &Ctx, _req: &Req) -> Result<Value> {
    let today = today();
    let soon = time::add_days(&today, 15).unwrap_or_else(|| today.clone());
    let students: i64 = sql::query_scalar("SELECT COUNT(*) FROM valkiria_student WHERE business_id = $1 AND state <> 'deleted'", &params![ctx.business_id])?;
    let live = "FROM valkiria_enrolment e JOIN valkiria_student s ON s.business_id = e.business_id AND s.id = e.student_id \
                WHERE e.business_id = $1 AND e.state <> 'deleted' AND s.state <> 'deleted' AND e.expires_on >= $2";
    let active: i64 = sql::query_scalar(&format!("SELECT COUNT(DISTINCT e.student_id) {live}"), &params![ctx.business_id, today.clone()])?;
    let expiring: i64 = sql::query_scalar(&format!("SELECT COUNT(*) {live} AND e.expires_on <= $3"), &params![ctx.business_id, today.clone(), soon])?;
    #[derive(Deserialize)]
    struct Month {
        attempts: i64,
        passed: i64,
    }
    let since = dates::local_midnight(&dates::month_start(&today)).ok_or_else(|| Error::internal("no month start"))?;
    let month: Month = sql::query_one(
        "SELECT COUNT(*) AS attempts, CAST(COALESCE(SUM(CASE WHEN passed THEN 1 ELSE 0 END), 0) AS BIGINT) AS passed FROM valkiria_attempt \
         WHERE business_id = $1 AND reset_id IS NULL AND taken_at >= $2",
        &params![ctx.business_id, since],
    )?;
    #[derive(Deserialize)]
    struct PerLicence {
        licence: String,
        n: i64,
    }
    let mut bank: BTreeMap<String, [i64; 3]> = BTreeMap::new();
    for (i, table) in ["valkiria_block", "valkiria_question", "valkiria_test"].iter().enumerate() {
        let rows: Vec<PerLicence> = sql::query_as(
            &format!("SELECT licence, COUNT(*) AS n FROM {table} WHERE business_id = $1 AND state <> 'deleted' GROUP BY licence"),
            &params![ctx.business_id],
        )?;
        for row in rows {
            bank.entry(row.licence).or_default()[i] = row.n;
        }
    }
    let mut licences: Vec<(String, [i64; 3])> = bank.into_iter().collect();
    licences.sort_by_key(|(l, _)| licence_rank(l));
    Ok(json!({
        "students": students,
        "active_students": active,
        "expiring": expiring,
        "attempts_this_month": month.attempts,
        "pass_rate_this_month": percent(month.passed, month.attempts),
        "licences": licences.iter().map(|(l, [blocks, questions, tests])| json!({ "licence": l, "blocks": blocks, "questions": questions, "tests": tests })).collect::<Vec<_>>(),
    }))
}

/// `GET valkiria/listuserautoescuelacaducidad/{id}`: live enrolments ending within `{id}` days
/// or ended in the last 30, by date.
fn expiring(ctx: &Ctx, req: &Req) -> Result<Vec<Value>> {
    let days: i64 = req.param("id")?;
    if !(0..=365).contains(&days) {
        return Err(Error::invalid_field("id", "Los días deben estar entre 0 y 365"));
    }
    let today = today();
    let from = time::add_days(&today, -30).ok_or_else(|| Error::internal("bad today"))?;
    let to = time::add_days(&today, days).ok_or_else(|| Error::internal("bad today"))?;
    #[derive(Deserialize)]
    struct Row {
        id: i64,
        student_id: i64,
        licence: String,
        expires_on: String,
        dni: String,
        first_name: String,
        last_name: String,
        email: String,
    }
    let rows: Vec<Row> = sql::query_as(
        "SELECT e.id AS id, e.student_id AS student_id, e.licence AS licence, e.expires_on AS expires_on, s.dni AS dni, s.first_name AS first_name, \
         s.last_name AS last_name, s.email AS email \
         FROM valkiria_enrolment e JOIN valkiria_student s ON s.business_id = e.business_id AND s.id = e.student_id \
         WHERE e.business_id = $1 AND e.state <> 'deleted' AND s.state <> 'deleted' AND e.expires_on >= $2 AND e.expires_on <= $3 \
         ORDER BY e.expires_on ASC, e.id ASC",
        &params![ctx.business_id, from, to],
    )?;
    Ok(rows
        .iter()
        .map(|r| {
            json!({
                "id": r.id, "student_id": r.student_id, "dni": r.dni, "name": format!("{} {}", r.first_name, r.last_name).trim(),
                "email": r.email, "licence": r.licence, "expires_on": r.expires_on, "days_left": dates::days_left(&today, &r.expires_on),
            })
        })
        .collect())
}

// ---------------------------------------------------------------------------------------------
// Renewals

/// An enrolment's new end: a date, or months counted from the later of today and its end.
#[derive(Debug, Clone, PartialEq)]
pub enum NewEnd {
    Date(String),
    Months(i64),
}

impl NewEnd {
    /// `expires_on` or `months`, exactly one of them.
    pub fn parse(expires_on: Option<&str>, months: Option<i64>) -> Result<NewEnd> {
        match (expires_on.map(str::trim).filter(|d| !d.is_empty()), months) {
            (Some(_), Some(_)) => Err(Error::invalid_field("months", "Indique la nueva fecha o los meses, no las dos cosas")),
            (None, None) => Err(Error::invalid_field("expires_on", "Indique la nueva fecha de fin o los meses que se añaden")),
            (Some(date), None) => Ok(NewEnd::Date(validate::date("expires_on", date)?)),
            (None, Some(m)) if (1..=36).contains(&m) => Ok(NewEnd::Months(m)),
            (None, Some(_)) => Err(Error::invalid_field("months", "Los meses deben estar entre 1 y 36")),
        }
    }

    /// The end it gives an enrolment ending on `current`.
    pub fn date(&self, today: &str, current: &str) -> Option<String> {
        match self {
            NewEnd::Date(date) => Some(date.clone()),
            NewEnd::Months(months) => dates::renewed(today, current, *months),
        }
    }
}

/// An enrolment that may be renewed: not deleted, of a student not deleted.
fn renewable(ctx: &Ctx, id: i64) -> Result<Record<Enrolment>> {
    let enrolment = find_live::<Enrolment>(ctx, id)?;
    find_live::<Student>(ctx, enrolment.data.student_id)?;
    Ok(enrolment)
}

/// Give the enrolment its new end; the enrolment as the views show it.
fn renew(ctx: &Ctx, enrolment: &Record<Enrolment>, end: &NewEnd, today: &str) -> Result<Value> {
    let date = end.date(today, &enrolment.data.expires_on).ok_or_else(|| Error::internal("renewal out of the calendar"))?;
    sql::execute(
        "UPDATE valkiria_enrolment SET expires_on = $1, updated_at = $2 WHERE business_id = $3 AND id = $4",
        &params![date, host::now(), ctx.business_id, enrolment.id],
    )?;
    enrolment_json(&find::<Enrolment>(ctx, enrolment.id)?, today)
}

/// `POST valkiria/newexpire`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Expire {
    /// The enrolment.
    pub id: i64,
    /// The new last day (a past one ends the access).
    pub expires_on: Option<String>,
    /// Or months (1 to 36) added to the later of today and the current end.
    pub months: Option<i64>,
}

fn new_expire(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: Expire = req.json()?;
    if body.id <= 0 {
        return Err(Error::required("id"));
    }
    let end = NewEnd::parse(body.expires_on.as_deref(), body.months)?;
    let enrolment = renewable(ctx, body.id)?;
    renew(ctx, &enrolment, &end, &today())
}

/// `POST valkiria/studentdni/newexpire`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct DniExpire {
    pub dni: String,
    pub licence: String,
    pub expires_on: Option<String>,
    pub months: Option<i64>,
}

fn new_expire_by_dni(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: DniExpire = req.json()?;
    let mut checks = Checks::new();
    let licence = checks.check(licence("licence", &body.licence));
    let end = checks.check(NewEnd::parse(body.expires_on.as_deref(), body.months));
    if body.dni.trim().is_empty() {
        checks.push(Error::required("dni"));
    } else {
        checks.check(validate::dni_field("dni", &body.dni));
    }
    checks.finish()?;
    let (Some(licence), Some(end)) = (licence, end) else { return Err(Error::internal("checked fields missing")) };
    let student = student_by_dni(ctx, "dni", &body.dni)?;
    let enrolment = live_enrolment_for(ctx, student, &licence)?.ok_or_else(|| {
        resource::not_found::<Enrolment>(0).with_data(json!({ "entity": Enrolment::LABEL, "licence": licence }))
    })?;
    renew(ctx, &enrolment, &end, &today())
}

/// `POST valkiria/dashboard/caducidad/new_expire`: several enrolments, all or none.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct BulkExpire {
    /// The enrolments (1 to 500).
    pub ids: Vec<i64>,
    pub expires_on: Option<String>,
    pub months: Option<i64>,
}

fn new_expire_bulk(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: BulkExpire = req.json()?;
    if body.ids.is_empty() {
        return Err(Error::invalid_field("ids", "Indique las matrículas"));
    }
    if body.ids.len() > 500 {
        return Err(Error::invalid_field("ids", "Como máximo 500 matrículas a la vez"));
    }
    let mut seen = BTreeSet::new();
    if let Some(repeated) = body.ids.iter().find(|id| !seen.insert(**id)) {
        return Err(Error::invalid_field("ids", format!("La matrícula {repeated} está repetida")));
    }
    let end = NewEnd::parse(body.expires_on.as_deref(), body.months)?;
    // Every enrolment is checked before any is written.
    let enrolments = body.ids.iter().map(|id| renewable(ctx, *id)).collect::<Result<Vec<_>>>()?;
    let today = today();
    let renewed = enrolments.iter().map(|e| renew(ctx, e, &end, &today)).collect::<Result<Vec<_>>>()?;
    Ok(json!({ "renewed": renewed.len(), "enrolments": renewed }))
}

// ---------------------------------------------------------------------------------------------
// PIN, credentials, two-factor

/// `{student_id}` bodies.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct StudentRef {
    pub student_id: i64,
}

fn student_ref(id: i64) -> Result<i64> {
    if id <= 0 {
        return Err(Error::required("student_id"));
    }
    Ok(id)
}

/// `POST valkiria/new_pin`: a new random PIN, answered once.
fn pin_renew(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: StudentRef = req.json()?;
    let student = find_live::<Student>(ctx, student_ref(body.student_id)?)?;
    let pin = new_pin(ctx, student.id)?;
    let mut value = student_view(ctx, student.id)?;
    value["pin"] = json!(pin);
    Ok(value)
}

/// The name the mail signs with: the student's branch (its trade name), else the caller's, else
/// the business's first branch.
pub(crate) fn school_name(ctx: &Ctx, branch_id: Option<i64>) -> String {
    let branches = directory::branches();
    branch_id
        .or(ctx.branch_id)
        .and_then(|id| branches.iter().find(|b| b.id == id))
        .or_else(|| branches.first())
        .map(|b| b.name.trim().to_string())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "su autoescuela".to_string())
}

const CREDENTIALS_SUBJECT: &str = "{{ school }}: sus claves para los test online";
const CREDENTIALS_BODY: &str = "Hola, {{ name }}:

Estas son sus claves para hacer los test online de {{ school }}:

    DNI: {{ dni }}
    PIN: {{ pin }}

Haga los test desde su enlace personal: {{ url }}

Guarde el PIN: se lo pedirán al hacer los test. Con estas claves el PIN anterior deja de valer.

Un saludo,
{{ school }}
";

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct StudentQuery {
    student_id: i64,
}

/// `GET valkiria/send/credentials`: a new PIN mailed to the student with their DNI.
fn send_credentials(ctx: &Ctx, req: &Req) -> Result<Value> {
    let query: StudentQuery = req.query()?;
    let student = find_live::<Student>(ctx, student_ref(query.student_id)?)?;
    let email = student.data.email.trim().to_string();
    if email.is_empty() {
        return Err(Error::invalid_field("email", "El alumno no tiene correo electrónico: añádalo para enviarle sus claves"));
    }
    let pin = new_pin(ctx, student.id)?;
    let url = crate::online::link_url(&crate::online::ensure_link(ctx, student.id, false)?);
    let context = json!({
        "name": student.data.name(), "dni": student.data.dni, "pin": pin, "school": school_name(ctx, student.data.branch_id), "url": url,
    });
    mail::send(std::slice::from_ref(&email), CREDENTIALS_SUBJECT, CREDENTIALS_BODY, &context, &[])
        .map_err(|e| Error::invalid_field("email", format!("No se ha podido enviar el correo: {}", e.details)))?;
    Ok(json!({ "student_id": student.id, "sent_to": email }))
}

/// `POST valkiria/twofactor`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct TwoFactor {
    pub student_id: i64,
    /// On: a test is taken only with the student's PIN.
    pub enabled: bool,
}

fn two_factor(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: TwoFactor = req.json()?;
    let student = find_live::<Student>(ctx, student_ref(body.student_id)?)?;
    sql::execute(
        "UPDATE valkiria_student SET two_factor = $1, updated_at = $2 WHERE business_id = $3 AND id = $4",
        &params![body.enabled, host::now(), ctx.business_id, student.id],
    )?;
    student_view(ctx, student.id)
}

// ---------------------------------------------------------------------------------------------
// Resets

/// `POST valkiria/reset`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct ResetBody {
    pub student_id: i64,
    /// Only this licence's attempts; none: all.
    pub licence: Option<String>,
    /// Required, at most 500 characters.
    pub reason: String,
}

#[derive(Debug, Clone, Deserialize)]
struct ResetRow {
    id: i64,
    student_id: i64,
    licence: Option<String>,
    reason: String,
    attempts: i64,
    user_id: i64,
    created_at: String,
}

impl ResetRow {
    fn json(&self) -> Value {
        let user = directory::member(self.user_id).map(|m| m.name);
        json!({
            "id": self.id, "student_id": self.student_id, "licence": self.licence, "reason": self.reason, "attempts": self.attempts,
            "user_id": self.user_id, "user_name": user, "created_at": self.created_at,
        })
    }
}

const RESET_COLUMNS: &str = "id, student_id, licence, reason, attempts, user_id, created_at";

/// Archive the student's live attempts (of a licence, or all): they stop counting anywhere.
fn reset(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: ResetBody = req.json()?;
    let student = find_live::<Student>(ctx, student_ref(body.student_id)?)?;
    let mut checks = Checks::new();
    let licence = match body.licence.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(l) => checks.check(licence("licence", l)),
    };
    let reason = checks.check(validate::required("reason", &body.reason, 500));
    checks.finish()?;
    let now = host::now();
    let id: i64 = sql::query_scalar(
        "INSERT INTO valkiria_reset (business_id, created_at, updated_at, student_id, licence, reason, attempts, user_id) \
         VALUES ($1, $2, $3, $4, $5, $6, 0, $7) RETURNING id",
        &params![ctx.business_id, now.clone(), now.clone(), student.id, licence.clone(), reason.unwrap_or_default(), ctx.user_id],
    )?;
    let mut statement = "UPDATE valkiria_attempt SET reset_id = $1, updated_at = $2 WHERE business_id = $3 AND student_id = $4 AND reset_id IS NULL".to_string();
    let mut params = params![id, now, ctx.business_id, student.id];
    if let Some(licence) = &licence {
        params.push(licence.to_sql());
        statement.push_str(" AND licence = $5");
    }
    let archived = sql::execute(&statement, &params)?;
    sql::execute("UPDATE valkiria_reset SET attempts = $1 WHERE business_id = $2 AND id = $3", &params![archived as i64, ctx.business_id, id])?;
    let row: ResetRow = sql::query_one(&format!("SELECT {RESET_COLUMNS} FROM valkiria_reset WHERE business_id = $1 AND id = $2"), &params![ctx.business_id, id])?;
    Ok(row.json())
}

/// `GET valkiria/reset/history`: the student's resets, newest first.
fn reset_history(ctx: &Ctx, req: &Req) -> Result<Vec<Value>> {
    let query: StudentQuery = req.query()?;
    let student = find::<Student>(ctx, student_ref(query.student_id)?)?;
    let rows: Vec<ResetRow> = sql::query_as(
        &format!("SELECT {RESET_COLUMNS} FROM valkiria_reset WHERE business_id = $1 AND student_id = $2 ORDER BY created_at DESC, id DESC"),
        &params![ctx.business_id, student.id],
    )?;
    Ok(rows.iter().map(ResetRow::json).collect())
}

pub fn routes(router: Router) -> Router {
    router
        .post("valkiria/assigncourse", |ctx, req| assign(ctx, req, false))
        .post("valkiria/permisoa/assigncourse", |ctx, req| assign(ctx, req, true))
        .post("valkiria/student/update", student_update)
        .post("valkiria/enrolment/update", enrolment_update)
        .get("valkiria/listuserautoescuela", list)
        .get("valkiria/studentsdni", student_dni)
        .get("valkiria/userautoescuela", figures)
        .get("valkiria/listuserautoescuelacaducidad/{id}", expiring)
        .post("valkiria/newexpire", new_expire)
        .post("valkiria/studentdni/newexpire", new_expire_by_dni)
        .post("valkiria/dashboard/caducidad/new_expire", new_expire_bulk)
        .post("valkiria/new_pin", pin_renew)
        .get("valkiria/send/credentials", send_credentials)
        .post("valkiria/twofactor", two_factor)
        .post("valkiria/reset", reset)
        .get("valkiria/reset/history", reset_history)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_end_is_a_date_or_months() {
        assert_eq!(NewEnd::parse(Some("31/12/2026"), None).unwrap(), NewEnd::Date("2026-12-31".into()));
        assert_eq!(NewEnd::parse(Some(" "), Some(3)).unwrap(), NewEnd::Months(3));
        assert_eq!(NewEnd::parse(None, None).unwrap_err().field(), Some("expires_on"));
        assert_eq!(NewEnd::parse(Some("2026-12-31"), Some(3)).unwrap_err().field(), Some("months"));
        for bad in [0, 37, -1] {
            assert_eq!(NewEnd::parse(None, Some(bad)).unwrap_err().details, "Los meses deben estar entre 1 y 36");
        }
        assert_eq!(NewEnd::parse(Some("2026-02-30"), None).unwrap_err().field(), Some("expires_on"));
        // Months count from the later of today and the current end.
        assert_eq!(NewEnd::Months(6).date("2026-05-10", "2026-08-31").as_deref(), Some("2027-02-28"));
        assert_eq!(NewEnd::Months(6).date("2026-05-10", "2025-01-01").as_deref(), Some("2026-11-10"));
        assert_eq!(NewEnd::Date("2026-01-01".into()).date("2026-05-10", "2027-01-01").as_deref(), Some("2026-01-01"));
    }

    #[test]
    fn student_names() {
        let s = Student { first_name: "Lucía".into(), last_name: "Pérez Gil".into(), ..Student::default() };
        assert_eq!(s.name(), "Lucía Pérez Gil");
        assert_eq!(Student { first_name: "Ana".into(), ..Student::default() }.name(), "Ana");
    }

    #[test]
    fn student_fields_are_checked_all_at_once_with_the_specs_messages() {
        let mut s = Student { dni: "1234567Z".into(), first_name: " ".into(), email: "x@".into(), phone: "12".into(), contact_id: Some(0), ..Student::default() };
        let mut checks = Checks::new();
        s.check_fields(&mut checks);
        let errors = checks.finish().unwrap_err().into_list();
        let fields: Vec<&str> = errors.iter().map(|e| e.field().unwrap()).collect();
        assert_eq!(fields, ["dni", "first_name", "email", "phone", "contact_id"]);
        assert_eq!(errors[0].details, "Dni erroneo, faltan caracteres");
        let mut s = Student { dni: "x1234567l".into(), first_name: "Ana".into(), phone: "600 11 22 33".into(), ..Student::default() };
        let mut checks = Checks::new();
        s.check_fields(&mut checks);
        assert!(checks.is_empty());
        assert_eq!((s.dni.as_str(), s.phone.as_str()), ("X1234567L", "600112233"));
        let mut s = Student { dni: "12345678A".into(), first_name: "Ana".into(), ..Student::default() };
        let mut checks = Checks::new();
        s.check_fields(&mut checks);
        assert_eq!(checks.finish().unwrap_err().details, "Dni erroneo, la letra del NIF no se corresponde");
    }
}
