//! The temary plugin in the real runtime against a real database, on both engines
//! (`VOLANTE_TEST_DATABASE_URL`): a syllabus's themes, subthemes and sections kept in order as
//! they are added, moved and deleted; the copy; the checks that refuse bad input and change
//! nothing; the permission and the business boundary.

use serde_json::{json, Value};
use volante_plugin_harness::{code, fields, ok, Harness};

/// `(position, title)` of a list of records.
fn order(list: &Value) -> Vec<(i64, String)> {
    list.as_array().unwrap().iter().map(|i| (i["position"].as_i64().unwrap(), i["title"].as_str().unwrap().to_string())).collect()
}

fn titles(list: &Value) -> Vec<String> {
    order(list).into_iter().map(|(_, t)| t).collect()
}

fn id(answer: &Value) -> i64 {
    ok(answer)["id"].as_i64().unwrap()
}

/// How many files the business's document manager holds.
async fn files_stored(h: &Harness) -> usize {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM file WHERE business_id = $1").bind(h.business_id).fetch_one(&h.state.db.pool).await.unwrap();
    n as usize
}

#[tokio::test]
async fn a_subtheme_s_sheets_and_videos_are_uploaded_files() {
    let h = Harness::start("plugins/temary").await.unwrap();
    let temary = id(&h.post("temary/create", json!({ "name": "Permiso B" })).await);
    let theme = id(&h.post("temary/theme/create", json!({ "temary_id": temary, "title": "Las señales" })).await);
    let subtheme = id(&h.post("temary/subtheme/create", json!({ "theme_id": theme, "title": "Señales verticales" })).await);
    let pdf = b"%PDF-1.4\n%test\n".to_vec();

    // Uploaded as multipart; the host stores the file, the plugin records it at the end.
    let first = ok(&h.post_form("temary/subtheme/sheet/upload", &[("subtheme_id", &subtheme.to_string())], Some(("senales.pdf", pdf.clone()))).await).clone();
    assert_eq!((first["title"].as_str(), first["content_type"].as_str(), first["position"].as_i64()), (Some("senales.pdf"), Some("application/pdf"), Some(1)));
    let first_file = first["file_id"].as_i64().unwrap();
    let second = id(&h.post_form("temary/subtheme/sheet/upload", &[("subtheme_id", &subtheme.to_string()), ("title", "Ficha 2")], Some(("f2.png", vec![0x89, b'P', b'N', b'G']))).await);
    let video = ok(&h.post_form("temary/subtheme/video/upload", &[("subtheme_id", &subtheme.to_string()), ("title", "Glorietas")], Some(("glorietas.mp4", vec![0; 64]))).await).clone();
    assert_eq!(video["content_type"], "video/mp4");
    assert_eq!(files_stored(&h).await, 3);
    // The file is in the document manager, in the plugin's folder.
    let folder: (String,) = sqlx::query_as("SELECT f.name FROM folder f JOIN file x ON x.folder_id = f.folder_id WHERE x.file_id = $1").bind(first_file).fetch_one(&h.state.db.pool).await.unwrap();
    assert_eq!(folder.0, "Temarios");

    // A refused upload leaves no file behind: wrong kind, unknown subtheme, no file at all.
    let wrong = h.post_form("temary/subtheme/sheet/upload", &[("subtheme_id", &subtheme.to_string())], Some(("notas.txt", b"hola".to_vec()))).await;
    assert_eq!(fields(&wrong), ["file"]);
    let unknown = h.post_form("temary/subtheme/video/upload", &[("subtheme_id", "999999")], Some(("v.mp4", vec![0; 8]))).await;
    assert_eq!(fields(&unknown), ["subtheme_id"]);
    assert_eq!(code(&h.post_form("temary/subtheme/sheet/upload", &[("subtheme_id", &subtheme.to_string())], None).await), "FILE-004");
    assert_eq!(code(&h.post("temary/subtheme/sheet/upload", json!({ "subtheme_id": subtheme })).await), "REQ-101");
    assert_eq!(files_stored(&h).await, 3);

    // The subtheme lists them; sheets are put in order; a deleted one takes its file away.
    let sub = ok(&h.get(&format!("temary/subtheme/read/{subtheme}"), &[]).await).clone();
    assert_eq!(titles(&sub["sheets"]), ["senales.pdf", "Ficha 2"]);
    assert_eq!(titles(&sub["videos"]), ["Glorietas"]);
    assert_eq!(fields(&h.post("temary/subtheme/sheet/orden", json!({ "subtheme_id": subtheme, "ids": [second] })).await), ["ids"]);
    let ordered = ok(&h.post("temary/subtheme/sheet/orden", json!({ "subtheme_id": subtheme, "ids": [second, first["id"]] })).await).clone();
    assert_eq!(order(&ordered), [(1, "Ficha 2".into()), (2, "senales.pdf".into())]);
    ok(&h.post("temary/subtheme/sheet/delete", json!({ "id": second })).await);
    assert_eq!(order(&ok(&h.get(&format!("temary/subtheme/read/{subtheme}"), &[]).await)["sheets"]), [(1, "senales.pdf".into())]);
    ok(&h.post("temary/subtheme/video/delete", json!({ "id": video["id"] })).await);
    assert_eq!(files_stored(&h).await, 1);
    ok(&h.post("temary/subtheme/video/delete", json!({ "id": video["id"] })).await);
    assert_eq!(files_stored(&h).await, 1);
}

#[tokio::test]
async fn a_syllabus_kept_in_order() {
    let h = Harness::start("plugins/temary").await.unwrap();

    assert_eq!(fields(&h.post("temary/create", json!({ "name": "", "status": "done" })).await), ["name", "status"]);
    let temary = ok(&h.post("temary/create", json!({ "name": "Permiso B", "category": "B" })).await).clone();
    assert_eq!((temary["status"].as_str(), temary["themes"].as_array().map(Vec::len)), (Some("developing"), Some(0)));
    let temary = temary["id"].as_i64().unwrap();

    // Themes at the end, or where asked (the others make room).
    assert_eq!(fields(&h.post("temary/theme/create", json!({ "temary_id": 999_999, "title": "X" })).await), ["temary_id"]);
    assert_eq!(fields(&h.post("temary/theme/create", json!({ "temary_id": temary, "title": " " })).await), ["title"]);
    let road = id(&h.post("temary/theme/create", json!({ "temary_id": temary, "title": "La vía pública" })).await);
    let signs = id(&h.post("temary/theme/create", json!({ "temary_id": temary, "title": "Las señales" })).await);
    let driver = id(&h.post("temary/theme/create", json!({ "temary_id": temary, "title": "El conductor", "position": 1 })).await);
    let read = ok(&h.get(&format!("temary/read/{temary}"), &[]).await).clone();
    assert_eq!(order(&read["themes"]), [(1, "El conductor".into()), (2, "La vía pública".into()), (3, "Las señales".into())]);
    // A refused theme moved nothing.
    assert_eq!(fields(&h.post("temary/theme/create", json!({ "temary_id": temary, "title": "", "position": 1 })).await), ["title"]);
    assert_eq!(titles(&ok(&h.get(&format!("temary/read/{temary}"), &[]).await)["themes"]), ["El conductor", "La vía pública", "Las señales"]);

    // A change without a position leaves it where it is.
    ok(&h.post("temary/theme/update", json!({ "id": driver, "title": "El conductor y la conducción" })).await);
    assert_eq!(titles(&ok(&h.get(&format!("temary/read/{temary}"), &[]).await)["themes"]), ["El conductor y la conducción", "La vía pública", "Las señales"]);
    ok(&h.post("temary/theme/update", json!({ "id": driver, "title": "El conductor" })).await);

    // Moving: down, up, and past the end (kept at the end).
    ok(&h.post("temary/theme/update", json!({ "id": driver, "position": 3 })).await);
    assert_eq!(order(&ok(&h.get(&format!("temary/read/{temary}"), &[]).await)["themes"]), [(1, "La vía pública".into()), (2, "Las señales".into()), (3, "El conductor".into())]);
    ok(&h.post("temary/theme/update", json!({ "id": signs, "position": 1, "temary_id": 5 })).await);
    ok(&h.post("temary/theme/update", json!({ "id": road, "position": 99 })).await);
    let themes = ok(&h.get(&format!("temary/read/{temary}"), &[]).await)["themes"].clone();
    assert_eq!(order(&themes), [(1, "Las señales".into()), (2, "El conductor".into()), (3, "La vía pública".into())]);
    assert_eq!(themes[0]["temary_id"], temary);

    // Subthemes and sections, the same way; a subtheme tells where it stands.
    let vertical = id(&h.post("temary/subtheme/create", json!({ "theme_id": signs, "title": "Señales verticales" })).await);
    let lights = id(&h.post("temary/subtheme/create", json!({ "theme_id": signs, "title": "Semáforos", "position": 1 })).await);
    ok(&h.post("temary/subtheme/create", json!({ "theme_id": road, "title": "Carriles" })).await);
    let first = id(&h.post("temary/subtheme/section/create", json!({ "subtheme_id": vertical, "title": "De peligro", "content": "Triangulares con borde rojo." })).await);
    ok(&h.post("temary/subtheme/section/create", json!({ "subtheme_id": vertical, "title": "De prioridad" })).await);
    ok(&h.post("temary/subtheme/section/create", json!({ "subtheme_id": vertical, "title": "De prohibición", "position": 2 })).await);
    let sub = ok(&h.get(&format!("temary/subtheme/read/{vertical}"), &[]).await).clone();
    assert_eq!(titles(&sub["sections"]), ["De peligro", "De prohibición", "De prioridad"]);
    assert_eq!((sub["theme"]["title"].as_str(), sub["temary_id"].as_i64(), sub["temary"]["name"].as_str()), (Some("Las señales"), Some(temary), Some("Permiso B")));
    assert_eq!(titles(ok(&h.get("temary/subtheme/section/read", &[("subtheme_id", &vertical.to_string())]).await)), ["De peligro", "De prohibición", "De prioridad"]);
    assert_eq!(ok(&h.get("temary/subtheme/section/read", &[("id", &first.to_string())]).await)["content"], "Triangulares con borde rojo.");
    assert_eq!(titles(&ok(&h.get(&format!("temary/theme/read/{signs}"), &[]).await)["subthemes"]), ["Semáforos", "Señales verticales"]);
    let tree = ok(&h.get(&format!("temary/read/{temary}"), &[]).await).clone();
    assert_eq!(titles(&tree["themes"][0]["subthemes"]), ["Semáforos", "Señales verticales"]);
    assert_eq!(titles(&tree["themes"][2]["subthemes"]), ["Carriles"]);

    // Deleting closes up the others; a deleted one changes no more.
    ok(&h.post("temary/subtheme/section/delete", json!({ "id": first })).await);
    assert_eq!(order(&ok(&h.get(&format!("temary/subtheme/read/{vertical}"), &[]).await)["sections"]), [(1, "De prohibición".into()), (2, "De prioridad".into())]);
    ok(&h.post("temary/subtheme/delete", json!({ "id": lights })).await);
    assert_eq!(order(&ok(&h.get(&format!("temary/theme/read/{signs}"), &[]).await)["subthemes"]), [(1, "Señales verticales".into())]);
    assert_eq!(code(&h.post("temary/subtheme/update", json!({ "id": lights, "title": "X" })).await), "CONFLICT-000");

    // The list, and a copy with everything in it, in development.
    ok(&h.post("temary/update", json!({ "id": temary, "status": "publish" })).await);
    let copy = ok(&h.post("temary/clon", json!({ "id": temary })).await).clone();
    assert_eq!((copy["name"].as_str(), copy["status"].as_str()), (Some("Copia de Permiso B"), Some("developing")));
    assert_eq!(titles(&copy["themes"]), ["Las señales", "El conductor", "La vía pública"]);
    assert_eq!(titles(&copy["themes"][0]["subthemes"]), ["Señales verticales"]);
    let copied_sub = copy["themes"][0]["subthemes"][0]["id"].as_i64().unwrap();
    assert_ne!(copied_sub, vertical);
    assert_eq!(titles(&ok(&h.get(&format!("temary/subtheme/read/{copied_sub}"), &[]).await)["sections"]), ["De prohibición", "De prioridad"]);
    let list = ok(&h.get("temary/list", &[]).await).clone();
    let names: Vec<&str> = list["items"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Copia de Permiso B", "Permiso B"]);
    assert_eq!(list["items"][1]["themes"], 3);
    assert_eq!(ok(&h.get("temary/list", &[("status", "publish")]).await)["total"], 1);
    ok(&h.post("temary/delete", json!({ "id": copy["id"] })).await);
    assert_eq!(ok(&h.get("temary/list", &[]).await)["total"], 1);

    // The other business sees none of it; the teacher lacks the permission.
    assert_eq!(code(&h.get_as(&h.other_token, &format!("temary/read/{temary}"), &[]).await), "NOT-FOUND-000");
    assert_eq!(fields(&h.post_as(&h.other_token, "temary/theme/create", json!({ "temary_id": temary, "title": "X" })).await), ["temary_id"]);
    let teacher = h.teacher_token().await.unwrap();
    assert_eq!(code(&h.get_as(&teacher, "temary/list", &[]).await), "PERMISSION-000");
}

/// `temary/upload/check`: before a sheet or a video is sent, whether it would be taken: its kind,
/// the subtheme, its size against the largest upload and the storage left (the host's
/// `files.space`, interface 0.1.12).
#[tokio::test]
async fn an_upload_is_checked_before_it_is_sent() {
    let h = Harness::start("plugins/temary").await.unwrap();
    let temary = id(&h.post("temary/create", json!({ "name": "Permiso B" })).await);
    let theme = id(&h.post("temary/theme/create", json!({ "temary_id": temary, "title": "Las señales" })).await);
    let subtheme = id(&h.post("temary/subtheme/create", json!({ "theme_id": theme, "title": "Señales verticales" })).await).to_string();
    let max = h.state.config.storage.max_upload_bytes;
    let (quota, used): (i64, i64) =
        sqlx::query_as("SELECT storage_quota, storage_used FROM business WHERE business_id = $1").bind(h.business_id).fetch_one(&h.state.db.pool).await.unwrap();

    let fits = ok(&h.get("temary/upload/check", &[("kind", "video"), ("name", "Glorietas.MOV"), ("size", "1048576"), ("subtheme_id", &subtheme)]).await).clone();
    assert_eq!((fits["ok"].as_bool(), fits["content_type"].as_str(), fits["size"].as_u64()), (Some(true), Some("video/quicktime"), Some(1 << 20)));
    assert_eq!((fits["max_upload_bytes"].as_u64(), fits["quota_bytes"].as_i64(), fits["free_bytes"].as_i64()), (Some(max), Some(quota), Some(quota - used)));
    let sheet = ok(&h.get("temary/upload/check", &[("kind", "sheet"), ("name", "x"), ("content_type", "application/pdf"), ("size", "10")]).await).clone();
    assert_eq!(sheet["content_type"], "application/pdf");

    // What stops it, by field.
    let cases: [(&[(&str, &str)], &str); 5] = [
        (&[("kind", "audio"), ("name", "a.mp3"), ("size", "1")], "kind"),
        (&[("kind", "video"), ("name", "notas.txt"), ("size", "1")], "file"),
        (&[("kind", "sheet"), ("name", "video.mp4"), ("size", "1")], "file"),
        (&[("kind", "video"), ("name", "v.mp4")], "size"),
        (&[("kind", "sheet"), ("name", "f.pdf"), ("size", "1"), ("subtheme_id", "999999")], "id"),
    ];
    for (query, field) in cases {
        let answer = h.get("temary/upload/check", query).await;
        if field == "id" {
            assert_eq!(code(&answer), "NOT-FOUND-000", "{query:?}");
        } else {
            assert_eq!(fields(&answer), [field], "{query:?}: {answer}");
        }
    }
    let too_big = (max + 1).to_string();
    let answer = h.get("temary/upload/check", &[("kind", "video"), ("name", "v.mp4"), ("size", &too_big)]).await;
    assert_eq!(fields(&answer), ["size"]);
    assert!(answer.to_string().contains("cada subida admite hasta"), "{answer}");

    // The storage nearly full: a file that fits the upload limit but not the space left.
    sqlx::query("UPDATE business SET storage_used = storage_quota - 100 WHERE business_id = $1").bind(h.business_id).execute(&h.state.db.pool).await.unwrap();
    let full = h.get("temary/upload/check", &[("kind", "sheet"), ("name", "f.pdf"), ("size", "101")]).await;
    assert_eq!(code(&full), "size-100");
    assert!(full.to_string().contains("No queda espacio"), "{full}");
    ok(&h.get("temary/upload/check", &[("kind", "sheet"), ("name", "f.pdf"), ("size", "100")]).await);
}
