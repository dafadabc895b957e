//! The practical lessons: booked for a student, of a type (which gives its length), with a
//! teacher and a vehicle; neither the teacher, nor the vehicle, nor the student can be in two
//! lessons at once. A lesson given (or missed without notice) is charged to the student's oldest
//! pack of that type with lessons left; without one it stays owed until a pack is bought.

use volante_plugin_sdk::bindings::volante::plugin::plugins;
use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::time::{clock_minutes, clock_text};
use volante_plugin_sdk::{host, validate, Checks};

use crate::student;
use crate::types;
use crate::{spanish_date, teacher};

/// Where a lesson is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LessonStatus {
    #[default]
    Scheduled,
    /// Given.
    Done,
    /// The student did not come without warning: charged like a lesson given.
    NoShow,
    Cancelled,
}

impl LessonStatus {
    fn as_str(self) -> &'static str {
        match self {
            LessonStatus::Scheduled => "scheduled",
            LessonStatus::Done => "done",
            LessonStatus::NoShow => "no_show",
            LessonStatus::Cancelled => "cancelled",
        }
    }

    /// Charged to a pack.
    fn charged(self) -> bool {
        matches!(self, LessonStatus::Done | LessonStatus::NoShow)
    }
}

/// A lesson as read.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Lesson {
    pub id: i64,
    pub student_id: i64,
    pub student_name: Option<String>,
    pub type_id: i64,
    pub type_name: Option<String>,
    pub teacher_user_id: Option<i64>,
    #[serde(default)]
    pub teacher_name: Option<String>,
    pub vehicle_id: Option<i64>,
    #[serde(default)]
    pub vehicle_plate: Option<String>,
    pub date: String,
    pub start_time: String,
    pub end_time: String,
    pub status: LessonStatus,
    /// The pack it was charged to; null while not charged (or owed).
    pub bag_id: Option<i64>,
    pub notes: String,
    pub created_at: String,
    pub updated_at: String,
}

impl Lesson {
    pub fn charged(&self) -> bool {
        self.status.charged()
    }
}

const LESSONS: &str = "SELECT l.id, l.student_id, s.name AS student_name, l.type_id, t.name AS type_name, l.teacher_user_id, \
     l.vehicle_id, l.date, l.start_time, l.end_time, l.status, l.bag_id, l.notes, l.created_at, l.updated_at \
     FROM practices_practice l \
     LEFT JOIN practices_student s ON s.business_id = l.business_id AND s.id = l.student_id \
     LEFT JOIN practices_type t ON t.business_id = l.business_id AND t.id = l.type_id \
     WHERE l.business_id = $1";

#[derive(Debug, Deserialize)]
struct VehicleSummary {
    id: i64,
    plate: String,
    #[serde(default)]
    state: String,
}

/// The vehicles among `ids` as the fleet plugin names them; `None` when it cannot be asked.
fn vehicles(ids: &[i64]) -> Option<Vec<VehicleSummary>> {
    if ids.is_empty() {
        return Some(Vec::new());
    }
    let text = plugins::call("fleet", "vehicle.summaries", &json!({ "ids": ids }).to_string()).ok()?;
    serde_json::from_str(&text).ok()
}

/// The lessons with their teacher's name and vehicle's plate.
fn named(mut lessons: Vec<Lesson>) -> Vec<Lesson> {
    let staff = host::directory::staff(true);
    let mut ids: Vec<i64> = lessons.iter().filter_map(|l| l.vehicle_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let plates = vehicles(&ids).unwrap_or_default();
    for lesson in &mut lessons {
        lesson.teacher_name = lesson.teacher_user_id.and_then(|u| staff.iter().find(|m| m.user_id == u)).map(|m| m.name.clone());
        lesson.vehicle_plate = lesson.vehicle_id.and_then(|v| plates.iter().find(|p| p.id == v)).map(|p| p.plate.clone());
    }
    lessons
}

/// The student's lessons, newest first.
pub fn of_student(ctx: &Ctx, student_id: i64) -> Result<Vec<Lesson>> {
    let rows = sql::query_as(&format!("{LESSONS} AND l.student_id = $2 ORDER BY l.date DESC, l.start_time DESC, l.id DESC"), &params![ctx.business_id, student_id])?;
    Ok(named(rows))
}

fn find(ctx: &Ctx, id: i64) -> Result<Lesson> {
    let lesson: Lesson = sql::query_optional(&format!("{LESSONS} AND l.id = $2"), &params![ctx.business_id, id])?
        .ok_or_else(|| Error::not_found_feminine("Práctica").with_data(json!({ "entity": "Práctica", "id": id })))?;
    // Only a lesson of a student the caller may see (their branch).
    student::find(ctx, lesson.student_id).map_err(|_| Error::not_found_feminine("Práctica"))?;
    Ok(lesson)
}

/// `student/practice` body: a lesson to book (or to record, with `status` `done`).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct NewLesson {
    pub student_id: i64,
    pub type_id: i64,
    /// `YYYY-MM-DD`.
    pub date: String,
    /// `HH:MM`; the end follows from the type's length.
    pub start_time: String,
    /// The student's usual teacher when empty.
    pub teacher_user_id: Option<i64>,
    /// A vehicle of the fleet plugin.
    pub vehicle_id: Option<i64>,
    pub status: Option<LessonStatus>,
    pub notes: String,
}

/// What is checked of a lesson's place in time.
struct Slot {
    student_id: i64,
    date: String,
    start: u32,
    end: u32,
    teacher_user_id: Option<i64>,
    vehicle_id: Option<i64>,
}

#[derive(Deserialize)]
struct Busy {
    student_id: i64,
    teacher_user_id: Option<i64>,
    vehicle_id: Option<i64>,
    start_time: String,
    end_time: String,
    student_name: Option<String>,
}

/// The refusals for another lesson (not `except`) of the teacher, the vehicle or the student
/// that overlaps the slot.
fn clashes(ctx: &Ctx, slot: &Slot, except: i64, checks: &mut Checks) -> Result<()> {
    let busy: Vec<Busy> = sql::query_as(
        "SELECT l.student_id, l.teacher_user_id, l.vehicle_id, l.start_time, l.end_time, s.name AS student_name \
         FROM practices_practice l LEFT JOIN practices_student s ON s.business_id = l.business_id AND s.id = l.student_id \
         WHERE l.business_id = $1 AND l.date = $2 AND l.status IN ('scheduled', 'done') AND l.id <> $3",
        &params![ctx.business_id, slot.date.clone(), except],
    )?;
    let when = |b: &Busy| format!("de {} a {} el {}", b.start_time, b.end_time, spanish_date(&slot.date));
    let overlapping = busy.iter().filter(|b| {
        matches!((clock_minutes(&b.start_time), clock_minutes(&b.end_time)), (Some(s), Some(e)) if s < slot.end && slot.start < e)
    });
    let (mut teacher_done, mut vehicle_done, mut student_done) = (false, false, false);
    for b in overlapping {
        if !teacher_done && slot.teacher_user_id.is_some() && b.teacher_user_id == slot.teacher_user_id {
            checks.push(Error::invalid_field("teacher_user_id", format!("El profesor ya tiene una práctica {} ({})", when(b), b.student_name.clone().unwrap_or_default())));
            teacher_done = true;
        }
        if !vehicle_done && slot.vehicle_id.is_some() && b.vehicle_id == slot.vehicle_id {
            checks.push(Error::invalid_field("vehicle_id", format!("El vehículo ya está reservado {}", when(b))));
            vehicle_done = true;
        }
        if !student_done && b.student_id == slot.student_id {
            checks.push(Error::invalid_field("start_time", format!("El alumno ya tiene una práctica {}", when(b))));
            student_done = true;
        }
    }
    Ok(())
}

/// A vehicle of the business's fleet that is not deleted.
fn check_vehicle(id: i64, checks: &mut Checks) {
    match vehicles(&[id]) {
        None => checks.push(Error::invalid_field("vehicle_id", "No se pueden leer los vehículos: el servicio de vehículos no está activo para la empresa")),
        Some(found) if !found.iter().any(|v| v.id == id && v.state != "deleted") => {
            checks.push(Error::invalid_field("vehicle_id", "El vehículo no existe"))
        }
        Some(_) => {}
    }
}

/// `POST hermes/student/practice`: book a lesson for the student (or record one given).
pub fn book(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: NewLesson = req.json()?;
    let student = student::find_open(ctx, body.student_id)?;
    let status = body.status.unwrap_or_default();
    let mut checks = Checks::new();
    let kind = checks.check(types::find(ctx, body.type_id, true));
    if let Some(kind) = &kind {
        if kind.data.licence != student.data.licence {
            checks.push(Error::invalid_field("type_id", format!("El tipo de práctica es del permiso {}, no del {}", kind.data.licence, student.data.licence)));
        }
    }
    let date = match checks.check(validate::date("date", &body.date)) {
        Some(d) if d.is_empty() => {
            checks.push(Error::required("date"));
            None
        }
        other => other,
    };
    let start = clock_minutes(body.start_time.trim());
    if start.is_none() {
        checks.push(Error::invalid_field("start_time", "La hora debe ser HH:MM"));
    }
    let teacher_user_id = body.teacher_user_id.or(student.data.teacher_user_id);
    if let Some(user) = teacher_user_id {
        checks.check(teacher("teacher_user_id", user));
    }
    if let Some(vehicle) = body.vehicle_id {
        check_vehicle(vehicle, &mut checks);
    }
    if status == LessonStatus::Cancelled {
        checks.push(Error::invalid_field("status", "Una práctica nueva no puede estar anulada"));
    }
    let notes = checks.check(validate::optional("notes", &body.notes, 2000)).unwrap_or_default();
    let (Some(kind), Some(date), Some(start)) = (kind, date, start) else { return Err(checks.finish().unwrap_err()) };
    let end = start + kind.data.minutes as u32;
    if end > 24 * 60 {
        checks.push(Error::invalid_field("start_time", "La práctica terminaría pasada la medianoche"));
    }
    if status.charged() && date > crate::today() {
        checks.push(Error::invalid_field("status", "Una práctica futura no puede darse por hecha"));
    }
    if checks.is_empty() {
        let slot = Slot { student_id: body.student_id, date: date.clone(), start, end, teacher_user_id, vehicle_id: body.vehicle_id };
        clashes(ctx, &slot, 0, &mut checks)?;
    }
    checks.finish()?;
    let now = host::now();
    let id: i64 = sql::query_scalar(
        "INSERT INTO practices_practice (business_id, student_id, type_id, teacher_user_id, vehicle_id, date, start_time, end_time, status, notes, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id",
        &params![ctx.business_id, body.student_id, body.type_id, teacher_user_id, body.vehicle_id, date, clock_text(start), clock_text(end), status.as_str(), notes, now],
    )?;
    if status.charged() {
        charge(ctx, id)?;
    }
    student::detail(ctx, body.student_id)
}

/// `student/practice/update` body: the lesson (`id`) and what changes.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct LessonUpdate {
    pub id: i64,
    pub status: Option<LessonStatus>,
    pub date: Option<String>,
    pub start_time: Option<String>,
    pub teacher_user_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    /// Take the vehicle off the lesson.
    pub clear_vehicle: bool,
    pub notes: Option<String>,
}

/// `POST hermes/student/practice/update` (extension): give, miss or cancel a lesson, move it, or
/// change its teacher, vehicle or notes. Moving is for lessons still scheduled.
pub fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: LessonUpdate = req.json()?;
    let lesson = find(ctx, body.id)?;
    let status = body.status.unwrap_or(lesson.status);
    let moves = body.date.is_some() || body.start_time.is_some() || body.teacher_user_id.is_some() || body.vehicle_id.is_some() || body.clear_vehicle;
    let mut checks = Checks::new();
    if moves && lesson.status != LessonStatus::Scheduled {
        return Err(Error::conflict("Solo se cambia de fecha, profesor o vehículo una práctica programada"));
    }
    let date = match body.date.as_deref() {
        Some(d) => match checks.check(validate::date("date", d)) {
            Some(d) if d.is_empty() => {
                checks.push(Error::required("date"));
                lesson.date.clone()
            }
            Some(d) => d,
            None => lesson.date.clone(),
        },
        None => lesson.date.clone(),
    };
    let start = match body.start_time.as_deref() {
        Some(t) => clock_minutes(t.trim()).or_else(|| {
            checks.push(Error::invalid_field("start_time", "La hora debe ser HH:MM"));
            None
        }),
        None => clock_minutes(&lesson.start_time),
    };
    let length = match (clock_minutes(&lesson.start_time), clock_minutes(&lesson.end_time)) {
        (Some(s), Some(e)) => e - s,
        _ => 0,
    };
    let teacher_user_id = body.teacher_user_id.or(lesson.teacher_user_id);
    if let Some(user) = body.teacher_user_id {
        checks.check(teacher("teacher_user_id", user));
    }
    let vehicle_id = if body.clear_vehicle { None } else { body.vehicle_id.or(lesson.vehicle_id) };
    if let Some(vehicle) = body.vehicle_id {
        check_vehicle(vehicle, &mut checks);
    }
    if status.charged() && date > crate::today() {
        checks.push(Error::invalid_field("status", "Una práctica futura no puede darse por hecha"));
    }
    let notes = checks.check(validate::optional("notes", body.notes.as_deref().unwrap_or(&lesson.notes), 2000)).unwrap_or_default();
    let Some(start) = start else { return Err(checks.finish().unwrap_err()) };
    let end = start + length;
    if end > 24 * 60 {
        checks.push(Error::invalid_field("start_time", "La práctica terminaría pasada la medianoche"));
    }
    if checks.is_empty() && status != LessonStatus::Cancelled && status != LessonStatus::NoShow {
        let slot = Slot { student_id: lesson.student_id, date: date.clone(), start, end, teacher_user_id, vehicle_id };
        clashes(ctx, &slot, lesson.id, &mut checks)?;
    }
    checks.finish()?;
    sql::execute(
        "UPDATE practices_practice SET status = $1, date = $2, start_time = $3, end_time = $4, teacher_user_id = $5, vehicle_id = $6, notes = $7, \
         bag_id = CASE WHEN $8 THEN bag_id ELSE NULL END, updated_at = $9 WHERE business_id = $10 AND id = $11",
        &params![status.as_str(), date, clock_text(start), clock_text(end), teacher_user_id, vehicle_id, notes, status.charged(), host::now(), ctx.business_id, body.id],
    )?;
    if status.charged() {
        charge(ctx, body.id)?;
    } else {
        // A pack freed by this lesson takes a lesson still owed.
        charge_unpaid(ctx, lesson.student_id)?;
    }
    student::detail(ctx, lesson.student_id)
}

#[derive(Deserialize)]
struct Open {
    id: i64,
}

/// Charge the lesson `id` (charged status, no pack yet) to the student's oldest pack of its type
/// with lessons left; it stays owed when there is none.
fn charge(ctx: &Ctx, id: i64) -> Result<()> {
    let lesson = find(ctx, id)?;
    if !lesson.charged() || lesson.bag_id.is_some() {
        return Ok(());
    }
    let open: Option<Open> = sql::query_optional(
        "SELECT b.id FROM practices_bag b WHERE b.business_id = $1 AND b.student_id = $2 AND b.type_id = $3 \
         AND b.quantity > (SELECT COUNT(*) FROM practices_practice p WHERE p.business_id = b.business_id AND p.bag_id = b.id) \
         ORDER BY b.purchased_on, b.id",
        &params![ctx.business_id, lesson.student_id, lesson.type_id],
    )?;
    if let Some(bag) = open {
        sql::execute("UPDATE practices_practice SET bag_id = $1 WHERE business_id = $2 AND id = $3", &params![bag.id, ctx.business_id, id])?;
    }
    Ok(())
}

/// Charge the student's owed lessons, oldest first, to the packs with lessons left.
pub fn charge_unpaid(ctx: &Ctx, student_id: i64) -> Result<()> {
    let owed: Vec<Open> = sql::query_as(
        "SELECT id FROM practices_practice WHERE business_id = $1 AND student_id = $2 AND status IN ('done', 'no_show') AND bag_id IS NULL \
         ORDER BY date, start_time, id",
        &params![ctx.business_id, student_id],
    )?;
    for lesson in owed {
        charge(ctx, lesson.id)?;
    }
    Ok(())
}

/// Cancel the student's lessons still to come (a student who leaves).
pub fn cancel_upcoming(ctx: &Ctx, student_id: i64) -> Result<()> {
    sql::execute(
        "UPDATE practices_practice SET status = 'cancelled', updated_at = $1 WHERE business_id = $2 AND student_id = $3 AND status = 'scheduled' AND date >= $4",
        &params![host::now(), ctx.business_id, student_id, crate::today()],
    )?;
    Ok(())
}

/// `teacher/student` body: whose agenda and which days.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct ScheduleQuery {
    /// The caller when empty.
    pub teacher_user_id: Option<i64>,
    /// `YYYY-MM-DD`; today when empty.
    pub from: Option<String>,
    /// `YYYY-MM-DD`; `from` when empty; at most 31 days after it.
    pub to: Option<String>,
}

/// `POST hermes/teacher/student`: a teacher's lessons (not cancelled) between two days, in order,
/// with each student's name, the type, and the vehicle.
pub fn schedule(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: ScheduleQuery = req.json()?;
    let user = body.teacher_user_id.unwrap_or(ctx.user_id);
    teacher("teacher_user_id", user)?;
    let from = validate::optional_date("from", body.from)?.unwrap_or_else(crate::today);
    let to = validate::optional_date("to", body.to)?.unwrap_or_else(|| from.clone());
    match volante_plugin_sdk::time::days_between(&from, &to) {
        Some(days) if (0..=31).contains(&days) => {}
        _ => return Err(Error::invalid_field("to", "El periodo va de 0 a 31 días desde el inicio")),
    }
    let rows: Vec<Lesson> = sql::query_as(
        &format!("{LESSONS} AND l.teacher_user_id = $2 AND l.date >= $3 AND l.date <= $4 AND l.status <> 'cancelled' ORDER BY l.date, l.start_time, l.id"),
        &params![ctx.business_id, user, from.clone(), to.clone()],
    )?;
    let visible: Vec<Lesson> = rows.into_iter().filter(|l| student::find(ctx, l.student_id).is_ok()).collect();
    Ok(json!({ "teacher_user_id": user, "from": from, "to": to, "lessons": named(visible) }))
}
