//! What the HTML summary formats share: reading a page with the `scraper` crate, cell texts,
//! US-style dates.

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use scraper::{ElementRef, Selector};

use crate::time;

/// A CSS selector written in this crate (a constant, checked by the tests).
pub(crate) fn selector(css: &str) -> Selector {
    Selector::parse(css).unwrap_or_else(|_| panic!("fpdb: invalid built-in CSS selector {css}"))
}

/// The text of an element, entities decoded, whitespace (non-breaking spaces included)
/// collapsed to single spaces.
pub(crate) fn text_of(el: ElementRef<'_>) -> String {
    let raw: String = el.text().collect();
    raw.replace('\u{a0}', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The texts of a row's cells (`td` and `th`).
pub(crate) fn cells(row: ElementRef<'_>) -> Vec<String> {
    let cell = selector("td, th");
    row.select(&cell).map(text_of).collect()
}

/// "8/4/2016 12:25:41 PM", "3/18/2005 11:09:43 PM" (month first, 12-hour clock) in `tz`.
pub(crate) fn us_time(text: &str, tz: chrono_tz::Tz) -> Option<DateTime<Utc>> {
    let t = text.trim();
    let (date, rest) = t.split_once(' ')?;
    let mut d = date.split('/');
    let m: u32 = d.next()?.parse().ok()?;
    let day: u32 = d.next()?.parse().ok()?;
    let y: i32 = d.next()?.parse().ok()?;
    let (clock, ampm) = rest.trim().split_once(' ').unwrap_or((rest.trim(), ""));
    let mut c = clock.split(':');
    let mut h: u32 = c.next()?.parse().ok()?;
    let min: u32 = c.next()?.parse().ok()?;
    let s: u32 = c.next().map_or(Some(0), |x| x.parse().ok())?;
    match ampm.trim() {
        "PM" | "pm" if h < 12 => h += 12,
        "AM" | "am" if h == 12 => h = 0,
        _ => {}
    }
    let local: NaiveDateTime = NaiveDate::from_ymd_opt(y, m, day)?.and_hms_opt(h, min, s)?;
    Some(time::local_to_utc(local, tz))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn us_times() {
        let t = us_time("8/4/2016 12:25:41 PM", time::EASTERN).unwrap();
        assert_eq!(t.to_rfc3339(), "2016-08-04T16:25:41+00:00");
        let t = us_time("3/18/2005 12:09:43 AM", time::EASTERN).unwrap();
        assert_eq!(t.to_rfc3339(), "2005-03-18T05:09:43+00:00");
        assert!(us_time("soon", time::EASTERN).is_none());
    }

    #[test]
    fn selectors_are_valid() {
        for css in [
            "td, th",
            "table.table_list tr",
            "link[rel=canonical]",
            "tbody tr",
        ] {
            selector(css);
        }
    }
}
