//! A hand cut short must not be accepted as a different hand: for every hand of every supported
//! room in the corpus and every line prefix of it, a prefix that parses and whose statistics
//! derive (so `import_hands` would store it) must be exactly the whole hand. Otherwise a file
//! cut off while the room was writing it (a crash, a full disk, a copy of a file still being
//! written) would store a hand with missing actions or cards, which the whole file later cannot
//! correct (the hand is then a duplicate).

use fpdb_core::model::Hand;
use fpdb_fuzz::corpus::{seeds, ROOM_DIRS};

fn accepted(text: &str) -> Option<Hand> {
    let hand = fpdb_core::parse_one(text).ok()?;
    fpdb_core::stats::derive(&hand).ok()?;
    Some(hand)
}

/// (room, first line of the hand, number of lines kept) of each accepted partial hand.
fn partial_hands(room: usize) -> (usize, Vec<(String, usize)>) {
    let mut found = Vec::new();
    let mut checked = 0;
    for h in &seeds().rooms[room].hands {
        let text = String::from_utf8_lossy(h);
        let Some(whole) = accepted(&text) else {
            continue;
        };
        checked += 1;
        let lines: Vec<&str> = text.trim_end().split('\n').collect();
        for k in 1..lines.len() {
            let prefix = lines[..k].join("\n");
            if let Some(p) = accepted(&prefix) {
                if p != whole {
                    let (a, b) = (
                        serde_json::to_value(&p).unwrap(),
                        serde_json::to_value(&whole).unwrap(),
                    );
                    let diff: Vec<String> = b
                        .as_object()
                        .unwrap()
                        .iter()
                        .filter(|(key, v)| a.get(key.as_str()) != Some(v))
                        .map(|(key, v)| {
                            format!(
                                "{key}: {} vs {}",
                                a.get(key.as_str())
                                    .map(|x| x.to_string())
                                    .unwrap_or_default()
                                    .chars()
                                    .take(150)
                                    .collect::<String>(),
                                v.to_string().chars().take(150).collect::<String>()
                            )
                        })
                        .collect();
                    found.push((
                        format!(
                            "{} #{} [{}] last kept line {:?}",
                            whole.site,
                            whole.site_hand_id,
                            diff.join(" | "),
                            lines[k - 1]
                        ),
                        k,
                    ));
                    break;
                }
            }
        }
    }
    (checked, found)
}

/// Rooms whose parser still accepts hands cut short, with why. The test fails for any other
/// room, and says when a room listed here has become clean (remove it then).
const KNOWN: &[(&str, &str)] = &[
    (
        "888poker",
        "the format has no end-of-hand line, and real hands exist with no \"collected\" line: a \
         file cut between summary lines cannot be told from a finished hand (a summary with no \
         line at all is refused)",
    ),
    (
        "partypoker",
        "the classic format has no end-of-hand line either: a file cut before a hi/lo pot's low \
         winner or a tournament's finishing places cannot be told from a finished hand (cuts \
         inside the summary format, and a side pot without its main pot, are refused)",
    ),
    (
        "cake",
        "the format has no end-of-hand line, and a loser's mucked cards may be printed after the \
         award (`NAME: mucks [9h,As] (TwoPair) .`): a file cut after the award is a finished hand \
         without those cards (its money is whole; a cut before any pot is awarded is refused)",
    ),
];

#[test]
fn truncated_hands_are_never_accepted_as_other_hands() {
    let mut report = Vec::new();
    for (i, (name, _)) in ROOM_DIRS.iter().enumerate() {
        let (checked, found) = partial_hands(i);
        let known = KNOWN.iter().find(|(k, _)| k == name);
        println!(
            "{name}: {checked} hands, {} accepted cut short{}",
            found.len(),
            known.map_or(String::new(), |(_, why)| format!(" (known: {why})"))
        );
        for (hand, k) in found.iter().take(3) {
            println!("  {hand}: first {k} lines accepted");
        }
        match (found.is_empty(), known) {
            (false, None) => report.push(format!("{name}: {} of {checked}", found.len())),
            (true, Some(_)) => println!("  {name} is clean now: remove it from KNOWN"),
            _ => {}
        }
    }
    assert!(
        report.is_empty(),
        "hands accepted cut short: {}",
        report.join(", ")
    );
}
