//! The school's blog (the `web` plugin) in the real runtime against a real database, on both
//! engines (`VOLANTE_TEST_DATABASE_URL`): the staff write drafts, publish posts now or at a date
//! (a timer publishes them), discard and delete them; the school's site reads only the published
//! ones with the web-api key, filtered by tag, and opens exactly their current images.

use serde_json::{json, Value};
use volante_plugin_harness::{code, decode_base64, fields, ok, Harness};

mod common;
use common::SIGNATURE;

fn png() -> Vec<u8> {
    decode_base64(SIGNATURE.trim_start_matches("data:image/png;base64,"))
}

async fn timer(h: &Harness, id: i64) -> Option<String> {
    sqlx::query_as::<_, (String,)>("SELECT due_at FROM plugin_timer WHERE plugin_id = 'web' AND timer_key = $1")
        .bind(format!("blog-post:{id}"))
        .fetch_optional(&h.state.db.pool)
        .await
        .unwrap()
        .map(|(at,)| at)
}

/// Whether `url` opens an image without a session (a refusal is a JSON envelope).
async fn opens(h: &Harness, url: &str) -> bool {
    let (status, content_type, _) = h.fetch_public(url).await;
    status == 200 && content_type.starts_with("image/")
}

fn titles(page: &Value) -> Vec<String> {
    page["items"].as_array().unwrap().iter().map(|p| p["title"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn the_staff_publish_posts_and_the_site_shows_only_those() {
    let h = Harness::start("plugins/web").await.unwrap();
    let key = ok(&h.post("web/apis/update", json!({ "rotate_webapi_key": true })).await)["webapi_key"].as_str().unwrap().to_string();
    let header = h.upload("portada.png", png()).await;
    let photo = h.upload("practicas.png", png()).await;
    let text = h.upload("notas.txt", b"texto".to_vec()).await;

    // Bad input is refused field by field and saves nothing.
    assert_eq!(fields(&h.post("web/blog/post/create", json!({ "title": " ", "content": "x" })).await), ["title"]);
    assert_eq!(fields(&h.post("web/blog/post/create", json!({ "title": "Horario", "status": "published" })).await), ["content"]);
    assert_eq!(fields(&h.post("web/blog/post/create", json!({ "title": "Horario", "content": "x", "status": "waiting" })).await), ["publish_at"]);
    assert_eq!(fields(&h.post("web/blog/post/create", json!({ "title": "Horario", "content": "x", "publish_at": "mañana" })).await), ["publish_at"]);
    assert_eq!(fields(&h.post("web/blog/post/create", json!({ "title": "Horario", "content": "x", "status": "borrador" })).await), ["status"]);
    assert_eq!(fields(&h.post("web/blog/post/create", json!({ "title": "Horario", "content": "x", "header_file_id": text, "gallery": [photo, text] })).await), ["header_file_id", "gallery[1]"]);
    assert_eq!(fields(&h.post("web/blog/post/create", json!({ "title": "Horario", "content": "x", "tags": ["50%"] })).await), ["tags"]);
    assert_eq!(ok(&h.get("web/blog/post/read", &[]).await)["total"], 0);

    // A draft, then published with its images.
    let draft = ok(&h.post("web/blog/post/create", json!({ "title": "Nuevo horario de tarde", "tags": ["Horarios", " horarios ", "Permiso B"] })).await).clone();
    let id = draft["id"].as_i64().unwrap();
    assert_eq!((draft["status"].as_str(), draft["publish_at"].clone(), draft["link"].as_str()), (Some("pending"), Value::Null, Some("")));
    assert_eq!(draft["tags"], json!(["Horarios", "Permiso B"]));
    assert!(draft["user_id"].as_i64().is_some());
    let site = ok(&h.get_as(&key, "web/api/blog/read", &[]).await).clone();
    assert_eq!(site["total"], 0, "a draft is not on the site: {site}");
    assert_eq!(code(&h.get_as(&key, "web/api/blog/read", &[("id", &id.to_string())]).await), "NOT-FOUND-000");

    let body = json!({ "id": id, "title": "Nuevo horario de tarde", "tags": ["Horarios"], "content": "Desde el lunes abrimos de 16:00 a 21:00.\n\nLas prácticas, igual.",
                       "header_file_id": header, "gallery": [photo], "status": "published" });
    let published = ok(&h.post("web/blog/post/create", body.clone()).await).clone();
    assert_eq!(published["id"], id);
    assert_eq!(published["status"], "published");
    assert!(published["publish_at"].as_str().unwrap().ends_with('Z'));
    assert_eq!(published["user_id"], draft["user_id"]);

    // The site reads it with the key, and its images open without a session.
    assert_eq!(code(&h.get_public("web/api/blog/read", &[]).await), "SESSION-000");
    let site = ok(&h.get_as(&key, "web/api/blog/read", &[]).await).clone();
    assert_eq!(titles(&site), ["Nuevo horario de tarde"]);
    let post = &site["items"][0];
    assert!(post.get("user_id").is_none() && post.get("link").is_none() && post.get("status").is_none(), "{post}");
    assert_eq!(post["content"], "Desde el lunes abrimos de 16:00 a 21:00.\n\nLas prácticas, igual.");
    let header_url = post["header_url"].as_str().unwrap().to_string();
    let photo_url = post["gallery_urls"][0].as_str().unwrap().to_string();
    assert!(opens(&h, &header_url).await);
    let (status, content_type, bytes) = h.fetch_public(&photo_url).await;
    assert_eq!((status, content_type.as_str(), bytes), (200, "image/png", png()));
    assert_eq!(ok(&h.get_as(&key, "web/api/blog/read", &[("id", &id.to_string())]).await)["title"], "Nuevo horario de tarde");

    // Its text edited, then a second photo added: the addresses a visitor's page holds keep
    // opening, and the new photo opens too.
    let mut body = body;
    body["content"] = json!("Desde el lunes abrimos de 16:00 a 21:30.");
    ok(&h.post("web/blog/post/create", body.clone()).await);
    let site = ok(&h.get_as(&key, "web/api/blog/read", &[]).await).clone();
    assert_eq!(site["items"][0]["header_url"], header_url.as_str(), "an edit of the text keeps the addresses");
    let second = h.upload("second.png", png()).await;
    body["gallery"] = json!([photo, second]);
    ok(&h.post("web/blog/post/create", body.clone()).await);
    let site = ok(&h.get_as(&key, "web/api/blog/read", &[]).await).clone();
    assert_eq!(site["items"][0]["gallery_urls"][0], photo_url.as_str());
    assert!(opens(&h, &photo_url).await && opens(&h, &header_url).await);
    assert!(opens(&h, site["items"][0]["gallery_urls"][1].as_str().unwrap()).await);

    // Saved without the photos: the old addresses stop opening anything.
    body["gallery"] = json!([]);
    ok(&h.post("web/blog/post/create", body.clone()).await);
    assert!(!opens(&h, &photo_url).await);
    assert!(!opens(&h, &header_url).await);
    let site = ok(&h.get_as(&key, "web/api/blog/read", &[]).await).clone();
    assert_eq!(site["items"][0]["gallery_urls"], json!([]));
    assert!(opens(&h, site["items"][0]["header_url"].as_str().unwrap()).await);

    // Scheduled: it waits for its date, then its timer publishes it.
    let later = ok(&h.post("web/blog/post/create", json!({ "title": "Examen teórico en enero", "tags": ["Exámenes"], "content": "Apúntate.", "status": "published", "publish_at": "2099-01-10T08:00:00Z" })).await).clone();
    let later_id = later["id"].as_i64().unwrap();
    assert_eq!((later["status"].as_str(), later["publish_at"].as_str()), (Some("waiting"), Some("2099-01-10T08:00:00Z")));
    assert!(timer(&h, later_id).await.unwrap().starts_with("2099-01-10T08:00:00"));
    assert_eq!(titles(ok(&h.get_as(&key, "web/api/blog/read", &[]).await)), ["Nuevo horario de tarde"]);
    let counts = ok(&h.get("web/blog/post/read", &[]).await)["counts"].clone();
    assert_eq!(counts, json!({ "pending": 0, "waiting": 1, "published": 1, "discarded": 0 }));
    sqlx::query("UPDATE plugin_timer SET due_at = '2000-01-01T00:00:00.000Z' WHERE plugin_id = 'web' AND timer_key = $1")
        .bind(format!("blog-post:{later_id}"))
        .execute(&h.state.db.pool)
        .await
        .unwrap();
    let mut status = String::new();
    for _ in 0..100 {
        status = ok(&h.get("web/blog/post/read", &[("id", &later_id.to_string())]).await)["status"].as_str().unwrap().to_string();
        if status == "published" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(status, "published", "the timer published the post");
    // Newest first; a tag picks its posts.
    assert_eq!(titles(ok(&h.get_as(&key, "web/api/blog/read", &[]).await)), ["Examen teórico en enero", "Nuevo horario de tarde"]);
    assert_eq!(titles(ok(&h.get_as(&key, "web/api/blog/read", &[("tag", "Horarios")]).await)), ["Nuevo horario de tarde"]);
    assert_eq!(titles(ok(&h.get_as(&key, "web/api/blog/read", &[("tag", "Ofertas")]).await)), Vec::<String>::new());
    // Exactly the tag, on both engines (SQLite's LIKE would have taken "horarios" too).
    assert_eq!(titles(ok(&h.get_as(&key, "web/api/blog/read", &[("tag", "horarios")]).await)), Vec::<String>::new());
    // The staff's list: by status and by words.
    assert_eq!(titles(ok(&h.get("web/blog/post/read", &[("status", "published")]).await)).len(), 2);
    assert_eq!(titles(ok(&h.get("web/blog/post/read", &[("search", "examen")]).await)), ["Examen teórico en enero"]);
    assert_eq!(fields(&h.get("web/blog/post/read", &[("status", "todas")]).await), ["status"]);

    // Discarded: off the site, its images with it.
    let header_url = ok(&h.get_as(&key, "web/api/blog/read", &[("id", &id.to_string())]).await)["header_url"].as_str().unwrap().to_string();
    body["status"] = json!("discarded");
    assert_eq!(ok(&h.post("web/blog/post/create", body).await)["status"], "discarded");
    assert_eq!(titles(ok(&h.get_as(&key, "web/api/blog/read", &[]).await)), ["Examen teórico en enero"]);
    assert!(!opens(&h, &header_url).await);

    // A scheduled post deleted: no timer is left, and it is gone from every read.
    let other = ok(&h.post("web/blog/post/create", json!({ "title": "Oferta de verano", "content": "Pronto.", "status": "waiting", "publish_at": "2099-06-01T08:00:00Z" })).await)["id"].as_i64().unwrap();
    assert!(timer(&h, other).await.is_some());
    assert_eq!(ok(&h.post("web/blog/post/delete", json!({ "id": other })).await), &json!({ "id": other }));
    assert_eq!(timer(&h, other).await, None);
    assert_eq!(code(&h.get("web/blog/post/read", &[("id", &other.to_string())]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.post("web/blog/post/create", json!({ "id": other, "title": "Oferta", "content": "x" })).await), "CONFLICT-000");
    assert_eq!(ok(&h.get("web/blog/post/read", &[]).await)["total"], 2);
}
