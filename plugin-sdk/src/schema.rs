//! The JSON Schemas a plugin publishes: resources and request bodies, by name. The build runs
//! the plugin natively (`examples/schemas.rs`) to write them, and puts them in the manifest's
//! `[schemas]` for the host's OpenAPI document and the UI's generic forms.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde_json::Value;

use crate::resource::{self, Resource};

#[derive(Debug, Default, Clone, PartialEq)]
pub struct Schemas {
    pub map: BTreeMap<String, Value>,
}

impl Schemas {
    /// Add `T`'s schema under `name`.
    pub fn add<T: JsonSchema>(&mut self, name: &str) -> &mut Schemas {
        self.map.insert(name.to_string(), schemars::schema_for!(T).to_value());
        self
    }

    /// Add a resource's schemas: `NAME`, `NAME_record` and `NAME_page`.
    pub fn resource<R: Resource>(&mut self) -> &mut Schemas {
        self.map.extend(resource::schemas::<R>());
        self
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.map).expect("schemas serialize")
    }

    pub fn write(&self, path: &std::path::Path) -> std::io::Result<()> {
        std::fs::write(path, self.to_json())
    }
}

/// The body of a plugin's `examples/schemas.rs`: writes the schemas to the path given as first
/// argument, or prints them.
pub fn main(schemas: Schemas) {
    match std::env::args().nth(1) {
        Some(path) => {
            if let Err(err) = schemas.write(std::path::Path::new(&path)) {
                eprintln!("cannot write {path}: {err}");
                std::process::exit(1);
            }
        }
        None => println!("{}", schemas.to_json()),
    }
}
