//! A hostile plugin for the host's isolation tests. Each route tries one thing a plugin must
//! not be able to do and reports what happened; the host's tests assert that the attempt was
//! refused (SQL: an error, or only the caller's rows) or stopped (loop, memory, giant response,
//! panic) and that the host keeps serving.
//!
//! SQL attacks answer `{"attack", "refused", "error", "rows" | "changed", "business_ids"}`:
//! `refused` is true when the host (or database) answered an error.

use std::hint::black_box;

use serde::Deserialize;
use serde_json::{json, Value};
use volante_plugin_sdk::sql::{self, SqlValue};
use volante_plugin_sdk::bindings::volante::plugin::{answer, types::AnswerPart};
use volante_plugin_sdk::{directory, files, host, mail, params, settings, Answer, Ctx, Error, JsonText, Plugin, Req, Result, Router};

pub struct Hostile;

impl Plugin for Hostile {
    fn router() -> Router {
        let mut router = Router::new()
            .get("hostile/ok", |ctx, _| Ok(json!({ "ok": true, "business_id": ctx.business_id })))
            .post("hostile/seed", seed)
            .get("hostile/mine", mine)
            .post("hostile/sql", raw_sql)
            .post("hostile/sql_read_only", raw_sql);
        for (name, _, _) in ATTACKS {
            let name = *name;
            let method = if name.starts_with("read") || name.starts_with("catalog") { "GET" } else { "POST" };
            router = router.route(method, &format!("hostile/{name}"), move |ctx, req| attack(ctx, req, name));
        }
        router
            .get("hostile/loop", |_, _| endless_loop())
            .get("hostile/memory", |_, _| memory_bomb())
            .get("hostile/giant", |_, _| Ok("x".repeat(64 << 20)))
            .get("hostile/panic", |_, _| -> Result<Value> { panic!("hostile plugin panics on purpose") })
            .get("hostile/remember", |ctx, _| Ok(remember(ctx.business_id)))
            .get("hostile/answer", bad_answer)
            .get("hostile/file_foreign", file_foreign)
            .post("hostile/effects", effects)
            .post("hostile/effects_read_only", effects)
            // A user account made without the manifest's `[directory] manage`.
            .post("hostile/account", |_, _| {
                let intruder = directory::NewUserAccount {
                    email: "intruso@hostil.example".into(),
                    first_name: "Intruso".into(),
                    last_name: String::new(),
                    branch_id: None,
                    role_id: None,
                    password: Some("Intruso-Hostil-2026".into()),
                };
                Ok(match directory::create_account(&intruder) {
                    Ok(user_id) => json!({ "attack": "account", "refused": false, "user_id": user_id }),
                    Err(e) => json!({ "attack": "account", "refused": true, "error": e.details }),
                })
            })
            .post("hostile/settings_huge", |_, _| {
                let huge = "y".repeat(8 << 20);
                Ok(match settings::set("huge", &huge) {
                    Ok(()) => json!({ "attack": "settings_huge", "refused": false }),
                    Err(e) => json!({ "attack": "settings_huge", "refused": true, "error": e.details }),
                })
            })
    }
}

volante_plugin_sdk::plugin!(Hostile);

/// What this instance kept from calls before: the business of the previous call it served and
/// how many it has served, this one included. Every call must find nothing (`0` and `1`): an
/// instance that served another call before would carry that call's data over. And whether it
/// started from the host's pre-initialized state (the SDK's router built once at install).
fn remember(business_id: i64) -> Value {
    use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
    static PREVIOUS_BUSINESS: AtomicI64 = AtomicI64::new(0);
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let previous = PREVIOUS_BUSINESS.swap(business_id, Ordering::Relaxed);
    let calls = CALLS.fetch_add(1, Ordering::Relaxed) + 1;
    json!({ "previous_business": previous, "calls": calls, "initialized": volante_plugin_sdk::initialized() })
}

/// `(name, statement, write)`; `{own}` is the caller's business, `{foreign}` the target business
/// of the body or query (`business_id`, default caller + 1), written in as numbers so every
/// statement binds no parameters (PostgreSQL refuses unused ones).
const ATTACKS: &[(&str, &str, bool)] = &[
    // Other businesses' rows.
    ("read_all", "SELECT id, business_id, name FROM hostile_item", false),
    ("read_foreign", "SELECT id, business_id, name FROM hostile_item WHERE business_id = {foreign}", false),
    ("read_or_true", "SELECT id, business_id, name FROM hostile_item WHERE business_id = {own} OR 1 = 1", false),
    ("update_all", "UPDATE hostile_item SET name = 'pwned'", true),
    ("update_foreign", "UPDATE hostile_item SET name = 'pwned' WHERE business_id = {foreign}", true),
    ("update_move", "UPDATE hostile_item SET business_id = {foreign} WHERE business_id = {own}", true),
    ("delete_all", "DELETE FROM hostile_item WHERE business_id <> {own}", true),
    ("delete_foreign", "DELETE FROM hostile_item WHERE business_id = {foreign}", true),
    ("insert_foreign", "INSERT INTO hostile_item (business_id, name, created_at) VALUES ({foreign}, 'planted', '2000-01-01T00:00:00.000Z')", true),
    // Another plugin's table, directly and hidden in a subquery.
    ("read_other_plugin", "SELECT * FROM contacts_contact", false),
    ("read_other_plugin_subquery", "SELECT (SELECT COUNT(*) FROM contacts_contact) AS n", false),
    ("read_host_table", "SELECT * FROM users", false),
    // DDL outside migrations.
    ("ddl_create", "CREATE TABLE hostile_extra (id INTEGER PRIMARY KEY, business_id BIGINT NOT NULL)", true),
    ("ddl_drop", "DROP TABLE hostile_item", true),
    ("ddl_alter", "ALTER TABLE hostile_item ADD COLUMN evil TEXT", true),
    // Engine escapes.
    ("attach", "ATTACH DATABASE '/tmp/volante-hostile.db' AS evil", true),
    ("pragma", "PRAGMA writable_schema = 1", true),
    ("read_pragma_function", "SELECT * FROM pragma_table_list", false),
    ("catalog_sqlite_master", "SELECT * FROM sqlite_master", false),
    ("catalog_pg", "SELECT * FROM pg_catalog.pg_tables", false),
    ("catalog_information_schema", "SELECT * FROM information_schema.tables", false),
    ("set_config", "SELECT set_config('volante.business_id', CAST({foreign} AS TEXT), true)", false),
    ("set_role", "SET ROLE postgres", true),
    ("reset_role", "RESET ROLE", true),
    ("multi_statement", "SELECT 1; DROP TABLE hostile_item", true),
    ("read_load_extension", "SELECT load_extension('/tmp/evil.so')", false),
    // A statement that never ends in the database.
    ("read_sql_loop", "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT COUNT(*) FROM r", false),
];

#[derive(Deserialize, Default)]
#[serde(default)]
struct Target {
    business_id: Option<i64>,
    /// Read through `sql.query-json` instead of `sql.query`.
    json: bool,
    /// Read through `sql.query-batch`, after an innocent read of the plugin's own table.
    batch: bool,
    /// Read through `sql.query-batch-held`, the rows answered in parts (`answer.respond`).
    held: bool,
    /// Read as the items of a page the host reads once the plugin has returned
    /// (`answer.respond-page`).
    page: bool,
}

fn attack(ctx: &Ctx, req: &Req, name: &str) -> Result<JsonText> {
    let (_, statement, write) = ATTACKS.iter().find(|(n, _, _)| *n == name).expect("registered attack");
    let target: Target = if req.method == "GET" { req.query()? } else { req.json()? };
    let foreign = target.business_id.unwrap_or(ctx.business_id + 1);
    let statement = statement.replace("{own}", &ctx.business_id.to_string()).replace("{foreign}", &foreign.to_string());
    if target.held && !*write {
        return run_held(name, &statement);
    }
    if target.page && !*write {
        return run_page(name, &statement);
    }
    if target.batch && !*write {
        return run_batch(name, &statement).into_json();
    }
    if target.json && !*write {
        return run_json(name, &statement).into_json();
    }
    run(name, &statement, &[], *write).into_json()
}

/// A read as the second of a `sql.query-batch-held`: its rows, which the plugin never sees, go
/// into the answer as `rows`.
fn run_held(name: &str, statement: &str) -> Result<JsonText> {
    let reads = [sql::read("SELECT COUNT(*) FROM hostile_item", vec![]), sql::read_json(statement, vec![], vec![])];
    let answer = sql::query_batch_held(&reads).and_then(|answers| answers.into_iter().nth(1).ok_or_else(|| Error::internal("no answer")));
    match answer.and_then(|a| a.held()) {
        Ok(rows) => {
            let mut out = JsonText::new(format!("{{\"attack\":{},\"via\":\"held\",\"refused\":false,\"rows\":", json!(name)));
            out.push_held(&rows);
            out.push_str("}");
            Ok(out)
        }
        Err(e) => json!({ "attack": name, "via": "held", "refused": true, "error": e.details }).into_json(),
    }
}

/// A read as the items of a page the host reads after the plugin returns: the answer is the page
/// itself, or the refusal.
fn run_page(name: &str, statement: &str) -> Result<JsonText> {
    let read = sql::PageRead {
        total: sql::read("SELECT COUNT(*) FROM hostile_item", vec![]),
        items: sql::read_json(statement, vec![], vec![]),
        page: 1,
        per_page: 500,
    };
    match answer::respond_page(&read) {
        Ok(()) => Ok(JsonText::default()),
        Err(error) => json!({ "attack": name, "via": "page", "refused": true, "error": error }).into_json(),
    }
}

#[derive(Deserialize)]
struct BadAnswer {
    how: String,
}

/// Answers in parts the host must refuse: `string` puts held rows inside a JSON string,
/// `unknown` names rows nobody holds, `broken` is not JSON, and `both` answers in parts and
/// also returns text. The first three report the host's refusal; `both` is refused as a whole.
/// And pages (`answer.respond-page`): `page_zero` asks for page 0 and `page_rows` for items not
/// as JSON (both reported refused), `page_both` answers with a page and also returns text, and
/// `page_broken` has a read the database fails (both answered with an error).
fn bad_answer(ctx: &Ctx, req: &Req) -> Result<JsonText> {
    let BadAnswer { how } = req.query()?;
    let own = format!("SELECT id, business_id, name FROM hostile_item WHERE business_id = {}", ctx.business_id);
    if let Some(page) = how.strip_prefix("page_") {
        let count = sql::read("SELECT COUNT(*) FROM hostile_item", vec![]);
        let mut read = sql::PageRead { total: count, items: sql::read_json(own, vec![], vec![]), page: 1, per_page: 10 };
        match page {
            "zero" => read.page = 0,
            "rows" => read.items.json = None,
            "both" => {
                answer::respond_page(&read).map_err(Error::internal)?;
                return Ok(JsonText::new("{\"also\":true}"));
            }
            "broken" => read.items.statement = "SELECT no_such_column FROM hostile_item".into(),
            other => return Err(Error::invalid_field("how", format!("No existe page_{other}"))),
        }
        let refusal = answer::respond_page(&read).err();
        if refusal.is_none() {
            return Ok(JsonText::default());
        }
        return json!({ "how": how, "refused": true, "error": refusal }).into_json();
    }
    let held = sql::query_batch_held(&[sql::read_json(own, vec![], vec![])])?.remove(0).held()?;
    let text = |t: &str| AnswerPart::Text(t.into());
    let parts = match how.as_str() {
        "string" => vec![text("{\"a\":\"x"), AnswerPart::Held(held.handle), text("\"}")],
        "unknown" => vec![text("{\"a\":"), AnswerPart::Held(held.handle + 99), text("}")],
        "broken" => vec![text("{\"a\":"), AnswerPart::Held(held.handle), text("")],
        "both" => {
            answer::respond(&[text("{\"a\":"), AnswerPart::Held(held.handle), text("}")]).map_err(Error::internal)?;
            return Ok(JsonText::new("{\"also\":true}"));
        }
        other => return Err(Error::invalid_field("how", format!("No existe {other}"))),
    };
    let refusal = answer::respond(&parts).err();
    json!({ "how": how, "refused": refusal.is_some(), "error": refusal }).into_json()
}

/// A read through `sql.query-json`: the business ids of the rows the host wrote.
fn run_json(name: &str, statement: &str) -> Value {
    json_answer(name, "json", sql::query_json(statement, &[], &[]))
}

/// A read as the second of a `sql.query-batch`, written as JSON: the business ids of its rows.
fn run_batch(name: &str, statement: &str) -> Value {
    let reads = [sql::read("SELECT COUNT(*) FROM hostile_item", vec![]), sql::read_json(statement, vec![], vec![])];
    let answer = sql::query_batch(&reads).and_then(|answers| answers.into_iter().nth(1).ok_or_else(|| Error::internal("no answer")));
    json_answer(name, "batch", answer.and_then(|a| a.json()))
}

fn json_answer(name: &str, via: &str, rows: Result<sql::JsonRows>) -> Value {
    match rows {
        Ok(rows) => {
            let rows: Vec<Value> = serde_json::from_str(&rows.json).unwrap_or_default();
            let mut business_ids: Vec<i64> = rows.iter().filter_map(|r| r["business_id"].as_i64()).collect();
            business_ids.sort_unstable();
            business_ids.dedup();
            json!({ "attack": name, "via": via, "refused": false, "rows": rows.len(), "business_ids": business_ids })
        }
        Err(error) => json!({ "attack": name, "via": via, "refused": true, "error": error.details }),
    }
}

fn run(name: &str, statement: &str, params: &[SqlValue], write: bool) -> Value {
    if write {
        match sql::try_execute(statement, params) {
            Ok(changed) => json!({ "attack": name, "refused": false, "changed": changed }),
            Err(error) => json!({ "attack": name, "refused": true, "error": error }),
        }
    } else {
        match sql::try_query(statement, params) {
            Ok(rows) => {
                let business = rows.columns.iter().position(|c| c == "business_id");
                let mut business_ids: Vec<i64> = business
                    .map(|i| rows.rows.iter().filter_map(|r| match r.get(i) { Some(SqlValue::Integer(b)) => Some(*b), _ => None }).collect())
                    .unwrap_or_default();
                business_ids.sort_unstable();
                business_ids.dedup();
                json!({ "attack": name, "refused": false, "rows": rows.rows.len(), "business_ids": business_ids })
            }
            Err(error) => json!({ "attack": name, "refused": true, "error": error }),
        }
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Seed {
    name: String,
}

/// Insert a row for the caller's business (what the attacks then try to reach from another).
fn seed(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: Seed = req.json()?;
    let name = if body.name.is_empty() { format!("item of {}", ctx.business_id) } else { body.name };
    let id: i64 = sql::query_scalar(
        "INSERT INTO hostile_item (business_id, name, created_at) VALUES ($1, $2, $3) RETURNING id",
        &params![ctx.business_id, name, host::now()],
    )?;
    Ok(json!({ "id": id, "business_id": ctx.business_id, "name": name }))
}

/// The caller's own rows, filtered properly: what the tests compare against.
fn mine(ctx: &Ctx, _req: &Req) -> Result<Value> {
    let rows: Vec<Value> =
        sql::query_as("SELECT id, business_id, name FROM hostile_item WHERE business_id = $1 ORDER BY id", &params![ctx.business_id])?;
    Ok(json!(rows))
}

#[derive(Deserialize)]
struct RawSql {
    statement: String,
    #[serde(default)]
    params: Vec<Value>,
    #[serde(default)]
    write: bool,
}

/// Any statement the test sends: `{"statement", "params", "write"}`.
fn raw_sql(_ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: RawSql = req.json()?;
    let params: Vec<SqlValue> = body.params.iter().map(sql::ToSql::to_sql).collect();
    Ok(run("sql", &body.statement, &params, body.write))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct EffectsBody {
    /// A file to delete during the call.
    delete_file_id: Option<i64>,
    /// Fail after doing everything.
    fail: bool,
    /// Mail this address during the call.
    mail_to: Option<String>,
}

/// Store a file, write a setting and delete a file, then succeed or fail as asked: what a call
/// does outside its transaction must follow its outcome.
fn effects(_ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: EffectsBody = req.json()?;
    let name = format!("efecto-{}.txt", host::now().replace([':', '.'], "-"));
    let stored = files::put("Efectos", &name, "text/plain", b"efecto")?;
    settings::set("effect", &json!({ "file_id": stored.file_id }))?;
    // The call reads back what it wrote and no longer sees what it deleted.
    let seen: Option<Value> = settings::get("effect");
    if let Some(file_id) = body.delete_file_id {
        files::delete(file_id)?;
        if files::info(file_id).is_some() {
            return Err(volante_plugin_sdk::Error::internal("a deleted file is still visible to the call"));
        }
    }
    if let Some(to) = &body.mail_to {
        mail::send(&[to.clone()], "Efecto {{ n }}", "El efecto número {{ n }}.", &json!({ "n": stored.file_id }), &[])?;
    }
    if body.fail {
        return Err(volante_plugin_sdk::Error::new("HOSTILE-001", "Falla a propósito"));
    }
    Ok(json!({ "file_id": stored.file_id, "setting": seen }))
}

/// Metadata of a file id the caller names (another business's, in the tests).
fn file_foreign(_ctx: &Ctx, req: &Req) -> Result<Value> {
    let file_id: i64 = req.query_value("file_id").and_then(|v| v.parse().ok()).unwrap_or(1);
    Ok(match files::info(file_id) {
        Some(info) => json!({ "attack": "file_foreign", "refused": false, "name": info.name }),
        None => json!({ "attack": "file_foreign", "refused": true }),
    })
}

fn endless_loop() -> Result<Value> {
    let mut n: u64 = 0;
    loop {
        n = black_box(n.wrapping_add(1));
    }
}

fn memory_bomb() -> Result<Value> {
    let mut hoard: Vec<Vec<u8>> = Vec::new();
    loop {
        let mut chunk = vec![0u8; 1 << 20];
        chunk[0] = hoard.len() as u8;
        hoard.push(black_box(chunk));
    }
}
