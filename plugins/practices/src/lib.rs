//! Volante's `practices` plugin: a driving school's practical lessons (the spec's `hermes/`
//! calls). The kinds of lesson the school sells, with their length and price; the students who
//! take them (contacts, one record per licence class, with their usual teacher); the packs of
//! lessons each student buys (bonos); and the lessons themselves, booked with a teacher and a
//! vehicle that cannot be in two places at once, and charged to a pack once given. See README.md.

mod lesson;
mod student;
mod types;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::ListQuery;
use volante_plugin_sdk::host;

pub use lesson::{LessonStatus, LessonUpdate, NewLesson, ScheduleQuery};
pub use student::{NewBag, BagUpdate, Student, TeacherAssign};
pub use types::PracticeType;

/// Lets a branch-limited user see and manage the students of every branch.
pub const ALL_BRANCHES: &str = "practices.all_branches";

/// Today in Spain (the peninsula's date).
pub fn today() -> String {
    host::spanish_today()
}

pub use volante_plugin_sdk::time::spanish_date;

/// One licence class of the fixed list, upper-cased; required.
pub use volante_plugin_sdk::validate::licence_class as licence;

/// An active member of the business's staff, as a teacher.
pub fn teacher(field: &str, user_id: i64) -> Result<host::directory::StaffMember> {
    host::directory::member(user_id)
        .filter(|m| m.active)
        .ok_or_else(|| Error::invalid_field(field, "El profesor no es un usuario activo de la empresa"))
}

/// `GET hermes/teachers` (extension): whom to offer as a teacher, `[{user_id, name, branch_id}]`
/// by name. The employees module's teachers with an account; every active member of staff when
/// that module is off.
pub fn teachers(_ctx: &Ctx, _req: &Req) -> Result<Value> {
    let answer = volante_plugin_sdk::bindings::volante::plugin::plugins::call("employees", "employee.teachers", "{}");
    if let Some(list) = answer.ok().and_then(|text| serde_json::from_str::<Value>(&text).ok()) {
        return Ok(list);
    }
    Ok(json!(host::directory::staff(false)
        .into_iter()
        .map(|m| json!({ "user_id": m.user_id, "name": m.name, "branch_id": m.branch_id }))
        .collect::<Vec<_>>()))
}

/// `GET hermes/vehicles` (extension): the vehicles to offer for a lesson, `[{id, plate, model,
/// brand}]` by plate, from the fleet module; `CONFLICT-000` when that module is off.
pub fn vehicles(_ctx: &Ctx, _req: &Req) -> Result<Value> {
    let text = volante_plugin_sdk::bindings::volante::plugin::plugins::call("fleet", "vehicle.active", "{}")
        .map_err(|_| Error::conflict("El servicio de vehículos no está activo para la empresa"))?;
    serde_json::from_str(&text).map_err(Error::internal)
}

pub struct Practices;

impl Plugin for Practices {
    fn router() -> Router {
        Router::new()
            .post("hermes/practice/type/create", types::create)
            .post("hermes/practice/type/update", types::update)
            .post("hermes/practice/type/delete", types::delete)
            .get("hermes/practice/type/read/{id}", types::read_one)
            .get("hermes/practice/type/read", types::read)
            .post("hermes/student/create", student::create)
            .post("hermes/student/delete", student::delete)
            .get("hermes/student/read", student::read)
            .post("hermes/teacher/assign", student::assign)
            .post("hermes/student/bag", student::add_bag)
            .post("hermes/student/bag/update", student::update_bag)
            .post("hermes/student/practice", lesson::book)
            .post("hermes/student/practice/update", lesson::update)
            .post("hermes/teacher/student", lesson::schedule)
            .get("hermes/teachers", teachers)
            .get("hermes/vehicles", vehicles)
    }

    fn invoke(ctx: &Ctx, function: &str, args_json: &str) -> std::result::Result<String, String> {
        match function {
            // The products plugin's processes: a pack of lessons for a buyer of the online shop.
            "practices.bag" => {
                let body: student::Granted = serde_json::from_str(args_json).map_err(|e| e.to_string())?;
                let granted = student::grant_bag(ctx, body).map_err(|e| e.details)?;
                serde_json::to_string(&granted).map_err(|e| e.to_string())
            }
            other => Err(format!("unknown function `{other}`")),
        }
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .resource::<PracticeType>()
            .resource::<Student>()
            .add::<ListQuery>("practices_list")
            .add::<IdBody>("practices_id")
            .add::<TeacherAssign>("practices_assign")
            .add::<NewBag>("practices_bag")
            .add::<BagUpdate>("practices_bag_update")
            .add::<NewLesson>("practices_lesson")
            .add::<LessonUpdate>("practices_lesson_update")
            .add::<ScheduleQuery>("practices_schedule");
    }
}

volante_plugin_sdk::plugin!(Practices);

/// The `{id}` of a body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct IdBody {
    pub id: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn licences_and_dates() {
        assert_eq!(licence("licence", " b ").unwrap(), "B");
        assert!(licence("licence", "X").is_err());
        assert_eq!(spanish_date("2026-11-27"), "27/11/2026");
    }
}
