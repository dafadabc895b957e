//! One struct + a small declaration = the usual calls of a business entity.
//!
//! ```ignore
//! #[derive(Serialize, Deserialize, JsonSchema, Default)]
//! #[serde(default)]
//! struct Vehicle { plate: String, brand_id: Option<i64>, branch_id: Option<i64> }
//!
//! impl Resource for Vehicle {
//!     const NAME: &'static str = "vehicle";
//!     const LABEL: &'static str = "Vehículo";
//!     const TABLE: &'static str = "fleet_vehicle";
//!     const SEARCH: &'static [&'static str] = &["plate"];
//!     const UNIQUE: &'static [&'static str] = &["plate"];
//!     const BRANCH_FIELD: Option<&'static str> = Some("branch_id");
//!     fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
//!         self.plate = validate::required("plate", &self.plate, 10)?.to_uppercase();
//!         Ok(())
//!     }
//! }
//!
//! Router::new().resource::<Vehicle>()
//! ```
//! serves `vehicle/create`, `vehicle/read/{id}`, `vehicle/readall`, `vehicle/update`,
//! `vehicle/delete` and `vehicle/state`.
//!
//! Storage: the table has the struct's fields as columns (serde names; lists and maps as JSON
//! text) plus `id`, `business_id`, `state` (`active`, `inactive`, `deleted`), `search_text`
//! (the folded `SEARCH` fields), `created_at` and `updated_at`. Every field must serialize (no
//! `skip_serializing_if`): the column list is the keys of `Default::default()` serialized.
//! Delete is soft (`state = 'deleted'`); deleted records still read, are left out of lists unless
//! asked for, and refuse updates and state changes.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::context::from_value;
use crate::sql::{self, SqlValue, ToSql};
use crate::{codes, events, host, text, Ctx, Error, JsonText, Req, Result, Router};

/// `params_vec![a, b]`: like `params!` for local use.
macro_rules! params_vec {
    ($($value:expr),* $(,)?) => { vec![$(ToSql::to_sql(&$value)),*] };
}

/// The meta columns every resource table has besides the struct's fields.
pub const META_COLUMNS: &[&str] = &["id", "business_id", "state", "search_text", "created_at", "updated_at"];

pub trait Resource: Serialize + DeserializeOwned + JsonSchema + Default + 'static {
    /// Singular name: the schema's name and the events' prefix (`contact.created`).
    const NAME: &'static str;
    /// Route prefix (`contact` → `contact/create`…); defaults to `NAME`.
    const PATH: &'static str = Self::NAME;
    /// Spanish noun for messages (`Contacto no encontrado`).
    const LABEL: &'static str;
    /// Whether `LABEL` is a feminine noun, for the messages to agree with it ("Nota no
    /// encontrada", "La nota está eliminada").
    const FEMININE: bool = false;
    /// The table, `<plugin_id>_<name>`.
    const TABLE: &'static str;
    /// Fields folded into `search_text` for `readall`'s search.
    const SEARCH: &'static [&'static str] = &[];
    /// Fields unique within the business (`CONFLICT-000` on a duplicate).
    const UNIQUE: &'static [&'static str] = &[];
    /// The field holding the record's branch, for branch visibility.
    const BRANCH_FIELD: Option<&'static str> = None;
    /// The permission that lets a user see every branch's records; without it a user whose
    /// session has a branch sees and writes only that branch's.
    const ALL_BRANCHES: Option<&'static str> = None;
    /// `ORDER BY` of lists when the caller asks for none.
    const ORDER_BY: &'static str = "id DESC";
    /// Publish `<NAME>.created`, `.updated`, `.state` and `.deleted` with `{"id": …}`.
    const EVENTS: bool = false;

    /// Check and normalise before a write (`id` is `None` on create). Collect several field
    /// errors with [`crate::error::Checks`] to answer them all at once.
    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        Ok(())
    }

    /// An extra SQL condition (no parameters) on every read and write, for visibility rules
    /// beyond the branch (e.g. providers only for users with that permission).
    fn restrict(_ctx: &Ctx) -> Option<String> {
        None
    }
}

/// A stored resource: its fields plus the meta columns, serialized flat (written straight to
/// the output: no intermediate JSON tree).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Record<R> {
    pub id: i64,
    pub state: String,
    pub created_at: String,
    pub updated_at: String,
    #[serde(flatten)]
    pub data: R,
}

/// What `readall` accepts (body of the POST).
#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[serde(default)]
pub struct ListQuery {
    /// Words to look for (folded, each must appear); ignored below 2 characters.
    #[serde(alias = "q", alias = "query", alias = "text")]
    pub search: String,
    /// 1-based page.
    pub page: Option<u32>,
    /// Rows per page (default 25, at most 500).
    #[serde(alias = "limit")]
    pub per_page: Option<u32>,
    /// `active`, `inactive`, `deleted` or `all`; default: every state but `deleted`.
    pub state: Option<String>,
    /// Equality filters on the resource's fields.
    pub filter: Map<String, Value>,
    /// A field to order by; `-field` for descending.
    pub order: Option<String>,
}

impl ListQuery {
    /// The list parameters of a GET's query string (`search` or `q`, `page`, `per_page` or
    /// `limit`, `state`, `order`), for the spec's `GET <entity>/read` lists; the handler reads
    /// its own filters from the same query.
    pub fn from_query(req: &Req) -> Result<ListQuery> {
        #[derive(Deserialize, Default)]
        #[serde(default)]
        struct Params {
            #[serde(alias = "q")]
            search: String,
            page: Option<u32>,
            #[serde(alias = "limit")]
            per_page: Option<u32>,
            state: Option<String>,
            order: Option<String>,
        }
        let p: Params = req.query()?;
        Ok(ListQuery { search: p.search, page: p.page, per_page: p.per_page, state: p.state, order: p.order, ..ListQuery::default() })
    }
}

/// One page of a list: "Viendo `from` a `to` de `total`". `T` is the items: a `Vec` of records,
/// or their JSON as the host wrote it ([`list_json`]).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Page<T> {
    pub items: T,
    pub total: i64,
    pub page: u32,
    pub per_page: u32,
    pub from: i64,
    pub to: i64,
}

/// The struct's columns (the serde names of its fields), worked out once per type and instance
/// (once per version when the host pre-initializes the plugin).
pub fn columns<R: Resource>() -> std::rc::Rc<[String]> {
    std::thread_local! {
        static COLUMNS: std::cell::RefCell<BTreeMap<std::any::TypeId, std::rc::Rc<[String]>>> = const { std::cell::RefCell::new(BTreeMap::new()) };
    }
    per_type::<R, _>(&COLUMNS, || match crate::shape::field_names(&R::default()) {
        Some(names) => names.into(),
        None => match serde_json::to_value(R::default()) {
            Ok(Value::Object(map)) => map.keys().cloned().collect(),
            _ => std::rc::Rc::from(Vec::new()),
        },
    })
}

/// What `cache` holds for the type `R`, worked out with `compute` the first time.
fn per_type<R: 'static, V: Clone>(cache: &'static std::thread::LocalKey<std::cell::RefCell<BTreeMap<std::any::TypeId, V>>>, compute: impl FnOnce() -> V) -> V {
    let key = std::any::TypeId::of::<R>();
    if let Some(found) = cache.with(|c| c.borrow().get(&key).cloned()) {
        return found;
    }
    let value = compute();
    cache.with(|c| c.borrow_mut().insert(key, value.clone()));
    value
}

/// How `sql.query-json` is to write each of the struct's fields (`shape::field_kinds`), worked out
/// once per type and instance (and so, when the host pre-initializes the plugin, once per
/// version).
fn json_fields<R: Resource>() -> Option<std::rc::Rc<[crate::shape::FieldKind]>> {
    std::thread_local! {
        static FIELDS: std::cell::RefCell<BTreeMap<std::any::TypeId, Option<std::rc::Rc<[crate::shape::FieldKind]>>>> = const { std::cell::RefCell::new(BTreeMap::new()) };
    }
    per_type::<R, _>(&FIELDS, || crate::shape::field_kinds::<R>().map(Into::into))
}

/// The branch a caller is limited to for `R`, if any.
pub fn branch_scope<R: Resource>(ctx: &Ctx) -> Option<i64> {
    R::BRANCH_FIELD?;
    if R::ALL_BRANCHES.is_some_and(|p| ctx.can(p)) {
        return None;
    }
    ctx.branch_id
}

/// `business_id = $1 [AND branch = $2] [AND restrict]` with its parameters appended to `params`.
pub fn scope_sql<R: Resource>(ctx: &Ctx, params: &mut Vec<SqlValue>) -> String {
    let mut sql = String::new();
    push_scope::<R>(&mut sql, ctx, params);
    sql
}

/// [`scope_sql`] for a statement that names the resource's table `alias` (`i` in
/// `FROM fleet_insurance i JOIN …`): the columns come qualified (`i.business_id = $1 …`).
/// A [`Resource::restrict`] condition is added as it is written.
pub fn scope_sql_on<R: Resource>(ctx: &Ctx, alias: &str, params: &mut Vec<SqlValue>) -> String {
    let mut sql = String::new();
    push_scope_on::<R>(&mut sql, ctx, &format!("{alias}."), params);
    sql
}

/// [`scope_sql`] written onto `sql`.
fn push_scope<R: Resource>(sql: &mut String, ctx: &Ctx, params: &mut Vec<SqlValue>) {
    push_scope_on::<R>(sql, ctx, "", params)
}

fn push_scope_on<R: Resource>(sql: &mut String, ctx: &Ctx, prefix: &str, params: &mut Vec<SqlValue>) {
    sql.push_str(prefix);
    sql.push_str("business_id = ");
    push_param(sql, params, ctx.business_id.to_sql());
    if let (Some(field), Some(branch)) = (R::BRANCH_FIELD, branch_scope::<R>(ctx)) {
        sql.push_str(" AND ");
        sql.push_str(prefix);
        sql.push_str(field);
        sql.push_str(" = ");
        push_param(sql, params, branch.to_sql());
    }
    if let Some(extra) = R::restrict(ctx) {
        sql.push_str(" AND (");
        sql.push_str(&extra);
        sql.push(')');
    }
}

/// Append `value` to `params` and write its placeholder (`$n`) onto `sql`.
fn push_param(sql: &mut String, params: &mut Vec<SqlValue>, value: SqlValue) {
    params.push(value);
    push_placeholder(sql, params.len());
}

/// `$n`, written without the formatting machinery (a list call's statements are built on every
/// call, in code the cache has usually lost since the last one).
fn push_placeholder(sql: &mut String, n: usize) {
    sql.push('$');
    sql.push_str(itoa::Buffer::new().format(n));
}

/// What reading `R` selects, worked out once per type and instance (once per version when the
/// host pre-initializes the plugin): the select list, and for [`list_json`] the select list with
/// list fields read as `'[]'` where NULL together with the kinds the host writes the fields with
/// (none when the fields' JSON forms cannot be told, see [`json_fields`]).
#[derive(Clone)]
struct Reads {
    select: std::rc::Rc<str>,
    json: Option<std::rc::Rc<JsonReads>>,
}

struct JsonReads {
    select: String,
    kinds: Vec<(String, sql::JsonKind)>,
}

fn reads<R: Resource>() -> Reads {
    std::thread_local! {
        static READS: std::cell::RefCell<BTreeMap<std::any::TypeId, Reads>> = const { std::cell::RefCell::new(BTreeMap::new()) };
    }
    per_type::<R, _>(&READS, || Reads {
        select: select_list_with::<R>(&[]).into(),
        json: json_fields::<R>().map(|fields| {
            // A list field reads NULL as `[]` on the typed path: the same here.
            let empty_lists: Vec<&str> = fields.iter().filter(|f| f.null_is_empty_list).map(|f| f.name.as_str()).collect();
            let kinds = fields.iter().filter(|f| f.kind != sql::JsonKind::Plain).map(|f| (f.name.clone(), f.kind)).collect();
            std::rc::Rc::new(JsonReads { select: select_list_with::<R>(&empty_lists), kinds })
        }),
    })
}

/// The meta columns and `R`'s; those in `empty_lists` as `COALESCE(column, '[]') AS column`.
fn select_list_with<R: Resource>(empty_lists: &[&str]) -> String {
    let mut list = String::from("id, state, created_at, updated_at");
    for column in columns::<R>().iter() {
        list.push_str(", ");
        if empty_lists.contains(&column.as_str()) {
            list.push_str(&format!("COALESCE({column}, '[]') AS {column}"));
        } else {
            list.push_str(column);
        }
    }
    list
}

fn records<R: Resource>(rows: sql::SqlRows) -> Result<Vec<Record<R>>> {
    // `select_list` puts the four meta columns first: read them, and the rest of each row (moved,
    // not copied) as `R`.
    const META: usize = 4;
    if rows.rows.is_empty() {
        return Ok(Vec::new());
    }
    if rows.columns.len() < META {
        return Err(Error::internal("the record's meta columns are missing"));
    }
    let (meta_columns, columns) = rows.columns.split_at(META);
    rows.rows
        .into_iter()
        .map(|mut row| {
            let data = row.split_off(META);
            let meta: Meta = sql::row_as(meta_columns, row)?;
            Ok(Record { id: meta.id, state: meta.state, created_at: meta.created_at, updated_at: meta.updated_at, data: sql::row_as(columns, data)? })
        })
        .collect()
}

#[derive(Deserialize)]
struct Meta {
    id: i64,
    state: String,
    created_at: String,
    updated_at: String,
}

/// The record `id` as the caller may see it, or `None`.
pub fn find_optional<R: Resource>(ctx: &Ctx, id: i64) -> Result<Option<Record<R>>> {
    let mut params = Vec::new();
    let scope = scope_sql::<R>(ctx, &mut params);
    params.push(id.to_sql());
    let statement = format!("SELECT {} FROM {} WHERE {scope} AND id = ${}", reads::<R>().select, R::TABLE, params.len());
    Ok(records::<R>(sql::query_rows(&statement, &params)?)?.into_iter().next())
}

/// The record `id` as the caller may see it; `NOT-FOUND-000` otherwise.
pub fn find<R: Resource>(ctx: &Ctx, id: i64) -> Result<Record<R>> {
    find_optional::<R>(ctx, id)?.ok_or_else(|| not_found::<R>(id))
}

/// The record `id` as the caller may see it, which must not be deleted (`CONFLICT-000` then).
pub fn find_live<R: Resource>(ctx: &Ctx, id: i64) -> Result<Record<R>> {
    let record = find::<R>(ctx, id)?;
    if record.state == "deleted" {
        return Err(deleted::<R>().with_data(json!({ "entity": R::LABEL, "id": id })));
    }
    Ok(record)
}

/// `NOT-FOUND-000` for the record `id`: "Contacto no encontrado", "Nota no encontrada".
pub fn not_found<R: Resource>(id: i64) -> Error {
    let ending = if R::FEMININE { "a" } else { "o" };
    Error::new(codes::NOT_FOUND, format!("{} no encontrad{ending}", R::LABEL)).with_data(json!({ "entity": R::LABEL, "id": id }))
}

/// `CONFLICT-000` for a write on a deleted record: "El contacto está eliminado", "La nota está
/// eliminada".
pub fn deleted<R: Resource>() -> Error {
    let (article, ending) = if R::FEMININE { ("La", "a") } else { ("El", "o") };
    let mut noun = R::LABEL.chars();
    let noun = noun.next().map(|first| first.to_lowercase().chain(noun).collect::<String>()).unwrap_or_default();
    Error::conflict(format!("{article} {noun} está eliminad{ending}"))
}

/// The JSON object of a write's body (`REQ-102` otherwise).
pub fn object(value: Value) -> Result<Map<String, Value>> {
    match value {
        Value::Object(map) => Ok(map),
        _ => Err(Error::invalid_field("", "Se esperaba un objeto JSON")),
    }
}

fn to_object<R: Resource>(data: &R) -> Result<Map<String, Value>> {
    object(serde_json::to_value(data)?)
}

/// The `id` of a body: a number or a numeric string.
pub fn body_id(body: &Map<String, Value>) -> Result<i64> {
    match body.get("id") {
        Some(Value::Number(n)) => n.as_i64(),
        Some(Value::String(s)) => s.trim().parse().ok(),
        None | Some(Value::Null) => return Err(Error::required("id")),
        _ => None,
    }
    .filter(|id| *id > 0)
    .ok_or_else(|| Error::invalid_field("id", "El campo id no es válido"))
}

/// Default the branch to the caller's and refuse another branch to a branch-limited caller.
fn apply_branch<R: Resource>(ctx: &Ctx, map: &mut Map<String, Value>) -> Result<()> {
    let Some(field) = R::BRANCH_FIELD else { return Ok(()) };
    let current = map.get(field).and_then(Value::as_i64);
    match (branch_scope::<R>(ctx), current) {
        (Some(own), None) => {
            map.insert(field.into(), own.into());
        }
        (Some(own), Some(other)) if own != other => {
            return Err(Error::forbidden(R::ALL_BRANCHES.unwrap_or(field)).with_data(json!({ "field": field, "permission": R::ALL_BRANCHES })));
        }
        (None, None) => {
            if let Some(own) = ctx.branch_id {
                map.insert(field.into(), own.into());
            }
        }
        _ => {}
    }
    Ok(())
}

fn search_text<R: Resource>(map: &Map<String, Value>) -> String {
    let mut parts = Vec::new();
    for field in R::SEARCH {
        match map.get(*field) {
            Some(Value::String(s)) => parts.push(s.clone()),
            Some(Value::Number(n)) => parts.push(n.to_string()),
            Some(Value::Array(items)) => parts.extend(items.iter().filter_map(|v| v.as_str().map(str::to_string))),
            // A nested object (an order's customer): its text fields.
            Some(Value::Object(fields)) => parts.extend(fields.values().filter_map(|v| v.as_str().map(str::to_string))),
            _ => {}
        }
    }
    text::fold(&parts.join(" "))
}

fn check_unique<R: Resource>(ctx: &Ctx, map: &Map<String, Value>, id: Option<i64>) -> Result<()> {
    for field in R::UNIQUE {
        let value = match map.get(*field) {
            None | Some(Value::Null) => continue,
            Some(Value::String(s)) if s.is_empty() => continue,
            Some(v) => v.clone(),
        };
        let mut params = vec![ctx.business_id.to_sql(), value.to_sql()];
        let mut statement = format!("SELECT id FROM {} WHERE business_id = $1 AND {field} = $2", R::TABLE);
        if let Some(id) = id {
            params.push(id.to_sql());
            statement.push_str(" AND id <> $3");
        }
        statement.push_str(" LIMIT 1");
        if sql::query_optional::<i64>(&statement, &params)?.is_some() {
            return Err(Error::conflict(format!("Ya existe un registro con ese valor en {field}"))
                .with_data(json!({ "field": field })));
        }
    }
    Ok(())
}

fn strip_meta(map: &mut Map<String, Value>) {
    for meta in META_COLUMNS {
        map.remove(*meta);
    }
}

fn publish<R: Resource>(what: &str, id: i64) {
    if R::EVENTS {
        // An event is a notification to other modules; failing to queue it must not lose the
        // user's write, so it is logged instead.
        if let Err(err) = events::publish(&format!("{}.{what}", R::NAME), &json!({ "id": id })) {
            crate::log::warn(&format!("event {}.{what} not published: {err}", R::NAME));
        }
    }
}

/// Create from a JSON object of fields (unknown keys ignored, missing ones default).
pub fn create<R: Resource>(ctx: &Ctx, body: Value) -> Result<Record<R>> {
    let mut map = object(body)?;
    strip_meta(&mut map);
    apply_branch::<R>(ctx, &mut map)?;
    let mut data: R = from_value(Value::Object(map))?;
    data.prepare(ctx, None)?;
    insert(ctx, data)
}

/// Insert an already prepared value.
pub fn insert<R: Resource>(ctx: &Ctx, data: R) -> Result<Record<R>> {
    let mut map = to_object(&data)?;
    apply_branch::<R>(ctx, &mut map)?;
    check_unique::<R>(ctx, &map, None)?;
    let now = host::now();
    let mut names = vec!["business_id", "state", "search_text", "created_at", "updated_at"];
    let mut params = params_vec![ctx.business_id, "active", search_text::<R>(&map), now.clone(), now];
    for (key, value) in &map {
        names.push(key);
        params.push(value.to_sql());
    }
    let placeholders: Vec<String> = (1..=params.len()).map(|i| format!("${i}")).collect();
    let statement =
        format!("INSERT INTO {} ({}) VALUES ({}) RETURNING id", R::TABLE, names.join(", "), placeholders.join(", "));
    let id: i64 = sql::query_scalar(&statement, &params)?;
    publish::<R>("created", id);
    find(ctx, id)
}

/// Update `id` with the fields present in `patch` (others keep their stored values).
pub fn update<R: Resource>(ctx: &Ctx, id: i64, patch: Value) -> Result<Record<R>> {
    let existing = find::<R>(ctx, id)?;
    if existing.state == "deleted" {
        return Err(deleted::<R>());
    }
    let mut merged = to_object(&existing.data)?;
    let mut patch = object(patch)?;
    strip_meta(&mut patch);
    for (key, value) in patch {
        if merged.contains_key(&key) {
            merged.insert(key, value);
        }
    }
    let mut data: R = from_value(Value::Object(merged))?;
    data.prepare(ctx, Some(id))?;
    save(ctx, id, &data)?;
    publish::<R>("updated", id);
    find(ctx, id)
}

/// Write every field of a prepared value to `id`.
pub fn save<R: Resource>(ctx: &Ctx, id: i64, data: &R) -> Result<()> {
    let mut map = to_object(data)?;
    apply_branch::<R>(ctx, &mut map)?;
    check_unique::<R>(ctx, &map, Some(id))?;
    let mut params = params_vec![search_text::<R>(&map), host::now()];
    let mut sets = vec!["search_text = $1".to_string(), "updated_at = $2".to_string()];
    for (key, value) in &map {
        params.push(value.to_sql());
        sets.push(format!("{key} = ${}", params.len()));
    }
    let scope = scope_sql::<R>(ctx, &mut params);
    params.push(id.to_sql());
    let statement = format!("UPDATE {} SET {} WHERE {scope} AND id = ${}", R::TABLE, sets.join(", "), params.len());
    if sql::execute(&statement, &params)? == 0 {
        return Err(Error::not_found(R::LABEL));
    }
    Ok(())
}

/// Set `active`/`inactive`, or toggle between them when `state` is `None`.
pub fn set_state<R: Resource>(ctx: &Ctx, id: i64, state: Option<&str>) -> Result<Record<R>> {
    let existing = find::<R>(ctx, id)?;
    if existing.state == "deleted" {
        return Err(deleted::<R>());
    }
    let next = match state {
        Some(s) => crate::validate::one_of("state", s, &["active", "inactive"])?,
        None if existing.state == "active" => "inactive",
        None => "active",
    };
    write_state::<R>(ctx, id, next)?;
    publish::<R>("state", id);
    find(ctx, id)
}

fn write_state<R: Resource>(ctx: &Ctx, id: i64, state: &str) -> Result<()> {
    let mut params = params_vec![state, host::now()];
    let scope = scope_sql::<R>(ctx, &mut params);
    params.push(id.to_sql());
    let statement = format!("UPDATE {} SET state = $1, updated_at = $2 WHERE {scope} AND id = ${}", R::TABLE, params.len());
    sql::execute(&statement, &params)?;
    Ok(())
}

/// Mark `id` deleted (it stays readable; lists leave it out).
pub fn delete<R: Resource>(ctx: &Ctx, id: i64) -> Result<Record<R>> {
    let existing = find::<R>(ctx, id)?;
    if existing.state != "deleted" {
        write_state::<R>(ctx, id, "deleted")?;
        publish::<R>("deleted", id);
    }
    find(ctx, id)
}

/// A page of records matching `query`, as the caller may see them.
pub fn list<R: Resource>(ctx: &Ctx, query: &ListQuery) -> Result<Page<Vec<Record<R>>>> {
    list_where::<R>(ctx, query, None, Vec::new())
}

/// Like [`list`] with an extra condition whose parameters start after the scope's: write it
/// with `{}` where the next placeholder number goes, e.g. `("id IN (SELECT … = ${})", vec![v])`.
pub fn list_where<R: Resource>(ctx: &Ctx, query: &ListQuery, extra: Option<&str>, extra_params: Vec<SqlValue>) -> Result<Page<Vec<Record<R>>>> {
    let plan = ListPlan::new::<R>(ctx, query, extra, extra_params)?;
    let (statement, params) = plan.page_statement::<R>(&reads::<R>().select);
    let [total, rows] = plan.with_total::<R>(sql::read(statement, params))?;
    let items = records::<R>(rows.rows()?)?;
    Ok(plan.page(items.len(), items, sql::scalar(total.rows()?)?))
}

/// [`list`] for answering as it is: the host reads the page once the plugin has returned and
/// writes it as JSON itself (`answer.respond-page`), so the records are never read into `R`,
/// parsed, or copied into the plugin (the same JSON `list` gives, at a fraction of the cost), and
/// the plugin has nothing left to do after the statements. When a field's JSON form cannot be
/// told from `R` (see [`crate::shape`]), it reads them typed.
pub fn list_json<R: Resource>(ctx: &Ctx, query: &ListQuery) -> Result<JsonText> {
    list_json_where::<R>(ctx, query, None, Vec::new())
}

/// [`list_where`] written as [`list_json`] does.
pub fn list_json_where<R: Resource>(ctx: &Ctx, query: &ListQuery, extra: Option<&str>, extra_params: Vec<SqlValue>) -> Result<JsonText> {
    let plan = ListPlan::new::<R>(ctx, query, extra, extra_params)?;
    match reads::<R>().json {
        Some(json) => {
            let (statement, params) = plan.page_statement::<R>(&json.select);
            Ok(JsonText::page(sql::PageRead {
                total: plan.count_read::<R>(),
                items: sql::read_json(statement, params, json.kinds.clone()),
                page: plan.page,
                per_page: plan.per_page,
            }))
        }
        None => {
            let (statement, params) = plan.page_statement::<R>(&reads::<R>().select);
            let [total, rows] = plan.with_total::<R>(sql::read(statement, params))?;
            let items = records::<R>(rows.rows()?)?;
            let page = plan.page(items.len(), items, sql::scalar(total.rows()?)?);
            Ok(JsonText::from(serde_json::to_string(&page)?))
        }
    }
}

/// How many records that are not deleted, as the caller may see them, hold each of `values` in
/// `column`: `{"<value>": count}` in the order of `values`, 0 for those none holds (for a list's
/// chips: orders by status, posts by status).
pub fn counts_by<R: Resource, V: Serialize + ToString>(ctx: &Ctx, column: &str, values: &[V]) -> Result<Map<String, Value>> {
    if !columns::<R>().iter().any(|c| c == column) {
        return Err(Error::internal(format!("{} has no column {column}", R::TABLE)));
    }
    let mut params = Vec::new();
    let scope = scope_sql::<R>(ctx, &mut params);
    #[derive(Deserialize)]
    struct Count {
        value: Value,
        n: i64,
    }
    let counts: Vec<Count> = sql::query_as(
        &format!("SELECT {column} AS value, COUNT(*) AS n FROM {} WHERE {scope} AND state <> 'deleted' GROUP BY {column}", R::TABLE),
        &params,
    )?;
    let mut answer = Map::new();
    for value in values {
        let wanted = json!(value);
        answer.insert(value.to_string(), json!(counts.iter().find(|c| c.value == wanted).map_or(0, |c| c.n)));
    }
    Ok(answer)
}

fn two_answers<T>(answers: Vec<T>) -> Result<[T; 2]> {
    <[T; 2]>::try_from(answers).map_err(|a| Error::internal(format!("2 answers were expected, {} came", a.len())))
}

/// The statements of a list call, worked out once for its count and its page.
struct ListPlan {
    where_sql: String,
    params: Vec<SqlValue>,
    order: String,
    per_page: u32,
    page: u32,
}

impl ListPlan {
    fn new<R: Resource>(ctx: &Ctx, query: &ListQuery, extra: Option<&str>, extra_params: Vec<SqlValue>) -> Result<ListPlan> {
        let mut params = Vec::new();
        let mut sql = String::with_capacity(160);
        push_scope::<R>(&mut sql, ctx, &mut params);
        match query.state.as_deref().unwrap_or("") {
            "" => sql.push_str(" AND state <> 'deleted'"),
            "all" => {}
            state => {
                let state = crate::validate::one_of("state", state, &["active", "inactive", "deleted"])?;
                sql.push_str(" AND state = ");
                push_param(&mut sql, &mut params, state.to_sql());
            }
        }
        if query.search.trim().chars().count() >= 2 {
            for word in text::words(&query.search) {
                sql.push_str(" AND search_text LIKE ");
                push_param(&mut sql, &mut params, format!("%{}%", sql::like_escape(&word)).to_sql());
                sql.push_str(" ESCAPE '\\'");
            }
        }
        if !query.filter.is_empty() {
            let cols = columns::<R>();
            for (key, value) in &query.filter {
                if !cols.contains(key) {
                    return Err(Error::invalid_field(&format!("filter.{key}"), format!("No se puede filtrar por {key}")));
                }
                sql.push_str(" AND ");
                sql.push_str(key);
                if value.is_null() {
                    sql.push_str(" IS NULL");
                } else {
                    sql.push_str(" = ");
                    push_param(&mut sql, &mut params, value.to_sql());
                }
            }
        }
        if let Some(extra) = extra {
            // Its `${}` in turn are the placeholders of `extra_params`.
            sql.push_str(" AND (");
            let mut values = extra_params.into_iter();
            let mut pieces = extra.split("${}");
            sql.push_str(pieces.next().unwrap_or_default());
            for piece in pieces {
                match values.next() {
                    Some(value) => push_param(&mut sql, &mut params, value),
                    None => sql.push_str("${}"),
                }
                sql.push_str(piece);
            }
            // More values than placeholders: passed on, for the database to refuse.
            params.extend(values);
            sql.push(')');
        }
        let order = match query.order.as_deref().map(str::trim).filter(|o| !o.is_empty()) {
            None => R::ORDER_BY.to_string(),
            Some(order) => {
                let (field, dir) = match order.strip_prefix('-') {
                    Some(f) => (f, "DESC"),
                    None => (order, "ASC"),
                };
                if !columns::<R>().iter().any(|c| c == field) && !["id", "state", "created_at", "updated_at"].contains(&field) {
                    return Err(Error::invalid_field("order", format!("No se puede ordenar por {field}")));
                }
                format!("{field} {dir}, id {dir}")
            }
        };
        let per_page = query.per_page.unwrap_or(25).clamp(1, 500);
        let page = query.page.unwrap_or(1).max(1);
        Ok(ListPlan { where_sql: sql, params, order, per_page, page })
    }

    fn offset(&self) -> i64 {
        (self.page as i64 - 1) * self.per_page as i64
    }

    /// The total and `page` (the page's read) in one crossing into the host.
    fn with_total<R: Resource>(&self, page: sql::BatchRead) -> Result<[sql::BatchAnswer; 2]> {
        two_answers(sql::query_batch(&[self.count_read::<R>(), page])?)
    }

    fn count_read<R: Resource>(&self) -> sql::BatchRead {
        let mut statement = String::with_capacity(32 + R::TABLE.len() + self.where_sql.len());
        for part in ["SELECT COUNT(*) FROM ", R::TABLE, " WHERE ", &self.where_sql] {
            statement.push_str(part);
        }
        sql::read(statement, self.params.clone())
    }

    /// The page's statement, reading `select` (a select list of [`reads`]).
    fn page_statement<R: Resource>(&self, select: &str) -> (String, Vec<SqlValue>) {
        let mut params = Vec::with_capacity(self.params.len() + 2);
        params.extend_from_slice(&self.params);
        let mut statement = String::with_capacity(64 + select.len() + R::TABLE.len() + self.where_sql.len() + self.order.len());
        for part in ["SELECT ", select, " FROM ", R::TABLE, " WHERE ", &self.where_sql, " ORDER BY ", &self.order, " LIMIT "] {
            statement.push_str(part);
        }
        push_param(&mut statement, &mut params, (self.per_page as i64).to_sql());
        statement.push_str(" OFFSET ");
        push_param(&mut statement, &mut params, self.offset().to_sql());
        (statement, params)
    }

    fn page<T>(&self, count: usize, items: T, total: i64) -> Page<T> {
        let offset = self.offset();
        let from = if count == 0 { 0 } else { offset + 1 };
        Page { items, total, page: self.page, per_page: self.per_page, from, to: offset + count as i64 }
    }
}

/// `{"id": …, "state": …}` bodies of the state call.
#[derive(Deserialize)]
struct StateBody {
    #[serde(default)]
    state: Option<String>,
}

impl Router {
    /// Serve `PATH/create`, `PATH/read/{id}`, `PATH/readall`, `PATH/update`, `PATH/delete` and
    /// `PATH/state` for `R` (replace any of them afterwards with a custom handler).
    pub fn resource<R: Resource>(self) -> Router {
        let p = R::PATH;
        if crate::router::target_outside(p) {
            return self;
        }
        if crate::router::initializing() {
            // Kept for every call: what the list and the statements need of the type.
            columns::<R>();
            reads::<R>();
        }
        self.post(&format!("{p}/create"), |ctx, req| create::<R>(ctx, req.value()?))
            .get(&format!("{p}/read/{{id}}"), |ctx, req| find::<R>(ctx, req.param("id")?))
            .post(&format!("{p}/readall"), |ctx, req| list_json::<R>(ctx, &req.json()?))
            .post(&format!("{p}/update"), |ctx, req| {
                let body = object(req.value()?)?;
                let id = body_id(&body)?;
                update::<R>(ctx, id, Value::Object(body))
            })
            .post(&format!("{p}/delete"), |ctx, req| delete::<R>(ctx, body_id(&object(req.value()?)?)?))
            .post(&format!("{p}/state"), |ctx, req| state_handler::<R>(ctx, req))
    }
}

fn state_handler<R: Resource>(ctx: &Ctx, req: &Req) -> Result<Record<R>> {
    let body = object(req.value()?)?;
    let id = body_id(&body)?;
    let state: StateBody = from_value(Value::Object(body))?;
    set_state::<R>(ctx, id, state.state.as_deref())
}

/// Schemas of a resource: the writable fields (`NAME`), the stored record (`NAME_record`) and a
/// page of records (`NAME_page`).
pub fn schemas<R: Resource>() -> BTreeMap<String, Value> {
    let input = schemars::schema_for!(R).to_value();
    let mut record = input.clone();
    if let Some(props) = record.get_mut("properties").and_then(Value::as_object_mut) {
        props.insert("id".into(), json!({ "type": "integer", "format": "int64" }));
        props.insert("state".into(), json!({ "type": "string", "enum": ["active", "inactive", "deleted"] }));
        props.insert("created_at".into(), json!({ "type": "string", "format": "date-time" }));
        props.insert("updated_at".into(), json!({ "type": "string", "format": "date-time" }));
    }
    if let Some(obj) = record.as_object_mut() {
        obj.insert("title".into(), format!("{}_record", R::NAME).into());
        obj.remove("required");
    }
    let mut record_item = record.clone();
    let defs = record_item.as_object_mut().and_then(|o| o.remove("$defs"));
    if let Some(o) = record_item.as_object_mut() {
        o.remove("$schema");
    }
    let mut page = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": format!("{}_page", R::NAME),
        "type": "object",
        "properties": {
            "items": { "type": "array", "items": record_item },
            "total": { "type": "integer" },
            "page": { "type": "integer" },
            "per_page": { "type": "integer" },
            "from": { "type": "integer" },
            "to": { "type": "integer" }
        }
    });
    if let Some(defs) = defs {
        page["$defs"] = defs;
    }
    BTreeMap::from([(R::NAME.to_string(), input), (format!("{}_record", R::NAME), record), (format!("{}_page", R::NAME), page)])
}


#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
    #[serde(default)]
    struct Thing {
        name: String,
        size: Option<i64>,
    }

    impl Resource for Thing {
        const NAME: &'static str = "thing";
        const PATH: &'static str = "thing";
        const TABLE: &'static str = "test_thing";
        const LABEL: &'static str = "Cosa";
        const FEMININE: bool = true;
    }

    #[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
    struct Book {
        title: String,
    }

    impl Resource for Book {
        const NAME: &'static str = "book";
        const TABLE: &'static str = "test_book";
        const LABEL: &'static str = "Libro de registro";
    }

    #[test]
    fn messages_agree_with_the_noun() {
        let missing = not_found::<Thing>(7);
        assert_eq!((missing.code.as_str(), missing.details.as_str()), ("NOT-FOUND-000", "Cosa no encontrada"));
        assert_eq!(missing.data, json!({ "entity": "Cosa", "id": 7 }));
        assert_eq!(not_found::<Book>(1).details, "Libro de registro no encontrado");
        let gone = deleted::<Thing>();
        assert_eq!((gone.code.as_str(), gone.details.as_str()), ("CONFLICT-000", "La cosa está eliminada"));
        assert_eq!(deleted::<Book>().details, "El libro de registro está eliminado");
    }

    fn text(s: &str) -> SqlValue {
        SqlValue::Text(s.into())
    }

    #[test]
    fn records_read_meta_by_position_and_the_rest_as_the_resource() {
        let columns = ["id", "state", "created_at", "updated_at", "name", "size"].map(String::from).to_vec();
        let rows = vec![vec![SqlValue::Integer(7), text("active"), text("2026-11-22T10:00:00Z"), text("2026-11-22T11:00:00Z"), text("Ana"), SqlValue::Null]];
        let read = records::<Thing>(sql::SqlRows { columns: columns.clone(), rows }).unwrap();
        assert_eq!(read.len(), 1);
        assert_eq!((read[0].id, read[0].state.as_str()), (7, "active"));
        assert_eq!(read[0].data, Thing { name: "Ana".into(), size: None });
        // Flat on output, meta first.
        let json = serde_json::to_string(&read[0]).unwrap();
        assert_eq!(json, r#"{"id":7,"state":"active","created_at":"2026-11-22T10:00:00Z","updated_at":"2026-11-22T11:00:00Z","name":"Ana","size":null}"#);
        // No rows (a database may then answer no columns either).
        assert!(records::<Thing>(sql::SqlRows { columns: vec![], rows: vec![] }).unwrap().is_empty());
        assert_eq!(&*super::columns::<Thing>(), &["name".to_string(), "size".to_string()]);
        assert_eq!(&*reads::<Thing>().select, "id, state, created_at, updated_at, name, size");
        assert_eq!(select_list_with::<Thing>(&["name"]), "id, state, created_at, updated_at, COALESCE(name, '[]') AS name, size");
    }

    #[test]
    fn a_list_plan_numbers_its_placeholders_in_order() {
        let ctx = Ctx { business_id: 9, ..Ctx::default() };
        let mut query = ListQuery { search: "Ana López".into(), state: Some("active".into()), order: Some("-name".into()), page: Some(2), per_page: Some(10), ..ListQuery::default() };
        query.filter.insert("name".into(), serde_json::json!("x"));
        query.filter.insert("size".into(), Value::Null);
        let plan = ListPlan::new::<Thing>(&ctx, &query, Some("id IN (SELECT t FROM u WHERE a = ${} AND b = ${})"), vec![text("a"), SqlValue::Integer(12)]).unwrap();
        assert_eq!(
            plan.where_sql,
            "business_id = $1 AND state = $2 AND search_text LIKE $3 ESCAPE '\\' AND search_text LIKE $4 ESCAPE '\\' \
             AND name = $5 AND size IS NULL AND (id IN (SELECT t FROM u WHERE a = $6 AND b = $7))"
        );
        assert_eq!(plan.params, vec![SqlValue::Integer(9), text("active"), text("%ana%"), text("%lopez%"), text("x"), text("a"), SqlValue::Integer(12)]);
        let (statement, params) = plan.page_statement::<Thing>("id, name");
        assert_eq!(statement, format!("SELECT id, name FROM test_thing WHERE {} ORDER BY name DESC, id DESC LIMIT $8 OFFSET $9", plan.where_sql));
        assert_eq!(params[7..], [SqlValue::Integer(10), SqlValue::Integer(10)]);
        // The default: every state but deleted, the resource's order.
        let plan = ListPlan::new::<Thing>(&ctx, &ListQuery::default(), None, Vec::new()).unwrap();
        assert_eq!(plan.where_sql, "business_id = $1 AND state <> 'deleted'");
        assert_eq!(plan.page_statement::<Thing>("id").0, "SELECT id FROM test_thing WHERE business_id = $1 AND state <> 'deleted' ORDER BY id DESC LIMIT $2 OFFSET $3");
        assert_eq!(push_placeholder_of(1234567), "$1234567");
        // Qualified for a join.
        let mut params = Vec::new();
        assert_eq!(scope_sql_on::<Thing>(&ctx, "t", &mut params), "t.business_id = $1");
        assert_eq!(params, vec![SqlValue::Integer(9)]);
    }

    #[test]
    fn a_get_query_gives_the_list_parameters_and_leaves_the_rest() {
        let req = Req::get("thing/read", &[("q", "ana"), ("page", "2"), ("limit", "10"), ("state", "all"), ("tab", "x")]);
        let list = ListQuery::from_query(&req).unwrap();
        assert_eq!((list.search.as_str(), list.page, list.per_page, list.state.as_deref()), ("ana", Some(2), Some(10), Some("all")));
        assert!(list.filter.is_empty() && list.order.is_none());
        let bad = ListQuery::from_query(&Req::get("thing/read", &[("page", "dos")])).unwrap_err();
        assert_eq!(bad.field(), Some("page"));
    }

    fn push_placeholder_of(n: usize) -> String {
        let mut sql = String::new();
        push_placeholder(&mut sql, n);
        sql
    }
}
