//! The document manager, image uploads and storage plans, through the real API.

use std::io::Cursor;
use std::path::Path;

use lopdf::{dictionary, Document, Object, Stream};
use serde_json::{json, Value};

use crate::helpers::*;

/// A multipart call with text fields and, optionally, a file part named `file`.
pub async fn multipart(app: &TestApp, path: &str, token: &str, fields: &[(&str, &str)], file: Option<(&str, Vec<u8>)>) -> Value {
    let mut form = reqwest::multipart::Form::new();
    for (k, v) in fields {
        form = form.text(k.to_string(), v.to_string());
    }
    if let Some((name, bytes)) = file {
        form = form.part("file", reqwest::multipart::Part::bytes(bytes).file_name(name.to_string()));
    }
    let response = app
        .client
        .post(format!("{}/api/{path}", app.url))
        .header("Authorization", format!("Token {token}"))
        .multipart(form)
        .send()
        .await
        .expect("request");
    response.json().await.expect("JSON answer")
}

async fn upload(app: &TestApp, token: &str, folder_id: Option<i64>, name: &str, bytes: Vec<u8>) -> Value {
    let folder = folder_id.map(|id| id.to_string()).unwrap_or_default();
    multipart(app, "filesystem/file/upload", token, &[("folder_id", &folder)], Some((name, bytes))).await
}

/// GET with the token in the query, as `<img src>` and downloads do: (status, content type, body).
async fn read_raw(app: &TestApp, path: &str, query: &[(&str, &str)]) -> (u16, String, Vec<u8>) {
    let response = app.client.get(format!("{}/api/{path}", app.url)).query(query).send().await.unwrap();
    let status = response.status().as_u16();
    let content_type =
        response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    (status, content_type, response.bytes().await.unwrap().to_vec())
}

fn objects_in(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    entries
        .filter_map(|e| e.ok())
        .map(|e| if e.path().is_dir() { objects_in(&e.path()) } else { 1 })
        .sum()
}

/// Objects in the local store (staging files of aborted uploads included).
fn objects(app: &TestApp) -> usize {
    objects_in(&app.state.config.data_dir.join("files"))
}

async fn used(app: &TestApp, business_id: i64) -> i64 {
    let (n,): (i64,) = sqlx::query_as("SELECT storage_used FROM business WHERE business_id = $1")
        .bind(business_id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    n
}

fn png(width: u32, height: u32) -> Vec<u8> {
    let image = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x * 7) as u8, (y * 11) as u8, 128]));
    let mut out = Vec::new();
    image::DynamicImage::ImageRgb8(image).write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png).unwrap();
    out
}

fn names(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|v| v["name"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn upload_list_read_rename_move_delete_round_trip() {
    let app = TestApp::spawn().await;
    let director = app.director().await;
    let school = app.demo.school_business_id;
    let data = app.get("filesystem/data", Some(&director), &[]).await;
    let data = assert_ok(&data);
    assert_eq!(data["storage"]["used"], 0);
    assert_eq!(data["storage"]["quota"], 1024 * 1024 * 1024);
    assert_eq!(data["files"], json!([]));

    let folder = app.post("filesystem/folder/create", Some(&director), json!({ "name": "Contratos" })).await;
    let folder_id = assert_ok(&folder)["folder_id"].as_i64().unwrap();
    let sub = app.post("filesystem/folder/create", Some(&director), json!({ "name": "2026", "parent_id": folder_id })).await;
    let sub_id = assert_ok(&sub)["folder_id"].as_i64().unwrap();

    // 12 MiB: more than two 5 MiB parts, so the streamed multipart path is exercised.
    let big: Vec<u8> = (0..12 * 1024 * 1024u32).map(|i| (i % 251) as u8).collect();
    let answer = upload(&app, &director, Some(folder_id), "Contrato Peña.txt", big.clone()).await;
    let file = assert_ok(&answer)["file"].clone();
    let file_id = file["file_id"].as_i64().unwrap();
    assert_eq!(file["size"], big.len());
    assert_eq!(file["content_type"], "text/plain");
    assert_eq!(used(&app, school).await, big.len() as i64);
    assert_eq!(objects(&app), 1);

    let listing = app.get("filesystem/folder/read", Some(&director), &[("folder_id", &folder_id.to_string())]).await;
    let listing = assert_ok(&listing);
    assert_eq!(names(&listing["files"]), vec!["Contrato Peña.txt"]);
    assert_eq!(names(&listing["folders"]), vec!["2026"]);
    assert_eq!(listing["path"][0]["name"], "Contratos");

    // Read by id and by handle, with the token in the query.
    let (status, content_type, body) = read_raw(
        &app,
        "filesystem/file/read",
        &[("file_id", &file_id.to_string()), ("token", &director)],
    )
    .await;
    assert_eq!((status, content_type.as_str()), (200, "text/plain"));
    assert!(body == big, "content read back differs");
    let handle = file["handle"].as_str().unwrap();
    let (_, _, body) = read_raw(&app, &format!("filesystem/file/read/{handle}"), &[("token", &director)]).await;
    assert_eq!(body.len(), big.len());
    let anonymous = app.get(&format!("filesystem/file/read/{handle}"), None, &[]).await;
    assert_eq!(error_code(&anonymous), "SESSION-000");

    // Search ignores case and accents.
    let found = app.get("filesystem/search", Some(&director), &[("search", "  contrato pena ")]).await;
    let found = assert_ok(&found);
    assert_eq!(names(&found["files"]), vec!["Contrato Peña.txt"]);
    assert_eq!(found["files"][0]["path"], "Contratos");
    let found = app.get("filesystem/search", Some(&director), &[("search", "CONTRÁTOS")]).await;
    assert_eq!(names(&assert_ok(&found)["folders"]), vec!["Contratos"]);
    let short = app.get("filesystem/search", Some(&director), &[("search", "c")]).await;
    assert_eq!(error_code(&short), "REQ-102");

    // Rename; a taken name is FILE-003.
    let renamed = app.post("filesystem/file/rename", Some(&director), json!({ "file_id": file_id, "name": "Acuerdo.pdf" })).await;
    assert_eq!(assert_ok(&renamed)["content_type"], "application/pdf");
    let other = upload(&app, &director, Some(folder_id), "otro.txt", b"otro".to_vec()).await;
    let other_id = assert_ok(&other)["file"]["file_id"].as_i64().unwrap();
    let taken = app.post("filesystem/file/rename", Some(&director), json!({ "file_id": other_id, "name": "Acuerdo.pdf" })).await;
    assert_eq!(error_code(&taken), "FILE-003");
    let again = upload(&app, &director, Some(folder_id), "otro.txt", b"otro2".to_vec()).await;
    assert_eq!(error_code(&again), "FILE-003");
    assert_eq!(objects(&app), 2, "the refused duplicate left no object behind");

    // Move to the sub-folder and to the root; a folder never into itself or below.
    let moved = app.post("filesystem/file/move", Some(&director), json!({ "file_id": file_id, "folder_id": sub_id })).await;
    assert_eq!(assert_ok(&moved)["files"][0]["folder_id"], sub_id);
    let moved = app.post("filesystem/file/move", Some(&director), json!({ "file_ids": [file_id], "folder_id": null })).await;
    assert_eq!(assert_ok(&moved)["files"][0]["folder_id"], Value::Null);
    let root = app.get("filesystem/data", Some(&director), &[]).await;
    assert_eq!(names(&assert_ok(&root)["files"]), vec!["Acuerdo.pdf"]);
    let cycle = app.post("filesystem/folder/move", Some(&director), json!({ "folder_id": folder_id, "parent_id": sub_id })).await;
    assert_eq!(error_code(&cycle), "CONFLICT-000");
    let cycle = app.post("filesystem/folder/move", Some(&director), json!({ "folder_id": folder_id, "parent_id": folder_id })).await;
    assert_eq!(error_code(&cycle), "CONFLICT-000");
    let renamed = app.post("filesystem/folder/rename", Some(&director), json!({ "folder_id": sub_id, "name": "Año 2026" })).await;
    assert_eq!(assert_ok(&renamed)["name"], "Año 2026");
    let moved = app.post("filesystem/folder/move", Some(&director), json!({ "folder_id": sub_id, "parent_id": null })).await;
    assert_eq!(assert_ok(&moved)["parent_id"], Value::Null);

    // Delete a file, then a folder with its contents.
    let deleted = app.post("filesystem/file/delete", Some(&director), json!({ "file_id": file_id })).await;
    assert_ok(&deleted);
    assert_eq!(used(&app, school).await, 4);
    assert_eq!(objects(&app), 1);
    let gone = app.get("filesystem/file/read", Some(&director), &[("file_id", &file_id.to_string())]).await;
    assert_eq!(error_code(&gone), "NOT-FOUND-000");
    let deleted = app.post("filesystem/folder/delete", Some(&director), json!({ "folder_id": folder_id })).await;
    assert_eq!(assert_ok(&deleted)["deleted_files"], 1);
    assert_eq!(used(&app, school).await, 0);
    assert_eq!(objects(&app), 0);
    assert_eq!(app.count("SELECT COUNT(*) FROM file").await, 0);
    let folders = app.count("SELECT COUNT(*) FROM folder").await;
    assert_eq!(folders, 1, "only the moved sub-folder is left");

    // Every change is in the audit log.
    let audited = app
        .count("SELECT COUNT(*) FROM audit_log WHERE action IN ('file.upload', 'file.rename', 'file.move', 'file.delete', 'folder.create', 'folder.rename', 'folder.move', 'folder.delete')")
        .await;
    assert_eq!(audited, 11);
}

#[tokio::test]
async fn oversized_and_empty_uploads_change_nothing() {
    const LIMIT: usize = 6 * 1024 * 1024;
    let app = TestApp::spawn_with(|config| config.storage.max_upload_bytes = LIMIT as u64).await;
    let director = app.director().await;
    let configure = app.get("filesystem/configure", Some(&director), &[]).await;
    assert_eq!(assert_ok(&configure)["max_upload_bytes"], LIMIT);
    let audit = app.count("SELECT COUNT(*) FROM audit_log").await;

    // Past the limit after a 5 MiB part was already written: the partial upload is aborted.
    let answer = upload(&app, &director, None, "grande.bin", vec![7u8; LIMIT + 1024 * 1024]).await;
    assert_eq!(error_code(&answer), "FILE-001");
    assert!(answer["error"].is_array(), "uploads answer a list of errors: {answer}");
    assert_eq!(answer["error"][0]["data"]["max_bytes"], LIMIT);
    let answer = upload(&app, &director, None, "vacio.txt", vec![]).await;
    assert_eq!(error_code(&answer), "FILE-004");
    assert_eq!(answer["error"][0]["details"], "No se ha subido ningún archivo");
    let answer = multipart(&app, "filesystem/file/upload", &director, &[("folder_id", "")], None).await;
    assert_eq!(error_code(&answer), "FILE-004");
    let answer = multipart(&app, "image/upload", &director, &[], Some(("foto.png", vec![1u8; LIMIT + 1]))).await;
    assert_eq!(error_code(&answer), "FILE-001");

    assert_eq!(app.count("SELECT COUNT(*) FROM file").await, 0);
    assert_eq!(used(&app, app.demo.school_business_id).await, 0);
    assert_eq!(objects(&app), 0, "no partial object is left behind");
    assert_eq!(app.count("SELECT COUNT(*) FROM audit_log").await, audit);
    // Exactly the limit is fine.
    let answer = upload(&app, &director, None, "justo.bin", vec![1u8; LIMIT]).await;
    assert_eq!(assert_ok(&answer)["file"]["size"], LIMIT);
    assert_eq!(objects(&app), 1);
}

#[tokio::test]
async fn quota_exceeded_is_size_100_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let provider = app.provider().await;
    let director = app.director().await;
    let school = app.demo.school_business_id;

    let refused = app.get("business/filesystem/plan", Some(&director), &[("business_id", &school.to_string())]).await;
    assert_eq!(error_code(&refused), "PERMISSION-000");
    let refused = app
        .post("business/filesystem/plan/update", Some(&director), json!({ "business_id": school, "plan": "premium" }))
        .await;
    assert_eq!(error_code(&refused), "PERMISSION-000");
    let plan = app.get("business/filesystem/plan", Some(&provider), &[("business_id", &school.to_string())]).await;
    assert_eq!(assert_ok(&plan)["plan"], "basic");
    let custom = app
        .post("business/filesystem/plan/update", Some(&provider), json!({ "business_id": school, "plan": "custom" }))
        .await;
    assert_eq!(error_code(&custom), "REQ-102");
    let updated = app
        .post(
            "business/filesystem/plan/update",
            Some(&provider),
            json!({ "business_id": school, "plan": "custom", "quota_bytes": 100 }),
        )
        .await;
    assert_eq!(assert_ok(&updated)["quota_bytes"], 100);

    assert_ok(&upload(&app, &director, None, "a.txt", vec![b'a'; 60]).await);
    let audit = app.count("SELECT COUNT(*) FROM audit_log").await;
    let answer = upload(&app, &director, None, "b.txt", vec![b'b'; 60]).await;
    assert_eq!(error_code(&answer), "size-100");
    assert!(answer["error"][0]["details"].as_str().unwrap().contains("servicio técnico"), "{answer}");
    let answer = multipart(&app, "image/upload", &director, &[], Some(("foto.png", png(30, 30)))).await;
    assert_eq!(error_code(&answer), "size-100");

    assert_eq!(app.count("SELECT COUNT(*) FROM file").await, 1);
    assert_eq!(used(&app, school).await, 60);
    assert_eq!(objects(&app), 1);
    assert_eq!(app.count("SELECT COUNT(*) FROM audit_log").await, audit);
    let data = app.get("filesystem/data", Some(&director), &[]).await;
    assert_eq!(assert_ok(&data)["storage"]["free"], 40);

    let status = app.get("filesystem/status", Some(&provider), &[]).await;
    assert_eq!(assert_ok(&status)["used_bytes"], 60);
    let status = app.get("filesystem/status", Some(&director), &[]).await;
    assert_eq!(error_code(&status), "PERMISSION-000");
}

#[tokio::test]
async fn names_with_traversal_or_control_characters_are_refused() {
    let app = TestApp::spawn().await;
    let director = app.director().await;
    // As the multipart file name, and as the `name` field that overrides it.
    for bad in ["../../etc/passwd", "..", "a/b", "a\\b"] {
        let answer = upload(&app, &director, None, bad, b"x".to_vec()).await;
        assert_eq!(error_code(&answer), "FILE-002", "{bad:?}: {answer}");
    }
    for bad in ["../../etc/passwd", "..", "a/b", "a\\b", "con\u{7}trol"] {
        let answer =
            multipart(&app, "filesystem/file/upload", &director, &[("name", bad)], Some(("bien.txt", b"x".to_vec()))).await;
        assert_eq!(error_code(&answer), "FILE-002", "{bad:?}: {answer}");
        let answer = app.post("filesystem/folder/create", Some(&director), json!({ "name": bad })).await;
        assert_eq!(error_code(&answer), "FILE-002", "{bad:?}: {answer}");
    }
    let long = "a".repeat(256);
    let answer = app.post("filesystem/folder/create", Some(&director), json!({ "name": long })).await;
    assert_eq!(error_code(&answer), "FILE-002");
    let answer = upload(&app, &director, None, "bien.txt", b"x".to_vec()).await;
    let file_id = assert_ok(&answer)["file"]["file_id"].as_i64().unwrap();
    let answer = app.post("filesystem/file/rename", Some(&director), json!({ "file_id": file_id, "name": "../x" })).await;
    assert_eq!(error_code(&answer), "FILE-002");
    let answer = multipart(&app, "image/upload", &director, &[("folder", "../etc")], Some(("f.png", png(4, 4)))).await;
    assert_eq!(error_code(&answer), "FILE-002");
    assert_eq!(app.count("SELECT COUNT(*) FROM file").await, 1);
    assert_eq!(app.count("SELECT COUNT(*) FROM folder").await, 0);
    assert_eq!(objects(&app), 1);
}

#[tokio::test]
async fn another_business_cannot_read_list_or_change_your_files() {
    let app = TestApp::spawn().await;
    let director = app.director().await;
    let (rival, rival_id) = app.second_business().await;
    let folder = app.post("filesystem/folder/create", Some(&director), json!({ "name": "Secreto Demo" })).await;
    let folder_id = assert_ok(&folder)["folder_id"].as_i64().unwrap();
    let answer = upload(&app, &director, Some(folder_id), "secreto-demo.txt", b"solo para la demo".to_vec()).await;
    let file = assert_ok(&answer)["file"].clone();
    let file_id = file["file_id"].as_i64().unwrap();
    let id = file_id.to_string();
    let handle = file["handle"].as_str().unwrap().to_string();
    let rival_folder = app.post("filesystem/folder/create", Some(&rival), json!({ "name": "Zeta" })).await;
    let rival_folder_id = assert_ok(&rival_folder)["folder_id"].as_i64().unwrap();

    let leaks = |answer: &Value| answer.to_string().contains("ecreto");
    for (path, query) in [
        ("filesystem/data", vec![]),
        ("filesystem/search", vec![("search", "secr".to_string())]),
        ("filesystem/folder/read", vec![("folder_id", folder_id.to_string())]),
        ("filesystem/file/read", vec![("file_id", id.clone())]),
        ("filesystem/file/read", vec![("file_id", id.clone()), ("pdf_count", "1".into())]),
        ("filesystem/file/read", vec![("name", handle.clone())]),
        (&format!("filesystem/file/read/{handle}") as &str, vec![]),
    ] {
        let query: Vec<(&str, &str)> = query.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let answer = app.get(path, Some(&rival), &query).await;
        assert!(!leaks(&answer), "GET {path} {query:?} leaked: {answer}");
        if path != "filesystem/data" && path != "filesystem/search" {
            assert_eq!(error_code(&answer), "NOT-FOUND-000", "GET {path} {query:?}");
        }
    }
    let before = app.count("SELECT COUNT(*) FROM audit_log").await;
    for (path, body) in [
        ("filesystem/file/rename", json!({ "file_id": file_id, "name": "robado.txt" })),
        ("filesystem/file/move", json!({ "file_id": file_id, "folder_id": rival_folder_id })),
        ("filesystem/file/delete", json!({ "file_id": file_id })),
        ("filesystem/folder/rename", json!({ "folder_id": folder_id, "name": "Robada" })),
        ("filesystem/folder/move", json!({ "folder_id": folder_id, "parent_id": rival_folder_id })),
        ("filesystem/folder/delete", json!({ "folder_id": folder_id })),
        ("filesystem/folder/create", json!({ "name": "Intrusa", "parent_id": folder_id })),
        ("filesystem/layout/fill", json!({ "file_id": file_id, "values": {} })),
    ] {
        let answer = app.post(path, Some(&rival), body.clone()).await;
        assert_eq!(error_code(&answer), "NOT-FOUND-000", "POST {path} {body}: {answer}");
    }
    // Nor can the owner reach into the rival's folder.
    let answer = app.post("filesystem/file/move", Some(&director), json!({ "file_id": file_id, "folder_id": rival_folder_id })).await;
    assert_eq!(error_code(&answer), "NOT-FOUND-000");
    let answer = upload(&app, &rival, Some(folder_id), "intrusa.txt", b"x".to_vec()).await;
    assert_eq!(error_code(&answer), "NOT-FOUND-000");
    assert_eq!(app.count("SELECT COUNT(*) FROM audit_log").await, before, "nothing changed");
    assert_eq!(objects(&app), 1);
    assert_eq!(used(&app, rival_id).await, 0);
    let (name, folder): (String, Option<i64>) = sqlx::query_as("SELECT name, folder_id FROM file WHERE file_id = $1")
        .bind(file_id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!((name.as_str(), folder), ("secreto-demo.txt", Some(folder_id)));
    let (_, _, body) = read_raw(&app, "filesystem/file/read", &[("file_id", &id), ("token", &director)]).await;
    assert_eq!(body, b"solo para la demo");
}

#[tokio::test]
async fn private_folders_are_seen_only_by_their_owners() {
    let app = TestApp::spawn().await;
    let director = app.director().await;
    let (teacher_id, teacher_role): (i64, i64) =
        sqlx::query_as("SELECT user_id, role_id FROM app_user WHERE email = $1")
            .bind(volante_host::demo::TEACHER)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    let payroll = app.post("filesystem/folder/create", Some(&director), json!({ "name": "Nóminas", "private": true })).await;
    let payroll = assert_ok(&payroll).clone();
    let payroll_id = payroll["folder_id"].as_i64().unwrap();
    assert_eq!(payroll["private"], true);
    assert_eq!(payroll["owner_users"].as_array().unwrap().len(), 1, "the creator owns it: {payroll}");
    let teachers = app
        .post(
            "filesystem/folder/create",
            Some(&director),
            json!({ "name": "Profesores", "private": true, "owner_roles": [teacher_role] }),
        )
        .await;
    let teachers_id = assert_ok(&teachers)["folder_id"].as_i64().unwrap();
    let inner = app.post("filesystem/folder/create", Some(&director), json!({ "name": "Interior", "parent_id": payroll_id })).await;
    let inner_id = assert_ok(&inner)["folder_id"].as_i64().unwrap();
    let answer = upload(&app, &director, Some(inner_id), "nomina-enero.pdf", b"%PDF-1.4 nomina".to_vec()).await;
    let payslip = assert_ok(&answer)["file"].clone();
    let payslip_id = payslip["file_id"].as_i64().unwrap().to_string();

    // The teacher has no document-manager permission yet.
    let teacher = app.teacher().await;
    let answer = app.get("filesystem/data", Some(&teacher), &[]).await;
    assert_eq!(error_code(&answer), "PERMISSION-000");
    let granted = app
        .post("user/role/permission/update", Some(&director), json!({ "user_id": teacher_id, "permissions": ["filesystem"] }))
        .await;
    assert_ok(&granted);

    let data = app.get("filesystem/data", Some(&teacher), &[]).await;
    assert_eq!(names(&assert_ok(&data)["folders"]), vec!["Profesores"]);
    let data = app.get("filesystem/data", Some(&director), &[]).await;
    assert_eq!(names(&assert_ok(&data)["folders"]), vec!["Nóminas", "Profesores"]);
    for (path, query) in [
        ("filesystem/folder/read", vec![("folder_id", payroll_id.to_string())]),
        ("filesystem/folder/read", vec![("folder_id", inner_id.to_string())]),
        ("filesystem/file/read", vec![("file_id", payslip_id.clone())]),
        (&format!("filesystem/file/read/{}", payslip["handle"].as_str().unwrap()) as &str, vec![]),
    ] {
        let query: Vec<(&str, &str)> = query.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let answer = app.get(path, Some(&teacher), &query).await;
        assert_eq!(error_code(&answer), "NOT-FOUND-000", "GET {path} {query:?}: {answer}");
    }
    let found = app.get("filesystem/search", Some(&teacher), &[("search", "nomina")]).await;
    let found = assert_ok(&found);
    assert_eq!((found["files"].as_array().unwrap().len(), found["folders"].as_array().unwrap().len()), (0, 0));
    let found = app.get("filesystem/search", Some(&director), &[("search", "nomina")]).await;
    assert_eq!(assert_ok(&found)["files"].as_array().unwrap().len(), 1);
    let answer = upload(&app, &teacher, Some(payroll_id), "intruso.txt", b"x".to_vec()).await;
    assert_eq!(error_code(&answer), "NOT-FOUND-000");
    let answer = app.post("filesystem/folder/delete", Some(&teacher), json!({ "folder_id": payroll_id })).await;
    assert_eq!(error_code(&answer), "NOT-FOUND-000");

    // The teacher's role owns "Profesores": listing and uploading there work.
    let answer = upload(&app, &teacher, Some(teachers_id), "horario.txt", b"lunes".to_vec()).await;
    assert_ok(&answer);
    let listing = app.get("filesystem/folder/read", Some(&teacher), &[("folder_id", &teachers_id.to_string())]).await;
    assert_eq!(names(&assert_ok(&listing)["files"]), vec!["horario.txt"]);

    // Making "Nóminas" public to the teacher by owner user.
    let shared = app
        .post(
            "filesystem/folder/rename",
            Some(&director),
            json!({ "folder_id": payroll_id, "name": "Nóminas", "owner_users": [teacher_id] }),
        )
        .await;
    assert_ok(&shared);
    let listing = app.get("filesystem/folder/read", Some(&teacher), &[("folder_id", &inner_id.to_string())]).await;
    assert_eq!(names(&assert_ok(&listing)["files"]), vec!["nomina-enero.pdf"]);
}

#[tokio::test]
async fn image_upload_stores_resizes_and_checks_the_expected_size() {
    let app = TestApp::spawn().await;
    let director = app.director().await;
    let answer = multipart(
        &app,
        "image/upload",
        &director,
        &[("name", "logo"), ("resizes", r#"[{"width":10,"height":10},"20x-1"]"#), ("width", "40"), ("height", "-1")],
        Some(("subida.png", png(40, 20))),
    )
    .await;
    let data = assert_ok(&answer).clone();
    assert_eq!((data["width"].as_i64(), data["height"].as_i64()), (Some(40), Some(20)));
    assert_eq!(data["name"], "logo.png");
    assert_eq!(data["public"], false);
    let resizes = data["resizes"].as_array().unwrap();
    assert_eq!(resizes.len(), 2);
    assert_eq!((resizes[0]["width"].as_i64(), resizes[0]["height"].as_i64()), (Some(10), Some(10)));
    assert_eq!((resizes[1]["width"].as_i64(), resizes[1]["height"].as_i64()), (Some(20), Some(10)));
    assert_eq!(resizes[0]["name"], "logo-10x10.png");
    // The default folder is `tmp`.
    let (tmp,): (String,) = sqlx::query_as("SELECT name FROM folder WHERE folder_id = $1")
        .bind(data["folder_id"].as_i64().unwrap())
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(tmp, "tmp");
    let url = resizes[0]["url"].as_str().unwrap().trim_start_matches("/api/").to_string();
    let (status, content_type, body) = read_raw(&app, &url, &[("token", &director)]).await;
    assert_eq!((status, content_type.as_str()), (200, "image/png"));
    let thumb = image::load_from_memory(&body).unwrap();
    assert_eq!((thumb.width(), thumb.height()), (10, 10));
    assert_eq!(app.count("SELECT COUNT(*) FROM file").await, 3);
    assert_eq!(objects(&app), 3);

    // A second upload with the same name gets a free one.
    let again = multipart(&app, "image/upload", &director, &[("name", "logo.png")], Some(("x.png", png(8, 8)))).await;
    assert_eq!(assert_ok(&again)["name"], "logo (2).png");

    // The expected size must match exactly: FILESIZE with the expected size; nothing stored.
    let before = (app.count("SELECT COUNT(*) FROM file").await, objects(&app));
    let answer = multipart(&app, "image/upload", &director, &[("width", "40"), ("height", "30")], Some(("a.png", png(40, 20)))).await;
    assert_eq!(error_code(&answer), "FILESIZE");
    assert_eq!(answer["error"][0]["data"]["width"], 40);
    assert_eq!(answer["error"][0]["data"]["height"], 30);
    // Only PNG and JPEG, judged by content, not by name.
    let answer = multipart(&app, "image/upload", &director, &[], Some(("falsa.png", b"GIF89a not really".to_vec()))).await;
    assert_eq!(error_code(&answer), "FILE-005");
    let answer = multipart(&app, "image/upload", &director, &[("resizes", "banana")], Some(("a.png", png(4, 4)))).await;
    assert_eq!(error_code(&answer), "REQ-102");
    assert_eq!((app.count("SELECT COUNT(*) FROM file").await, objects(&app)), before);

    // A JPEG, public, in a nested folder: readable without a session.
    let mut jpeg = Vec::new();
    image::DynamicImage::ImageRgb8(image::RgbImage::new(16, 8))
        .write_to(&mut Cursor::new(&mut jpeg), image::ImageFormat::Jpeg)
        .unwrap();
    let answer = multipart(
        &app,
        "image/upload",
        &director,
        &[("public", "true"), ("folder", "web/productos"), ("resizes", "8x8")],
        Some(("coche.jpeg", jpeg)),
    )
    .await;
    let data = assert_ok(&answer).clone();
    assert_eq!(data["content_type"], "image/jpeg");
    let url = data["url"].as_str().unwrap().trim_start_matches("/api/").to_string();
    let (status, content_type, _) = read_raw(&app, &url, &[]).await;
    assert_eq!((status, content_type.as_str()), (200, "image/jpeg"));
    let listing = app.get("filesystem/search", Some(&director), &[("search", "coche")]).await;
    assert_eq!(assert_ok(&listing)["files"][0]["path"], "web/productos");
}

/// A PDF with `pages` pages, a 2×2 RGB image (FlateDecode) and a 1×1 JPEG (DCTDecode) on the
/// first, and a text field `alumno`.
fn sample_pdf(pages: usize) -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let mut flate = Stream::new(
        dictionary! { "Type" => "XObject", "Subtype" => "Image", "Width" => 2, "Height" => 2,
            "ColorSpace" => "DeviceRGB", "BitsPerComponent" => 8 },
        vec![255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255],
    );
    flate.compress().unwrap();
    let rgb = doc.add_object(flate);
    let mut jpeg = Vec::new();
    image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(1, 1, image::Rgb([200, 10, 10])))
        .write_to(&mut Cursor::new(&mut jpeg), image::ImageFormat::Jpeg)
        .unwrap();
    let dct = doc.add_object(Stream::new(
        dictionary! { "Type" => "XObject", "Subtype" => "Image", "Width" => 1, "Height" => 1,
            "ColorSpace" => "DeviceRGB", "BitsPerComponent" => 8, "Filter" => "DCTDecode" },
        jpeg,
    ));
    let field = doc.add_object(dictionary! {
        "Type" => "Annot", "Subtype" => "Widget", "FT" => "Tx", "T" => Object::string_literal("alumno"),
        "Rect" => vec![50.into(), 700.into(), 300.into(), 720.into()],
    });
    let mut kids = Vec::new();
    for n in 0..pages {
        let content = doc.add_object(Stream::new(dictionary! {}, b"q 100 0 0 100 0 0 cm /Im1 Do Q".to_vec()));
        let mut page = dictionary! {
            "Type" => "Page", "Parent" => pages_id, "Contents" => content,
            "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
        };
        if n == 0 {
            page.set("Resources", dictionary! { "XObject" => dictionary! { "Im1" => rgb, "Im2" => dct } });
            page.set("Annots", vec![Object::Reference(field)]);
        }
        kids.push(Object::Reference(doc.add_object(page)));
    }
    doc.objects.insert(pages_id, Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => kids, "Count" => pages as i64 }));
    let form = doc.add_object(dictionary! { "Fields" => vec![Object::Reference(field)] });
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id, "AcroForm" => form });
    doc.trailer.set("Root", catalog);
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

#[tokio::test]
async fn pdf_page_count_image_extraction_and_form_filling() {
    let app = TestApp::spawn().await;
    let director = app.director().await;
    let pdf = sample_pdf(3);
    let answer = upload(&app, &director, None, "matrícula.pdf", pdf.clone()).await;
    let file = assert_ok(&answer)["file"].clone();
    let file_id = file["file_id"].as_i64().unwrap().to_string();
    let handle = file["handle"].as_str().unwrap().to_string();

    let count = app.get("filesystem/file/read", Some(&director), &[("file_id", &file_id), ("pdf_count", "1")]).await;
    assert_eq!(assert_ok(&count)["pages"], 3);
    let count = app.get("filesystem/file/read", None, &[("name", &handle), ("token", &director), ("pdf_count", "1")]).await;
    assert_eq!(assert_ok(&count)["pages"], 3);
    let text = upload(&app, &director, None, "nota.txt", b"hola".to_vec()).await;
    let text_id = assert_ok(&text)["file"]["file_id"].as_i64().unwrap().to_string();
    let count = app.get("filesystem/file/read", Some(&director), &[("file_id", &text_id), ("pdf_count", "1")]).await;
    assert_eq!(error_code(&count), "FILE-005");

    // Extraction: the JPEG as it is, the RGB samples as PNG, in a new folder.
    let answer = multipart(&app, "filesystem/file/pdf/extract/images", &director, &[], Some(("matrícula.pdf", pdf.clone()))).await;
    let data = assert_ok(&answer).clone();
    assert_eq!(data["folder"]["name"], "Imágenes de matrícula");
    let files = data["files"].as_array().unwrap();
    assert_eq!(files.len(), 2, "{data}");
    let mut types: Vec<&str> = files.iter().map(|f| f["content_type"].as_str().unwrap()).collect();
    types.sort();
    assert_eq!(types, vec!["image/jpeg", "image/png"]);
    let png_file = files.iter().find(|f| f["content_type"] == "image/png").unwrap();
    let (_, _, body) =
        read_raw(&app, "filesystem/file/read", &[("file_id", &png_file["file_id"].to_string()), ("token", &director)]).await;
    let decoded = image::load_from_memory(&body).unwrap().to_rgb8();
    assert_eq!((decoded.width(), decoded.height(), decoded.get_pixel(0, 0).0), (2, 2, [255, 0, 0]));
    let not_pdf = multipart(&app, "filesystem/file/pdf/extract/images", &director, &[], Some(("x.pdf", b"hola".to_vec()))).await;
    assert_eq!(error_code(&not_pdf), "FILE-005");

    // Filling the layout's form: a PDF comes back, not the envelope.
    let response = app
        .client
        .post(format!("{}/api/filesystem/layout/fill", app.url))
        .header("Authorization", format!("Token {director}"))
        .json(&json!({ "file_id": file_id.parse::<i64>().unwrap(), "values": { "alumno": "Lucía Núñez", "nada": 1 } }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["content-type"], "application/pdf");
    assert_eq!(response.headers()["x-unknown-fields"], "nada");
    let filled = response.bytes().await.unwrap();
    let doc = Document::load_mem(&filled).unwrap();
    let value = doc
        .objects
        .values()
        .filter_map(|o| o.as_dict().ok())
        .find_map(|d| d.get(b"V").ok().and_then(|v| v.as_str().ok()).map(<[u8]>::to_vec))
        .expect("a filled value");
    let units: Vec<u16> = value[2..].chunks(2).map(|c| u16::from_be_bytes([c[0], c[1]])).collect();
    assert_eq!(String::from_utf16(&units).unwrap(), "Lucía Núñez");
    let missing = app.post("filesystem/layout/fill", Some(&director), json!({ "file_id": 999_999, "values": {} })).await;
    assert_eq!(error_code(&missing), "NOT-FOUND-000");
}

/// An S3-compatible object store on loopback (moto's server), with one bucket; stopped on drop.
struct S3Peer {
    child: std::process::Child,
    endpoint: String,
    bucket: String,
}

impl S3Peer {
    async fn start() -> S3Peer {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = std::process::Command::new("python3")
            .args(["-m", "moto.server", "-H", "127.0.0.1", "-p", &port.to_string()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("start moto's S3 server (pip install 'moto[server]')");
        let endpoint = format!("http://127.0.0.1:{port}");
        let bucket = "volante-files".to_string();
        let client = reqwest::Client::new();
        for attempt in 0.. {
            match client.put(format!("{endpoint}/{bucket}")).send().await {
                Ok(answer) => {
                    assert!(answer.status().is_success(), "creating the bucket: {}", answer.status());
                    break;
                }
                Err(_) if attempt < 200 => tokio::time::sleep(std::time::Duration::from_millis(50)).await,
                Err(err) => panic!("moto's S3 server did not start: {err}"),
            }
        }
        S3Peer { child, endpoint, bucket }
    }

    /// The keys of the bucket's objects.
    async fn keys(&self) -> Vec<String> {
        let listing = reqwest::get(format!("{}/{}?list-type=2", self.endpoint, self.bucket)).await.unwrap().text().await.unwrap();
        listing.split("<Key>").skip(1).map(|k| k.split("</Key>").next().unwrap().to_string()).collect()
    }
}

impl Drop for S3Peer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test]
async fn files_round_trip_through_s3_compatible_storage() {
    let s3 = S3Peer::start().await;
    let app = TestApp::spawn_with(|config| {
        config.storage.backend = "s3".into();
        config.storage.s3_bucket = Some(s3.bucket.clone());
        config.storage.s3_endpoint = Some(s3.endpoint.clone());
        config.storage.s3_region = Some("eu-south-2".into());
        config.storage.s3_access_key_id = Some("volante".into());
        config.storage.s3_secret_access_key = Some("volante-secret".to_string().into());
    })
    .await;
    let director = app.director().await;
    let school = app.demo.school_business_id;

    // 12 MiB (a multipart upload of three parts) and a small file, read back byte for byte.
    let big: Vec<u8> = (0..12 * 1024 * 1024u32).map(|i| (i % 251) as u8).collect();
    let answer = upload(&app, &director, None, "Contrato.txt", big.clone()).await;
    let big_id = assert_ok(&answer)["file"]["file_id"].as_i64().unwrap();
    let answer = upload(&app, &director, None, "nota.txt", b"hola".to_vec()).await;
    let small_id = assert_ok(&answer)["file"]["file_id"].as_i64().unwrap();
    assert_eq!(s3.keys().await.len(), 2, "{:?}", s3.keys().await);
    assert!(s3.keys().await.iter().all(|k| k.contains(&school.to_string())), "objects are kept under the business: {:?}", s3.keys().await);
    assert_eq!(used(&app, school).await, big.len() as i64 + 4);
    let (status, _, body) = read_raw(&app, "filesystem/file/read", &[("file_id", &big_id.to_string()), ("token", &director)]).await;
    assert_eq!(status, 200);
    assert!(body == big, "the big file read back from S3 differs");
    let (_, _, body) = read_raw(&app, "filesystem/file/read", &[("file_id", &small_id.to_string()), ("token", &director)]).await;
    assert_eq!(body, b"hola");

    // A refused upload (a taken name) leaves no object in the bucket.
    let again = upload(&app, &director, None, "nota.txt", b"otra".to_vec()).await;
    assert_eq!(error_code(&again), "FILE-003");
    assert_eq!(s3.keys().await.len(), 2);

    // Deleting removes the object.
    let deleted = app.post("filesystem/file/delete", Some(&director), json!({ "file_id": big_id })).await;
    assert_ok(&deleted);
    assert_eq!(s3.keys().await.len(), 1);
    assert_eq!(used(&app, school).await, 4);
}
