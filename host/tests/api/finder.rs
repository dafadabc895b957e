//! The provider's school finder: one search over the schools' data, their branches and their
//! users, accent- and case-insensitive; never the provider itself; provider administrators only.

use serde_json::{json, Value};

use crate::helpers::*;

fn found(answer: &Value) -> Vec<(String, Vec<String>)> {
    assert_ok(answer)["schools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["name"].as_str().unwrap().to_string(), s["matches"].as_array().unwrap().iter().map(|m| format!("{}.{}", m["kind"].as_str().unwrap(), m["field"].as_str().unwrap())).collect()))
        .collect()
}

#[tokio::test]
async fn the_provider_finds_a_school_by_anything_it_is_known_by() {
    let app = TestApp::spawn().await;
    let provider = app.provider().await;
    let director = app.director().await;
    let (_, rival_id) = app.second_business().await;
    let block = json!({ "provincial_number": "28", "control_digit": "3", "sequential_number": "0456", "holder_first_name": "José",
                        "holder_last_names": "Núñez Peña", "holder_document": "12345678Z" });
    sqlx::query("UPDATE branch SET driving_school = $1, phones = $2 WHERE business_id = $3")
        .bind(block.to_string())
        .bind(json!(["91 555 12 34"]).to_string())
        .bind(app.demo.school_business_id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let search = |text: &'static str| {
        let app = &app;
        let provider = provider.clone();
        async move { app.get("buscador/autoescuelas", Some(&provider), &[("search", text)]).await }
    };

    assert_eq!(error_code(&app.get("buscador/autoescuelas", Some(&director), &[("search", "demo")]).await), "PERMISSION-000");
    for short in ["", " a "] {
        let answer = search(short).await;
        assert_eq!(error_code(&answer), "REQ-102");
        assert_eq!(answer["error"]["data"]["field"], "search");
    }

    // By its own name and e-mail (each value said once: the branch and the administrator share them).
    let rival = search("RIVAL").await;
    assert_eq!(assert_ok(&rival)["schools"][0]["business_id"].as_i64(), Some(rival_id));
    assert_eq!(found(&rival), [("Autoescuela Rival Zeta".to_string(), vec!["business.name".to_string(), "business.email".to_string()])]);
    // A user's name, without its accent or case.
    assert_eq!(found(&search("zoe").await)[0].0, "Autoescuela Rival Zeta");
    // A branch's holder, without accents; its DGT code and phone however written.
    let holder = found(&search("nunez pena").await);
    assert_eq!(holder.len(), 1);
    assert_eq!(holder[0].0, "Autoescuela Demo");
    assert!(holder[0].1.contains(&"branch.holder".to_string()), "{holder:?}");
    for code in ["28-3-0456", "2830456", "915551234", "12345678z"] {
        let by = found(&search(code).await);
        assert_eq!(by.len(), 1, "{code}: {by:?}");
        assert_eq!(by[0].0, "Autoescuela Demo", "{code}");
    }
    // Both schools; the provider's own business and staff never.
    let both = assert_ok(&search("autoescuela").await).clone();
    assert_eq!(both["total"], 2);
    assert_eq!(assert_ok(&search("volante.local").await)["total"], 0);
}
