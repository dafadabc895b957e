//! A worker's intervals grouped into days, and the totals of a period: what `clock/report` and
//! the Excel export show.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use crate::{Entry, Kind};

/// One worker's local day.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Day {
    pub date: String,
    pub user_id: i64,
    pub user_name: String,
    /// The branch of the day's first interval.
    pub branch_id: Option<i64>,
    /// The first start of work.
    pub first_start: Option<String>,
    /// The last end, `None` while an interval runs.
    pub last_end: Option<String>,
    pub worked_minutes: i64,
    pub paused_minutes: i64,
    /// An interval still runs (it counts up to now).
    pub open: bool,
    /// An interval was corrected.
    pub edited: bool,
    pub entries: Vec<Entry>,
}

/// One worker's period.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Total {
    pub user_id: i64,
    pub user_name: String,
    /// Days with work clocked (however short).
    pub days: i64,
    pub worked_minutes: i64,
}

/// Group `entries` by local date and worker; `now` ends intervals that still run; `name` gives
/// a worker's name. Days come sorted by date then name, totals by name.
pub fn summarise(entries: Vec<Entry>, now: i64, name: impl Fn(i64) -> String) -> (Vec<Day>, Vec<Total>) {
    let mut groups: BTreeMap<(String, i64), Vec<Entry>> = BTreeMap::new();
    for mut entry in entries {
        entry.minutes = entry.seconds(now) / 60;
        groups.entry((entry.work_date.clone(), entry.user_id)).or_default().push(entry);
    }
    let mut names: BTreeMap<i64, String> = BTreeMap::new();
    let mut worked_by_user: BTreeMap<i64, (i64, i64)> = BTreeMap::new();
    let mut days = Vec::with_capacity(groups.len());
    for ((date, user_id), mut entries) in groups {
        entries.sort_by(|a, b| a.started_at.cmp(&b.started_at).then(a.id.cmp(&b.id)));
        let user_name = names.entry(user_id).or_insert_with(|| name(user_id)).clone();
        for entry in &mut entries {
            entry.user_name = user_name.clone();
        }
        let seconds = |kind: Kind| entries.iter().filter(|e| e.kind == kind).map(|e| e.seconds(now)).sum::<i64>();
        let (worked, paused) = (seconds(Kind::Work), seconds(Kind::Pause));
        let open = entries.iter().any(|e| e.ended_at.is_none());
        let total = worked_by_user.entry(user_id).or_default();
        total.0 += i64::from(entries.iter().any(|e| e.kind == Kind::Work));
        total.1 += worked;
        days.push(Day {
            date,
            user_id,
            user_name,
            branch_id: entries.first().and_then(|e| e.branch_id),
            first_start: entries.iter().find(|e| e.kind == Kind::Work).or(entries.first()).map(|e| e.started_at.clone()),
            last_end: if open { None } else { entries.iter().filter_map(|e| e.ended_at.clone()).max() },
            worked_minutes: worked / 60,
            paused_minutes: paused / 60,
            open,
            edited: entries.iter().any(|e| e.edited),
            entries,
        });
    }
    days.sort_by(|a, b| a.date.cmp(&b.date).then_with(|| a.user_name.cmp(&b.user_name)).then(a.user_id.cmp(&b.user_id)));
    let mut totals: Vec<Total> = worked_by_user
        .into_iter()
        .map(|(user_id, (days, seconds))| Total { user_id, user_name: names[&user_id].clone(), days, worked_minutes: seconds / 60 })
        .collect();
    totals.sort_by(|a, b| a.user_name.cmp(&b.user_name).then(a.user_id.cmp(&b.user_id)));
    (days, totals)
}

#[cfg(test)]
mod tests {
    use super::*;
    use volante_plugin_sdk::time::parse_utc;

    fn entry(id: i64, user_id: i64, kind: Kind, start: &str, end: Option<&str>, date: &str) -> Entry {
        Entry {
            id,
            user_id,
            user_name: String::new(),
            branch_id: Some(1),
            kind,
            started_at: start.into(),
            ended_at: end.map(Into::into),
            work_date: date.into(),
            minutes: 0,
            edited: id == 3,
            changes: None,
        }
    }

    #[test]
    fn days_add_work_and_pauses_and_count_open_intervals_up_to_now() {
        let now = parse_utc("2026-11-24T10:30:00Z").unwrap();
        let entries = vec![
            entry(1, 7, Kind::Work, "2026-11-23T07:00:00Z", Some("2026-11-23T11:00:00Z"), "2026-11-23"),
            entry(2, 7, Kind::Pause, "2026-11-23T11:00:00Z", Some("2026-11-23T11:30:00Z"), "2026-11-23"),
            entry(3, 7, Kind::Work, "2026-11-23T11:30:00Z", Some("2026-11-23T15:20:00Z"), "2026-11-23"),
            entry(4, 5, Kind::Work, "2026-11-23T08:00:00Z", Some("2026-11-23T09:00:30Z"), "2026-11-23"),
            entry(5, 7, Kind::Work, "2026-11-24T08:00:00Z", None, "2026-11-24"),
        ];
        let name = |id: i64| if id == 7 { "Beatriz".to_string() } else { "Alberto".to_string() };
        let (days, totals) = summarise(entries, now, name);
        let summary: Vec<_> = days.iter().map(|d| (d.date.as_str(), d.user_name.as_str(), d.worked_minutes, d.paused_minutes, d.open, d.edited)).collect();
        assert_eq!(
            summary,
            [
                ("2026-11-23", "Alberto", 60, 0, false, false),
                ("2026-11-23", "Beatriz", 470, 30, false, true),
                ("2026-11-24", "Beatriz", 150, 0, true, false),
            ]
        );
        let beatriz = &days[1];
        assert_eq!(beatriz.first_start.as_deref(), Some("2026-11-23T07:00:00Z"));
        assert_eq!(beatriz.last_end.as_deref(), Some("2026-11-23T15:20:00Z"));
        assert_eq!(beatriz.entries.iter().map(|e| e.minutes).collect::<Vec<_>>(), [240, 30, 230]);
        assert!(beatriz.entries.iter().all(|e| e.user_name == "Beatriz"));
        assert_eq!(days[2].last_end, None);
        let totals: Vec<_> = totals.iter().map(|t| (t.user_name.as_str(), t.days, t.worked_minutes)).collect();
        // 60.5 minutes count as 60; Beatriz's open day counts up to now.
        assert_eq!(totals, [("Alberto", 1, 60), ("Beatriz", 2, 620)]);
    }
}
