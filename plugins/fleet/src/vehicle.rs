//! The vehicle: one of the school's cars, motorcycles, lorries or buses, of one branch.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page, Record};
use volante_plugin_sdk::{directory, time, validate, Checks};

use crate::{brand_name, plate, today, ALERT_DAYS, ALL_BRANCHES, BRANDS};

/// What sort of vehicle it is (turismo, motocicleta, ciclomotor, camión, autobús, remolque).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum VehicleKind {
    #[default]
    Car,
    Motorcycle,
    Moped,
    Truck,
    Bus,
    Trailer,
    Other,
}

/// The spec's fuels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Fuel {
    Gasoline,
    Diesel,
    Electric,
    GasolineHybrid,
    DieselHybrid,
    Hydrogen,
}

/// Manual or automatic: a licence passed in an automatic car is restricted to automatics.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Gearbox {
    #[default]
    Manual,
    Automatic,
}

/// A vehicle's writable fields. Missing fields take their defaults.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Vehicle {
    /// Number plate, unique in the business; stored upper case without spaces or hyphens.
    pub plate: String,
    pub kind: VehicleKind,
    /// One of the 36 brands (`vehicle/brands`).
    pub brand_id: Option<i64>,
    pub model: String,
    /// Licence classes the vehicle is used to teach.
    pub licence_classes: Vec<String>,
    pub fuel: Option<Fuel>,
    pub gearbox: Gearbox,
    /// Dual controls (doble mando), required of a teaching vehicle. Default yes.
    pub dual_controls: bool,
    /// Vehicle identification number (bastidor), 17 characters.
    pub vin: String,
    /// Date of first registration, `YYYY-MM-DD`.
    pub registration_date: Option<String>,
    /// Date the next ITV (roadworthiness test) is due, `YYYY-MM-DD`.
    pub itv_due: Option<String>,
    /// Last known odometer reading, km.
    pub odometer_km: Option<i64>,
    /// The teacher who usually drives it (a user of the business).
    pub teacher_user_id: Option<i64>,
    /// The branch the vehicle belongs to; the caller's branch when empty.
    pub branch_id: Option<i64>,
    pub notes: String,
}

impl Default for Vehicle {
    fn default() -> Vehicle {
        Vehicle {
            plate: String::new(),
            kind: VehicleKind::default(),
            brand_id: None,
            model: String::new(),
            licence_classes: Vec::new(),
            fuel: None,
            gearbox: Gearbox::default(),
            dual_controls: true,
            vin: String::new(),
            registration_date: None,
            itv_due: None,
            odometer_km: None,
            teacher_user_id: None,
            branch_id: None,
            notes: String::new(),
        }
    }
}

/// The highest odometer reading accepted, km.
pub const MAX_KM: i64 = 9_999_999;

impl Resource for Vehicle {
    const NAME: &'static str = "vehicle";
    const LABEL: &'static str = "Vehículo";
    const TABLE: &'static str = "fleet_vehicle";
    const SEARCH: &'static [&'static str] = &["plate", "model", "vin", "licence_classes"];
    const UNIQUE: &'static [&'static str] = &["plate"];
    const BRANCH_FIELD: Option<&'static str> = Some("branch_id");
    const ALL_BRANCHES: Option<&'static str> = Some(ALL_BRANCHES);
    const ORDER_BY: &'static str = "plate ASC, id ASC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        match plate::normalise(&self.plate) {
            Some(plate) => self.plate = plate,
            None if self.plate.trim().is_empty() => checks.push(Error::required("plate")),
            None => checks.push(Error::invalid_field("plate", "La matrícula no es válida (p. ej. 1234 BCD, C 1234 BCD o M 1234 AB)")),
        }
        if self.brand_id.is_some_and(|id| brand_name(id).is_none()) {
            checks.push(Error::invalid_field("brand_id", format!("La marca debe ser una de las {} de la lista", BRANDS.len())));
        }
        if let Some(model) = checks.check(validate::optional("model", &self.model, 80)) {
            self.model = model;
        }
        if let Some(classes) = checks.check(validate::licence_classes("licence_classes", &self.licence_classes)) {
            self.licence_classes = classes;
        }
        match plate::vin(&self.vin) {
            Some(vin) => self.vin = vin,
            None => checks.push(Error::invalid_field("vin", "El número de bastidor debe tener 17 letras y cifras, sin I, O ni Q")),
        }
        let today = today();
        if let Some(date) = checks.check(validate::optional_date("registration_date", self.registration_date.take())) {
            if date.as_deref().is_some_and(|d| d > today.as_str()) {
                checks.push(Error::invalid_field("registration_date", "La fecha de matriculación no puede ser futura"));
            }
            self.registration_date = date;
        }
        if let Some(date) = checks.check(validate::optional_date("itv_due", self.itv_due.take())) {
            self.itv_due = date;
        }
        if self.odometer_km.is_some_and(|km| !(0..=MAX_KM).contains(&km)) {
            checks.push(Error::invalid_field("odometer_km", format!("Los kilómetros deben estar entre 0 y {MAX_KM}")));
        }
        if let Some(user_id) = self.teacher_user_id {
            if !directory::member(user_id).is_some_and(|m| m.active) {
                checks.push(Error::invalid_field("teacher_user_id", "El profesor no es un usuario activo de la empresa"));
            }
        }
        if let Some(notes) = checks.check(validate::optional("notes", &self.notes, 5000)) {
            self.notes = notes;
        }
        checks.finish()
    }
}

/// How a vehicle stands with its ITV today.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ItvStatus {
    /// `ok`, `due_soon` (within 30 days), `overdue` or `unknown` (no date recorded).
    pub state: &'static str,
    /// Days until it is due (negative: days overdue).
    pub days_left: Option<i64>,
}

pub fn itv_status(itv_due: Option<&str>, today: &str) -> ItvStatus {
    let days_left = itv_due.and_then(|due| time::days_between(today, due));
    let state = match days_left {
        None => "unknown",
        Some(d) if d < 0 => "overdue",
        Some(d) if d <= ALERT_DAYS => "due_soon",
        Some(_) => "ok",
    };
    ItvStatus { state, days_left }
}

/// A vehicle as lists and views show it: the record, its brand's name and its ITV standing.
pub fn shown(record: &Record<Vehicle>, today: &str) -> Result<Value> {
    let mut value = serde_json::to_value(record)?;
    value["brand"] = json!(record.data.brand_id.and_then(brand_name));
    value["itv"] = serde_json::to_value(itv_status(record.data.itv_due.as_deref(), today))?;
    Ok(value)
}

/// `GET vehicle/read` query: `id` for one vehicle, else a list's filters (besides the list's
/// own parameters, [`ListQuery::from_query`]).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ReadQuery {
    pub id: Option<i64>,
    pub branch_id: Option<i64>,
    pub kind: Option<VehicleKind>,
    pub fuel: Option<Fuel>,
    /// Only vehicles that teach this licence class.
    pub licence: Option<String>,
    /// `itv`: only vehicles whose ITV is overdue or due within 30 days.
    pub due: Option<String>,
}

/// `GET vehicle/read`: one vehicle (`?id=`) with its upkeep, insurance and teacher, or a page of
/// them.
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    let today = today();
    if let Some(id) = q.id {
        return detail(ctx, id, &today);
    }
    let mut list = ListQuery::from_query(req)?;
    if let Some(branch) = q.branch_id {
        list.filter.insert("branch_id".into(), branch.into());
    }
    if let Some(kind) = q.kind {
        list.filter.insert("kind".into(), serde_json::to_value(kind)?);
    }
    if let Some(fuel) = q.fuel {
        list.filter.insert("fuel".into(), serde_json::to_value(fuel)?);
    }
    let mut extra = Vec::new();
    let mut params = Vec::new();
    if let Some(licence) = q.licence.filter(|l| !l.trim().is_empty()) {
        let class = validate::licence_classes("licence", &[licence])?.remove(0);
        extra.push("licence_classes LIKE ${}");
        params.push(format!("%\"{class}\"%").to_sql());
    }
    match q.due.as_deref().unwrap_or("") {
        "" => {}
        "itv" => {
            extra.push("itv_due IS NOT NULL AND itv_due <= ${}");
            params.push(time::add_days(&today, ALERT_DAYS).unwrap_or_default().to_sql());
        }
        _ => return Err(Error::invalid_field("due", "El campo due solo admite itv")),
    }
    let extra = extra.join(" AND ");
    let page = resource::list_where::<Vehicle>(ctx, &list, (!extra.is_empty()).then_some(extra.as_str()), params)?;
    let items = page.items.iter().map(|r| shown(r, &today)).collect::<Result<Vec<_>>>()?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

fn detail(ctx: &Ctx, id: i64, today: &str) -> Result<Value> {
    let record = resource::find::<Vehicle>(ctx, id)?;
    let mut value = shown(&record, today)?;
    value["teacher"] = match record.data.teacher_user_id.and_then(directory::member) {
        Some(m) => json!({ "user_id": m.user_id, "name": m.name, "active": m.active }),
        None => Value::Null,
    };
    value["maintenance"] = json!(crate::maintenance::of_vehicle(ctx, id, 20)?);
    // Policies only for callers with the insurance service (the screen shows them then).
    value["insurances"] = if ctx.has_service("insurance") { json!(crate::insurance::of_vehicle(ctx, id, today)?) } else { Value::Null };
    Ok(value)
}

/// `GET vehicle/brands`: the fixed list, sorted by name.
pub fn brands(_ctx: &Ctx, _req: &Req) -> Result<Value> {
    Ok(json!(BRANDS.iter().enumerate().map(|(i, name)| json!({ "id": i + 1, "name": name })).collect::<Vec<_>>()))
}

/// `GET vehicle/teachers`: whom to choose as the teacher who usually drives a vehicle
/// (`[{user_id, name, branch_id}]`, by name): the teachers with a user account, as the employees
/// module marks them; every active member of staff when that module is off for the business.
pub fn teachers(_ctx: &Ctx, _req: &Req) -> Result<Value> {
    // Not a fault when the employees module is off or not installed: the staff then.
    let answer = volante_plugin_sdk::bindings::volante::plugin::plugins::call("employees", "employee.teachers", "{}");
    if let Some(teachers) = answer.ok().and_then(|text| serde_json::from_str::<Value>(&text).ok()) {
        return Ok(teachers);
    }
    Ok(json!(directory::staff(false)
        .into_iter()
        .map(|m| json!({ "user_id": m.user_id, "name": m.name, "branch_id": m.branch_id }))
        .collect::<Vec<_>>()))
}

/// A vehicle as another module names it (`vehicle.summaries`).
#[derive(Debug, Serialize, Deserialize)]
pub struct Summary {
    pub id: i64,
    pub plate: String,
    pub model: String,
    pub state: String,
}

/// The vehicles among `ids` the caller sees (deleted ones too, with their state).
pub fn summaries(ctx: &Ctx, ids: &[i64]) -> Result<Vec<Summary>> {
    if ids.len() > 1000 {
        return Err(Error::invalid_field("ids", "Como máximo 1000 vehículos por llamada"));
    }
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut params = Vec::new();
    let scope = resource::scope_sql::<Vehicle>(ctx, &mut params);
    let first = params.len() + 1;
    params.extend(ids.iter().map(|id| id.to_sql()));
    sql::query_as(
        &format!("SELECT id, plate, model, state FROM fleet_vehicle WHERE {scope} AND id IN ({}) ORDER BY plate", sql::placeholders(first, ids.len())),
        &params,
    )
}

#[derive(Deserialize)]
struct ActiveRow {
    id: i64,
    plate: String,
    model: String,
    brand_id: Option<i64>,
}

/// The active vehicles the caller sees, by plate (`vehicle.active`).
pub fn active(ctx: &Ctx) -> Result<Vec<Value>> {
    let mut params = Vec::new();
    let scope = resource::scope_sql::<Vehicle>(ctx, &mut params);
    let rows: Vec<ActiveRow> =
        sql::query_as(&format!("SELECT id, plate, model, brand_id FROM fleet_vehicle WHERE {scope} AND state = 'active' ORDER BY plate"), &params)?;
    Ok(rows
        .into_iter()
        .map(|r| json!({ "id": r.id, "plate": r.plate, "model": r.model, "brand": r.brand_id.and_then(brand_name) }))
        .collect())
}
