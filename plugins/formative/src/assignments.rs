//! Assignments: a content given to a student (a client contact) for some dates, with the share
//! of its lessons open to them and their personal link; the staff's calls, the mails with the
//! links, and the `formative.assign` export the products plugin's processes call.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::sql::SqlValue;
use volante_plugin_sdk::time;
use volante_plugin_sdk::{host, links, mail, plugins, validate, Checks};

use crate::lessons::{self, Done, Outline};
use crate::{content_of, link_url, revoke, Content, IdBody};

const MAX_CONTACTS: usize = 300;

/// An assignment's fields.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Assignment {
    pub content_id: i64,
    pub contact_id: i64,
    /// The contact's name and e-mail address when assigned.
    pub name: String,
    pub email: String,
    pub starts_on: String,
    pub ends_on: String,
    /// The share of the lessons open to the student, from the first (1 to 100).
    pub percentage: i64,
    /// The personal link's reference.
    pub reference: Option<String>,
    /// When progress first reached 90 % and 100 %.
    pub reached_90_at: Option<String>,
    pub completed_at: Option<String>,
    /// The student's page's last read.
    pub last_seen_at: Option<String>,
    pub created_by: Option<i64>,
}

impl Resource for Assignment {
    const NAME: &'static str = "formative_assignment";
    const LABEL: &'static str = "Asignación";
    const FEMININE: bool = true;
    const TABLE: &'static str = "formative_assignment";
    const SEARCH: &'static [&'static str] = &["name", "email"];
    const ORDER_BY: &'static str = "name ASC, id ASC";
}

/// `formative/assignment/create` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct AssignBody {
    pub content_id: i64,
    /// Client contacts (1 to 300).
    pub contact_ids: Vec<i64>,
    /// Default today.
    pub starts_on: Option<String>,
    /// Default `starts_on` + the content's `access_days`.
    pub ends_on: Option<String>,
    /// 1 to 100, default 100.
    pub percentage: Option<i64>,
    /// Mail each student their link.
    pub send: bool,
}

/// `formative/assignment/update` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct AssignmentUpdate {
    pub id: i64,
    pub starts_on: Option<String>,
    pub ends_on: Option<String>,
    pub percentage: Option<i64>,
    /// `active` or `inactive` (paused).
    pub state: Option<String>,
}

/// `formative/assignment/send` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct SendBody {
    pub content_id: i64,
    /// Some of the content's assignments; none: all the active ones.
    pub ids: Option<Vec<i64>>,
}

/// Today as the school reads it.
pub fn today() -> String {
    host::spanish_today()
}

/// Where an assignment stands today: `inactive` (paused), `pending` (not started), `expired`
/// or `active`.
pub fn status(a: &Record<Assignment>, today: &str) -> &'static str {
    if a.state == "inactive" {
        "inactive"
    } else if a.data.starts_on.as_str() > today {
        "pending"
    } else if a.data.ends_on.as_str() < today {
        "expired"
    } else {
        "active"
    }
}

/// An assignment as answers show it, with its progress through `outline`.
pub fn assignment_json(a: &Record<Assignment>, content: &Content, outline: &Outline, done: &Done, today: &str) -> Value {
    let total = outline.total();
    let done = lessons::done_count(outline, done.get(&a.id));
    json!({
        "id": a.id,
        "content_id": a.data.content_id,
        "content_name": content.name,
        "contact_id": a.data.contact_id,
        "name": a.data.name,
        "email": a.data.email,
        "starts_on": a.data.starts_on,
        "ends_on": a.data.ends_on,
        "percentage": a.data.percentage,
        "total": total,
        "open": lessons::open_count(total, a.data.percentage),
        "done": done,
        "progress": lessons::progress(total, done),
        "status": status(a, today),
        "reached_90_at": a.data.reached_90_at,
        "completed_at": a.data.completed_at,
        "last_seen_at": a.data.last_seen_at,
        "url": a.data.reference.as_deref().filter(|_| a.state != "deleted").map(link_url),
        "state": a.state,
        "created_at": a.created_at,
    })
}

/// Some assignments as answers show them (their contents' syllabi read once each).
pub fn assignments_json(ctx: &Ctx, items: &[Record<Assignment>]) -> Result<Vec<Value>> {
    let ids: Vec<i64> = items.iter().map(|a| a.id).collect();
    let done = lessons::done_of(ctx, &ids)?;
    let today = today();
    let mut contents: Vec<(Record<Content>, Outline)> = Vec::new();
    let mut answers = Vec::new();
    for a in items {
        if !contents.iter().any(|(c, _)| c.id == a.data.content_id) {
            let content = content_of(ctx, a.data.content_id)?;
            let outline = Outline::read(ctx, &content.data.temary_ids)?;
            contents.push((content, outline));
        }
        let Some((content, outline)) = contents.iter().find(|(c, _)| c.id == a.data.content_id) else {
            return Err(Error::internal("content read above"));
        };
        answers.push(assignment_json(a, &content.data, outline, &done, &today));
    }
    Ok(answers)
}

/// One assignment with its lessons.
fn assignment_detail(ctx: &Ctx, a: &Record<Assignment>) -> Result<Value> {
    let content = content_of(ctx, a.data.content_id)?;
    let outline = Outline::read(ctx, &content.data.temary_ids)?;
    let done = lessons::done_of(ctx, &[a.id])?;
    let mut value = assignment_json(a, &content.data, &outline, &done, &today());
    let open = outline.open_count(a.data.percentage);
    let marks = done.get(&a.id);
    value["lessons"] = json!(outline
        .lessons
        .iter()
        .enumerate()
        .map(|(i, l)| json!({
            "id": l.id, "title": l.title, "theme": l.theme, "syllabus": l.syllabus, "open": i < open,
            "done": marks.is_some_and(|m| m.contains_key(&l.id)), "done_at": marks.and_then(|m| m.get(&l.id)),
        }))
        .collect::<Vec<_>>());
    Ok(value)
}

/// The content's assignments that are not deleted.
pub fn live_of_content(ctx: &Ctx, content_id: i64) -> Result<Vec<Record<Assignment>>> {
    let mut found = Vec::new();
    let mut page = 1;
    loop {
        let query = ListQuery { page: Some(page), per_page: Some(500), ..ListQuery::default() };
        let read = resource::list_where::<Assignment>(ctx, &query, Some("content_id = ${}"), vec![content_id.to_sql()])?;
        let done = read.to >= read.total || read.items.is_empty();
        found.extend(read.items);
        if done {
            return Ok(found);
        }
        page += 1;
    }
}

/// The assignment is deleted and its link revoked.
pub fn remove(ctx: &Ctx, a: &Record<Assignment>) -> Result<()> {
    revoke(a.data.reference.as_deref())?;
    resource::delete::<Assignment>(ctx, a.id)?;
    Ok(())
}

/// The content `id` to assign: live, active and published.
fn assignable(ctx: &Ctx, id: i64) -> Result<Record<Content>> {
    let content = resource::find_live::<Content>(ctx, id).map_err(|e| e.with_data(json!({ "field": "content_id" })))?;
    if content.state != "active" {
        return Err(Error::conflict("El contenido no está activo"));
    }
    if content.data.status != "publish" {
        return Err(Error::conflict("El contenido no está publicado: publíquelo antes de asignarlo"));
    }
    Ok(content)
}

/// What the contacts plugin's `contact.summaries` answers of each contact.
#[derive(Debug, Deserialize)]
struct ContactSummary {
    id: i64,
    name: String,
    email: String,
    relation: String,
    state: String,
}

fn contacts(ids: &[i64]) -> Result<Vec<ContactSummary>> {
    plugins::try_call("contacts", "contact.summaries", &json!({ "ids": ids }))
        .map_err(|e| Error::invalid_field("contact_ids", format!("No se pueden leer los contactos: {e}")))
}

/// The live assignment of `content_id` to `contact_id`, if any.
fn live_assignment(ctx: &Ctx, content_id: i64, contact_id: i64) -> Result<Option<Record<Assignment>>> {
    let query = ListQuery { state: Some("all".into()), per_page: Some(1), ..ListQuery::default() };
    let read = resource::list_where::<Assignment>(
        ctx,
        &query,
        Some("content_id = ${} AND contact_id = ${} AND state <> 'deleted'"),
        vec![content_id.to_sql(), contact_id.to_sql()],
    )?;
    Ok(read.items.into_iter().next())
}

/// Checked dates and percentage of an assignment.
fn check_terms(checks: &mut Checks, starts_on: &str, ends_on: &str, percentage: i64) {
    if ends_on < starts_on {
        checks.push(Error::invalid_field("ends_on", "El final del acceso no puede ser anterior a su inicio"));
    }
    if !(1..=100).contains(&percentage) {
        checks.push(Error::invalid_field("percentage", "El porcentaje va de 1 a 100"));
    }
}

/// A new assignment with its link.
fn insert(ctx: &Ctx, data: Assignment) -> Result<Record<Assignment>> {
    let record = resource::insert(ctx, data.clone())?;
    let reference = links::issue(&format!("formative assignment {}", record.id), None)?;
    resource::save(ctx, record.id, &Assignment { reference: Some(reference), ..data })?;
    resource::find::<Assignment>(ctx, record.id)
}

/// `formative/assignment/create`: the content to each contact.
fn create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: AssignBody = req.json()?;
    let content = assignable(ctx, body.content_id)?;
    let mut checks = Checks::new();
    let today = today();
    let starts_on = checks.check(validate::optional_date("starts_on", body.starts_on.clone())).map(|d| d.unwrap_or_else(|| today.clone()));
    let ends_on = checks.check(validate::optional_date("ends_on", body.ends_on.clone()));
    let percentage = body.percentage.unwrap_or(100);
    let ids = &body.contact_ids;
    if ids.is_empty() {
        checks.push(Error::invalid_field("contact_ids", "Elija al menos un alumno"));
    } else if ids.len() > MAX_CONTACTS {
        checks.push(Error::invalid_field("contact_ids", format!("Como máximo {MAX_CONTACTS} alumnos a la vez")));
    }
    let ends_on = match (&starts_on, ends_on) {
        (Some(_), Some(Some(date))) => Some(date),
        (Some(starts), Some(None)) => Some(time::add_days(starts, content.data.access_days).ok_or_else(|| Error::internal("date out of the calendar"))?),
        _ => None,
    };
    if let (Some(starts_on), Some(ends_on)) = (&starts_on, &ends_on) {
        check_terms(&mut checks, starts_on, ends_on, percentage);
    }
    let found = if ids.is_empty() || ids.len() > MAX_CONTACTS { Vec::new() } else { contacts(ids)? };
    for (i, id) in ids.iter().enumerate().filter(|_| ids.len() <= MAX_CONTACTS) {
        let field = format!("contact_ids[{i}]");
        match found.iter().find(|c| c.id == *id) {
            None => checks.push(Error::invalid_field(&field, format!("El contacto {id} no existe"))),
            Some(c) if c.state == "deleted" => checks.push(Error::invalid_field(&field, format!("El contacto {} está eliminado", c.name))),
            Some(c) if c.relation != "client" => checks.push(Error::invalid_field(&field, format!("{} no es un cliente", c.name))),
            Some(c) if live_assignment(ctx, content.id, c.id)?.is_some() => {
                checks.push(Error::invalid_field(&field, format!("{} ya tiene asignado este contenido", c.name)));
            }
            Some(_) => {}
        }
    }
    checks.finish()?;
    let (Some(starts_on), Some(ends_on)) = (starts_on, ends_on) else { return Err(Error::internal("checked dates missing")) };
    let mut created: Vec<Record<Assignment>> = Vec::new();
    for id in ids {
        // A contact named twice is assigned once.
        let Some(c) = found.iter().find(|c| c.id == *id).filter(|_| !created.iter().any(|a| a.data.contact_id == *id)) else { continue };
        created.push(insert(
            ctx,
            Assignment {
                content_id: content.id,
                contact_id: c.id,
                name: c.name.clone(),
                email: c.email.clone(),
                starts_on: starts_on.clone(),
                ends_on: ends_on.clone(),
                percentage,
                created_by: Some(ctx.user_id).filter(|u| *u > 0),
                ..Assignment::default()
            },
        )?);
    }
    let (sent, without_email) = if body.send { send_links(&content.data, &created)? } else { (0, Vec::new()) };
    Ok(json!({ "items": assignments_json(ctx, &created)?, "sent": sent, "without_email": without_email }))
}

/// The assignment `id`, not deleted.
fn live(ctx: &Ctx, id: i64) -> Result<Record<Assignment>> {
    resource::find_live::<Assignment>(ctx, id)
}

/// `formative/assignment/update`: its dates, percentage or state.
fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: AssignmentUpdate = req.json()?;
    let current = live(ctx, body.id)?;
    let mut checks = Checks::new();
    let mut data = current.data.clone();
    if let Some(date) = checks.check(validate::optional_date("starts_on", body.starts_on.clone())).flatten() {
        data.starts_on = date;
    } else if body.starts_on.as_deref().is_some_and(|d| d.trim().is_empty()) {
        checks.push(Error::required("starts_on"));
    }
    if let Some(date) = checks.check(validate::optional_date("ends_on", body.ends_on.clone())).flatten() {
        data.ends_on = date;
    } else if body.ends_on.as_deref().is_some_and(|d| d.trim().is_empty()) {
        checks.push(Error::required("ends_on"));
    }
    if let Some(p) = body.percentage {
        data.percentage = p;
    }
    check_terms(&mut checks, &data.starts_on, &data.ends_on, data.percentage);
    let state = match body.state.as_deref() {
        Some(s) => checks.check(validate::one_of("state", s, &["active", "inactive"])),
        None => None,
    };
    checks.finish()?;
    resource::save(ctx, current.id, &data)?;
    if let Some(state) = state {
        resource::set_state::<Assignment>(ctx, current.id, Some(state))?;
    }
    // A higher percentage may take the student past 90 % or to the end already.
    let record = resource::find::<Assignment>(ctx, current.id)?;
    let content = content_of(ctx, record.data.content_id)?;
    let outline = Outline::read(ctx, &content.data.temary_ids)?;
    note_milestones(ctx, &record, &outline)?;
    assignment_detail(ctx, &resource::find::<Assignment>(ctx, current.id)?)
}

/// `formative/assignment/delete`: deleted, its link revoked.
fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    let a = live(ctx, body.id)?;
    remove(ctx, &a)?;
    let record = resource::find::<Assignment>(ctx, a.id)?;
    Ok(assignments_json(ctx, &[record])?.remove(0))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReadQuery {
    id: Option<i64>,
    content_id: Option<i64>,
    status: Option<String>,
}

/// `GET formative/assignment/read`: one (`?id=`) with its lessons, or a page of a content's.
fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    if let Some(id) = q.id {
        return assignment_detail(ctx, &resource::find::<Assignment>(ctx, id)?);
    }
    let content_id = q.content_id.ok_or_else(|| Error::required("content_id"))?;
    resource::find::<Content>(ctx, content_id).map_err(|e| e.with_data(json!({ "field": "content_id" })))?;
    let mut list = ListQuery::from_query(req)?;
    list.state = Some("all".into());
    let today = today();
    let mut condition = "content_id = ${} AND state <> 'deleted'".to_string();
    let mut params: Vec<SqlValue> = vec![content_id.to_sql()];
    match q.status.as_deref().map(str::trim).unwrap_or("") {
        "" => {}
        "active" => {
            condition.push_str(" AND state = 'active' AND starts_on <= ${} AND ends_on >= ${}");
            params.extend([today.to_sql(), today.to_sql()]);
        }
        "pending" => {
            condition.push_str(" AND starts_on > ${}");
            params.push(today.to_sql());
        }
        "expired" => {
            condition.push_str(" AND ends_on < ${}");
            params.push(today.to_sql());
        }
        "completed" => condition.push_str(" AND completed_at IS NOT NULL"),
        "inactive" => condition.push_str(" AND state = 'inactive'"),
        _ => return Err(Error::invalid_field("status", "El estado es active, pending, expired, completed o inactive")),
    }
    let page = resource::list_where::<Assignment>(ctx, &list, Some(&condition), params)?;
    let items = assignments_json(ctx, &page.items)?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

/// Mail each of these assignments' students their link: how many were sent, and the names of
/// those without an address.
fn send_links(content: &Content, assignments: &[Record<Assignment>]) -> Result<(usize, Vec<String>)> {
    let (mut sent, mut without) = (0, Vec::new());
    for a in assignments {
        let Some(reference) = a.data.reference.as_deref() else { continue };
        if a.data.email.trim().is_empty() {
            without.push(a.data.name.clone());
            continue;
        }
        send_link(content, a, reference).map_err(|e| Error::conflict(format!("No se ha podido enviar el correo a {}: {}", a.data.name, e.details)))?;
        sent += 1;
    }
    Ok((sent, without))
}

fn send_link(content: &Content, a: &Record<Assignment>, reference: &str) -> Result<()> {
    mail::send(
        &[a.data.email.clone()],
        "Su curso en línea: {{ content }}",
        "Hola {{ name }}:\n\nYa puede estudiar «{{ content }}» a su ritmo, del {{ starts }} al {{ ends }}. \
         Este es su enlace personal:\n\n{{ url }}\n\nMarque cada lección como hecha al terminarla: así la \
         autoescuela ve su progreso. No comparta el enlace: es solo suyo.\n",
        &json!({
            "name": a.data.name,
            "content": content.name,
            "starts": time::spanish_date(&a.data.starts_on),
            "ends": time::spanish_date(&a.data.ends_on),
            "url": link_url(reference),
        }),
        &[],
    )
}

/// `formative/assignment/send`: each active student of the content (or those named) gets their
/// link by mail.
fn send(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: SendBody = req.json()?;
    let content = resource::find_live::<Content>(ctx, body.content_id).map_err(|e| e.with_data(json!({ "field": "content_id" })))?;
    let all = live_of_content(ctx, content.id)?;
    if let Some(ids) = &body.ids {
        if let Some((i, id)) = ids.iter().enumerate().find(|(_, id)| !all.iter().any(|a| a.id == **id)) {
            return Err(Error::invalid_field(&format!("ids[{i}]"), format!("{id} no es un alumno de este contenido")));
        }
    }
    let chosen: Vec<Record<Assignment>> =
        all.into_iter().filter(|a| a.state == "active" && body.ids.as_ref().is_none_or(|ids| ids.contains(&a.id))).collect();
    let (sent, without) = send_links(&content.data, &chosen)?;
    Ok(json!({ "sent": sent, "without_email": without }))
}

/// Note when the assignment's progress first reached 90 % and 100 %.
pub fn note_milestones(ctx: &Ctx, a: &Record<Assignment>, outline: &Outline) -> Result<()> {
    let done = lessons::done_of(ctx, &[a.id])?;
    let progress = lessons::progress(outline.total(), lessons::done_count(outline, done.get(&a.id)));
    let now = host::now();
    if progress >= crate::reports::MILESTONE && a.data.reached_90_at.is_none() {
        sql::execute("UPDATE formative_assignment SET reached_90_at = $1 WHERE business_id = $2 AND id = $3", &params![now.clone(), ctx.business_id, a.id])?;
    }
    if progress >= 100 && a.data.completed_at.is_none() {
        sql::execute("UPDATE formative_assignment SET completed_at = $1 WHERE business_id = $2 AND id = $3", &params![now, ctx.business_id, a.id])?;
    }
    Ok(())
}

/// `formative.assign` arguments (the products plugin's processes).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Grant {
    pub content_id: i64,
    pub contact_id: i64,
    /// 1 to 1095; default the content's `access_days`.
    pub days: Option<i64>,
    /// 1 to 100; default 100 for a new assignment, unchanged for one that exists.
    pub percentage: Option<i64>,
    /// Add the days to the later of today and the current end.
    pub extend: bool,
    /// Mail a new assignment's link (or an existing one's, when it changed).
    pub send: bool,
}

/// `formative.assign`: the contact's assignment of the content, new or kept (extended, its
/// percentage raised, opened again). Answers `{assignment_id, created, starts_on, ends_on,
/// percentage, url}`.
pub fn grant(ctx: &Ctx, args: Grant) -> Result<Value> {
    let content = assignable(ctx, args.content_id)?;
    let days = args.days.unwrap_or(content.data.access_days);
    let mut checks = Checks::new();
    if !(1..=1095).contains(&days) {
        checks.push(Error::invalid_field("days", "Los días de acceso van de 1 a 1095"));
    }
    if args.percentage.is_some_and(|p| !(1..=100).contains(&p)) {
        checks.push(Error::invalid_field("percentage", "El porcentaje va de 1 a 100"));
    }
    checks.finish()?;
    let today = today();
    let until = time::add_days(&today, days).ok_or_else(|| Error::internal("date out of the calendar"))?;
    let (record, created) = match live_assignment(ctx, content.id, args.contact_id)? {
        Some(current) => {
            let mut data = current.data.clone();
            data.ends_on = if args.extend {
                let base = if data.ends_on > today { data.ends_on.clone() } else { today.clone() };
                time::add_days(&base, days).ok_or_else(|| Error::internal("date out of the calendar"))?
            } else if data.ends_on > until {
                data.ends_on.clone()
            } else {
                until
            };
            if data.starts_on > today {
                data.starts_on.clone_from(&today);
            }
            data.percentage = data.percentage.max(args.percentage.unwrap_or(0));
            resource::save(ctx, current.id, &data)?;
            if current.state == "inactive" {
                resource::set_state::<Assignment>(ctx, current.id, Some("active"))?;
            }
            (resource::find::<Assignment>(ctx, current.id)?, false)
        }
        None => {
            let found = contacts(&[args.contact_id])?;
            let contact = found
                .into_iter()
                .find(|c| c.id == args.contact_id && c.state != "deleted")
                .ok_or_else(|| Error::invalid_field("contact_id", format!("El contacto {} no existe", args.contact_id)))?;
            let data = Assignment {
                content_id: content.id,
                contact_id: contact.id,
                name: contact.name,
                email: contact.email,
                starts_on: today.clone(),
                ends_on: until,
                percentage: args.percentage.unwrap_or(100),
                ..Assignment::default()
            };
            (insert(ctx, data)?, true)
        }
    };
    let outline = Outline::read(ctx, &content.data.temary_ids)?;
    note_milestones(ctx, &record, &outline)?;
    if args.send && !record.data.email.trim().is_empty() {
        if let Some(reference) = record.data.reference.as_deref() {
            send_link(&content.data, &record, reference)?;
        }
    }
    Ok(json!({
        "assignment_id": record.id,
        "created": created,
        "starts_on": record.data.starts_on,
        "ends_on": record.data.ends_on,
        "percentage": record.data.percentage,
        "url": record.data.reference.as_deref().map(link_url),
    }))
}

/// `formative.of_contact` arguments.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct OfContact {
    pub contact_id: i64,
}

/// `formative.of_contact` (the online shop's customer area): the contact's assignments that are
/// not deleted, newest first, each as answers show it (its `url` only while its access is open
/// today), with the content's `hours`.
pub fn of_contact(ctx: &Ctx, args: &OfContact) -> Result<Vec<Value>> {
    let query = ListQuery { state: Some("all".into()), per_page: Some(100), order: Some("-id".into()), ..ListQuery::default() };
    let page = resource::list_where::<Assignment>(ctx, &query, Some("contact_id = ${} AND state <> 'deleted'"), vec![args.contact_id.to_sql()])?;
    let mut items = assignments_json(ctx, &page.items)?;
    for item in &mut items {
        let content = content_of(ctx, item["content_id"].as_i64().unwrap_or_default())?;
        item["hours"] = json!(content.data.hours);
        if item["status"] != "active" || content.state != "active" {
            item["url"] = Value::Null;
        }
    }
    Ok(items)
}

pub fn routes(router: Router) -> Router {
    router
        .post("formative/assignment/create", create)
        .post("formative/assignment/update", update)
        .post("formative/assignment/delete", delete)
        .get("formative/assignment/read", read)
        .post("formative/assignment/send", send)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(state: &str, starts_on: &str, ends_on: &str) -> Record<Assignment> {
        Record {
            id: 1,
            state: state.into(),
            created_at: String::new(),
            updated_at: String::new(),
            data: Assignment { starts_on: starts_on.into(), ends_on: ends_on.into(), percentage: 100, ..Assignment::default() },
        }
    }

    #[test]
    fn an_assignment_is_pending_active_expired_or_paused() {
        assert_eq!(status(&record("active", "2026-12-01", "2026-12-31"), "2026-11-30"), "pending");
        assert_eq!(status(&record("active", "2026-12-01", "2026-12-31"), "2026-12-01"), "active");
        assert_eq!(status(&record("active", "2026-12-01", "2026-12-31"), "2026-12-31"), "active");
        assert_eq!(status(&record("active", "2026-12-01", "2026-12-31"), "2027-01-01"), "expired");
        assert_eq!(status(&record("inactive", "2026-12-01", "2026-12-31"), "2026-12-15"), "inactive");
    }

    #[test]
    fn terms_are_checked_together() {
        let mut checks = Checks::new();
        check_terms(&mut checks, "2026-12-10", "2026-12-01", 0);
        let errors = checks.finish().unwrap_err().into_list();
        let fields: Vec<_> = errors.iter().filter_map(|e| e.field()).collect();
        assert_eq!(fields, vec!["ends_on", "percentage"]);
        let mut checks = Checks::new();
        check_terms(&mut checks, "2026-12-01", "2026-12-01", 100);
        assert!(checks.finish().is_ok());
    }
}
