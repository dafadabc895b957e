//! The students' register books (libro-registro de alumnos): each branch keeps its own, numbered
//! one after the other; a book holds a fixed number of entries and is closed when full or when
//! the school starts a new one.

use std::collections::BTreeMap;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page, Record};
use volante_plugin_sdk::{validate, Checks};

use crate::{IdBody, ALL_BRANCHES};

/// The entries a book is created with when none is given.
pub const DEFAULT_CAPACITY: i64 = 200;

/// The most entries a book may hold.
pub const MAX_CAPACITY: i64 = 10_000;

/// A register book's fields. Missing fields take their defaults.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Book {
    /// How the school names the book ("Libro 3 - Linares").
    pub name: String,
    /// The book's number in its branch; the next one when empty.
    pub number: Option<i64>,
    /// The branch whose book it is; the caller's branch when empty.
    pub branch_id: Option<i64>,
    /// The school's code at the DGT (provincial number, control digit and sequential number).
    pub school_code: String,
    /// `YYYY-MM-DD`; today when empty.
    pub opened_on: Option<String>,
    /// `YYYY-MM-DD` once the book is closed: it takes no new entries.
    pub closed_on: Option<String>,
    /// How many entries the book holds (1–10,000; 200 when empty).
    pub capacity: i64,
    pub notes: String,
}

impl Resource for Book {
    const NAME: &'static str = "dgt_book";
    const PATH: &'static str = "dgt/book/register";
    const LABEL: &'static str = "Libro de registro";
    const TABLE: &'static str = "dgt_book";
    const SEARCH: &'static [&'static str] = &["name", "school_code", "notes"];
    const BRANCH_FIELD: Option<&'static str> = Some("branch_id");
    const ALL_BRANCHES: Option<&'static str> = Some(ALL_BRANCHES);
    const ORDER_BY: &'static str = "number DESC, id DESC";

    fn prepare(&mut self, ctx: &Ctx, id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(name) = checks.check(validate::required("name", &self.name, 120)) {
            self.name = name;
        }
        for (field, value, max) in [("school_code", &mut self.school_code, 20), ("notes", &mut self.notes, 5000)] {
            if let Some(clean) = checks.check(validate::optional(field, value, max)) {
                *value = clean;
            }
        }
        if self.capacity == 0 && id.is_none() {
            self.capacity = DEFAULT_CAPACITY;
        }
        if !(1..=MAX_CAPACITY).contains(&self.capacity) {
            checks.push(Error::invalid_field("capacity", format!("El libro debe admitir entre 1 y {MAX_CAPACITY} alumnos")));
        } else if let Some(id) = id {
            let last = last_number(ctx, id)?;
            if self.capacity < last {
                checks.push(Error::invalid_field("capacity", format!("El libro ya tiene el alumno número {last}")));
            }
        }
        let opened = checks.check(validate::optional_date("opened_on", self.opened_on.take()));
        let closed = checks.check(validate::optional_date("closed_on", self.closed_on.take()));
        self.opened_on = match opened {
            Some(None) if id.is_none() => Some(crate::today()),
            other => other.flatten(),
        };
        self.closed_on = closed.flatten();
        if let (Some(o), Some(c)) = (&self.opened_on, &self.closed_on) {
            if c < o {
                checks.push(Error::invalid_field("closed_on", "El libro no puede cerrarse antes de abrirse"));
            }
        }
        match self.number {
            Some(n) if n < 1 => checks.push(Error::invalid_field("number", "El número del libro debe ser 1 o mayor")),
            Some(n) => {
                if number_taken(ctx, self.branch_id, n, id)? {
                    checks.push(Error::conflict(format!("Ya existe el libro número {n} en la sucursal")).with_data(json!({ "field": "number" })));
                }
            }
            None => self.number = Some(next_number(ctx, self.branch_id)?),
        }
        checks.finish()
    }
}

#[derive(Deserialize)]
struct Number {
    number: Option<i64>,
}

/// The branch's books' numbers (of any state, so a number is never reused).
fn numbers(ctx: &Ctx, branch_id: Option<i64>) -> Result<Vec<i64>> {
    let rows: Vec<Number> = match branch_id {
        Some(branch) => sql::query_as("SELECT number FROM dgt_book WHERE business_id = $1 AND branch_id = $2", &params![ctx.business_id, branch])?,
        None => sql::query_as("SELECT number FROM dgt_book WHERE business_id = $1 AND branch_id IS NULL", &params![ctx.business_id])?,
    };
    Ok(rows.into_iter().filter_map(|r| r.number).collect())
}

fn next_number(ctx: &Ctx, branch_id: Option<i64>) -> Result<i64> {
    Ok(numbers(ctx, branch_id)?.into_iter().max().unwrap_or(0) + 1)
}

fn number_taken(ctx: &Ctx, branch_id: Option<i64>, number: i64, except: Option<i64>) -> Result<bool> {
    #[derive(Deserialize)]
    struct Row {
        id: i64,
    }
    let rows: Vec<Row> = match branch_id {
        Some(branch) => sql::query_as(
            "SELECT id FROM dgt_book WHERE business_id = $1 AND branch_id = $2 AND number = $3",
            &params![ctx.business_id, branch, number],
        )?,
        None => sql::query_as("SELECT id FROM dgt_book WHERE business_id = $1 AND branch_id IS NULL AND number = $2", &params![ctx.business_id, number])?,
    };
    Ok(rows.iter().any(|r| Some(r.id) != except))
}

/// The highest entry number used in the book (0 when it has none).
pub fn last_number(ctx: &Ctx, book_id: i64) -> Result<i64> {
    let last: Option<i64> = sql::query_scalar(
        "SELECT MAX(number) FROM dgt_book_student WHERE business_id = $1 AND book_id = $2",
        &params![ctx.business_id, book_id],
    )?;
    Ok(last.unwrap_or(0))
}

/// The book `id` as the caller may see it.
pub fn find(ctx: &Ctx, id: i64) -> Result<Record<Book>> {
    resource::find::<Book>(ctx, id)
}

/// The book `id`, refused when it is deleted or closed (for new entries).
pub fn find_open(ctx: &Ctx, id: i64) -> Result<Record<Book>> {
    let book = find(ctx, id)?;
    if book.state == "deleted" {
        return Err(Error::conflict("El libro de registro está eliminado"));
    }
    if let Some(closed) = &book.data.closed_on {
        return Err(Error::conflict(format!("El libro {} está cerrado desde el {}", book.data.name, crate::spanish_date(closed))));
    }
    Ok(book)
}

/// How full a book is (`student/maxbook`, and every book read).
#[derive(Debug, Serialize)]
pub struct Fill {
    pub book_id: i64,
    pub capacity: i64,
    /// Entries written in the book (deleted ones included: their numbers stay taken).
    pub used: i64,
    pub last_number: i64,
    /// The number the next entry takes, or null when the book is full.
    pub next_number: Option<i64>,
    pub full: bool,
}

pub fn fill(ctx: &Ctx, book: &Record<Book>) -> Result<Fill> {
    let used: i64 = sql::query_scalar(
        "SELECT COUNT(*) FROM dgt_book_student WHERE business_id = $1 AND book_id = $2",
        &params![ctx.business_id, book.id],
    )?;
    let last = last_number(ctx, book.id)?;
    let full = last >= book.data.capacity;
    Ok(Fill { book_id: book.id, capacity: book.data.capacity, used, last_number: last, next_number: (!full).then_some(last + 1), full })
}

fn detail(ctx: &Ctx, id: i64) -> Result<Value> {
    let book = find(ctx, id)?;
    let mut value = serde_json::to_value(&book)?;
    value["fill"] = serde_json::to_value(fill(ctx, &book)?)?;
    value["branch_name"] = json!(book.data.branch_id.and_then(|b| crate::branch_names().remove(&b)));
    Ok(value)
}

/// `dgt/book/register/create`.
pub fn create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let record = resource::create::<Book>(ctx, req.value()?)?;
    detail(ctx, record.id)
}

/// `dgt/book/register/update`: `id` and the fields that change (closing a book is setting
/// `closed_on`; reopening it, clearing it).
pub fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    resource::update::<Book>(ctx, id, Value::Object(body))?;
    detail(ctx, id)
}

/// `dgt/book/register/delete`: only a book without entries; it stays in the history.
pub fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    let book = find(ctx, body.id)?;
    if fill(ctx, &book)?.used > 0 {
        return Err(Error::conflict("El libro tiene alumnos registrados: ciérrelo en lugar de eliminarlo"));
    }
    resource::delete::<Book>(ctx, body.id)?;
    detail(ctx, body.id)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReadQuery {
    id: Option<i64>,
    branch_id: Option<i64>,
    /// `open` (not closed) or `closed`.
    status: Option<String>,
}

/// `GET dgt/book/register/read`: with `?id=` the book; without, a page of books, each with how
/// full it is.
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    if let Some(id) = q.id {
        return detail(ctx, id);
    }
    let list = ListQuery::from_query(req)?;
    let mut extra = Vec::new();
    let mut params = Vec::new();
    if let Some(branch) = q.branch_id {
        extra.push("branch_id = ${}".to_string());
        params.push(branch.to_sql());
    }
    match q.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some("open") => extra.push("closed_on IS NULL".into()),
        Some("closed") => extra.push("closed_on IS NOT NULL".into()),
        Some(_) => return Err(Error::invalid_field("status", "El campo status debe ser uno de: open, closed")),
        None => {}
    }
    let extra = (!extra.is_empty()).then(|| extra.join(" AND "));
    let page = resource::list_where::<Book>(ctx, &list, extra.as_deref(), params)?;
    let ids: Vec<i64> = page.items.iter().map(|b| b.id).collect();
    let counts = counts(ctx, &ids)?;
    let branches = crate::branch_names();
    let items = page
        .items
        .into_iter()
        .map(|b| {
            let (used, last) = counts.get(&b.id).copied().unwrap_or((0, 0));
            let mut value = serde_json::to_value(&b)?;
            value["branch_name"] = json!(b.data.branch_id.and_then(|id| branches.get(&id).cloned()));
            value["fill"] = json!({
                "book_id": b.id, "capacity": b.data.capacity, "used": used, "last_number": last,
                "next_number": (last < b.data.capacity).then_some(last + 1), "full": last >= b.data.capacity,
            });
            Ok(value)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(serde_json::to_value(Page { items, total: page.total, page: page.page, per_page: page.per_page, from: page.from, to: page.to })?)
}

#[derive(Deserialize)]
struct CountRow {
    book_id: i64,
    used: i64,
    last: Option<i64>,
}

/// Entries and the last number per book among `ids`.
fn counts(ctx: &Ctx, ids: &[i64]) -> Result<BTreeMap<i64, (i64, i64)>> {
    if ids.is_empty() {
        return Ok(BTreeMap::new());
    }
    let mut params = vec![ctx.business_id.to_sql()];
    params.extend(ids.iter().map(|id| id.to_sql()));
    let rows: Vec<CountRow> = sql::query_as(
        &format!(
            "SELECT book_id, COUNT(*) AS used, MAX(number) AS last FROM dgt_book_student \
             WHERE business_id = $1 AND book_id IN ({}) GROUP BY book_id",
            sql::placeholders(2, ids.len())
        ),
        &params,
    )?;
    Ok(rows.into_iter().map(|r| (r.book_id, (r.used, r.last.unwrap_or(0)))).collect())
}

/// `student/maxbook` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct BookRef {
    #[serde(alias = "id")]
    pub book_id: i64,
}

/// `POST dgt/book/register/student/maxbook`: how full the book is and the number its next entry
/// takes.
pub fn maxbook(ctx: &Ctx, req: &Req) -> Result<Fill> {
    let body: BookRef = req.json()?;
    let book = find(ctx, body.book_id)?;
    fill(ctx, &book)
}
