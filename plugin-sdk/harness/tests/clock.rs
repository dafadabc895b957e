//! The clock plugin (registro de jornada) in the real runtime against a real database, on both
//! engines (`VOLANTE_TEST_DATABASE_URL`): clocking in, pausing and finishing; each worker's own
//! record against the permission `employee.clock`; corrections with their trace; the report, its
//! Excel export and the business boundary; the record the provider generates for a school
//! (`auth = "provider"`).

mod common;

use common::{civil_from_days, days_from_civil};
use serde_json::{json, Value};
use volante_plugin_harness::{code, decode_base64, details, fields, ok, pdftotext, Harness};

#[tokio::test]
async fn a_worker_clocks_in_pauses_resumes_and_finishes() {
    let h = Harness::start("plugins/clock").await.unwrap();
    let teacher = h.teacher_token().await.unwrap();
    let status = h.get_as(&teacher, "clock/is_open", &[]).await;
    assert_eq!((ok(&status)["state"].as_str(), ok(&status)["open"].as_bool()), (Some("closed"), Some(false)));
    assert_eq!(ok(&status)["timezone"], "Europe/Madrid");
    // Nothing to pause or finish yet.
    assert_eq!(code(&h.post_as(&teacher, "clock/pause", json!({})).await), "CLOCK-002");
    assert_eq!(code(&h.post_as(&teacher, "clock/finish", json!({})).await), "CLOCK-003");

    let working = h.post_as(&teacher, "clock/init", json!({})).await;
    assert_eq!(ok(&working)["state"], "working");
    assert!(ok(&working)["since"].as_str().is_some_and(|s| s.ends_with('Z')), "{working}");
    assert_eq!(code(&h.post_as(&teacher, "clock/init", json!({})).await), "CLOCK-001");
    assert_eq!(ok(&h.post_as(&teacher, "clock/pause", json!({})).await)["state"], "paused");
    assert_eq!(code(&h.post_as(&teacher, "clock/pause", json!({})).await), "CLOCK-002");
    assert_eq!(ok(&h.get_as(&teacher, "clock/is_open", &[]).await)["state"], "paused");
    // Back to work after the pause, then done.
    assert_eq!(ok(&h.post_as(&teacher, "clock/init", json!({})).await)["state"], "working");
    let closed = h.post_as(&teacher, "clock/finish", json!({})).await;
    assert_eq!((ok(&closed)["state"].as_str(), ok(&closed)["open"].as_bool()), (Some("closed"), Some(false)));

    // The day: work, pause, work, all closed; the week has seven days, Monday first.
    let dashboard = h.get_as(&teacher, "clock/dashboard", &[]).await;
    let today = &ok(&dashboard)["today"];
    let kinds: Vec<_> = today["entries"].as_array().unwrap().iter().map(|e| (e["kind"].as_str().unwrap(), e["ended_at"].is_string())).collect();
    assert_eq!(kinds, [("work", true), ("pause", true), ("work", true)]);
    let week = &ok(&dashboard)["week"];
    assert_eq!(week["days"].as_array().unwrap().len(), 7);
    assert!(week["days"].as_array().unwrap().iter().any(|d| d["date"] == today["date"]));

    // The worker's own report: their day, named from the business's staff directory.
    let date = today["date"].as_str().unwrap();
    let report = h.post_as(&teacher, "clock/report", json!({ "from": date, "to": date })).await;
    let data = ok(&report);
    assert_eq!(data["can_see_all"], false);
    assert_eq!(data["days"].as_array().unwrap().len(), 1);
    assert_eq!(data["days"][0]["user_name"], "Pablo Profesor Demo");
    assert_eq!(data["days"][0]["entries"].as_array().unwrap().len(), 3);
    assert_eq!(data["staff"].as_array().unwrap().len(), 1);
    // The director (super) sees every worker, and the staff to choose from.
    let all = h.post("clock/report", json!({ "from": date, "to": date })).await;
    assert_eq!(ok(&all)["can_see_all"], true);
    assert_eq!(ok(&all)["days"][0]["user_name"], "Pablo Profesor Demo");
    let staff: Vec<_> = ok(&all)["staff"].as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap().to_string()).collect();
    assert!(staff.contains(&"Dolores Directora Demo".to_string()) && staff.contains(&"Pablo Profesor Demo".to_string()), "{staff:?}");
}

#[tokio::test]
async fn corrections_need_the_permission_a_reason_and_sane_times_and_leave_a_trace() {
    let h = Harness::start("plugins/clock").await.unwrap();
    let teacher = h.teacher_token().await.unwrap();
    let opened = h.post_as(&teacher, "clock/init", json!({})).await;
    let id = ok(&opened)["entry_id"].as_i64().unwrap();
    ok(&h.post_as(&teacher, "clock/finish", json!({})).await);
    let before = ok(&h.get_as(&teacher, &format!("clock/entry/{id}"), &[]).await).clone();
    assert_eq!((before["edited"].as_bool(), before["changes"].as_array().map(Vec::len)), (Some(false), Some(0)));

    let fix = |started: &str, ended: Option<&str>, reason: &str| json!({ "id": id, "started_at": started, "ended_at": ended, "reason": reason });
    let (start, end) = ("2025-03-10T08:00:00Z", "2025-03-10T16:30:00Z");
    // Only with `employee.clock`.
    assert_eq!(code(&h.post_as(&teacher, "clock/update", fix(start, Some(end), "Olvidó fichar")).await), "PERMISSION-000");
    // Bad input is refused and changes nothing.
    for (body, expected) in [
        (fix(start, Some(end), "   "), "CLOCK-006"),
        (fix(end, Some(start), "Al revés"), "CLOCK-005"),
        (fix("2999-01-01T08:00:00Z", Some("2999-01-01T09:00:00Z"), "Futuro"), "CLOCK-005"),
        (fix("10/03/2025 08:00", Some(end), "Formato"), "REQ-102"),
        (json!({ "id": 999_999, "started_at": start, "ended_at": end, "reason": "No existe" }), "CLOCK-007"),
    ] {
        assert_eq!(code(&h.post("clock/update", body.clone()).await), expected, "{body}");
    }
    let unchanged = ok(&h.get(&format!("clock/entry/{id}"), &[]).await).clone();
    assert_eq!((&unchanged["started_at"], &unchanged["edited"]), (&before["started_at"], &json!(false)));

    let fixed = h.post("clock/update", fix(start, Some(end), "Olvidó fichar la salida")).await;
    let entry = ok(&fixed);
    assert_eq!((entry["started_at"].as_str(), entry["ended_at"].as_str(), entry["minutes"].as_i64()), (Some(start), Some(end), Some(510)));
    assert_eq!((entry["work_date"].as_str(), entry["edited"].as_bool()), (Some("2025-03-10"), Some(true)));
    let change = &entry["changes"][0];
    assert_eq!(change["started_before"], before["started_at"]);
    assert_eq!(change["ended_before"], before["ended_at"]);
    assert_eq!((change["started_after"].as_str(), change["ended_after"].as_str()), (Some(start), Some(end)));
    assert_eq!((change["changed_by_name"].as_str(), change["reason"].as_str()), (Some("Dolores Directora Demo"), Some("Olvidó fichar la salida")));
    // The worker sees the trace of their own interval.
    let seen = h.get_as(&teacher, &format!("clock/entry/{id}"), &[]).await;
    assert_eq!(ok(&seen)["changes"].as_array().unwrap().len(), 1);

    // A second interval may not be moved over the first.
    let second = ok(&h.post_as(&teacher, "clock/init", json!({})).await)["entry_id"].as_i64().unwrap();
    ok(&h.post_as(&teacher, "clock/finish", json!({})).await);
    let overlap = json!({ "id": second, "started_at": "2025-03-10T12:00:00Z", "ended_at": "2025-03-10T13:00:00Z", "reason": "Solape" });
    assert_eq!(code(&h.post("clock/update", overlap).await), "CLOCK-005");
    // A worker may not read a colleague's interval; the director's own is theirs to read.
    let director = ok(&h.post("clock/init", json!({})).await)["entry_id"].as_i64().unwrap();
    assert_eq!(code(&h.get_as(&teacher, &format!("clock/entry/{director}"), &[]).await), "PERMISSION-000");

    // The corrected day in the report and in its Excel export.
    let range = json!({ "from": "2025-03-01", "to": "2025-03-31" });
    let report = h.post("clock/report", range.clone()).await;
    let day = &ok(&report)["days"][0];
    assert_eq!((day["date"].as_str(), day["worked_minutes"].as_i64(), day["edited"].as_bool()), (Some("2025-03-10"), Some(510), Some(true)));
    assert_eq!((day["first_start"].as_str(), day["last_end"].as_str()), (Some(start), Some(end)));
    assert_eq!(ok(&report)["totals"][0]["worked_minutes"], 510);
    let excel = h.get("clock/excel", &[("from", "2025-03-01"), ("to", "2025-03-31")]).await;
    let file = ok(&excel);
    assert_eq!(file["filename"], "registro-jornada-2025-03-01-2025-03-31.xlsx");
    let bytes = decode_base64(file["base64"].as_str().unwrap());
    let sheet = xlsx_part(&bytes, "xl/worksheets/sheet1.xml");
    // Peninsular winter time (UTC+1), the worker's name, 8.5 hours.
    assert!(sheet.contains(">09:00<") && sheet.contains(">17:30<") && sheet.contains("Pablo Profesor Demo") && sheet.contains("<v>8.5</v>"), "{sheet}");
    // The worker's own export; a colleague's needs the permission.
    assert!(ok(&h.get_as(&teacher, "clock/excel", &[("from", "2025-03-01"), ("to", "2025-03-31")]).await)["base64"].is_string());
    let director_id = ok(&h.get(&format!("clock/entry/{director}"), &[]).await)["user_id"].as_i64().unwrap().to_string();
    let others = h.get_as(&teacher, "clock/excel", &[("from", "2025-03-01"), ("to", "2025-03-31"), ("user_id", &director_id)]).await;
    assert_eq!(code(&others), "PERMISSION-000");
}

/// One part of an xlsx (a zip archive), read with `unzip` after checking every entry's CRC.
fn xlsx_part(bytes: &[u8], part: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("report.xlsx");
    std::fs::write(&file, bytes).unwrap();
    let tested = std::process::Command::new("unzip").arg("-tq").arg(&file).output().expect("unzip (scripts/setup.sh installs it)");
    assert!(tested.status.success(), "{}", String::from_utf8_lossy(&tested.stdout));
    let out = std::process::Command::new("unzip").arg("-p").arg(&file).arg(part).output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

#[tokio::test]
async fn ranges_settings_and_the_business_boundary() {
    let h = Harness::start("plugins/clock").await.unwrap();
    let teacher = h.teacher_token().await.unwrap();
    for (range, expected) in [
        (json!({ "from": "2025-03-31", "to": "2025-03-01" }), "CLOCK-004"),
        (json!({ "from": "2024-01-01", "to": "2025-03-01" }), "CLOCK-004"),
        (json!({ "from": "2025-02-30", "to": "2025-03-01" }), "REQ-102"),
        (json!({ "from": "2025-03-01" }), "REQ-102"),
    ] {
        assert_eq!(code(&h.post("clock/report", range.clone()).await), expected, "{range}");
    }
    // A worker asking for a colleague's record.
    let director = ok(&h.post("clock/init", json!({})).await)["entry_id"].as_i64().unwrap();
    let director_id = ok(&h.get(&format!("clock/entry/{director}"), &[]).await)["user_id"].clone();
    let range = json!({ "from": "2025-03-01", "to": "2025-03-02", "user_id": director_id });
    assert_eq!(code(&h.post_as(&teacher, "clock/report", range).await), "PERMISSION-000");

    // The days' zone: the peninsula by default, the Canaries once set (by `employee.clock`).
    assert_eq!(ok(&h.get("clock/settings", &[]).await)["timezone"], "Europe/Madrid");
    assert_eq!(code(&h.post_as(&teacher, "clock/settings/update", json!({ "timezone": "Atlantic/Canary" })).await), "PERMISSION-000");
    assert_eq!(code(&h.post("clock/settings/update", json!({ "timezone": "Europe/Paris" })).await), "REQ-102");
    ok(&h.post("clock/settings/update", json!({ "timezone": "Atlantic/Canary" })).await);
    assert_eq!(ok(&h.get_as(&teacher, "clock/is_open", &[]).await)["timezone"], "Atlantic/Canary");

    // The other business sees none of this one's record and cannot touch it.
    let today: Value = ok(&h.get("clock/dashboard", &[]).await)["today"]["date"].clone();
    let theirs = h.post_as(&h.other_token, "clock/report", json!({ "from": today, "to": today })).await;
    assert_eq!(ok(&theirs)["days"], json!([]));
    let fix = json!({ "id": director, "started_at": "2025-03-10T08:00:00Z", "ended_at": "2025-03-10T09:00:00Z", "reason": "Ajeno" });
    assert_eq!(code(&h.post_as(&h.other_token, "clock/update", fix).await), "CLOCK-007");
    assert_eq!(code(&h.get_as(&h.other_token, &format!("clock/entry/{director}"), &[]).await), "CLOCK-007");
}

/// The provider generates a worker's record for a school (`user/controlhorario/generate`, a
/// provider route): only the provider's administrators, in the school the path names when it has
/// the service, each call in the school's audit log; the PDF lists the days as asked.
#[tokio::test]
async fn the_provider_generates_a_workers_record_for_a_school() {
    let h = Harness::start("plugins/clock").await.unwrap();
    let entry = ok(&h.post("clock/init", json!({})).await)["entry_id"].as_i64().unwrap();
    let director = ok(&h.get(&format!("clock/entry/{entry}"), &[]).await)["user_id"].as_i64().unwrap();
    let today = ok(&h.get("clock/dashboard", &[]).await)["today"]["date"].as_str().unwrap().to_string();
    ok(&h.post("clock/finish", json!({})).await);
    let (y, m, d): (i64, i64, i64) = (today[0..4].parse().unwrap(), today[5..7].parse().unwrap(), today[8..10].parse().unwrap());
    // A period of three days ending today (the days before have no record).
    let first = {
        let days = days_from_civil(y, m, d) - 2;
        let (y, m, d) = civil_from_days(days);
        format!("{y:04}-{m:02}-{d:02}")
    };
    let path = |business: i64, user: i64, between: &str| format!("user/controlhorario/generate/{business}/{user}/{first}/{today}/{between}");
    let provider = h.other_token.clone();

    let every_day = decode_base64(ok(&h.get_as(&provider, &path(h.business_id, director, "1"), &[]).await)["base64"].as_str().unwrap());
    let text = pdftotext(&every_day).expect("pdftotext is installed");
    assert!(text.contains("Registro de jornada"), "{text}");
    assert_eq!(text.matches("Sin registro").count(), 2, "{text}");
    let spanish = |date: &str| format!("{}/{}/{}", &date[8..10], &date[5..7], &date[0..4]);
    assert!(text.contains(&spanish(&today)) && text.matches(&spanish(&first)).count() == 2, "{text}");
    let answer = h.get_as(&provider, &path(h.business_id, director, "0"), &[("ranges", "1")]).await;
    assert!(ok(&answer)["filename"].as_str().unwrap().ends_with(".pdf"));
    let only_worked = pdftotext(&decode_base64(ok(&answer)["base64"].as_str().unwrap())).unwrap();
    // The first day is only in the period's line: it has no row.
    assert!(!only_worked.contains("Sin registro") && only_worked.matches(&spanish(&first)).count() == 1, "{only_worked}");
    assert!(only_worked.contains("trabajo"), "{only_worked}");

    // Refusals: a school's own staff, a bad flag or date, a worker or business that is not there.
    assert_eq!(code(&h.get(&path(h.business_id, director, "1"), &[]).await), "PERMISSION-000");
    let bad = h.get_as(&provider, &path(h.business_id, director, "quizá"), &[]).await;
    assert_eq!(fields(&bad), ["between"]);
    assert_eq!(code(&h.get_as(&provider, &format!("user/controlhorario/generate/{}/{director}/{today}/{first}/1", h.business_id), &[]).await), "CLOCK-004");
    assert_eq!(code(&h.get_as(&provider, &path(h.business_id, 999_999, "1"), &[]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.get_as(&provider, &path(999_999, director, "1"), &[]).await), "NOT-FOUND-000");
    let created = ok(&h.post_as(&provider, "business/create", json!({ "name": "Autoescuela Sin Fichaje", "admin": { "email": "sin@fichaje.es", "first_name": "Sin" } })).await).clone();
    let off = h.get_as(&provider, &path(created["business_id"].as_i64().unwrap(), director, "1"), &[]).await;
    assert_eq!((code(&off), details(&off)), ("SERVICE-000".to_string(), "La empresa no tiene este servicio activo".to_string()));

    // Each call that reached the school is in its audit log, with the provider's administrator.
    let (audited,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM audit_log WHERE business_id = $1 AND action = 'plugin.provider_call' AND target_id = 'clock' AND actor_user_id IS NOT NULL",
    )
    .bind(h.business_id)
    .fetch_one(&h.state.db.pool)
    .await
    .unwrap();
    // Two records, the bad flag, the bad range and the unknown worker.
    assert_eq!(audited, 5);
}
