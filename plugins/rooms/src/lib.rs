//! Volante's `rooms` plugin: the virtual classroom ("aula virtual"). A room is a live online
//! class with its teacher, the staff who take part and the students (contacts) who attend; the
//! teacher opens a meeting on the business's video server (Jitsi Meet) and every join is
//! recorded, so the room's report shows who attended which meeting and for how long. Inspectors
//! get a personal link to watch the meetings and the attendance as they happen. The spec's
//! `athena/` calls. See README.md.

use volante_plugin_sdk::host::directory;
use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::sql::SqlValue;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::time::{self, clock_minutes, SpanishZone};
use volante_plugin_sdk::{host, links, mail, plugins, validate, Checks};

/// Every room of the business (or of the caller's branch): rooms, people, inspectors, reports.
pub const MANAGE: &str = "room.manage";
/// Lets a branch-limited manager see the rooms of every branch.
pub const ALL_BRANCHES: &str = "room.all_branches";
/// The video server until the business sets its own.
pub const DEFAULT_SERVER: &str = "https://meet.jit.si";
/// Someone whose page reported within this many seconds is in the meeting now (the pages
/// report every minute).
const PRESENT_SECONDS: i64 = 150;
const MAX_MEMBERS: usize = 100;
const MAX_STUDENTS: usize = 300;

/// A room's fields.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Room {
    pub name: String,
    pub description: String,
    /// The caller's branch when empty.
    pub branch_id: Option<i64>,
    /// An active staff user who gives the class.
    pub teacher_id: Option<i64>,
    /// `YYYY-MM-DDTHH:MM`, Spanish peninsula time.
    pub starts_at: String,
    /// `YYYY-MM-DDTHH:MM`, after `starts_at`.
    pub ends_at: String,
    /// Active staff users who take part (besides the teacher).
    pub member_ids: Vec<i64>,
    /// Client contacts who attend; each gets a personal link.
    pub student_ids: Vec<i64>,
    /// Who made it (set on create).
    pub created_by: Option<i64>,
}

impl Resource for Room {
    const NAME: &'static str = "room";
    const PATH: &'static str = "athena";
    const LABEL: &'static str = "Aula";
    const FEMININE: bool = true;
    const TABLE: &'static str = "rooms_room";
    const SEARCH: &'static [&'static str] = &["name", "description"];
    const BRANCH_FIELD: Option<&'static str> = Some("branch_id");
    const ALL_BRANCHES: Option<&'static str> = Some(ALL_BRANCHES);
    const ORDER_BY: &'static str = "starts_at DESC, id DESC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(name) = checks.check(validate::required("name", &self.name, 200)) {
            self.name = name;
        }
        if let Some(d) = checks.check(validate::optional("description", &self.description, 5000)) {
            self.description = d;
        }
        let staff = directory::staff(false);
        let active = |id: i64| staff.iter().any(|m| m.user_id == id);
        match self.teacher_id {
            None => checks.push(Error::required("teacher_id")),
            Some(id) if !active(id) => checks.push(Error::invalid_field("teacher_id", "El profesor no existe o no está activo")),
            Some(_) => {}
        }
        self.member_ids.sort_unstable();
        self.member_ids.dedup();
        self.member_ids.retain(|id| Some(*id) != self.teacher_id);
        if self.member_ids.len() > MAX_MEMBERS {
            checks.push(Error::invalid_field("member_ids", format!("Como máximo {MAX_MEMBERS} personas del equipo")));
        } else {
            for (i, id) in self.member_ids.iter().enumerate().filter(|(_, id)| !active(**id)) {
                checks.push(Error::invalid_field(&format!("member_ids[{i}]"), format!("El usuario {id} no existe o no está activo")));
            }
        }
        self.student_ids.sort_unstable();
        self.student_ids.dedup();
        if self.student_ids.len() > MAX_STUDENTS {
            checks.push(Error::invalid_field("student_ids", format!("Como máximo {MAX_STUDENTS} alumnos")));
        }
        let starts = checks.check(local_time("starts_at", &self.starts_at));
        let ends = checks.check(local_time("ends_at", &self.ends_at));
        if let (Some(starts), Some(ends)) = (starts, ends) {
            if ends <= starts {
                checks.push(Error::invalid_field("ends_at", "El final debe ser posterior al inicio"));
            }
            self.starts_at = starts;
            self.ends_at = ends;
        }
        checks.finish()
    }
}

/// `YYYY-MM-DDTHH:MM` (a space instead of `T`, and seconds, are accepted), required.
pub fn local_time(field: &str, value: &str) -> Result<String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(Error::required(field));
    }
    let bad = || Error::invalid_field(field, "La fecha y hora deben ser AAAA-MM-DDTHH:MM");
    let (date, clock) = value.split_once(['T', ' ']).ok_or_else(bad)?;
    let clock = clock.get(..5).ok_or_else(bad)?;
    if time::parse_date(date).is_none() || clock_minutes(clock).is_none() || date.len() != 10 {
        return Err(bad());
    }
    Ok(format!("{date}T{clock}"))
}

/// An inspector's or a student's place in a room, with their personal link; and the staff
/// members' (without a link).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Participant {
    pub room_id: i64,
    /// `member`, `student` or `inspector`.
    pub kind: String,
    pub user_id: Option<i64>,
    pub contact_id: Option<i64>,
    pub name: String,
    pub email: String,
    /// An inspector's office (a DGT provincial office, a training authority).
    pub organisation: String,
    /// The public link's reference (students and inspectors).
    pub reference: Option<String>,
}

impl Resource for Participant {
    const NAME: &'static str = "rooms_participant";
    const LABEL: &'static str = "Participante";
    const TABLE: &'static str = "rooms_participant";
    const ORDER_BY: &'static str = "name ASC, id ASC";
}

/// `athena/create/inspector` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct InspectorBody {
    pub room_id: i64,
    pub name: String,
    pub email: String,
    pub organisation: String,
    /// Mail the link to `email`.
    pub send: bool,
}

/// The `{id}` of a body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct IdBody {
    pub id: i64,
}

/// The `{room_id}` of a body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct RoomIdBody {
    pub room_id: i64,
}

/// The plugin's settings.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Settings {
    /// The Jitsi Meet server's address (`https://…`, no path).
    pub meeting_server: String,
}

/// A meeting as answers show it.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Meeting {
    id: i64,
    room_id: i64,
    url: String,
    started_at: String,
    started_by: Option<i64>,
    ended_at: Option<String>,
}

fn meeting_json(meeting: &Meeting) -> Value {
    let mut value = json!(meeting);
    value["started_by_name"] = json!(meeting.started_by.and_then(directory::member).map(|m| m.name));
    value
}

fn open_meeting(ctx: &Ctx, room_id: i64) -> Result<Option<Meeting>> {
    sql::query_optional(
        "SELECT id, room_id, url, started_at, started_by, ended_at FROM rooms_meeting \
         WHERE business_id = $1 AND room_id = $2 AND ended_at IS NULL ORDER BY id DESC LIMIT 1",
        &params![ctx.business_id, room_id],
    )
}

fn meeting_server() -> String {
    host::settings::get::<Settings>("settings")
        .map(|s| s.meeting_server)
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| DEFAULT_SERVER.to_string())
}

/// A server address: `http(s)://host[:port]` with an optional path, no query; kept without a
/// trailing slash.
pub fn server_address(value: &str) -> Result<String> {
    let value = value.trim().trim_end_matches('/');
    let rest = value.strip_prefix("https://").or_else(|| value.strip_prefix("http://"));
    let ok = rest.is_some_and(|rest| {
        let host = rest.split('/').next().unwrap_or("");
        !host.is_empty()
            && host.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
            && rest.chars().all(|c| c.is_ascii_graphic() && !matches!(c, '?' | '#' | '"' | '<' | '>'))
    });
    if !ok || value.len() > 300 {
        return Err(Error::invalid_field("meeting_server", "Indique la dirección del servidor, como https://meet.jit.si"));
    }
    Ok(value.to_string())
}

/// An unguessable meeting name: 16 random bytes in hex.
fn meeting_code() -> String {
    let hex: String = host::random_bytes(16).iter().map(|b| format!("{b:02x}")).collect();
    format!("volante-{hex}")
}

/// The page a link opens.
fn link_url(reference: &str) -> String {
    format!("{}/aula/{reference}", host::public_url())
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
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    plugins::try_call("contacts", "contact.summaries", &json!({ "ids": ids }))
        .map_err(|e| Error::invalid_field("student_ids", format!("No se pueden leer los contactos: {e}")))
}

/// The room's people as its lists say: staff members and students get (or keep) their places;
/// those no longer listed lose them (and a student their link).
fn sync_people(ctx: &Ctx, room: &Record<Room>) -> Result<()> {
    let current: Vec<Record<Participant>> = people(ctx, room.id)?;
    // Staff members.
    for user_id in &room.data.member_ids {
        let name = directory::member(*user_id).map(|m| m.name).unwrap_or_default();
        // A member who left and comes back gets a new place (the old one stays deleted).
        match current.iter().find(|p| p.data.kind == "member" && p.state == "active" && p.data.user_id == Some(*user_id)) {
            Some(p) if p.data.name == name => {}
            Some(p) => {
                let mut data = p.data.clone();
                data.name = name;
                resource::save(ctx, p.id, &data)?;
            }
            None => {
                resource::insert(ctx, Participant { room_id: room.id, kind: "member".into(), user_id: Some(*user_id), name, ..Default::default() })?;
            }
        }
    }
    // Students: those joining are checked against the business's contacts (clients, not
    // deleted); those already in the room stay whatever became of their contact.
    let found = contacts(&room.data.student_ids)?;
    let mut problems = Checks::new();
    let seated = |id: i64| current.iter().any(|p| p.data.kind == "student" && p.state == "active" && p.data.contact_id == Some(id));
    for (i, id) in room.data.student_ids.iter().enumerate().filter(|(_, id)| !seated(**id)) {
        let field = format!("student_ids[{i}]");
        match found.iter().find(|c| c.id == *id) {
            None => problems.push(Error::invalid_field(&field, format!("El contacto {id} no existe"))),
            Some(c) if c.state == "deleted" => problems.push(Error::invalid_field(&field, format!("El contacto {} está eliminado", c.name))),
            Some(c) if c.relation != "client" => problems.push(Error::invalid_field(&field, format!("{} no es un cliente", c.name))),
            Some(_) => {}
        }
    }
    problems.finish()?;
    for contact in &found {
        match current.iter().find(|p| p.data.kind == "student" && p.state == "active" && p.data.contact_id == Some(contact.id)) {
            Some(p) => {
                if p.data.name != contact.name || p.data.email != contact.email {
                    let mut data = p.data.clone();
                    data.name = contact.name.clone();
                    data.email = contact.email.clone();
                    resource::save(ctx, p.id, &data)?;
                }
            }
            None => {
                let data = Participant {
                    room_id: room.id,
                    kind: "student".into(),
                    contact_id: Some(contact.id),
                    name: contact.name.clone(),
                    email: contact.email.clone(),
                    ..Default::default()
                };
                let id = resource::insert(ctx, data.clone())?.id;
                let reference = links::issue(&format!("room {} student {id}", room.id), None)?;
                resource::save(ctx, id, &Participant { reference: Some(reference), ..data })?;
            }
        }
    }
    for p in current.iter().filter(|p| p.state == "active") {
        let kept = match p.data.kind.as_str() {
            "member" => p.data.user_id.is_some_and(|id| room.data.member_ids.contains(&id)),
            "student" => p.data.contact_id.is_some_and(|id| room.data.student_ids.contains(&id)),
            _ => true,
        };
        if !kept {
            remove_participant(ctx, p)?;
        }
    }
    Ok(())
}

/// The participant leaves the room: marked deleted, their link revoked.
fn remove_participant(ctx: &Ctx, p: &Record<Participant>) -> Result<()> {
    if let Some(reference) = &p.data.reference {
        links::revoke(reference)?;
    }
    resource::delete::<Participant>(ctx, p.id)?;
    Ok(())
}

/// A participant's row, whatever its state.
#[derive(Debug, Deserialize)]
struct ParticipantRow {
    id: i64,
    state: String,
    created_at: String,
    updated_at: String,
    #[serde(flatten)]
    data: Participant,
}

const PARTICIPANT_COLUMNS: &str = "id, state, created_at, updated_at, room_id, kind, user_id, contact_id, name, email, organisation, reference";

fn participant_rows(condition: &str, params: &[SqlValue]) -> Result<Vec<Record<Participant>>> {
    let rows: Vec<ParticipantRow> = sql::query_as(&format!("SELECT {PARTICIPANT_COLUMNS} FROM rooms_participant WHERE {condition} ORDER BY name, id"), params)?;
    Ok(rows.into_iter().map(|r| Record { id: r.id, state: r.state, created_at: r.created_at, updated_at: r.updated_at, data: r.data }).collect())
}

/// The room's participants, deleted ones included.
fn people(ctx: &Ctx, room_id: i64) -> Result<Vec<Record<Participant>>> {
    participant_rows("business_id = $1 AND room_id = $2", &params![ctx.business_id, room_id])
}

fn inspector_json(p: &Record<Participant>) -> Value {
    json!({
        "id": p.id,
        "state": p.state,
        "name": p.data.name,
        "email": p.data.email,
        "organisation": p.data.organisation,
        "url": p.data.reference.as_deref().filter(|_| p.state == "active").map(link_url),
        "created_at": p.created_at,
    })
}

/// A room with its people, inspectors and open meeting.
fn room_detail(ctx: &Ctx, room: &Record<Room>) -> Result<Value> {
    let all = people(ctx, room.id)?;
    let active = |kind: &'static str| all.iter().filter(move |p| p.data.kind == kind && p.state == "active");
    let mut value = serde_json::to_value(room)?;
    value["teacher_name"] = json!(room.data.teacher_id.and_then(directory::member).map(|m| m.name));
    value["members"] = json!(active("member").map(|p| json!({ "user_id": p.data.user_id, "name": p.data.name })).collect::<Vec<_>>());
    value["students"] = json!(active("student")
        .map(|p| json!({ "id": p.id, "contact_id": p.data.contact_id, "name": p.data.name, "email": p.data.email,
            "url": p.data.reference.as_deref().map(link_url) }))
        .collect::<Vec<_>>());
    // Inspectors with access first, then those whose access was taken away (kept for the record).
    let mut inspectors: Vec<&Record<Participant>> = all.iter().filter(|p| p.data.kind == "inspector").collect();
    inspectors.sort_by_key(|p| p.state != "active");
    value["inspectors"] = json!(inspectors.into_iter().map(inspector_json).collect::<Vec<_>>());
    value["meeting"] = match open_meeting(ctx, room.id)? {
        Some(m) => meeting_json(&m),
        None => Value::Null,
    };
    Ok(value)
}

fn room_create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    body.insert("created_by".into(), json!(ctx.user_id));
    let room = resource::create::<Room>(ctx, Value::Object(body))?;
    sync_people(ctx, &room)?;
    room_detail(ctx, &room)
}

fn room_update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    body.remove("created_by");
    live_room(ctx, id)?;
    let room = resource::update::<Room>(ctx, id, Value::Object(body))?;
    sync_people(ctx, &room)?;
    room_detail(ctx, &room)
}

/// `athena/delete`: marked deleted; its meeting ends and every link stops opening it.
fn room_delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    live_room(ctx, body.id)?;
    end_meeting(ctx, body.id)?;
    for p in people(ctx, body.id)?.iter().filter(|p| p.state == "active") {
        remove_participant(ctx, p)?;
    }
    let room = resource::delete::<Room>(ctx, body.id)?;
    room_detail(ctx, &room)
}

/// The room `id` the caller manages, not deleted.
fn live_room(ctx: &Ctx, id: i64) -> Result<Record<Room>> {
    let room = resource::find::<Room>(ctx, id)?;
    if room.state == "deleted" {
        return Err(Error::conflict("El aula está eliminada"));
    }
    Ok(room)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReadQuery {
    id: Option<i64>,
    from: Option<String>,
    to: Option<String>,
}

/// `GET athena/read`: one room (`?id=`) or a page of them.
fn room_read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    if let Some(id) = q.id {
        return room_detail(ctx, &resource::find::<Room>(ctx, id)?);
    }
    let list = ListQuery::from_query(req)?;
    let mut extra = Vec::new();
    let mut params = Vec::new();
    if let Some(from) = validate::optional_date("from", q.from)? {
        extra.push("starts_at >= ${}".to_string());
        params.push(from.to_sql());
    }
    if let Some(to) = validate::optional_date("to", q.to)? {
        extra.push("starts_at < ${}".to_string());
        params.push(format!("{to}T99").to_sql());
    }
    let extra = extra.join(" AND ");
    let page = resource::list_where::<Room>(ctx, &list, (!extra.is_empty()).then_some(extra.as_str()), params)?;
    #[derive(Deserialize)]
    struct Count {
        room_id: i64,
        kind: String,
        n: i64,
    }
    let ids: Vec<i64> = page.items.iter().map(|r| r.id).collect();
    let (counts, live): (Vec<Count>, Vec<i64>) = if ids.is_empty() {
        (Vec::new(), Vec::new())
    } else {
        let mut p = params![ctx.business_id];
        let list = sql::id_list(&mut p, &ids);
        let counts = sql::query_as(
            &format!("SELECT room_id, kind, COUNT(*) AS n FROM rooms_participant WHERE business_id = $1 AND state = 'active' AND room_id IN ({list}) GROUP BY room_id, kind"),
            &p,
        )?;
        let live = sql::query_as::<RoomIdBody>(
            &format!("SELECT room_id FROM rooms_meeting WHERE business_id = $1 AND ended_at IS NULL AND room_id IN ({list})"),
            &p,
        )?
        .into_iter()
        .map(|r| r.room_id)
        .collect();
        (counts, live)
    };
    let count = |room: i64, kind: &str| counts.iter().find(|c| c.room_id == room && c.kind == kind).map_or(0, |c| c.n);
    let staff = directory::staff(true);
    let items = page
        .items
        .iter()
        .map(|r| {
            let mut value = serde_json::to_value(r)?;
            value["teacher_name"] = json!(r.data.teacher_id.and_then(|t| staff.iter().find(|m| m.user_id == t)).map(|m| &m.name));
            value["members"] = json!(count(r.id, "member"));
            value["students"] = json!(count(r.id, "student"));
            value["inspectors"] = json!(count(r.id, "inspector"));
            value["live"] = json!(live.contains(&r.id));
            Ok(value)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

/// The rooms the caller gives or takes part in (not deleted), whatever their branch.
fn own_room_ids(ctx: &Ctx) -> Result<Vec<i64>> {
    let ids: Vec<IdBody> = sql::query_as(
        "SELECT id FROM rooms_room WHERE business_id = $1 AND state = 'active' AND (teacher_id = $2 OR id IN \
         (SELECT room_id FROM rooms_participant WHERE business_id = $1 AND kind = 'member' AND state = 'active' AND user_id = $2))",
        &params![ctx.business_id, ctx.user_id],
    )?;
    Ok(ids.into_iter().map(|r| r.id).collect())
}

/// `GET athena/user/room`: the caller's active rooms, soonest first (those still to end before
/// those that ended).
fn user_rooms(ctx: &Ctx, _req: &Req) -> Result<Value> {
    let ids = own_room_ids(ctx)?;
    let mut rooms = Vec::new();
    for id in ids {
        let room = room_of(ctx, id)?;
        let meeting = open_meeting(ctx, id)?;
        rooms.push((room, meeting));
    }
    let now = local_now();
    rooms.sort_by(|(a, _), (b, _)| (a.data.ends_at < now, &a.data.starts_at, a.id).cmp(&(b.data.ends_at < now, &b.data.starts_at, b.id)));
    let staff = directory::staff(true);
    Ok(json!(rooms
        .iter()
        .map(|(r, m)| json!({
            "id": r.id,
            "name": r.data.name,
            "description": r.data.description,
            "starts_at": r.data.starts_at,
            "ends_at": r.data.ends_at,
            "teacher_id": r.data.teacher_id,
            "teacher_name": r.data.teacher_id.and_then(|t| staff.iter().find(|s| s.user_id == t)).map(|s| &s.name),
            "live": m.is_some(),
            "meeting": m.as_ref().map(meeting_json),
        }))
        .collect::<Vec<_>>()))
}

/// Now as a room's times are written.
fn local_now() -> String {
    let secs = time::parse_utc(&host::now()).unwrap_or_default();
    let zone = SpanishZone::Peninsula;
    format!("{}T{}", zone.date_of(secs), zone.clock_time(secs))
}

/// The room `id` of the business, whatever its branch (a member's own room).
fn room_of(ctx: &Ctx, id: i64) -> Result<Record<Room>> {
    let rooms: Vec<Record<Room>> = resource::list_where::<Room>(
        &Ctx { branch_id: None, ..ctx.clone() },
        &ListQuery { state: Some("all".into()), ..Default::default() },
        Some("id = ${}"),
        params![id],
    )?
    .items;
    rooms.into_iter().next().ok_or_else(|| resource::not_found::<Room>(id))
}

/// How the caller stands in room `id`: `teacher`, `member` or `manager` (with `room.manage`,
/// when it is one of the rooms they manage); anyone else is refused.
fn staff_role(ctx: &Ctx, id: i64) -> Result<(Record<Room>, &'static str)> {
    let room = room_of(ctx, id)?;
    let role = if room.data.teacher_id == Some(ctx.user_id) {
        "teacher"
    } else if room.data.member_ids.contains(&ctx.user_id) {
        "member"
    } else if ctx.can(MANAGE) && resource::find_optional::<Room>(ctx, id)?.is_some() {
        "manager"
    } else {
        return Err(Error::forbidden(MANAGE).with_data(json!({ "permission": MANAGE, "reason": "No forma parte de esta aula" })));
    };
    if room.state == "deleted" {
        return Err(Error::conflict("El aula está eliminada"));
    }
    Ok((room, role))
}

/// `athena/meet/create`: opens the room's meeting, or answers the one already open.
fn meet_create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: RoomIdBody = req.json()?;
    let (room, _) = staff_role(ctx, body.room_id)?;
    if room.state != "active" {
        return Err(Error::conflict("El aula no está activa"));
    }
    if let Some(open) = open_meeting(ctx, room.id)? {
        return Ok(meeting_json(&open));
    }
    let url = format!("{}/{}", meeting_server(), meeting_code());
    sql::execute(
        "INSERT INTO rooms_meeting (business_id, room_id, url, started_at, started_by) VALUES ($1, $2, $3, $4, $5)",
        &params![ctx.business_id, room.id, url, host::now(), ctx.user_id],
    )?;
    let meeting = open_meeting(ctx, room.id)?.ok_or_else(|| Error::internal("the meeting just opened is not there"))?;
    Ok(meeting_json(&meeting))
}

/// Ends the room's open meeting, if any.
fn end_meeting(ctx: &Ctx, room_id: i64) -> Result<Option<Meeting>> {
    let Some(mut meeting) = open_meeting(ctx, room_id)? else {
        return Ok(None);
    };
    let now = host::now();
    sql::execute("UPDATE rooms_meeting SET ended_at = $1 WHERE business_id = $2 AND id = $3", &params![now, ctx.business_id, meeting.id])?;
    meeting.ended_at = Some(now);
    Ok(Some(meeting))
}

/// `athena/meet/end`: ends the room's open meeting.
fn meet_end(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: RoomIdBody = req.json()?;
    staff_role(ctx, body.room_id)?;
    match end_meeting(ctx, body.room_id)? {
        Some(meeting) => Ok(meeting_json(&meeting)),
        None => Err(Error::conflict("El aula no tiene ninguna reunión abierta")),
    }
}

/// Records that `key` (`user:<id>` or `participant:<id>`) is in the meeting now.
fn mark_present(ctx: &Ctx, meeting: &Meeting, key: &str, kind: &str, name: &str) -> Result<()> {
    // One statement, so two pages of the same person reporting at once cannot both insert.
    sql::execute(
        "INSERT INTO rooms_attendance (business_id, room_id, meeting_id, person, kind, name, joined_at, last_seen_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT (business_id, meeting_id, person) \
         DO UPDATE SET last_seen_at = excluded.last_seen_at, kind = excluded.kind, name = excluded.name",
        &params![ctx.business_id, meeting.room_id, meeting.id, key, kind, name, host::now()],
    )?;
    Ok(())
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Attendance {
    meeting_id: i64,
    person: String,
    kind: String,
    name: String,
    joined_at: String,
    last_seen_at: String,
}

/// Who is in the meeting now: reported within `PRESENT_SECONDS`.
fn present(ctx: &Ctx, meeting: &Meeting) -> Result<Vec<Value>> {
    let now = time::parse_utc(&host::now()).unwrap_or_default();
    let rows: Vec<Attendance> = sql::query_as(
        "SELECT meeting_id, person, kind, name, joined_at, last_seen_at FROM rooms_attendance WHERE business_id = $1 AND meeting_id = $2 ORDER BY name, id",
        &params![ctx.business_id, meeting.id],
    )?;
    Ok(rows
        .into_iter()
        .filter(|a| is_present(now, &a.last_seen_at))
        .map(|a| json!({ "kind": a.kind, "name": a.name, "joined_at": a.joined_at, "last_seen_at": a.last_seen_at }))
        .collect())
}

/// Whether a page that last reported at `last_seen_at` is still open at `now` (seconds).
pub fn is_present(now: i64, last_seen_at: &str) -> bool {
    time::parse_utc(last_seen_at).is_some_and(|seen| now - seen <= PRESENT_SECONDS)
}

/// When the room's latest meeting ended, if none is open now and one was held.
fn last_ended_at(ctx: &Ctx, room_id: i64) -> Result<Option<String>> {
    #[derive(Deserialize)]
    struct Ended {
        ended_at: Option<String>,
    }
    let last: Option<Ended> = sql::query_optional(
        "SELECT ended_at FROM rooms_meeting WHERE business_id = $1 AND room_id = $2 ORDER BY id DESC LIMIT 1",
        &params![ctx.business_id, room_id],
    )?;
    Ok(last.and_then(|l| l.ended_at))
}

fn room_summary(room: &Record<Room>) -> Value {
    json!({
        "id": room.id,
        "name": room.data.name,
        "description": room.data.description,
        "starts_at": room.data.starts_at,
        "ends_at": room.data.ends_at,
        "teacher_name": room.data.teacher_id.and_then(directory::member).map(|m| m.name),
    })
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct PizarraQuery {
    room_id: Option<i64>,
}

/// `GET athena/pizarra?room_id=`: the room, its open meeting and who is in it; the caller is
/// recorded as present while a meeting is open.
fn pizarra(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: PizarraQuery = req.query()?;
    let room_id = q.room_id.ok_or_else(|| Error::required("room_id"))?;
    let (room, role) = staff_role(ctx, room_id)?;
    let name = directory::member(ctx.user_id).map(|m| m.name).unwrap_or_default();
    let meeting = open_meeting(ctx, room.id)?;
    if let Some(meeting) = &meeting {
        mark_present(ctx, meeting, &format!("user:{}", ctx.user_id), role, &name)?;
    }
    Ok(json!({
        "room": room_summary(&room),
        "meeting": meeting.as_ref().map(meeting_json),
        "present": match &meeting { Some(m) => present(ctx, m)?, None => Vec::new() },
        "last_ended_at": last_ended_at(ctx, room.id)?,
        "kind": role,
        "name": name,
    }))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct JoinQuery {
    reference: String,
}

/// `GET athena/join?reference=` (public): what a student's or inspector's link opens.
fn join(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: JoinQuery = req.query()?;
    let holder = participant_rows("business_id = $1 AND state = 'active' AND reference = $2", &params![ctx.business_id, q.reference.clone()])?
        .into_iter()
        .next()
        .ok_or_else(|| Error::new(codes::NOT_FOUND, "El enlace ya no da acceso al aula"))?;
    let room = room_of(ctx, holder.data.room_id)?;
    if room.state != "active" {
        return Err(Error::conflict("El aula no está disponible"));
    }
    let meeting = open_meeting(ctx, room.id)?;
    if let Some(meeting) = &meeting {
        mark_present(ctx, meeting, &format!("participant:{}", holder.id), &holder.data.kind, &holder.data.name)?;
    }
    let inspector = holder.data.kind == "inspector";
    Ok(json!({
        "room": room_summary(&room),
        "meeting": meeting.as_ref().map(meeting_json),
        "present": match &meeting { Some(m) if inspector => present(ctx, m)?, _ => Vec::new() },
        "last_ended_at": last_ended_at(ctx, room.id)?,
        "kind": holder.data.kind,
        "name": holder.data.name,
    }))
}

/// `athena/create/inspector`: an inspector's personal link to the room, mailed with `send`.
fn inspector_create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: InspectorBody = req.json()?;
    let mut checks = Checks::new();
    let room = checks.check(live_room(ctx, body.room_id).map_err(|e| e.with_data(json!({ "field": "room_id" }))));
    let name = checks.check(validate::required("name", &body.name, 200));
    let email = checks.check(validate::email("email", &body.email));
    let organisation = checks.check(validate::optional("organisation", &body.organisation, 200));
    if body.send && email.as_deref().is_some_and(str::is_empty) {
        checks.push(Error::invalid_field("email", "Indique el correo al que enviar el enlace"));
    }
    checks.finish()?;
    let (Some(room), Some(name), Some(email), Some(organisation)) = (room, name, email, organisation) else {
        return Err(Error::internal("checked fields missing"));
    };
    let data = Participant { room_id: room.id, kind: "inspector".into(), name, email, organisation, ..Default::default() };
    let record = resource::insert(ctx, data.clone())?;
    let reference = links::issue(&format!("room {} inspector {}", room.id, record.id), None)?;
    resource::save(ctx, record.id, &Participant { reference: Some(reference.clone()), ..data })?;
    let record = resource::find::<Participant>(ctx, record.id)?;
    if body.send {
        mail::send(
            &[record.data.email.clone()],
            "Acceso de inspección al aula virtual: {{ room }}",
            "Hola {{ name }}:\n\nLe damos acceso para inspeccionar el aula virtual «{{ room }}» \
             ({{ starts }} a {{ ends }}). Con este enlace personal puede entrar en sus clases en directo \
             y ver quién asiste:\n\n{{ url }}\n\nSus accesos quedan registrados.\n",
            &json!({
                "name": record.data.name,
                "room": room.data.name,
                "starts": room.data.starts_at.replace('T', " "),
                "ends": room.data.ends_at.replace('T', " "),
                "url": link_url(&reference),
            }),
            &[],
        )
        .map_err(|e| Error::invalid_field("email", format!("No se ha podido enviar el correo: {}", e.details)))?;
    }
    Ok(inspector_json(&record))
}

/// `athena/send/links` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct SendLinks {
    pub room_id: i64,
    /// Some of the room's students (their place's `id`); none: all of them.
    pub ids: Option<Vec<i64>>,
}

/// `athena/send/links`: each student of the room (or those named) gets their personal link by
/// mail; those without an address are named in the answer.
fn send_links(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: SendLinks = req.json()?;
    let room = live_room(ctx, body.room_id).map_err(|e| e.with_data(json!({ "field": "room_id" })))?;
    let students: Vec<Record<Participant>> =
        people(ctx, room.id)?.into_iter().filter(|p| p.data.kind == "student" && p.state == "active").collect();
    if let Some(ids) = &body.ids {
        if let Some((i, id)) = ids.iter().enumerate().find(|(_, id)| !students.iter().any(|p| p.id == **id)) {
            return Err(Error::invalid_field(&format!("ids[{i}]"), format!("{id} no es un alumno de esta aula")));
        }
    }
    let chosen = students.iter().filter(|p| body.ids.as_ref().is_none_or(|ids| ids.contains(&p.id)));
    let (mut sent, mut without) = (0, Vec::new());
    for student in chosen {
        let Some(reference) = student.data.reference.as_deref() else { continue };
        if student.data.email.trim().is_empty() {
            without.push(student.data.name.clone());
            continue;
        }
        mail::send(
            &[student.data.email.clone()],
            "Su enlace al aula virtual: {{ room }}",
            "Hola {{ name }}:\n\nEste es su enlace personal para entrar en las clases en directo de «{{ room }}» \
             ({{ starts }} a {{ ends }}):\n\n{{ url }}\n\nÁbralo a la hora de la clase; su asistencia queda registrada \
             mientras tenga la página abierta. No lo comparta: es solo suyo.\n",
            &json!({
                "name": student.data.name,
                "room": room.data.name,
                "starts": room.data.starts_at.replace('T', " "),
                "ends": room.data.ends_at.replace('T', " "),
                "url": link_url(reference),
            }),
            &[],
        )
        .map_err(|e| Error::conflict(format!("No se ha podido enviar el correo a {}: {}", student.data.name, e.details)))?;
        sent += 1;
    }
    Ok(json!({ "sent": sent, "without_email": without }))
}

/// `athena/delete/inspector`: the link stops opening the room.
fn inspector_delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    let record = resource::find::<Participant>(ctx, body.id)?;
    if record.data.kind != "inspector" {
        return Err(Error::not_found("Inspector"));
    }
    // Only in a room the caller manages.
    resource::find::<Room>(ctx, record.data.room_id).map_err(|_| Error::not_found("Inspector"))?;
    if record.state == "deleted" {
        return Err(Error::conflict("El inspector ya no tiene acceso"));
    }
    remove_participant(ctx, &record)?;
    Ok(inspector_json(&resource::find::<Participant>(ctx, body.id)?))
}

/// Whole minutes from joining to the last sign of presence, rounded up; at least 1.
pub fn minutes(joined_at: &str, last_seen_at: &str) -> i64 {
    match (time::parse_utc(joined_at), time::parse_utc(last_seen_at)) {
        (Some(from), Some(to)) if to > from => ((to - from) + 59) / 60,
        _ => 1,
    }
    .max(1)
}

/// `GET athena/reports/{id}`: the room's attendance, meeting by meeting and person by person.
fn report(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id: i64 = req.param("id")?;
    let room = resource::find::<Room>(ctx, id)?;
    let meetings: Vec<Meeting> = sql::query_as(
        "SELECT id, room_id, url, started_at, started_by, ended_at FROM rooms_meeting WHERE business_id = $1 AND room_id = $2 ORDER BY started_at, id",
        &params![ctx.business_id, id],
    )?;
    let rows: Vec<Attendance> = sql::query_as(
        "SELECT meeting_id, person, kind, name, joined_at, last_seen_at FROM rooms_attendance WHERE business_id = $1 AND room_id = $2 ORDER BY joined_at, id",
        &params![ctx.business_id, id],
    )?;
    let staff = directory::staff(true);
    let mut people: Vec<(String, String, String, i64, i64)> = Vec::new(); // person, kind, name, meetings, minutes
    let meetings = meetings
        .iter()
        .map(|m| {
            let attendees: Vec<Value> = rows
                .iter()
                .filter(|a| a.meeting_id == m.id)
                .map(|a| {
                    let mins = minutes(&a.joined_at, &a.last_seen_at);
                    match people.iter_mut().find(|p| p.0 == a.person) {
                        Some(p) => {
                            p.3 += 1;
                            p.4 += mins;
                            p.2.clone_from(&a.name);
                        }
                        None => people.push((a.person.clone(), a.kind.clone(), a.name.clone(), 1, mins)),
                    }
                    json!({ "kind": a.kind, "name": a.name, "joined_at": a.joined_at, "last_seen_at": a.last_seen_at, "minutes": mins })
                })
                .collect();
            let end = m.ended_at.clone().unwrap_or_else(host::now);
            json!({
                "id": m.id,
                "started_at": m.started_at,
                "ended_at": m.ended_at,
                "started_by_name": m.started_by.and_then(|u| staff.iter().find(|s| s.user_id == u)).map(|s| &s.name),
                "minutes": minutes(&m.started_at, &end),
                "attendees": attendees,
            })
        })
        .collect::<Vec<_>>();
    people.sort_by(|a, b| (kind_order(&a.1), &a.2).cmp(&(kind_order(&b.1), &b.2)));
    Ok(json!({
        "room": room_summary(&room),
        "meetings": meetings,
        "people": people.iter().map(|p| json!({ "kind": p.1, "name": p.2, "meetings": p.3, "minutes": p.4 })).collect::<Vec<_>>(),
    }))
}

fn kind_order(kind: &str) -> u8 {
    match kind {
        "teacher" => 0,
        "member" | "manager" => 1,
        "student" => 2,
        _ => 3,
    }
}

/// `GET athena/staff`: the active staff a room's teacher and members are chosen from.
fn staff(_ctx: &Ctx, _req: &Req) -> Result<Value> {
    Ok(json!(directory::staff(false)
        .into_iter()
        .map(|m| json!({ "user_id": m.user_id, "name": m.name, "branch_id": m.branch_id }))
        .collect::<Vec<_>>()))
}

fn settings_read(_ctx: &Ctx, _req: &Req) -> Result<Value> {
    Ok(json!({ "meeting_server": meeting_server() }))
}

fn settings_update(_ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: Settings = req.json()?;
    let server = server_address(&body.meeting_server)?;
    host::settings::set("settings", &Settings { meeting_server: server })?;
    Ok(json!({ "meeting_server": meeting_server() }))
}

pub struct Rooms;

impl Plugin for Rooms {
    fn router() -> Router {
        Router::new()
            .post("athena/create", room_create)
            .get("athena/read", room_read)
            .get("athena/user/room", user_rooms)
            .post("athena/update", room_update)
            .post("athena/delete", room_delete)
            .post("athena/create/inspector", inspector_create)
            .post("athena/delete/inspector", inspector_delete)
            .post("athena/send/links", send_links)
            .get("athena/reports/{id}", report)
            .post("athena/meet/create", meet_create)
            .post("athena/meet/end", meet_end)
            .get("athena/pizarra", pizarra)
            .get("athena/join", join)
            .get("athena/staff", staff)
            .get("athena/settings", settings_read)
            .post("athena/settings", settings_update)
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .resource::<Room>()
            .add::<IdBody>("rooms_id")
            .add::<RoomIdBody>("rooms_room_id")
            .add::<InspectorBody>("rooms_inspector")
            .add::<SendLinks>("rooms_send_links")
            .add::<Settings>("rooms_settings");
    }
}

volante_plugin_sdk::plugin!(Rooms);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_times_are_checked_and_normalised() {
        assert_eq!(local_time("starts_at", "2026-12-01T09:30").unwrap(), "2026-12-01T09:30");
        assert_eq!(local_time("starts_at", " 2026-12-01 09:30:00 ").unwrap(), "2026-12-01T09:30");
        for bad in ["2026-12-01", "2026-13-01T09:00", "2026-12-01T25:00", "mañana", "2026-12-1T09:00"] {
            let err = local_time("starts_at", bad).unwrap_err();
            assert_eq!(err.field(), Some("starts_at"), "{bad}");
        }
        assert!(local_time("starts_at", "").unwrap_err().details.contains("obligatorio"));
    }

    #[test]
    fn server_addresses_are_http_urls() {
        assert_eq!(server_address("https://meet.jit.si/").unwrap(), "https://meet.jit.si");
        assert_eq!(server_address(" http://127.0.0.1:8443/salas ").unwrap(), "http://127.0.0.1:8443/salas");
        for bad in ["meet.jit.si", "ftp://x", "https://", "https://a b", "https://x/?q=1", "javascript:alert(1)"] {
            assert!(server_address(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn present_means_reported_within_two_minutes_and_a_half() {
        let now = time::parse_utc("2026-12-01T09:10:00.000Z").unwrap();
        assert!(is_present(now, "2026-12-01T09:10:00.000Z"));
        assert!(is_present(now, "2026-12-01T09:07:30.000Z"));
        assert!(!is_present(now, "2026-12-01T09:07:29.000Z"));
        assert!(!is_present(now, "not a time"));
    }

    #[test]
    fn minutes_round_up_and_count_at_least_one() {
        assert_eq!(minutes("2026-12-01T09:00:00.000Z", "2026-12-01T09:00:00.000Z"), 1);
        assert_eq!(minutes("2026-12-01T09:00:00.000Z", "2026-12-01T09:00:30.000Z"), 1);
        assert_eq!(minutes("2026-12-01T09:00:00.000Z", "2026-12-01T09:01:00.000Z"), 1);
        assert_eq!(minutes("2026-12-01T09:00:00.000Z", "2026-12-01T09:01:01.000Z"), 2);
        assert_eq!(minutes("2026-12-01T09:00:00.000Z", "2026-12-01T10:00:00.000Z"), 60);
        assert_eq!(minutes("bad", "2026-12-01T10:00:00.000Z"), 1);
    }
}
