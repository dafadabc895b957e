//! Content the provider copies from one business to another (`[[copies]]` in the manifest):
//! a model school's product categories or question bank into a new school.
//!
//! The host calls the plugin's `invoke` with [`EXPORT`] in the source business (read-only),
//! chunk after chunk, and hands each chunk to [`IMPORT`] in the target business, all in one
//! transaction of the target. A plugin answers both for each kind it declares:
//!
//! ```ignore
//! fn invoke(ctx: &Ctx, function: &str, args_json: &str) -> std::result::Result<String, String> {
//!     match function {
//!         copy::EXPORT => copy::answer(copy::export_args(args_json).and_then(|args| export(ctx, &args))),
//!         copy::IMPORT => copy::answer(copy::import_args(args_json).and_then(|args| import(ctx, args.items))),
//!         other => Err(format!("unknown function `{other}`")),
//!     }
//! }
//! ```
//!
//! Items are plain JSON the plugin defines; they carry no ids of the source business that the
//! target would not understand (refer to other items by their natural keys: a name, a
//! reference). Import recognises what the target already has and skips it, so copying twice adds
//! nothing twice.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::{Error, Result};

/// The function that reads one chunk in the source business.
pub const EXPORT: &str = "copy.export";
/// The function that writes one chunk in the target business.
pub const IMPORT: &str = "copy.import";

/// What `copy.export` receives: the kind and where the last chunk ended (`None` at first).
#[derive(Debug, Clone, Deserialize)]
pub struct ExportArgs {
    pub kind: String,
    #[serde(default)]
    pub after: Option<String>,
}

/// One chunk of content: its items, and where the next one starts (`None` when this is the
/// last). Keep a chunk well within a call's deadline and memory (a few hundred items).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Chunk<T> {
    pub items: Vec<T>,
    pub after: Option<String>,
}

/// What `copy.import` receives.
#[derive(Debug, Clone, Deserialize)]
pub struct ImportArgs<T> {
    pub kind: String,
    pub items: Vec<T>,
}

/// What `copy.import` answers: items created in the target, and items it already had.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Imported {
    pub created: u64,
    pub skipped: u64,
}

impl Imported {
    pub fn add(&mut self, other: Imported) {
        self.created += other.created;
        self.skipped += other.skipped;
    }
}

pub fn export_args(args_json: &str) -> Result<ExportArgs> {
    serde_json::from_str(args_json).map_err(|e| Error::malformed(format!("copy.export: {e}")))
}

pub fn import_args<T: DeserializeOwned>(args_json: &str) -> Result<ImportArgs<T>> {
    serde_json::from_str(args_json).map_err(|e| Error::malformed(format!("copy.import: {e}")))
}

/// The answer `invoke` returns, from a chunk or an import's count; an error as its text with
/// each refused field's message (the provider reads it as the copy's refusal).
pub fn answer<T: Serialize>(result: Result<T>) -> std::result::Result<String, String> {
    match result {
        Ok(value) => serde_json::to_string(&value).map_err(|e| e.to_string()),
        Err(err) => Err(err
            .into_list()
            .iter()
            .map(|e| match e.field() {
                Some(field) => format!("{field}: {}", e.details),
                None => e.details.clone(),
            })
            .collect::<Vec<_>>()
            .join("; ")),
    }
}

/// The cursor of a chunk that ends after the row with this id (ids ascending).
pub fn after_id(id: i64) -> Option<String> {
    Some(id.to_string())
}

/// The id a chunk starts after (0 at first); an unreadable cursor is refused.
pub fn start_id(args: &ExportArgs) -> Result<i64> {
    match &args.after {
        None => Ok(0),
        Some(after) => after.parse().map_err(|_| Error::malformed(format!("copy.export: cursor `{after}` no válido"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_and_cursors() {
        let args = export_args(r#"{"kind":"blocktest","after":null}"#).unwrap();
        assert_eq!((args.kind.as_str(), start_id(&args).unwrap()), ("blocktest", 0));
        let args = export_args(r#"{"kind":"blocktest","after":"42"}"#).unwrap();
        assert_eq!(start_id(&args).unwrap(), 42);
        assert!(start_id(&export_args(r#"{"kind":"x","after":"x"}"#).unwrap()).is_err());
        assert!(export_args("{}").is_err());
        let import: ImportArgs<serde_json::Value> = import_args(r#"{"kind":"x","items":[1,2]}"#).unwrap();
        assert_eq!(import.items.len(), 2);
        let mut total = Imported { created: 1, skipped: 2 };
        total.add(Imported { created: 3, skipped: 0 });
        assert_eq!(answer(Ok(total)).unwrap(), r#"{"created":4,"skipped":2}"#);
        assert_eq!(answer::<Imported>(Err(Error::conflict("no"))), Err("no".into()));
        let refused = Error::join(vec![Error::invalid_field("name", "Falta"), Error::invalid_field("status", "Mal")]).unwrap();
        assert_eq!(answer::<Imported>(Err(refused)), Err("name: Falta; status: Mal".into()));
    }
}
