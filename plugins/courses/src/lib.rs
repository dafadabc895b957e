//! Volante's `courses` plugin: the courses a school or training centre runs in a classroom
//! (training courses such as CAP, dangerous goods or FUNDAE; permit A courses; points-recovery
//! courses), their groups, the students enrolled (contacts of the contacts plugin), the sessions
//! with their place and teachers, and each student's attendance. The three kinds share one shape
//! and are served under three prefixes, each with its own service. See README.md for the calls.

mod catalogue;
mod course;
mod group;
mod information;
mod session;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::ListQuery;
use volante_plugin_sdk::host;

pub use catalogue::{Place, Teacher, TeacherRole};
pub use course::{Course, Modality};
pub use group::{CourseGroup, GroupMembership};
pub use session::{Attendance, NewSession, SessionKind};

/// Lets a branch-limited user see and manage the courses of every branch.
pub const ALL_BRANCHES: &str = "courses.all_branches";

/// The three kinds of course, each under its own prefix and service.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Training courses: CAP, dangerous goods, FUNDAE and others.
    #[default]
    Course,
    /// The course to move from licence A2 to A.
    PermitA,
    /// Points-recovery courses (partial or total).
    PointsRecovery,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Course, Kind::PermitA, Kind::PointsRecovery];

    /// The calls' prefix, with its trailing slash.
    pub fn prefix(self) -> &'static str {
        match self {
            Kind::Course => "course/",
            Kind::PermitA => "cursopermiso/a/",
            Kind::PointsRecovery => "recuperacionpuntos/",
        }
    }

    /// The service (and permission) the kind's calls need.
    pub fn service(self) -> &'static str {
        match self {
            Kind::Course => "course",
            Kind::PermitA => "permisoa",
            Kind::PointsRecovery => "recuperacionpuntos",
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Course => "course",
            Kind::PermitA => "permit_a",
            Kind::PointsRecovery => "points_recovery",
        }
    }

    /// The categories a course of this kind may have; the first is the default.
    pub fn categories(self) -> &'static [&'static str] {
        match self {
            Kind::Course => &["cap_initial", "cap_continuous", "dangerous_goods", "fundae", "other"],
            Kind::PermitA => &["permit_a"],
            Kind::PointsRecovery => &["partial", "total"],
        }
    }

    /// The start of the references given to courses created without one.
    pub fn reference_prefix(self) -> &'static str {
        match self {
            Kind::Course => "CU",
            Kind::PermitA => "PA",
            Kind::PointsRecovery => "RP",
        }
    }

    /// The hours a category's course lasts by law, when it does: 12 for partial and 24 for total
    /// points recovery.
    pub fn legal_hours(self, category: &str) -> Option<f64> {
        match (self, category) {
            (Kind::PointsRecovery, "partial") => Some(12.0),
            (Kind::PointsRecovery, "total") => Some(24.0),
            _ => None,
        }
    }
}

/// Today in Spain (the peninsula's date).
pub fn today() -> String {
    host::spanish_today()
}

pub use volante_plugin_sdk::time::spanish_date;

pub struct Courses;

impl Plugin for Courses {
    fn router() -> Router {
        Kind::ALL.into_iter().fold(Router::new(), |router, kind| {
            let p = kind.prefix();
            router
                .post(&format!("{p}create"), move |ctx, req| course::create(ctx, req, kind))
                .post(&format!("{p}update"), move |ctx, req| course::update(ctx, req, kind))
                .post(&format!("{p}delete"), move |ctx, req| course::delete(ctx, req, kind))
                .post(&format!("{p}state"), move |ctx, req| course::set_state(ctx, req, kind))
                .get(&format!("{p}read"), move |ctx, req| course::read(ctx, req, kind))
                .get(&format!("{p}group/read"), move |ctx, req| group::read(ctx, req, kind))
                .post(&format!("{p}group/create"), move |ctx, req| group::create(ctx, req, kind))
                .post(&format!("{p}group/delete"), move |ctx, req| group::delete(ctx, req, kind))
                .post(&format!("{p}group/settings/add"), move |ctx, req| group::settings(ctx, req, kind, true))
                .post(&format!("{p}group/settings/remove"), move |ctx, req| group::settings(ctx, req, kind, false))
                .post(&format!("{p}contact/student/add"), move |ctx, req| course::add_students(ctx, req, kind))
                .post(&format!("{p}contact/student/remove"), move |ctx, req| course::remove_students(ctx, req, kind))
                .post(&format!("{p}sesion/add"), move |ctx, req| session::add(ctx, req, kind))
                .post(&format!("{p}sesion/remove"), move |ctx, req| session::remove(ctx, req, kind))
                .post(&format!("{p}sesion/attendance"), move |ctx, req| session::attendance(ctx, req, kind))
                .get(&format!("{p}sesion/lugares/read"), |ctx, _req| catalogue::places(ctx))
                .post(&format!("{p}sesion/lugares/create"), |ctx, req| catalogue::create_place(ctx, req))
                .post(&format!("{p}sesion/lugares/delete"), |ctx, req| catalogue::delete_place(ctx, req))
                .get(&format!("{p}sesion/docentes/read"), |ctx, _req| catalogue::teachers(ctx))
                .post(&format!("{p}sesion/docentes/create"), |ctx, req| catalogue::create_teacher(ctx, req))
                .post(&format!("{p}sesion/docentes/delete"), |ctx, req| catalogue::delete_teacher(ctx, req))
        })
        // The spec lists it for training courses only.
        .get("course/send/information", |ctx, req| information::send(ctx, req, Kind::Course))
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .resource::<Course>()
            .add::<ListQuery>("course_list")
            .add::<course::StateBody>("course_state")
            .add::<CourseGroup>("course_group")
            .add::<GroupMembership>("course_group_membership")
            .add::<course::Enrolment>("course_enrolment")
            .add::<NewSession>("course_session")
            .add::<Attendance>("course_attendance")
            .add::<Place>("course_place")
            .add::<Teacher>("course_teacher");
    }
}

volante_plugin_sdk::plugin!(Courses);

/// The `{id}` of a body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct IdBody {
    pub id: i64,
}

/// Several ids given as a list and/or one of them alone, checked and deduplicated.
pub fn ids_of(field: &str, many: &[i64], one: Option<i64>) -> Result<Vec<i64>> {
    let mut ids: Vec<i64> = many.iter().copied().chain(one).collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Err(Error::required(field));
    }
    if ids.len() > 500 {
        return Err(Error::invalid_field(field, "Como máximo 500 por llamada"));
    }
    Ok(ids)
}

pub use volante_plugin_sdk::sql::placeholders;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_has_its_prefix_service_and_categories() {
        assert_eq!(Kind::PermitA.prefix(), "cursopermiso/a/");
        assert_eq!(Kind::PointsRecovery.service(), "recuperacionpuntos");
        assert_eq!(Kind::Course.categories()[0], "cap_initial");
        assert_eq!(Kind::PointsRecovery.legal_hours("total"), Some(24.0));
        assert_eq!(Kind::Course.legal_hours("cap_initial"), None);
    }

    #[test]
    fn ids_are_deduplicated_and_required() {
        assert_eq!(ids_of("contact_ids", &[3, 1, 3], Some(2)).unwrap(), vec![1, 2, 3]);
        assert!(ids_of("contact_ids", &[], None).is_err());
        assert_eq!(placeholders(3, 2), "$3, $4");
        assert_eq!(spanish_date("2026-11-27"), "27/11/2026");
    }
}
