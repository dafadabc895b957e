//! The exam report (the spec's `/dgt/convocatoriasreport/{show_tab}`): how the school's students
//! did at the DGT exams, from its folders. A folder presents students to one exam (kind, licence,
//! centre, date); a *convocatoria* is one exam session, the folders with the same date, centre,
//! kind and licence. The figures are the students' results: presented (pass or fail), passed,
//! failed, absent and still pending, and the pass rate (passed over presented).

use std::collections::BTreeMap;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource;
use volante_plugin_sdk::sql::SqlValue;
use volante_plugin_sdk::validate;

use crate::folder::{ExamKind, Folder};

/// The exam kinds in the report's order, with their Spanish names.
pub const KINDS: &[(ExamKind, &str, &str)] =
    &[(ExamKind::Theory, "theory", "Teórico"), (ExamKind::ClosedCircuit, "closed_circuit", "Circuito cerrado"), (ExamKind::Road, "road", "Circulación")];

/// What the report is about. Every filter is optional.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct ReportFilter {
    /// The exam centre, as the folders write it (trimmed, case aside).
    pub center: String,
    /// Exam dates from and to, `YYYY-MM-DD`, both included.
    pub from: Option<String>,
    pub to: Option<String>,
    /// A licence class of the fixed list.
    pub licence: String,
    /// `theory`, `closed_circuit` or `road`.
    pub exam_kind: String,
    pub branch_id: Option<i64>,
}

/// Students by result.
#[derive(Debug, Default, Clone, PartialEq, Serialize)]
pub struct Numbers {
    pub students: i64,
    pub pending: i64,
    pub pass: i64,
    pub fail: i64,
    pub absent: i64,
    /// Pass plus fail: those who sat the exam.
    pub presented: i64,
    /// Pass over presented, in hundredths of a percent (`6667` is 66.67 %); null with nobody
    /// presented.
    pub pass_rate: Option<i64>,
}

impl Numbers {
    fn add(&mut self, result: Option<&str>) {
        let Some(result) = result else { return };
        self.students += 1;
        match result {
            "pass" => self.pass += 1,
            "fail" => self.fail += 1,
            "absent" => self.absent += 1,
            _ => self.pending += 1,
        }
        self.presented = self.pass + self.fail;
        self.pass_rate = (self.presented > 0).then(|| (self.pass * 10_000 + self.presented / 2) / self.presented);
    }
}

/// One folder's row with one of its students' result (none for a folder without students).
#[derive(Debug, Deserialize)]
struct Row {
    id: i64,
    reference: String,
    name: String,
    exam_kind: String,
    licence: String,
    exam_centre: String,
    exam_date: Option<String>,
    status: String,
    result: Option<String>,
}

fn kind_name(kind: &str) -> &'static str {
    KINDS.iter().find(|(_, k, _)| *k == kind).map_or("", |(_, _, n)| *n)
}

/// A centre's name as the report groups it: trimmed, inner spaces collapsed.
fn centre_key(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The folders (not deleted, as the caller may see them) and their students' results that
/// `filter` picks, oldest exam first.
fn rows(ctx: &Ctx, filter: &ReportFilter) -> Result<Vec<Row>> {
    let from = validate::optional_date("from", filter.from.clone())?;
    let to = validate::optional_date("to", filter.to.clone())?;
    if let (Some(from), Some(to)) = (&from, &to) {
        if from > to {
            return Err(Error::invalid_field("to", "La fecha final es anterior a la inicial"));
        }
    }
    let mut params = Vec::new();
    let scope = resource::scope_sql_on::<Folder>(ctx, "f", &mut params);
    let mut sql = format!(
        "SELECT f.id, f.reference, f.name, f.exam_kind, f.licence, f.exam_centre, f.exam_date, f.status, s.result \
         FROM dgt_folder f LEFT JOIN dgt_folder_student s ON s.business_id = f.business_id AND s.folder_id = f.id \
         WHERE {scope} AND f.state <> 'deleted'"
    );
    let mut condition = |sql: &mut String, column: &str, op: &str, value: SqlValue| {
        params.push(value);
        sql.push_str(&format!(" AND f.{column} {op} ${}", params.len()));
    };
    if let Some(from) = from {
        condition(&mut sql, "exam_date", ">=", from.to_sql());
    }
    if let Some(to) = to {
        condition(&mut sql, "exam_date", "<=", to.to_sql());
    }
    if !filter.licence.trim().is_empty() {
        condition(&mut sql, "licence", "=", crate::licence("licence", &filter.licence)?.to_sql());
    }
    if !filter.exam_kind.trim().is_empty() {
        let kind = KINDS
            .iter()
            .map(|(_, k, _)| *k)
            .find(|k| *k == filter.exam_kind.trim())
            .ok_or_else(|| Error::invalid_field("exam_kind", "La prueba es theory, closed_circuit o road"))?;
        condition(&mut sql, "exam_kind", "=", kind.to_sql());
    }
    if let Some(branch) = filter.branch_id {
        condition(&mut sql, "branch_id", "=", branch.to_sql());
    }
    // Undated folders first on both engines (NULL sorts apart in each).
    sql.push_str(" ORDER BY COALESCE(f.exam_date, ''), f.id");
    let rows: Vec<Row> = sql::query_as(&sql, &params)?;
    let centre = centre_key(&filter.center).to_lowercase();
    Ok(rows.into_iter().filter(|r| centre.is_empty() || centre_key(&r.exam_centre).to_lowercase() == centre).collect())
}

/// `GET dgt/center`: the exam centres the school's folders name, alphabetically, each with its
/// folders, students and last exam date: `[{name, folders, students, last_exam_date}]`. Takes
/// the report's filters but `center`.
pub fn centres(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut filter: ReportFilter = req.query()?;
    filter.center.clear();
    #[derive(Default)]
    struct Centre {
        name: String,
        folders: Vec<i64>,
        students: i64,
        last: Option<String>,
    }
    let mut centres: BTreeMap<String, Centre> = BTreeMap::new();
    for row in rows(ctx, &filter)? {
        let name = centre_key(&row.exam_centre);
        if name.is_empty() {
            continue;
        }
        let centre = centres.entry(name.to_lowercase()).or_insert_with(|| Centre { name: name.clone(), ..Centre::default() });
        if !centre.folders.contains(&row.id) {
            centre.folders.push(row.id);
        }
        centre.students += i64::from(row.result.is_some());
        if row.exam_date > centre.last {
            centre.last = row.exam_date.clone();
        }
    }
    Ok(Value::Array(
        centres
            .into_values()
            .map(|c| json!({ "name": c.name, "folders": c.folders.len(), "students": c.students, "last_exam_date": c.last }))
            .collect(),
    ))
}

/// `GET dgt/state_numbers`: the students' results by exam kind at one centre (`center`), or at
/// every centre without it, with the report's other filters: `{center, kinds: [{exam_kind, name,
/// ...Numbers}], total: Numbers}`.
pub fn state_numbers(ctx: &Ctx, req: &Req) -> Result<Value> {
    let filter: ReportFilter = req.query()?;
    let mut by_kind: BTreeMap<&str, Numbers> = BTreeMap::new();
    let mut total = Numbers::default();
    for row in rows(ctx, &filter)? {
        by_kind.entry(kind_of(&row.exam_kind)).or_default().add(row.result.as_deref());
        total.add(row.result.as_deref());
    }
    let kinds: Vec<Value> = KINDS
        .iter()
        .map(|(_, kind, name)| {
            let mut value = json!(by_kind.get(kind).cloned().unwrap_or_default());
            value["exam_kind"] = json!(kind);
            value["name"] = json!(name);
            value
        })
        .collect();
    let center = centre_key(&filter.center);
    Ok(json!({ "center": if center.is_empty() { Value::Null } else { json!(center) }, "kinds": kinds, "total": total }))
}

fn kind_of(kind: &str) -> &'static str {
    KINDS.iter().map(|(_, k, _)| *k).find(|k| *k == kind).unwrap_or("theory")
}

/// `POST dgt/convocatoria` (the report's filters in the body): the exam sessions, newest first,
/// `{items: [{exam_date, exam_centre, exam_kind, exam_kind_name, licence, folders: [{id,
/// reference, name, status}], ...Numbers}], total: Numbers}`. Folders without an exam date come
/// first, as sessions still to be dated.
pub fn convocatorias(ctx: &Ctx, req: &Req) -> Result<Value> {
    let filter: ReportFilter = req.json()?;
    type Key = (Option<String>, String, String, String);
    let mut sessions: BTreeMap<Key, (String, Vec<Value>, Vec<i64>, Numbers)> = BTreeMap::new();
    let mut total = Numbers::default();
    for row in rows(ctx, &filter)? {
        let centre = centre_key(&row.exam_centre);
        let key = (row.exam_date.clone(), centre.to_lowercase(), row.exam_kind.clone(), row.licence.clone());
        let session = sessions.entry(key).or_insert_with(|| (centre.clone(), Vec::new(), Vec::new(), Numbers::default()));
        if !session.2.contains(&row.id) {
            session.2.push(row.id);
            session.1.push(json!({ "id": row.id, "reference": row.reference, "name": row.name, "status": row.status }));
        }
        session.3.add(row.result.as_deref());
        total.add(row.result.as_deref());
    }
    // Newest first; undated sessions (None sorts first ascending) lead.
    let mut items: Vec<(Key, (String, Vec<Value>, Vec<i64>, Numbers))> = sessions.into_iter().collect();
    items.sort_by(|a, b| match (&a.0 .0, &b.0 .0) {
        (None, Some(_)) => std::cmp::Ordering::Less,
        (Some(_), None) => std::cmp::Ordering::Greater,
        _ => b.0.cmp(&a.0),
    });
    let items: Vec<Value> = items
        .into_iter()
        .map(|((date, _, kind, licence), (centre, folders, _, numbers))| {
            let mut value = json!(numbers);
            value["exam_date"] = json!(date);
            value["exam_centre"] = json!(centre);
            value["exam_kind"] = json!(kind);
            value["exam_kind_name"] = json!(kind_name(&kind));
            value["licence"] = json!(licence);
            value["folders"] = Value::Array(folders);
            value
        })
        .collect();
    Ok(json!({ "items": items, "total": total }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_count_the_presented_and_round_the_rate() {
        let mut n = Numbers::default();
        for r in [Some("pass"), Some("pass"), Some("fail"), Some("absent"), Some("pending"), None] {
            n.add(r);
        }
        assert_eq!(n, Numbers { students: 5, pending: 1, pass: 2, fail: 1, absent: 1, presented: 3, pass_rate: Some(6667) });
        assert_eq!(Numbers::default().pass_rate, None);
    }

    #[test]
    fn centres_are_grouped_by_their_written_name() {
        assert_eq!(centre_key("  Jefatura   Provincial de Jaén "), "Jefatura Provincial de Jaén");
        assert_eq!(kind_name("closed_circuit"), "Circuito cerrado");
        assert_eq!(kind_of("road"), "road");
    }
}
