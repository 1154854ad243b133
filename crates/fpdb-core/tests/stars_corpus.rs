//! The PokerStars parser against the regression corpus (`shared/corpus/{cash,tour}/Stars`) and
//! against hand-written lines that are easy to get wrong.
//!
//! The corpus tests read the files as an importer would: decode, normalise, split, parse.

mod common;

use std::collections::BTreeMap;

use common::*;
use fpdb_core::cards::Card;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;
use fpdb_core::{parse_history, parse_one, HandResult};

const SITE: &str = "PokerStars";
const DIRS: &[&str] = &["cash/Stars", "tour/Stars"];

// ---------------------------------------------------------------------------------------------
// Every file
// ---------------------------------------------------------------------------------------------

/// Files that do not hold exactly one complete hand: (file, parsed, cancelled, unfinished).
/// The counts of the first group are those semantics.md §5.6 lists for fpdb.
const COUNTS: &[(&str, usize, usize, usize)] = &[
    ("cash/Stars/Draw/Badugi-USD-0.25-0.50-201009.txt", 4, 0, 0),
    ("cash/Stars/Flop/NLHE-2max-USD-0.25-0.50-201005.Hitnrun.txt", 6, 0, 0),
    ("cash/Stars/Flop/NLHE-6max-EUR-0.05-0.10-200911.txt", 69, 0, 0),
    ("cash/Stars/Flop/NLHE-6max-USD-0.05-0.10-200911.txt", 78, 0, 0),
    ("cash/Stars/Flop/NLHE-FR-USD-0.01-0.02-201005.microgrind.txt", 96, 0, 0),
    (
        "cash/Stars/Flop/NLHE-6max-USD-0.01-0.02-201101.Export.from.PT.or.HEM.trailing.whitespace.txt",
        2,
        0,
        0,
    ),
    ("cash/Stars/Flop/PLO-FR-USD-0.01-0.02-201006.sidepots.txt", 3, 0, 0),
    ("cash/Stars/Flop/PLO8-6max-USD-0.01-0.02-200911.txt", 15, 0, 0),
    ("cash/Stars/Stud/7-Stud-USD-0.04-0.08-200911.txt", 11, 0, 0),
    ("cash/Stars/Stud/Razz-USD-0.04-0.08-200911.txt", 9, 0, 0),
    ("cash/Stars/Draw/3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt", 0, 1, 0),
    ("cash/Stars/Flop/LO8-6max-USD-0.05-0.10-20090315.Hand-cancelled.txt", 0, 1, 0),
    // A cancelled hand, a complete one, and one cut off after its table name.
    ("cash/Stars/Flop/PLO-6max-USD-200-400-201510.partial.observed.txt", 1, 1, 1),
    ("tour/Stars/Draw/LBad-USD-MTT8-201011.txt", 78, 0, 0),
    ("tour/Stars/Flop/LHE-FR-FPP-20100710.txt", 40, 0, 0),
    ("tour/Stars/Flop/NLHE-6max-STT-play-1000-201605.FullTilt.txt", 23, 0, 0),
    // Two hands cut off mid-line by the next hand's header.
    ("tour/Stars/Flop/NLHE-9max-Freeroll-MTT-201209.concatenated.partial.txt", 60, 0, 2),
    ("tour/Stars/Flop/NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt", 32, 0, 0),
    ("tour/Stars/Flop/NLHE-USD-MTT-1-KO.201008.txt", 211, 0, 0),
    ("tour/Stars/Mixed/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt", 137, 0, 0),
];

#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
struct Tally {
    parsed: usize,
    cancelled: usize,
    unfinished: usize,
}

/// Why a Stars hand may fail: the room cancelled it, or it was cut off before its summary (or
/// the text is a tournament summary, not a hand).
fn expected_failure(_: &str, e: &fpdb_core::error::ParseError) -> Option<&'static str> {
    match e.kind {
        ErrorKind::Cancelled => Some("cancelled by the room"),
        ErrorKind::Unfinished => Some("cut off before its summary"),
        ErrorKind::NotAHandHistory if e.message.contains("summary") => Some("a tournament summary"),
        _ => None,
    }
}

/// Every Stars file parses (the hands of every site that writes the format are read as theirs);
/// the only failures are the hands the room cancelled and the hands cut off before their
/// summary.
#[test]
fn every_stars_file_parses() {
    let counts = parse_every_file(DIRS, 30, |_| None, expected_failure);
    let mut totals: BTreeMap<&str, Tally> = BTreeMap::new();
    for c in &counts {
        let kinds = |k: ErrorKind| c.failed.iter().filter(|(e, _)| e.kind == k).count();
        let t = Tally {
            parsed: c.parsed,
            cancelled: kinds(ErrorKind::Cancelled),
            unfinished: kinds(ErrorKind::Unfinished),
        };
        let expected = COUNTS
            .iter()
            .find(|x| x.0 == c.rel)
            .map(|&(_, parsed, cancelled, unfinished)| Tally {
                parsed,
                cancelled,
                unfinished,
            })
            .unwrap_or(Tally {
                parsed: 1,
                cancelled: 0,
                unfinished: 0,
            });
        assert_eq!(t, expected, "{}", c.rel);
        let total = totals.entry(c.dir).or_default();
        total.parsed += t.parsed;
        total.cancelled += t.cancelled;
        total.unfinished += t.unfinished;
    }
    println!("{totals:?}");
    assert_eq!(
        totals["cash/Stars"],
        Tally {
            parsed: 362,
            cancelled: 3,
            unfinished: 1
        }
    );
    assert_eq!(
        totals["tour/Stars"],
        Tally {
            parsed: 611,
            cancelled: 0,
            unfinished: 2
        }
    );
}

/// No other room's file is read as a PokerStars hand.
#[test]
fn other_rooms_are_not_stars() {
    other_rooms_are_not(SITE, DIRS);
}

/// Whom an uncalled bet goes back to: whoever made the last bet of its street (the big blind
/// or the bring-in when nobody bet; posts are all on street -1, so the biggest poster then).
fn last_bettor(h: &Hand, r: &Returned) -> Option<PlayerIdx> {
    let last = h
        .actions
        .iter()
        .rev()
        .filter(|a| a.street == r.street || (r.street == 0 && a.street == POSTS))
        .find(|a| {
            a.kind.is_aggressive()
                || a.kind == ActionKind::BringIn
                || (a.kind.is_post() && a.kind != ActionKind::Ante)
        })?;
    if last.street == POSTS {
        h.actions
            .iter()
            .filter(|a| a.street == POSTS && a.kind != ActionKind::Ante)
            .max_by_key(|a| a.amount)
            .map(|a| a.player)
    } else {
        Some(last.player)
    }
}

const RULES: Rules = Rules {
    added_money: true,
    cash_outs: true,
    max_rake_percent: Some(20),
    last_bettor: Some(last_bettor),
};

/// Money adds up in every hand: what was put in (less what came back) is the pot, and the pot is
/// what the players took plus what the room took; each uncalled bet goes back to the last
/// bettor of its street; the derived statistics agree.
#[test]
fn money_adds_up_in_every_hand() {
    let hands = all_hands(DIRS);
    money_adds_up(&hands, RULES, &[]);
    statistics_agree(&hands, &[]);
}

/// Facts every hand must have.
#[test]
fn every_hand_is_complete() {
    for (rel, h) in all_hands(DIRS) {
        let id = format!("{rel} #{}", h.site_hand_no);
        assert!(h.players.len() >= 2, "{id}: players");
        assert!(h.start_time.timestamp() > 1_100_000_000, "{id}: date");
        assert!(!h.table_name.is_empty(), "{id}: table");
        assert!(h.game.big_blind > 0, "{id}: big blind");
        assert_eq!(h.game.small_bet, h.game.big_blind, "{id}");
        assert_eq!(h.game.big_bet, 2 * h.game.big_blind, "{id}");
        let size = h.game.category.hand_size();
        for p in &h.players {
            assert!(
                p.cards.is_empty() || p.cards.len() == size,
                "{id}: {} cards",
                p.name
            );
            assert!(
                p.draws.iter().all(|d| d.len() == size),
                "{id}: {} draws",
                p.name
            );
        }
        if let Some(hero) = h.hero {
            assert!(
                h.players[hero].cards.iter().any(|c| c.is_known()),
                "{id}: hero without cards"
            );
        }
        match h.game.base {
            Base::Hold => {
                assert!(h.boards.iter().all(|b| b.len() <= 5), "{id}: board");
                if h.actions.iter().any(|a| a.street >= 1) {
                    assert!(
                        !h.boards.is_empty(),
                        "{id}: post-flop action without a board"
                    );
                }
                let runs = h.boards.len() > 1;
                assert_eq!(runs, h.run_it_twice || h.game.split_board, "{id}: boards");
            }
            _ => assert!(h.boards.is_empty(), "{id}: board in a stud/draw game"),
        }
        match h.game.kind {
            GameKind::Tour => {
                let t = h.tournament.as_ref().expect("tournament facts");
                assert_eq!(h.game.currency, "T$", "{id}");
                assert!(t.table_no.is_some(), "{id}: table number");
                // "<tournament> <table>" (one file has a typo in the tournament number).
                assert!(h.table_name.contains(' '), "{id}: {}", h.table_name);
            }
            GameKind::Ring => assert!(h.tournament.is_none(), "{id}"),
        }
        let mut seats: Vec<u8> = h.players.iter().map(|p| p.seat).collect();
        seats.dedup();
        assert_eq!(seats.len(), h.players.len(), "{id}: seats not in order");
    }
}

// ---------------------------------------------------------------------------------------------
// Sidecars: what fpdb stored for the first hand of some files
// ---------------------------------------------------------------------------------------------

/// The card columns fpdb writes: hole cards (flop games), seven slots (stud), five-card blocks
/// for the deal and each draw (draw games; badugi uses four of the five).
fn card_columns(h: &Hand, p: &Player) -> Vec<i64> {
    let mut cols = vec![0i64; 20];
    let code = |c: &Card| i64::from(c.code());
    match h.game.base {
        Base::Draw => {
            for (block, hand) in std::iter::once(&p.cards).chain(&p.draws).enumerate() {
                for (i, c) in hand.iter().enumerate() {
                    if let Some(slot) = cols.get_mut(block * 5 + i) {
                        *slot = code(c);
                    }
                }
            }
        }
        _ => {
            for (i, c) in p.cards.iter().enumerate() {
                cols[i] = code(c);
            }
        }
    }
    cols
}

#[test]
fn first_hands_match_the_hp_sidecars() {
    let mut checked = 0;
    for dir in DIRS {
        for rel in files(dir) {
            let Some(hp) = sidecar(&rel, "hp.json") else {
                continue;
            };
            let h = first_hand(&rel);
            let money_scale = if h.game.kind == GameKind::Tour {
                100
            } else {
                1
            };
            let hp = hp.as_object().unwrap();
            assert_eq!(hp.len(), h.players.len(), "{rel}: players");
            for (name, row) in hp {
                let p = h
                    .players
                    .iter()
                    .find(|p| &p.name == name)
                    .unwrap_or_else(|| panic!("{rel}: no player {name}"));
                assert_eq!(
                    row["seatNo"].as_i64(),
                    Some(i64::from(p.seat)),
                    "{rel} {name}"
                );
                assert_eq!(
                    row["startCash"].as_i64().unwrap() / money_scale,
                    p.stack,
                    "{rel} {name}: stack"
                );
                let expected: Vec<i64> = (1..=20)
                    .map(|i| row[format!("card{i}")].as_i64().unwrap())
                    .collect();
                assert_eq!(card_columns(&h, p), expected, "{rel} {name}: cards");
                assert_eq!(row["sitout"].as_bool(), Some(p.sitting_out), "{rel} {name}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 5, "only {checked} .hp sidecars found");
}

#[test]
fn first_hands_match_the_hands_sidecars() {
    let mut checked = 0;
    for dir in DIRS {
        for rel in files(dir) {
            let Some(hands) = sidecar(&rel, "hands.json") else {
                continue;
            };
            let h = first_hand(&rel);
            assert_eq!(
                hands["siteHandNo"].as_str(),
                Some(h.site_hand_no.to_string().as_str()),
                "{rel}"
            );
            let start = hands["startTime"].as_str().unwrap();
            assert_eq!(
                h.start_time.format("%Y-%m-%dT%H:%M:%SZ").to_string(),
                start,
                "{rel}: start time"
            );
            assert_eq!(hands["seats"].as_u64(), h.max_seats.map(u64::from), "{rel}");
            let board: Vec<i64> = (1..=5)
                .map(|i| hands[format!("boardcard{i}")].as_i64().unwrap())
                .collect();
            let ours: Vec<i64> = (0..5)
                .map(|i| {
                    h.boards
                        .first()
                        .and_then(|b| b.get(i))
                        .map_or(0, |c| i64::from(c.code()))
                })
                .collect();
            assert_eq!(ours, board, "{rel}: board");
            checked += 1;
        }
    }
    assert!(checked >= 2, "only {checked} .hands sidecars found");
}

#[test]
fn first_hands_match_the_gt_sidecars() {
    let mut checked = 0;
    for dir in DIRS {
        for rel in files(dir) {
            let Some(gt) = sidecar(&rel, "gt.json") else {
                continue;
            };
            let h = first_hand(&rel);
            let g = &h.game;
            let gt = gt.as_array().unwrap();
            let money_scale = if g.kind == GameKind::Tour { 100 } else { 1 };
            let money = |i: usize| gt[i].as_i64().unwrap() / money_scale;
            assert_eq!(gt[1].as_str(), Some(g.currency.as_str()), "{rel}: currency");
            assert_eq!(gt[2].as_str(), Some(g.kind.as_str()), "{rel}: type");
            assert_eq!(gt[3].as_str(), Some(g.base.as_str()), "{rel}: base");
            assert_eq!(gt[4].as_str(), Some(g.category.as_str()), "{rel}: category");
            assert_eq!(gt[5].as_str(), Some(g.limit_type.as_str()), "{rel}: limit");
            assert_eq!(gt[6].as_str(), Some(g.hi_lo.as_str()), "{rel}: hilo");
            assert_eq!(
                gt[7].as_str(),
                Some(g.mix.as_deref().unwrap_or("none")),
                "{rel}"
            );
            // The model has no small blind in stud (the bring-in is not a blind); fpdb writes
            // half the small bet there.
            if g.base != Base::Stud {
                assert_eq!(money(8), g.small_blind, "{rel}: small blind");
            }
            assert_eq!(money(9), g.big_blind, "{rel}: big blind");
            assert_eq!(money(10), g.small_bet, "{rel}: small bet");
            assert_eq!(money(11), g.big_bet, "{rel}: big bet");
            assert_eq!(gt[12].as_u64(), h.max_seats.map(u64::from), "{rel}: seats");
            assert_eq!(money(13), g.ante, "{rel}: ante");
            assert_eq!(gt[15].as_bool(), Some(g.fast), "{rel}: fast");
            checked += 1;
        }
    }
    assert!(checked >= 3, "only {checked} .gt sidecars found");
}

// ---------------------------------------------------------------------------------------------
// Particular files
// ---------------------------------------------------------------------------------------------

#[test]
fn cash_hold_em_hand() {
    let h = first_hand("cash/Stars/Flop/NLHE-FR-USD-0.01-0.02-201004.4betPF.txt");
    assert_eq!(h.site, "PokerStars");
    assert_eq!(h.site_hand_no, 42_738_187_409);
    assert_eq!(h.table_name, "Circinus V");
    assert_eq!((h.max_seats, h.button_seat), (Some(9), Some(4)));
    assert_eq!(h.start_time.to_rfc3339(), "2010-04-16T10:14:06+00:00");
    let g = &h.game;
    assert_eq!(
        (g.small_blind, g.big_blind, g.currency.as_str()),
        (1, 2, "USD")
    );
    assert_eq!(h.hero, Some(idx(&h, "Hero")));
    assert_eq!(by_name(&h, "Hero").cards, cards("3d Ks"));
    assert_eq!(by_name(&h, "Player4").cards, cards("As Qs"));
    assert!(by_name(&h, "Player4").shown);
    assert_eq!(h.boards, vec![cards("7c Ac 6s 5d Qh")]);
    assert_eq!((h.total_pot, h.rake), (289, 10));
    let p4 = idx(&h, "Player4");
    assert_eq!(h.collections.len(), 1);
    assert_eq!(
        (h.collections[0].player, h.collections[0].amount),
        (p4, 279)
    );
    // "raises $1.07 to $1.31 and is all-in": the raise puts in 1.31 - 0.08.
    let allin = h
        .actions
        .iter()
        .find(|a| a.player == p4 && a.all_in)
        .unwrap();
    assert_eq!(
        (allin.kind, allin.amount, allin.raise_to),
        (ActionKind::Raise, 123, Some(131))
    );
}

#[test]
fn run_it_twice_and_double_board() {
    let h = first_hand("cash/Stars/Flop/NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt");
    assert!(h.run_it_twice && !h.game.split_board);
    assert_eq!(h.game.currency, "EUR");
    assert_eq!(
        h.boards,
        vec![cards("Js 9h Jh Qs 2d"), cards("Js 9h Jh Qs 5h")]
    );
    let hero = idx(&h, "Hero");
    let got: Vec<(PlayerIdx, Money, u8)> = h
        .collections
        .iter()
        .map(|c| (c.player, c.amount, c.board))
        .collect();
    assert_eq!(got, vec![(hero, 11159, 0), (hero, 11158, 1)]);
    assert!(by_name(&h, "Player1").mucked);
    assert_eq!(by_name(&h, "Player1").cards, cards("9s Ah"));

    let h = first_hand("cash/Stars/Flop/NLHE-Split-6max-USD-1.00-2.00-201803.txt");
    assert!(h.game.split_board && !h.run_it_twice);
    assert_eq!(h.boards.len(), 2);
    let won: Vec<(PlayerIdx, u8)> = h.collections.iter().map(|c| (c.player, c.board)).collect();
    assert_eq!(won, vec![(idx(&h, "Player1"), 0), (idx(&h, "Player2"), 1)]);

    let h =
        first_hand("cash/Stars/Flop/PL-Courchevel-HL-6max-USD-1.00-2.00-201303.Run.It.Twice.txt");
    assert_eq!(h.game.category, Category::CourchevelHiLo);
    assert!(h.run_it_twice);
    assert_eq!(h.boards[0], cards("7h 5d 3s 7s Ts"));
    assert_eq!(h.boards[1], cards("7h 5d 3s 2s 4h"));
    assert_eq!(h.collections.len(), 5);
}

#[test]
fn courchevel_board_from_the_summary() {
    let h = first_hand("cash/Stars/Flop/PL-Courchevel-6max-USD-0.50-1.00-201604.weird.board.txt");
    assert_eq!(h.boards, vec![cards("2s 3d 3c 8d 6s")]);
    assert_eq!(by_name(&h, "Hero").cards.len(), 5);
}

#[test]
fn cash_outs() {
    let h = first_hand("cash/Stars/Flop/2025-NL-6max-USD-0.05-0.10.cashout.txt");
    let p3 = idx(&h, "Player3");
    assert_eq!(
        h.cash_outs,
        vec![CashOut {
            player: p3,
            amount: 2277,
            fee: 46
        }]
    );
    // He lost anyway: the pot went to Player1, nothing was kept back.
    assert_eq!(h.cashed_out_pot, 0);
    assert_eq!(h.returned[0].player, p3);

    let h = first_hand("cash/Stars/Flop/6+Holdem-6max-USD-0.25-0.25.multiple.Cash.Out.txt");
    assert_eq!(h.cash_outs.len(), 2);
    // The winner had cashed out: "pot not awarded".
    assert!(h.collections.is_empty());
    assert_eq!(h.cashed_out_pot, 7168);
    assert_eq!((h.total_pot, h.rake), (7368, 200));
    // 6+ Hold'em: button blind, antes, no small blind.
    let g = &h.game;
    assert_eq!(g.category, Category::SixPlusHoldem);
    assert_eq!((g.small_blind, g.big_blind, g.ante), (0, 25, 25));
    assert_eq!(h.actions[0].kind, ActionKind::ButtonBlind);
}

#[test]
fn stud_cards_in_dealing_order() {
    let h = first_hand("cash/Stars/Stud/7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt");
    let g = &h.game;
    assert_eq!(
        (g.category, g.limit_type, g.small_blind, g.big_blind, g.ante),
        (Category::StudHi, LimitType::FixedLimit, 0, 4, 1)
    );
    assert_eq!(h.button_seat, None);
    assert!(h.boards.is_empty());
    // Eight players: the seventh card is a community card ("*** RIVER *** [6h]").
    assert_eq!(by_name(&h, "Player3").cards, cards("7s Qs 6c 7h 3s Qh 6h"));
    let hero = by_name(&h, "Hero");
    assert_eq!(hero.cards, cards("Ac Kc 8c 9c 9d Th 6h"));
    let p2 = by_name(&h, "Player2");
    assert_eq!(p2.cards[..2], [Card::UNKNOWN, Card::UNKNOWN]);
    assert_eq!(p2.cards[2..], cards("Tc 7d 8d 3c 6h")[..]);
    assert_eq!(h.actions[8].kind, ActionKind::BringIn);

    // Stars prints the completion of a bring-in as a raise.
    let h = first_hand("cash/Stars/Stud/7-StudHL-USD-400-800-201701.3bet.fix.txt");
    assert_eq!(h.game.mix.as_deref(), Some("8game"));
    let kinds: Vec<ActionKind> = h.actions.iter().map(|a| a.kind).collect();
    assert_eq!(
        kinds[2..7],
        [
            ActionKind::BringIn,
            ActionKind::Complete,
            ActionKind::Raise,
            ActionKind::Raise,
            ActionKind::Call
        ]
    );
    assert_eq!(h.actions[3].raise_to, Some(40000));
}

#[test]
fn draw_games() {
    let h = first_hand("cash/Stars/Draw/Badugi-USD-0.25-0.50-201009.txt");
    let hero = by_name(&h, "Hero");
    assert_eq!(hero.cards, cards("As 3h 8h 6s"));
    assert_eq!(hero.draws, vec![cards("As 3h 5h Ks")]);
    let b = by_name(&h, "buddyboy3399");
    assert_eq!(b.draws.len(), 3);
    assert_eq!(b.draws[2], cards("8s 3d Ac 4h"));
    let d = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::Discard)
        .unwrap();
    assert_eq!((d.street, d.discards), (1, Some(1)));

    // Single draw: no "*** DRAW ***" line, the first discard starts the draw.
    let h = first_hand("cash/Stars/Draw/5-Carddraw-PL-USD-0.50-1.00.201009.Sample.txt");
    let hero = by_name(&h, "Hero");
    assert_eq!(hero.cards, cards("6s Jh 7d 2h 3s"));
    assert_eq!(hero.draws, vec![cards("6s 7d 2h 3s Qs")]);
    let discard = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::Discard && a.player == idx(&h, "Hero"))
        .unwrap();
    assert_eq!((discard.street, discard.cards.clone()), (1, cards("Jh")));
    assert_eq!(h.actions.last().unwrap().street, 1);
}

#[test]
fn tournaments() {
    let h = first_hand("tour/Stars/Flop/PLO-USD-MTT-3-201201.Sample.txt");
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(t.tourney_no, 492_967_531);
    assert_eq!(
        (t.buyin, t.fee, t.bounty, t.currency.as_str()),
        (300, 30, 0, "USD")
    );
    assert_eq!(
        (t.level.as_deref(), t.table_no.as_deref()),
        (Some("I"), Some("1"))
    );
    assert_eq!(h.table_name, "492967531 1");
    assert_eq!((h.game.small_blind, h.game.big_blind), (10, 20));

    // Knockout: buy-in + bounty + fee, the buy-in counts the bounty.
    let h = first_hand("tour/Stars/Flop/NLHE-USD-MTT-1-KO.201008.txt");
    let t = h.tournament.as_ref().unwrap();
    assert_eq!((t.buyin, t.bounty, t.fee), (125, 25, 15));

    let h = first_hand(
        "tour/Stars/Flop/5-Card-PLO-6max-MTT-USD-12.30-12.25-2.45-201611.progressive.won.txt",
    );
    let t = h.tournament.as_ref().unwrap();
    let places: Vec<(u32, Option<Money>)> = t.results.iter().map(|f| (f.place, f.prize)).collect();
    assert_eq!(places, vec![(2, Some(14151)), (1, Some(23036))]);
    assert_eq!(by_name(&h, "Hero").bounty, Some(13543));

    let h = first_hand("tour/Stars/Flop/NLHE-9max-Freeroll-MTT-201209.concatenated.partial.txt");
    assert_eq!(h.tournament.as_ref().unwrap().currency, "FREE");

    let h = first_hand("tour/Stars/Flop/LHE-FR-FPP-20100710.txt");
    let t = h.tournament.as_ref().unwrap();
    assert_eq!((t.buyin, t.currency.as_str()), (5000, "FPP"));
    // Fixed limit (20/40): the blinds are 10/20.
    assert_eq!((h.game.small_blind, h.game.big_blind), (10, 20));

    let rebuys = parse_file("tour/Stars/Flop/NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt");
    assert!(rebuys
        .iter()
        .flatten()
        .any(|h| h.tournament.as_ref().unwrap().rebuy));

    let h = first_hand("tour/Stars/Flop/NLHE-9max-MTT-INR-136.50-13.50-201901.txt");
    let t = h.tournament.as_ref().unwrap();
    assert_eq!((t.buyin, t.fee, t.currency.as_str()), (13650, 1350, "INR"));
    assert_eq!(t.results[0].prize, Some(152_035));
    assert_eq!(h.start_time.to_rfc3339(), "2018-12-13T11:50:46+00:00");

    let h = first_hand("tour/Stars/Flop/NLHE-9max-MTT-USD-3-201407.Zoom.txt");
    assert!(h.game.fast);

    let h = first_hand("tour/Stars/Mixed/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt");
    assert!(h.game.home_game);
    assert_eq!(h.game.mix.as_deref(), Some("8game"));
    assert_eq!(h.tournament.as_ref().unwrap().currency, "play");

    // Tournament numbers keep their last 18 digits.
    let h = first_hand("tour/Stars/Flop/PLO8-6max-USD-11-1-202105.Chico.Converted.txt");
    assert_eq!(
        h.tournament.as_ref().unwrap().tourney_no,
        272_685_271_857_837_393
    );
}

#[test]
fn other_rooms_in_stars_format() {
    let cases = [
        (
            "cash/Stars/Flop/NLHE-6max-EUR-0.02-0.04-201902.RIO.txt",
            "Run It Once",
            "EUR",
        ),
        (
            "cash/Stars/Flop/NLHE-6max-USD-0.50-1.00-202103.PokerBros.txt",
            "PokerBros",
            "USD",
        ),
        (
            "cash/Stars/Flop/NLHE-8max-CNY-2.00-4.00-201903.elitehud.txt",
            "PokerMaster",
            "CNY",
        ),
        (
            "cash/Stars/Flop/NLHE-6max-play-25-50-201605.FullTilt.Rush.txt",
            "Full Tilt Poker",
            "play",
        ),
        (
            "cash/Stars/Flop/NLHE-9max-play-1-2-201201.Home.Game.txt",
            "PokerStars",
            "play",
        ),
        (
            "tour/Stars/Flop/NLHE-3max-EUR-5.00-202102.RIO.cub3d.txt",
            "Run It Once",
            "T$",
        ),
    ];
    for (rel, site, currency) in cases {
        let h = first_hand(rel);
        assert_eq!(h.site, site, "{rel}");
        assert_eq!(h.game.currency, currency, "{rel}");
    }
    // Run It Once prints minutes only, in UTC with the CET time in brackets.
    let h = first_hand("cash/Stars/Flop/NLHE-6max-EUR-0.02-0.04-201902.RIO.txt");
    assert_eq!(h.start_time.to_rfc3339(), "2019-02-08T15:19:00+00:00");
    assert_eq!(h.max_seats, Some(6));
    // PokerMaster prints the straddle as a second, larger big blind.
    let h =
        first_hand("cash/Stars/Flop/NLHE-9-max-USD-2.00-4.00-201901.PokerMaster.w.Straddle.txt");
    assert_eq!(h.start_time.to_rfc3339(), "2019-01-03T11:48:00+00:00");
    let straddle = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::Straddle)
        .unwrap();
    assert_eq!(straddle.amount, 800);
    assert_eq!(h.players[0].name, "身轻如燕");
    // Run It Once added money to the pot.
    let h = first_hand("cash/Stars/Flop/NLHE-6max-EUR-0.05-0.10-201906.RIO.STP.txt");
    assert_eq!((h.pot_added, h.total_pot, h.rake), (50, 75, 4));
    // Its "[hero]" mark.
    let h = first_hand("tour/Stars/Flop/NLHE-3max-EUR-5.00-202102.RIO.cub3d.txt");
    assert_eq!(h.hero, Some(idx(&h, "InvesThor")));
    // The raise-to total Run It Once printed too small; the call after it tells the truth.
    let h = first_hand("cash/Stars/Flop/PLO-6max-EUR-1.00-2.00-201902.RIO.raiseTo.bug.txt");
    let raise = &h.actions[8];
    assert_eq!((raise.amount, raise.raise_to), (6800, Some(7500)));
}

#[test]
fn old_and_exported_formats() {
    // "2009/10/12 - 23:45:12 (ET)" and no ISO code; the exporter printed the pot after rake.
    let h = first_hand("cash/Stars/Flop/NLHE-10max-USD-1.00-2.00-200910.HM1.export.raiseTo.txt");
    assert_eq!(h.start_time.to_rfc3339(), "2009-10-13T03:45:12+00:00");
    assert_eq!((h.total_pot, h.rake), (1300, 65));
    // No "Uncalled bet" line: the bet nobody called comes back anyway.
    assert_eq!(h.returned.len(), 1);
    assert_eq!(h.returned[0].amount, 750);

    let h = first_hand("cash/Stars/Flop/NLHE-6max-USD-2.00-4.00.PT2.export.txt");
    assert_eq!(h.game.category, Category::Holdem);
    assert_eq!(h.hero, Some(idx(&h, "CripsTruces")));

    // Stars' archive format: a banner and one space before every line.
    let h = first_hand("cash/Stars/Flop/NLHE-6max-USD-0.01-0.02-201301.zoom.archive.format.txt");
    assert!(h.game.fast);
    assert_eq!(h.players.len(), 6);
    assert_eq!(h.table_name, "Halley");

    // Old heads-up walk: the big blind was also the button, no uncalled line.
    let h = first_hand("cash/Stars/Flop/LHE-USD-1.00-200508.BB.and.Button.same.player.txt");
    assert_eq!((h.game.small_blind, h.game.big_blind), (50, 100));
    assert_eq!(h.returned[0].amount, 50);

    // Capped no-limit.
    let h = first_hand("cash/Stars/Flop/NLHE-CAP-9max-USD-0.25-0.50-201011.Capped.preflop.txt");
    assert_eq!(h.game.limit_type, LimitType::CapNoLimit);

    let h = first_hand("tour/Stars/Flop/PLNL-USD-STT-200-201209.txt");
    assert_eq!(h.game.limit_type, LimitType::PotNoLimit);
}

// ---------------------------------------------------------------------------------------------
// Tricky lines
// ---------------------------------------------------------------------------------------------

const HEADER: &str = "PokerStars Hand #1234567890:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/05/05 16:31:20 CET [2020/05/05 10:31:20 ET]";

fn hand(lines: &[&str]) -> HandResult {
    let mut text = String::from(HEADER);
    for l in lines {
        text.push('\n');
        text.push_str(l);
    }
    parse_one(&text)
}

fn ok(lines: &[&str]) -> Hand {
    hand(lines).unwrap_or_else(|e| panic!("{}", e.full_message()))
}

#[test]
fn names_with_spaces_colons_brackets_and_other_scripts() {
    let h = ok(&[
        "Table 'Test' 6-max Seat #1 is the button",
        "Seat 1: Mr: Smith ($1 in chips)",
        "Seat 2: 张 三 ($2 in chips)",
        "Seat 3: PC [Mittel] ($3 in chips)",
        "Seat 4: Mr ($1 in chips)",
        "张 三: posts small blind $0.01",
        "PC [Mittel]: posts big blind $0.02",
        "*** HOLE CARDS ***",
        "Dealt to PC [Mittel] [Ah Kd]",
        "Mr: folds",
        "Mr: Smith: raises $0.04 to $0.06",
        "Mr: Smith said, \"Mr: folds\"",
        "张 三: calls $0.05",
        "PC [Mittel]: folds",
        "*** FLOP *** [2c 3d 4h]",
        "张 三: checks",
        "Mr: Smith: bets $0.10",
        "张 三: folds",
        "Uncalled bet ($0.10) returned to Mr: Smith",
        "Mr: Smith collected $0.14 from pot",
        "*** SUMMARY ***",
        "Total pot $0.14 | Rake $0",
        "Board [2c 3d 4h]",
        "Seat 1: Mr: Smith (button) collected ($0.14)",
        "Seat 2: 张 三 (small blind) folded on the Flop",
        "Seat 3: PC [Mittel] (big blind) folded before Flop",
        "Seat 4: Mr folded before Flop (didn't bet)",
    ]);
    let smith = idx(&h, "Mr: Smith");
    assert_eq!(h.hero, Some(idx(&h, "PC [Mittel]")));
    assert_eq!(by_name(&h, "PC [Mittel]").cards, cards("Ah Kd"));
    let mr = idx(&h, "Mr");
    assert_eq!(
        h.actions.iter().filter(|a| a.player == mr).count(),
        1,
        "chat is not an action"
    );
    assert_eq!(h.actions[3].player, smith);
    assert_eq!(h.actions[3].amount, 6);
    assert_eq!(h.returned[0].player, smith);
    assert_eq!(h.collections[0].player, smith);
    assert_eq!(h.max_seats, Some(6));
}

const SEATS: &[&str] = &[
    "Table 'Test' 6-max Seat #1 is the button",
    "Seat 1: Alice ($1 in chips)",
    "Seat 2: Bob ($2 in chips)",
    "Seat 3: Carol ($3 in chips) is sitting out",
];

fn seated(body: &[&'static str]) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = SEATS.to_vec();
    v.extend_from_slice(body);
    v
}

#[test]
fn all_in_cap_disconnect_and_muck_lines() {
    let h = ok(&seated(&[
        "Alice: posts small blind $0.01",
        "Bob: posts big blind $0.02",
        "Carol: sits out",
        "*** HOLE CARDS ***",
        "Alice: raises $0.98 to $1 and is all-in",
        "Bob: raises $1 to $2 and has reached the $2 cap",
        "Bob is disconnected",
        "Uncalled bet ($1) returned to Bob",
        "*** FLOP *** [2c 3d 4h]",
        "*** TURN *** [2c 3d 4h] [5s]",
        "*** RIVER *** [2c 3d 4h 5s] [6s]",
        "*** SHOW DOWN ***",
        "Alice: shows [Ah Ad] (a straight, Two to Six)",
        "Bob: mucks hand",
        "Alice collected $2 from pot",
        "Bob: doesn't show hand",
        "*** SUMMARY ***",
        "Total pot $2 | Rake $0",
        "Board [2c 3d 4h 5s 6s]",
        "Seat 1: Alice (button) (small blind) showed [Ah Ad] and won ($2) with a straight, Two to Six",
        "Seat 2: Bob (big blind) mucked [Kc Kd]",
    ]));
    let (alice, bob) = (idx(&h, "Alice"), idx(&h, "Bob"));
    let a = &h.actions[2];
    assert_eq!(
        (a.player, a.amount, a.raise_to, a.all_in),
        (alice, 99, Some(100), true)
    );
    let b = &h.actions[3];
    assert_eq!((b.player, b.amount, b.raise_to), (bob, 198, Some(200)));
    assert_eq!(h.returned[0].amount, 100);
    assert!(by_name(&h, "Alice").shown && !by_name(&h, "Alice").mucked);
    assert!(by_name(&h, "Bob").mucked && !by_name(&h, "Bob").shown);
    assert_eq!(by_name(&h, "Bob").cards, cards("Kc Kd"));
    assert!(by_name(&h, "Carol").sitting_out);
    assert_eq!(h.collections[0].player, alice);
}

#[test]
fn disconnected_fold_and_cards_shown_when_folding() {
    let h = ok(&seated(&[
        "Alice: posts small blind $0.01",
        "Bob: posts big blind $0.02",
        "*** HOLE CARDS ***",
        "Alice: folds (disconnect)",
        "Bob: folds [Qs]",
        "Uncalled bet ($0.01) returned to Bob",
        "Bob collected $0.02 from pot",
        "*** SUMMARY ***",
        "Total pot $0.02 | Rake $0",
        "Seat 1: Alice (small blind) folded before Flop",
        "Seat 2: Bob (big blind) collected ($0.02)",
    ]));
    assert_eq!(h.actions[2].kind, ActionKind::Fold);
    assert_eq!(by_name(&h, "Bob").cards, vec![card("Qs"), Card::UNKNOWN]);
}

#[test]
fn cash_out_lines() {
    let h = ok(&seated(&[
        "Alice: posts small blind $0.01",
        "Bob: posts big blind $0.02",
        "*** HOLE CARDS ***",
        "Alice: raises $0.98 to $1 and is all-in",
        "Bob: calls $0.98",
        "*** FLOP *** [2c 3d 4h]",
        "*** TURN *** [2c 3d 4h] [5s]",
        "*** RIVER *** [2c 3d 4h 5s] [6s]",
        "*** SHOW DOWN ***",
        "Alice: shows [Ah Ad] (a pair of Aces)",
        "Bob: shows [Kh Kd] (a pair of Kings)",
        "Alice cashed out the hand for $1.60 | Cash Out Fee $0.02",
        "*** SUMMARY ***",
        "Total pot $2 | Rake $0.10",
        "Board [2c 3d 4h 5s 6s]",
        "Seat 1: Alice (small blind) showed [Ah Ad] and won ($1.90) with a pair of Aces (pot not awarded as player cashed out)",
        "Seat 2: Bob (big blind) showed [Kh Kd] and lost with a pair of Kings",
    ]));
    assert_eq!(
        h.cash_outs,
        vec![CashOut {
            player: idx(&h, "Alice"),
            amount: 160,
            fee: 2
        }]
    );
    assert!(h.collections.is_empty());
    assert_eq!((h.cashed_out_pot, h.rake, h.total_pot), (190, 10, 200));
}

#[test]
fn run_it_twice_summary_lines() {
    let h = ok(&seated(&[
        "Alice: posts small blind $0.01",
        "Bob: posts big blind $0.02",
        "*** HOLE CARDS ***",
        "Alice: raises $0.98 to $1 and is all-in",
        "Bob: calls $0.98",
        "*** FIRST FLOP *** [2c 3d 4h]",
        "*** FIRST TURN *** [2c 3d 4h] [5s]",
        "*** FIRST RIVER *** [2c 3d 4h 5s] [6s]",
        "*** SECOND FLOP *** [7c 8d 9h]",
        "*** SECOND TURN *** [7c 8d 9h] [Ts]",
        "*** SECOND RIVER *** [7c 8d 9h Ts] [Js]",
        "*** FIRST SHOW DOWN ***",
        "Alice: shows [Ah Ad] (a straight)",
        "Bob: shows [Kh Kd] (a pair of Kings)",
        "Alice collected $0.95 from pot",
        "*** SECOND SHOW DOWN ***",
        "Alice: shows [Ah Ad] (a pair of Aces)",
        "Bob: shows [Kh Kd] (a straight)",
        "Bob collected $0.95 from pot",
        "*** SUMMARY ***",
        "Total pot $2 | Rake $0.10",
        "Hand was run twice",
        "FIRST Board [2c 3d 4h 5s 6s]",
        "SECOND Board [7c 8d 9h Ts Js]",
        "Seat 1: Alice (small blind) showed [Ah Ad] and won ($0.95) with a straight, and lost with a pair of Aces",
        "Seat 2: Bob (big blind) showed [Kh Kd] and lost with a pair of Kings, and won ($0.95) with a straight",
    ]));
    assert!(h.run_it_twice);
    assert_eq!(
        h.boards,
        vec![cards("2c 3d 4h 5s 6s"), cards("7c 8d 9h Ts Js")]
    );
    let got: Vec<(PlayerIdx, Money, u8)> = h
        .collections
        .iter()
        .map(|c| (c.player, c.amount, c.board))
        .collect();
    assert_eq!(got, vec![(0, 95, 0), (1, 95, 1)]);
}

#[test]
fn posts_of_every_kind() {
    let h = ok(&[
        "Table 'Test' 6-max Seat #1 is the button",
        "Seat 1: A ($5 in chips)",
        "Seat 2: B ($5 in chips)",
        "Seat 3: C ($5 in chips)",
        "Seat 4: D ($5 in chips)",
        "Seat 5: E ($5 in chips)",
        "A: posts the ante $0.01",
        "B: posts small blind $0.01",
        "C: posts big blind $0.02",
        "D: posts small & big blinds $0.03",
        "E: posts small blind $0.01",
        "A: posts straddle $0.04",
        "*** HOLE CARDS ***",
        "B: folds",
        "C: folds",
        "D: calls $0.02",
        "E: calls $0.04",
        "A: checks",
        "*** FLOP *** [2c 3d 4h]",
        "D: checks",
        "E: checks",
        "A: checks",
        "*** TURN *** [2c 3d 4h] [5s]",
        "D: checks",
        "E: checks",
        "A: checks",
        "*** RIVER *** [2c 3d 4h 5s] [6s]",
        "D: checks",
        "E: checks",
        "A: checks",
        "*** SHOW DOWN ***",
        "A: shows [Ah Ad] (a straight)",
        "D: mucks hand",
        "E: mucks hand",
        "A collected $0.18 from pot",
        "*** SUMMARY ***",
        "Total pot $0.18 | Rake $0",
        "Board [2c 3d 4h 5s 6s]",
        "Seat 1: A (button) showed [Ah Ad] and won ($0.18) with a straight",
        "Seat 2: B (small blind) folded before Flop",
        "Seat 3: C (big blind) folded before Flop",
        "Seat 4: D mucked",
        "Seat 5: E mucked",
    ]);
    let kinds: Vec<ActionKind> = h.actions.iter().take(6).map(|a| a.kind).collect();
    assert_eq!(
        kinds,
        [
            ActionKind::Ante,
            ActionKind::SmallBlind,
            ActionKind::BigBlind,
            ActionKind::BothBlinds,
            ActionKind::DeadSmallBlind,
            ActionKind::Straddle
        ]
    );
    assert!(h.actions.iter().take(6).all(|a| a.street == POSTS));
    // D's live part of "small & big blinds" is the big blind: he calls the straddle with 2 more.
    assert_eq!(h.actions[8].amount, 2);
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

fn err(lines: &[&str]) -> fpdb_core::error::ParseError {
    hand(lines).expect_err("the hand should not parse")
}

#[test]
fn errors_say_what_and_where() {
    // Cancelled, with the hand number.
    let e = err(&seated(&[
        "Alice: posts small blind $0.01",
        "Hand cancelled",
        "*** SUMMARY ***",
        "Seat 1: Alice (button) collected ($0)",
    ]));
    assert_eq!(e.kind, ErrorKind::Cancelled);
    assert_eq!(e.line, 7);
    assert_eq!(e.site_hand_no, Some(1_234_567_890));
    assert_eq!(e.line_text.as_deref(), Some("Hand cancelled"));

    // No summary.
    let e = err(&seated(&[
        "Alice: posts small blind $0.01",
        "*** HOLE CARDS ***",
    ]));
    assert_eq!(e.kind, ErrorKind::Unfinished);
    assert_eq!(e.site_hand_no, Some(1_234_567_890));

    // Two players in one seat.
    let e = err(&[
        "Table 'Test' 6-max Seat #1 is the button",
        "Seat 1: Alice ($1 in chips)",
        "Seat 1: Bob ($1 in chips)",
    ]);
    assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 4));
    assert_eq!(e.line_text.as_deref(), Some("Seat 1: Bob ($1 in chips)"));

    // An action by a player who is not seated.
    let e = err(&seated(&[
        "Alice: posts small blind $0.01",
        "*** HOLE CARDS ***",
        "Mallory: raises $1 to $2",
    ]));
    assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 8));
    assert!(e.message.contains("not in the seat list"), "{}", e.message);

    // Unreadable and huge amounts.
    let e = err(&seated(&["Alice: posts small blind $zero"]));
    assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 6));
    assert_eq!(e.message, "unreadable amount");
    let e = err(&seated(&["Alice: bets $99999999999999999999999"]));
    assert_eq!(e.kind, ErrorKind::OutOfRange);

    let e = err(&[
        "Table 'Test' 6-max Seat #1 is the button",
        "Seat 300: Alice ($1 in chips)",
    ]);
    assert_eq!((e.kind, e.line), (ErrorKind::OutOfRange, 3));

    // A hand number that does not fit.
    let e = parse_one("PokerStars Hand #99999999999999999999: Hold'em No Limit ($0.01/$0.02 USD) - 2020/05/05 10:31:20 ET\nTable 'T' 6-max Seat #1 is the button")
        .unwrap_err();
    assert_eq!((e.kind, e.line), (ErrorKind::OutOfRange, 1));

    // A game the header does not name.
    let e = parse_one("PokerStars Hand #1: Tic Tac Toe ($0.01/$0.02 USD) - 2020/05/05 10:31:20 ET")
        .unwrap_err();
    assert_eq!((e.kind, e.site_hand_no), (ErrorKind::Malformed, Some(1)));

    // Line numbers count in the whole text, across hands.
    let first = std::fs::read_to_string(
        corpus().join("cash/Stars/Flop/NLHE-FR-USD-0.01-0.02-201004.4betPF.txt"),
    )
    .unwrap();
    let first = first.trim_end();
    let text = format!(
        "{first}\n\n{HEADER}\n{}\nSeat 1: Bob ($1 in chips)",
        SEATS.join("\n")
    );
    let results: Vec<HandResult> = parse_history(&text).collect();
    assert_eq!(results.len(), 2);
    assert!(results[0].is_ok());
    let e = results[1].as_ref().unwrap_err();
    let expected = first.lines().count() + 1 + 1 + SEATS.len() + 1;
    assert_eq!((e.kind, e.line as usize), (ErrorKind::Malformed, expected));
    assert_eq!(e.site_hand_no, Some(1_234_567_890));
}

/// No input makes the parser panic: every hand of a few files, cut at every line and with every
/// line mangled.
#[test]
fn never_panics_on_damaged_hands() {
    for rel in [
        "cash/Stars/Flop/NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt",
        "cash/Stars/Flop/6+Holdem-6max-USD-0.25-0.25.multiple.Cash.Out.txt",
        "cash/Stars/Stud/7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt",
        "cash/Stars/Draw/Badugi-USD-0.25-0.50-201009.txt",
        "tour/Stars/Flop/5-Card-PLO-6max-MTT-USD-12.30-12.25-2.45-201611.progressive.won.txt",
        "cash/Stars/Flop/PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot.txt",
    ] {
        let text = read(rel);
        let lines: Vec<&str> = text.lines().take(90).collect();
        for i in 0..lines.len() {
            // Cut after line i.
            let _ = parse_history(&lines[..=i].join("\n")).count();
            // Line i removed, truncated, doubled, with its digits made huge.
            for variant in [
                String::new(),
                lines[i]
                    .chars()
                    .take(lines[i].chars().count() / 2)
                    .collect(),
                format!("{0}\n{0}", lines[i]),
                lines[i].replace(|c: char| c.is_ascii_digit(), "99999999999"),
                lines[i].replace(['[', ']', '(', ')', ':'], ""),
            ] {
                let mut v = lines.clone();
                v[i] = &variant;
                let _ = parse_history(&v.join("\n")).count();
            }
        }
    }
}

#[test]
fn headers_of_other_rooms_are_recognised_and_others_are_not() {
    use fpdb_core::parsers::room_of_header;
    for line in [
        "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/05/05 10:31:20 ET",
        "PokerStars Game #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/05/05 10:31:20 ET",
        "POKERSTARS GAME #1:  HOLD'EM NO LIMIT ($2/$4) - 2007/11/11 - 13:27:23 (ET)",
        "PokerStars Home Game Hand #1: {club} Hold'em No Limit (1/2) - 2012/01/28 20:58:29 ET",
        "PokerStars Zoom Hand #1:  Hold'em No Limit ($0.01/$0.02) - 2013/01/08 16:28:42 ET",
        " PokerStars Zoom Hand #1:  Hold'em No Limit ($0.01/$0.02) - 2013/01/08 16:28:42 ET",
        "Run It Once Poker Hand #1: Hold'em No Limit (€0.02/€0.04) - 2019/02/08 15:19 UTC",
        "PokerMaster Hand #1: Hold'em No Limit ($2/$4 USD) - 2019/01/03 11:48:00 UTC",
        "PokerBros Hand #1: Hold'em No Limit ($0.5/$1 USD) - 2021/03/19 19:51:54 UTC",
        "Full Tilt Hand #1: Tournament #1, 870+130 Hold'em No Limit - Level I (10/20) - 2016/05/20 8:25:45 ET",
        "Full Tilt Rush Hand #1:  Hold'em No Limit (25/50) - 2016/05/20 8:39:15 ET",
        "*** RIVER *** [4d Kh JPokerStars Hand #2: Tournament #1, Freeroll  Hold'em No Limit - Level I (20/40) - 2012/09/22 14:06:47 ET",
    ] {
        assert!(room_of_header(line).is_some(), "{line}");
    }
    for line in [
        "Full Tilt Poker Game #32709541402: Table Niebuhr (6 max, deep) - NL Hold'em - $0.01/$0.02 - 18:30:23 UTC - 2013/05/24",
        "BetOnline Poker Game #991142904: Hold'em No Limit ($0.25/0.50) - 2012/03/18 15:58:15 GMT Standard Time",
        "Player1: folds",
        "Table 'Circinus V' 9-max Seat #4 is the button",
        "PokerStars Hand #: Hold'em",
        "Player0 joins the table at seat #6",
        "Player0 said, \"PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/05/05 10:31:20 ET\"",
    ] {
        assert!(
            room_of_header(line).is_none_or(|r| r.site() != "PokerStars"),
            "{line}"
        );
    }
}

/// Parsing speed on the corpus's big hold'em files (and a tournament file), one core:
/// `cargo test --release --test stars_corpus -- --ignored --nocapture throughput`.
#[test]
#[ignore = "timing; run in release mode"]
fn throughput() {
    let texts: Vec<String> = [
        "cash/Stars/Flop/NLHE-FR-USD-0.01-0.02-201005.microgrind.txt",
        "cash/Stars/Flop/NLHE-6max-USD-0.05-0.10-200911.txt",
        "cash/Stars/Flop/NLHE-6max-EUR-0.05-0.10-200911.txt",
        "tour/Stars/Flop/NLHE-USD-MTT-1-KO.201008.txt",
    ]
    .iter()
    .map(|rel| read(rel))
    .collect();
    let mut best = f64::MAX;
    let mut hands = 0;
    for _ in 0..5 {
        let start = std::time::Instant::now();
        hands = 0;
        for _ in 0..40 {
            for t in &texts {
                hands += parse_history(t).filter(Result::is_ok).count();
            }
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{hands} hands in {best:.3} s: {:.0} hands/s",
        hands as f64 / best
    );
}
