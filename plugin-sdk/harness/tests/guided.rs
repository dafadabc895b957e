//! The guided plugin (guided classes) in the real runtime against a real database, on both
//! engines (`VOLANTE_TEST_DATABASE_URL`), with the temary plugin installed beside it and a
//! published syllabus built through temary's own calls (sheets and videos uploaded): the digital
//! books and their contents, groups (every bad field at once, lists and filters, the copy,
//! deletes), classes kept in order and marked given, resources of every kind with what the
//! classroom shows of them, the syllabus the classes cover, refusals that change nothing, the
//! permission, the business boundary, and the temary module switched off.

use std::path::Path;

use serde_json::{json, Value};
use volante_host::demo;
use volante_plugin_harness::{code, details, fields, ok, Harness};

fn id(answer: &Value) -> i64 {
    ok(answer)["id"].as_i64().unwrap_or_else(|| panic!("no id in {answer}"))
}

fn strings(list: &Value, key: &str) -> Vec<String> {
    list.as_array().unwrap_or_else(|| panic!("not a list: {list}")).iter().map(|i| i[key].as_str().unwrap_or_default().to_string()).collect()
}

fn ints(list: &Value, key: &str) -> Vec<i64> {
    list.as_array().unwrap_or_else(|| panic!("not a list: {list}")).iter().map(|i| i[key].as_i64().unwrap_or(-1)).collect()
}

async fn user_id(h: &Harness, email: &str) -> i64 {
    let (id,): (i64,) = sqlx::query_as("SELECT user_id FROM app_user WHERE email = $1").bind(email).fetch_one(&h.state.db.pool).await.unwrap();
    id
}

/// The business's branches, in the order they were made (the director's first).
async fn branches(h: &Harness) -> Vec<i64> {
    let rows: Vec<(i64,)> =
        sqlx::query_as("SELECT branch_id FROM branch WHERE business_id = $1 ORDER BY branch_id").bind(h.business_id).fetch_all(&h.state.db.pool).await.unwrap();
    rows.into_iter().map(|(id,)| id).collect()
}

/// A published syllabus made through the temary plugin's calls.
struct Book {
    id: i64,
    signs: i64,
    speed: i64,
    /// Subthemes: vertical signs (two sections and a sheet), road markings (a video), limits.
    vertical: i64,
    markings: i64,
    limits: i64,
    sheet: i64,
    video: i64,
}

async fn published_book(h: &Harness) -> Book {
    let id = id(&h.post("temary/create", json!({ "name": "Permiso B", "category": "B", "description": "Teórico del permiso B" })).await);
    let signs = self::id(&h.post("temary/theme/create", json!({ "temary_id": id, "title": "Las señales" })).await);
    let speed = self::id(&h.post("temary/theme/create", json!({ "temary_id": id, "title": "La velocidad" })).await);
    let vertical = self::id(&h.post("temary/subtheme/create", json!({ "theme_id": signs, "title": "Señales verticales" })).await);
    let markings = self::id(&h.post("temary/subtheme/create", json!({ "theme_id": signs, "title": "Marcas viales" })).await);
    let limits = self::id(&h.post("temary/subtheme/create", json!({ "theme_id": speed, "title": "Límites genéricos" })).await);
    ok(&h.post("temary/subtheme/section/create", json!({ "subtheme_id": vertical, "title": "De peligro", "content": "Triangulares con borde rojo." })).await);
    ok(&h.post("temary/subtheme/section/create", json!({ "subtheme_id": vertical, "title": "De prioridad", "content": "Ceda el paso y STOP." })).await);
    let sheet = self::id(
        &h.post_form("temary/subtheme/sheet/upload", &[("subtheme_id", &vertical.to_string()), ("title", "Ficha de señales")], Some(("senales.pdf", b"%PDF-1.4\n%test\n".to_vec())))
            .await,
    );
    let video = self::id(
        &h.post_form("temary/subtheme/video/upload", &[("subtheme_id", &markings.to_string()), ("title", "Marcas en vídeo")], Some(("marcas.mp4", vec![0; 64]))).await,
    );
    ok(&h.post("temary/update", json!({ "id": id, "status": "publish" })).await);
    Book { id, signs, speed, vertical, markings, limits, sheet, video }
}

async fn start() -> Harness {
    Harness::start_with(&[Path::new("plugins/temary"), Path::new("plugins/guided")]).await.unwrap()
}

#[tokio::test]
async fn groups_classes_resources_and_the_books_they_follow() {
    let h = start().await;
    let book = published_book(&h).await;
    let director = user_id(&h, demo::DIRECTOR).await;
    let teacher = user_id(&h, demo::TEACHER).await;
    let [centre, alcala] = branches(&h).await[..] else { panic!("two branches") };
    // Another published book (licence A) and one still in development.
    let moto = id(&h.post("temary/create", json!({ "name": "Permiso A", "category": "A", "status": "publish" })).await);
    let moto_theme = id(&h.post("temary/theme/create", json!({ "temary_id": moto, "title": "La moto" })).await);
    let moto_sub = id(&h.post("temary/subtheme/create", json!({ "theme_id": moto_theme, "title": "Equipamiento" })).await);
    let draft = id(&h.post("temary/create", json!({ "name": "CAP borrador", "category": "CAP" })).await);

    // ---- The digital books: the published ones by name, their live parts counted.
    let gone = id(&h.post("temary/subtheme/create", json!({ "theme_id": book.speed, "title": "Adelantamientos" })).await);
    ok(&h.post("temary/subtheme/delete", json!({ "id": gone })).await);
    let books = ok(&h.get("clase/libro/digital/listado", &[]).await).clone();
    assert_eq!(strings(&books, "name"), ["Permiso A", "Permiso B"]);
    assert_eq!(
        books[1],
        json!({ "id": book.id, "name": "Permiso B", "description": "Teórico del permiso B", "category": "B", "themes": 2, "subthemes": 3, "sheets": 1, "videos": 1 })
    );
    assert_eq!((books[0]["themes"].as_i64(), books[0]["subthemes"].as_i64(), books[0]["sheets"].as_i64()), (Some(1), Some(1), Some(0)));
    // Folded search over name, description and category; the category filter.
    assert_eq!(strings(ok(&h.get("clase/libro/digital/listado", &[("search", "TEORICO")]).await), "name"), ["Permiso B"]);
    assert_eq!(strings(ok(&h.get("clase/libro/digital/listado", &[("category", "A")]).await), "name"), ["Permiso A"]);
    assert_eq!(ok(&h.get("clase/libro/digital/listado", &[("search", "cap")]).await), &json!([]), "a book in development is not listed");

    // A book's contents, to choose from: sections without their text, sheets and videos.
    let contents = ok(&h.get("clase/libro/digital/recursos", &[("book_id", &book.id.to_string())]).await).clone();
    assert_eq!((contents["id"].as_i64(), contents["name"].as_str(), contents["category"].as_str()), (Some(book.id), Some("Permiso B"), Some("B")));
    assert_eq!(strings(&contents["themes"], "title"), ["Las señales", "La velocidad"]);
    assert_eq!(strings(&contents["themes"][0]["subthemes"], "title"), ["Señales verticales", "Marcas viales"]);
    assert_eq!(strings(&contents["themes"][1]["subthemes"], "title"), ["Límites genéricos"], "a deleted subtheme is left out");
    let vertical = &contents["themes"][0]["subthemes"][0];
    assert_eq!(strings(&vertical["sections"], "title"), ["De peligro", "De prioridad"]);
    assert!(vertical["sections"][0].get("content").is_none(), "{vertical}");
    assert_eq!((vertical["sheets"][0]["id"].as_i64(), vertical["sheets"][0]["content_type"].as_str()), (Some(book.sheet), Some("application/pdf")));
    assert!(vertical["sheets"][0]["file_id"].as_i64().is_some());
    assert_eq!(ints(&contents["themes"][0]["subthemes"][1]["videos"], "id"), [book.video]);
    assert_eq!(fields(&h.get("clase/libro/digital/recursos", &[]).await), ["book_id"]);
    assert_eq!(code(&h.get("clase/libro/digital/recursos", &[("book_id", "999999")]).await), "NOT-FOUND-000");
    let refused = h.get("clase/libro/digital/recursos", &[("book_id", &draft.to_string())]).await;
    assert_eq!((code(&refused), details(&refused)), ("NOT-FOUND-000".to_string(), "Libro no encontrado".to_string()));

    // ---- Groups: the teachers to choose from; every bad field at once, and nothing stored.
    let staff = ok(&h.get("clase/guiada/staff", &[]).await).clone();
    let pablo = staff.as_array().unwrap().iter().find(|m| m["user_id"] == teacher).cloned().unwrap_or_else(|| panic!("{staff}"));
    assert_eq!((pablo["name"].as_str(), pablo["branch_id"].as_i64()), (Some("Pablo Profesor Demo"), Some(alcala)));
    let bad = h
        .post(
            "clase/guiadagrupo/create",
            json!({ "name": " ", "licence": "Z", "temary_id": 999_999, "branch_id": 999_999, "teacher_user_id": 999_999, "starts_on": "2026-10-05", "ends_on": "2026-10-01" }),
        )
        .await;
    assert_eq!(fields(&bad), ["name", "licence", "ends_on", "temary_id", "branch_id", "teacher_user_id"]);
    assert_eq!(fields(&h.post("clase/guiadagrupo/create", json!({ "name": "X", "licence": "B", "starts_on": "30/02/2026" })).await), ["starts_on"]);
    assert_eq!(fields(&h.post("clase/guiadagrupo/create", json!({ "name": "X", "licence": "B", "temary_id": "uno" })).await), ["temary_id"]);
    assert_eq!(ok(&h.get("clase/guiadagrupo/list", &[]).await)["total"], 0);

    let afternoon = ok(&h
        .post(
            "clase/guiadagrupo/create",
            json!({ "name": " Tarde B octubre ", "licence": "b", "temary_id": book.id, "teacher_user_id": teacher, "description": "Lunes y miércoles",
                    "starts_on": "05/10/2026", "ends_on": "2026-12-18" }),
        )
        .await)
    .clone();
    assert_eq!((afternoon["name"].as_str(), afternoon["licence"].as_str(), afternoon["state"].as_str()), (Some("Tarde B octubre"), Some("B"), Some("active")));
    assert_eq!((afternoon["starts_on"].as_str(), afternoon["ends_on"].as_str()), (Some("2026-10-05"), Some("2026-12-18")));
    assert_eq!((afternoon["branch_id"].as_i64(), afternoon["branch"].as_str()), (Some(centre), Some("Autoescuela Demo Centro")), "the caller's branch");
    assert_eq!((afternoon["teacher_user_id"].as_i64(), afternoon["teacher"].as_str()), (Some(teacher), Some("Pablo Profesor Demo")));
    assert_eq!((afternoon["book"]["id"].as_i64(), afternoon["book"]["name"].as_str(), afternoon["book"]["state"].as_str()), (Some(book.id), Some("Permiso B"), Some("active")));
    assert_eq!((afternoon["classes"].clone(), afternoon["given"].clone(), afternoon["total"].clone()), (json!([]), json!(0), json!(0)));
    let afternoon = afternoon["id"].as_i64().unwrap();
    let morning = ok(&h.post("clase/guiadagrupo/create", json!({ "name": "Mañana A", "licence": "A2", "branch_id": alcala, "temary_id": null, "description": null })).await).clone();
    assert_eq!((morning["branch"].as_str(), morning["teacher"].clone(), morning["book"].clone()), (Some("Autoescuela Demo Alcalá"), Value::Null, Value::Null));
    let morning = morning["id"].as_i64().unwrap();
    // A group may follow a book in development, whose contents then read.
    let cap = id(&h.post("clase/guiadagrupo/create", json!({ "name": "CAP inicial", "licence": "C", "temary_id": draft })).await);
    assert_eq!(ok(&h.get("clase/libro/digital/recursos", &[("book_id", &draft.to_string())]).await)["name"], "CAP borrador");

    // ---- Classes: at the end, or where asked; a refused one moves nothing.
    let group_id = afternoon.to_string();
    assert_eq!(fields(&h.post("clase/guiada/create", json!({ "group_id": afternoon, "title": "", "starts_at": "9h", "minutes": 2, "position": 1 })).await), ["title", "starts_at", "minutes"]);
    assert_eq!(fields(&h.post("clase/guiada/create", json!({ "group_id": afternoon, "title": "X", "starts_at": "09:00" })).await), ["starts_at"]);
    assert_eq!(fields(&h.post("clase/guiada/create", json!({ "title": "X" })).await), ["group_id"]);
    assert_eq!(code(&h.post("clase/guiada/create", json!({ "group_id": 999_999, "title": "X" })).await), "NOT-FOUND-000");
    let c1 = ok(&h
        .post("clase/guiada/create", json!({ "group_id": afternoon, "title": "Señales verticales", "scheduled_on": "2026-10-05", "starts_at": "17:00", "summary": "Las de peligro y prioridad" }))
        .await)
    .clone();
    assert_eq!((c1["position"].as_i64(), c1["minutes"].as_i64(), c1["status"].as_str(), c1["given_at"].clone()), (Some(1), Some(60), Some("pending"), Value::Null));
    assert_eq!((c1["group"]["name"].as_str(), c1["group"]["temary_id"].as_i64()), (Some("Tarde B octubre"), Some(book.id)));
    let c1 = c1["id"].as_i64().unwrap();
    let c2 = id(&h.post("clase/guiada/create", json!({ "group_id": afternoon, "title": "Marcas viales", "minutes": 90, "summary": null, "scheduled_on": null })).await);
    let c3 = id(&h.post("clase/guiada/create", json!({ "group_id": afternoon, "title": "Velocidad", "position": 1 })).await);
    let order = |group: &Value| -> Vec<(i64, String)> {
        group["classes"].as_array().unwrap().iter().map(|c| (c["position"].as_i64().unwrap(), c["title"].as_str().unwrap().to_string())).collect()
    };
    let read = ok(&h.get("clase/guiadagrupo/read", &[("id", &group_id)]).await).clone();
    assert_eq!(order(&read), [(1, "Velocidad".into()), (2, "Señales verticales".into()), (3, "Marcas viales".into())]);
    assert_eq!(read["classes"][1]["starts_at"], "17:00");
    // Moved down, and past the end (kept at the end); without a position it stays.
    ok(&h.post("clase/guiada/update", json!({ "id": c3, "position": 3 })).await);
    ok(&h.post("clase/guiada/update", json!({ "id": c2, "position": 99, "group_id": morning })).await);
    ok(&h.post("clase/guiada/update", json!({ "id": c1, "summary": "Peligro, prioridad y prohibición" })).await);
    let read = ok(&h.get("clase/guiadagrupo/read", &[("id", &group_id)]).await).clone();
    assert_eq!(ints(&read["classes"], "id"), [c1, c3, c2], "the group stays");
    assert_eq!(ints(&read["classes"], "position"), [1, 2, 3]);
    ok(&h.post("clase/guiada/update", json!({ "id": c3, "position": 3 })).await);
    assert_eq!(fields(&h.post("clase/guiada/update", json!({ "id": c2, "position": 1, "scheduled_on": null, "starts_at": "10:00" })).await), ["starts_at"]);
    assert_eq!(fields(&h.post("clase/guiada/update", json!({ "id": c2, "status": "hecha" })).await), ["status"]);
    assert_eq!(ints(&ok(&h.get("clase/guiadagrupo/read", &[("id", &group_id)]).await)["classes"], "id"), [c1, c2, c3], "a refused move moved nothing");

    // Given: when and by whom; pending undoes it.
    let given = ok(&h.post("clase/guiada/update", json!({ "id": c1, "status": "given", "given_by": 1 })).await).clone();
    assert_eq!((given["status"].as_str(), given["given_by"].as_i64(), given["given_by_name"].as_str()), (Some("given"), Some(director), Some("Dolores Directora Demo")));
    let given_at = given["given_at"].as_str().unwrap().to_string();
    assert!(given_at.ends_with('Z') && given_at.len() == 24, "{given_at}");
    let again = ok(&h.post("clase/guiada/update", json!({ "id": c1, "status": "given", "title": "Señales verticales (I)" })).await).clone();
    assert_eq!(again["given_at"], given_at.as_str(), "given already: the first time stays");
    ok(&h.post("clase/guiada/update", json!({ "id": c2, "status": "given" })).await);
    let pending = ok(&h.post("clase/guiada/update", json!({ "id": c2, "status": "pending" })).await).clone();
    assert_eq!((pending["given_at"].clone(), pending["given_by"].clone(), pending["given_by_name"].clone()), (Value::Null, Value::Null, Value::Null));

    // ---- Resources of every kind, at the end or where asked.
    let class_id = c1.to_string();
    let with = |kind: &str, extra: Value| {
        let mut body = json!({ "class_id": c1, "kind": kind });
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        body
    };
    let read = ok(&h.post("clase/guiada/recurso/add/create", with("subtheme", json!({ "subtheme_id": book.vertical }))).await).clone();
    assert_eq!((read["id"].as_i64(), strings(&read["resources"], "title")), (Some(c1), vec!["Señales verticales".to_string()]), "the book's own title");
    ok(&h.post("clase/guiada/recurso/add/create", with("sheet", json!({ "sheet_id": book.sheet, "title": "La ficha" }))).await);
    ok(&h.post("clase/guiada/recurso/add/create", with("note", json!({ "text": "Preguntar por el STOP" }))).await);
    let read = ok(&h.post("clase/guiada/recurso/add/create", with("link", json!({ "url": "https://www.dgt.es/", "title": "DGT", "position": 1 }))).await).clone();
    assert_eq!(strings(&read["resources"], "kind"), ["link", "subtheme", "sheet", "note"]);
    assert_eq!(ints(&read["resources"], "position"), [1, 2, 3, 4]);
    ok(&h.post("clase/guiada/recurso/add/create", json!({ "class_id": c2, "kind": "video", "video_id": book.video })).await);

    // Refused, each on its field, and nothing added or moved.
    let refusals = [
        (with("link", json!({ "url": "ftp://dgt.es", "position": 1 })), "url", "La dirección debe empezar por http:// o https://"),
        (with("note", json!({ "text": " " })), "text", "El campo text es obligatorio"),
        (with("subtheme", json!({})), "subtheme_id", "Indique el subtema del libro"),
        (with("subtheme", json!({ "subtheme_id": moto_sub })), "subtheme_id", "El subtema no es del libro del grupo"),
        (with("subtheme", json!({ "subtheme_id": gone })), "subtheme_id", "El subtema no existe en los temarios"),
        (with("sheet", json!({ "sheet_id": 999_999 })), "sheet_id", "La ficha no existe en los temarios"),
        (with("podcast", json!({})), "kind", "El campo kind debe ser uno de: subtheme, sheet, video, link, note"),
    ];
    for (body, field, message) in refusals {
        let refused = h.post("clase/guiada/recurso/add/create", body).await;
        assert_eq!((fields(&refused), details(&refused)), (vec![field.to_string()], message.to_string()));
    }
    assert_eq!(code(&h.post("clase/guiada/recurso/add/create", json!({ "class_id": 999_999, "kind": "note", "text": "x" })).await), "NOT-FOUND-000");
    // A group without a book takes any book's parts.
    let free = id(&h.post("clase/guiada/create", json!({ "group_id": morning, "title": "Equipamiento" })).await);
    let read = ok(&h.post("clase/guiada/recurso/add/create", json!({ "class_id": free, "kind": "subtheme", "subtheme_id": moto_sub })).await).clone();
    assert_eq!(read["resources"][0]["content"]["title"], "Equipamiento");

    // The class as the classroom reads it.
    let class = ok(&h.get("clase/guiada/read", &[("id", &class_id)]).await).clone();
    assert_eq!(strings(&class["resources"], "kind"), ["link", "subtheme", "sheet", "note"]);
    assert_eq!((class["previous_id"].clone(), class["next_id"].as_i64()), (Value::Null, Some(c2)));
    assert_eq!((class["group"]["id"].as_i64(), class["group"]["licence"].as_str(), class["group"]["state"].as_str()), (Some(afternoon), Some("B"), Some("active")));
    let [link, subtheme, sheet, note] = &class["resources"].as_array().unwrap()[..] else { panic!("four resources") };
    assert_eq!((link["url"].as_str(), link["content"].clone(), link["missing"].clone()), (Some("https://www.dgt.es/"), Value::Null, json!(false)));
    assert_eq!((note["text"].as_str(), note["missing"].clone()), (Some("Preguntar por el STOP"), json!(false)));
    assert_eq!((subtheme["subtheme_id"].as_i64(), subtheme["missing"].clone()), (Some(book.vertical), json!(false)));
    let content = &subtheme["content"];
    assert_eq!((content["title"].as_str(), content["theme"]["title"].as_str()), (Some("Señales verticales"), Some("Las señales")));
    assert_eq!(strings(&content["sections"], "content"), ["Triangulares con borde rojo.", "Ceda el paso y STOP."]);
    assert_eq!(ints(&content["sheets"], "id"), [book.sheet]);
    assert_eq!((sheet["title"].as_str(), sheet["content"]["title"].as_str(), sheet["content"]["subtheme"]["id"].as_i64()), (Some("La ficha"), Some("Ficha de señales"), Some(book.vertical)));
    assert!(sheet["content"]["file_id"].as_i64().is_some());
    let middle = ok(&h.get("clase/guiada/read", &[("id", &c2.to_string())]).await).clone();
    assert_eq!((middle["previous_id"].as_i64(), middle["next_id"].as_i64()), (Some(c1), Some(c3)));
    assert_eq!((middle["resources"][0]["content"]["title"].as_str(), middle["resources"][0]["content"]["content_type"].as_str()), (Some("Marcas en vídeo"), Some("video/mp4")));

    // Changed and moved; the kind and the book's part stay; an emptied title is the book's again.
    let (link_id, subtheme_id, note_id) = (link["id"].as_i64().unwrap(), subtheme["id"].as_i64().unwrap(), note["id"].as_i64().unwrap());
    let read = ok(&h.post("clase/guiada/recurso/add/update", json!({ "id": note_id, "position": 1, "text": "Preguntar por el STOP y el ceda", "kind": "link" })).await).clone();
    assert_eq!(strings(&read["resources"], "kind"), ["note", "link", "subtheme", "sheet"]);
    assert_eq!(read["resources"][0]["text"], "Preguntar por el STOP y el ceda");
    assert_eq!(fields(&h.post("clase/guiada/recurso/add/update", json!({ "id": link_id, "url": "dgt" })).await), ["url"]);
    ok(&h.post("clase/guiada/recurso/add/update", json!({ "id": subtheme_id, "title": "Verticales" })).await);
    let read = ok(&h.post("clase/guiada/recurso/add/update", json!({ "id": subtheme_id, "title": "", "subtheme_id": book.markings })).await).clone();
    assert_eq!((read["resources"][2]["title"].as_str(), read["resources"][2]["subtheme_id"].as_i64()), (Some("Señales verticales"), Some(book.vertical)));
    // Removed: the others close up; a removed one changes no more.
    let read = ok(&h.post("clase/guiada/recurso/add/delete", json!({ "id": link_id })).await).clone();
    assert_eq!((strings(&read["resources"], "kind"), ints(&read["resources"], "position")), (vec!["note".to_string(), "subtheme".into(), "sheet".into()], vec![1, 2, 3]));
    assert_eq!(code(&h.post("clase/guiada/recurso/add/update", json!({ "id": link_id, "title": "X" })).await), "CONFLICT-000");
    assert_eq!(code(&h.post("clase/guiada/recurso/add/update", json!({ "id": 999_999, "title": "X" })).await), "NOT-FOUND-000");

    // ---- The syllabus the group's classes cover.
    let limits_class = id(&h.post("clase/guiada/create", json!({ "group_id": afternoon, "title": "Límites" })).await);
    ok(&h.post("clase/guiada/recurso/add/create", json!({ "class_id": limits_class, "kind": "note", "text": "Sin el libro" })).await);
    let coverage = ok(&h.get("clase/guiada/temary/list", &[("group_id", &group_id)]).await).clone();
    assert_eq!((coverage["group_id"].as_i64(), coverage["id"].as_i64(), coverage["name"].as_str()), (Some(afternoon), Some(book.id), Some("Permiso B")));
    assert_eq!(strings(&coverage["themes"], "title"), ["Las señales", "La velocidad"]);
    let signs = &coverage["themes"][0]["subthemes"];
    assert_eq!(strings(signs, "title"), ["Señales verticales", "Marcas viales"]);
    assert_eq!(signs[0]["classes"], json!([{ "id": c1, "title": "Señales verticales (I)", "position": 1, "status": "given" }]), "the subtheme and its sheet: one class");
    assert_eq!(signs[1]["classes"], json!([{ "id": c2, "title": "Marcas viales", "position": 2, "status": "pending" }]), "through its video");
    assert_eq!(coverage["themes"][1]["subthemes"][0]["classes"], json!([]), "a note covers nothing");
    assert_eq!(coverage["totals"], json!({ "subthemes": 3, "covered": 2, "given": 1 }));
    let refused = h.get("clase/guiada/temary/list", &[("group_id", &morning.to_string())]).await;
    assert_eq!((fields(&refused), details(&refused)), (vec!["group_id".to_string()], "El grupo no sigue ningún libro".to_string()));
    assert_eq!(code(&h.get("clase/guiada/temary/list", &[("group_id", "999999")]).await), "NOT-FOUND-000");

    // A part deleted from the book: the class shows it missing, and it covers nothing.
    ok(&h.post("temary/subtheme/video/delete", json!({ "id": book.video })).await);
    let middle = ok(&h.get("clase/guiada/read", &[("id", &c2.to_string())]).await).clone();
    assert_eq!((middle["resources"][0]["missing"].clone(), middle["resources"][0]["content"].clone()), (json!(true), Value::Null));
    assert_eq!(ok(&h.get("clase/guiada/temary/list", &[("group_id", &group_id)]).await)["totals"], json!({ "subthemes": 3, "covered": 1, "given": 1 }));
    assert_eq!(ok(&h.get("clase/libro/digital/listado", &[("category", "B")]).await)[0]["videos"], 0);

    // ---- The list: by name, with progress; search, licence, branch and state.
    let list = ok(&h.get("clase/guiadagrupo/list", &[]).await).clone();
    assert_eq!((strings(&list["items"], "name"), list["total"].as_i64()), (vec!["CAP inicial".to_string(), "Mañana A".into(), "Tarde B octubre".into()], Some(3)));
    let item = &list["items"][2];
    assert_eq!((item["classes"].as_i64(), item["given"].as_i64(), item["teacher"].as_str(), item["branch"].as_str()), (Some(4), Some(1), Some("Pablo Profesor Demo"), Some("Autoescuela Demo Centro")));
    assert_eq!(item["next"], json!({ "id": c2, "title": "Marcas viales", "scheduled_on": null, "starts_at": null }), "the first pending class");
    assert_eq!((list["items"][0]["classes"].as_i64(), list["items"][0]["next"].clone()), (Some(0), Value::Null));
    assert_eq!(strings(&ok(&h.get("clase/guiadagrupo/list", &[("search", "MIERCOLES")]).await)["items"], "name"), ["Tarde B octubre"]);
    assert_eq!(strings(&ok(&h.get("clase/guiadagrupo/list", &[("licence", "a2")]).await)["items"], "name"), ["Mañana A"]);
    assert_eq!(strings(&ok(&h.get("clase/guiadagrupo/list", &[("branch_id", &alcala.to_string())]).await)["items"], "name"), ["Mañana A"]);
    assert_eq!(fields(&h.get("clase/guiadagrupo/list", &[("licence", "Z")]).await), ["licence"]);
    assert_eq!(fields(&h.get("clase/guiadagrupo/list", &[("state", "deleted")]).await), ["state"]);
    let page = ok(&h.get("clase/guiadagrupo/list", &[("per_page", "2"), ("page", "2")]).await).clone();
    assert_eq!((strings(&page["items"], "name"), page["from"].as_i64(), page["to"].as_i64()), (vec!["Tarde B octubre".to_string()], Some(3), Some(3)));

    // ---- Group updates: the fields that change, a state, refusals.
    let updated = ok(&h.post("clase/guiadagrupo/update", json!({ "id": morning, "state": "inactive", "description": "Sábados", "teacher_user_id": director })).await).clone();
    assert_eq!((updated["state"].as_str(), updated["description"].as_str(), updated["name"].as_str(), updated["teacher"].as_str()), (Some("inactive"), Some("Sábados"), Some("Mañana A"), Some("Dolores Directora Demo")));
    assert_eq!(strings(&ok(&h.get("clase/guiadagrupo/list", &[("state", "inactive")]).await)["items"], "name"), ["Mañana A"]);
    assert_eq!(ok(&h.get("clase/guiadagrupo/list", &[("state", "active")]).await)["total"], 2);
    let refused = h.post("clase/guiadagrupo/update", json!({ "id": morning, "state": "deleted" })).await;
    assert_eq!((fields(&refused), details(&refused)), (vec!["state".to_string()], "Para eliminar el grupo use clase/guiadagrupo/delete".to_string()));
    assert_eq!(fields(&h.post("clase/guiadagrupo/update", json!({ "id": morning, "licence": "W", "ends_on": "2020-01-01", "starts_on": "2021-01-01", "branch_id": 999_999 })).await), ["licence", "ends_on", "branch_id"]);
    assert_eq!(code(&h.post("clase/guiadagrupo/update", json!({ "id": 999_999, "name": "X" })).await), "NOT-FOUND-000");
    let unchanged = ok(&h.get("clase/guiadagrupo/read", &[("id", &morning.to_string())]).await).clone();
    assert_eq!((unchanged["licence"].as_str(), unchanged["branch_id"].as_i64(), unchanged["state"].as_str()), (Some("A2"), Some(alcala), Some("inactive")));
    assert_eq!(fields(&h.post("clase/guiadagrupo/update", json!({ "id": morning, "temary_id": 999_999 })).await), ["temary_id"]);
    ok(&h.post("clase/guiadagrupo/update", json!({ "id": morning, "state": "active", "temary_id": moto })).await);

    // ---- The copy: the same fields without a period, every live class pending with its resources.
    let copy = ok(&h.post("clase/guiadagrupo/clon", json!({ "id": afternoon })).await).clone();
    assert_eq!((copy["name"].as_str(), copy["licence"].as_str(), copy["temary_id"].as_i64(), copy["teacher_user_id"].as_i64()), (Some("Tarde B octubre (copia)"), Some("B"), Some(book.id), Some(teacher)));
    assert_eq!((copy["starts_on"].clone(), copy["ends_on"].clone(), copy["given"].clone(), copy["total"].clone()), (Value::Null, Value::Null, json!(0), json!(4)));
    assert_eq!(strings(&copy["classes"], "title"), ["Señales verticales (I)", "Marcas viales", "Velocidad", "Límites"]);
    assert_eq!(ints(&copy["classes"], "position"), [1, 2, 3, 4]);
    assert_eq!(ints(&copy["classes"], "resources"), [3, 1, 0, 1]);
    assert!(copy["classes"].as_array().unwrap().iter().all(|c| c["status"] == "pending" && c["scheduled_on"].is_null() && c["starts_at"].is_null()));
    let copied_class = copy["classes"][0]["id"].as_i64().unwrap();
    assert_ne!(copied_class, c1);
    let copied = ok(&h.get("clase/guiada/read", &[("id", &copied_class.to_string())]).await).clone();
    assert_eq!(strings(&copied["resources"], "kind"), ["note", "subtheme", "sheet"]);
    assert_eq!(copied["resources"][1]["content"]["title"], "Señales verticales");
    let named = ok(&h.post("clase/guiadagrupo/clon", json!({ "id": morning, "name": "Mañana A noviembre" })).await).clone();
    assert_eq!((named["name"].as_str(), named["total"].as_i64()), (Some("Mañana A noviembre"), Some(1)));
    assert_eq!(fields(&h.post("clase/guiadagrupo/clon", json!({ "id": morning, "name": "x".repeat(201) })).await), ["name"]);

    // ---- Deletes: a class takes its resources and the others close up; a group takes its classes.
    assert_eq!(ok(&h.post("clase/guiada/delete", json!({ "id": c2 })).await), &json!({ "id": c2, "state": "deleted" }));
    let read = ok(&h.get("clase/guiadagrupo/read", &[("id", &group_id)]).await).clone();
    assert_eq!((ints(&read["classes"], "id"), ints(&read["classes"], "position")), (vec![c1, c3, limits_class], vec![1, 2, 3]));
    let deleted = ok(&h.get("clase/guiada/read", &[("id", &c2.to_string())]).await).clone();
    assert_eq!((deleted["state"].as_str(), deleted["resources"].clone()), (Some("deleted"), json!([])));
    let refused = h.post("clase/guiada/update", json!({ "id": c2, "title": "X" })).await;
    assert_eq!((code(&refused), details(&refused)), ("CONFLICT-000".to_string(), "La clase está eliminada".to_string()));
    assert_eq!(code(&h.post("clase/guiada/delete", json!({ "id": c2 })).await), "CONFLICT-000");
    assert_eq!(code(&h.post("clase/guiada/recurso/add/create", json!({ "class_id": c2, "kind": "note", "text": "x" })).await), "CONFLICT-000");
    assert_eq!(code(&h.get("clase/guiada/read", &[("id", "999999")]).await), "NOT-FOUND-000");
    assert_eq!(ok(&h.get("clase/guiada/read", &[("id", &c3.to_string())]).await)["previous_id"], c1);

    let copy_id = copy["id"].as_i64().unwrap();
    assert_eq!(ok(&h.post("clase/guiadagrupo/delete", json!({ "id": copy_id })).await), &json!({ "id": copy_id, "state": "deleted" }));
    let gone_group = ok(&h.get("clase/guiadagrupo/read", &[("id", &copy_id.to_string())]).await).clone();
    assert_eq!((gone_group["state"].as_str(), gone_group["classes"].clone()), (Some("deleted"), json!([])));
    assert_eq!(ok(&h.get("clase/guiada/read", &[("id", &copied_class.to_string())]).await)["state"], "deleted");
    let refused = h.post("clase/guiadagrupo/update", json!({ "id": copy_id, "name": "X" })).await;
    assert_eq!((code(&refused), details(&refused)), ("CONFLICT-000".to_string(), "El grupo está eliminado".to_string()));
    for (path, body) in [
        ("clase/guiada/create", json!({ "group_id": copy_id, "title": "X" })),
        ("clase/guiadagrupo/clon", json!({ "id": copy_id })),
        ("clase/guiadagrupo/delete", json!({ "id": copy_id })),
        ("clase/guiada/update", json!({ "id": copied_class, "title": "X" })),
    ] {
        assert_eq!(code(&h.post(path, body).await), "CONFLICT-000", "{path}");
    }
    assert_eq!(ok(&h.get("clase/guiadagrupo/list", &[]).await)["total"], 4, "the deleted copy is not listed");
    assert_eq!(code(&h.get("clase/guiadagrupo/read", &[("id", "999999")]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.post("clase/guiadagrupo/delete", json!({ "id": 999_999 })).await), "NOT-FOUND-000");

    // A book deleted from the temary module: the group says so; its contents are gone.
    ok(&h.post("temary/delete", json!({ "id": draft })).await);
    let orphan = ok(&h.get("clase/guiadagrupo/read", &[("id", &cap.to_string())]).await).clone();
    assert_eq!(orphan["book"], json!({ "id": draft, "name": null, "category": null, "status": null, "state": "deleted" }));
    assert_eq!(code(&h.get("clase/libro/digital/recursos", &[("book_id", &draft.to_string())]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.get("clase/guiada/temary/list", &[("group_id", &cap.to_string())]).await), "NOT-FOUND-000");
    ok(&h.post("clase/guiadagrupo/update", json!({ "id": cap, "name": "CAP inicial (sin libro)" })).await);

    // ---- The permission, and the business boundary.
    let teacher_token = h.teacher_token().await.unwrap();
    assert_eq!(code(&h.get_as(&teacher_token, "clase/guiadagrupo/list", &[]).await), "PERMISSION-000");
    assert_eq!(code(&h.get_as(&teacher_token, "clase/libro/digital/listado", &[]).await), "PERMISSION-000");
    assert_eq!(code(&h.post_as(&teacher_token, "clase/guiada/update", json!({ "id": c1, "status": "pending" })).await), "PERMISSION-000");
    let other = &h.other_token;
    assert_eq!(ok(&h.get_as(other, "clase/guiadagrupo/list", &[]).await)["total"], 0);
    assert_eq!(ok(&h.get_as(other, "clase/libro/digital/listado", &[]).await), &json!([]));
    assert!(!ok(&h.get_as(other, "clase/guiada/staff", &[]).await).as_array().unwrap().iter().any(|m| m["user_id"] == teacher));
    assert_eq!(code(&h.get_as(other, "clase/guiadagrupo/read", &[("id", &group_id)]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.get_as(other, "clase/guiada/read", &[("id", &class_id)]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.get_as(other, "clase/libro/digital/recursos", &[("book_id", &book.id.to_string())]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.get_as(other, "clase/guiada/temary/list", &[("group_id", &group_id)]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.post_as(other, "clase/guiada/create", json!({ "group_id": afternoon, "title": "X" })).await), "NOT-FOUND-000");
    assert_eq!(code(&h.post_as(other, "clase/guiada/recurso/add/create", json!({ "class_id": c1, "kind": "note", "text": "x" })).await), "NOT-FOUND-000");
    assert_eq!(code(&h.post_as(other, "clase/guiadagrupo/delete", json!({ "id": afternoon })).await), "NOT-FOUND-000");
    assert_eq!(fields(&h.post_as(other, "clase/guiadagrupo/create", json!({ "name": "Ajeno", "licence": "B", "temary_id": book.id })).await), ["temary_id"]);
    let theirs = id(&h.post_as(other, "clase/guiadagrupo/create", json!({ "name": "Ajeno", "licence": "B" })).await);
    let their_class = id(&h.post_as(other, "clase/guiada/create", json!({ "group_id": theirs, "title": "X" })).await);
    let refused = h.post_as(other, "clase/guiada/recurso/add/create", json!({ "class_id": their_class, "kind": "subtheme", "subtheme_id": book.vertical })).await;
    assert_eq!(fields(&refused), ["subtheme_id"], "another business's book part");
    assert_eq!(ok(&h.get("clase/guiadagrupo/list", &[]).await)["total"], 4);
    assert_eq!(ok(&h.get("clase/guiada/read", &[("id", &class_id)]).await)["resources"].as_array().unwrap().len(), 3);
    let _ = (book.signs, book.limits);
}

#[tokio::test]
async fn without_the_temary_module_books_are_refused_and_notes_still_work() {
    let h = start().await;
    let book = published_book(&h).await;
    let group = id(&h.post("clase/guiadagrupo/create", json!({ "name": "Tarde B", "licence": "B", "temary_id": book.id })).await);
    let class = id(&h.post("clase/guiada/create", json!({ "group_id": group, "title": "Señales" })).await);
    ok(&h.post("clase/guiada/recurso/add/create", json!({ "class_id": class, "kind": "subtheme", "subtheme_id": book.vertical })).await);
    ok(&h.post("clase/guiada/recurso/add/create", json!({ "class_id": class, "kind": "sheet", "sheet_id": book.sheet })).await);
    ok(&h.post("clase/guiada/recurso/add/create", json!({ "class_id": class, "kind": "link", "url": "https://www.dgt.es" })).await);

    // The business loses the temary service.
    sqlx::query("DELETE FROM business_service WHERE business_id = $1 AND service_id = 'temary'").bind(h.business_id).execute(&h.state.db.pool).await.unwrap();
    let (group_id, class_id, book_id) = (group.to_string(), class.to_string(), book.id.to_string());
    for answer in [
        h.get("clase/libro/digital/listado", &[]).await,
        h.get("clase/libro/digital/recursos", &[("book_id", &book_id)]).await,
        h.get("clase/guiada/temary/list", &[("group_id", &group_id)]).await,
        h.post("clase/guiada/recurso/add/create", json!({ "class_id": class, "kind": "subtheme", "subtheme_id": book.limits })).await,
        h.post("clase/guiadagrupo/create", json!({ "name": "Con libro", "licence": "B", "temary_id": book.id })).await,
    ] {
        assert_eq!((code(&answer), details(&answer)), ("CONFLICT-000".to_string(), "El módulo de temarios no está activo".to_string()), "{answer}");
    }
    // Groups, classes, links and notes keep working; the book's resources read as missing.
    let read = ok(&h.get("clase/guiadagrupo/read", &[("id", &group_id)]).await).clone();
    assert_eq!((read["book"].clone(), read["temary_id"].as_i64(), read["total"].as_i64()), (Value::Null, Some(book.id), Some(1)));
    ok(&h.post("clase/guiadagrupo/update", json!({ "id": group, "description": "Sin temarios por ahora" })).await);
    ok(&h.post("clase/guiadagrupo/create", json!({ "name": "Sin libro", "licence": "A" })).await);
    ok(&h.post("clase/guiada/create", json!({ "group_id": group, "title": "Repaso" })).await);
    ok(&h.post("clase/guiada/recurso/add/create", json!({ "class_id": class, "kind": "note", "text": "Traer el libro" })).await);
    let shown = ok(&h.get("clase/guiada/read", &[("id", &class_id)]).await).clone();
    assert_eq!(strings(&shown["resources"], "kind"), ["subtheme", "sheet", "link", "note"]);
    let missing: Vec<&Value> = shown["resources"].as_array().unwrap().iter().map(|r| &r["missing"]).collect();
    assert_eq!(missing, [&json!(true), &json!(true), &json!(false), &json!(false)]);
    assert!(shown["resources"][0]["content"].is_null() && shown["resources"][1]["content"].is_null());
    assert_eq!(shown["resources"][0]["title"], "Señales verticales", "the title kept when it was added");
    // A copy needs no book either.
    assert_eq!(ok(&h.post("clase/guiadagrupo/clon", json!({ "id": group })).await)["total"], 2);

    // Back on: the same resources show their content again.
    volante_host::business::enable_services(&h.state, h.business_id, &["temary".to_string()]).await.map_err(|e| anyhow::anyhow!("{e}")).unwrap();
    let shown = ok(&h.get("clase/guiada/read", &[("id", &class_id)]).await).clone();
    assert_eq!(shown["resources"][0]["missing"], false);
    assert_eq!(strings(&shown["resources"][0]["content"]["sections"], "title"), ["De peligro", "De prioridad"]);
    assert_eq!(ok(&h.get("clase/guiada/temary/list", &[("group_id", &group_id)]).await)["totals"], json!({ "subthemes": 3, "covered": 1, "given": 0 }));
}
