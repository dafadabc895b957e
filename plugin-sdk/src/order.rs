//! Records kept in order under a parent (a syllabus's themes, a group's classes, a class's
//! resources): positions are 1, 2, … among the parent's live children. A new one goes at the end,
//! or at the position asked (kept within the list, the others from there moving down one); an
//! update with `position` moves it among the others; deleting one closes the others up. A
//! refusal later in the call moves nothing, as the call is one transaction.

use crate::prelude::*;
use crate::resource::{self, ListQuery};
use crate::host;

/// A record kept in order under a parent.
pub trait Ordered: Resource {
    /// The parent's column (`group_id`).
    const PARENT: &'static str;
    fn parent(&self) -> i64;
    fn position(&self) -> i64;
}

/// The `position` a body asks for: `None` when absent or null; `REQ-102` when not a number.
pub fn asked(body: &serde_json::Map<String, Value>) -> Result<Option<i64>> {
    match body.get("position") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v.as_i64().map(Some).ok_or_else(|| Error::invalid_field("position", "La posición debe ser un número")),
    }
}

/// Where a record asked to stand at `asked` goes among `last` places: `last` when it asks for
/// none, else within `1..=last`.
pub fn placed(asked: Option<i64>, last: i64) -> i64 {
    asked.map_or(last, |p| p.clamp(1, last.max(1)))
}

/// How many live children `parent` has.
pub fn count<R: Ordered>(ctx: &Ctx, parent: i64) -> Result<i64> {
    sql::query_scalar(
        &format!("SELECT COUNT(*) FROM {} WHERE business_id = $1 AND {} = $2 AND state <> 'deleted'", R::TABLE, R::PARENT),
        &params![ctx.business_id, parent],
    )
}

/// Move the live children of `parent` at positions `from..=to` by `by` (±1).
fn shift<R: Ordered>(ctx: &Ctx, parent: i64, from: i64, to: i64, by: i64) -> Result<()> {
    if from > to {
        return Ok(());
    }
    sql::execute(
        &format!(
            "UPDATE {} SET position = position + $1, updated_at = $2 \
             WHERE business_id = $3 AND {} = $4 AND state <> 'deleted' AND position >= $5 AND position <= $6",
            R::TABLE,
            R::PARENT
        ),
        &params![by, host::now(), ctx.business_id, parent, from, to],
    )?;
    Ok(())
}

/// Make room for a new child of `parent` at `asked` (the end when none): the position it takes.
pub fn make_room<R: Ordered>(ctx: &Ctx, parent: i64, asked: Option<i64>) -> Result<i64> {
    let count = count::<R>(ctx, parent)?;
    let position = placed(asked, count + 1);
    shift::<R>(ctx, parent, position, count, 1)?;
    Ok(position)
}

/// Move the live `record` to `asked` among its siblings (the others make way): its new position.
pub fn move_to<R: Ordered>(ctx: &Ctx, record: &R, asked: Option<i64>) -> Result<i64> {
    let old = record.position();
    let Some(asked) = asked else { return Ok(old) };
    let new = placed(Some(asked), count::<R>(ctx, record.parent())?);
    if new < old {
        shift::<R>(ctx, record.parent(), new, old - 1, 1)?;
    } else if new > old {
        shift::<R>(ctx, record.parent(), old + 1, new, -1)?;
    }
    Ok(new)
}

/// The live children after `position` move up one (the one there was deleted).
pub fn close_up<R: Ordered>(ctx: &Ctx, parent: i64, position: i64) -> Result<()> {
    shift::<R>(ctx, parent, position + 1, i64::MAX, -1)
}

/// `parent`'s live children in order.
pub fn children<R: Ordered>(ctx: &Ctx, parent: i64) -> Result<Vec<Record<R>>> {
    let mut all = Vec::new();
    let mut page = 1;
    loop {
        let query = ListQuery { page: Some(page), per_page: Some(500), order: Some("position".into()), ..ListQuery::default() };
        let found = resource::list_where::<R>(ctx, &query, Some(&format!("{} = ${{}}", R::PARENT)), params![parent])?;
        let done = found.to >= found.total || found.items.is_empty();
        all.extend(found.items);
        if done {
            return Ok(all);
        }
        page += 1;
    }
}

/// The live children of each of `parents`, in the parents' order and then their own: one read
/// per 500 parents (and per 500 children), not one per parent.
pub fn children_of_many<R: Ordered>(ctx: &Ctx, parents: &[i64]) -> Result<Vec<Record<R>>> {
    let mut distinct = parents.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let mut all = Vec::new();
    for chunk in distinct.chunks(500) {
        let condition = format!("{} IN ({})", R::PARENT, vec!["${}"; chunk.len()].join(", "));
        let mut page = 1;
        loop {
            let query = ListQuery { page: Some(page), per_page: Some(500), ..ListQuery::default() };
            let values = chunk.iter().map(|id| id.to_sql()).collect();
            let found = resource::list_where::<R>(ctx, &query, Some(&condition), values)?;
            let done = found.to >= found.total || found.items.is_empty();
            all.extend(found.items);
            if done {
                break;
            }
            page += 1;
        }
    }
    Ok(in_parent_order(all, parents, |c| c.data.parent()))
}

/// `records` (each parent's in their own order) grouped by parent in the order of `parents`.
pub fn in_parent_order<T>(mut records: Vec<T>, parents: &[i64], parent_of: impl Fn(&T) -> i64) -> Vec<T> {
    let mut ranks = std::collections::BTreeMap::new();
    for (i, parent) in parents.iter().enumerate() {
        ranks.entry(*parent).or_insert(i);
    }
    // Stable: each parent's children keep the order they were read in.
    records.sort_by_key(|r| ranks.get(&parent_of(r)).copied().unwrap_or(usize::MAX));
    records
}

/// Live children per parent: `[(parent, count)]`.
pub fn counts<R: Ordered>(ctx: &Ctx) -> Result<Vec<(i64, i64)>> {
    #[derive(Deserialize)]
    struct Row {
        parent: i64,
        n: i64,
    }
    let rows: Vec<Row> = sql::query_as(
        &format!("SELECT {} AS parent, COUNT(*) AS n FROM {} WHERE business_id = $1 AND state <> 'deleted' GROUP BY {}", R::PARENT, R::TABLE, R::PARENT),
        &params![ctx.business_id],
    )?;
    Ok(rows.into_iter().map(|r| (r.parent, r.n)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_kept_within_the_list() {
        // A new one among 3: the end (4) unless asked.
        assert_eq!(placed(None, 4), 4);
        assert_eq!(placed(Some(1), 4), 1);
        assert_eq!(placed(Some(0), 4), 1);
        assert_eq!(placed(Some(-5), 4), 1);
        assert_eq!(placed(Some(9), 4), 4);
        // The first of its parent.
        assert_eq!(placed(Some(3), 1), 1);
        assert_eq!(placed(Some(3), 0), 1);
    }

    #[test]
    fn the_position_asked_for_is_a_number() {
        let body = |v: Value| resource::object(v).unwrap();
        assert_eq!(asked(&body(json!({}))).unwrap(), None);
        assert_eq!(asked(&body(json!({ "position": null }))).unwrap(), None);
        assert_eq!(asked(&body(json!({ "position": 2 }))).unwrap(), Some(2));
        let err = asked(&body(json!({ "position": "dos" }))).unwrap_err();
        assert_eq!((err.field(), err.details.as_str()), (Some("position"), "La posición debe ser un número"));
    }

    #[test]
    fn children_of_many_parents_come_in_the_parents_order() {
        // Read in position order across parents; grouped by parent as asked, each keeping its own.
        let read = vec![(7, "a1"), (3, "b1"), (7, "a2"), (9, "c1"), (3, "b2")];
        let ordered = in_parent_order(read, &[3, 9, 7, 3], |r| r.0);
        assert_eq!(ordered.iter().map(|r| r.1).collect::<Vec<_>>(), ["b1", "b2", "c1", "a1", "a2"]);
        // A child of a parent not asked for goes last.
        let ordered = in_parent_order(vec![(1, "x"), (2, "y")], &[2], |r| r.0);
        assert_eq!(ordered.iter().map(|r| r.1).collect::<Vec<_>>(), ["y", "x"]);
    }
}
