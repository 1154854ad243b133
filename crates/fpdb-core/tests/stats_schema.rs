//! COUNT_COLUMNS must be exactly the integer statistic columns of fpdb.HandsPlayers in
//! sql/schema.sql, in DDL order: the database layer writes `counts` positionally.

use fpdb_core::stats::COUNT_COLUMNS;

/// (name, type) of every column of `CREATE TABLE fpdb.<table>`.
fn columns(ddl: &str, table: &str) -> Vec<(String, String)> {
    let start = ddl
        .find(&format!("CREATE TABLE fpdb.{table} ("))
        .unwrap_or_else(|| panic!("no table {table} in schema.sql"));
    let body = &ddl[start..];
    let body = &body[body.find('\n').unwrap() + 1..body.find("\n)").unwrap()];
    body.lines()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty() && !l.starts_with("--"))
        .filter(|l| !l.starts_with("UNIQUE") && !l.starts_with("CONSTRAINT"))
        .map(|l| {
            let mut words = l.split_whitespace();
            let name = words.next().unwrap().to_string();
            let ty = words.next().unwrap_or("").trim_end_matches(',').to_string();
            (name, ty)
        })
        .collect()
}

#[test]
fn count_columns_are_the_ddl_int_stat_columns_in_order() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../sql/schema.sql");
    let ddl = std::fs::read_to_string(path).expect("read sql/schema.sql");
    let cols = columns(&ddl, "HandsPlayers");
    let pos = |name: &str| {
        cols.iter()
            .position(|(c, _)| c.eq_ignore_ascii_case(name))
            .unwrap_or_else(|| panic!("no column {name} in HandsPlayers"))
    };
    let (from, to) = (pos("wonAtSD") + 1, pos("actionString"));
    let mut expected: Vec<&(String, String)> = cols[from..to].iter().collect();
    expected.extend(
        cols[to..]
            .iter()
            .filter(|(c, _)| c.to_ascii_lowercase().ends_with("checkraisedone")),
    );
    for (name, ty) in &expected {
        assert_eq!(ty, "int", "{name} is not an int column");
    }
    let expected: Vec<String> = expected.iter().map(|(c, _)| c.to_lowercase()).collect();
    let ours: Vec<String> = COUNT_COLUMNS.iter().map(|c| c.to_lowercase()).collect();
    assert_eq!(ours, expected);
    // Names are written exactly as in the DDL, not only equal ignoring case.
    for c in COUNT_COLUMNS {
        assert!(
            cols.iter().any(|(d, _)| d == c),
            "{c} is not spelt as in the DDL"
        );
    }
}

#[test]
fn every_hudcache_statistic_is_a_count_column() {
    // HudCache sums the HandsPlayers column of the same name (decisions.md §15); its integer
    // statistics (the design leaves out other_3B/4BStreet0 there) must all be in COUNT_COLUMNS.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../sql/schema.sql");
    let ddl = std::fs::read_to_string(path).expect("read sql/schema.sql");
    let hud = columns(&ddl, "HudCache");
    let from = hud.iter().position(|(c, _)| c == "HDs").unwrap() + 1;
    let stats = hud[from..].iter().filter(|(c, _)| {
        // Money sums (bigint), not counts: totalProfit and allInEV (the README's extension).
        !c.starts_with("wonWhenSeenStreet")
            && c != "wonAtSD"
            && c != "totalProfit"
            && c != "allInEV"
    });
    let mut n = 0;
    for (c, ty) in stats {
        assert_eq!(ty, "int", "{c}");
        assert!(
            COUNT_COLUMNS.contains(&c.as_str()),
            "{c} is not a count column"
        );
        n += 1;
    }
    assert_eq!(n, COUNT_COLUMNS.len() - 2);
}
