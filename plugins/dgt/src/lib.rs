//! Volante's `dgt` plugin: a driving school's paperwork with the DGT. The students' register
//! books (libro-registro de alumnos), one entry per student and licence class with its exams;
//! the folders (carpetas) of students presented to an exam, whose results are written into the
//! books; and the DGT fees (tasas) the school pays for them. See README.md for the calls.

mod book;
mod contacts;
mod entry;
mod folder;
mod report;
mod tax;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::ListQuery;
use volante_plugin_sdk::host;

pub use book::Book;
pub use entry::{Entry, ExamResult, LicenceCheck};
pub use folder::{ExamKind, Folder, FolderStatus, NewFolderStudent};
pub use tax::{Tax, TAX_TYPES};

/// Lets a branch-limited user see and manage the books and folders of every branch.
pub const ALL_BRANCHES: &str = "dgt.all_branches";

/// Today in Spain (the peninsula's date).
pub fn today() -> String {
    host::spanish_today()
}

pub use volante_plugin_sdk::time::spanish_date;

/// The business's branch names by id (for the lists' and details' `branch_name`).
pub fn branch_names() -> std::collections::BTreeMap<i64, String> {
    host::directory::branches().into_iter().map(|b| (b.id, b.name)).collect()
}

/// One licence class of the fixed list, upper-cased; required.
pub use volante_plugin_sdk::validate::licence_class as licence;

pub struct Dgt;

impl Plugin for Dgt {
    fn router() -> Router {
        Router::new()
            .post("dgt/book/register/create", book::create)
            .post("dgt/book/register/update", book::update)
            .post("dgt/book/register/delete", book::delete)
            .get("dgt/book/register/read", book::read)
            .post("dgt/book/register/student/maxbook", book::maxbook)
            .post("dgt/book/register/student/create", entry::create)
            .post("dgt/book/register/student/update", entry::update)
            .post("dgt/book/register/student/delete", entry::delete)
            .get("dgt/book/register/student/read", entry::read)
            .post("dgt/book/register/student/exist/license", entry::exist_licence)
            .get("dgt/book/register/contact/read/{id}", entry::from_contact)
            .post("dgt/folder/create", folder::create)
            .post("dgt/folder/update", folder::update)
            .get("dgt/folder/read", folder::read)
            .post("dgt/folder/student/add", folder::add_student)
            .post("dgt/folder/student/update", folder::update_student)
            .post("dgt/folder/student/delete", folder::delete_student)
            .get("dgt/folder/student/read", folder::read_students)
            .post("dgt/tax/create", tax::create)
            .post("dgt/tax/update", tax::update)
            .post("dgt/tax/delete", tax::delete)
            .get("dgt/tax/read", tax::read)
            .get("dgt/tax/types", tax::types)
            .get("dgt/center", report::centres)
            .get("dgt/state_numbers", report::state_numbers)
            .post("dgt/convocatoria", report::convocatorias)
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .resource::<Book>()
            .resource::<Entry>()
            .resource::<Folder>()
            .resource::<Tax>()
            .add::<ListQuery>("dgt_list")
            .add::<IdBody>("dgt_id")
            .add::<report::ReportFilter>("dgt_report")
            .add::<book::BookRef>("dgt_book_ref")
            .add::<LicenceCheck>("dgt_licence_check")
            .add::<NewFolderStudent>("dgt_folder_student")
            .add::<folder::StudentUpdate>("dgt_folder_student_update");
    }
}

volante_plugin_sdk::plugin!(Dgt);

/// The `{id}` of a body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct IdBody {
    pub id: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn licences_come_from_the_fixed_list() {
        assert_eq!(licence("licence", " b ").unwrap(), "B");
        assert_eq!(licence("licence", "z").unwrap_err().details, "El permiso Z no existe");
        assert_eq!(licence("licence", "").unwrap_err().code, codes::INVALID_FIELD);
        assert_eq!(spanish_date("2026-11-27"), "27/11/2026");
    }
}
