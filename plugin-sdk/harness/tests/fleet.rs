//! The fleet plugin (vehicles, upkeep, workshops, insurance) in the real runtime against a real
//! database, on both engines (`VOLANTE_TEST_DATABASE_URL`): checks that refuse bad input and
//! change nothing, branches and permissions, what an ITV or a reading does to the vehicle, the
//! policy tabs, the alerts and the business boundary.

use serde_json::{json, Value};
use volante_plugin_harness::{code, fields, ok, Harness};

/// Today as the plugin counts it, and `days` from it.
struct Days(String);

impl Days {
    async fn of(h: &Harness) -> Days {
        Days(ok(&h.get("vehicle/alerts", &[]).await)["today"].as_str().unwrap().to_string())
    }

    fn at(&self, days: i64) -> String {
        let d = |r: std::ops::Range<usize>| self.0[r].parse::<i64>().unwrap();
        // Civil-from-days and back (Howard Hinnant's algorithms).
        let (y, m, day) = (d(0..4), d(5..7), d(8..10));
        let y0 = if m <= 2 { y - 1 } else { y };
        let era = y0.div_euclid(400);
        let yoe = y0 - era * 400;
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + day - 1;
        let z = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy + days;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let m = if mp < 10 { mp + 3 } else { mp - 9 };
        let y = yoe + era * 400 + i64::from(m <= 2);
        format!("{y:04}-{m:02}-{day:02}")
    }
}

async fn user_id(h: &Harness, email: &str) -> i64 {
    let (id,): (i64,) = sqlx::query_as("SELECT user_id FROM app_user WHERE email = $1").bind(email).fetch_one(&h.state.db.pool).await.unwrap();
    id
}

async fn total(h: &Harness, token: &str, path: &str, query: &[(&str, &str)]) -> i64 {
    ok(&h.get_as(token, path, query).await)["total"].as_i64().unwrap()
}

#[tokio::test]
async fn vehicles_are_checked_and_kept_to_their_branch_and_business() {
    let h = Harness::start("plugins/fleet").await.unwrap();
    let days = Days::of(&h).await;
    let teacher = h.teacher_token().await.unwrap();
    let teacher_id = user_id(&h, "profesor@autoescuela-demo.es").await;

    // Every bad field at once, and nothing stored.
    let bad = h
        .post("vehicle/create", json!({ "plate": "ABC", "brand_id": 99, "licence_classes": ["B", "Z"], "vin": "123", "odometer_km": -1, "registration_date": days.at(3), "teacher_user_id": 999_999 }))
        .await;
    assert_eq!(code(&bad), "REQ-102");
    assert_eq!(fields(&bad), ["plate", "brand_id", "licence_classes[1]", "vin", "registration_date", "odometer_km", "teacher_user_id"]);
    assert_eq!(code(&h.post("vehicle/create", json!({ "model": "Sin matrícula" })).await), "REQ-102");
    assert_eq!(total(&h, &h.token, "vehicle/read", &[("state", "all")]).await, 0);

    let itv_due = days.at(10);
    let created = h
        .post(
            "vehicle/create",
            json!({ "plate": "1234 bcd", "brand_id": 10, "model": "Focus", "licence_classes": ["b", "B"], "fuel": "diesel",
                    "itv_due": itv_due, "odometer_km": 1000, "teacher_user_id": teacher_id, "vin": "wf0axxgcdaxx12345" }),
        )
        .await;
    let vehicle = ok(&created).clone();
    let id = vehicle["id"].as_i64().unwrap();
    assert_eq!((vehicle["plate"].as_str(), vehicle["licence_classes"].clone()), (Some("1234BCD"), json!(["B"])));
    assert_eq!((vehicle["dual_controls"].as_bool(), vehicle["gearbox"].as_str(), vehicle["vin"].as_str()), (Some(true), Some("manual"), Some("WF0AXXGCDAXX12345")));
    // The director's branch by default.
    assert!(vehicle["branch_id"].as_i64().is_some(), "{vehicle}");
    // A plate once per business, however it is written.
    let duplicate = h.post("vehicle/create", json!({ "plate": "1234-BCD" })).await;
    assert_eq!(code(&duplicate), "CONFLICT-000");

    let view = ok(&h.get("vehicle/read", &[("id", &id.to_string())]).await).clone();
    assert_eq!((view["brand"].as_str(), view["itv"]["state"].as_str(), view["itv"]["days_left"].as_i64()), (Some("FORD"), Some("due_soon"), Some(10)));
    assert_eq!(view["teacher"]["name"], "Pablo Profesor Demo");
    let staff = ok(&h.get("vehicle/teachers", &[]).await).clone();
    assert!(staff.as_array().unwrap().iter().any(|m| m["user_id"] == teacher_id && m["name"] == "Pablo Profesor Demo"), "{staff}");
    assert_eq!((view["maintenance"].clone(), view["insurances"].clone()), (json!([]), json!([])));

    for (query, expected) in [
        (vec![("search", "focus")], 1),
        (vec![("search", "1234 bcd")], 1),
        (vec![("licence", "b")], 1),
        (vec![("licence", "C")], 0),
        (vec![("due", "itv")], 1),
        (vec![("fuel", "diesel")], 1),
        (vec![("kind", "truck")], 0),
    ] {
        assert_eq!(total(&h, &h.token, "vehicle/read", &query).await, expected, "{query:?}");
    }
    assert_eq!(code(&h.get("vehicle/read", &[("due", "seguro")]).await), "REQ-102");
    assert_eq!(code(&h.get("vehicle/read", &[("licence", "Z")]).await), "REQ-102");
    let brands = ok(&h.get("vehicle/brands", &[]).await).as_array().unwrap().clone();
    assert_eq!((brands.len(), brands[0]["name"].as_str(), brands[9]["name"].as_str()), (36, Some("ALFA ROMEO"), Some("FORD")));

    // The teacher works in the other branch: the director's vehicle is not theirs to see, and
    // writing needs `fleet.vehicles`.
    assert_eq!(total(&h, &teacher, "vehicle/read", &[]).await, 0);
    assert_eq!(code(&h.get_as(&teacher, "vehicle/read", &[("id", &id.to_string())]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.post_as(&teacher, "vehicle/create", json!({ "plate": "5678 FGH" })).await), "PERMISSION-000");
    // The plugin's permissions are the role editor's too: a branch of their own, and grantable.
    let roles = ok(&h.get("employee/permissions/read", &[]).await).clone();
    let branch = roles["tree"].as_array().unwrap().iter().find(|n| n["key"] == "fleet").cloned().unwrap_or_default();
    assert_eq!((branch["label"].as_str(), branch["group"].as_bool()), (Some("Flota"), Some(true)), "{}", roles["tree"]);
    assert_eq!(branch["children"].as_array().map(Vec::len), Some(4));
    let unknown = h.post("user/role/permission/update", json!({ "user_id": teacher_id, "permissions": ["fleet"] })).await;
    assert_eq!(code(&unknown), "REQ-102");
    ok(&h.post("user/role/permission/update", json!({ "user_id": teacher_id, "permissions": ["fleet.vehicles"] })).await);
    let teacher = h.teacher_token().await.unwrap();
    let theirs = ok(&h.post_as(&teacher, "vehicle/create", json!({ "plate": "5678 FGH", "kind": "motorcycle", "licence_classes": ["A2"] })).await).clone();
    assert_ne!(theirs["branch_id"], vehicle["branch_id"]);
    let elsewhere = h.post_as(&teacher, "vehicle/create", json!({ "plate": "9012 JKL", "branch_id": vehicle["branch_id"] })).await;
    assert_eq!(code(&elsewhere), "PERMISSION-000");
    assert_eq!(code(&h.post_as(&teacher, "vehicle/update", json!({ "id": id, "model": "Fiesta" })).await), "NOT-FOUND-000");
    assert_eq!(total(&h, &teacher, "vehicle/read", &[]).await, 1);
    // Their alerts are their branch's: not the director's ITV, only their own uninsured vehicle.
    let alerts = ok(&h.get_as(&teacher, "vehicle/alerts", &[]).await).clone();
    assert_eq!((alerts["itv"].clone(), alerts["uninsured"][0]["plate"].as_str(), alerts["uninsured"].as_array().map(Vec::len)), (json!([]), Some("5678FGH"), Some(1)));
    // The director (super) sees both branches.
    assert_eq!(total(&h, &h.token, "vehicle/read", &[]).await, 2);
    assert_eq!(total(&h, &h.token, "vehicle/read", &[("branch_id", &theirs["branch_id"].to_string())]).await, 1);

    // Another business sees none of it.
    assert_eq!(total(&h, &h.other_token, "vehicle/read", &[("state", "all")]).await, 0);
    assert_eq!(code(&h.get_as(&h.other_token, "vehicle/read", &[("id", &id.to_string())]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.post_as(&h.other_token, "vehicle/delete", json!({ "id": id })).await), "NOT-FOUND-000");

    // Off the road, then gone: a deleted vehicle still reads but takes no changes.
    assert_eq!(ok(&h.post("vehicle/state", json!({ "id": id })).await)["state"], "inactive");
    assert_eq!(ok(&h.post("vehicle/update", json!({ "id": id, "model": "Fiesta", "plate": "1234BCD" })).await)["model"], "Fiesta");
    assert_eq!(ok(&h.post("vehicle/delete", json!({ "id": id })).await)["state"], "deleted");
    assert_eq!(code(&h.post("vehicle/update", json!({ "id": id, "model": "Puma" })).await), "CONFLICT-000");
    assert_eq!(total(&h, &h.token, "vehicle/read", &[]).await, 1);
    assert_eq!(ok(&h.get("vehicle/read", &[("id", &id.to_string())]).await)["model"], "Fiesta");
}

#[tokio::test]
async fn upkeep_moves_the_itv_date_and_the_kilometres_forward_only() {
    let h = Harness::start("plugins/fleet").await.unwrap();
    let days = Days::of(&h).await;

    let bad = h.post("workshop/create", json!({ "name": " ", "tax_code": "B12345670", "province_id": 8, "postal_code": "28013", "email": "no" })).await;
    assert_eq!(fields(&bad), ["name", "tax_code", "email", "postal_code"]);
    let workshop = ok(&h
        .post("workshop/create", json!({ "name": "Talleres Pérez", "category": "dealership", "tax_code": "b12345674", "province_id": 28, "postal_code": "28013", "phone": "912345678" }))
        .await)
    .clone();
    let workshop_id = workshop["id"].as_i64().unwrap();
    assert_eq!((workshop["tax_code"].as_str(), workshop["category"].as_str()), (Some("B12345674"), Some("dealership")));
    assert_eq!(total(&h, &h.token, "workshop/read", &[("search", "perez")]).await, 1);
    assert_eq!(total(&h, &h.token, "workshop/read", &[("category", "workshop")]).await, 0);

    let vehicle = ok(&h.post("vehicle/create", json!({ "plate": "1234 BCD", "itv_due": days.at(5), "odometer_km": 20000 })).await).clone();
    let vehicle_id = vehicle["id"].as_i64().unwrap();
    let entry = |more: Value| {
        let mut body = json!({ "vehicle_id": vehicle_id, "done_on": days.at(0) });
        body.as_object_mut().unwrap().extend(more.as_object().unwrap().clone());
        body
    };
    for (body, field) in [
        (entry(json!({ "kind": "itv" })), "itv_result"),
        (entry(json!({ "kind": "itv", "itv_result": "favourable", "next_itv_due": days.at(-1) })), "next_itv_due"),
        (entry(json!({ "kind": "service", "done_on": days.at(2) })), "done_on"),
        (entry(json!({ "kind": "repair" })), "description"),
        (entry(json!({ "kind": "service", "itv_result": "favourable" })), "itv_result"),
        (entry(json!({ "kind": "service", "workshop_id": 999_999 })), "workshop_id"),
        (entry(json!({ "kind": "tyres", "cost_cents": -5 })), "cost_cents"),
    ] {
        assert_eq!(fields(&h.post("vehicle/maintenance/create", body.clone()).await), [field], "{body}");
    }
    assert_eq!(code(&h.post("vehicle/maintenance/create", entry(json!({ "kind": "oil" }))).await), "REQ-102");
    assert_eq!(ok(&h.get("vehicle/maintenance/read", &[("vehicle_id", &vehicle_id.to_string())]).await)["items"], json!([]));

    // An unfavourable ITV leaves the date; the favourable one after the repair moves it.
    let next = days.at(365);
    ok(&h.post("vehicle/maintenance/create", entry(json!({ "kind": "itv", "itv_result": "unfavourable", "next_itv_due": days.at(60), "workshop_id": workshop_id }))).await);
    assert_eq!(ok(&h.get("vehicle/read", &[("id", &vehicle_id.to_string())]).await)["itv_due"].as_str(), Some(days.at(5).as_str()));
    let itv = ok(&h
        .post("vehicle/maintenance/create", entry(json!({ "kind": "itv", "itv_result": "favourable", "next_itv_due": next, "odometer_km": 25000, "cost_cents": 4500, "workshop_id": workshop_id })))
        .await)
    .clone();
    assert_eq!((itv["plate"].as_str(), itv["workshop_name"].as_str()), (Some("1234BCD"), Some("Talleres Pérez")));
    let view = ok(&h.get("vehicle/read", &[("id", &vehicle_id.to_string())]).await).clone();
    assert_eq!((view["itv_due"].as_str(), view["itv"]["state"].as_str(), view["odometer_km"].as_i64()), (Some(next.as_str()), Some("ok"), Some(25000)));
    // A lower reading is kept on the entry but does not wind the vehicle back.
    let repair = ok(&h.post("vehicle/maintenance/create", entry(json!({ "kind": "repair", "description": "Embrague", "odometer_km": 21000, "cost_cents": 30000 }))).await).clone();
    let view = ok(&h.get("vehicle/read", &[("id", &vehicle_id.to_string())]).await).clone();
    assert_eq!(view["odometer_km"].as_i64(), Some(25000));
    assert_eq!(view["maintenance"].as_array().unwrap().len(), 3);

    let upkeep = ok(&h.get("vehicle/maintenance/read", &[("vehicle_id", &vehicle_id.to_string())]).await).clone();
    assert_eq!(upkeep["total_cost_cents"], 34500);
    assert_eq!(upkeep["items"][0]["id"], repair["id"]);
    let jobs = ok(&h.get("workshop/read", &[("id", &workshop_id.to_string())]).await)["jobs"].clone();
    assert_eq!(jobs.as_array().unwrap().len(), 2);
    assert_eq!(jobs[0]["plate"], "1234BCD");

    // Only with `fleet.vehicles`; only in the business.
    let teacher = h.teacher_token().await.unwrap();
    assert_eq!(code(&h.post_as(&teacher, "vehicle/maintenance/create", entry(json!({ "kind": "tyres" }))).await), "PERMISSION-000");
    assert_eq!(code(&h.post_as(&h.other_token, "vehicle/maintenance/delete", json!({ "id": repair["id"] })).await), "NOT-FOUND-000");
    assert_eq!(code(&h.get_as(&h.other_token, "vehicle/maintenance/read", &[("vehicle_id", &vehicle_id.to_string())]).await), "NOT-FOUND-000");
    assert_eq!(ok(&h.post("vehicle/maintenance/delete", json!({ "id": repair["id"] })).await)["deleted"], true);
    assert_eq!(ok(&h.get("vehicle/maintenance/read", &[("vehicle_id", &vehicle_id.to_string())]).await)["items"].as_array().unwrap().len(), 2);
    // A favourable ITV entered by mistake: deleting it gives the vehicle back the date before it.
    let later = days.at(730);
    let mistake = ok(&h.post("vehicle/maintenance/create", entry(json!({ "kind": "itv", "itv_result": "favourable", "next_itv_due": later }))).await)["id"].clone();
    assert_eq!(ok(&h.get("vehicle/read", &[("id", &vehicle_id.to_string())]).await)["itv_due"].as_str(), Some(later.as_str()));
    assert_eq!(ok(&h.post("vehicle/maintenance/delete", json!({ "id": mistake })).await)["itv_due"].as_str(), Some(next.as_str()));
    assert_eq!(ok(&h.get("vehicle/read", &[("id", &vehicle_id.to_string())]).await)["itv_due"].as_str(), Some(next.as_str()));
    // A deleted workshop takes no new jobs; its old ones keep its name.
    ok(&h.post("workshop/delete", json!({ "id": workshop_id })).await);
    assert_eq!(fields(&h.post("vehicle/maintenance/create", entry(json!({ "kind": "service", "workshop_id": workshop_id }))).await), ["workshop_id"]);
    assert_eq!(ok(&h.get("vehicle/maintenance/read", &[("vehicle_id", &vehicle_id.to_string())]).await)["items"][0]["workshop_name"], "Talleres Pérez");
}

#[tokio::test]
async fn policies_have_tabs_and_alerts_tell_what_is_due() {
    let h = Harness::start("plugins/fleet").await.unwrap();
    let days = Days::of(&h).await;
    let overdue = ok(&h.post("vehicle/create", json!({ "plate": "1111 BBB", "itv_due": days.at(-3) })).await)["id"].as_i64().unwrap();
    let fine = ok(&h.post("vehicle/create", json!({ "plate": "2222 CCC", "itv_due": days.at(200) })).await)["id"].as_i64().unwrap();

    let bad = h.post("insurance/create", json!({ "company_id": 9, "kind": "vehicle", "start_date": days.at(0), "end_date": days.at(-1) })).await;
    assert_eq!(fields(&bad), ["company_id", "policy_number", "vehicle_id", "end_date"]);
    let bad = h.post("insurance/create", json!({ "company_id": 1, "policy_number": "RC-1", "kind": "liability", "vehicle_id": fine, "coverage": "comprehensive", "start_date": days.at(0), "end_date": days.at(30) })).await;
    assert_eq!(fields(&bad), ["vehicle_id", "coverage"]);
    assert_eq!(total(&h, &h.token, "insurance/read", &[]).await, 0);

    let policy = |company: i64, number: &str, vehicle: Option<i64>, from: i64, to: i64| {
        json!({ "company_id": company, "policy_number": number, "kind": if vehicle.is_some() { "vehicle" } else { "liability" },
                "vehicle_id": vehicle, "coverage": vehicle.map(|_| "third_party"), "start_date": days.at(from), "end_date": days.at(to), "premium_cents": 48000 })
    };
    let expiring = ok(&h.post("insurance/create", policy(3, "AZ-100", Some(overdue), -345, 20)).await).clone();
    assert_eq!(code(&h.post("insurance/create", policy(3, "AZ-100", Some(fine), 0, 300)).await), "CONFLICT-000");
    let expired = ok(&h.post("insurance/create", policy(1, "RC-7", None, -400, -35)).await).clone();
    let item = ok(&h.get("insurance/read", &[("id", &expiring["id"].to_string())]).await).clone();
    assert_eq!((item["company"].as_str(), item["plate"].as_str(), item["status"].as_str(), item["days_left"].as_i64()), (Some("ALLIANZ"), Some("1111BBB"), Some("expiring"), Some(20)));
    assert_eq!(item["branch_id"], ok(&h.get("vehicle/read", &[("id", &overdue.to_string())]).await)["branch_id"]);

    for (tab, expected) in [("vigentes", 1), ("por-vencer", 1), ("vencidas", 1), ("todas", 2)] {
        assert_eq!(total(&h, &h.token, "insurance/read", &[("tab", tab)]).await, expected, "{tab}");
    }
    assert_eq!(code(&h.get("insurance/read", &[("tab", "caducadas")]).await), "REQ-102");
    assert_eq!(total(&h, &h.token, "insurance/read", &[("search", "az-100")]).await, 1);

    let alerts = ok(&h.get("vehicle/alerts", &[]).await).clone();
    let plates = |list: &Value, key: &str| list.as_array().unwrap().iter().map(|a| a[key].to_string()).collect::<Vec<_>>();
    assert_eq!(plates(&alerts["itv"], "plate"), ["\"1111BBB\""]);
    assert_eq!(alerts["itv"][0]["state"], "overdue");
    assert_eq!(plates(&alerts["insurance"], "insurance_id"), [expired["id"].to_string(), expiring["id"].to_string()]);
    assert_eq!(plates(&alerts["uninsured"], "plate"), ["\"2222CCC\""]);

    // A renewal replaces the expiring policy in the alerts; the vehicle lists both, latest first.
    let renewal = ok(&h.post("insurance/create", policy(3, "AZ-200", Some(overdue), 20, 385)).await).clone();
    assert_eq!(ok(&h.get("insurance/read", &[("id", &renewal["id"].to_string())]).await)["status"], "pending");
    let alerts = ok(&h.get("vehicle/alerts", &[]).await).clone();
    assert_eq!(plates(&alerts["insurance"], "insurance_id"), [expired["id"].to_string()]);
    let insured = ok(&h.get("vehicle/read", &[("id", &overdue.to_string())]).await)["insurances"].clone();
    assert_eq!(plates(&insured, "id"), [renewal["id"].to_string(), expiring["id"].to_string()]);

    // Only with `fleet.insurance`; only in the business.
    let teacher = h.teacher_token().await.unwrap();
    assert_eq!(code(&h.post_as(&teacher, "insurance/create", policy(2, "LD-1", None, 0, 365)).await), "PERMISSION-000");
    assert_eq!(total(&h, &h.other_token, "insurance/read", &[]).await, 0);
    assert_eq!(code(&h.get_as(&h.other_token, "insurance/read", &[("id", &expiring["id"].to_string())]).await), "NOT-FOUND-000");
    assert_eq!(ok(&h.get_as(&h.other_token, "vehicle/alerts", &[]).await)["insurance"], json!([]));
    // A policy cannot insure another business's vehicle.
    let foreign = h.post_as(&h.other_token, "insurance/create", policy(2, "LD-2", Some(fine), 0, 365)).await;
    assert_eq!(fields(&foreign), ["vehicle_id"]);
}

#[tokio::test]
async fn each_service_switches_its_calls_and_its_menu_entry() {
    let h = Harness::start("plugins/fleet").await.unwrap();
    let vehicle = ok(&h.post("vehicle/create", json!({ "plate": "3333 DDD" })).await)["id"].as_i64().unwrap();
    let menu = |modules: &Value| -> Vec<String> {
        let fleet = modules.as_array().unwrap().iter().find(|m| m["plugin_id"] == "fleet").cloned().unwrap_or_default();
        fleet["menu"].as_array().map(|m| m.iter().map(|e| e["path"].as_str().unwrap().to_string()).collect()).unwrap_or_default()
    };
    assert_eq!(menu(ok(&h.get("plugin/modules", &[]).await)), ["/vehicle/list", "/workshop/list", "/insurance/list/vigentes"]);

    // The provider leaves the school only the vehicles: the other screens and calls go at once.
    let only = json!({ "business_id": h.business_id, "services": ["vehicle"] });
    ok(&h.post_as(&h.other_token, "business/services/update", only).await);
    assert_eq!(menu(ok(&h.get("plugin/modules", &[]).await)), ["/vehicle/list"]);
    assert_eq!(code(&h.get("insurance/read", &[]).await), "SERVICE-000");
    assert_eq!(code(&h.post("workshop/create", json!({ "name": "Taller" })).await), "SERVICE-000");
    let alerts = ok(&h.get("vehicle/alerts", &[]).await).clone();
    assert_eq!((alerts["insurance"].clone(), alerts["uninsured"].clone()), (Value::Null, Value::Null));
    assert_eq!(ok(&h.get("vehicle/read", &[("id", &vehicle.to_string())]).await)["insurances"], Value::Null);
}

/// With the employees module on, the vehicle's teacher is chosen among the teachers with a user
/// account, not among every member of staff.
#[tokio::test]
async fn the_teacher_picker_lists_the_employees_teachers() {
    let h = Harness::start_with(&["plugins/employees".as_ref(), "plugins/fleet".as_ref()]).await.unwrap();
    // No employee is a teacher yet: nobody to choose.
    assert_eq!(ok(&h.get("vehicle/teachers", &[]).await), &json!([]));
    let account = |email: &str| json!({ "email": email, "password": "Lucia-Profe-2026" });
    ok(&h.post("employee/create", json!({ "first_name": "Lucía", "last_name": "Martín", "is_teacher": true, "teacher_classes": ["B"], "account": account("lucia@autoescuela-demo.es") })).await);
    ok(&h.post("employee/create", json!({ "first_name": "Sara", "last_name": "Oficina", "account": account("sara@autoescuela-demo.es") })).await);
    ok(&h.post("employee/create", json!({ "first_name": "Juan", "last_name": "Sin Cuenta", "is_teacher": true })).await);
    let teachers = ok(&h.get("vehicle/teachers", &[]).await).clone();
    let names: Vec<&str> = teachers.as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Lucía Martín"], "{teachers}");
    assert!(teachers[0]["user_id"].as_i64().is_some());
}
