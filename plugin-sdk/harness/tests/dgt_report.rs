//! The dgt plugin's exam report (the spec's `dgt/center`, `dgt/state_numbers` and
//! `dgt/convocatoria`) in the real runtime against a real database, on both engines: folders at
//! two exam centres, written differently, with their students' results, counted by centre, exam
//! kind and exam session, with the filters checked.

use serde_json::{json, Value};
use volante_plugin_harness::{fields, ok, Harness};

async fn person(h: &Harness, first: &str, dni: &str) -> i64 {
    ok(&h.post("contact/create", json!({ "type": "P", "first_name": first, "last_name": "Prueba", "fiscal_code": dni })).await)["id"].as_i64().unwrap()
}

fn id_of(answer: &Value) -> i64 {
    ok(answer)["id"].as_i64().unwrap()
}

/// A folder with `students` and, once submitted, their `results` (`None`: left pending).
async fn folder(h: &Harness, kind: &str, centre: &str, date: Option<&str>, students: &[(i64, Option<&str>)]) -> i64 {
    let id = id_of(&h.post("dgt/folder/create", json!({ "exam_kind": kind, "licence": "B", "exam_centre": centre, "exam_date": date })).await);
    for (contact, _) in students {
        ok(&h.post("dgt/folder/student/add", json!({ "folder_id": id, "contact_id": contact })).await);
    }
    if date.is_none() {
        return id;
    }
    ok(&h.post("dgt/folder/update", json!({ "id": id, "status": "submitted" })).await);
    let rows = ok(&h.get("dgt/folder/student/read", &[("folder_id", &id.to_string())]).await).as_array().unwrap().clone();
    for (contact, result) in students {
        let Some(result) = result else { continue };
        let row = rows.iter().find(|r| r["contact_id"] == *contact).unwrap()["id"].as_i64().unwrap();
        ok(&h.post("dgt/folder/student/update", json!({ "id": row, "result": result })).await);
    }
    id
}

fn numbers(value: &Value) -> Value {
    json!([value["students"], value["pending"], value["pass"], value["fail"], value["absent"], value["presented"], value["pass_rate"]])
}

#[tokio::test]
async fn the_exam_report_counts_results_by_centre_kind_and_session() {
    let h = Harness::start_with(&["plugins/contacts".as_ref(), "plugins/dgt".as_ref()]).await.unwrap();
    let [ana, luis, eva, mario, pablo] = [
        person(&h, "Ana", "12345678Z").await,
        person(&h, "Luis", "87654321X").await,
        person(&h, "Eva", "00000000T").await,
        person(&h, "Mario", "11111111H").await,
        person(&h, "Pablo", "22222222J").await,
    ];
    // Ana's register entry, so that her passed theory lets her sit the road exam.
    let book = id_of(&h.post("dgt/book/register/create", json!({ "name": "Libro 1", "opened_on": "2026-01-02" })).await);
    ok(&h
        .post("dgt/book/register/student/create", json!({ "book_id": book, "contact_id": ana, "first_name": "Ana", "last_names": "Prueba", "document": "12345678Z", "licence": "B", "enrolled_on": "2026-09-01" }))
        .await);

    // One theory session at Jaén in two folders (the centre written two ways), a road exam and
    // a folder still without a date at Linares.
    let jaen = folder(&h, "theory", " Jefatura  de Jaén ", Some("2026-11-10"), &[(ana, Some("pass")), (luis, Some("fail")), (eva, Some("absent")), (mario, None)]).await;
    let jaen_more = folder(&h, "theory", "jefatura de jaén", Some("2026-11-10"), &[(pablo, Some("pass"))]).await;
    let road = folder(&h, "road", "Centro de Linares", Some("2026-11-20"), &[(ana, Some("pass"))]).await;
    let undated = folder(&h, "theory", "Centro de Linares", None, &[(luis, None)]).await;
    let centreless = id_of(&h.post("dgt/folder/create", json!({ "exam_kind": "theory", "licence": "B", "exam_date": "2026-11-25" })).await);

    // The centres, alphabetically, grouped however they were written; a folder without a centre
    // names none.
    let centres = ok(&h.get("dgt/center", &[]).await).clone();
    assert_eq!(
        centres,
        json!([
            { "name": "Centro de Linares", "folders": 2, "students": 2, "last_exam_date": "2026-11-20" },
            { "name": "Jefatura de Jaén", "folders": 2, "students": 5, "last_exam_date": "2026-11-10" },
        ])
    );

    // A centre's numbers by exam kind (its name as any folder writes it).
    let jaen_numbers = ok(&h.get("dgt/state_numbers", &[("center", "JEFATURA DE JAÉN")]).await).clone();
    assert_eq!(jaen_numbers["center"], "JEFATURA DE JAÉN");
    let kinds: Vec<(Value, Value)> = jaen_numbers["kinds"].as_array().unwrap().iter().map(|k| (k["exam_kind"].clone(), numbers(k))).collect();
    assert_eq!(
        kinds,
        [
            (json!("theory"), json!([5, 1, 2, 1, 1, 3, 6667])),
            (json!("closed_circuit"), json!([0, 0, 0, 0, 0, 0, null])),
            (json!("road"), json!([0, 0, 0, 0, 0, 0, null])),
        ]
    );
    // Every centre: the road pass and the undated pending student too.
    let all = ok(&h.get("dgt/state_numbers", &[]).await).clone();
    assert_eq!((all["center"].clone(), numbers(&all["total"])), (Value::Null, json!([7, 2, 3, 1, 1, 4, 7500])));
    assert_eq!(numbers(&ok(&h.get("dgt/state_numbers", &[("exam_kind", "road")]).await)["total"]), json!([1, 0, 1, 0, 0, 1, 10000]));

    // The sessions: undated first, then newest first; a session gathers its folders.
    let sessions = ok(&h.post("dgt/convocatoria", json!({})).await).clone();
    let items = sessions["items"].as_array().unwrap();
    let summary: Vec<Value> = items
        .iter()
        .map(|s| json!([s["exam_date"], s["exam_centre"], s["exam_kind"], s["licence"], s["folders"].as_array().unwrap().iter().map(|f| f["id"].clone()).collect::<Vec<_>>(), s["students"], s["pass_rate"]]))
        .collect();
    assert_eq!(
        summary,
        [
            json!([null, "Centro de Linares", "theory", "B", [undated], 1, null]),
            json!(["2026-11-25", "", "theory", "B", [centreless], 0, null]),
            json!(["2026-11-20", "Centro de Linares", "road", "B", [road], 1, 10000]),
            json!(["2026-11-10", "Jefatura de Jaén", "theory", "B", [jaen, jaen_more], 5, 6667]),
        ]
    );
    assert_eq!(numbers(&sessions["total"]), json!([7, 2, 3, 1, 1, 4, 7500]));
    assert_eq!(items[3]["folders"][0]["reference"], "EX-2026-0001");
    assert_eq!(items[3]["exam_kind_name"], "Teórico");

    // Filters: by centre, dates, kind and licence; bad ones are refused by field.
    let at_linares = ok(&h.post("dgt/convocatoria", json!({ "center": "centro de linares" })).await).clone();
    assert_eq!(at_linares["items"].as_array().unwrap().len(), 2);
    let later = ok(&h.post("dgt/convocatoria", json!({ "from": "2026-11-15", "to": "2026-11-30" })).await).clone();
    let dates: Vec<Value> = later["items"].as_array().unwrap().iter().map(|s| s["exam_date"].clone()).collect();
    assert_eq!(dates, [json!("2026-11-25"), json!("2026-11-20")]);
    assert_eq!(ok(&h.post("dgt/convocatoria", json!({ "licence": "a2" })).await)["items"], json!([]));
    assert_eq!(ok(&h.get("dgt/center", &[("from", "2026-11-15")]).await).as_array().unwrap().len(), 1);
    assert_eq!(fields(&h.post("dgt/convocatoria", json!({ "from": "2026-12-01", "to": "2026-11-01" })).await), ["to"]);
    assert_eq!(fields(&h.post("dgt/convocatoria", json!({ "from": "1/12/2026" })).await), ["from"]);
    assert_eq!(fields(&h.get("dgt/state_numbers", &[("licence", "Z")]).await), ["licence"]);
    assert_eq!(fields(&h.get("dgt/center", &[("exam_kind", "moto")]).await), ["exam_kind"]);
}
