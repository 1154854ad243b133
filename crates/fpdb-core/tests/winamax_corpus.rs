//! The Winamax parser against the regression corpus (`shared/corpus/{cash,tour}/Winamax`) and
//! against hand-written hands that exercise the format's quirks.
//!
//! The corpus is read as an importer reads it: decode, normalise, split, parse (see
//! `common/mod.rs`, which also holds the money checks).

mod common;

use common::*;
use fpdb_core::cards::Card;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;
use fpdb_core::{parse_history, parse_one, HandResult};

const SITE: &str = "Winamax";
const DIRS: &[&str] = &["cash/Winamax", "tour/Winamax"];

// ---------------------------------------------------------------------------------------------
// Every file
// ---------------------------------------------------------------------------------------------

/// Hands that cannot be parsed, and why.
const BROKEN: &[Failure] = &[Failure {
    file: "cash/Winamax/Flop/PLO-5max-EUR-1.00-2.00-201408.bad.pot.txt",
    hand: None,
    kind: ErrorKind::Malformed,
    why: "the room's history collects 10€ from a pot the actions put 9€ in (a post is missing)",
}];

/// Files holding more than one hand: (file, hands).
const MANY: &[(&str, usize)] = &[
    (
        "cash/Winamax/Flop/PLO-5max-EUR-1.00-2.00-201407.ante.raise.txt",
        2,
    ),
    (
        "tour/Winamax/Flop/20110305_Freeroll 150%80(5142226)_real_holdem_no-limit.txt",
        17,
    ),
    ("tour/Winamax/Flop/NLHE-EUR-STT-FullHist.txt", 5),
    (
        "tour/Winamax/Flop/NLHE-Free-MTT-201103.Full.History.txt",
        27,
    ),
];

/// Every hand of every Winamax file parses, but the broken ones, which fail as listed; every
/// hand is a Winamax hand.
#[test]
fn every_winamax_file_parses() {
    let counts = parse_every_file(DIRS, 5, |_| Some(SITE), |rel, e| listed(BROKEN, rel, e));
    assert_hands_per_file(&counts, MANY, BROKEN);
    let totals = totals(&counts);
    assert_eq!(totals["cash/Winamax"], (25, 1));
    assert_eq!(totals["tour/Winamax"], (55, 0));
}

/// No other room's file is read as Winamax, and the summary files are not hands.
#[test]
fn other_rooms_are_not_winamax() {
    other_rooms_are_not(SITE, DIRS);
}

const RULES: Rules = Rules {
    added_money: true,
    cash_outs: false,
    max_rake_percent: Some(20),
    last_bettor: None,
};

/// Money adds up in every hand: what the players put in, less what came back, is the pot; the
/// pot is what they took plus what the room took; an uncalled bet goes back to the player who
/// made it.
#[test]
fn money_adds_up_in_every_hand() {
    let hands = all_hands(DIRS);
    assert!(hands.len() > 70);
    money_adds_up(&hands, RULES, &[]);
}

/// The statistics accept every hand, and their money matches the hand's.
#[test]
fn statistics_accept_every_hand() {
    statistics_agree(&all_hands(DIRS), &[]);
}

// ---------------------------------------------------------------------------------------------
// Sidecars
// ---------------------------------------------------------------------------------------------

/// The first hand of each file with a `.hp.json` sidecar: seats, stacks, cards, start cards and
/// the money the reference tracker stored.
#[test]
fn sidecars_agree() {
    let compared = hp_sidecars_agree(DIRS);
    assert!(compared >= 27, "{compared}");
}

// ---------------------------------------------------------------------------------------------
// Facts of particular files
// ---------------------------------------------------------------------------------------------

#[test]
fn cash_game_header_table_and_time() {
    let h = first_hand("cash/Winamax/Flop/NLHE-2max-EUR-2-4-201704.go.fast.txt");
    assert_eq!(h.site_hand_id, "9434802-28434-1490719852");
    assert_eq!(h.site_hand_no, 94_348_020_028_434);
    assert_eq!(h.table_name, "Buzau");
    assert_eq!((h.max_seats, h.button_seat), (Some(2), Some(1)));
    assert_eq!(h.start_time.to_rfc3339(), "2017-03-28T16:50:52+00:00");
    let g = &h.game;
    assert_eq!(
        (g.kind, g.category, g.limit_type),
        (GameKind::Ring, Category::Holdem, LimitType::NoLimit)
    );
    assert_eq!(
        (g.small_blind, g.big_blind, g.currency.as_str(), g.fast),
        (200, 400, "EUR", true)
    );
    assert_eq!(h.hero.map(|p| name(&h, p)), Some("Hero"));
    assert_eq!(h.boards.len(), 1);
    // Hero bet 9.50€ on the river and was not called: the bet comes back out of his
    // "collected 24.46€"; the rake is what the summary says.
    assert_eq!(h.returned.len(), 1);
    assert_eq!(
        (
            name(&h, h.returned[0].player),
            h.returned[0].amount,
            h.returned[0].street
        ),
        ("Hero", 950, 3)
    );
    assert_eq!((h.total_pot, h.rake), (1600, 104));
    assert_eq!(sum(h.collections.iter().map(|c| c.amount)), 1496);
}

#[test]
fn uncalled_bets_paid_as_a_side_pot_are_returned() {
    // "Player8 collected 1.29€ from side pot 1" is his own uncalled bet.
    let h =
        first_hand("cash/Winamax/Flop/NLHE-FR-EUR-0.02-0.05-201010.Invalid.side.pot.Player8.txt");
    let r = &h.returned[0];
    assert_eq!((name(&h, r.player), r.amount), ("Player8", 129));
    assert_eq!(h.collections.len(), 1);
    assert_eq!(
        (name(&h, h.collections[0].player), h.collections[0].amount),
        ("Player3", 1092)
    );
    assert_eq!((h.total_pot, h.rake), (1150, 58));
}

#[test]
fn hi_lo_halves_share_the_uncalled_bet() {
    let h = first_hand("cash/Winamax/Stud/7-StudHL-6max-EUR-25-50-201611._8games_.txt");
    assert_eq!(h.game.category, Category::StudHiLo);
    assert_eq!(
        (
            h.game.ante,
            h.game.small_blind,
            h.game.big_blind,
            h.game.big_bet
        ),
        (500, 0, 2500, 5000)
    );
    let amounts: Vec<Money> = h.collections.iter().map(|c| c.amount).collect();
    assert_eq!(amounts, [8900, 8900]);
    assert_eq!(h.returned[0].amount, 5000);
    assert_eq!((h.total_pot, h.rake), (18000, 200));
    // Stud cards in dealing order: Hero's seven, the opponent's up cards only.
    let hero = h.hero.unwrap();
    let cards: Vec<String> = h.players[hero]
        .cards
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(cards, ["8c", "Tc", "7c", "2d", "Kc", "Qh", "3h"]);
    let other = &h.players[1 - hero];
    assert_eq!(other.cards[2].to_string(), "8h");
    assert_eq!(other.cards[0], Card::UNKNOWN);
}

#[test]
fn stud_raise_by_the_bring_in_prints_the_total_without_it() {
    // "Player0 brings in 10€" ... "Player0 raises -6.10€ to 18.90€": 28.90€ in total, all-in.
    let h = first_hand("cash/Winamax/Stud/7-Stud-6max-EUR-25-50-201611._8games_.negative.bet.txt");
    let kinds: Vec<(ActionKind, Money, bool)> = h
        .actions
        .iter()
        .filter(|a| a.street == 0)
        .map(|a| (a.kind, a.amount, a.all_in))
        .collect();
    assert_eq!(
        kinds,
        [
            (ActionKind::BringIn, 1000, false),
            (ActionKind::Complete, 2500, false),
            (ActionKind::Fold, 0, false),
            (ActionKind::Raise, 1890, true),
            (ActionKind::Call, 390, false),
        ]
    );
    assert_eq!((h.total_pot, h.rake), (7280, 250));
}

#[test]
fn posting_both_blinds() {
    // "posts small blind 3€ out of position" then "posts big blind 0€ out of position".
    let h = first_hand("cash/Winamax/Flop/PLO-5max-EUR-1.00-2.00-201611.post.both.txt");
    let posts: Vec<(ActionKind, Money)> = h.actions_on(POSTS).map(|a| (a.kind, a.amount)).collect();
    assert_eq!(
        posts,
        [
            (ActionKind::SmallBlind, 100),
            (ActionKind::BigBlind, 200),
            (ActionKind::BothBlinds, 300)
        ]
    );
    // "Player3 raises 1€ to 3€" before the cards: both blinds at once.
    let h = first_hand("cash/Winamax/Flop/PLO-5max-EUR-1.00-2.00-201407.ante.raise.txt");
    assert_eq!(h.actions[0].kind, ActionKind::BothBlinds);
    assert_eq!(h.actions[0].amount, 300);
    assert_eq!((h.total_pot, h.rake), (1000, 65));
}

#[test]
fn triple_draw() {
    let h = first_hand("cash/Winamax/Draw/Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt");
    assert_eq!(h.game.category, Category::TripleDraw27);
    assert_eq!(
        (h.game.small_blind, h.game.big_blind, h.game.big_bet),
        (1250, 2500, 5000)
    );
    let hero = h.hero.unwrap();
    assert_eq!(h.players[hero].cards.len(), 5);
    assert_eq!(h.players[hero].draws.len(), 3);
    let pats = h
        .actions
        .iter()
        .filter(|a| a.kind == ActionKind::StandPat)
        .count();
    assert_eq!(pats, 6);
    assert_eq!(h.actions.iter().map(|a| a.street).max(), Some(3));
    let h =
        first_hand("cash/Winamax/Draw/Triple Draw 2-7-FL-6max-play-0.50-1.00-201610.export.txt");
    assert_eq!(h.game.currency, "play");
    let discards: Vec<u8> = h.actions.iter().filter_map(|a| a.discards).collect();
    assert_eq!(discards, [2, 2, 4, 2, 0, 2, 2, 1, 0, 1, 1, 0]);
}

#[test]
fn tournament_facts() {
    let h = first_hand("tour/Winamax/Flop/NLHE-MTT-EUR-22.5-22.5-5-202208.bounty.ticket.txt");
    assert_eq!(h.game.kind, GameKind::Tour);
    assert_eq!(h.game.currency, "T$");
    assert_eq!(
        (h.game.ante, h.game.small_blind, h.game.big_blind),
        (140, 600, 1200)
    );
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(t.tourney_no, 548_967_895);
    assert_eq!((t.buyin, t.fee, t.currency.as_str()), (1800, 200, "EUR"));
    assert_eq!(
        (t.level.as_deref(), t.table_no.as_deref()),
        (Some("11"), Some("0037"))
    );
    assert_eq!(h.table_name, "548967895 0037");
    assert_eq!(h.players[0].bounty, Some(900));
    assert_eq!(h.players[3].bounty, Some(1743));
    assert_eq!(h.site_hand_no, 1_548_967_895_000_380_128);

    let h = first_hand("tour/Winamax/Flop/NLHE-10max-EUR-0.93-STT-201207.all.in.blind.txt");
    let t = h.tournament.as_ref().unwrap();
    assert_eq!((t.buyin, t.fee, t.currency.as_str()), (93, 7, "EUR"));
    assert!(h
        .actions
        .iter()
        .any(|a| a.kind == ActionKind::BigBlind && a.amount == 119 && a.all_in));

    let h = first_hand("tour/Winamax/Flop/NLHE-10max-FREE-201207.Ticket.only.txt");
    assert_eq!(h.tournament.as_ref().unwrap().currency, "FREE");
}

#[test]
fn half_chips_are_rounded_and_the_pot_still_adds_up() {
    // "Player6 bets 292.50" before the flop is a raise by 292.50 (old tournaments print raises
    // as bets); half chips are rounded and the winner's collection absorbs the difference.
    let h = first_hand("tour/Winamax/Flop/NLHE-Ticket-MTT-201010.raise.written.as.bet.preflop.txt");
    let raise = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::Raise && a.street == 0)
        .unwrap();
    assert_eq!((name(&h, raise.player), raise.amount), ("Player6", 293));
    assert_eq!(sum(h.collections.iter().map(|c| c.amount)), h.total_pot);
    let h = first_hand("tour/Winamax/Flop/NLHE-Ticket-MTT-201010.side.pot.txt");
    assert_eq!(h.players[2].stack, 7411);
    assert_eq!(h.returned[0].amount, 370);
}

// ---------------------------------------------------------------------------------------------
// Hand-written hands
// ---------------------------------------------------------------------------------------------

const HAND: &str = "Winamax Poker - CashGame - HandId: #15917912-457-1618228092 - Holdem no limit (0.50€/1€) - 2021/04/12 11:48:13 UTC
Table: 'Nagoya' 6-max (real money) Seat #3 is the button
Seat 1: Anna Maria (100€)
Seat 3: Bob (50€)
*** ANTE/BLINDS ***
Anna Maria posts small blind 0.50€
Bob posts big blind 1€
Dealt to Bob [Ah Kd]
*** PRE-FLOP ***
Anna Maria raises 2€ to 3€
Bob calls 2€
*** FLOP *** [2c 7d 9s]
Anna Maria bets 4€
Bob folds
Anna Maria collected 9.75€ from pot
*** SUMMARY ***
Total pot 9.75€ | Rake 0.25€
Board: [2c 7d 9s]
Seat 1: Anna Maria won 9.75€
";

#[test]
fn names_with_spaces_and_the_uncalled_bet() {
    let h = parse_one(HAND).unwrap();
    assert_eq!(name(&h, 0), "Anna Maria");
    assert_eq!(h.hero, Some(1));
    assert_eq!(h.players[1].cards.len(), 2);
    assert_eq!(h.returned[0].amount, 400);
    assert_eq!((h.total_pot, h.rake), (600, 25));
    assert_eq!(h.collections[0].amount, 575);
}

#[test]
fn errors_name_the_line_and_the_hand() {
    // Cut before the summary.
    let cut: String = HAND.lines().take(12).collect::<Vec<_>>().join("\n");
    let e = parse_one(&cut).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Unfinished);
    assert_eq!(e.site_hand_no, Some(159_179_120_000_457));
    // An action by somebody not seated.
    let bad = HAND.replace("Bob folds", "Carl folds");
    let e = parse_one(&bad).unwrap_err();
    assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 14));
    assert_eq!(e.line_text.as_deref(), Some("Carl folds"));
    // An amount that is not one.
    let bad = HAND.replace("Bob calls 2€", "Bob calls 2x€");
    let e = parse_one(&bad).unwrap_err();
    assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 11));
    // A hand id too large to store.
    let bad = HAND.replace("15917912-457-", "99999999999999-457-");
    let e = parse_one(&bad).unwrap_err();
    assert_eq!((e.kind, e.line), (ErrorKind::OutOfRange, 1));
    // A pot that does not add up.
    let bad = HAND.replace("collected 9.75€", "collected 19.75€");
    let e = parse_one(&bad).unwrap_err();
    assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 17));
    // A game the design does not store.
    let bad = HAND.replace("Holdem no limit", "Holdem Short Deck no limit");
    assert_eq!(parse_one(&bad).unwrap_err().kind, ErrorKind::Unsupported);
}

#[test]
fn hands_glued_without_blank_lines_split_at_each_header() {
    let two = format!("{HAND}{}", HAND.replace("-457-", "-458-"));
    let hands: Vec<HandResult> = parse_history(&two).collect();
    assert_eq!(hands.len(), 2);
    assert_eq!(hands[1].as_ref().unwrap().site_hand_no, 159_179_120_000_458);
}

/// Truncated and damaged texts give errors, never a panic.
#[test]
fn damaged_texts_never_panic() {
    cut_and_mangled_files_never_panic(DIRS);
}
