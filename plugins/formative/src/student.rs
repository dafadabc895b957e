//! The student's page (`/formacion/{reference}`): public calls, without a session, through the
//! assignment's personal link. The host has checked the link (live, this plugin's, this
//! business's) before these run.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery};
use volante_plugin_sdk::{host, links, time};

use crate::assignments::{self, note_milestones, today, Assignment};
use crate::lessons::{self, Outline};
use crate::{content_of, Content};

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct LinkQuery {
    reference: String,
    id: Option<i64>,
}

/// `formative/student/done` body.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct DoneBody {
    pub reference: String,
    /// The lesson (a subtheme of the content's syllabi).
    pub id: i64,
    /// Mark it done (the default) or not done.
    #[serde(default = "yes")]
    pub done: bool,
}

fn yes() -> bool {
    true
}

/// The assignment a link opens, its content and lessons, when its access is open today.
struct Access {
    assignment: Record<Assignment>,
    content: Record<Content>,
    outline: Outline,
}

fn access(ctx: &Ctx, reference: &str) -> Result<Access> {
    let query = ListQuery { state: Some("all".into()), per_page: Some(1), ..ListQuery::default() };
    let assignment = resource::list_where::<Assignment>(ctx, &query, Some("reference = ${} AND state <> 'deleted'"), vec![reference.to_sql()])?
        .items
        .into_iter()
        .next()
        .ok_or_else(|| Error::new(codes::NOT_FOUND, "El enlace ya no da acceso al curso"))?;
    let content = content_of(ctx, assignment.data.content_id)?;
    if content.state != "active" {
        return Err(Error::conflict("El contenido ya no está disponible"));
    }
    let today = today();
    match assignments::status(&assignment, &today) {
        "inactive" => return Err(Error::conflict("Su acceso está en pausa")),
        "pending" => return Err(Error::conflict(format!("Su acceso empieza el {}", time::spanish_date(&assignment.data.starts_on)))),
        "expired" => return Err(Error::conflict(format!("Su acceso terminó el {}", time::spanish_date(&assignment.data.ends_on)))),
        _ => {}
    }
    let outline = Outline::read(ctx, &content.data.temary_ids)?;
    Ok(Access { assignment, content, outline })
}

/// What the page shows of the course.
fn course(ctx: &Ctx, access: &Access) -> Result<Value> {
    let a = &access.assignment;
    let done = lessons::done_of(ctx, &[a.id])?;
    let marks = done.get(&a.id);
    let total = access.outline.total();
    let open = access.outline.open_count(a.data.percentage);
    let done_count = lessons::done_count(&access.outline, marks);
    let syllabi: Vec<Value> = access
        .outline
        .syllabi
        .iter()
        .filter(|s| s["state"] != "deleted")
        .map(|s| {
            let themes: Vec<Value> = s["themes"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|t| {
                    let lessons: Vec<Value> = t["subthemes"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|l| l["id"].as_i64().map(|id| (id, l)))
                        .map(|(id, l)| {
                            json!({ "id": id, "title": l["title"], "open": access.outline.is_open(id, a.data.percentage),
                                "done": marks.is_some_and(|m| m.contains_key(&id)) })
                        })
                        .collect();
                    json!({ "id": t["id"], "title": t["title"], "lessons": lessons })
                })
                .collect();
            json!({ "id": s["id"], "name": s["name"], "themes": themes })
        })
        .collect();
    Ok(json!({
        "name": a.data.name,
        "content": {
            "name": access.content.data.name, "description": access.content.data.description,
            "category": access.content.data.category, "hours": access.content.data.hours,
        },
        "starts_on": a.data.starts_on,
        "ends_on": a.data.ends_on,
        "percentage": a.data.percentage,
        "total": total,
        "open": open,
        "done": done_count,
        "progress": lessons::progress(total, done_count),
        "syllabi": syllabi,
    }))
}

fn seen(ctx: &Ctx, a: &Record<Assignment>) -> Result<()> {
    sql::execute("UPDATE formative_assignment SET last_seen_at = $1 WHERE business_id = $2 AND id = $3", &params![host::now(), ctx.business_id, a.id])?;
    Ok(())
}

/// `GET formative/student/read?reference=`.
fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: LinkQuery = req.query()?;
    let access = access(ctx, &q.reference)?;
    seen(ctx, &access.assignment)?;
    course(ctx, &access)
}

/// The open lesson `id` of the access (`CONFLICT-000` when it is not open, `NOT-FOUND-000` when
/// it is not one of the content's).
fn open_lesson(access: &Access, id: i64) -> Result<usize> {
    let position = access.outline.position(id).ok_or_else(|| Error::new(codes::NOT_FOUND, "Lección no encontrada").with_data(json!({ "entity": "Lección", "id": id })))?;
    if !access.outline.is_open(id, access.assignment.data.percentage) {
        return Err(Error::conflict("Esta lección no está incluida en su acceso"));
    }
    Ok(position)
}

/// `GET formative/student/lesson?reference=&id=`: an open lesson's sections, sheets and videos;
/// their files are shared with the link.
fn lesson(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: LinkQuery = req.query()?;
    let id = q.id.ok_or_else(|| Error::required("id"))?;
    let access = access(ctx, &q.reference)?;
    let position = open_lesson(&access, id)?;
    let info = &access.outline.lessons[position];
    let parts = lessons::materials(ctx, id)?.ok_or_else(|| Error::new(codes::NOT_FOUND, "Lección no encontrada"))?;
    for kind in ["sheets", "videos"] {
        for file in parts[kind].as_array().into_iter().flatten() {
            if let Some(file_id) = file["file_id"].as_i64() {
                links::share_file(&q.reference, file_id)?;
            }
        }
    }
    let a = &access.assignment;
    let done = lessons::done_of(ctx, &[a.id])?;
    let open = access.outline.open_count(a.data.percentage);
    seen(ctx, a)?;
    Ok(json!({
        "id": id,
        "title": info.title,
        "theme": info.theme,
        "syllabus": info.syllabus,
        "done": done.get(&a.id).is_some_and(|m| m.contains_key(&id)),
        "sections": parts["sections"],
        "sheets": parts["sheets"],
        "videos": parts["videos"],
        "previous": position.checked_sub(1).map(|p| access.outline.lessons[p].id),
        "next": (position + 1 < open).then(|| access.outline.lessons[position + 1].id),
    }))
}

/// `POST formative/student/done`: an open lesson marked done (or not).
fn done(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: DoneBody = req.json()?;
    let access = access(ctx, &body.reference)?;
    open_lesson(&access, body.id)?;
    let a = &access.assignment;
    if body.done {
        sql::execute(
            "INSERT INTO formative_progress (business_id, assignment_id, subtheme_id, done_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (business_id, assignment_id, subtheme_id) DO NOTHING",
            &params![ctx.business_id, a.id, body.id, host::now()],
        )?;
    } else {
        sql::execute(
            "DELETE FROM formative_progress WHERE business_id = $1 AND assignment_id = $2 AND subtheme_id = $3",
            &params![ctx.business_id, a.id, body.id],
        )?;
    }
    note_milestones(ctx, a, &access.outline)?;
    seen(ctx, a)?;
    course(ctx, &access)
}

pub fn routes(router: Router) -> Router {
    router.get("formative/student/read", read).get("formative/student/lesson", lesson).post("formative/student/done", done)
}
