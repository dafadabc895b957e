//! A vehicle's upkeep: ITV inspections, services, repairs and tyres, each on a date, perhaps at
//! one of the business's workshops. A favourable ITV moves the vehicle's next ITV date; a reading
//! of the odometer moves its kilometres forward.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::{host, resource, validate, Checks};

use crate::today;
use crate::vehicle::{Vehicle, MAX_KM};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MaintenanceKind {
    /// Inspección técnica de vehículos.
    Itv,
    /// Revisión (scheduled service).
    Service,
    Repair,
    Tyres,
    Other,
}

/// An ITV's verdict: favourable, unfavourable (defects to put right within two months) or
/// negative (the vehicle may not be driven).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ItvResult {
    Favourable,
    Unfavourable,
    Negative,
}

/// `vehicle/maintenance/create` body.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct NewMaintenance {
    pub vehicle_id: i64,
    /// The day it was done, `YYYY-MM-DD` (not in the future).
    pub done_on: String,
    pub kind: MaintenanceKind,
    #[serde(default)]
    pub workshop_id: Option<i64>,
    /// ITV only, and required there.
    #[serde(default)]
    pub itv_result: Option<ItvResult>,
    /// ITV only: the next ITV date on the inspection card (after `done_on`).
    #[serde(default)]
    pub next_itv_due: Option<String>,
    #[serde(default)]
    pub odometer_km: Option<i64>,
    /// What it cost, in cents.
    #[serde(default)]
    pub cost_cents: Option<i64>,
    /// What was done (required for repairs and "other").
    #[serde(default)]
    pub description: String,
}

/// A stored maintenance entry, with its workshop's name.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Maintenance {
    pub id: i64,
    pub vehicle_id: i64,
    /// The vehicle's plate.
    pub plate: String,
    pub workshop_id: Option<i64>,
    pub workshop_name: Option<String>,
    pub done_on: String,
    pub kind: MaintenanceKind,
    pub itv_result: Option<ItvResult>,
    pub next_itv_due: Option<String>,
    pub odometer_km: Option<i64>,
    pub cost_cents: Option<i64>,
    pub description: String,
    pub created_by: Option<i64>,
    pub created_at: String,
}

const SELECT: &str = "SELECT m.id, m.vehicle_id, v.plate, m.workshop_id, w.name AS workshop_name, m.done_on, m.kind, \
     m.itv_result, m.next_itv_due, m.odometer_km, m.cost_cents, m.description, m.created_by, m.created_at \
     FROM fleet_maintenance m JOIN fleet_vehicle v ON v.id = m.vehicle_id AND v.business_id = m.business_id \
     LEFT JOIN fleet_workshop w ON w.id = m.workshop_id AND w.business_id = m.business_id";

/// The latest `limit` entries of a vehicle the caller may see, newest first.
pub fn of_vehicle(ctx: &Ctx, vehicle_id: i64, limit: i64) -> Result<Vec<Maintenance>> {
    sql::query_as(
        &format!("{SELECT} WHERE m.business_id = $1 AND m.vehicle_id = $2 ORDER BY m.done_on DESC, m.id DESC LIMIT $3"),
        &params![ctx.business_id, vehicle_id, limit],
    )
}

fn find(ctx: &Ctx, id: i64) -> Result<Maintenance> {
    sql::query_optional(&format!("{SELECT} WHERE m.business_id = $1 AND m.id = $2"), &params![ctx.business_id, id])?
        .ok_or_else(|| Error::not_found("Mantenimiento"))
}

/// `POST vehicle/maintenance/create`.
pub fn create(ctx: &Ctx, req: &Req) -> Result<Maintenance> {
    let mut body: NewMaintenance = req.json()?;
    let vehicle = resource::find::<Vehicle>(ctx, body.vehicle_id)?;
    if vehicle.state == "deleted" {
        return Err(Error::conflict("El vehículo está dado de baja"));
    }
    let mut checks = Checks::new();
    match checks.check(validate::date("done_on", &body.done_on)) {
        Some(date) if date.is_empty() => checks.push(Error::required("done_on")),
        Some(date) if date > today() => checks.push(Error::invalid_field("done_on", "La fecha no puede ser futura")),
        Some(date) => body.done_on = date,
        None => {}
    }
    if let Some(next) = checks.check(validate::optional_date("next_itv_due", body.next_itv_due.take())) {
        body.next_itv_due = next;
    }
    if body.kind == MaintenanceKind::Itv {
        if body.itv_result.is_none() {
            checks.push(Error::required("itv_result"));
        }
        if body.next_itv_due.as_deref().is_some_and(|next| next <= body.done_on.as_str()) {
            checks.push(Error::invalid_field("next_itv_due", "La próxima ITV debe ser posterior a la fecha de la inspección"));
        }
    } else {
        if body.itv_result.is_some() {
            checks.push(Error::invalid_field("itv_result", "El resultado solo se anota en una ITV"));
        }
        if body.next_itv_due.is_some() {
            checks.push(Error::invalid_field("next_itv_due", "La próxima ITV solo se anota en una ITV"));
        }
    }
    if let Some(workshop_id) = body.workshop_id {
        let found: Option<i64> = sql::query_optional(
            "SELECT id FROM fleet_workshop WHERE business_id = $1 AND id = $2 AND state <> 'deleted'",
            &params![ctx.business_id, workshop_id],
        )?;
        if found.is_none() {
            checks.push(Error::invalid_field("workshop_id", "El taller no existe"));
        }
    }
    if body.odometer_km.is_some_and(|km| !(0..=MAX_KM).contains(&km)) {
        checks.push(Error::invalid_field("odometer_km", format!("Los kilómetros deben estar entre 0 y {MAX_KM}")));
    }
    if body.cost_cents.is_some_and(|c| c < 0) {
        checks.push(Error::invalid_field("cost_cents", "El importe no puede ser negativo"));
    }
    let needs_description = matches!(body.kind, MaintenanceKind::Repair | MaintenanceKind::Other);
    match checks.check(validate::optional("description", &body.description, 2000)) {
        Some(text) if text.is_empty() && needs_description => checks.push(Error::required("description")),
        Some(text) => body.description = text,
        None => {}
    }
    checks.finish()?;

    let now = host::now();
    let id: i64 = sql::query_scalar(
        "INSERT INTO fleet_maintenance (business_id, vehicle_id, workshop_id, done_on, kind, itv_result, next_itv_due, \
         odometer_km, cost_cents, description, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id",
        &params![
            ctx.business_id,
            body.vehicle_id,
            body.workshop_id,
            body.done_on,
            serde_json::to_value(body.kind)?,
            body.itv_result.map(serde_json::to_value).transpose()?,
            body.next_itv_due,
            body.odometer_km,
            body.cost_cents,
            body.description,
            ctx.user_id,
            now
        ],
    )?;
    // What the entry tells about the vehicle: the next ITV after a favourable one, and the
    // kilometres, each only forward.
    let next_itv = match (body.itv_result, &body.next_itv_due) {
        (Some(ItvResult::Favourable), Some(next)) if vehicle.data.itv_due.as_ref().is_none_or(|current| next > current) => Some(next.clone()),
        _ => None,
    };
    let km = body.odometer_km.filter(|km| vehicle.data.odometer_km.is_none_or(|current| *km > current));
    if next_itv.is_some() || km.is_some() {
        sql::execute(
            "UPDATE fleet_vehicle SET itv_due = COALESCE($1, itv_due), odometer_km = COALESCE($2, odometer_km), updated_at = $3 \
             WHERE business_id = $4 AND id = $5",
            &params![next_itv, km, now, ctx.business_id, body.vehicle_id],
        )?;
    }
    find(ctx, id)
}

#[derive(Deserialize)]
struct IdBody {
    id: i64,
}

/// `POST vehicle/maintenance/delete`: an entry made by mistake. When it was the favourable ITV
/// that set the vehicle's next ITV date, that date goes back to the one the latest remaining
/// favourable ITV set (or stays, when there is none: it then came from the vehicle's form). The
/// kilometres stay as they are (correct them on the vehicle).
pub fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let IdBody { id } = req.json()?;
    let entry = find(ctx, id)?;
    // Only on a vehicle the caller may see (its branch).
    let vehicle = resource::find::<Vehicle>(ctx, entry.vehicle_id).map_err(|_| Error::not_found("Mantenimiento"))?;
    sql::execute("DELETE FROM fleet_maintenance WHERE business_id = $1 AND id = $2", &params![ctx.business_id, id])?;
    let mut itv_due = vehicle.data.itv_due.clone();
    let set_it = entry.itv_result == Some(ItvResult::Favourable) && entry.next_itv_due.is_some() && entry.next_itv_due == vehicle.data.itv_due;
    if set_it {
        let previous: Option<String> = sql::query_scalar(
            "SELECT MAX(next_itv_due) FROM fleet_maintenance WHERE business_id = $1 AND vehicle_id = $2 AND itv_result = 'favourable'",
            &params![ctx.business_id, entry.vehicle_id],
        )?;
        if let Some(previous) = previous {
            sql::execute(
                "UPDATE fleet_vehicle SET itv_due = $1, updated_at = $2 WHERE business_id = $3 AND id = $4",
                &params![previous.clone(), host::now(), ctx.business_id, entry.vehicle_id],
            )?;
            itv_due = Some(previous);
        }
    }
    Ok(json!({ "id": id, "deleted": true, "itv_due": itv_due }))
}

#[derive(Deserialize)]
struct VehicleQuery {
    vehicle_id: i64,
}

/// `GET vehicle/maintenance/read?vehicle_id=`: every entry of the vehicle, newest first, with
/// the total cost.
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let VehicleQuery { vehicle_id } = req.query()?;
    resource::find::<Vehicle>(ctx, vehicle_id)?;
    let items = of_vehicle(ctx, vehicle_id, 1000)?;
    let total_cost_cents: i64 = items.iter().filter_map(|m| m.cost_cents).sum();
    Ok(json!({ "items": items, "total_cost_cents": total_cost_cents }))
}

/// The latest `limit` jobs done at a workshop (on vehicles the caller may see), newest first,
/// with each vehicle's plate.
pub fn of_workshop(ctx: &Ctx, workshop_id: i64, limit: i64) -> Result<Vec<Maintenance>> {
    let mut params = params![ctx.business_id, workshop_id, limit];
    let scope = resource::scope_sql::<Vehicle>(ctx, &mut params);
    sql::query_as(
        &format!(
            "{SELECT} WHERE m.business_id = $1 AND m.workshop_id = $2 AND m.vehicle_id IN (SELECT id FROM fleet_vehicle WHERE {scope}) \
             ORDER BY m.done_on DESC, m.id DESC LIMIT $3"
        ),
        &params,
    )
}
