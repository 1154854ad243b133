//! PHH (poker hand history, phh.readthedocs.io): the TOML document pokerkit loads and replays,
//! written with the `toml` crate from the rebuilt hand.
//!
//! The required fields (`variant`, `antes`, `blinds_or_straddles` or `bring_in`, `min_bet` or
//! `small_bet`/`big_bet`, `starting_stacks`, `actions`) and the optional facts fpdb knows:
//! `venue` (the room), `table`, `hand` (the room's hand id), `time` with `day`, `month`, `year`
//! and `time_zone = "UTC"`, `seats`, `seat_count`, `players`, `winnings` (each player's
//! collections), `finishing_stacks` and `currency`. Players are in PHH order: from the seat after
//! the button round to the button (stud: seat order); players who did nothing (no post, no
//! action: not dealt in) are left out. Antes and blinds are per player, reversed heads-up as PHH requires; a dead small
//! blind (money in the pot that is no bet) is written as that player's ante, and a live blind
//! posted out of position (a player coming in) is written negative, as pokerkit reads a blind
//! that does not move the first to act. Actions use the PHH
//! notation (`d dh p1 AsKd`, `d db 7h8h9h`, `p2 cbr 6`, `p1 cc`, `p3 f`, `p1 pb`, `p2 sd 7c`,
//! `p1 sm AsKd`), unknown cards as `??`; the showdown comes where pokerkit expects it (when the
//! betting is over, before an all-in runout), last aggressor first. A second board (run it
//! twice) is a commentary (`# second board ...`): PHH has no notation for it.
//!
//! Cash amounts are decimals in currency units (`0.25`), chips integers. Games PHH has no
//! variant code for (5-card Omaha, pot-limit hold'em, ...) are refused (0A000).

use serde::Serialize as DeriveSerialize;

use crate::cards::Card;
use crate::model::{ActionKind, Base, Category, Hand, LimitType, Money};

use super::ohh::table_in_cents;
use super::ExportError;

/// A PHH number: a float of currency units or integer chips, as OHH writes its amounts.
use super::ohh::Amount as Num;

#[derive(DeriveSerialize)]
struct Document {
    variant: &'static str,
    antes: Vec<Num>,
    #[serde(skip_serializing_if = "Option::is_none")]
    blinds_or_straddles: Option<Vec<Num>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bring_in: Option<Num>,
    #[serde(skip_serializing_if = "Option::is_none")]
    small_bet: Option<Num>,
    #[serde(skip_serializing_if = "Option::is_none")]
    big_bet: Option<Num>,
    #[serde(skip_serializing_if = "Option::is_none")]
    min_bet: Option<Num>,
    starting_stacks: Vec<Num>,
    actions: Vec<String>,
    venue: String,
    table: String,
    hand: String,
    time: toml::value::Datetime,
    time_zone: &'static str,
    day: u32,
    month: u32,
    year: i32,
    seats: Vec<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seat_count: Option<u8>,
    players: Vec<String>,
    winnings: Vec<Num>,
    finishing_stacks: Vec<Num>,
    #[serde(skip_serializing_if = "Option::is_none")]
    currency: Option<String>,
}

/// How the bets of a variant are given.
#[derive(PartialEq, Eq)]
enum Structure {
    /// `min_bet` (no-limit, pot-limit).
    Unfixed,
    /// `small_bet` and `big_bet`.
    Fixed,
}

/// The PHH variant of a game, `None` for games PHH has no code for.
fn variant(c: Category, l: LimitType) -> Option<(&'static str, Structure)> {
    use LimitType::*;
    use Structure::*;
    Some(match (c, l) {
        (Category::Holdem, FixedLimit) => ("FT", Fixed),
        (Category::Holdem, NoLimit) => ("NT", Unfixed),
        (Category::SixPlusHoldem, NoLimit) => ("NS", Unfixed),
        (Category::OmahaHi, PotLimit) => ("PO", Unfixed),
        (Category::OmahaHiLo, FixedLimit) => ("FO/8", Fixed),
        (Category::StudHi, FixedLimit) => ("F7S", Fixed),
        (Category::StudHiLo, FixedLimit) => ("F7S/8", Fixed),
        (Category::Razz, FixedLimit) => ("FR", Fixed),
        (Category::SingleDraw27, NoLimit) => ("N2L1D", Unfixed),
        (Category::TripleDraw27, FixedLimit) => ("F2L3D", Fixed),
        (Category::Badugi, FixedLimit) => ("FB", Fixed),
        _ => return None,
    })
}

/// Cards in PHH notation: concatenated, `??` for unknown ones.
fn cards_text(cards: &[Card]) -> String {
    let mut s = String::with_capacity(cards.len() * 2);
    for c in cards {
        if c.is_known() {
            s.push_str(&c.to_string());
        } else {
            s.push_str("??");
        }
    }
    s
}

fn unknown(n: usize) -> String {
    "??".repeat(n)
}

/// Whether, with three or more players in `order` who act in the hand, the hand's big blind is
/// the next of them after its small blind (a hand without both blinds: yes).
fn blinds_in_turn(h: &Hand, order: &[usize]) -> bool {
    let order: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&i| h.actions.iter().any(|a| a.player == i))
        .collect();
    let poster = |kind: ActionKind| {
        h.actions
            .iter()
            .find(|a| a.kind == kind)
            .and_then(|a| order.iter().position(|&i| i == a.player))
    };
    match (poster(ActionKind::SmallBlind), poster(ActionKind::BigBlind)) {
        (Some(sb), Some(bb)) if order.len() > 2 => (sb + 1) % order.len() == bb,
        _ => true,
    }
}

/// The PHH document of `h`.
pub fn write(h: &Hand) -> Result<String, ExportError> {
    let g = &h.game;
    let (code, structure) = variant(g.category, g.limit_type).ok_or_else(|| {
        ExportError::Unsupported(format!(
            "PHH has no variant for {} {} ({})",
            g.limit_type.as_str(),
            g.category.as_str(),
            h.site
        ))
    })?;
    let cents = table_in_cents(h);
    let num = |money: Money| Num { money, cents };

    // Players in PHH order.
    let acts = |i: usize| h.actions.iter().any(|a| a.player == i);
    let mut order: Vec<usize> = (0..h.players.len()).filter(|&i| acts(i)).collect();
    order.sort_by_key(|&i| h.players[i].seat);
    if g.base != Base::Stud {
        let mut reversed = order.clone();
        reversed.reverse();
        if let Some(b) = h.button_seat {
            // Rotate: the first seat after the button first, the button last.
            let after = |order: &mut Vec<usize>, past: &dyn Fn(u8) -> bool| {
                let k = order
                    .iter()
                    .position(|&i| past(h.players[i].seat))
                    .unwrap_or(0);
                order.rotate_left(k);
            };
            after(&mut order, &|s| s > b);
            after(&mut reversed, &|s| s < b);
        }
        // Tables that deal and act towards lower seat numbers (ActionPoker's): the big blind is
        // the player after the small blind in the other direction.
        if blinds_in_turn(h, &reversed) && !blinds_in_turn(h, &order) {
            order = reversed;
        }
        if h.button_seat.is_none() {
            // No button printed: the small blind first, or the big blind when nobody posted the
            // small one (heads-up, the small blind is the button: last).
            let first = |kind| h.actions.iter().find(|a| a.kind == kind);
            let blind = first(ActionKind::SmallBlind).or_else(|| first(ActionKind::BigBlind));
            if let Some(k) = blind.and_then(|b| order.iter().position(|&i| i == b.player)) {
                let len = order.len();
                let k = if len == 2 && blind.is_some_and(|b| b.kind == ActionKind::SmallBlind) {
                    k + 1
                } else {
                    k
                };
                order.rotate_left(k % len);
            }
        }
    }
    let n = order.len();
    if n < 2 {
        return Err(ExportError::Unsupported(
            "PHH needs at least two players dealt in".to_string(),
        ));
    }
    let mut phh_of = vec![usize::MAX; h.players.len()];
    for (k, &i) in order.iter().enumerate() {
        phh_of[i] = k;
    }
    let pn = |i: usize| format!("p{}", phh_of[i] + 1);
    // Heads-up, PHH reverses the forced bets.
    let slot = |k: usize| if n == 2 { 1 - k } else { k };

    let mut antes = vec![0; n];
    let mut blinds = vec![0; n];
    // Live blinds posted out of position (a player coming in or back: a big blind after the
    // hand's big blind, both blinds at once): written negative, which pokerkit posts as the
    // positive amount without making the poster the last to act before the flop (a positive
    // blind after the big blind is a straddle to it, and the action would start after him).
    let mut late = vec![false; n];
    let mut big_blind_seen = false;
    let mut street_total = vec![0; h.players.len()];
    let mut put_in = vec![0; h.players.len()];
    let mut bring_in = None;
    for a in h.actions.iter().filter(|a| a.street < 0) {
        let k = phh_of[a.player];
        if k == usize::MAX {
            return Err(ExportError::Unsupported(
                "PHH cannot write a post of a player who sat out".to_string(),
            ));
        }
        put_in[a.player] += a.amount;
        match a.kind {
            ActionKind::Ante | ActionKind::DeadSmallBlind => antes[slot(k)] += a.amount,
            ActionKind::BothBlinds => {
                let dead = g.small_blind.min(a.amount);
                antes[slot(k)] += dead;
                blinds[slot(k)] += a.amount - dead;
                late[slot(k)] = true;
                street_total[a.player] += a.amount - dead;
            }
            ActionKind::BigBlind => {
                late[slot(k)] |= big_blind_seen;
                big_blind_seen = true;
                blinds[slot(k)] += a.amount;
                street_total[a.player] += a.amount;
            }
            _ => {
                blinds[slot(k)] += a.amount;
                street_total[a.player] += a.amount;
            }
        }
    }

    let mut actions = Vec::with_capacity(h.actions.len() + 2 * n + 8);
    let hand_size = g.category.hand_size();
    // The deal.
    for &i in &order {
        let p = &h.players[i];
        let cards: Vec<Card> = match g.base {
            Base::Stud => (0..3)
                .map(|k| p.cards.get(k).copied().unwrap_or(Card::UNKNOWN))
                .collect(),
            _ => (0..hand_size)
                .map(|k| p.cards.get(k).copied().unwrap_or(Card::UNKNOWN))
                .collect(),
        };
        actions.push(format!("d dh {} {}", pn(i), cards_text(&cards)));
    }

    let streets = h.street_count();
    let mut folded = vec![false; h.players.len()];
    let mut all_in = vec![false; h.players.len()];
    for &i in &order {
        all_in[i] = put_in[i] >= h.players[i].stack;
    }
    let mut showdown_done = false;
    let mut last_aggressor: Option<usize> = None;
    let board: &[Card] = h.boards.first().map_or(&[], |b| b.as_slice());
    for street in 0..streets {
        if street > 0 {
            street_total.iter_mut().for_each(|t| *t = 0);
            let in_hand: Vec<usize> = order.iter().copied().filter(|&i| !folded[i]).collect();
            if in_hand.len() < 2 {
                break;
            }
            match g.base {
                Base::Hold => {
                    let c = super::ohh::street_cards(board, street);
                    if c.is_empty() {
                        break;
                    }
                    actions.push(format!("d db {}", cards_text(c)));
                    if let Some(second) = h.boards.get(1) {
                        let c2 = super::ohh::street_cards(second, street);
                        if c2 != c && !c2.is_empty() {
                            actions.push(format!("# second board {}", cards_text(c2)));
                        }
                    }
                }
                Base::Stud => {
                    for &i in &in_hand {
                        let c = h.players[i]
                            .cards
                            .get(street + 2)
                            .copied()
                            .unwrap_or(Card::UNKNOWN);
                        actions.push(format!("d dh {} {}", pn(i), cards_text(&[c])));
                    }
                }
                Base::Draw => {}
            }
        }
        // Draws: every player discards, then the dealer deals the new cards.
        let mut deals: Vec<String> = Vec::new();
        for a in h.actions.iter().filter(|a| a.street == street as i8) {
            let p = a.player;
            if !a.kind.is_draw() {
                actions.append(&mut deals);
            }
            if phh_of[p] == usize::MAX {
                return Err(ExportError::inconsistent(
                    "an action of a player who sat out",
                ));
            }
            let who = pn(p);
            put_in[p] += a.amount;
            street_total[p] += a.amount;
            if a.all_in || put_in[p] >= h.players[p].stack {
                all_in[p] = true;
            }
            match a.kind {
                ActionKind::Fold => {
                    folded[p] = true;
                    actions.push(format!("{who} f"));
                }
                ActionKind::Check | ActionKind::Call => actions.push(format!("{who} cc")),
                ActionKind::Bet | ActionKind::Raise | ActionKind::Complete => {
                    // Whether another player could still put in more than the bet faced.
                    let faced = order
                        .iter()
                        .filter(|&&i| i != p)
                        .map(|&i| street_total[i])
                        .max()
                        .unwrap_or(0);
                    let others_can_act = order.iter().any(|&i| {
                        i != p
                            && !folded[i]
                            && street_total[i] + h.players[i].stack - put_in[i] > faced
                    });
                    if others_can_act {
                        last_aggressor = Some(p);
                        actions.push(format!("{who} cbr {}", amount_text(num(street_total[p]))));
                    } else {
                        // Everyone else is all-in: a call (the excess comes back).
                        actions.push(format!("{who} cc"));
                    }
                }
                ActionKind::BringIn => {
                    bring_in.get_or_insert(a.amount);
                    actions.push(format!("{who} pb"));
                }
                ActionKind::Discard | ActionKind::StandPat => {
                    let pl = &h.players[p];
                    let before: &[Card] = if street <= 1 {
                        &pl.cards
                    } else {
                        pl.draws.get(street - 2).map_or(&pl.cards, |d| d.as_slice())
                    };
                    let count = a.discards.unwrap_or(0) as usize;
                    if a.kind == ActionKind::StandPat || count == 0 {
                        actions.push(format!("{who} sd"));
                        continue;
                    }
                    let thrown = if a.cards.len() == count && a.cards.iter().all(|c| c.is_known()) {
                        cards_text(&a.cards)
                    } else {
                        unknown(count)
                    };
                    actions.push(format!("{who} sd {thrown}"));
                    let after = pl.draws.get(street - 1);
                    let new: Vec<Card> = match after {
                        Some(d) if d.iter().all(|c| c.is_known()) && !d.is_empty() => {
                            d.iter().copied().filter(|c| !before.contains(c)).collect()
                        }
                        _ => Vec::new(),
                    };
                    let dealt = if new.len() == count {
                        cards_text(&new)
                    } else {
                        unknown(count)
                    };
                    deals.push(format!("d dh {who} {dealt}"));
                }
                _ => {}
            }
        }
        actions.append(&mut deals);
        let active: Vec<usize> = order.iter().copied().filter(|&i| !folded[i]).collect();
        let can_bet = active.iter().filter(|&&i| !all_in[i]).count();
        if !showdown_done && active.len() >= 2 && (can_bet <= 1 || street == streets - 1) {
            let tabled = can_bet <= 1;
            showdown(
                h,
                &order,
                &active,
                last_aggressor,
                tabled,
                &pn,
                &mut actions,
            );
            showdown_done = true;
        }
    }

    // What each player won, and the stacks after the hand.
    let mut won = vec![0; h.players.len()];
    for c in &h.collections {
        won[c.player] += c.amount;
    }
    let mut back = vec![0; h.players.len()];
    for r in &h.returned {
        back[r.player] += r.amount;
    }
    let stacks = order.iter().map(|&i| num(h.players[i].stack)).collect();
    let finishing = order
        .iter()
        .map(|&i| num(h.players[i].stack - put_in[i] + back[i] + won[i]))
        .collect();

    let t = h.start_time;
    use chrono::{Datelike, Timelike};
    let time = toml::value::Datetime {
        date: None,
        time: Some(toml::value::Time {
            hour: t.hour() as u8,
            minute: t.minute() as u8,
            second: t.second() as u8,
            nanosecond: 0,
        }),
        offset: None,
    };
    let unfixed = structure == Structure::Unfixed;
    let doc = Document {
        variant: code,
        antes: antes.into_iter().map(num).collect(),
        blinds_or_straddles: (g.base != Base::Stud).then(|| {
            blinds
                .iter()
                .zip(&late)
                .map(|(&b, &late)| num(if late { -b } else { b }))
                .collect()
        }),
        bring_in: (g.base == Base::Stud).then(|| {
            num(bring_in
                .or((g.small_blind > 0).then_some(g.small_blind))
                .unwrap_or((g.small_bet / 4).max(1)))
        }),
        small_bet: (!unfixed).then(|| num(g.small_bet)),
        big_bet: (!unfixed).then(|| num(g.big_bet)),
        min_bet: unfixed.then(|| num(g.big_blind)),
        starting_stacks: stacks,
        actions,
        venue: h.site.clone(),
        table: h.table_name.clone(),
        hand: if h.site_hand_id.is_empty() {
            h.site_hand_no.to_string()
        } else {
            h.site_hand_id.clone()
        },
        time,
        time_zone: "UTC",
        day: t.day(),
        month: t.month(),
        year: t.year(),
        seats: order.iter().map(|&i| h.players[i].seat).collect(),
        seat_count: h.max_seats,
        players: order.iter().map(|&i| h.players[i].name.clone()).collect(),
        winnings: order.iter().map(|&i| num(won[i])).collect(),
        finishing_stacks: finishing,
        currency: cents.then(|| g.currency.clone()),
    };
    toml::to_string(&doc).map_err(|e| ExportError::inconsistent(e.to_string()))
}

/// An amount as the actions write it: the shortest decimal of the currency units (`0.24`,
/// `1`), chips as integers.
fn amount_text(n: Num) -> String {
    if n.cents {
        (n.money as f64 / 100.0).to_string()
    } else {
        n.money.to_string()
    }
}

/// The showdown, in the order pokerkit asks: the last aggressor first, else the first player
/// still in (in PHH order), then round the table. A player shows the cards he showed, and at an
/// all-in (`tabled`: no more betting) every card fpdb knows; else he mucks.
fn showdown(
    h: &Hand,
    order: &[usize],
    active: &[usize],
    last_aggressor: Option<usize>,
    tabled: bool,
    pn: &dyn Fn(usize) -> String,
    actions: &mut Vec<String>,
) {
    let start = last_aggressor
        .filter(|p| active.contains(p))
        .and_then(|p| order.iter().position(|&i| i == p))
        .unwrap_or(0);
    for k in 0..order.len() {
        let i = order[(start + k) % order.len()];
        if !active.contains(&i) {
            continue;
        }
        let p = &h.players[i];
        let cards: &[Card] = match p.draws.last() {
            Some(d) if d.iter().any(|c| c.is_known()) => d,
            _ => &p.cards,
        };
        // Hands all-in are tabled (pokerkit lets nobody muck them): known cards are shown there.
        if (p.shown || tabled) && cards.iter().any(|c| c.is_known()) {
            actions.push(format!("{} sm {}", pn(i), cards_text(cards)));
        } else {
            actions.push(format!("{} sm", pn(i)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{export, stored_of, ExportError, Format, FOUR_BET};

    #[test]
    fn four_bet_hand_as_phh() {
        let text = export(&stored_of(FOUR_BET), Format::Phh).unwrap();
        let doc: toml::Table = toml::from_str(&text).unwrap();
        assert_eq!(doc["variant"].as_str(), Some("NT"));
        // PHH order: the seat after the button (Player6, small blind) first, the button last.
        let players: Vec<&str> = doc["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        assert_eq!(
            players,
            ["Player6", "Player3", "Player0", "Player4", "Player2", "Hero", "Player7", "Player5"]
        );
        let floats = |k: &str| -> Vec<f64> {
            doc[k]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_float().unwrap())
                .collect()
        };
        assert_eq!(
            floats("blinds_or_straddles"),
            [0.01, 0.02, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
        );
        assert_eq!(floats("antes"), [0.0; 8]);
        assert_eq!(doc["min_bet"].as_float(), Some(0.02));
        assert_eq!(floats("starting_stacks")[3], 1.31);
        let actions: Vec<&str> = doc["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        assert_eq!(actions[0], "d dh p1 ????");
        assert_eq!(actions[5], "d dh p6 3dKs");
        assert_eq!(
            &actions[8..],
            [
                "p3 cc",
                "p4 cbr 0.08",
                "p5 cbr 0.24",
                "p6 f",
                "p7 f",
                "p8 f",
                "p1 f",
                "p2 f",
                "p3 cc",
                "p4 cbr 1.31",
                "p5 cc",
                "p3 f",
                // All-in: the showdown before the runout, the last aggressor first.
                "p4 sm AsQs",
                "p5 sm JcJd",
                "d db 7cAc6s",
                "d db 5d",
                "d db Qh",
            ]
        );
        assert_eq!(floats("winnings")[3], 2.79);
        let fin = floats("finishing_stacks");
        assert!(
            (fin[3] - 2.79).abs() < 1e-9 && (fin[4] - 2.95).abs() < 1e-9,
            "{fin:?}"
        );
        assert_eq!(doc["hand"].as_str(), Some("42738187409"));
        assert_eq!(doc["venue"].as_str(), Some("PokerStars"));
        assert_eq!(doc["currency"].as_str(), Some("USD"));
        assert_eq!(doc["time"].to_string(), "10:14:06");
        assert_eq!(doc["year"].as_integer(), Some(2010));
    }

    #[test]
    fn a_big_blind_posted_out_of_position_is_negative() {
        // C posts a big blind to come in: live (he checks), and not a straddle.
        let text = "\
PokerStars Game #1000000001:  Hold'em No Limit ($0.01/$0.02 USD) - 2010/04/16 11:14:06 ET
Table 'Tarvos' 6-max Seat #4 is the button
Seat 1: A ($2 in chips)
Seat 2: B ($2 in chips)
Seat 3: C ($2 in chips)
Seat 4: D ($2 in chips)
A: posts small blind $0.01
B: posts big blind $0.02
C: posts big blind $0.02
*** HOLE CARDS ***
C: checks
D: folds
A: folds
B: checks
*** FLOP *** [7c Ac 6s]
B: checks
C: checks
*** TURN *** [7c Ac 6s] [5d]
B: checks
C: checks
*** RIVER *** [7c Ac 6s 5d] [Qh]
B: checks
C: checks
*** SHOW DOWN ***
B: shows [As Qs] (two pair, Aces and Queens)
C: mucks hand
B collected $0.05 from pot
*** SUMMARY ***
Total pot $0.05 | Rake $0
Board [7c Ac 6s 5d Qh]
Seat 1: A (small blind) folded before Flop
Seat 2: B (big blind) showed [As Qs] and won ($0.05) with two pair, Aces and Queens
Seat 3: C mucked
Seat 4: D (button) folded before Flop (didn't bet)
";
        let doc: toml::Table =
            toml::from_str(&export(&stored_of(text), Format::Phh).unwrap()).unwrap();
        let blinds: Vec<f64> = doc["blinds_or_straddles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_float().unwrap())
            .collect();
        assert_eq!(blinds, [0.01, 0.02, -0.02, 0.0]);
        let actions = doc["actions"].as_array().unwrap();
        assert_eq!(actions[4].as_str(), Some("p3 cc"));
    }

    #[test]
    fn games_without_a_variant_code_are_refused() {
        let text = FOUR_BET.replace("Hold'em No Limit", "Hold'em Pot Limit");
        let e = export(&stored_of(&text), Format::Phh).unwrap_err();
        assert!(matches!(e, ExportError::Unsupported(_)), "{e}");
        assert_eq!(e.sqlstate(), "0A000");
        assert!(
            e.to_string().contains("PHH has no variant for pl holdem"),
            "{e}"
        );
    }
}
