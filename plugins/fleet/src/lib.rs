//! Volante's `fleet` plugin: the school's vehicles (with their ITV date, kilometres and upkeep),
//! the workshops it deals with, and its insurance policies. Three services (`vehicle`,
//! `workshop`, `insurance`) the provider switches on one by one. See README.md for the calls.

mod insurance;
mod maintenance;
pub mod plate;
mod vehicle;
mod workshop;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery};
use volante_plugin_sdk::time;
use volante_plugin_sdk::host;

pub use insurance::{Coverage, Insurance, InsuranceKind, Payment};
pub use maintenance::{ItvResult, Maintenance, MaintenanceKind, NewMaintenance};
pub use vehicle::{Fuel, Gearbox, Vehicle, VehicleKind};
pub use workshop::{Category, Workshop};

/// Lets a branch-limited user see and manage every branch's vehicles and policies.
pub const ALL_BRANCHES: &str = "fleet.all_branches";

/// How many days ahead an ITV or a policy counts as due soon.
pub const ALERT_DAYS: i64 = 30;

/// The spec's 36 vehicle brands, sorted by name; a brand's id is its position from 1.
pub const BRANDS: [&str; 36] = [
    "ALFA ROMEO", "AUDI", "BMW", "CITROEN", "CUPRA", "DACIA", "DAF", "DUCATI", "FIAT", "FORD", "HONDA", "HYUNDAI",
    "IVECO", "JEEP", "KAWASAKI", "KIA", "KTM", "MAN", "MAZDA", "MERCEDES", "MG", "MINI", "NISSAN", "OPEL", "PEUGEOT",
    "PIAGGIO", "RENAULT", "SCANIA", "SEAT", "SKODA", "SUZUKI", "TESLA", "TOYOTA", "VOLKSWAGEN", "VOLVO", "YAMAHA",
];

/// The spec's four insurers (ids in the order it writes them).
pub const INSURERS: [(i64, &str); 4] = [(1, "MAPHRE"), (2, "LINEA DIRECTA"), (3, "ALLIANZ"), (4, "PLUS ULTRA")];

pub fn brand_name(id: i64) -> Option<&'static str> {
    usize::try_from(id).ok().and_then(|i| i.checked_sub(1)).and_then(|i| BRANDS.get(i)).copied()
}

pub fn insurer_name(id: i64) -> Option<&'static str> {
    INSURERS.iter().find(|(i, _)| *i == id).map(|(_, name)| *name)
}

/// Today in Spain (the peninsula's date; the ITV and a policy's days are calendar days).
pub fn today() -> String {
    host::spanish_today()
}

pub struct Fleet;

impl Plugin for Fleet {
    fn router() -> Router {
        Router::new()
            .resource::<Vehicle>()
            .resource::<Workshop>()
            .resource::<Insurance>()
            .get("vehicle/read", vehicle::read)
            .get("vehicle/brands", vehicle::brands)
            .get("vehicle/alerts", alerts)
            .get("vehicle/teachers", vehicle::teachers)
            .post("vehicle/maintenance/create", maintenance::create)
            .post("vehicle/maintenance/delete", maintenance::delete)
            .get("vehicle/maintenance/read", maintenance::read)
            .get("workshop/read", workshop::read)
            .get("insurance/read", insurance::read)
    }

    fn invoke(ctx: &Ctx, function: &str, args_json: &str) -> std::result::Result<String, String> {
        match function {
            // Other modules (practices) name the vehicles they refer to and check them:
            // `{ids}` → `[{id, plate, model, state}]` for those the caller sees.
            "vehicle.summaries" => {
                #[derive(Deserialize)]
                struct Args {
                    ids: Vec<i64>,
                }
                let args: Args = serde_json::from_str(args_json).map_err(|e| e.to_string())?;
                vehicle::summaries(ctx, &args.ids).map_err(|e| e.details).and_then(|v| serde_json::to_string(&v).map_err(|e| e.to_string()))
            }
            // `{}` → the active vehicles the caller sees, `[{id, plate, model, brand}]` by plate
            // (practices offers them for a lesson).
            "vehicle.active" => vehicle::active(ctx).map_err(|e| e.details).and_then(|v| serde_json::to_string(&v).map_err(|e| e.to_string())),
            other => Err(format!("unknown function `{other}`")),
        }
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .resource::<Vehicle>()
            .resource::<Workshop>()
            .resource::<Insurance>()
            .add::<NewMaintenance>("maintenance")
            .add::<Maintenance>("maintenance_record")
            .add::<ListQuery>("fleet_list");
    }
}

volante_plugin_sdk::plugin!(Fleet);

/// `GET vehicle/alerts`: what needs doing soon, for the dashboard and the lists' banners.
/// `itv`: active vehicles whose ITV is overdue or due within 30 days. With the insurance
/// service, `insurance`: active policies ended or ending within 30 days that no later policy of
/// the same kind (and vehicle) has replaced; `uninsured`: active vehicles without a policy in
/// force today.
fn alerts(ctx: &Ctx, _req: &Req) -> Result<Value> {
    let today = today();
    let soon = time::add_days(&today, ALERT_DAYS).unwrap_or_default();
    let mut params = Vec::new();
    let scope = resource::scope_sql::<Vehicle>(ctx, &mut params);
    params.push(soon.to_sql());
    #[derive(Deserialize, Serialize)]
    struct Due {
        id: i64,
        plate: String,
        model: String,
        brand_id: Option<i64>,
        itv_due: String,
    }
    let due: Vec<Due> = sql::query_as(
        &format!(
            "SELECT id, plate, model, brand_id, itv_due FROM fleet_vehicle WHERE {scope} AND state = 'active' \
             AND itv_due IS NOT NULL AND itv_due <= ${} ORDER BY itv_due, plate",
            params.len()
        ),
        &params,
    )?;
    let itv: Vec<Value> = due
        .iter()
        .map(|d| {
            let status = vehicle::itv_status(Some(&d.itv_due), &today);
            json!({ "vehicle_id": d.id, "plate": d.plate, "model": d.model, "brand": d.brand_id.and_then(brand_name),
                    "itv_due": d.itv_due, "state": status.state, "days_left": status.days_left })
        })
        .collect();
    let mut answer = json!({ "days": ALERT_DAYS, "today": today, "itv": itv, "insurance": null, "uninsured": null });
    if ctx.has_service("insurance") {
        answer["insurance"] = json!(policy_alerts(ctx, &today, &soon)?);
        answer["uninsured"] = json!(uninsured(ctx, &today)?);
    }
    Ok(answer)
}

fn policy_alerts(ctx: &Ctx, today: &str, soon: &str) -> Result<Vec<Value>> {
    let mut params = Vec::new();
    let scope = resource::scope_sql_on::<Insurance>(ctx, "i", &mut params);
    params.push(soon.to_sql());
    let soon_at = params.len();
    #[derive(Deserialize)]
    struct Row {
        id: i64,
        company_id: i64,
        policy_number: String,
        kind: InsuranceKind,
        vehicle_id: Option<i64>,
        plate: Option<String>,
        start_date: String,
        end_date: String,
    }
    let rows: Vec<Row> = sql::query_as(
        &format!(
            "SELECT i.id, i.company_id, i.policy_number, i.kind, i.vehicle_id, v.plate, i.start_date, i.end_date \
             FROM fleet_insurance i LEFT JOIN fleet_vehicle v ON v.id = i.vehicle_id AND v.business_id = i.business_id \
             WHERE {scope} AND i.state = 'active' AND i.end_date <= ${soon_at} \
             AND (i.vehicle_id IS NULL OR v.state = 'active') \
             AND NOT EXISTS (SELECT 1 FROM fleet_insurance o WHERE o.business_id = i.business_id AND o.state = 'active' \
                 AND o.kind = i.kind AND COALESCE(o.vehicle_id, 0) = COALESCE(i.vehicle_id, 0) AND o.end_date > i.end_date) \
             ORDER BY i.end_date, i.id"
        ),
        &params,
    )?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let (state, days_left) = insurance::status(&r.start_date, &r.end_date, today);
            json!({ "insurance_id": r.id, "company": insurer_name(r.company_id), "policy_number": r.policy_number, "kind": r.kind,
                    "vehicle_id": r.vehicle_id, "plate": r.plate, "end_date": r.end_date, "state": state, "days_left": days_left })
        })
        .collect())
}

fn uninsured(ctx: &Ctx, today: &str) -> Result<Vec<Value>> {
    let mut params = Vec::new();
    let scope = resource::scope_sql_on::<Vehicle>(ctx, "v", &mut params);
    params.push(today.to_sql());
    let today_at = params.len();
    #[derive(Deserialize, Serialize)]
    struct Row {
        vehicle_id: i64,
        plate: String,
        model: String,
    }
    let rows: Vec<Row> = sql::query_as(
        &format!(
            "SELECT v.id AS vehicle_id, v.plate, v.model FROM fleet_vehicle v WHERE {scope} AND v.state = 'active' \
             AND NOT EXISTS (SELECT 1 FROM fleet_insurance i WHERE i.business_id = v.business_id AND i.vehicle_id = v.id \
                 AND i.state = 'active' AND i.start_date <= ${today_at} AND i.end_date >= ${today_at}) ORDER BY v.plate"
        ),
        &params,
    )?;
    Ok(rows.into_iter().map(|r| json!(r)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brands_are_thirty_six_sorted_by_name_with_ids_from_one() {
        assert!(BRANDS.windows(2).all(|w| w[0] < w[1]));
        assert_eq!((brand_name(1), brand_name(36), brand_name(0), brand_name(37)), (Some("ALFA ROMEO"), Some("YAMAHA"), None, None));
        for named in ["FORD", "RENAULT", "OPEL", "AUDI", "TOYOTA", "MERCEDES", "DACIA", "SEAT", "CUPRA", "FIAT", "BMW", "VOLKSWAGEN", "HYUNDAI", "KIA", "VOLVO", "SCANIA", "HONDA", "YAMAHA", "KTM", "DUCATI", "KAWASAKI"] {
            assert!(BRANDS.contains(&named), "{named}");
        }
    }

    #[test]
    fn itv_and_policy_standing() {
        let today = "2026-11-23";
        assert_eq!(vehicle::itv_status(Some("2026-11-22"), today).state, "overdue");
        assert_eq!(vehicle::itv_status(Some("2026-12-23"), today).state, "due_soon");
        assert_eq!(vehicle::itv_status(Some("2026-12-24"), today).state, "ok");
        assert_eq!(vehicle::itv_status(None, today).state, "unknown");
        assert_eq!(insurance::status("2026-12-01", "2027-12-01", today), ("pending", Some(373)));
        assert_eq!(insurance::status("2025-11-23", "2026-11-22", today), ("expired", Some(-1)));
        assert_eq!(insurance::status("2025-11-23", "2026-11-23", today), ("expiring", Some(0)));
        assert_eq!(insurance::status("2025-12-24", "2026-12-24", today), ("current", Some(31)));
        assert_eq!(insurer_name(3), Some("ALLIANZ"));
    }
}
