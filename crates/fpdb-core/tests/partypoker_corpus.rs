//! The PartyPoker parser against the regression corpus (`shared/corpus/{cash,tour}/PartyPoker`)
//! and against hand-written hands that exercise the format's quirks.
//!
//! The corpus is read as an importer reads it: decode, normalise, split, parse (see
//! `common/mod.rs`, which also holds the money checks).

mod common;

use common::*;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;
use fpdb_core::{parse_history, parse_one, HandResult};

const SITE: &str = "PartyPoker";
const DIRS: &[&str] = &["cash/PartyPoker", "tour/PartyPoker"];

// ---------------------------------------------------------------------------------------------
// Every file
// ---------------------------------------------------------------------------------------------

/// Hands that cannot be parsed, and why.
const BROKEN: &[Failure] = &[
    Failure {
        file: "cash/PartyPoker/Flop/NLDHE-USD-0.01-0.02-201205.double.holdem.txt",
        hand: None,
        kind: ErrorKind::Unsupported,
        why:
            "Double Hold'em (three hole cards, one dropped on the flop) is not a game of the design",
    },
    Failure {
        file: "cash/PartyPoker/Flop/PLO-2max-USD-0.50-1.00-201601.unknown.preamble.txt",
        hand: None,
        kind: ErrorKind::Malformed,
        why:
            "anonymised inconsistently: the seat list and posts say Player2, the actions zejnikogoj",
    },
    Failure {
        file: "cash/PartyPoker/Flop/PLO8-6max-USD-1.00-2.00-201601.preamble.fatal.txt",
        hand: None,
        kind: ErrorKind::Malformed,
        why: "anonymised inconsistently: holdem_AA and playclever99 act without a seat line",
    },
    Failure {
        file: "tour/PartyPoker/Flop/NLHE-1-EUR-STT-201211.tourno.missing.txt",
        hand: None,
        kind: ErrorKind::Malformed,
        why: "oup77777 acts without a seat line (and every stack prints as 1 chip)",
    },
];

/// Files holding more than one hand: (file, hands).
const MANY: &[(&str, usize)] = &[
    (
        "cash/PartyPoker/Flop/PLO-6max-USD-0.10-0.25-202607.multi.hand.split.txt",
        4,
    ),
    ("tour/PartyPoker/Flop/LHE-Freeroll-MTT-201207.txt", 2),
    (
        "tour/PartyPoker/Flop/NLHE-4max-STT-USD-1-201607.second.trny.format.txt",
        25,
    ),
    (
        "tour/PartyPoker/Flop/NLHE-USD-STT-10-201104.new.hand.delimiter.txt",
        12,
    ),
];

/// Histories of other rooms converted to the PartyPoker format: the hand is the other room's.
const CONVERTED: &[(&str, &str)] = &[
    (
        "cash/PartyPoker/Flop/NLHE-USD-0.01-0.02-201901.WPN.converted.txt",
        "Winning Poker Network",
    ),
    (
        "cash/PartyPoker/Flop/NLHE-USD-0.50-1.00-202103.PokerBros.txt",
        "PokerBros",
    ),
    (
        "tour/PartyPoker/Flop/NLHE-9max-MTT-unknownBuyin-201812.converted.txt",
        "PokerStars",
    ),
];

/// Every hand of every PartyPoker file parses, but the broken ones, which fail as listed;
/// every hand is a PartyPoker hand, but those converted from other rooms.
#[test]
fn every_partypoker_file_parses() {
    let site = |rel: &str| Some(CONVERTED.iter().find(|c| c.0 == rel).map_or(SITE, |c| c.1));
    let counts = parse_every_file(DIRS, 10, site, |rel, e| listed(BROKEN, rel, e));
    assert_hands_per_file(&counts, MANY, BROKEN);
    let totals = totals(&counts);
    assert_eq!(totals["cash/PartyPoker"], (37, 3));
    assert_eq!(totals["tour/PartyPoker"], (53, 1));
}

/// No other room's file is read as PartyPoker (888poker's "#Game No" lines included).
#[test]
fn other_rooms_are_not_partypoker() {
    other_rooms_are_not(SITE, DIRS);
}

const RULES: Rules = Rules {
    added_money: false,
    cash_outs: true,
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
    assert!(compared >= 6, "{compared}");
}

// ---------------------------------------------------------------------------------------------
// Facts of particular files
// ---------------------------------------------------------------------------------------------

fn nth(rel: &str, n: usize) -> Hand {
    parse_file(rel).remove(n).unwrap()
}

fn utc(h: &Hand) -> String {
    h.start_time.format("%Y-%m-%d %H:%M:%S").to_string()
}

#[test]
fn classic_cash_hand() {
    let h = first_hand("cash/PartyPoker/Flop/NLHE-USD-0.01-0.02-201008.Sample.txt");
    assert_eq!(
        (h.site_hand_id.as_str(), h.site_hand_no),
        ("9582251255", 9_582_251_255)
    );
    assert_eq!(h.table_name, "Speed #1769729");
    assert_eq!((h.max_seats, h.button_seat), (Some(9), Some(6)));
    assert_eq!(utc(&h), "2010-08-30 20:08:09");
    let g = &h.game;
    assert_eq!(
        (g.kind, g.category, g.limit_type),
        (GameKind::Ring, Category::Holdem, LimitType::NoLimit)
    );
    // "$2 USD NL": only the buy-in is printed; the blinds are the ones posted.
    assert_eq!(
        (g.small_blind, g.big_blind, g.currency.as_str()),
        (1, 2, "USD")
    );
    assert_eq!(h.hero.map(|p| name(&h, p)), Some("Hero"));
    // "raises [$0.08 USD]" adds 8 cents; the winner's 65 cents are after a 3-cent rake.
    let raise = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::Raise)
        .unwrap();
    assert_eq!(
        (name(&h, raise.player), raise.amount, raise.raise_to),
        ("Tortozendo", 8, Some(8))
    );
    assert_eq!((h.total_pot, h.rake), (68, 3));
    assert!(h.returned.is_empty());
    let s = idx(&h, "suicini03");
    assert!(h.players[s].shown);
    assert_eq!(h.players[s].cards.len(), 2);
}

#[test]
fn zone_labels() {
    let cases = [
        (
            "cash/PartyPoker/Flop/LHE-6max-USD-15-30-201104.live.second.sb.txt",
            "2011-04-25 08:42:13",
        ),
        (
            "cash/PartyPoker/Flop/NLHE-6max-USD-0.05-0.10-201608.fastforward.txt",
            "2016-08-30 23:41:34",
        ),
        (
            "cash/PartyPoker/Flop/NLHE-6max-USD-0.10-0.25-201212.Mac.Format.txt",
            "2012-12-09 07:34:49",
        ),
        (
            "cash/PartyPoker/Flop/NLHE-0.02-0.04-USD-201207.players.joining.leaving.txt",
            "2012-07-31 15:08:37",
        ),
        (
            "cash/PartyPoker/Flop/NLHE-10max-Freeroll-201207.name.starts.with.number.txt",
            "2012-07-27 19:00:33",
        ),
        (
            "cash/PartyPoker/Flop/NLHE-USD-0.01-0.02-20100712.emailedHistory.txt",
            "2010-07-12 17:38:32",
        ),
        (
            "cash/PartyPoker/Flop/NLHE-6max-USD-0.05-0.10-201209.silent.post.both.txt",
            "2012-09-03 04:26:18",
        ),
        // No zone printed: US/Eastern (daylight time in July).
        (
            "tour/PartyPoker/Flop/NLHE-MTT-USD-530-201307.no.tz.txt",
            "2013-07-29 01:01:39",
        ),
    ];
    for (rel, expected) in cases {
        assert_eq!(utc(&first_hand(rel)), expected, "{rel}");
    }
}

#[test]
fn fixed_limit_and_a_live_second_small_blind() {
    let h = first_hand("cash/PartyPoker/Flop/LHE-6max-USD-15-30-201104.live.second.sb.txt");
    let g = &h.game;
    assert_eq!(g.limit_type, LimitType::FixedLimit);
    assert_eq!(
        (g.small_blind, g.big_blind, g.small_bet, g.big_bet),
        (1000, 1500, 1500, 3000)
    );
    // The second small blind is live: its poster then calls $5 to the big blind.
    let p1 = idx(&h, "Player1");
    assert_eq!(h.actions[2].kind, ActionKind::SmallBlind);
    assert_eq!(h.actions[3].player, p1);
    assert_eq!(
        (h.actions[3].kind, h.actions[3].amount),
        (ActionKind::Call, 500)
    );
    assert!(h.players[idx(&h, "Hero")].mucked);
}

#[test]
fn mac_histories_glue_lines() {
    // "Player3 wins $27,37 USD from the main pot with ....Player4 wins $27,36 USD from ...".
    let h = first_hand("cash/PartyPoker/Flop/NLHE-6max-USD-0.10-0.25-201212.Mac.Format.txt");
    let won: Vec<(&str, Money)> = h
        .collections
        .iter()
        .map(|c| (name(&h, c.player), c.amount))
        .collect();
    assert_eq!(won, [("Player3", 2737), ("Player4", 2736)]);
    assert_eq!((h.total_pot, h.rake), (5761, 288));
    // "is all-In  [ $20,90 USD ]" re-raises all-in.
    let allin = h.actions.iter().find(|a| a.all_in).unwrap();
    assert_eq!(
        (allin.kind, allin.amount, allin.raise_to),
        (ActionKind::Raise, 2090, Some(2615))
    );
    // "Player3 is sitting outPlayer4 posts big blind [$0,25 USD].".
    let h = first_hand("cash/PartyPoker/Flop/NLHE-6max-USD-0.25-0.50-201212.Mac.Format.txt");
    assert!(h.players[idx(&h, "Player3")].sitting_out);
    let bb = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::BigBlind)
        .unwrap();
    assert_eq!((name(&h, bb.player), bb.amount), ("Player4", 25));
}

#[test]
fn players_who_join_and_leave() {
    // Player6 ($0) left; Player8 joined and posted: he takes the free seat.
    let h =
        first_hand("cash/PartyPoker/Flop/NLHE-0.02-0.04-USD-201207.players.joining.leaving.txt");
    assert!(h.player_index("Player6").is_none());
    let p8 = idx(&h, "Player8");
    assert_eq!(h.players[p8].seat, 2);
    // Unseated joined without a seat line: first free seat, the biggest stack at the table.
    let h = first_hand(
        "cash/PartyPoker/Flop/NLHE-USD-0.01-0.02-201105.Unseated.player.is.only.big.blind.txt",
    );
    let u = idx(&h, "Unseated");
    assert_eq!((h.players[u].seat, h.players[u].stack), (2, 283));
    assert_eq!(h.returned[0].amount, 64);
    assert_eq!((h.total_pot, h.rake), (67, 3));
    // A player who joins and only sits out is not dealt in.
    let h = first_hand("cash/PartyPoker/Flop/NLHE-6max-USD-5-10-201408.joins.and.posts.bb.txt");
    assert!(h.player_index("Player2").is_none());
    assert!(h.player_index("Player3").is_some());
}

#[test]
fn names_cut_in_the_seat_list() {
    let h =
        first_hand("cash/PartyPoker/Flop/NLHE-6max-USD-0.50-1.00-201301.partial.player.names.txt");
    let hero = h.hero.unwrap();
    assert_eq!(name(&h, hero), "Hero Name");
    assert_eq!(h.players[hero].seat, 2);
    // "Hero Name raises" and "Hero checks" are the same player.
    assert_eq!(h.actions.iter().filter(|a| a.player == hero).count(), 4);
    assert_eq!((h.total_pot, h.rake), (750, 37));
    assert!(h.players[idx(&h, "Player0")].sitting_out);
}

#[test]
fn posts() {
    // "posts big blind + dead [0,35 €]": both blinds, the small one dead.
    let h = first_hand("cash/PartyPoker/Flop/NLHE-EUR-6max-0.10-0.25-201112.post.both.txt");
    assert!(h
        .actions
        .iter()
        .any(|a| a.kind == ActionKind::BothBlinds && a.amount == 35));
    assert_eq!(h.game.currency, "EUR");
    // A player who checks before the flop without having matched the big blind posted both
    // blinds without the room printing it.
    let h = first_hand("cash/PartyPoker/Flop/NLHE-6max-USD-0.05-0.10-201209.silent.post.both.txt");
    let both = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::BothBlinds)
        .unwrap();
    assert_eq!((name(&h, both.player), both.amount), ("Player2", 15));
    assert_eq!((h.total_pot, h.rake), (40, 2));
    // Short deck: antes and a button blind.
    let h = first_hand("cash/PartyPoker/Flop/Short-Deck-6max-USD-1.00-1.00-201904.txt");
    assert_eq!(h.game.category, Category::SixPlusHoldem);
    assert_eq!(
        (h.game.small_blind, h.game.big_blind, h.game.ante),
        (0, 100, 100)
    );
    assert!(h.actions.iter().any(|a| a.kind == ActionKind::ButtonBlind));
    // A big blind all-in for less: the blinds come from the table's buy-in ("$0.80" 20BB).
    let h =
        first_hand("cash/PartyPoker/Flop/NLHE-USD-0.01-0.02-20100731.bigBlindIsForcedAllIn.txt");
    assert_eq!((h.game.small_blind, h.game.big_blind), (1, 2));
    assert!(h.actions[1].all_in);
}

#[test]
fn summary_format_and_alphanumeric_ids() {
    let rel = "cash/PartyPoker/Flop/PLO-6max-USD-0.10-0.25-202602.cash.out.txt";
    let h = first_hand(rel);
    assert_eq!(h.site_hand_id, "1770659766668adeb0h5qfm");
    let expected =
        -1 - (1_770_659_766_668i64 * (1 << 19) + (fnv(b"adeb0h5qfm") & ((1 << 19) - 1)) as i64);
    assert_eq!(h.site_hand_no, expected);
    assert_eq!(h.game.category, Category::OmahaHi);
    assert_eq!(h.game.limit_type, LimitType::PotLimit);
    assert_eq!((h.game.small_blind, h.game.big_blind), (10, 25));
    // "Player2 Cashout Amount is 23.01" with a 1% premium.
    let p2 = idx(&h, "Player2");
    assert_eq!(
        h.cash_outs,
        [CashOut {
            player: p2,
            amount: 2301,
            fee: 23
        }]
    );
    assert_eq!(
        (h.total_pot, h.rake, h.returned[0].amount),
        (4050, 200, 297)
    );
    assert!(h.players[p2].shown && h.players[p2].cards.len() == 4);
    // Four hands glued with blank lines, each with its own number.
    let nos: Vec<i64> =
        parse_file("cash/PartyPoker/Flop/PLO-6max-USD-0.10-0.25-202607.multi.hand.split.txt")
            .into_iter()
            .map(|h| h.unwrap().site_hand_no)
            .collect();
    assert_eq!(nos.len(), 4);
    assert!(nos.iter().all(|&n| n < 0));
    assert!(nos.windows(2).all(|w| w[0] != w[1]));
}

fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

#[test]
fn converted_histories() {
    let h = first_hand("cash/PartyPoker/Flop/NLHE-USD-0.01-0.02-201901.WPN.converted.txt");
    assert_eq!(
        (h.site.as_str(), h.site_hand_id.as_str()),
        ("Winning Poker Network", "1111111111")
    );
    // The converters' placeholder id is the same for every hand: the number hashes the text.
    assert!(h.site_hand_no < -5_300_000_000_000_000_000);
    // "Player3 wins $1.74 USD" is his uncalled bet.
    assert_eq!(
        (name(&h, h.returned[0].player), h.returned[0].amount),
        ("Player3", 174)
    );
    assert_eq!((h.total_pot, h.rake), (554, 27));
    let h = first_hand("tour/PartyPoker/Flop/NLHE-9max-MTT-unknownBuyin-201812.converted.txt");
    assert_eq!(h.site, "PokerStars");
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(
        (t.tourney_no, t.table_no.as_deref(), t.currency.as_str()),
        (2_481_408_818, Some("659"), "NA")
    );
    assert_eq!(
        (h.game.small_blind, h.game.big_blind, h.game.ante),
        (6000, 12000, 1200)
    );
}

#[test]
fn old_tournaments_post_blinds_silently() {
    // Heads-up, no post printed: the button posts the small blind, the other the big one.
    let rel = "tour/PartyPoker/Flop/NLHE-USD-STT-10-201104.new.hand.delimiter.txt";
    let h = first_hand(rel);
    let posts: Vec<(&str, ActionKind, Money)> = h
        .actions_on(POSTS)
        .map(|a| (name(&h, a.player), a.kind, a.amount))
        .collect();
    assert_eq!(
        posts,
        [
            ("Player0", ActionKind::SmallBlind, 300),
            ("Player1", ActionKind::BigBlind, 600)
        ]
    );
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(
        (
            t.tourney_no,
            t.buyin,
            t.currency.as_str(),
            t.level.as_deref()
        ),
        (59_658_935, 1100, "USD", Some("7"))
    );
    assert_eq!(h.table_name, "59658935 1646865");
    // Four players: the two after the button.
    let h = nth(rel, 3);
    let posts: Vec<&str> = h.actions_on(POSTS).map(|a| name(&h, a.player)).collect();
    assert_eq!(posts, ["Player4", "Player8"]);
    // The level under the seats is the one played (the header still shows the previous one).
    let h = first_hand("tour/PartyPoker/Flop/NLHE-USD-MTT-215-201110.level.change.txt");
    assert_eq!((h.game.small_blind, h.game.big_blind), (100, 200));
    assert_eq!(h.tournament.as_ref().unwrap().level.as_deref(), Some("4"));
    // Antes printed, blinds not.
    let h = first_hand("tour/PartyPoker/Flop/NLHE-MTT-USD-530-201307.no.tz.txt");
    assert_eq!(
        (h.game.small_blind, h.game.big_blind, h.game.ante),
        (1250, 2500, 250)
    );
    assert_eq!(h.actions_on(POSTS).count(), 10);
    // Fixed-limit tournament: "Stakes(200/400)" is the small and big bet.
    let h = first_hand("tour/PartyPoker/Flop/LHE-Freeroll-MTT-201207.txt");
    assert_eq!(
        (h.game.small_blind, h.game.big_blind, h.game.big_bet),
        (100, 200, 400)
    );
    assert_eq!(h.tournament.as_ref().unwrap().currency, "FREE");
}

#[test]
fn tournament_results_and_buy_ins() {
    let rel = "tour/PartyPoker/Flop/NLHE-4max-STT-USD-1-201607.second.trny.format.txt";
    let h = nth(rel, 24);
    let t = h.tournament.as_ref().unwrap();
    let results: Vec<(&str, u32, Option<Money>)> = t
        .results
        .iter()
        .map(|f| (name(&h, f.player), f.place, f.prize))
        .collect();
    assert_eq!(results, [("Player1", 2, None), ("Hero", 1, Some(300))]);
    let h = first_hand("tour/PartyPoker/Flop/NLHE-MTT-USD-100-9-202104.anon.txt");
    let t = h.tournament.as_ref().unwrap();
    assert_eq!((t.tourney_no, t.buyin, t.fee), (303_344_128, 10000, 900));
    assert_eq!(h.table_name, "303344128 62");
    // The summary's totals fix the rounded bets: 10501750 collected, 3892001 uncalled.
    assert_eq!(h.total_pot, 6_609_749);
    let h = first_hand("tour/PartyPoker/Flop/NLHE-MTT-USD-50-5-202104.bad.math.txt");
    assert_eq!(h.total_pot, 332_194_176);
}

#[test]
fn stud() {
    let h = first_hand("cash/PartyPoker/Stud/7-StudHL-USD-10-20.201202.wins.lo.pot.txt");
    assert_eq!(h.game.category, Category::StudHiLo);
    assert_eq!(
        (h.game.small_blind, h.game.big_blind, h.game.ante),
        (0, 1000, 100)
    );
    let street0: Vec<ActionKind> = h.actions_on(0).map(|a| a.kind).collect();
    assert_eq!(
        street0,
        [
            ActionKind::BringIn,
            ActionKind::Complete,
            ActionKind::Raise,
            ActionKind::Call
        ]
    );
    // "Player1 wins Lo ($90.50 USD)".
    assert_eq!(h.collections.len(), 2);
    assert_eq!((h.total_pot, h.rake), (18200, 100));
    let hero = h.hero.unwrap();
    let cards: Vec<String> = h.players[hero]
        .cards
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(cards, ["Ah", "4h", "4d", "Td", "Qd", "Kc", "8s"]);
    let h = first_hand("tour/PartyPoker/Stud/7-Stud-USD-MTT-6.00-201205.txt");
    assert!(h
        .actions
        .iter()
        .any(|a| a.street == 1 && a.kind == ActionKind::Bet && a.amount == 120));
}

// ---------------------------------------------------------------------------------------------
// Hand-written hands
// ---------------------------------------------------------------------------------------------

const HAND: &str = "Game #12345678901 starts.

#Game No : 12345678901
***** Hand History for Game 12345678901 *****
$0.10/$0.25 USD NL Texas Hold'em - Saturday, September 21, 16:06:03 EDT 2013
Table Le Mans (Real Money)
Seat 5 is the button
Total number of players : 3/6
Seat 1: Anna Maria ( $25 USD )
Seat 3: Bob ( $30 USD )
Seat 5: Carl ( $10 USD )
Anna Maria posts small blind [$0.10 USD].
Bob posts big blind [$0.25 USD].
** Dealing down cards **
Dealt to Bob [  Qd Ad ]
Carl folds
Anna Maria raises [$0.65 USD]
Bob calls [$0.50 USD]
** Dealing Flop ** [ Ts, 3h, 5c ]
Anna Maria bets [$1 USD]
Bob: nice
Bob folds
Anna Maria does not show cards.
Anna Maria wins $2.40 USD
Game #12345678902 starts.
";

#[test]
fn preamble_lines_and_a_started_hand_are_not_hands() {
    let hands: Vec<HandResult> = parse_history(HAND).collect();
    assert_eq!(hands.len(), 1);
    let h = hands[0].as_ref().unwrap();
    assert_eq!(h.site_hand_no, 12_345_678_901);
    assert_eq!(name(h, 0), "Anna Maria");
    assert_eq!(h.hero, Some(1));
    assert_eq!((h.returned[0].amount, h.total_pot, h.rake), (100, 150, 10));
    assert_eq!(utc(h), "2013-09-21 20:06:03");
}

#[test]
fn errors_name_the_line_and_the_hand() {
    // Cut before anyone wins.
    let cut: String = HAND.lines().take(21).collect::<Vec<_>>().join("\n");
    let e = parse_one(&cut).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Unfinished);
    assert_eq!(e.site_hand_no, Some(12_345_678_901));
    // An action by somebody not seated who did not join.
    let bad = HAND.replace("Carl folds", "Dave folds");
    let e = parse_one(&bad).unwrap_err();
    assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 16));
    assert_eq!(e.line_text.as_deref(), Some("Dave folds"));
    // The room closed the table.
    let bad = HAND.replace("Bob: nice", "Table Closed");
    assert_eq!(parse_one(&bad).unwrap_err().kind, ErrorKind::Cancelled);
    // More collected than put in.
    let bad = HAND.replace("wins $2.40 USD", "wins $9.40 USD");
    let e = parse_one(&bad).unwrap_err();
    assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 24));
    // A hand number too large.
    let bad = HAND.replace("Game 12345678901 *", "Game 99999999999999999999 *");
    assert_eq!(parse_one(&bad).unwrap_err().kind, ErrorKind::OutOfRange);
    // Someone who joins and acts is dealt in.
    let joined = HAND.replace("Carl folds", "Dave has joined the table.\nDave folds");
    let h = parse_one(&joined).unwrap();
    assert_eq!(h.players.len(), 4);
}

/// Truncated and damaged texts give errors, never a panic.
#[test]
fn damaged_texts_never_panic() {
    cut_and_mangled_files_never_panic(DIRS);
}
