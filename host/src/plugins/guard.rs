//! The statement guard: every SQL statement a plugin sends is parsed (sqlparser, in the engine's
//! dialect) before it reaches the database. Only one SELECT, INSERT, UPDATE or DELETE per call,
//! on the plugin's own tables (written `<plugin>_<name>`) or, read-only, on tables the provider
//! granted. DDL, ATTACH, PRAGMA, transaction control, `SET`, catalog tables and table-valued
//! functions are refused. The database enforces tenancy underneath (row-level security on
//! PostgreSQL, one file per business plus triggers on SQLite); the guard keeps plugins to their
//! tables on both engines alike.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use sqlparser::ast::{visit_expressions, visit_relations, Expr, ObjectName, Statement, Value, ValueWithSpan, VisitMut, VisitorMut};
use sqlparser::dialect::{PostgreSqlDialect, SQLiteDialect};
use sqlparser::parser::Parser;

use crate::db::Engine;

/// A statement's verdict: its kind and parsed form, or why it was refused.
type Verdict = Result<(Kind, std::sync::Arc<Statement>), String>;

/// Checked statements, by (allowed tables, statement text): plugins send the same few statement
/// texts over and over, and parsing costs far more than the lookup. Bounded; cleared when full.
#[derive(Default)]
pub struct Cache {
    entries: std::sync::Mutex<std::collections::HashMap<(String, String), Verdict>>,
}

const CACHE_LIMIT: usize = 4096;

impl Cache {
    pub fn check(&self, engine: Engine, sql: &str, allowed: &Allowed<'_>) -> Verdict {
        let key = (format!("{}|{}", allowed.prefix, allowed.read_only.join(",")), sql.to_string());
        if let Some(hit) = self.entries.lock().expect("guard cache lock").get(&key) {
            return hit.clone();
        }
        let result = check(engine, sql, allowed).map(|(kind, statement)| (kind, std::sync::Arc::new(statement)));
        let mut entries = self.entries.lock().expect("guard cache lock");
        if entries.len() >= CACHE_LIMIT {
            entries.clear();
        }
        entries.insert(key, result.clone());
        result
    }
}

pub struct Allowed<'a> {
    pub prefix: &'a str,
    pub read_only: &'a [String],
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    Read,
    Write,
}

/// Parse and check one statement; on success, the statement kind.
pub fn check(engine: Engine, sql: &str, allowed: &Allowed<'_>) -> Result<(Kind, Statement), String> {
    let statements = match engine {
        Engine::Sqlite => Parser::parse_sql(&SQLiteDialect {}, sql),
        Engine::Postgres => Parser::parse_sql(&PostgreSqlDialect {}, sql),
    }
    .map_err(|err| format!("SQL no válido: {err}"))?;
    let [statement] = <[Statement; 1]>::try_from(statements).map_err(|_| "Se admite una sola sentencia por llamada".to_string())?;
    let (kind, written) = match &statement {
        Statement::Query(_) => (Kind::Read, None),
        Statement::Insert(insert) => (Kind::Write, Some(insert.table.to_string())),
        Statement::Update { table, .. } => (Kind::Write, Some(table.relation.to_string())),
        Statement::Delete(delete) => {
            let name = match &delete.from {
                sqlparser::ast::FromTable::WithFromKeyword(tables) | sqlparser::ast::FromTable::WithoutKeyword(tables) => {
                    tables.first().map(|t| t.relation.to_string())
                }
            };
            (Kind::Write, name)
        }
        other => {
            let word = other.to_string().split_whitespace().next().unwrap_or("").to_uppercase();
            return Err(format!("Sentencia no permitida a un plugin: {word}"));
        }
    };
    // Every relation named anywhere in the statement (joins, subqueries, CTEs included).
    let mut relations: BTreeSet<String> = BTreeSet::new();
    let mut ctes: BTreeSet<String> = BTreeSet::new();
    if let Statement::Query(query) = &statement {
        collect_ctes(query, &mut ctes);
    }
    let _ = visit_relations(&statement, |name: &ObjectName| {
        relations.insert(normalize(name));
        ControlFlow::<()>::Continue(())
    });
    for relation in &relations {
        if ctes.contains(relation) {
            continue;
        }
        let own = relation.starts_with(allowed.prefix) && !relation.contains('.');
        let granted = allowed.read_only.iter().any(|t| t == relation);
        if !own && !granted {
            return Err(format!("Tabla no permitida para este plugin: {relation}"));
        }
    }
    if let Some(target) = written {
        let target = target.trim_matches('"').to_lowercase();
        if !target.starts_with(allowed.prefix) || target.contains('.') {
            return Err(format!("Solo puede modificar sus propias tablas: {target}"));
        }
    }
    // Functions: an allow-list. Anything else (set_config, pg_*, load_extension, dblink…) could
    // change the session, reach files or run SQL the guard never saw.
    let mut refused_function = None;
    let _ = visit_expressions(&statement, |expr: &Expr| {
        if let Expr::Function(function) = expr {
            let name = function.name.to_string().replace('"', "").to_lowercase();
            if !ALLOWED_FUNCTIONS.contains(&name.as_str()) {
                refused_function = Some(name);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    if let Some(name) = refused_function {
        return Err(format!("Función no permitida para un plugin: {name}"));
    }
    let text = statement.to_string().to_lowercase();
    if text.contains("with recursive") {
        // A recursive query can run without end inside the database, out of the call's deadline.
        return Err("Las consultas recursivas no están permitidas".into());
    }
    for forbidden in ["pg_catalog", "information_schema", "sqlite_master", "sqlite_schema", "sqlite_temp_master", "pragma_"] {
        if text.contains(forbidden) {
            return Err(format!("Acceso no permitido: {forbidden}"));
        }
    }
    Ok((kind, statement))
}

/// Functions a plugin's SQL may call: aggregates, windows, text, numbers, dates and JSON reading.
const ALLOWED_FUNCTIONS: &[&str] = &[
    "count", "sum", "avg", "min", "max", "total", "group_concat", "string_agg", "array_agg",
    "row_number", "rank", "dense_rank", "lag", "lead", "first_value", "last_value", "ntile",
    "coalesce", "nullif", "ifnull", "greatest", "least", "abs", "round", "floor", "ceil", "ceiling",
    "mod", "lower", "upper", "length", "char_length", "substr", "substring", "trim", "ltrim", "rtrim",
    "replace", "instr", "position", "strpos", "concat", "concat_ws", "lpad", "rpad", "left", "right",
    "date", "time", "datetime", "strftime", "julianday", "unixepoch", "to_char", "date_trunc",
    "extract", "date_part", "age", "json_extract", "json_array_length", "jsonb_array_length",
];

fn collect_ctes(query: &sqlparser::ast::Query, out: &mut BTreeSet<String>) {
    if let Some(with) = &query.with {
        for cte in &with.cte_tables {
            out.insert(cte.alias.name.value.to_lowercase());
        }
    }
}

fn normalize(name: &ObjectName) -> String {
    name.to_string().replace('"', "").to_lowercase()
}

/// Replace the placeholders whose parameter is NULL by a literal NULL and renumber the rest
/// (PostgreSQL types a bound NULL as its Rust type, which a column of another type refuses).
pub fn inline_nulls(statement: &Statement, is_null: &[bool]) -> (String, Vec<usize>) {
    let mut statement = statement.clone();
    struct Renumber<'a> {
        is_null: &'a [bool],
        map: Vec<Option<usize>>,
    }
    impl VisitorMut for Renumber<'_> {
        type Break = ();
        fn post_visit_expr(&mut self, expr: &mut Expr) -> ControlFlow<()> {
            if let Expr::Value(ValueWithSpan { value: Value::Placeholder(p), .. }) = expr {
                if let Some(n) = p.strip_prefix('$').and_then(|n| n.parse::<usize>().ok()) {
                    if n >= 1 && n <= self.is_null.len() {
                        if self.is_null[n - 1] {
                            *expr = Expr::Value(Value::Null.into());
                        } else if let Some(new) = self.map[n - 1] {
                            *p = format!("${new}");
                        }
                    }
                }
            }
            ControlFlow::Continue(())
        }
    }
    let mut next = 0;
    let map: Vec<Option<usize>> = is_null
        .iter()
        .map(|null| {
            if *null {
                None
            } else {
                next += 1;
                Some(next)
            }
        })
        .collect();
    let kept: Vec<usize> = is_null.iter().enumerate().filter(|(_, null)| !**null).map(|(i, _)| i).collect();
    let _ = statement.visit(&mut Renumber { is_null, map });
    (statement.to_string(), kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(sql: &str) -> bool {
        let allowed = Allowed { prefix: "contacts_", read_only: &["billing_invoice".to_string()] };
        check(Engine::Sqlite, sql, &allowed).is_ok() && check(Engine::Postgres, sql, &allowed).is_ok()
    }

    #[test]
    fn allows_own_tables_and_granted_reads() {
        assert!(ok("SELECT * FROM contacts_contact WHERE business_id = $1"));
        assert!(ok("INSERT INTO contacts_contact (business_id, name) VALUES ($1, $2) RETURNING contact_id"));
        assert!(ok("UPDATE contacts_contact SET name = $1 WHERE contact_id = $2"));
        assert!(ok("DELETE FROM contacts_contact WHERE contact_id = $1"));
        assert!(ok("SELECT c.name, i.total FROM contacts_contact c JOIN billing_invoice i ON i.contact_id = c.contact_id"));
        assert!(ok("WITH recent AS (SELECT * FROM contacts_contact) SELECT * FROM recent"));
        assert!(ok("SELECT COUNT(*), MAX(created_at), LOWER(name) FROM contacts_contact GROUP BY name"));
    }

    #[test]
    fn refuses_everything_else() {
        for sql in [
            "SELECT * FROM billing_payment",
            "UPDATE billing_invoice SET total = 0",
            "INSERT INTO billing_invoice (total) VALUES (1)",
            "SELECT * FROM contacts_contact; DELETE FROM contacts_contact",
            "CREATE TABLE contacts_x (id INT)",
            "DROP TABLE contacts_contact",
            "ALTER TABLE contacts_contact ADD COLUMN x INT",
            "ATTACH DATABASE 'other.db' AS other",
            "PRAGMA table_info(contacts_contact)",
            "SELECT * FROM sqlite_master",
            "SELECT * FROM pg_catalog.pg_tables",
            "SELECT * FROM information_schema.tables",
            "SELECT * FROM pragma_table_info('contacts_contact')",
            "SELECT (SELECT count(*) FROM app_user) FROM contacts_contact",
            "BEGIN",
            "SET ROLE postgres",
            "SELECT set_config('volante.business_id', '2', true)",
            "SELECT set_config('role', 'postgres', true) FROM contacts_contact",
            "SELECT load_extension('/tmp/evil.so')",
            "SELECT pg_read_file('/etc/passwd')",
            "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT COUNT(*) FROM r",
        ] {
            assert!(!ok(sql), "{sql} should be refused");
        }
    }

    #[test]
    fn nulls_are_inlined_and_placeholders_renumbered() {
        let allowed = Allowed { prefix: "contacts_", read_only: &[] };
        let (_, statement) =
            check(Engine::Postgres, "INSERT INTO contacts_c (a, b, c) VALUES ($1, $2, $3)", &allowed).unwrap();
        let (sql, kept) = inline_nulls(&statement, &[false, true, false]);
        assert_eq!(sql, "INSERT INTO contacts_c (a, b, c) VALUES ($1, NULL, $2)");
        assert_eq!(kept, vec![0, 2]);
    }
}
