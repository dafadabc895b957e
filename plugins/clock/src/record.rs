//! The provider's copy of a worker's record: `GET user/controlhorario/generate/{business}/{id}/
//! {d1}/{d2}/{between}` (`auth = "provider"`: the provider's administrators, for the school the
//! path names, audited by the host). A school asked for its records (by a labour inspector, by a
//! worker) and cannot reach them itself asks its provider, who generates them here.
//!
//! The answer is a PDF (`{filename, content_type, base64}`): the worker, the period and the
//! zone whose days count; a line per day (every day of the period when `between` is 1, only the
//! days with work clocked when 0) with its first start, last end, pauses and hours worked, and,
//! with `?ranges=1`, each interval clocked; the total; corrections marked; room for the worker's
//! and the company's signatures.

use volante_plugin_sdk::pdf::{self, Flow};
use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::time::{self, spanish_date, SpanishZone};
use volante_plugin_sdk::{directory, Checks};

use crate::{build_report, codes, zone, Day, Kind, Scope, MAX_RANGE_DAYS};

/// Whether every day of the period is listed (`between`): `1`/`true` or `0`/`false`.
fn flag(field: &str, value: &str) -> Result<bool> {
    match value.trim().to_lowercase().as_str() {
        "1" | "true" | "si" | "sí" => Ok(true),
        "0" | "false" | "no" | "" => Ok(false),
        _ => Err(Error::invalid_field(field, format!("El campo {field} es 1 (todos los días del periodo) o 0 (solo los días con registro)"))),
    }
}

fn local_time(zone: SpanishZone, utc: Option<&str>) -> String {
    utc.and_then(time::parse_utc).map(|secs| zone.clock_time(secs)).unwrap_or_default()
}

fn hours(minutes: i64) -> String {
    format!("{}:{:02}", minutes / 60, minutes % 60)
}

fn zone_label(zone: SpanishZone) -> &'static str {
    match zone {
        SpanishZone::Peninsula => "península, Baleares, Ceuta y Melilla",
        SpanishZone::Canary => "Canarias",
    }
}

/// The dates from `from` to `to`, both included.
fn dates(from: &str, to: &str) -> Vec<String> {
    let (Some((y, m, d)), Some(n)) = (time::parse_date(from), time::days_between(from, to)) else { return Vec::new() };
    let first = time::days_from_civil(y, m, d);
    (0..=n)
        .map(|i| {
            let (y, m, d) = time::civil_from_days(first + i);
            format!("{y:04}-{m:02}-{d:02}")
        })
        .collect()
}

/// `user/controlhorario/generate/{business}/{id}/{d1}/{d2}/{between}`.
pub fn generate(ctx: &Ctx, req: &Req) -> Result<Value> {
    let user_id: i64 = req.param("id")?;
    let (from, to) = (req.param::<String>("d1")?, req.param::<String>("d2")?);
    let mut checks = Checks::new();
    for (field, value) in [("d1", &from), ("d2", &to)] {
        if time::parse_date(value).is_none() {
            checks.push(Error::invalid_field(field, format!("El campo {field} debe ser una fecha AAAA-MM-DD")));
        }
    }
    let every_day = checks.check(flag("between", &req.param::<String>("between")?));
    let ranges = checks.check(flag("ranges", req.query_value("ranges").unwrap_or("0")));
    checks.finish()?;
    match time::days_between(&from, &to) {
        Some(days) if days < 0 => return Err(Error::new(codes::BAD_RANGE, "La fecha inicial es posterior a la final")),
        Some(days) if days >= MAX_RANGE_DAYS => return Err(Error::new(codes::BAD_RANGE, format!("El periodo no puede superar {MAX_RANGE_DAYS} días"))),
        _ => {}
    }
    let worker = directory::member(user_id).ok_or_else(|| Error::not_found("Trabajador"))?;
    let scope = Scope { from: from.clone(), to: to.clone(), user_id: Some(user_id), branch_id: None, can_see_all: true };
    let (days, totals, _) = build_report(ctx, &scope)?;
    let zone = zone();
    let bytes = document(&worker, &from, &to, zone, &days, totals.first().map(|t| (t.days, t.worked_minutes)), every_day.unwrap_or(false), ranges.unwrap_or(false));
    Ok(pdf::answer(&format!("registro-jornada-{user_id}-{from}-{to}.pdf"), &bytes))
}

#[allow(clippy::too_many_arguments)]
fn document(worker: &directory::StaffMember, from: &str, to: &str, zone: SpanishZone, days: &[Day], total: Option<(i64, i64)>, every_day: bool, ranges: bool) -> Vec<u8> {
    let mut flow = Flow::new();
    flow.title("Registro de jornada");
    flow.field("Trabajador", &worker.name);
    flow.field("Correo electrónico", &worker.email);
    flow.field("Periodo", &format!("del {} al {}", spanish_date(from), spanish_date(to)));
    flow.field("Horario de", zone_label(zone));
    flow.heading("Registro diario");
    let mut rows = Vec::new();
    let listed: Vec<String> = if every_day { dates(from, to) } else { days.iter().map(|d| d.date.clone()).collect() };
    for date in &listed {
        match days.iter().find(|d| &d.date == date) {
            None => rows.push(vec![spanish_date(date), "—".into(), "—".into(), "—".into(), "Sin registro".into(), String::new()]),
            Some(day) => {
                let end = if day.open { "en curso".to_string() } else { local_time(zone, day.last_end.as_deref()) };
                rows.push(vec![
                    spanish_date(date),
                    local_time(zone, day.first_start.as_deref()),
                    end,
                    hours(day.paused_minutes),
                    hours(day.worked_minutes),
                    if day.edited { "Sí".into() } else { String::new() },
                ]);
                if ranges {
                    for entry in &day.entries {
                        let kind = if entry.kind == Kind::Work { "  trabajo" } else { "  pausa" };
                        let end = if entry.ended_at.is_some() { local_time(zone, entry.ended_at.as_deref()) } else { "en curso".into() };
                        rows.push(vec![
                            kind.into(),
                            local_time(zone, Some(&entry.started_at)),
                            end,
                            String::new(),
                            hours(entry.minutes),
                            if entry.edited { "Sí".into() } else { String::new() },
                        ]);
                    }
                }
            }
        }
    }
    flow.table(
        &[(56.0, "Fecha", false, 14), (150.0, "Inicio", false, 10), (230.0, "Fin", false, 10), (360.0, "Pausas", true, 8), (450.0, "Horas", true, 12), (470.0, "Corregido", false, 10)],
        &rows,
    );
    let (worked_days, minutes) = total.unwrap_or((0, 0));
    flow.field("Días con trabajo", &worked_days.to_string());
    flow.field("Horas trabajadas", &hours(minutes));
    flow.paragraph(
        "Los intervalos corregidos conservan en el sistema la hora fichada, quién la cambió, cuándo y por qué. Registro conservado durante cuatro años (art. 34.9 del Estatuto de los Trabajadores).",
        8.0,
    );
    flow.down(30.0);
    flow.field("Firma del trabajador", "");
    flow.down(30.0);
    flow.field("Firma de la empresa", "");
    pdf::write(&flow.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flags_and_the_period() {
        assert_eq!(flag("between", "1").unwrap(), true);
        assert_eq!(flag("between", "false").unwrap(), false);
        assert!(flag("between", "a veces").is_err());
        assert_eq!(dates("2026-02-27", "2026-03-02"), ["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
        assert_eq!(hours(75), "1:15");
    }
}
