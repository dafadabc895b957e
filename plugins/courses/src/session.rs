//! A course's sessions (date, hours, place, teachers) and the attendance taken in them. A place
//! or a teacher cannot be in two sessions at once, whatever the course.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::{host, validate, Checks};

use crate::course::{self, find_open};
use crate::{ids_of, placeholders, spanish_date, IdBody, Kind};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SessionKind {
    #[default]
    Theory,
    Practice,
}

impl SessionKind {
    fn as_str(self) -> &'static str {
        match self {
            SessionKind::Theory => "theory",
            SessionKind::Practice => "practice",
        }
    }
}

/// `sesion/add`'s body.
#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct NewSession {
    pub course_id: i64,
    /// `YYYY-MM-DD`, within the course's dates.
    pub date: String,
    /// `HH:MM`.
    pub start_time: String,
    /// `HH:MM`, after the start, the same day.
    pub end_time: String,
    pub kind: SessionKind,
    /// A place (`sesion/lugares`).
    pub place_id: Option<i64>,
    /// Teachers (`sesion/docentes`).
    pub teacher_ids: Vec<i64>,
}

/// A session as the course's detail lists it.
#[derive(Debug, Clone, Serialize)]
pub struct SessionRow {
    pub id: i64,
    pub date: String,
    pub start_time: String,
    pub end_time: String,
    pub hours: f64,
    pub kind: String,
    pub place_id: Option<i64>,
    pub place_name: Option<String>,
    pub teacher_ids: Vec<i64>,
    pub teachers: Vec<String>,
    /// The contacts marked present.
    pub present: Vec<i64>,
}

#[derive(Deserialize)]
struct Stored {
    id: i64,
    date: String,
    start_time: String,
    end_time: String,
    kind: String,
    place_id: Option<i64>,
    place_name: Option<String>,
}

#[derive(Deserialize)]
struct TeacherOf {
    session_id: i64,
    teacher_id: i64,
    first_name: String,
    last_name: String,
}

#[derive(Deserialize)]
struct PresentRow {
    session_id: i64,
    contact_id: i64,
}

/// Minutes since midnight of `HH:MM`.
pub use volante_plugin_sdk::time::clock_minutes as minutes;

fn hours_between(start: &str, end: &str) -> f64 {
    match (minutes(start), minutes(end)) {
        (Some(s), Some(e)) if e > s => f64::from(e - s) / 60.0,
        _ => 0.0,
    }
}

/// The sessions of course `course_id`, by date and start, with their teachers and attendance.
pub fn of_course(ctx: &Ctx, course_id: i64) -> Result<Vec<SessionRow>> {
    let p = params![ctx.business_id, course_id];
    let stored: Vec<Stored> = sql::query_as(
        "SELECT s.id, s.date, s.start_time, s.end_time, s.kind, s.place_id, p.name AS place_name FROM courses_session s \
         LEFT JOIN courses_place p ON p.business_id = s.business_id AND p.id = s.place_id \
         WHERE s.business_id = $1 AND s.course_id = $2 ORDER BY s.date, s.start_time, s.id",
        &p,
    )?;
    let teachers: Vec<TeacherOf> = sql::query_as(
        "SELECT st.session_id, st.teacher_id, t.first_name, t.last_name FROM courses_session_teacher st \
         JOIN courses_teacher t ON t.business_id = st.business_id AND t.id = st.teacher_id \
         JOIN courses_session s ON s.business_id = st.business_id AND s.id = st.session_id \
         WHERE st.business_id = $1 AND s.course_id = $2 ORDER BY t.first_name, t.last_name, t.id",
        &p,
    )?;
    let present: Vec<PresentRow> = sql::query_as(
        "SELECT a.session_id, a.contact_id FROM courses_attendance a JOIN courses_session s ON s.business_id = a.business_id AND s.id = a.session_id \
         WHERE a.business_id = $1 AND s.course_id = $2 AND a.present = $3 ORDER BY a.contact_id",
        &params![ctx.business_id, course_id, true],
    )?;
    Ok(stored
        .into_iter()
        .map(|s| {
            let mine: Vec<&TeacherOf> = teachers.iter().filter(|t| t.session_id == s.id).collect();
            SessionRow {
                id: s.id,
                hours: hours_between(&s.start_time, &s.end_time),
                date: s.date,
                start_time: s.start_time,
                end_time: s.end_time,
                kind: s.kind,
                place_id: s.place_id,
                place_name: s.place_name,
                teacher_ids: mine.iter().map(|t| t.teacher_id).collect(),
                teachers: mine.iter().map(|t| crate::catalogue::teacher_name(&t.first_name, &t.last_name)).collect(),
                present: present.iter().filter(|a| a.session_id == s.id).map(|a| a.contact_id).collect(),
            }
        })
        .collect())
}

/// The first session date of course `id` outside `start`..`end`, if any.
pub fn first_outside(ctx: &Ctx, id: i64, start: Option<&str>, end: Option<&str>) -> Result<Option<String>> {
    #[derive(Deserialize)]
    struct Date {
        date: String,
    }
    let dates: Vec<Date> = sql::query_as(
        "SELECT date FROM courses_session WHERE business_id = $1 AND course_id = $2 ORDER BY date",
        &params![ctx.business_id, id],
    )?;
    Ok(dates.into_iter().map(|d| d.date).find(|d| start.is_some_and(|s| d.as_str() < s) || end.is_some_and(|e| d.as_str() > e)))
}

#[derive(Deserialize)]
struct Clash {
    date: String,
    start_time: String,
    end_time: String,
    reference: String,
    name: String,
}

/// A session of any course that overlaps `date start..end` and has the place, or one of the
/// teachers, of `which` (`"place"` or `"teacher"`).
fn clash(ctx: &Ctx, s: &NewSession, which: &str, id: i64) -> Result<Option<Clash>> {
    let join = match which {
        "place" => "s.place_id = $5",
        _ => "s.id IN (SELECT session_id FROM courses_session_teacher WHERE business_id = $1 AND teacher_id = $5)",
    };
    let name_sql = match which {
        "place" => "(SELECT name FROM courses_place WHERE business_id = $1 AND id = $5)",
        _ => "(SELECT first_name || ' ' || last_name FROM courses_teacher WHERE business_id = $1 AND id = $5)",
    };
    let mut rows: Vec<Clash> = sql::query_as(
        &format!(
            "SELECT s.date, s.start_time, s.end_time, c.reference, {name_sql} AS name FROM courses_session s \
             JOIN courses_course c ON c.business_id = s.business_id AND c.id = s.course_id \
             WHERE s.business_id = $1 AND s.date = $2 AND s.start_time < $4 AND $3 < s.end_time AND {join} \
             ORDER BY s.start_time LIMIT 1"
        ),
        &params![ctx.business_id, s.date, s.start_time, s.end_time, id],
    )?;
    Ok(rows.pop())
}

/// `POST <prefix>sesion/add`.
pub fn add(ctx: &Ctx, req: &Req, kind: Kind) -> Result<Value> {
    let mut s: NewSession = req.json()?;
    let course = find_open(ctx, kind, s.course_id)?;
    let mut checks = Checks::new();
    if let Some(date) = checks.check(validate::date("date", &s.date)) {
        s.date = date;
        if course.data.start_date.as_deref().is_some_and(|start| s.date.as_str() < start)
            || course.data.end_date.as_deref().is_some_and(|end| s.date.as_str() > end)
        {
            checks.push(Error::invalid_field("date", "La sesión debe estar entre las fechas del curso"));
        }
    }
    s.start_time = s.start_time.trim().to_string();
    s.end_time = s.end_time.trim().to_string();
    let start = minutes(&s.start_time);
    let end = minutes(&s.end_time);
    if start.is_none() {
        checks.push(Error::invalid_field("start_time", "La hora de inicio debe ser HH:MM"));
    }
    match end {
        None => checks.push(Error::invalid_field("end_time", "La hora de fin debe ser HH:MM")),
        Some(e) if start.is_some_and(|st| e <= st) => checks.push(Error::invalid_field("end_time", "La hora de fin debe ser posterior a la de inicio")),
        Some(_) => {}
    }
    if let Some(place) = s.place_id {
        if !crate::catalogue::place_exists(ctx, place)? {
            checks.push(Error::invalid_field("place_id", "El lugar no existe"));
        }
    }
    s.teacher_ids.sort_unstable();
    s.teacher_ids.dedup();
    for teacher in &s.teacher_ids {
        if !crate::catalogue::teacher_exists(ctx, *teacher)? {
            checks.push(Error::invalid_field("teacher_ids", "El docente no existe"));
            break;
        }
    }
    checks.finish()?;
    let mut checks = Checks::new();
    let busy = |who: String, c: Clash| {
        format!("{who} ya tiene una sesión de {} a {} el {} (curso {})", c.start_time, c.end_time, spanish_date(&c.date), c.reference)
    };
    if let Some(place) = s.place_id {
        if let Some(c) = clash(ctx, &s, "place", place)? {
            let who = format!("El lugar {}", c.name);
            checks.push(Error::invalid_field("place_id", busy(who, c)));
        }
    }
    for teacher in &s.teacher_ids {
        if let Some(c) = clash(ctx, &s, "teacher", *teacher)? {
            let who = format!("El docente {}", c.name.trim());
            checks.push(Error::invalid_field("teacher_ids", busy(who, c)));
        }
    }
    checks.finish()?;
    let id: i64 = sql::query_scalar(
        "INSERT INTO courses_session (business_id, course_id, date, start_time, end_time, kind, place_id, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
        &params![ctx.business_id, s.course_id, s.date, s.start_time, s.end_time, s.kind.as_str(), s.place_id, host::now()],
    )?;
    for teacher in &s.teacher_ids {
        sql::execute(
            "INSERT INTO courses_session_teacher (business_id, session_id, teacher_id) VALUES ($1, $2, $3)",
            &params![ctx.business_id, id, *teacher],
        )?;
    }
    course::detail(ctx, kind, s.course_id)
}

#[derive(Deserialize)]
struct SessionCourse {
    course_id: i64,
}

/// The course of session `id`, of `kind`, open for changes.
fn course_of(ctx: &Ctx, kind: Kind, id: i64) -> Result<i64> {
    let mut rows: Vec<SessionCourse> =
        sql::query_as("SELECT course_id FROM courses_session WHERE business_id = $1 AND id = $2", &params![ctx.business_id, id])?;
    let course_id = rows.pop().ok_or_else(|| Error::not_found_feminine("Sesión").with_data(json!({ "entity": "Sesión", "id": id })))?.course_id;
    find_open(ctx, kind, course_id)?;
    Ok(course_id)
}

/// `POST <prefix>sesion/remove` `{id}`: the session, its teachers and its attendance.
pub fn remove(ctx: &Ctx, req: &Req, kind: Kind) -> Result<Value> {
    let body: IdBody = req.json()?;
    let course_id = course_of(ctx, kind, body.id)?;
    for table in ["courses_attendance", "courses_session_teacher"] {
        sql::execute(&format!("DELETE FROM {table} WHERE business_id = $1 AND session_id = $2"), &params![ctx.business_id, body.id])?;
    }
    sql::execute("DELETE FROM courses_session WHERE business_id = $1 AND id = $2", &params![ctx.business_id, body.id])?;
    course::detail(ctx, kind, course_id)
}

/// `sesion/attendance`'s body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Attendance {
    pub session_id: i64,
    pub contact_ids: Vec<i64>,
    pub contact_id: Option<i64>,
    pub present: bool,
}

/// `POST <prefix>sesion/attendance`: mark enrolled students present or absent in a session.
pub fn attendance(ctx: &Ctx, req: &Req, kind: Kind) -> Result<Value> {
    let body: Attendance = req.json()?;
    let course_id = course_of(ctx, kind, body.session_id)?;
    let ids = ids_of("contact_ids", &body.contact_ids, body.contact_id)?;
    let mut params = vec![ctx.business_id.to_sql(), course_id.to_sql()];
    params.extend(ids.iter().map(|id| id.to_sql()));
    let enrolled: i64 = sql::query_scalar(
        &format!(
            "SELECT COUNT(*) FROM courses_student WHERE business_id = $1 AND course_id = $2 AND contact_id IN ({})",
            placeholders(3, ids.len())
        ),
        &params,
    )?;
    if enrolled != ids.len() as i64 {
        return Err(Error::invalid_field("contact_ids", "Solo se puede pasar lista a los alumnos matriculados en el curso"));
    }
    let now = host::now();
    for id in &ids {
        sql::execute(
            "INSERT INTO courses_attendance (business_id, session_id, contact_id, present, marked_at, marked_by) VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (business_id, session_id, contact_id) DO UPDATE SET present = excluded.present, marked_at = excluded.marked_at, marked_by = excluded.marked_by",
            &params![ctx.business_id, body.session_id, *id, body.present, now, ctx.user_id],
        )?;
    }
    course::detail(ctx, kind, course_id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_hh_mm_of_one_day() {
        assert_eq!(minutes("09:30"), Some(570));
        assert_eq!(minutes("9:30"), None);
        assert_eq!(minutes("24:00"), None);
        assert_eq!(minutes("12:60"), None);
        assert_eq!(hours_between("16:00", "20:30"), 4.5);
        assert_eq!(hours_between("20:00", "16:00"), 0.0);
    }
}
