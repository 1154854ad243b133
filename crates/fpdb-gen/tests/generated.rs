//! The generated histories read back through fpdb-core: they parse without errors, their money
//! adds up, and they hold every kind of action the benchmark needs.

use std::sync::OnceLock;

use fpdb_core::model::{ActionKind, GameKind, Hand};
use fpdb_gen::{generate_with, Format, Mix, Options};

/// Hands per format in the samples; `FPDB_GEN_SAMPLE` sets another number (a long run finds
/// rarer cases).
fn sample() -> usize {
    std::env::var("FPDB_GEN_SAMPLE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000)
}

fn text(seed: u64, count: usize, mix: Mix) -> String {
    let mut opts = Options::new(seed);
    opts.mix = mix;
    let mut out = Vec::new();
    generate_with(&opts, count, &mut out).expect("writing to a Vec");
    String::from_utf8(out).expect("the generator writes UTF-8")
}

/// The hands of `text` with their texts; panics with the hand's text on a parse error.
fn parse(text: &str) -> Vec<(String, Hand)> {
    let chunks: Vec<&str> = text
        .split("\n\n\n")
        .filter(|c| !c.trim().is_empty())
        .collect();
    let hands: Vec<_> = fpdb_core::parse_history(text).collect();
    assert_eq!(
        chunks.len(),
        hands.len(),
        "the splitter found another number of hands"
    );
    chunks
        .into_iter()
        .zip(hands)
        .map(|(c, h)| match h {
            Ok(h) => (c.to_string(), h),
            Err(e) => panic!("parse error {e:?} in:\n{c}"),
        })
        .collect()
}

/// A sample of every format, parsed once and shared by the tests.
fn all_formats() -> &'static [(String, Hand)] {
    static HANDS: OnceLock<Vec<(String, Hand)>> = OnceLock::new();
    HANDS.get_or_init(|| {
        let mut v = Vec::new();
        for (k, f) in Format::ALL.iter().enumerate() {
            v.extend(parse(&text(100 + k as u64, sample(), Mix::only(*f))));
        }
        v
    })
}

#[test]
fn same_seed_same_text_other_seed_other_text() {
    let a = text(42, 400, Mix::DEFAULT);
    let b = text(42, 400, Mix::DEFAULT);
    assert_eq!(a, b);
    let c = text(43, 400, Mix::DEFAULT);
    assert_ne!(a, c);
    // The string and io front ends agree.
    assert_eq!(fpdb_gen::generate_string(42, 400), a);
    let mut s = String::new();
    fpdb_gen::generate_fmt(&Options::new(42), 400, &mut s).unwrap();
    assert_eq!(s, a);
}

#[test]
fn every_format_parses_and_adds_up() {
    let hands = all_formats();
    assert_eq!(hands.len(), sample() * Format::ALL.len());
    let mut last_no = 0;
    for (t, h) in hands {
        let collected: i64 = h.collections.iter().map(|c| c.amount).sum();
        assert_eq!(
            collected + h.rake,
            h.total_pot,
            "collections + rake ≠ pot in:\n{t}"
        );
        let put: i64 = h.actions.iter().map(|a| a.amount).sum();
        let back: i64 = h.returned.iter().map(|r| r.amount).sum();
        assert_eq!(put - back, h.total_pot, "actions − returns ≠ pot in:\n{t}");
        if h.game.kind == GameKind::Tour {
            assert_eq!(h.rake, 0, "rake in a tournament:\n{t}");
        }
        if h.boards.iter().all(|b| b.is_empty()) {
            assert_eq!(h.rake, 0, "rake without a flop:\n{t}");
        }
        assert!(h.hero.is_some(), "no hero in:\n{t}");
        // Stacks cover what each player put in.
        for (i, p) in h.players.iter().enumerate() {
            let put: i64 = h
                .actions
                .iter()
                .filter(|a| a.player == i)
                .map(|a| a.amount)
                .sum();
            assert!(
                put <= p.stack,
                "{} put in more than his stack:\n{t}",
                p.name
            );
        }
        // No card twice.
        let mut seen = std::collections::HashSet::new();
        for c in h
            .players
            .iter()
            .flat_map(|p| &p.cards)
            .chain(h.boards.iter().flatten())
        {
            if c.is_known() {
                assert!(seen.insert(*c), "card {c:?} twice in:\n{t}");
            }
        }
        if h.site_hand_no <= last_no {
            // Each format's sample starts its own numbering; within one it grows.
            assert!(h.site_hand_no < 100_000_000_000 + 200 * 100_000_000, "{t}");
        }
        last_no = h.site_hand_no;
    }
}

#[test]
fn hand_numbers_and_times_grow_and_a_longer_file_extends_a_shorter_one() {
    let long = text(9, 1500, Mix::DEFAULT);
    let hands = parse(&long);
    for w in hands.windows(2) {
        assert!(w[1].1.site_hand_no > w[0].1.site_hand_no, "{}", w[1].0);
        assert!(w[1].1.start_time > w[0].1.start_time, "{}", w[1].0);
    }
    assert_eq!(hands[0].1.site_hand_no, Options::new(9).first_hand_number());
    assert!(long.starts_with(&text(9, 700, Mix::DEFAULT)));
    let mut opts = Options::new(9);
    opts.hand_start = Some(5_000_000);
    let mut out = Vec::new();
    generate_with(&opts, 1, &mut out).unwrap();
    assert!(out.starts_with(b"PokerStars Hand #5000000: "));
}

/// What the parser read agrees with the text: all-in flags, posts, hero, shown and mucked cards.
#[test]
fn the_parser_reads_what_the_generator_meant() {
    for (t, h) in all_formats() {
        assert_eq!(
            h.hero.map(|i| h.players[i].name.as_str()),
            Some("Hero"),
            "{t}"
        );
        let seats = t
            .lines()
            .take_while(|l| !l.starts_with("*** "))
            .filter(|l| l.starts_with("Seat "))
            .count();
        assert_eq!(h.players.len(), seats, "{t}");
        // A player is all-in exactly when the action leaves him without chips.
        let mut put = vec![0i64; h.players.len()];
        for a in &h.actions {
            put[a.player] += a.amount;
            let empty = put[a.player] == h.players[a.player].stack;
            if a.amount > 0 {
                assert_eq!(a.all_in, empty, "all-in flag of {a:?}:\n{t}");
            }
        }
        let both = t.matches(": posts small & big blinds ").count();
        let kinds = h
            .actions
            .iter()
            .filter(|a| a.kind == ActionKind::BothBlinds)
            .count();
        assert_eq!(both, kinds, "{t}");
        for (i, p) in h.players.iter().enumerate() {
            let shows = t.contains(&format!("\n{}: shows [", p.name));
            let mucks = t.contains(&format!("\n{}: mucks hand", p.name));
            assert_eq!(p.shown, shows, "{} shown:\n{t}", p.name);
            assert_eq!(p.mucked, mucks, "{} mucked:\n{t}", p.name);
            if shows || mucks || h.hero == Some(i) {
                assert!(
                    !p.cards.is_empty() && p.cards.iter().all(|c| c.is_known()),
                    "{t}"
                );
            }
        }
        let board = h.boards.first().map_or(0, Vec::len);
        assert!(matches!(board, 0 | 3 | 4 | 5), "{t}");
        if let Some(tour) = &h.tournament {
            let finished = t.matches(" finished the tournament in ").count()
                + t.matches(" wins the tournament").count();
            assert_eq!(tour.results.len(), finished, "{t}");
        }
    }
}

#[test]
fn uncalled_bets_go_back_to_the_last_aggressor() {
    for (t, h) in all_formats() {
        for r in &h.returned {
            let last_aggr = h
                .actions
                .iter()
                .rfind(|a| a.street == r.street && a.kind.is_aggressive());
            match last_aggr {
                Some(a) => assert_eq!(a.player, r.player, "returned to a non-aggressor:\n{t}"),
                // No raise preflop: a walk (the big blind gets back what the small blind did not
                // match), or a big blind all-in for less than a blind, which the others still
                // had to call (or had posted) in full.
                None => assert!(
                    r.street == 0
                        && h.actions.iter().any(|a| a.player == r.player
                            && matches!(
                                a.kind,
                                ActionKind::BigBlind | ActionKind::SmallBlind | ActionKind::Call
                            )),
                    "uncalled bet without a bet:\n{t}"
                ),
            }
        }
    }
}

#[test]
fn derived_statistics_add_up() {
    for (t, h) in all_formats() {
        let rows = fpdb_core::stats::derive(h).unwrap_or_else(|e| panic!("derive: {e}\n{t}"));
        let positions: Vec<char> = rows.players.iter().map(|p| p.position).collect();
        // At most one: a big blind all-in on his ante posts no blind.
        assert!(
            positions.iter().filter(|&&c| c == 'B').count() <= 1,
            "{positions:?}\n{t}"
        );
        assert!(
            positions.iter().filter(|&&c| c == 'S').count() <= 1,
            "{positions:?}\n{t}"
        );
        let winnings: i64 = rows.players.iter().map(|p| p.winnings).sum();
        assert_eq!(
            winnings + h.rake,
            h.total_pot,
            "Σ winnings + rake ≠ pot:\n{t}"
        );
        if h.game.kind == GameKind::Ring {
            let profit: i64 = rows.players.iter().map(|p| p.total_profit).sum();
            assert_eq!(profit, -h.rake, "Σ profit ≠ −rake:\n{t}");
        }
    }
}

/// Counts hands with each feature the benchmark needs, and checks that none is missing.
#[test]
fn the_sample_has_every_kind_of_action() {
    let hands = all_formats();
    let mut missing = Vec::new();
    let mut check = |name: &str, n: usize| {
        if n == 0 {
            missing.push(name.to_string());
        }
    };
    let has = |s: &str| hands.iter().filter(|(t, _)| t.contains(s)).count();
    for line in [
        ": posts small blind ",
        ": posts big blind ",
        ": posts the ante ",
        ": posts small & big blinds ",
        ": folds",
        ": checks",
        ": calls ",
        ": bets ",
        ": raises ",
        " and is all-in",
        "Uncalled bet (",
        "*** FLOP ***",
        "*** TURN ***",
        "*** RIVER ***",
        "*** SHOW DOWN ***",
        ": shows [",
        ": mucks hand",
        ": doesn't show hand",
        " collected ",
        " from pot",
        " from main pot",
        " from side pot\n",
        " from side pot-2",
        "Side pot-1 ",
        "| Rake $0.",
        " joins the table at seat #",
        " leaves the table",
        " is sitting out",
        " finished the tournament in ",
        " and received $",
        "Hold'em No Limit ($",
        "Hold'em Limit ($",
        "Omaha Pot Limit ($",
        "6-max",
        "9-max",
        ": Tournament #",
        "USD Hold'em No Limit - Level ",
        " has timed out",
        " said, \"",
        "four of a kind",
        "a full house",
        "a flush",
        "a straight,",
        "three of a kind",
        "two pair",
        "a pair of",
        "high card",
    ] {
        check(line, has(line));
    }
    let preflop = |h: &Hand| {
        h.actions
            .iter()
            .filter(|a| a.street == 0)
            .cloned()
            .collect::<Vec<_>>()
    };
    let raises = |h: &Hand| {
        preflop(h)
            .iter()
            .filter(|a| a.kind == ActionKind::Raise)
            .count()
    };
    check(
        "3-bet",
        hands.iter().filter(|(_, h)| raises(h) >= 2).count(),
    );
    check(
        "4-bet",
        hands.iter().filter(|(_, h)| raises(h) >= 3).count(),
    );
    // A limp: a call of the big blind before any raise, by a player other than the blinds.
    check(
        "limp",
        hands
            .iter()
            .filter(|(_, h)| {
                let posters: Vec<usize> = h
                    .actions
                    .iter()
                    .filter(|a| a.kind.is_post())
                    .map(|a| a.player)
                    .collect();
                preflop(h)
                    .iter()
                    .take_while(|a| a.kind != ActionKind::Raise)
                    .any(|a| a.kind == ActionKind::Call && !posters.contains(&a.player))
            })
            .count(),
    );
    // A walk: everybody folds to the big blind.
    check(
        "walk",
        hands
            .iter()
            .filter(|(_, h)| {
                preflop(h).iter().all(|a| a.kind == ActionKind::Fold)
                    && h.collections.len() == 1
                    && h.actions.iter().any(|a| {
                        a.kind == ActionKind::BigBlind && a.player == h.collections[0].player
                    })
            })
            .count(),
    );
    // A split pot: two players collecting from the same pot.
    check(
        "split pot",
        hands
            .iter()
            .filter(|(_, h)| {
                h.collections.iter().any(|c| {
                    h.collections
                        .iter()
                        .any(|d| d.pot == c.pot && d.player != c.player)
                })
            })
            .count(),
    );
    // An odd chip: a split whose shares differ.
    check(
        "odd chip",
        hands
            .iter()
            .filter(|(_, h)| {
                h.collections.iter().any(|c| {
                    h.collections
                        .iter()
                        .any(|d| d.pot == c.pot && d.player != c.player && d.amount != c.amount)
                })
            })
            .count(),
    );
    // Side pots with three or more all-in players of different stacks.
    check(
        "three all-ins",
        hands
            .iter()
            .filter(|(_, h)| h.actions.iter().filter(|a| a.all_in).count() >= 3)
            .count(),
    );
    assert!(missing.is_empty(), "no hand in the sample has: {missing:?}");
}

#[test]
fn the_default_mix_has_every_format() {
    let t = text(7, 2000, Mix::DEFAULT);
    for s in [
        "Hold'em No Limit ($",
        "Hold'em Limit ($",
        "Omaha Pot Limit ($",
        "Tournament #",
        "' 6-max",
        "' 9-max",
    ] {
        assert!(t.contains(s), "no {s}");
    }
}
