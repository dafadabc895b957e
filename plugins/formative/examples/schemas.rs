//! Writes the plugin's JSON Schemas (argument: output file; none: stdout). Run natively by the
//! build, which puts them into the packaged manifest's `[schemas]`.
fn main() {
    volante_plugin_sdk::schema::main(formative::__volante_schemas());
}
