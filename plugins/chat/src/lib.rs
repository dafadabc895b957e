//! Volante's `chat` plugin: direct conversations between employees, group conversations (a
//! group's members are invited and join), and messages written to a contact, which are mailed
//! to them. New messages and group changes are pushed to the browsers of the people concerned
//! (`realtime`, interface 0.1.8). One service and permission, `chat`. See README.md.

use std::collections::{BTreeMap, HashMap};

use volante_plugin_sdk::host::directory::{self, StaffMember};
use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::{files, mail, plugins, realtime, validate, Checks};

/// A message's longest text.
pub const MAX_TEXT: usize = 2000;
/// A group name's longest text.
pub const MAX_NAME: usize = 100;
/// The most employees one call may invite.
pub const MAX_INVITED: usize = 100;
/// Messages per page: by default, and at most.
const PAGE: i64 = 50;
const MAX_PAGE: i64 = 100;

const MESSAGE_COLUMNS: &str = "message_id, target, from_user_id, to_user_id, group_id, contact_id, body, created_at";

/// A stored message.
#[derive(Debug, Clone, Deserialize)]
pub struct Message {
    pub message_id: i64,
    pub target: String,
    pub from_user_id: i64,
    pub to_user_id: Option<i64>,
    pub group_id: Option<i64>,
    pub contact_id: Option<i64>,
    pub body: String,
    pub created_at: String,
}

/// The business's staff by user id (the inactive too: their old messages keep their names).
pub struct Names(HashMap<i64, StaffMember>);

impl Names {
    pub fn load() -> Names {
        Names(directory::staff(true).into_iter().map(|m| (m.user_id, m)).collect())
    }

    pub fn of(&self, user_id: i64) -> String {
        self.0.get(&user_id).map(|m| m.name.clone()).unwrap_or_else(|| format!("Usuario {user_id}"))
    }
}

impl Message {
    /// The message as answers and pushes give it; `mine` only for an answer to `me`.
    pub fn to_json(&self, names: &Names, me: Option<i64>) -> Value {
        let mut value = json!({
            "message_id": self.message_id,
            "target": self.target,
            "from_user_id": self.from_user_id,
            "from_name": names.of(self.from_user_id),
            "to_user_id": self.to_user_id,
            "group_id": self.group_id,
            "contact_id": self.contact_id,
            "text": self.body,
            "created_at": self.created_at,
        });
        if let Some(me) = me {
            value["mine"] = json!(self.from_user_id == me);
        }
        value
    }
}

// ---- bodies ----

/// `chat/send`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct SendBody {
    /// `employee`, `group` or `contact`.
    pub target: String,
    /// The employee's user id, the group's id or the contact's id.
    pub id: i64,
    /// 1 to 2000 characters.
    pub text: String,
}

/// `chat/group/create`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct GroupCreate {
    pub name: String,
    /// A PNG or JPEG of the document manager.
    pub image_file_id: Option<i64>,
    /// Active staff to invite.
    pub employees: Vec<i64>,
}

/// `chat/group/invite`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct GroupInvite {
    pub group_id: i64,
    pub employees: Vec<i64>,
}

/// `chat/group/update`: the fields sent change (`image_file_id: null` removes the image).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct GroupUpdate {
    pub group_id: i64,
    pub name: Option<String>,
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<i64>")]
    pub image_file_id: Option<Option<i64>>,
}

/// A field that was sent, `null` included.
fn present<'de, D: serde::Deserializer<'de>>(deserializer: D) -> std::result::Result<Option<Option<i64>>, D::Error> {
    Option::<i64>::deserialize(deserializer).map(Some)
}

/// `chat/group/join` and `chat/group/exit`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct GroupId {
    pub group_id: i64,
}

/// `chat/group/image/upload` (an upload route: the host stored the file first).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct ImageUpload {
    pub file: files::Uploaded,
}

/// `?before=&limit=` of a conversation.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct PageQuery {
    pub before: Option<i64>,
    pub limit: Option<i64>,
}

// ---- conversations ----

/// A conversation as seen by the caller.
#[derive(Debug, Clone, PartialEq)]
pub enum Peer {
    Employee(i64),
    Group(i64),
    Contact(i64),
}

impl Peer {
    /// The key of the caller's read marker.
    pub fn key(&self) -> String {
        match self {
            Peer::Employee(id) => format!("employee:{id}"),
            Peer::Group(id) => format!("group:{id}"),
            Peer::Contact(id) => format!("contact:{id}"),
        }
    }

    /// The statement's condition selecting the conversation's messages, and its parameters
    /// after the business (`$1`).
    fn condition(&self, me: i64) -> (&'static str, Vec<sql::SqlValue>) {
        match self {
            Peer::Employee(id) => (
                "target = 'employee' AND ((from_user_id = $2 AND to_user_id = $3) OR (from_user_id = $3 AND to_user_id = $2))",
                params![me, *id],
            ),
            Peer::Group(id) => ("target = 'group' AND group_id = $2", params![*id]),
            Peer::Contact(id) => ("target = 'contact' AND contact_id = $2", params![*id]),
        }
    }
}

/// One page of a conversation, oldest first, and whether older messages remain.
pub fn page(ctx: &Ctx, peer: &Peer, query: &PageQuery) -> Result<(Vec<Message>, bool)> {
    let limit = query.limit.unwrap_or(PAGE);
    if !(1..=MAX_PAGE).contains(&limit) {
        return Err(Error::invalid_field("limit", format!("Entre 1 y {MAX_PAGE} mensajes")));
    }
    let (condition, extra) = peer.condition(ctx.user_id);
    let mut values = params![ctx.business_id];
    values.extend(extra);
    let mut statement = format!("SELECT {MESSAGE_COLUMNS} FROM chat_message WHERE business_id = $1 AND {condition}");
    if let Some(before) = query.before {
        values.push(before.to_sql());
        statement.push_str(&format!(" AND message_id < ${}", values.len()));
    }
    values.push((limit + 1).to_sql());
    statement.push_str(&format!(" ORDER BY message_id DESC LIMIT ${}", values.len()));
    let mut messages: Vec<Message> = sql::query_as(&statement, &values)?;
    let has_more = messages.len() as i64 > limit;
    messages.truncate(limit as usize);
    messages.reverse();
    Ok((messages, has_more))
}

/// The caller has read the conversation up to `message_id` (a marker only moves forward).
pub fn mark_read(ctx: &Ctx, peer: &Peer, message_id: i64) -> Result<()> {
    sql::execute(
        "INSERT INTO chat_read (business_id, user_id, peer, last_read_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (business_id, user_id, peer) DO UPDATE SET last_read_id =
           CASE WHEN excluded.last_read_id > chat_read.last_read_id THEN excluded.last_read_id ELSE chat_read.last_read_id END",
        &params![ctx.business_id, ctx.user_id, peer.key(), message_id],
    )?;
    Ok(())
}

fn latest_message_id(ctx: &Ctx, peer: &Peer) -> Result<Option<i64>> {
    let (condition, extra) = peer.condition(ctx.user_id);
    let mut values = params![ctx.business_id];
    values.extend(extra);
    sql::query_scalar(&format!("SELECT MAX(message_id) FROM chat_message WHERE business_id = $1 AND {condition}"), &values)
}

fn messages_json(messages: &[Message], names: &Names, me: i64) -> Value {
    Value::Array(messages.iter().map(|m| m.to_json(names, Some(me))).collect())
}

/// Read a conversation's page; the newest page marks it read.
fn read_conversation(ctx: &Ctx, req: &Req, peer: &Peer, names: &Names) -> Result<Value> {
    let query: PageQuery = req.query()?;
    let (messages, has_more) = page(ctx, peer, &query)?;
    if query.before.is_none() {
        if let Some(last) = messages.last() {
            mark_read(ctx, peer, last.message_id)?;
            // The reader's other tabs and the menu's count follow.
            realtime::push_to(&[ctx.user_id], "read", &json!({ "peer": peer.key(), "message_id": last.message_id }))?;
        }
    }
    Ok(json!({ "messages": messages_json(&messages, names, ctx.user_id), "has_more": has_more }))
}

// ---- people ----

/// An active colleague of the caller, for `field`.
pub fn colleague(ctx: &Ctx, field: &str, user_id: i64) -> Result<StaffMember> {
    if user_id == ctx.user_id {
        return Err(Error::invalid_field(field, "No puedes enviarte un mensaje a ti mismo"));
    }
    directory::member(user_id)
        .filter(|m| m.active)
        .ok_or_else(|| Error::invalid_field(field, "El usuario no es un usuario activo de la empresa"))
}

/// A contact as the contacts plugin sums it up.
#[derive(Debug, Clone, Deserialize)]
pub struct ContactSummary {
    pub id: i64,
    pub name: String,
    #[serde(default)]
    pub email: String,
}

/// The contacts `ids` the caller may see (the contacts module's own scope), in that order.
fn contacts(ids: &[i64]) -> Result<Vec<ContactSummary>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    plugins::call("contacts", "contact.summaries", &json!({ "ids": ids }))
}

fn contact(field: &str, contact_id: i64) -> Result<ContactSummary> {
    contacts(&[contact_id])?.into_iter().next().ok_or_else(|| Error::not_found("Contacto").with_data(json!({ "field": field })))
}

/// The employees asked for, active, without repeats and without the caller, checked.
fn invitees(ctx: &Ctx, ids: &[i64]) -> Result<Vec<i64>> {
    let mut ids: Vec<i64> = ids.iter().copied().filter(|id| *id != ctx.user_id).collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.len() > MAX_INVITED {
        return Err(Error::invalid_field("employees", format!("Como máximo {MAX_INVITED} empleados")));
    }
    let mut checks = Checks::new();
    for (i, id) in ids.iter().enumerate() {
        let field = format!("employees[{i}]");
        if directory::member(*id).filter(|m| m.active).is_none() {
            checks.push(Error::invalid_field(&field, "El usuario no es un usuario activo de la empresa"));
        }
    }
    checks.finish()?;
    Ok(ids)
}

// ---- groups ----

#[derive(Debug, Clone, Deserialize)]
pub struct Group {
    pub group_id: i64,
    pub name: String,
    pub image_file_id: Option<i64>,
    pub created_by: i64,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Debug, Clone, Deserialize)]
struct Member {
    group_id: i64,
    user_id: i64,
    state: String,
}

const GROUP_COLUMNS: &str = "g.group_id, g.name, g.image_file_id, g.created_by, g.created_at, g.updated_at";

/// The group and the caller's place in it (`member` or `invited`); `NOT-FOUND-000` when the
/// caller is neither.
pub fn visible_group(ctx: &Ctx, group_id: i64) -> Result<(Group, String)> {
    #[derive(Deserialize)]
    struct Row {
        #[serde(flatten)]
        group: Group,
        my_state: String,
    }
    let row: Option<Row> = sql::query_optional(
        &format!(
            "SELECT {GROUP_COLUMNS}, me.state AS my_state FROM chat_group g
             JOIN chat_member me ON me.group_id = g.group_id AND me.business_id = g.business_id AND me.user_id = $2
             WHERE g.business_id = $1 AND g.group_id = $3 AND me.state IN ('member', 'invited')"
        ),
        &params![ctx.business_id, ctx.user_id, group_id],
    )?;
    row.map(|r| (r.group, r.my_state)).ok_or_else(|| Error::not_found("Grupo"))
}

fn member_group(ctx: &Ctx, group_id: i64) -> Result<Group> {
    let (group, state) = visible_group(ctx, group_id)?;
    if state != "member" {
        return Err(Error::conflict("Únete al grupo para escribir en él o cambiarlo"));
    }
    Ok(group)
}

/// The user ids of a group's members (not the invited).
fn member_ids(ctx: &Ctx, group_id: i64) -> Result<Vec<i64>> {
    sql::query_as::<i64>(
        "SELECT user_id FROM chat_member WHERE business_id = $1 AND group_id = $2 AND state = 'member' ORDER BY user_id",
        &params![ctx.business_id, group_id],
    )
}

/// The caller's groups (member or invited) with their members, last message and unread count,
/// latest activity first; one group when `only` is given.
fn groups_json(ctx: &Ctx, names: &Names, only: Option<i64>) -> Result<Vec<Value>> {
    #[derive(Deserialize)]
    struct Row {
        #[serde(flatten)]
        group: Group,
        my_state: String,
    }
    let mine = "SELECT group_id FROM chat_member WHERE business_id = $1 AND user_id = $2 AND state IN ('member', 'invited')";
    let filter = if only.is_some() { " AND g.group_id = $3" } else { "" };
    let mut values = params![ctx.business_id, ctx.user_id];
    if let Some(id) = only {
        values.push(id.to_sql());
    }
    let rows: Vec<Row> = sql::query_as(
        &format!(
            "SELECT {GROUP_COLUMNS}, me.state AS my_state FROM chat_group g
             JOIN chat_member me ON me.group_id = g.group_id AND me.business_id = g.business_id AND me.user_id = $2
             WHERE g.business_id = $1 AND me.state IN ('member', 'invited'){filter}"
        ),
        &values,
    )?;
    let members: Vec<Member> = sql::query_as(
        &format!(
            "SELECT group_id, user_id, state FROM chat_member
             WHERE business_id = $1 AND state IN ('member', 'invited') AND group_id IN ({mine}) ORDER BY group_id, state DESC, user_id"
        ),
        &params![ctx.business_id, ctx.user_id],
    )?;
    let last: Vec<Message> = sql::query_as(
        &format!(
            "SELECT {MESSAGE_COLUMNS} FROM chat_message WHERE business_id = $1 AND message_id IN (
               SELECT MAX(message_id) FROM chat_message
               WHERE business_id = $1 AND target = 'group' AND group_id IN ({mine}) GROUP BY group_id)"
        ),
        &params![ctx.business_id, ctx.user_id],
    )?;
    let unread: Vec<Unread> = sql::query_as(
        "SELECT m.group_id AS peer, COUNT(*) AS unread FROM chat_message m
         JOIN chat_member me ON me.group_id = m.group_id AND me.business_id = m.business_id AND me.user_id = $2 AND me.state = 'member'
         LEFT JOIN chat_read r ON r.business_id = m.business_id AND r.user_id = $2 AND r.peer = 'group:' || CAST(m.group_id AS TEXT)
         WHERE m.business_id = $1 AND m.target = 'group' AND m.from_user_id <> $2 AND m.message_id > COALESCE(r.last_read_id, 0)
         GROUP BY m.group_id",
        &params![ctx.business_id, ctx.user_id],
    )?;
    let unread: HashMap<i64, i64> = unread.into_iter().map(|u| (u.peer, u.unread)).collect();
    let mut groups: Vec<(String, Value)> = rows
        .into_iter()
        .map(|Row { group, my_state }| {
            let last = last.iter().find(|m| m.group_id == Some(group.group_id));
            let activity = last.map(|m| m.created_at.clone()).unwrap_or_else(|| group.created_at.clone());
            let members: Vec<Value> = members
                .iter()
                .filter(|m| m.group_id == group.group_id)
                .map(|m| json!({ "user_id": m.user_id, "name": names.of(m.user_id), "state": m.state }))
                .collect();
            let invited = my_state == "invited";
            let value = json!({
                "group_id": group.group_id,
                "name": group.name,
                "image_file_id": group.image_file_id,
                "created_by": group.created_by,
                "created_by_name": names.of(group.created_by),
                "created_at": group.created_at,
                "my_state": my_state,
                "members": members,
                // Those invited see who is in the group, not what is said in it.
                "last_message": if invited { Value::Null } else { last.map(|m| m.to_json(names, Some(ctx.user_id))).unwrap_or(Value::Null) },
                "unread": unread.get(&group.group_id).copied().unwrap_or(0),
            });
            (activity, value)
        })
        .collect();
    groups.sort_by(|a, b| b.0.cmp(&a.0));
    Ok(groups.into_iter().map(|(_, v)| v).collect())
}

fn group_json(ctx: &Ctx, names: &Names, group_id: i64) -> Result<Value> {
    groups_json(ctx, names, Some(group_id))?.into_iter().next().ok_or_else(|| Error::not_found("Grupo"))
}

/// Tell the group's members (and whoever else is named) what changed.
fn push_group(ctx: &Ctx, group_id: i64, event: &str, user_id: i64, also: &[i64]) -> Result<()> {
    let mut to = member_ids(ctx, group_id)?;
    to.extend_from_slice(also);
    realtime::push_to(&to, "group", &json!({ "group_id": group_id, "event": event, "user_id": user_id }))
}

fn checked_image(image_file_id: Option<i64>) -> Result<Option<i64>> {
    if let Some(id) = image_file_id {
        validate::image_file("image_file_id", id)?;
    }
    Ok(image_file_id)
}

fn set_state(ctx: &Ctx, group_id: i64, user_id: i64, state: &str, invited_by: Option<i64>) -> Result<()> {
    sql::execute(
        "INSERT INTO chat_member (business_id, group_id, user_id, state, invited_by, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (group_id, user_id) DO UPDATE SET state = excluded.state, invited_by = excluded.invited_by, updated_at = excluded.updated_at",
        &params![ctx.business_id, group_id, user_id, state, invited_by, volante_plugin_sdk::host::now()],
    )?;
    Ok(())
}

/// Invite `ids` (already checked) to the group; those in it or invited stay as they are.
/// Answers the newly invited.
fn invite(ctx: &Ctx, group_id: i64, ids: &[i64]) -> Result<Vec<i64>> {
    let current: Vec<Member> = sql::query_as(
        "SELECT group_id, user_id, state FROM chat_member WHERE business_id = $1 AND group_id = $2",
        &params![ctx.business_id, group_id],
    )?;
    let mut invited = Vec::new();
    for id in ids {
        let already = current.iter().any(|m| m.user_id == *id && m.state != "left");
        if !already {
            set_state(ctx, group_id, *id, "invited", Some(ctx.user_id))?;
            invited.push(*id);
        }
    }
    Ok(invited)
}

// ---- handlers ----

/// `POST chat/send`.
fn send(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: SendBody = req.json()?;
    let text = validate::required("text", &body.text, MAX_TEXT).map_err(|e| {
        if body.text.trim().is_empty() {
            Error::invalid_field("text", "El mensaje no puede estar vacío")
        } else {
            e
        }
    })?;
    let names = Names::load();
    let now = volante_plugin_sdk::host::now();
    let insert = |to_user: Option<i64>, group: Option<i64>, contact: Option<i64>| -> Result<Message> {
        let message_id: i64 = sql::query_scalar(
            "INSERT INTO chat_message (business_id, target, from_user_id, to_user_id, group_id, contact_id, body, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING message_id",
            &params![ctx.business_id, body.target.trim(), ctx.user_id, to_user, group, contact, &text, &now],
        )?;
        Ok(Message {
            message_id,
            target: body.target.trim().to_string(),
            from_user_id: ctx.user_id,
            to_user_id: to_user,
            group_id: group,
            contact_id: contact,
            body: text.clone(),
            created_at: now.clone(),
        })
    };
    let (message, to) = match body.target.trim() {
        "employee" => {
            colleague(ctx, "id", body.id)?;
            let message = insert(Some(body.id), None, None)?;
            (message, vec![ctx.user_id, body.id])
        }
        "group" => {
            member_group(ctx, body.id).map_err(|e| e.with_data(json!({ "field": "id" })))?;
            let message = insert(None, Some(body.id), None)?;
            (message, member_ids(ctx, body.id)?)
        }
        "contact" => {
            let person = contact("id", body.id)?;
            let email = person.email.trim();
            if email.is_empty() {
                return Err(Error::invalid_field("id", "El contacto no tiene correo electrónico"));
            }
            let message = insert(None, None, Some(body.id))?;
            let context = json!({ "sender": names.of(ctx.user_id), "name": person.name, "text": text });
            mail::send(
                &[email.to_string()],
                "Mensaje de {{ sender }}",
                "Hola, {{ name }}:\n\n{{ text }}\n\n{{ sender }}\n",
                &context,
                &[],
            )
            .map_err(|e| Error::invalid_field("id", format!("No se ha podido enviar el correo: {}", e.details)))?;
            (message, vec![ctx.user_id])
        }
        _ => return Err(Error::invalid_field("target", "El destino es employee, group o contact")),
    };
    // The sender has read what they wrote.
    let peer = match message.target.as_str() {
        "employee" => Peer::Employee(body.id),
        "group" => Peer::Group(body.id),
        _ => Peer::Contact(body.id),
    };
    mark_read(ctx, &peer, message.message_id)?;
    realtime::push_to(&to, "message", &json!({ "message": message.to_json(&names, None) }))?;
    Ok(message.to_json(&names, Some(ctx.user_id)))
}

/// `GET chat/direct/{target}/{id}`.
fn direct(ctx: &Ctx, req: &Req) -> Result<Value> {
    let target: String = req.param("target")?;
    let id: i64 = req.param("id")?;
    let names = Names::load();
    let (peer, name, email) = match target.as_str() {
        "employee" => {
            let member = directory::member(id).filter(|_| id != ctx.user_id).ok_or_else(|| Error::not_found("Empleado"))?;
            (Peer::Employee(id), member.name, Value::Null)
        }
        "contact" => {
            let person = contact("id", id)?;
            let email = Some(person.email.trim()).filter(|e| !e.is_empty()).map(str::to_string);
            (Peer::Contact(id), person.name, json!(email))
        }
        _ => return Err(Error::not_found_feminine("Conversación")),
    };
    let mut answer = read_conversation(ctx, req, &peer, &names)?;
    answer["target"] = json!(target);
    answer["id"] = json!(id);
    answer["name"] = json!(name);
    answer["email"] = email;
    Ok(answer)
}

/// `GET chat/read/{id}`: a group.
fn group_read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id: i64 = req.param("id")?;
    let (_, state) = visible_group(ctx, id)?;
    let names = Names::load();
    let mut answer = if state == "member" {
        read_conversation(ctx, req, &Peer::Group(id), &names)?
    } else {
        json!({ "messages": [], "has_more": false })
    };
    answer["group"] = group_json(ctx, &names, id)?;
    Ok(answer)
}

/// Unread messages of one conversation.
#[derive(Debug, Deserialize)]
struct Unread {
    peer: i64,
    unread: i64,
}

/// Unread direct messages by sender.
fn direct_unread(ctx: &Ctx) -> Result<Vec<(i64, i64)>> {
    let rows: Vec<Unread> = sql::query_as(
        "SELECT m.from_user_id AS peer, COUNT(*) AS unread FROM chat_message m
         LEFT JOIN chat_read r ON r.business_id = m.business_id AND r.user_id = $2 AND r.peer = 'employee:' || CAST(m.from_user_id AS TEXT)
         WHERE m.business_id = $1 AND m.target = 'employee' AND m.to_user_id = $2 AND m.message_id > COALESCE(r.last_read_id, 0)
         GROUP BY m.from_user_id",
        &params![ctx.business_id, ctx.user_id],
    )?;
    Ok(rows.into_iter().map(|u| (u.peer, u.unread)).collect())
}

/// `GET chat/all`.
fn all(ctx: &Ctx, _req: &Req) -> Result<Value> {
    let names = Names::load();
    let last_direct: Vec<Message> = sql::query_as(
        &format!(
            "SELECT {MESSAGE_COLUMNS} FROM chat_message WHERE business_id = $1 AND message_id IN (
               SELECT MAX(message_id) FROM chat_message
               WHERE business_id = $1 AND target = 'employee' AND (from_user_id = $2 OR to_user_id = $2)
               GROUP BY CASE WHEN from_user_id = $2 THEN to_user_id ELSE from_user_id END)"
        ),
        &params![ctx.business_id, ctx.user_id],
    )?;
    let unread: HashMap<i64, i64> = direct_unread(ctx)?.into_iter().collect();
    let peer_of = |m: &Message| if m.from_user_id == ctx.user_id { m.to_user_id.unwrap_or_default() } else { m.from_user_id };
    let mut employees: Vec<(Option<i64>, String, Value)> = directory::staff(false)
        .into_iter()
        .filter(|m| m.user_id != ctx.user_id)
        .map(|m| {
            let last = last_direct.iter().find(|msg| peer_of(msg) == m.user_id);
            let value = json!({
                "user_id": m.user_id,
                "name": m.name,
                "branch_id": m.branch_id,
                "last_message": last.map(|msg| msg.to_json(&names, Some(ctx.user_id))).unwrap_or(Value::Null),
                "unread": unread.get(&m.user_id).copied().unwrap_or(0),
            });
            (last.map(|msg| msg.message_id), m.name.to_lowercase(), value)
        })
        .collect();
    // Latest conversations first, then the others by name.
    employees.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));

    let last_contact: Vec<Message> = sql::query_as(
        &format!(
            "SELECT {MESSAGE_COLUMNS} FROM chat_message WHERE business_id = $1 AND message_id IN (
               SELECT MAX(message_id) FROM chat_message WHERE business_id = $1 AND target = 'contact' GROUP BY contact_id)
             ORDER BY message_id DESC LIMIT 200"
        ),
        &params![ctx.business_id],
    )?;
    let ids: Vec<i64> = last_contact.iter().filter_map(|m| m.contact_id).collect();
    let found: BTreeMap<i64, ContactSummary> = contacts(&ids)?.into_iter().map(|c| (c.id, c)).collect();
    let contacts: Vec<Value> = last_contact
        .iter()
        .filter_map(|m| {
            let person = found.get(&m.contact_id?)?;
            Some(json!({
                "contact_id": person.id,
                "name": person.name,
                "email": Some(person.email.trim()).filter(|e| !e.is_empty()),
                "last_message": m.to_json(&names, Some(ctx.user_id)),
                "unread": 0,
            }))
        })
        .collect();
    Ok(json!({
        "employees": employees.into_iter().map(|(_, _, v)| v).collect::<Vec<_>>(),
        "contacts": contacts,
        "groups": groups_json(ctx, &names, None)?,
    }))
}

/// `GET chat/count`.
fn count(ctx: &Ctx, _req: &Req) -> Result<Value> {
    let employees = direct_unread(ctx)?;
    let names = Names::load();
    let groups = groups_json(ctx, &names, None)?;
    let mut total: i64 = employees.iter().map(|(_, n)| n).sum();
    let mut by_group = serde_json::Map::new();
    let mut invites = 0;
    for group in &groups {
        if group["my_state"] == "invited" {
            invites += 1;
        }
        let unread = group["unread"].as_i64().unwrap_or(0);
        if unread > 0 {
            total += unread;
            by_group.insert(group["group_id"].to_string(), json!(unread));
        }
    }
    let by_employee: serde_json::Map<String, Value> = employees.into_iter().map(|(id, n)| (id.to_string(), json!(n))).collect();
    Ok(json!({ "total": total, "employees": by_employee, "groups": by_group, "invites": invites, "pending": total + invites }))
}

/// `GET chat/group/read`.
fn group_list(ctx: &Ctx, _req: &Req) -> Result<Value> {
    Ok(Value::Array(groups_json(ctx, &Names::load(), None)?))
}

/// `POST chat/group/create`.
fn group_create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: GroupCreate = req.json()?;
    let mut checks = Checks::new();
    let name = checks.check(validate::required("name", &body.name, MAX_NAME));
    let image = checks.check(checked_image(body.image_file_id));
    let invited = checks.check(invitees(ctx, &body.employees));
    checks.finish()?;
    let (Some(name), Some(image), Some(invited)) = (name, image, invited) else { return Err(Error::malformed("Grupo no válido")) };
    let now = volante_plugin_sdk::host::now();
    let group_id: i64 = sql::query_scalar(
        "INSERT INTO chat_group (business_id, name, image_file_id, created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING group_id",
        &params![ctx.business_id, &name, image, ctx.user_id, &now],
    )?;
    set_state(ctx, group_id, ctx.user_id, "member", None)?;
    let invited = invite(ctx, group_id, &invited)?;
    realtime::push_to(&invited, "group", &json!({ "group_id": group_id, "event": "invited", "user_id": ctx.user_id }))?;
    group_json(ctx, &Names::load(), group_id)
}

/// `POST chat/group/invite`.
fn group_invite(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: GroupInvite = req.json()?;
    member_group(ctx, body.group_id).map_err(|e| e.with_data(json!({ "field": "group_id" })))?;
    let ids = invitees(ctx, &body.employees)?;
    let invited = invite(ctx, body.group_id, &ids)?;
    if !invited.is_empty() {
        realtime::push_to(&invited, "group", &json!({ "group_id": body.group_id, "event": "invited", "user_id": ctx.user_id }))?;
        push_group(ctx, body.group_id, "updated", ctx.user_id, &[])?;
    }
    group_json(ctx, &Names::load(), body.group_id)
}

/// `POST chat/group/update`.
fn group_update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: GroupUpdate = req.json()?;
    let group = member_group(ctx, body.group_id).map_err(|e| e.with_data(json!({ "field": "group_id" })))?;
    let mut checks = Checks::new();
    let name = match &body.name {
        Some(name) => checks.check(validate::required("name", name, MAX_NAME)),
        None => Some(group.name.clone()),
    };
    let image = match body.image_file_id {
        Some(image) => checks.check(checked_image(image)),
        None => Some(group.image_file_id),
    };
    checks.finish()?;
    let (Some(name), Some(image)) = (name, image) else { return Err(Error::malformed("Grupo no válido")) };
    sql::execute(
        "UPDATE chat_group SET name = $1, image_file_id = $2, updated_at = $3 WHERE business_id = $4 AND group_id = $5",
        &params![&name, image, volante_plugin_sdk::host::now(), ctx.business_id, body.group_id],
    )?;
    push_group(ctx, body.group_id, "updated", ctx.user_id, &[])?;
    group_json(ctx, &Names::load(), body.group_id)
}

/// `POST chat/group/join`.
fn group_join(ctx: &Ctx, req: &Req) -> Result<Value> {
    let GroupId { group_id } = req.json()?;
    let (_, state) = visible_group(ctx, group_id).map_err(|e| e.with_data(json!({ "field": "group_id" })))?;
    if state == "member" {
        return Err(Error::conflict("Ya estás en este grupo"));
    }
    set_state(ctx, group_id, ctx.user_id, "member", None)?;
    // What was said before joining is there to read, not waiting as unread.
    if let Some(latest) = latest_message_id(ctx, &Peer::Group(group_id))? {
        mark_read(ctx, &Peer::Group(group_id), latest)?;
    }
    push_group(ctx, group_id, "joined", ctx.user_id, &[])?;
    group_json(ctx, &Names::load(), group_id)
}

/// `POST chat/group/exit`.
fn group_exit(ctx: &Ctx, req: &Req) -> Result<Value> {
    let GroupId { group_id } = req.json()?;
    visible_group(ctx, group_id).map_err(|e| e.with_data(json!({ "field": "group_id" })))?;
    set_state(ctx, group_id, ctx.user_id, "left", None)?;
    push_group(ctx, group_id, "left", ctx.user_id, &[ctx.user_id])?;
    Ok(json!({ "group_id": group_id }))
}

/// `POST chat/group/image/upload`: a PNG or JPEG for a group's image; anything else is refused
/// (and the host then does not keep it).
fn image_upload(_ctx: &Ctx, req: &Req) -> Result<Value> {
    let ImageUpload { file } = req.json()?;
    validate::image_file("file", file.file_id)?;
    Ok(serde_json::to_value(&file)?)
}

pub struct Chat;

impl Plugin for Chat {
    fn router() -> Router {
        Router::new()
            .post("chat/send", send)
            .get("chat/all", all)
            .get("chat/count", count)
            .get("chat/direct/{target}/{id}", direct)
            .get("chat/read/{id}", group_read)
            .get("chat/group/read", group_list)
            .post("chat/group/create", group_create)
            .post("chat/group/invite", group_invite)
            .post("chat/group/update", group_update)
            .post("chat/group/join", group_join)
            .post("chat/group/exit", group_exit)
            .post("chat/group/image/upload", image_upload)
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .add::<SendBody>("chat_send")
            .add::<GroupCreate>("chat_group_create")
            .add::<GroupInvite>("chat_group_invite")
            .add::<GroupUpdate>("chat_group_update")
            .add::<GroupId>("chat_group_id");
    }
}

volante_plugin_sdk::plugin!(Chat);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_markers_are_kept_per_conversation() {
        assert_eq!(Peer::Employee(4).key(), "employee:4");
        assert_eq!(Peer::Group(9).key(), "group:9");
        assert_eq!(Peer::Contact(12).key(), "contact:12");
    }

    #[test]
    fn a_direct_conversation_is_both_directions_between_the_two() {
        let (condition, values) = Peer::Employee(7).condition(3);
        assert!(condition.contains("from_user_id = $2 AND to_user_id = $3"));
        assert!(condition.contains("from_user_id = $3 AND to_user_id = $2"));
        assert_eq!(values.len(), 2);
    }

    #[test]
    fn a_group_update_tells_a_missing_image_from_a_removed_one() {
        let kept: GroupUpdate = serde_json::from_value(json!({ "group_id": 1, "name": "A" })).unwrap();
        assert_eq!(kept.image_file_id, None);
        let removed: GroupUpdate = serde_json::from_value(json!({ "group_id": 1, "image_file_id": null })).unwrap();
        assert_eq!(removed.image_file_id, Some(None));
        let set: GroupUpdate = serde_json::from_value(json!({ "group_id": 1, "image_file_id": 5 })).unwrap();
        assert_eq!(set.image_file_id, Some(Some(5)));
    }

    #[test]
    fn pushed_messages_leave_out_mine() {
        let names = Names(HashMap::new());
        let message = Message {
            message_id: 1,
            target: "employee".into(),
            from_user_id: 3,
            to_user_id: Some(4),
            group_id: None,
            contact_id: None,
            body: "Hola".into(),
            created_at: "2026-11-26T10:00:00.000Z".into(),
        };
        assert!(message.to_json(&names, None).get("mine").is_none());
        assert_eq!(message.to_json(&names, Some(3))["mine"], true);
        assert_eq!(message.to_json(&names, Some(4))["mine"], false);
        assert_eq!(message.to_json(&names, None)["from_name"], "Usuario 3");
    }
}
