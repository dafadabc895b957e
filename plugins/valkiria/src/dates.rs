//! The calendar arithmetic of access dates and reports, done in Rust (not in SQL) so both
//! engines agree: months added to a date, renewals, days left, and the local (Spain's peninsula)
//! dates and periods of the UTC instants attempts are stamped with.

use volante_plugin_sdk::time::{self, SpanishZone};

pub use volante_plugin_sdk::time::add_months;

/// A renewal by months counts from the later of today and the current end: an enrolment still
/// running keeps its days, an expired one starts again today.
pub fn renewed(today: &str, current: &str, months: i64) -> Option<String> {
    let base = if current > today { current } else { today };
    add_months(base, months)
}

/// Days from `today` to `date` (negative once it has passed).
pub fn days_left(today: &str, date: &str) -> i64 {
    time::days_between(today, date).unwrap_or(0)
}

/// Whether an end date has passed: access lasts through the day itself.
pub fn expired(today: &str, date: &str) -> bool {
    date < today
}

/// A UTC instant (seconds) as the hosts stamps rows: `2025-01-31T10:00:00.000Z`, so text
/// comparisons against stored stamps hold.
pub fn stamp(secs: i64) -> String {
    let plain = time::format_utc(secs);
    format!("{}.000Z", &plain[..19])
}

/// The stamp of local midnight starting `date` in Spain (the peninsula).
pub fn local_midnight(date: &str) -> Option<String> {
    SpanishZone::Peninsula.midnight(date).map(stamp)
}

/// The local date (Spain, the peninsula) of a stored UTC stamp.
pub fn local_date(stamp: &str) -> Option<String> {
    time::parse_utc(stamp).map(|secs| SpanishZone::Peninsula.date_of(secs))
}

/// The first day of `date`'s month.
pub fn month_start(date: &str) -> String {
    format!("{}-01", &date[..7.min(date.len())])
}

/// How attempts are grouped in the evolution report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    Day,
    Week,
    Month,
}

impl Group {
    pub fn parse(value: &str) -> Option<Group> {
        match value.trim() {
            "day" => Some(Group::Day),
            "week" => Some(Group::Week),
            "month" => Some(Group::Month),
            _ => None,
        }
    }

    /// The first day of the period `date` falls in (weeks start on Monday).
    pub fn period_of(self, date: &str) -> Option<String> {
        time::parse_date(date)?;
        match self {
            Group::Day => Some(date.to_string()),
            Group::Week => time::monday_of(date),
            Group::Month => Some(month_start(date)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_keep_the_day_or_take_the_months_last() {
        assert_eq!(add_months("2026-01-15", 6).as_deref(), Some("2026-07-15"));
        assert_eq!(add_months("2026-01-31", 1).as_deref(), Some("2026-02-28"));
        assert_eq!(add_months("2028-01-31", 1).as_deref(), Some("2028-02-29"));
        assert_eq!(add_months("2026-08-31", 1).as_deref(), Some("2026-09-30"));
        assert_eq!(add_months("2026-11-30", 3).as_deref(), Some("2027-02-28"));
        assert_eq!(add_months("2026-12-05", 1).as_deref(), Some("2027-01-05"));
        assert_eq!(add_months("2026-03-31", 36).as_deref(), Some("2029-03-31"));
        assert_eq!(add_months("2026-03-31", -1).as_deref(), Some("2026-02-28"));
        assert_eq!(add_months("2026-02-30", 1), None);
    }

    #[test]
    fn renewals_count_from_the_later_of_today_and_the_end() {
        // Still running: the months are added to its end.
        assert_eq!(renewed("2026-05-10", "2026-06-30", 3).as_deref(), Some("2026-09-30"));
        // Expired: from today.
        assert_eq!(renewed("2026-05-10", "2026-01-31", 3).as_deref(), Some("2026-08-10"));
        // Ending today: from today, the same.
        assert_eq!(renewed("2026-05-10", "2026-05-10", 1).as_deref(), Some("2026-06-10"));
    }

    #[test]
    fn days_left_and_expiry() {
        assert_eq!(days_left("2026-05-10", "2026-05-25"), 15);
        assert_eq!(days_left("2026-05-10", "2026-05-09"), -1);
        assert!(!expired("2026-05-10", "2026-05-10"));
        assert!(expired("2026-05-10", "2026-05-09"));
    }

    #[test]
    fn local_dates_of_stamps() {
        // 23:30 UTC in winter is already the next day in Madrid.
        assert_eq!(local_date("2026-01-31T23:30:00.000Z").as_deref(), Some("2026-02-01"));
        assert_eq!(local_date("2026-07-31T21:59:59.000Z").as_deref(), Some("2026-07-31"));
        assert_eq!(local_date("2026-07-31T22:00:00.000Z").as_deref(), Some("2026-08-01"));
        assert_eq!(local_midnight("2026-02-01").as_deref(), Some("2026-01-31T23:00:00.000Z"));
        assert_eq!(local_midnight("2026-08-01").as_deref(), Some("2026-07-31T22:00:00.000Z"));
        // Stamps compare as text with the stored ones.
        assert!(local_midnight("2026-02-01").unwrap().as_str() <= "2026-01-31T23:30:00.000Z");
        assert_eq!(month_start("2026-05-17"), "2026-05-01");
    }

    #[test]
    fn evolution_periods() {
        assert_eq!(Group::parse("week"), Some(Group::Week));
        assert_eq!(Group::parse("year"), None);
        assert_eq!(Group::Day.period_of("2026-11-26").as_deref(), Some("2026-11-26"));
        // 26 November 2026 is a Thursday.
        assert_eq!(Group::Week.period_of("2026-11-26").as_deref(), Some("2026-11-23"));
        assert_eq!(Group::Week.period_of("2026-11-29").as_deref(), Some("2026-11-23"));
        assert_eq!(Group::Week.period_of("2026-11-30").as_deref(), Some("2026-11-30"));
        assert_eq!(Group::Month.period_of("2026-11-26").as_deref(), Some("2026-11-01"));
        assert_eq!(Group::Month.period_of("nonsense"), None);
    }
}
