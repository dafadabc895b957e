//! The school's blog: posts the staff write (title, tags, header image, content, gallery) and
//! publish on the school's site now or at a set date. A post is `pending` (a draft), `waiting`
//! (scheduled: a timer publishes it at its date), `published` or `discarded` (the spec's list).
//! The site reads the published ones (`web/api/blog/read`); their images open through a public
//! link of the post that shares exactly its current images.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Record};
use volante_plugin_sdk::{host, links, time, timers, validate, Checks};

/// The spec's post statuses with their Spanish names.
pub const STATUSES: &[(&str, &str)] = &[("pending", "Borrador"), ("waiting", "Programada"), ("published", "Publicada"), ("discarded", "Descartada")];
pub const MAX_TITLE: usize = 200;
pub const MAX_CONTENT: usize = 100_000;
pub const MAX_TAGS: usize = 10;
pub const MAX_TAG: usize = 40;
pub const MAX_GALLERY: usize = 20;
/// The prefix of a post's timer and of its public link's subject.
const KEY: &str = "blog-post:";

/// A blog post.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct BlogPost {
    /// At most 200 characters.
    pub title: String,
    /// At most 10, each at most 40 characters, without `"`, `%`, `_` or `\`.
    pub tags: Vec<String>,
    /// A png or jpeg image of the document manager.
    pub header_file_id: Option<i64>,
    /// Plain text; blank lines separate paragraphs. At most 100,000 characters.
    pub content: String,
    /// Images of the document manager (png or jpeg), at most 20, in order.
    pub gallery: Vec<i64>,
    /// When it was or will be published, UTC (`2026-12-01T09:00:00Z`).
    pub publish_at: Option<String>,
    /// `pending`, `waiting`, `published` or `discarded`.
    pub status: String,
    /// Who wrote it.
    pub user_id: Option<i64>,
    /// The public link that opens its images on the site (none while it is not on the site).
    pub link: String,
}

impl Resource for BlogPost {
    const NAME: &'static str = "web_blog_post";
    const PATH: &'static str = "web/blog/post";
    const LABEL: &'static str = "Entrada";
    const FEMININE: bool = true;
    const TABLE: &'static str = "web_blog_post";
    const SEARCH: &'static [&'static str] = &["title", "tags"];
    const ORDER_BY: &'static str = "COALESCE(publish_at, created_at) DESC, id DESC";
}

/// `POST web/blog/post/create` body: a new post, or with `id` that post saved again.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct PostBody {
    /// The post to save; none creates one.
    pub id: Option<i64>,
    pub title: String,
    pub tags: Vec<String>,
    pub header_file_id: Option<i64>,
    pub content: String,
    pub gallery: Vec<i64>,
    /// UTC (`2026-12-01T09:00:00Z`); with `published` and a future date the post is scheduled.
    pub publish_at: Option<String>,
    /// `pending` (default), `waiting` (needs a future `publish_at`), `published` or `discarded`.
    pub status: Option<String>,
}

fn now_secs() -> Result<i64> {
    time::parse_utc(&host::now()).ok_or_else(|| Error::internal("the host's clock is not a UTC timestamp"))
}

/// The tags, trimmed, without empty ones or repeats (case aside).
fn clean_tags(checks: &mut Checks, tags: &[String]) -> Vec<String> {
    let mut clean: Vec<String> = Vec::new();
    for tag in tags.iter().map(|t| t.trim()).filter(|t| !t.is_empty()) {
        if tag.chars().count() > MAX_TAG {
            checks.push(Error::invalid_field("tags", format!("Cada etiqueta admite como máximo {MAX_TAG} caracteres")));
            return clean;
        }
        if tag.contains(['"', '%', '_', '\\']) {
            checks.push(Error::invalid_field("tags", "Las etiquetas no pueden llevar comillas, %, _ ni \\"));
            return clean;
        }
        if !clean.iter().any(|t| t.to_lowercase() == tag.to_lowercase()) {
            clean.push(tag.to_string());
        }
    }
    if clean.len() > MAX_TAGS {
        checks.push(Error::invalid_field("tags", format!("Como máximo {MAX_TAGS} etiquetas")));
    }
    clean
}

/// What a save asks for, checked: the post to store and its status. `now` in seconds.
fn checked(body: &PostBody, now: i64) -> Result<BlogPost> {
    let mut checks = Checks::new();
    let status = match body.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => Some("pending"),
        Some(s) => checks.check(
            STATUSES
                .iter()
                .map(|(k, _)| *k)
                .find(|k| *k == s)
                .ok_or_else(|| Error::invalid_field("status", "El estado es pending, waiting, published o discarded")),
        ),
    };
    let title = checks.check(validate::required("title", &body.title, MAX_TITLE)).unwrap_or_default();
    // A post on the site (or about to be) needs its content; a draft or a discarded one not.
    let content = if matches!(status, Some("pending" | "discarded")) {
        checks.check(validate::optional("content", body.content.trim(), MAX_CONTENT))
    } else {
        checks.check(validate::required("content", &body.content, MAX_CONTENT))
    }
    .unwrap_or_default();
    let tags = clean_tags(&mut checks, &body.tags);
    if let Some(id) = body.header_file_id {
        checks.check(validate::image_file("header_file_id", id));
    }
    if body.gallery.len() > MAX_GALLERY {
        checks.push(Error::invalid_field("gallery", format!("Como máximo {MAX_GALLERY} imágenes")));
    } else {
        for (i, id) in body.gallery.iter().enumerate() {
            checks.check(validate::image_file(&format!("gallery[{i}]"), *id));
        }
    }
    let mut gallery: Vec<i64> = Vec::new();
    for id in &body.gallery {
        if !gallery.contains(id) {
            gallery.push(*id);
        }
    }
    let publish_at = match body.publish_at.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(at) => checks.check(time::parse_utc(at).ok_or_else(|| Error::invalid_field("publish_at", "La fecha no es válida (AAAA-MM-DDTHH:MM:SSZ)"))),
    };
    // Published with a future date is scheduled; scheduled needs one.
    let status = match (status, publish_at) {
        (Some("published"), Some(at)) if at > now => Some("waiting"),
        (Some("waiting"), at) if at.is_none_or(|at| at <= now) => {
            checks.push(Error::invalid_field("publish_at", "Indique una fecha futura para programar la entrada"));
            None
        }
        (status, _) => status,
    };
    checks.finish()?;
    let status = status.ok_or_else(|| Error::internal("checked status missing"))?;
    let publish_at = match (status, publish_at) {
        ("published", None) => Some(now),
        (_, at) => at,
    };
    Ok(BlogPost {
        title,
        tags,
        header_file_id: body.header_file_id,
        content,
        gallery,
        publish_at: publish_at.map(time::format_utc),
        status: status.to_string(),
        user_id: None,
        link: String::new(),
    })
}

/// Whether the site may show the post's images: it is published or about to be.
fn on_site(post: &BlogPost) -> bool {
    matches!(post.status.as_str(), "published" | "waiting")
}

fn images(post: &BlogPost) -> impl Iterator<Item = i64> + '_ {
    post.header_file_id.into_iter().chain(post.gallery.iter().copied())
}

/// The public link for the post's images and its timer, as its status asks. A post on the site
/// keeps its link while it keeps every image the link shares (an edit of its text, or images
/// added, which are shared too), so the addresses a visitor's page holds keep opening; one that
/// drops an image, or leaves the site, loses it (nothing it no longer shows opens), and a post on
/// the site with images then gets a new link sharing exactly them. `before`: the images the
/// post's link shares now. A scheduled post gets a timer at its date.
fn settle(id: i64, post: &mut BlogPost, before: &[i64]) -> Result<()> {
    let shown: Vec<i64> = images(post).collect();
    let keep = !post.link.is_empty() && on_site(post) && !shown.is_empty() && before.iter().all(|file| shown.contains(file));
    if keep {
        for file_id in shown.iter().filter(|file| !before.contains(file)) {
            links::share_file(&post.link, *file_id)?;
        }
    } else {
        if !post.link.is_empty() {
            links::revoke(&post.link)?;
            post.link.clear();
        }
        if on_site(post) && !shown.is_empty() {
            let reference = links::issue(&format!("{KEY}{id}"), None)?;
            for file_id in &shown {
                links::share_file(&reference, *file_id)?;
            }
            post.link = reference;
        }
    }
    let key = format!("{KEY}{id}");
    match (&post.status[..], &post.publish_at) {
        ("waiting", Some(at)) => timers::set(&key, at, &json!({ "id": id })),
        _ => timers::cancel(&key),
    }
}

/// `POST web/blog/post/create`: saves a post (a new one without `id`) and answers it.
pub fn create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: PostBody = req.json()?;
    let mut post = checked(&body, now_secs()?)?;
    let mut shared = Vec::new();
    let id = match body.id {
        Some(id) => {
            let existing = resource::find_live::<BlogPost>(ctx, id)?;
            post.user_id = existing.data.user_id;
            if !existing.data.link.is_empty() {
                shared = images(&existing.data).collect();
            }
            post.link = existing.data.link;
            id
        }
        None => {
            post.user_id = (ctx.user_id > 0).then_some(ctx.user_id);
            resource::insert(ctx, post.clone())?.id
        }
    };
    // A new post needs its id (inserted above) for its link and timer; then one write of all.
    settle(id, &mut post, &shared)?;
    resource::save(ctx, id, &post)?;
    Ok(serde_json::to_value(resource::find::<BlogPost>(ctx, id)?)?)
}

/// `POST web/blog/post/delete` `{id}`: the post leaves the blog and the site; answers `{id}`.
pub fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: crate::order::IdBody = req.json()?;
    let existing = resource::find_live::<BlogPost>(ctx, body.id)?;
    let mut post = existing.data;
    post.status = "discarded".into();
    settle(body.id, &mut post, &[])?;
    resource::save(ctx, body.id, &post)?;
    resource::delete::<BlogPost>(ctx, body.id)?;
    Ok(json!({ "id": body.id }))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Filters {
    id: Option<String>,
    status: Option<String>,
    tag: Option<String>,
}

fn id_of(raw: &str) -> Result<i64> {
    raw.trim().parse().map_err(|_| Error::invalid_field("id", "El identificador no es un número"))
}

/// `GET web/blog/post/read`: with `?id=` that post; else a page of posts, newest first
/// (`status`, `search`, `page`, `per_page`), with how many there are in each status.
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let filters: Filters = req.query()?;
    if let Some(id) = filters.id.as_deref().filter(|s| !s.trim().is_empty()) {
        let id = id_of(id)?;
        let post = resource::find::<BlogPost>(ctx, id)?;
        if post.state == "deleted" {
            return Err(resource::not_found::<BlogPost>(id));
        }
        return Ok(serde_json::to_value(post)?);
    }
    let mut query = ListQuery::from_query(req)?;
    query.per_page = Some(query.per_page.unwrap_or(20).min(100));
    if let Some(status) = filters.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        let status = validate::one_of("status", status, &STATUSES.iter().map(|(k, _)| *k).collect::<Vec<_>>())?;
        query.filter.insert("status".into(), json!(status));
    }
    let page = resource::list::<BlogPost>(ctx, &query)?;
    let statuses: Vec<&str> = STATUSES.iter().map(|(k, _)| *k).collect();
    let counts = resource::counts_by::<BlogPost, _>(ctx, "status", &statuses)?;
    let mut answer = serde_json::to_value(&page)?;
    answer["counts"] = Value::Object(counts);
    Ok(answer)
}

/// A post as the site shows it: no author, link or status; its images' addresses instead.
fn public(record: &Record<BlogPost>) -> Value {
    let post = &record.data;
    let url = |file_id: i64| format!("/api/filesystem/file/read?file_id={file_id}&link={}", post.link);
    let has_link = !post.link.is_empty();
    json!({
        "id": record.id,
        "title": post.title,
        "tags": post.tags,
        "content": post.content,
        "publish_at": post.publish_at,
        "header_url": post.header_file_id.filter(|_| has_link).map(url),
        "gallery_urls": if has_link { post.gallery.iter().map(|id| url(*id)).collect::<Vec<_>>() } else { Vec::new() },
    })
}

/// `GET web/api/blog/read` (storefront): the published posts, newest first (`tag`, `page`,
/// `per_page` up to 50, 10 by default); with `?id=` that one (`NOT-FOUND-000` unless published).
pub fn storefront(ctx: &Ctx, req: &Req) -> Result<Value> {
    let filters: Filters = req.query()?;
    if let Some(id) = filters.id.as_deref().filter(|s| !s.trim().is_empty()) {
        let id = id_of(id)?;
        let post = resource::find_optional::<BlogPost>(ctx, id)?
            .filter(|p| p.state != "deleted" && p.data.status == "published")
            .ok_or_else(|| resource::not_found::<BlogPost>(id))?;
        return Ok(public(&post));
    }
    let mut query = ListQuery::from_query(req)?;
    query.search.clear();
    query.order = None;
    query.per_page = Some(query.per_page.unwrap_or(10).min(50));
    query.filter.insert("status".into(), json!("published"));
    let page = match filters.tag.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        Some(tag) => {
            // Tags are kept as a JSON list and cannot hold `"`, `%`, `_` or `\`. One of them is
            // the tag, exactly: `REPLACE` compares as both engines store (where SQLite's `LIKE`
            // would ignore the case of ASCII letters and PostgreSQL's would not).
            if tag.contains(['"', '%', '_', '\\']) {
                return Err(Error::invalid_field("tag", "La etiqueta no es válida"));
            }
            resource::list_where::<BlogPost>(ctx, &query, Some("tags <> REPLACE(tags, ${}, '')"), vec![format!("\"{tag}\"").to_sql()])?
        }
        None => resource::list::<BlogPost>(ctx, &query)?,
    };
    Ok(json!({
        "items": page.items.iter().map(public).collect::<Vec<_>>(),
        "total": page.total,
        "page": page.page,
        "per_page": page.per_page,
    }))
}

/// The timer of a scheduled post: it is published if it still waits.
pub fn fired(ctx: &Ctx, payload: &Value) -> Result<()> {
    let Some(id) = payload.get("id").and_then(Value::as_i64) else {
        return Ok(());
    };
    let Some(record) = resource::find_optional::<BlogPost>(ctx, id)? else {
        return Ok(());
    };
    // A post's timer is set again whenever its date changes, so a firing one is its date.
    if record.state == "deleted" || record.data.status != "waiting" {
        return Ok(());
    }
    let mut post = record.data;
    post.status = "published".into();
    resource::save(ctx, id, &post)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(status: &str, publish_at: Option<&str>) -> PostBody {
        PostBody {
            title: " Nuevo horario ".into(),
            content: "Abrimos por la tarde.".into(),
            tags: vec![" Horarios ".into(), "horarios".into(), "".into(), "Permiso B".into()],
            status: Some(status.into()),
            publish_at: publish_at.map(Into::into),
            ..PostBody::default()
        }
    }

    const NOW: i64 = 1_795_000_000;

    #[test]
    fn a_published_post_with_a_future_date_waits_for_it() {
        let later = time::format_utc(NOW + 3600);
        let post = checked(&body("published", Some(&later)), NOW).unwrap();
        assert_eq!(post.status, "waiting");
        assert_eq!(post.publish_at.as_deref(), Some(later.as_str()));
        assert_eq!(post.title, "Nuevo horario");
        assert_eq!(post.tags, vec!["Horarios".to_string(), "Permiso B".to_string()]);
    }

    #[test]
    fn a_post_published_now_takes_the_time_and_a_past_date_is_kept() {
        let post = checked(&body("published", None), NOW).unwrap();
        assert_eq!((post.status.as_str(), post.publish_at), ("published", Some(time::format_utc(NOW))));
        let before = time::format_utc(NOW - 86_400);
        let post = checked(&body("published", Some(&before)), NOW).unwrap();
        assert_eq!((post.status.as_str(), post.publish_at), ("published", Some(before)));
    }

    #[test]
    fn scheduling_needs_a_future_date_and_statuses_are_the_spec_list() {
        let err = checked(&body("waiting", None), NOW).unwrap_err();
        assert!(format!("{err:?}").contains("publish_at"), "{err:?}");
        let past = time::format_utc(NOW - 1);
        assert!(checked(&body("waiting", Some(&past)), NOW).is_err());
        let err = checked(&body("borrador", None), NOW).unwrap_err();
        assert!(format!("{err:?}").contains("status"), "{err:?}");
        assert!(checked(&body("published", Some("1 de diciembre")), NOW).is_err());
    }

    #[test]
    fn a_draft_may_have_no_content_but_a_post_on_the_site_may_not() {
        let mut draft = body("pending", None);
        draft.content = String::new();
        assert_eq!(checked(&draft, NOW).unwrap().status, "pending");
        draft.status = Some("discarded".into());
        assert_eq!(checked(&draft, NOW).unwrap().status, "discarded");
        draft.status = Some("published".into());
        let err = checked(&draft, NOW).unwrap_err();
        assert!(format!("{err:?}").contains("content"), "{err:?}");
    }

    #[test]
    fn tags_are_limited_and_cannot_break_the_tag_filter() {
        let mut many = body("pending", None);
        many.tags = (0..11).map(|i| format!("t{i}")).collect();
        assert!(checked(&many, NOW).is_err());
        let mut quoted = body("pending", None);
        quoted.tags = vec!["50%".into()];
        assert!(checked(&quoted, NOW).is_err());
        let mut long = body("pending", None);
        long.tags = vec!["x".repeat(41)];
        assert!(checked(&long, NOW).is_err());
    }
}
