//! Volante's `agenda` plugin: the school's calendar (`schedule/`: events such as a meeting, an
//! exam day or a visit, with the staff they concern, checked off once held) and its tasks
//! (`task/`: something to do, with its owner, due date and priority, checked off when done). Two
//! services, `schedule` and `task`. See README.md for the calls.

mod event;
mod task;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::ListQuery;
use volante_plugin_sdk::host;

pub use event::Event;
pub use task::{Priority, Task};

/// Lets a branch-limited user see and manage the events and tasks of every branch.
pub const ALL_BRANCHES: &str = "agenda.all_branches";

/// Today in Spain (the peninsula's date).
pub fn today() -> String {
    host::spanish_today()
}

/// An active user of the business, for `field`.
pub fn staff_member(field: &str, user_id: i64) -> Result<host::directory::StaffMember> {
    host::directory::member(user_id)
        .filter(|m| m.active)
        .ok_or_else(|| Error::invalid_field(field, "El usuario no es un usuario activo de la empresa"))
}

/// `check` body: the record and whether it is done (none toggles).
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct CheckBody {
    pub id: i64,
    #[serde(default)]
    pub checked: Option<bool>,
}

/// The `{id}` of a body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct IdBody {
    pub id: i64,
}

/// `GET schedule/staff` and `GET task/staff` (extensions): the business's active users, by name
/// (`[{user_id, name, branch_id}]`), to choose whom an event concerns or whose a task is.
pub fn staff(_ctx: &Ctx, _req: &Req) -> Result<Value> {
    Ok(json!(host::directory::staff(false)
        .into_iter()
        .map(|m| json!({ "user_id": m.user_id, "name": m.name, "branch_id": m.branch_id }))
        .collect::<Vec<_>>()))
}

pub struct Agenda;

impl Plugin for Agenda {
    fn router() -> Router {
        Router::new()
            .post("schedule/create", event::create)
            .post("schedule/update", event::update)
            .post("schedule/delete", event::delete)
            .post("schedule/check", event::check)
            .get("schedule/read", event::read)
            .post("task/create", task::create)
            .post("task/update", task::update)
            .post("task/delete", task::delete)
            .post("task/check", task::check)
            .get("task/read", task::read)
            .get("schedule/staff", staff)
            .get("task/staff", staff)
    }

    fn on_event(ctx: &Ctx, name: &str, payload_json: &str) -> std::result::Result<(), String> {
        match host::timers::Fired::parse(name, payload_json) {
            Some(fired) if fired.key.starts_with("event:") => event::reminded(ctx, fired.payload).map_err(|e| e.details),
            _ => Ok(()),
        }
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .resource::<Event>()
            .resource::<Task>()
            .add::<ListQuery>("agenda_list")
            .add::<IdBody>("agenda_id")
            .add::<CheckBody>("agenda_check");
    }
}

volante_plugin_sdk::plugin!(Agenda);
