//! The Cake parser against the corpus (`shared/corpus/cash/Cake`, `tour/Cake`): cash tables in
//! dollars (decimal points and commas), euros and play money; tournaments of both header
//! formats.
//!
//! - the checks of every room on the skeleton (`common::room_corpus_agrees`): every hand of
//!   every file parses or is refused as listed; each is detected as Cake, and no other room's
//!   file yields a Cake hand; money adds up in every hand and the derived statistics agree;
//!   hand numbers identify hands; the sidecars agree; damaged hands never panic;
//! - the HandsPlayers sidecar of the fixed-limit file (winnings, profit, cards, start cards);
//! - hands of the files checked by hand against the text.

mod common;

use common::*;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;

const SITE: &str = "Cake";
const DIRS: &[&str] = &["cash/Cake", "tour/Cake"];

/// Refused by design.
const EXPECTED_FAILURES: &[Failure] = &[Failure {
    file: "NLHE-2max-USD-STT-0.75-201212.player.left.the.table.txt",
    hand: None,
    kind: ErrorKind::Unfinished,
    why: "no award: \"Player left the table\" is printed where the winner should be",
}];

const HANDS: &[(&str, usize)] = &[("NLHE-6-max-0.05-0.10-201108.Sample.txt", 20)];

#[test]
fn the_corpus_agrees() {
    let room = RoomCorpus {
        failures: EXPECTED_FAILURES,
        hands_per_file: HANDS,
        rules: Rules {
            max_rake_percent: Some(10),
            ..Rules::PLAIN
        },
        ..RoomCorpus::new(SITE, DIRS, 40)
    };
    room_corpus_agrees(&room);
}

#[test]
fn the_sidecar_agrees() {
    assert_eq!(hp_sidecars_agree(DIRS), 6);
}

fn first(file: &str) -> Hand {
    first_hand(&in_flop(DIRS, file))
}

fn won(h: &Hand) -> Vec<(String, u8, Money)> {
    let mut w: Vec<(String, u8, Money)> = h
        .collections
        .iter()
        .map(|c| (name(h, c.player).to_string(), c.pot, c.amount))
        .collect();
    w.sort();
    w
}

#[test]
fn hands_checked_by_hand() {
    // Fixed limit: the blinds half the small bet and the small bet; the time US Eastern.
    let h = first("LHE-6max-USD-3.00-6.00-201207.datetime.dashes.txt");
    let head = (
        h.site.as_str(),
        h.site_hand_no,
        h.site_hand_id.as_str(),
        h.start_time.to_rfc3339(),
        h.table_name.as_str(),
        (h.max_seats, h.button_seat),
    );
    let want = (
        "Cake",
        3_008_011_667_000_561,
        "3008011667000561",
        "2012-07-01T05:26:16+00:00".to_string(),
        "Melbourne (Turbo, 6-max) 11667",
        (Some(6), Some(10)),
    );
    assert_eq!(head, want);
    let g = &h.game;
    assert_eq!(
        (g.kind, g.limit_type, g.currency.as_str()),
        (GameKind::Ring, LimitType::FixedLimit, "USD")
    );
    assert_eq!(
        (g.small_blind, g.big_blind, g.small_bet, g.big_bet),
        (150, 300, 300, 600)
    );
    assert_eq!(by_name(&h, "Player1").stack, 12_650);
    assert_eq!((h.total_pot, h.rake), (2550, 100));
    assert_eq!(won(&h), vec![("Player4".into(), 0, 2450)]);

    // A returning player's dead blind: the big blind live, the table's small blind dead.
    let h = first("NLHE-USD-0.05-0.10-201205.dead.blind.txt");
    let p5 = idx(&h, "Player5");
    assert!(h
        .actions
        .iter()
        .any(|a| a.player == p5 && a.kind == ActionKind::BothBlinds && a.amount == 15));
    assert_eq!((h.total_pot, h.rake), (80, 5));

    // A euro table: the euro figures, the stakes as the header prints them.
    let h = first("PLO-6max-EUR-0.20-0.41-201209.round.penny.txt");
    let g = &h.game;
    assert_eq!(
        (g.category, g.limit_type, g.currency.as_str()),
        (Category::OmahaHi, LimitType::PotLimit, "EUR")
    );
    assert_eq!((g.small_blind, g.big_blind), (20, 41));
    assert_eq!(by_name(&h, "Hero").stack, 5442);
    assert_eq!(by_name(&h, "Hero").cards, cards("3c 5d Ks 6h"));
    assert_eq!((h.total_pot, h.rake), (81, 0));
    assert_eq!(h.returned[0].amount, 81);

    // Play money; "is all in" as a raise.
    let h = first("NLHE-play-1-2-201205.txt");
    assert_eq!(h.game.currency, "play");
    let p5 = idx(&h, "Player5");
    let all_in = h
        .actions
        .iter()
        .find(|a| a.player == p5 && a.all_in)
        .unwrap();
    assert_eq!(
        (all_in.kind, all_in.amount, all_in.raise_to),
        (ActionKind::Raise, 197, Some(198))
    );
    assert_eq!((h.total_pot, h.rake), (418, 0));
    assert_eq!(h.boards[0], cards("Ac Ad 9h 7s 6s"));

    // A tournament with a side pot printed before the main pot, all-ins for less, a bounty.
    let h = first("NLHE-9max-USD-MTT-201206.bounty.txt");
    assert_eq!(h.site_hand_no, 0x2990_AB91_EA00_0229);
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(
        (t.tourney_no, t.buyin, t.fee, t.currency.as_str()),
        (11_244_010, 500, 50, "USD")
    );
    assert_eq!(
        (h.game.kind, h.game.currency.as_str()),
        (GameKind::Tour, "T$")
    );
    assert_eq!(h.table_name, "11244010 7");
    assert_eq!(
        won(&h),
        vec![("Player5".into(), 0, 9574), ("Player5".into(), 1, 84)]
    );
    assert_eq!(h.returned[0].amount, 75);

    // Antes, a player whose name has a space and is printed with "_" in his muck line.
    let h = first("NLHE-9max-USD-MTT-5-201206.underscore.substitution.txt");
    assert_eq!(h.game.ante, 20);
    assert_eq!(by_name(&h, "Player Space").cards, cards("8h 9d"));
    assert!(by_name(&h, "Player Space").mucked);

    // Thousands separated by non-breaking spaces; a finishing place.
    let h = first("NLHE-USD-2-STT-201205.thousand.delimiter.txt");
    assert_eq!(by_name(&h, "Player0").stack, 2477);
    assert_eq!(won(&h), vec![("Hero".into(), 0, 1836)]);
    let t = h.tournament.as_ref().unwrap();
    assert_eq!((t.buyin, t.fee), (200, 20));
    assert_eq!(t.results.len(), 1);
    assert_eq!(
        (name(&h, t.results[0].player), t.results[0].place),
        ("Hero", 1)
    );

    // A coin flip: both stacks in as antes.
    let h = first("NLHE-USD-5.50-Coinflip-201207.txt");
    assert_eq!(h.actions.len(), 2);
    assert!(h
        .actions
        .iter()
        .all(|a| a.kind == ActionKind::Ante && a.amount == 1500 && a.all_in));
    assert_eq!(won(&h), vec![("Hero".into(), 0, 3000)]);

    // The older tournament header (no buy-in), the dealer on his seat line.
    let h = first("NLHE-6max-15-USD-201111.new.format.txt");
    let t = h.tournament.as_ref().unwrap();
    assert_eq!((t.tourney_no, t.buyin, t.fee), (10_307_786, 0, 0));
    assert_eq!(h.button_seat, Some(3));

    // A freeroll; a negative ante means none.
    let h = first("NLHE-10max-FREE-MTT-201912.txt");
    assert_eq!(h.tournament.as_ref().unwrap().currency, "FREE");
    assert_eq!(h.game.ante, 25);
    let h = first("NLHE-10max-USD-MTT-0.05-201206.minus.sign.b4.rake.txt");
    assert_eq!(h.game.ante, 0);
}

/// The first hand of every file cut after any line before its last award is refused as
/// unfinished, never stored short (the format has no end marker).
#[test]
fn cut_hands_are_never_stored_short() {
    let mut cuts = 0;
    for rel in room_files(DIRS) {
        let text = read(&rel);
        let Some(chunk) = fpdb_core::split::chunks(&text).next() else {
            continue;
        };
        let lines: Vec<&str> = chunk.text.lines().collect();
        let Some(last) = lines
            .iter()
            .rposition(|l| l.contains(" wins ") && !l.starts_with("Tournament: "))
        else {
            continue;
        };
        for k in 1..=last {
            let cut = lines[..k].join("\n");
            for r in fpdb_core::parse_history(&cut) {
                let e = r.expect_err(&format!("{rel} cut after line {k} was stored"));
                assert_eq!(e.kind, ErrorKind::Unfinished, "{rel} cut after {k}: {e:?}");
                cuts += 1;
            }
        }
    }
    assert!(cuts > 300, "{cuts}");
}
