//! The insurance policy: of one of the school's vehicles, or of the school itself (civil
//! liability, premises). Insurers come from the spec's fixed list of four.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page, Record};
use volante_plugin_sdk::{time, validate, Checks};

use crate::vehicle::Vehicle;
use crate::{insurer_name, today, ALERT_DAYS, ALL_BRANCHES, INSURERS};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum InsuranceKind {
    #[default]
    Vehicle,
    /// Responsabilidad civil.
    Liability,
    /// The school's premises (local).
    Premises,
    Other,
}

/// A vehicle policy's cover: third party (terceros), third party extended (terceros
/// ampliado), comprehensive (todo riesgo).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Coverage {
    ThirdParty,
    ThirdPartyExtended,
    Comprehensive,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Payment {
    #[default]
    Annual,
    Semiannual,
    Quarterly,
    Monthly,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Insurance {
    /// The insurer, 1–4 (the fixed list).
    pub company_id: i64,
    /// The policy number, unique per insurer in the business.
    pub policy_number: String,
    pub kind: InsuranceKind,
    /// Vehicle policies only.
    pub coverage: Option<Coverage>,
    /// The insured vehicle: required for vehicle policies, none for the others.
    pub vehicle_id: Option<i64>,
    /// A vehicle policy takes its vehicle's branch; others the caller's when empty.
    pub branch_id: Option<i64>,
    /// First day covered, `YYYY-MM-DD`.
    pub start_date: String,
    /// Last day covered, `YYYY-MM-DD`.
    pub end_date: String,
    /// Yearly premium, in cents.
    pub premium_cents: Option<i64>,
    pub payment: Payment,
    pub notes: String,
}

impl Resource for Insurance {
    const NAME: &'static str = "insurance";
    const LABEL: &'static str = "Póliza";
    const FEMININE: bool = true;
    const TABLE: &'static str = "fleet_insurance";
    const SEARCH: &'static [&'static str] = &["policy_number", "notes"];
    const BRANCH_FIELD: Option<&'static str> = Some("branch_id");
    const ALL_BRANCHES: Option<&'static str> = Some(ALL_BRANCHES);
    const ORDER_BY: &'static str = "end_date ASC, id ASC";

    fn prepare(&mut self, ctx: &Ctx, id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if insurer_name(self.company_id).is_none() {
            checks.push(Error::invalid_field("company_id", format!("La aseguradora debe ser una de las {} de la lista", INSURERS.len())));
        }
        if let Some(number) = checks.check(validate::required("policy_number", &self.policy_number, 40)) {
            self.policy_number = number;
        }
        match self.kind {
            InsuranceKind::Vehicle => match self.vehicle_id {
                None => checks.push(Error::required("vehicle_id")),
                Some(vehicle_id) => match resource::find_optional::<Vehicle>(ctx, vehicle_id)? {
                    Some(vehicle) if vehicle.state != "deleted" => self.branch_id = vehicle.data.branch_id,
                    _ => checks.push(Error::invalid_field("vehicle_id", "El vehículo no existe o está dado de baja")),
                },
            },
            _ => {
                if self.vehicle_id.is_some() {
                    checks.push(Error::invalid_field("vehicle_id", "Solo una póliza de vehículo tiene vehículo"));
                }
                if self.coverage.is_some() {
                    checks.push(Error::invalid_field("coverage", "La cobertura solo se indica en una póliza de vehículo"));
                }
            }
        }
        let mut date = |field: &str, value: &mut String| match checks.check(validate::optional_date(field, Some(std::mem::take(value)))) {
            Some(Some(clean)) => *value = clean,
            Some(None) => checks.push(Error::required(field)),
            None => {}
        };
        date("start_date", &mut self.start_date);
        date("end_date", &mut self.end_date);
        if !self.start_date.is_empty() && !self.end_date.is_empty() && self.end_date <= self.start_date {
            checks.push(Error::invalid_field("end_date", "El vencimiento debe ser posterior al inicio"));
        }
        if self.premium_cents.is_some_and(|c| c < 0) {
            checks.push(Error::invalid_field("premium_cents", "La prima no puede ser negativa"));
        }
        if let Some(notes) = checks.check(validate::optional("notes", &self.notes, 5000)) {
            self.notes = notes;
        }
        checks.finish()?;
        // The same insurer's policy number once in the business.
        let taken: Option<i64> = sql::query_optional(
            "SELECT id FROM fleet_insurance WHERE business_id = $1 AND company_id = $2 AND policy_number = $3 AND id <> $4 AND state <> 'deleted' LIMIT 1",
            &params![ctx.business_id, self.company_id, self.policy_number, id.unwrap_or(0)],
        )?;
        if taken.is_some() {
            return Err(Error::conflict("Ya existe una póliza de esa aseguradora con ese número").with_data(json!({ "field": "policy_number" })));
        }
        Ok(())
    }
}

/// Where a policy stands today: `pending` (not started), `current`, `expiring` (ends within 30
/// days) or `expired`; and the days until it ends (negative: since it ended).
pub fn status(start: &str, end: &str, today: &str) -> (&'static str, Option<i64>) {
    let days_left = time::days_between(today, end);
    let state = if start > today {
        "pending"
    } else if end < today {
        "expired"
    } else if days_left.is_some_and(|d| d <= ALERT_DAYS) {
        "expiring"
    } else {
        "current"
    };
    (state, days_left)
}

/// A policy as lists and views show it: the record, its insurer's name, its vehicle's plate and
/// where it stands.
fn shown(record: &Record<Insurance>, plate: Option<String>, today: &str) -> Result<Value> {
    let mut value = serde_json::to_value(record)?;
    let (state, days_left) = status(&record.data.start_date, &record.data.end_date, today);
    value["company"] = json!(insurer_name(record.data.company_id));
    value["plate"] = json!(plate);
    value["status"] = json!(state);
    value["days_left"] = json!(days_left);
    Ok(value)
}

fn plates(ctx: &Ctx, ids: &[i64]) -> Result<Vec<(i64, String)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut params = params![ctx.business_id];
    let mut marks = Vec::new();
    for id in ids {
        params.push(id.to_sql());
        marks.push(format!("${}", params.len()));
    }
    #[derive(Deserialize)]
    struct Row {
        id: i64,
        plate: String,
    }
    let rows: Vec<Row> =
        sql::query_as(&format!("SELECT id, plate FROM fleet_vehicle WHERE business_id = $1 AND id IN ({})", marks.join(", ")), &params)?;
    Ok(rows.into_iter().map(|r| (r.id, r.plate)).collect())
}

fn shown_all(ctx: &Ctx, records: &[Record<Insurance>], today: &str) -> Result<Vec<Value>> {
    let mut ids: Vec<i64> = records.iter().filter_map(|r| r.data.vehicle_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let plates = plates(ctx, &ids)?;
    records
        .iter()
        .map(|r| {
            let plate = r.data.vehicle_id.and_then(|v| plates.iter().find(|(id, _)| *id == v).map(|(_, p)| p.clone()));
            shown(r, plate, today)
        })
        .collect()
}

/// A vehicle's policies (not deleted), latest ending first.
pub fn of_vehicle(ctx: &Ctx, vehicle_id: i64, today: &str) -> Result<Vec<Value>> {
    let mut list = ListQuery { per_page: Some(100), order: Some("-end_date".into()), ..ListQuery::default() };
    list.filter.insert("vehicle_id".into(), vehicle_id.into());
    let page = resource::list::<Insurance>(ctx, &list)?;
    shown_all(ctx, &page.items, today)
}

/// `GET insurance/read` query: `id` for one policy, else a list's filters (besides the list's
/// own parameters, [`ListQuery::from_query`]).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ReadQuery {
    pub id: Option<i64>,
    /// The list screen's tab: `vigentes` (in force today), `por-vencer` (in force, ending within
    /// 30 days), `vencidas` (ended) or `todas` (default).
    pub tab: Option<String>,
    pub company_id: Option<i64>,
    pub kind: Option<InsuranceKind>,
    pub vehicle_id: Option<i64>,
}

/// `GET insurance/read`: one policy (`?id=`) or a page of them.
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    let today = today();
    if let Some(id) = q.id {
        let record = resource::find::<Insurance>(ctx, id)?;
        return Ok(shown_all(ctx, std::slice::from_ref(&record), &today)?.remove(0));
    }
    let mut list = ListQuery::from_query(req)?;
    for (field, value) in [("company_id", q.company_id), ("vehicle_id", q.vehicle_id)] {
        if let Some(value) = value {
            list.filter.insert(field.into(), value.into());
        }
    }
    if let Some(kind) = q.kind {
        list.filter.insert("kind".into(), serde_json::to_value(kind)?);
    }
    let soon = time::add_days(&today, ALERT_DAYS).unwrap_or_default();
    let (extra, params) = match q.tab.as_deref().unwrap_or("todas") {
        "todas" => (None, Vec::new()),
        "vigentes" => (Some("start_date <= ${} AND end_date >= ${}"), params![today, today]),
        "por-vencer" => (Some("start_date <= ${} AND end_date >= ${} AND end_date <= ${}"), params![today, today, soon]),
        "vencidas" => (Some("end_date < ${}"), params![today]),
        _ => return Err(Error::invalid_field("tab", "La pestaña debe ser vigentes, por-vencer, vencidas o todas")),
    };
    let page = resource::list_where::<Insurance>(ctx, &list, extra, params)?;
    let items = shown_all(ctx, &page.items, &today)?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}
