//! Calendar arithmetic and Spain's two time zones, for plugins (the guest has no time zone data).
//!
//! The host gives UTC (`host::now()`, `2025-01-31T10:00:00.000Z`). Spain has two zones:
//! the peninsula, the Balearic Islands, Ceuta and Melilla on CET/CEST (UTC+1, +2 in summer) and
//! the Canary Islands on WET/WEST (UTC+0, +1 in summer). Both change at the EU's instants: 01:00
//! UTC on the last Sunday of March and of October.

use serde::{Deserialize, Serialize};

/// One of Spain's time zones, named as the IANA database does.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum SpanishZone {
    /// The peninsula, the Balearic Islands, Ceuta and Melilla.
    #[default]
    #[serde(rename = "Europe/Madrid")]
    Peninsula,
    #[serde(rename = "Atlantic/Canary")]
    Canary,
}

impl SpanishZone {
    pub fn name(self) -> &'static str {
        match self {
            SpanishZone::Peninsula => "Europe/Madrid",
            SpanishZone::Canary => "Atlantic/Canary",
        }
    }

    /// Hours ahead of UTC at the UTC instant `secs` (seconds since 1970).
    pub fn offset_hours(self, secs: i64) -> i64 {
        let (y, _, _) = civil_from_days(secs.div_euclid(86_400));
        let summer_from = days_from_civil(y, 3, last_sunday(y, 3)) * 86_400 + 3600;
        let summer_to = days_from_civil(y, 10, last_sunday(y, 10)) * 86_400 + 3600;
        let summer = i64::from(secs >= summer_from && secs < summer_to);
        match self {
            SpanishZone::Peninsula => 1 + summer,
            SpanishZone::Canary => summer,
        }
    }

    /// The local date (`YYYY-MM-DD`) at the UTC instant `secs`.
    pub fn date_of(self, secs: i64) -> String {
        let (y, m, d) = civil_from_days((secs + self.offset_hours(secs) * 3600).div_euclid(86_400));
        format!("{y:04}-{m:02}-{d:02}")
    }

    /// The UTC instant of local midnight starting `date` (`YYYY-MM-DD`). The clocks change at
    /// 02:00 or 03:00 local time, so midnight is never skipped or repeated.
    pub fn midnight(self, date: &str) -> Option<i64> {
        let (y, m, d) = parse_date(date)?;
        let days = days_from_civil(y, m, d);
        // Midnight falls before the day's 01:00 UTC change: the offset of two hours earlier.
        Some(days * 86_400 - self.offset_hours(days * 86_400 - 7200) * 3600)
    }

    /// A UTC timestamp as local time with its offset (`2025-01-31T11:00:00+01:00`); unparsable
    /// input is returned unchanged.
    pub fn timestamp(self, utc: &str) -> String {
        let Some(secs) = parse_utc(utc) else { return utc.to_string() };
        let offset = self.offset_hours(secs);
        let local = secs + offset * 3600;
        let (y, m, d) = civil_from_days(local.div_euclid(86_400));
        let rem = local.rem_euclid(86_400);
        format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}+{offset:02}:00", rem / 3600, rem % 3600 / 60, rem % 60)
    }

    /// The UTC instant (seconds since 1970) of the local `date` (`YYYY-MM-DD`) at `time`
    /// (`HH:MM`). A time the spring change skips counts as the hour after; one the autumn change
    /// repeats, as its first (summer) occurrence.
    pub fn instant(self, date: &str, time: &str) -> Option<i64> {
        let (y, m, d) = parse_date(date)?;
        let local = days_from_civil(y, m, d) * 86_400 + i64::from(clock_minutes(time)?) * 60;
        let guess = local - self.offset_hours(local - 3600) * 3600;
        Some(local - self.offset_hours(guess) * 3600)
    }

    /// Local `HH:MM` at the UTC instant `secs`.
    pub fn clock_time(self, secs: i64) -> String {
        let rem = (secs + self.offset_hours(secs) * 3600).rem_euclid(86_400);
        format!("{:02}:{:02}", rem / 3600, rem % 3600 / 60)
    }
}

/// Minutes since midnight of a clock time `HH:MM` (two digits each), or `None`.
pub fn clock_minutes(time: &str) -> Option<u32> {
    let (h, m) = time.split_once(':')?;
    if h.len() != 2 || m.len() != 2 {
        return None;
    }
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

/// `HH:MM` of `minutes` since midnight (below 24 h).
pub fn clock_text(minutes: u32) -> String {
    format!("{:02}:{:02}", minutes / 60 % 24, minutes % 60)
}

/// Day of week of a civil date, 0 = Sunday (Sakamoto).
pub fn weekday(y: i32, m: u32, d: u32) -> u32 {
    const T: [i32; 12] = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
    let y = if m < 3 { y - 1 } else { y };
    ((y + y / 4 - y / 100 + y / 400 + T[(m - 1) as usize] + d as i32).rem_euclid(7)) as u32
}

/// The last Sunday of a 31-day month (March, October).
fn last_sunday(y: i32, m: u32) -> u32 {
    31 - weekday(y, m, 31)
}

/// Days from 1970-01-01 of a civil date (Howard Hinnant's algorithm).
pub fn days_from_civil(y: i32, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y } as i64;
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let m = m as i64;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date `days` after 1970-01-01.
pub fn civil_from_days(days: i64) -> (i32, u32, u32) {
    let z = days + 719_468;
    let era = if z >= 0 { z } else { z - 146_096 } / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    ((if m <= 2 { y + 1 } else { y }) as i32, m, d)
}

/// `YYYY-MM-DD` of a real calendar day.
pub fn parse_date(date: &str) -> Option<(i32, u32, u32)> {
    let b = date.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' || !date.bytes().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit()) {
        return None;
    }
    let (y, m, d) = (date[..4].parse().ok()?, date[5..7].parse().ok()?, date[8..].parse().ok()?);
    (m >= 1 && m <= 12 && d >= 1 && civil_from_days(days_from_civil(y, m, d)) == (y, m, d)).then_some((y, m, d))
}

/// `date` moved by `days` (negative: back), `YYYY-MM-DD`.
/// `YYYY-MM-DD` as Spain writes it, `DD/MM/YYYY` (anything else as it is).
pub fn spanish_date(date: &str) -> String {
    match parse_date(date) {
        Some((y, m, d)) => format!("{d:02}/{m:02}/{y:04}"),
        None => date.to_string(),
    }
}

pub fn add_days(date: &str, days: i64) -> Option<String> {
    let (y, m, d) = parse_date(date)?;
    let (y, m, d) = civil_from_days(days_from_civil(y, m, d) + days);
    Some(format!("{y:04}-{m:02}-{d:02}"))
}

/// `date` plus `months` (negative: back), on the same day of the month, or on the month's last
/// day when it has no such day (31 January + 1 month = 28 or 29 February).
pub fn add_months(date: &str, months: i64) -> Option<String> {
    let (y, m, d) = parse_date(date)?;
    let index = i64::from(y) * 12 + i64::from(m) - 1 + months;
    let year = i32::try_from(index.div_euclid(12)).ok()?;
    let month = index.rem_euclid(12) as u32 + 1;
    Some(format!("{year:04}-{month:02}-{:02}", d.min(days_in_month(year, month))))
}

/// How many days `month` (1–12) of `year` has.
pub fn days_in_month(year: i32, month: u32) -> u32 {
    let (next_year, next_month) = if month == 12 { (year + 1, 1) } else { (year, month + 1) };
    (days_from_civil(next_year, next_month, 1) - days_from_civil(year, month, 1)) as u32
}

/// Days from `from` to `to` (negative when `to` is earlier).
pub fn days_between(from: &str, to: &str) -> Option<i64> {
    let (a, b) = (parse_date(from)?, parse_date(to)?);
    Some(days_from_civil(b.0, b.1, b.2) - days_from_civil(a.0, a.1, a.2))
}

/// Monday of the week of `date`.
pub fn monday_of(date: &str) -> Option<String> {
    let (y, m, d) = parse_date(date)?;
    add_days(date, -(((weekday(y, m, d) + 6) % 7) as i64))
}

/// A UTC timestamp (`2025-01-31T10:00:00Z`, with or without fractions of a second) as seconds
/// since 1970 (fractions dropped).
pub fn parse_utc(ts: &str) -> Option<i64> {
    let b = ts.as_bytes();
    if b.len() < 20 || b[10] != b'T' || b[13] != b':' || b[16] != b':' || !ts.ends_with('Z') {
        return None;
    }
    let fraction = &ts[19..ts.len() - 1];
    if !(fraction.is_empty() || (fraction.len() > 1 && fraction.starts_with('.') && fraction[1..].bytes().all(|c| c.is_ascii_digit()))) {
        return None;
    }
    let (y, m, d) = parse_date(&ts[..10])?;
    let num = |r: std::ops::Range<usize>| ts.get(r).filter(|s| s.bytes().all(|c| c.is_ascii_digit()))?.parse::<i64>().ok();
    let (h, mi, s) = (num(11..13)?, num(14..16)?, num(17..19)?);
    (h < 24 && mi < 60 && s < 60).then(|| days_from_civil(y, m, d) * 86_400 + h * 3600 + mi * 60 + s)
}

/// Seconds since 1970 as a UTC timestamp, `2025-01-31T10:00:00Z`.
pub fn format_utc(secs: i64) -> String {
    let (y, m, d) = civil_from_days(secs.div_euclid(86_400));
    let rem = secs.rem_euclid(86_400);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_added_keep_the_day_or_take_the_last() {
        assert_eq!(add_months("2026-01-15", 6).as_deref(), Some("2026-07-15"));
        assert_eq!(add_months("2026-01-31", 1).as_deref(), Some("2026-02-28"));
        assert_eq!(add_months("2028-01-31", 1).as_deref(), Some("2028-02-29"));
        assert_eq!(add_months("2026-11-30", 3).as_deref(), Some("2027-02-28"));
        assert_eq!(add_months("2026-03-31", -1).as_deref(), Some("2026-02-28"));
        assert_eq!(add_months("2024-02-29", 12).as_deref(), Some("2025-02-28"));
        assert_eq!(add_months("2026-02-30", 1), None);
        assert_eq!((days_in_month(2026, 2), days_in_month(2000, 2), days_in_month(1900, 2), days_in_month(2026, 12)), (28, 29, 28, 31));
    }

    #[test]
    fn local_dates_and_times_become_utc_instants() {
        let madrid = SpanishZone::Peninsula;
        assert_eq!(madrid.instant("2027-01-15", "09:00").map(format_utc).as_deref(), Some("2027-01-15T08:00:00Z"));
        assert_eq!(madrid.instant("2027-07-15", "09:00").map(format_utc).as_deref(), Some("2027-07-15T07:00:00Z"));
        assert_eq!(madrid.instant("2027-03-28", "10:00").map(format_utc).as_deref(), Some("2027-03-28T08:00:00Z"));
        assert_eq!(madrid.instant("2027-10-31", "10:00").map(format_utc).as_deref(), Some("2027-10-31T09:00:00Z"));
        assert_eq!(SpanishZone::Canary.instant("2027-01-15", "09:00").map(format_utc).as_deref(), Some("2027-01-15T09:00:00Z"));
        assert_eq!(madrid.instant("2027-02-30", "09:00"), None);
        assert_eq!(madrid.instant("2027-01-15", "9h"), None);
    }

    #[test]
    fn local_time_follows_the_eu_changes_in_both_zones() {
        let madrid = SpanishZone::Peninsula;
        assert_eq!(weekday(2024, 1, 1), 1); // Monday
        assert_eq!(madrid.timestamp("2024-01-01T18:20:30.000Z"), "2024-01-01T19:20:30+01:00");
        assert_eq!(madrid.timestamp("2024-07-01T10:00:00.000Z"), "2024-07-01T12:00:00+02:00");
        assert_eq!(madrid.timestamp("2024-12-31T23:30:00.000Z"), "2025-01-01T00:30:00+01:00");
        // The changes: last Sunday of March and of October, at 01:00 UTC.
        assert_eq!(madrid.timestamp("2024-03-31T00:59:59.000Z"), "2024-03-31T01:59:59+01:00");
        assert_eq!(madrid.timestamp("2024-03-31T01:00:00.000Z"), "2024-03-31T03:00:00+02:00");
        assert_eq!(madrid.timestamp("2024-10-27T00:59:59.000Z"), "2024-10-27T02:59:59+02:00");
        assert_eq!(madrid.timestamp("2024-10-27T01:00:00.000Z"), "2024-10-27T02:00:00+01:00");
        assert_eq!(madrid.timestamp("nonsense"), "nonsense");
        let canary = SpanishZone::Canary;
        assert_eq!(canary.timestamp("2024-01-01T18:20:30Z"), "2024-01-01T18:20:30+00:00");
        assert_eq!(canary.timestamp("2024-07-01T10:00:00Z"), "2024-07-01T11:00:00+01:00");
    }

    #[test]
    fn local_days_start_at_local_midnight() {
        let madrid = SpanishZone::Peninsula;
        // 23:30 UTC on 31 Dec is already 1 Jan in Madrid, still 31 Dec in the Canaries.
        let late = parse_utc("2024-12-31T23:30:00Z").unwrap();
        assert_eq!(madrid.date_of(late), "2025-01-01");
        assert_eq!(SpanishZone::Canary.date_of(late), "2024-12-31");
        assert_eq!(format_utc(madrid.midnight("2025-01-01").unwrap()), "2024-12-31T23:00:00Z");
        assert_eq!(format_utc(madrid.midnight("2024-07-01").unwrap()), "2024-06-30T22:00:00Z");
        // The days of the changes: midnight is before them.
        assert_eq!(format_utc(madrid.midnight("2024-03-31").unwrap()), "2024-03-30T23:00:00Z");
        assert_eq!(format_utc(madrid.midnight("2024-10-27").unwrap()), "2024-10-26T22:00:00Z");
        assert_eq!(format_utc(SpanishZone::Canary.midnight("2024-10-27").unwrap()), "2024-10-26T23:00:00Z");
        assert_eq!(madrid.clock_time(parse_utc("2024-07-01T06:05:00Z").unwrap()), "08:05");
    }

    #[test]
    fn dates_and_timestamps_are_parsed_strictly() {
        assert_eq!(parse_date("2024-02-29"), Some((2024, 2, 29)));
        assert_eq!(parse_date("2023-02-29"), None);
        assert_eq!(parse_date("2024-13-01"), None);
        assert_eq!(parse_date("2024-1-01"), None);
        assert_eq!(add_days("2024-02-28", 2).as_deref(), Some("2024-03-01"));
        assert_eq!(add_days("2025-01-01", -1).as_deref(), Some("2024-12-31"));
        assert_eq!(days_between("2024-01-01", "2025-01-01"), Some(366));
        assert_eq!(monday_of("2026-11-29").as_deref(), Some("2026-11-23"));
        assert_eq!(monday_of("2026-11-23").as_deref(), Some("2026-11-23"));
        let secs = parse_utc("2026-11-23T08:00:00.123Z").unwrap();
        assert_eq!(format_utc(secs), "2026-11-23T08:00:00Z");
        assert_eq!(parse_utc("2026-11-23T08:00:00Z"), Some(secs));
        for bad in ["2026-11-23 08:00:00Z", "2026-11-23T08:00:00", "2026-11-23T24:00:00Z", "2026-11-23T08:00:00.Z", "2026-11-23T08:00:00+01:00"] {
            assert_eq!(parse_utc(bad), None, "{bad}");
        }
    }
}
