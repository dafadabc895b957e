//! Lists answered as the host wrote the rows (`resource::list_json`, `sql.query-json`) must be
//! the records the typed path gives: every item of a `readall` page equals, field by field, the
//! same record read by id (which reads it into the resource type and serialises it). Covers
//! booleans (SQLite's 0/1), optional numbers, text with quotes, accents and escapes, empty
//! strings and nulls, on both engines (`VOLANTE_TEST_DATABASE_URL`).

use serde_json::{json, Value};
use volante_plugin_harness::Harness;

#[track_caller]
fn ok(v: &Value) -> &Value {
    assert_eq!(v["success"], true, "{v}");
    &v["data"]
}

/// Every field of each listed item equals the record read through `read_path/{id}`, and the item
/// has every field of the read but `extras` (what a custom read adds to the record).
async fn same_as_read_one_by_one(h: &Harness, list_path: &str, body: Value, read_path: &str) -> usize {
    let extras: &[&str] = if read_path == "contact/read" { &["groups", "dgt"] } else { &[] };
    let page = h.post(list_path, body).await;
    let items = ok(&page)["items"].as_array().unwrap_or_else(|| panic!("{page}")).clone();
    for item in &items {
        let id = item["id"].as_i64().unwrap_or_else(|| panic!("{item}"));
        let read = h.get(&format!("{read_path}/{id}"), &[]).await;
        let record = ok(&read);
        for (field, value) in item.as_object().unwrap() {
            assert_eq!(&record[field], value, "{list_path}: field {field} of {id} differs from the typed read\nlist {item}\nread {record}");
        }
        // And the list leaves nothing out.
        for field in record.as_object().unwrap().keys().filter(|k| !extras.contains(&k.as_str())) {
            assert!(item.get(field).is_some(), "{list_path}: {field} missing from the listed {id}: {item}");
        }
    }
    items.len()
}

#[tokio::test]
async fn contact_lists_are_the_typed_records() {
    let h = Harness::start("plugins/contacts").await.unwrap();
    for body in [
        json!({ "type": "P", "first_name": "Ana \"la\" Peña", "last_name": "Ruiz\\Gómez", "notifications": false, "province_id": 28, "postal_code": "28001", "birthday": "1990-02-03", "notes": "línea 1\nlínea 2\t€" }),
        json!({ "type": "E", "trade_name": "Talleres Núñez", "fiscal_code": "B12345674", "notifications": true }),
        json!({ "type": "P", "first_name": "Luis" }),
    ] {
        ok(&h.post("contact/create", body).await);
    }
    assert_eq!(same_as_read_one_by_one(&h, "contact/readall", json!({}), "contact/read").await, 3);
    // Filters, search, order and pages go through the same path.
    assert_eq!(same_as_read_one_by_one(&h, "contact/readall", json!({ "search": "nunez" }), "contact/read").await, 1);
    assert_eq!(same_as_read_one_by_one(&h, "contact/readall", json!({ "type": "P", "order": "-first_name", "per_page": 1, "page": 2 }), "contact/read").await, 1);
    // A group's members (the list with an extra condition).
    let group = h.post("contact/group/create", json!({ "name": "Teórico martes" })).await;
    let group_id = ok(&group)["id"].as_i64().unwrap();
    let first = ok(&h.post("contact/readall", json!({ "search": "ana" })).await)["items"][0]["id"].as_i64().unwrap();
    ok(&h.post("contact/group/settings/add", json!({ "group_id": group_id, "contact_ids": [first] })).await);
    assert_eq!(same_as_read_one_by_one(&h, "contact/readall", json!({ "group_id": group_id }), "contact/read").await, 1);
    // An empty page.
    let empty = h.post("contact/readall", json!({ "search": "nadie así" })).await;
    assert_eq!(ok(&empty)["items"], json!([]));
    assert_eq!((ok(&empty)["total"].as_i64(), ok(&empty)["from"].as_i64(), ok(&empty)["to"].as_i64()), (Some(0), Some(0), Some(0)));
}

#[tokio::test]
async fn billing_lists_are_the_typed_records() {
    let h = Harness::start("plugins/billing").await.unwrap();
    ok(&h.post("expense/create", json!({ "concept": "Gasolina \"95\"", "base": 4132, "tax_rate": 2100, "method": "card", "provider_name": "Estación Peñíscola" })).await);
    ok(&h.post("expense/create", json!({ "concept": "Seguro", "base": 100000, "tax_rate": 0, "method": "transfer" })).await);
    assert_eq!(same_as_read_one_by_one(&h, "expense/readall", json!({}), "expense/read").await, 2);
    ok(&h.post("sales/cashflow/create", json!({ "concept": "Señal", "amount": 5000, "direction": "in", "method": "cash" })).await);
    assert_eq!(same_as_read_one_by_one(&h, "sales/cashflow/readall", json!({}), "sales/cashflow/read").await, 1);
}
