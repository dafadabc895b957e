//! The provider's school finder (`buscador/autoescuelas`, provider administrators): one search
//! box over everything a school is known by on a support call: its names, tax code, contact
//! details, its branches (trade name, town, e-mail, phones, the DGT school code, holder's and
//! director's names and documents) and its users (name, e-mail). Accent- and case-insensitive.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::routing::get;
use axum::Router;
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::Row;

use crate::auth::Session;
use crate::error::{ok, ApiError, ApiJson, Params};
use crate::state::AppState;
use crate::text::fold;

pub fn router() -> Router<AppState> {
    Router::new().route("/buscador/autoescuelas", get(find))
}

/// Schools answered at most.
const LIMIT: usize = 25;
/// What is said of one school at most.
const MATCHES: usize = 5;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FindQuery {
    #[serde(default)]
    search: String,
}

/// One thing that matched: where (`business`, `branch`, `user`), which field and its value.
struct Found {
    business_id: i64,
    kind: &'static str,
    field: &'static str,
    value: String,
    id: i64,
}

/// The fields of `row` named in `fields` that contain `needle` (folded).
fn matching(row: &sqlx::any::AnyRow, fields: &[&'static str], needle: &str) -> anyhow::Result<Vec<(&'static str, String)>> {
    let mut out = Vec::new();
    for field in fields {
        let value: String = row.try_get::<Option<String>, _>(*field)?.unwrap_or_default();
        if !value.is_empty() && fold(&value).contains(needle) {
            out.push((*field, value));
        }
    }
    Ok(out)
}

/// A branch's DGT school code as written on its papers (provincial number, control digit and
/// sequential number), its holder's and director's names and documents.
fn branch_people(driving_school: &str) -> Vec<(&'static str, String)> {
    let block: Value = serde_json::from_str(driving_school).unwrap_or(Value::Null);
    let text = |key: &str| block[key].as_str().unwrap_or_default().trim().to_string();
    let code: String = [text("provincial_number"), text("control_digit"), text("sequential_number")].into_iter().filter(|p| !p.is_empty()).collect::<Vec<_>>().join("-");
    let joined = |a: String, b: String| format!("{a} {b}").trim().to_string();
    vec![
        ("dgt_code", code),
        ("holder", joined(text("holder_first_name"), text("holder_last_names"))),
        ("holder_document", text("holder_document")),
        ("director", joined(text("director_first_name"), text("director_last_names"))),
        ("director_document", text("director_document")),
    ]
}

/// `GET buscador/autoescuelas?search=` (at least 2 characters): the schools that match, each
/// with what matched; schools matched by their own data first, then by name.
async fn find(State(app): State<AppState>, session: Session, Params(q): Params<FindQuery>) -> ApiJson {
    session.require_provider_admin()?;
    let needle = fold(q.search.trim());
    if needle.chars().count() < 2 {
        return Err(ApiError::invalid_field("search", "Escriba al menos 2 caracteres"));
    }
    // The needle without separators also finds codes and phones written with them.
    let compact: String = needle.chars().filter(|c| c.is_alphanumeric()).collect();
    let mut found: Vec<Found> = Vec::new();

    let businesses = sqlx::query("SELECT business_id, name, fiscal_name, fiscal_code, email, phone, city, postal_code, status FROM business WHERE is_provider = FALSE")
        .fetch_all(&app.db.pool)
        .await?;
    for row in &businesses {
        let id: i64 = row.try_get("business_id")?;
        for (field, value) in matching(row, &["name", "fiscal_name", "fiscal_code", "email", "phone", "city", "postal_code"], &needle)? {
            found.push(Found { business_id: id, kind: "business", field, value, id });
        }
    }

    let branches = sqlx::query(
        "SELECT br.branch_id, br.business_id, br.trade_name, br.city, br.email, br.phones, br.driving_school
           FROM branch br JOIN business b ON b.business_id = br.business_id
          WHERE br.deleted_at IS NULL AND b.is_provider = FALSE",
    )
    .fetch_all(&app.db.pool)
    .await?;
    for row in &branches {
        let (branch_id, business_id): (i64, i64) = (row.try_get("branch_id")?, row.try_get("business_id")?);
        let mut fields = matching(row, &["trade_name", "city", "email"], &needle)?;
        let phones: Vec<String> = crate::db::json_column(&row.try_get::<String, _>("phones")?).unwrap_or_default();
        for person in branch_people(&row.try_get::<String, _>("driving_school")?).into_iter().chain(phones.into_iter().map(|p| ("phone", p))) {
            let folded = fold(&person.1);
            let squeezed: String = folded.chars().filter(|c| c.is_alphanumeric()).collect();
            if !person.1.is_empty() && (folded.contains(&needle) || (!compact.is_empty() && squeezed.contains(&compact))) {
                fields.push(person);
            }
        }
        for (field, value) in fields {
            found.push(Found { business_id, kind: "branch", field, value, id: branch_id });
        }
    }

    let users = sqlx::query(
        "SELECT u.user_id, u.business_id, u.email, TRIM(u.first_name || ' ' || u.last_name) AS name
           FROM app_user u JOIN business b ON b.business_id = u.business_id WHERE b.is_provider = FALSE",
    )
    .fetch_all(&app.db.pool)
    .await?;
    for row in &users {
        let (user_id, business_id): (i64, i64) = (row.try_get("user_id")?, row.try_get("business_id")?);
        for (field, value) in matching(row, &["email", "name"], &needle)? {
            found.push(Found { business_id, kind: "user", field, value, id: user_id });
        }
    }

    // Per school, in the order found (its own data, its branches, its users); a value said once.
    let mut by_school: BTreeMap<i64, Vec<Found>> = BTreeMap::new();
    for item in found {
        let items = by_school.entry(item.business_id).or_default();
        if !items.iter().any(|seen| fold(&seen.value) == fold(&item.value)) {
            items.push(item);
        }
    }
    let total = by_school.len();
    let mut ranked: Vec<(i64, Vec<Found>)> = by_school.into_iter().collect();
    let names: BTreeMap<i64, &sqlx::any::AnyRow> =
        businesses.iter().filter_map(|r| r.try_get::<i64, _>("business_id").ok().map(|id| (id, r))).collect();
    let name_of = |id: &i64| names.get(id).and_then(|r| r.try_get::<String, _>("name").ok()).unwrap_or_default();
    ranked.sort_by_key(|(id, items)| (!items.iter().any(|i| i.kind == "business"), fold(&name_of(id)), *id));
    let schools: Vec<Value> = ranked
        .into_iter()
        .take(LIMIT)
        .map(|(id, items)| {
            let row = names.get(&id);
            let text = |column: &str| row.and_then(|r| r.try_get::<Option<String>, _>(column).ok().flatten()).unwrap_or_default();
            json!({
                "business_id": id,
                "name": text("name"),
                "fiscal_code": text("fiscal_code"),
                "city": text("city"),
                "status": text("status"),
                "matches": items.into_iter().take(MATCHES).map(|i| json!({ "kind": i.kind, "field": i.field, "value": i.value, "id": i.id })).collect::<Vec<_>>(),
            })
        })
        .collect();
    ok(json!({ "total": total, "schools": schools }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_branch_is_known_by_its_dgt_code_and_its_people() {
        let block = r#"{"provincial_number":"28","control_digit":"3","sequential_number":"0456","holder_first_name":"Ana","holder_last_names":"Ruiz","holder_document":"12345678Z","director_first_name":"","director_last_names":"","director_document":""}"#;
        let people = branch_people(block);
        assert_eq!(people[0], ("dgt_code", "28-3-0456".to_string()));
        assert_eq!(people[1], ("holder", "Ana Ruiz".to_string()));
        assert_eq!(people[3], ("director", String::new()));
        assert!(branch_people("not json").iter().all(|(_, v)| v.is_empty()));
    }
}
