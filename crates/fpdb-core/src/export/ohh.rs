//! Open Hand History (OHH, hh-specs.handhistory.org, spec 1.4.6): one JSON object
//! `{"ohh": {...}}` per hand, written with serde_json from the rebuilt hand.
//!
//! What is written: the hand number (`game_number`, as the room printed it), the room
//! (`site_name`, `network_name`), the UTC start, table, seats, button, stakes, `bet_limit`, the
//! currency, the tournament (`tournament_info`), every player with seat and starting stack, one
//! round per street with the board cards it dealt and every action (`Dealt Cards` for known hole
//! cards not shown at the showdown, posts, bets with the chips each action added, all-ins), a
//! `Showdown` round with the cards shown or mucked, and the pots with each player's winnings.
//!
//! Amounts are decimals in the currency's units (`0.25`), chips as integers (tournaments, play
//! money). The stored rows keep one winnings amount per player, so the whole pot is pot 0 (its
//! rake the hand's rake) and every winner's share is one `player_wins` entry; an uncalled bet
//! given back is one more pot, won by the player who bet it, so that the chips the actions put
//! in equal the pots; money the room added to the pot is an `Add to Pot` action without a
//! player. The spec names no streets and actions for stud and draw games: fpdb writes stud
//! rounds as `Third Street` .. `Seventh Street`, draw rounds as `Predraw`, `First Draw` ..,
//! and the actions `Bring In`, `Discard` (with the thrown cards when known) and `Stand Pat`.

use chrono::{DateTime, Utc};
use serde::ser::{Serialize, Serializer};
use serde::Serialize as DeriveSerialize;

use crate::cards::Card;
use crate::model::{ActionKind, Base, Category, GameKind, Hand, LimitType, Money};

use super::ExportError;

/// The spec version the documents follow.
pub const SPEC_VERSION: &str = "1.4.6";

/// An amount in the table's unit: a decimal of currency units, or integer chips.
#[derive(Clone, Copy)]
pub(crate) struct Amount {
    pub(crate) money: Money,
    pub(crate) cents: bool,
}

impl Serialize for Amount {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.cents {
            s.serialize_f64(self.money as f64 / 100.0)
        } else {
            s.serialize_i64(self.money)
        }
    }
}

/// Whether the table's money is cents of a currency (cash games in real money) or chips.
pub fn table_in_cents(h: &Hand) -> bool {
    h.game.kind == GameKind::Ring && !matches!(h.game.currency.as_str(), "play" | "T$")
}

#[derive(DeriveSerialize)]
struct Document<'a> {
    ohh: Ohh<'a>,
}

#[derive(DeriveSerialize)]
struct Ohh<'a> {
    spec_version: &'static str,
    site_name: &'a str,
    network_name: &'a str,
    internal_version: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    tournament: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tournament_info: Option<TournamentInfo>,
    game_number: String,
    start_date_utc: String,
    table_name: &'a str,
    game_type: &'static str,
    bet_limit: BetLimit,
    table_size: u8,
    currency: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    dealer_seat: Option<u8>,
    small_blind_amount: Amount,
    big_blind_amount: Amount,
    ante_amount: Amount,
    flags: Vec<&'static str>,
    players: Vec<PlayerObj<'a>>,
    rounds: Vec<Round>,
    pots: Vec<Pot>,
}

#[derive(DeriveSerialize)]
struct TournamentInfo {
    tournament_number: String,
    currency: String,
    buyin_amount: Amount,
    fee_amount: Amount,
    bounty_fee_amount: Amount,
}

#[derive(DeriveSerialize)]
struct BetLimit {
    bet_type: &'static str,
    bet_cap: Amount,
}

#[derive(DeriveSerialize)]
struct PlayerObj<'a> {
    id: usize,
    seat: u8,
    name: &'a str,
    starting_stack: Amount,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    is_sitting_out: bool,
}

#[derive(DeriveSerialize)]
struct Round {
    id: usize,
    street: &'static str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cards: Vec<Card>,
    actions: Vec<ActionObj>,
}

#[derive(DeriveSerialize)]
struct ActionObj {
    action_number: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    player_id: Option<usize>,
    action: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    amount: Option<Amount>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    is_allin: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cards: Vec<Card>,
}

#[derive(DeriveSerialize)]
struct Pot {
    number: usize,
    amount: Amount,
    rake: Amount,
    player_wins: Vec<PlayerWin>,
}

#[derive(DeriveSerialize)]
struct PlayerWin {
    player_id: usize,
    win_amount: Amount,
}

/// The spec's game type of a category.
fn game_type(c: Category) -> &'static str {
    match c {
        Category::OmahaHi
        | Category::Omaha5Hi
        | Category::Omaha6Hi
        | Category::CourchevelHi
        | Category::Fusion => "Omaha",
        Category::OmahaHiLo
        | Category::Omaha5HiLo
        | Category::Omaha6HiLo
        | Category::CourchevelHiLo => "OmahaHiLo",
        Category::StudHi | Category::Razz | Category::Stud5Hi => "Stud",
        Category::StudHiLo => "StudHiLo",
        c if c.base() == Base::Draw => "Draw",
        _ => "Holdem",
    }
}

fn bet_type(l: LimitType) -> &'static str {
    match l {
        LimitType::NoLimit | LimitType::CapNoLimit => "NL",
        LimitType::PotLimit | LimitType::CapPotLimit => "PL",
        LimitType::FixedLimit => "FL",
        LimitType::PotNoLimit => "PL",
    }
}

/// The name of betting round `street` of a game.
fn street_name(base: Base, category: Category, street: usize, streets: usize) -> &'static str {
    let names: &[&'static str] = match base {
        Base::Hold => &["Preflop", "Flop", "Turn", "River"],
        Base::Stud => &[
            "Third Street",
            "Fourth Street",
            "Fifth Street",
            "Sixth Street",
            "Seventh Street",
        ],
        Base::Draw if streets <= 2 || category == Category::FiveDraw => &["Predraw", "Draw"],
        Base::Draw => &["Predraw", "First Draw", "Second Draw", "Third Draw"],
    };
    names.get(street).copied().unwrap_or(names[names.len() - 1])
}

/// The UTC start in ISO 8601.
pub(crate) fn utc_text(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// The board cards dealt on `street` of a flop game, of one board.
pub(crate) fn street_cards(board: &[Card], street: usize) -> &[Card] {
    let (from, to) = match street {
        1 => (0, 3),
        2 => (3, 4),
        3 => (4, 5),
        _ => return &[],
    };
    let to = to.min(board.len());
    &board[from.min(to)..to]
}

/// The OHH document of `h`.
pub fn write(h: &Hand) -> Result<String, ExportError> {
    let g = &h.game;
    let cents = table_in_cents(h);
    let amt = |money: Money| Amount { money, cents };
    let streets = h.street_count();

    let mut n = 0usize;
    let mut next = || {
        n += 1;
        n
    };
    let mut rounds = Vec::new();
    // Street totals, for the chips each post adds (a dead small blind goes in the pot).
    for street in 0..streets {
        let mut actions = Vec::new();
        if street == 0 {
            for (i, p) in h.players.iter().enumerate() {
                let known = match g.base {
                    Base::Stud => p.cards.iter().take(3).any(|c| c.is_known()),
                    // Hands shown or mucked at the showdown are given there.
                    _ if p.shown || p.mucked => false,
                    _ => p.cards.iter().any(|c| c.is_known()),
                };
                if known {
                    let cards = match g.base {
                        Base::Stud => p.cards.iter().take(3).copied().collect(),
                        _ => p.cards.clone(),
                    };
                    actions.push(ActionObj {
                        action_number: next(),
                        player_id: Some(i),
                        action: "Dealt Cards",
                        amount: None,
                        is_allin: false,
                        cards,
                    });
                }
            }
            for a in h.actions.iter().filter(|a| a.street < 0) {
                let mut post = |action: &'static str, m: Money| {
                    actions.push(ActionObj {
                        action_number: next(),
                        player_id: Some(a.player),
                        action,
                        amount: Some(amt(m)),
                        is_allin: a.all_in,
                        cards: Vec::new(),
                    })
                };
                match a.kind {
                    ActionKind::Ante => post("Post Ante", a.amount),
                    ActionKind::SmallBlind => post("Post SB", a.amount),
                    ActionKind::BigBlind => post("Post BB", a.amount),
                    ActionKind::DeadSmallBlind => post("Post Dead", a.amount),
                    ActionKind::BothBlinds => {
                        let dead = g.small_blind.min(a.amount);
                        post("Post BB", a.amount - dead);
                        post("Post Dead", dead);
                    }
                    ActionKind::Straddle => post("Straddle", a.amount),
                    _ => post("Post Extra Blind", a.amount),
                }
            }
        } else if g.base == Base::Stud {
            for (i, p) in h.players.iter().enumerate() {
                if let Some(&c) = p.cards.get(street + 2).filter(|c| c.is_known()) {
                    actions.push(ActionObj {
                        action_number: next(),
                        player_id: Some(i),
                        action: "Dealt Cards",
                        amount: None,
                        is_allin: false,
                        cards: vec![c],
                    });
                }
            }
        }
        let mut any = false;
        for a in h.actions.iter().filter(|a| a.street == street as i8) {
            any = true;
            let (action, amount) = match a.kind {
                ActionKind::Fold => ("Fold", None),
                ActionKind::Check => ("Check", None),
                ActionKind::Call => ("Call", Some(a.amount)),
                ActionKind::Bet if street == 0 && g.base == Base::Hold => ("Raise", Some(a.amount)),
                ActionKind::Bet => ("Bet", Some(a.amount)),
                ActionKind::Raise | ActionKind::Complete => ("Raise", Some(a.amount)),
                ActionKind::BringIn => ("Bring In", Some(a.amount)),
                ActionKind::Discard => ("Discard", None),
                ActionKind::StandPat => ("Stand Pat", None),
                _ => continue,
            };
            actions.push(ActionObj {
                action_number: next(),
                player_id: Some(a.player),
                action,
                amount: amount.map(amt),
                is_allin: a.all_in,
                cards: a.cards.iter().copied().filter(|c| c.is_known()).collect(),
            });
            if a.kind == ActionKind::Discard || a.kind == ActionKind::StandPat {
                // The hand after the draw, when known.
                let after = h.players[a.player]
                    .draws
                    .get(street.saturating_sub(1))
                    .filter(|d| d.iter().any(|c| c.is_known()));
                if let Some(after) = after {
                    actions.push(ActionObj {
                        action_number: next(),
                        player_id: Some(a.player),
                        action: "Dealt Cards",
                        amount: None,
                        is_allin: false,
                        cards: after.clone(),
                    });
                }
            }
        }
        if street == streets - 1 && h.pot_added > 0 {
            actions.push(ActionObj {
                action_number: next(),
                player_id: None,
                action: "Add to Pot",
                amount: Some(amt(h.pot_added)),
                is_allin: false,
                cards: Vec::new(),
            });
        }
        let first = h.boards.first().map(|b| street_cards(b, street));
        let cards: Vec<Card> = first.unwrap_or(&[]).to_vec();
        if street > 0 && !any && cards.is_empty() && actions.is_empty() {
            continue;
        }
        rounds.push(Round {
            id: rounds.len(),
            street: street_name(g.base, g.category, street, streets),
            cards,
            actions,
        });
        // Run it twice: the other boards' cards of this street, each its own round.
        for b in h.boards.iter().skip(1) {
            let c = street_cards(b, street);
            let shared = street_cards(&h.boards[0], street) == c;
            if g.base == Base::Hold && street > 0 && !c.is_empty() && !shared {
                rounds.push(Round {
                    id: rounds.len(),
                    street: street_name(g.base, g.category, street, streets),
                    cards: c.to_vec(),
                    actions: Vec::new(),
                });
            }
        }
    }
    let mut showdown = Vec::new();
    for (i, p) in h.players.iter().enumerate() {
        let cards: Vec<Card> = match p.draws.last() {
            Some(d) if d.iter().any(|c| c.is_known()) => d.clone(),
            _ => p.cards.clone(),
        };
        let known = cards.iter().any(|c| c.is_known());
        let action = if p.shown {
            "Shows Cards"
        } else if p.mucked && known {
            "Mucks Cards"
        } else {
            continue;
        };
        showdown.push(ActionObj {
            action_number: next(),
            player_id: Some(i),
            action,
            amount: None,
            is_allin: false,
            cards,
        });
    }
    if !showdown.is_empty() {
        rounds.push(Round {
            id: rounds.len(),
            street: "Showdown",
            cards: Vec::new(),
            actions: showdown,
        });
    }

    // Pot 0: the whole pot, its rake, each winner's share; then each uncalled bet given back.
    let mut pots = vec![Pot {
        number: 0,
        amount: amt(h.total_pot),
        rake: amt(h.rake),
        player_wins: h
            .collections
            .iter()
            .map(|c| PlayerWin {
                player_id: c.player,
                win_amount: amt(c.amount),
            })
            .collect(),
    }];
    for r in &h.returned {
        pots.push(Pot {
            number: pots.len(),
            amount: amt(r.amount),
            rake: amt(0),
            player_wins: vec![PlayerWin {
                player_id: r.player,
                win_amount: amt(r.amount),
            }],
        });
    }

    let tournament_info = h.tournament.as_ref().map(|t| {
        let tc = !matches!(t.currency.as_str(), "FREE" | "NA");
        let m = |money: Money| Amount {
            money: if tc { money } else { 0 },
            cents: true,
        };
        TournamentInfo {
            tournament_number: t.tourney_no.to_string(),
            currency: t.currency.clone(),
            buyin_amount: m(t.buyin - t.bounty),
            fee_amount: m(t.fee),
            bounty_fee_amount: m(t.bounty),
        }
    });
    let mut flags = Vec::new();
    if g.fast {
        flags.push("Fast");
    }
    if h.run_it_twice {
        flags.push("Run_It_Twice");
    }
    let (small, big) = if g.limit_type == LimitType::FixedLimit && g.base == Base::Stud {
        (g.small_bet, g.big_bet)
    } else {
        (g.small_blind, g.big_blind)
    };
    let doc = Document {
        ohh: Ohh {
            spec_version: SPEC_VERSION,
            site_name: &h.site,
            network_name: &h.site,
            internal_version: env!("CARGO_PKG_VERSION"),
            tournament: (g.kind == GameKind::Tour).then_some(true),
            tournament_info,
            game_number: if h.site_hand_id.is_empty() {
                h.site_hand_no.to_string()
            } else {
                h.site_hand_id.clone()
            },
            start_date_utc: utc_text(h.start_time),
            table_name: &h.table_name,
            game_type: game_type(g.category),
            bet_limit: BetLimit {
                bet_type: bet_type(g.limit_type),
                bet_cap: amt(0),
            },
            table_size: h.max_seats.unwrap_or(h.players.len() as u8),
            currency: if g.kind == GameKind::Tour {
                "T$"
            } else {
                &g.currency
            },
            dealer_seat: h.button_seat,
            small_blind_amount: amt(small),
            big_blind_amount: amt(big),
            ante_amount: amt(g.ante),
            flags,
            players: h
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| PlayerObj {
                    id: i,
                    seat: p.seat,
                    name: &p.name,
                    starting_stack: amt(p.stack),
                    is_sitting_out: p.sitting_out,
                })
                .collect(),
            rounds,
            pots,
        },
    };
    serde_json::to_string(&doc).map_err(|e| ExportError::inconsistent(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::super::{export, stored_of, Format, FOUR_BET};
    use serde_json::Value;

    #[test]
    fn four_bet_hand_as_ohh() {
        let text = export(&stored_of(FOUR_BET), Format::Ohh).unwrap();
        let doc: Value = serde_json::from_str(&text).unwrap();
        let o = &doc["ohh"];
        assert_eq!(o["spec_version"], "1.4.6");
        assert_eq!(o["site_name"], "PokerStars");
        assert_eq!(o["game_number"], "42738187409");
        assert_eq!(o["start_date_utc"], "2010-04-16T10:14:06Z");
        assert_eq!(o["table_name"], "Circinus V");
        assert_eq!(o["table_size"], 9);
        assert_eq!(o["dealer_seat"], 4);
        assert_eq!(o["currency"], "USD");
        assert_eq!(o["small_blind_amount"], 0.01);
        assert_eq!(o["big_blind_amount"], 0.02);
        assert_eq!(o["game_type"], "Holdem");
        assert_eq!(o["bet_limit"]["bet_type"], "NL");
        assert_eq!(o["players"].as_array().unwrap().len(), 8);
        assert_eq!(o["players"][7]["name"], "Player4");
        assert_eq!(o["players"][7]["starting_stack"], 1.31);
        let rounds = o["rounds"].as_array().unwrap();
        let streets: Vec<&str> = rounds
            .iter()
            .map(|r| r["street"].as_str().unwrap())
            .collect();
        assert_eq!(streets, ["Preflop", "Flop", "Turn", "River", "Showdown"]);
        assert_eq!(rounds[1]["cards"], serde_json::json!(["7c", "Ac", "6s"]));
        let pre = rounds[0]["actions"].as_array().unwrap();
        assert_eq!(pre[0]["action"], "Dealt Cards");
        assert_eq!(pre[0]["cards"], serde_json::json!(["3d", "Ks"]));
        assert_eq!(pre[1]["action"], "Post SB");
        // Player4's all-in 4-bet: the chips it added (1.31 less the 0.08 already in).
        let shove = pre.iter().find(|a| a["is_allin"] == true).unwrap();
        assert_eq!(shove["action"], "Raise");
        assert_eq!(shove["amount"], 1.23);
        let numbers: Vec<u64> = rounds
            .iter()
            .flat_map(|r| r["actions"].as_array().unwrap())
            .map(|a| a["action_number"].as_u64().unwrap())
            .collect();
        assert_eq!(numbers, (1..=numbers.len() as u64).collect::<Vec<_>>());
        let shows = rounds[4]["actions"].as_array().unwrap();
        assert_eq!(shows.len(), 2);
        assert_eq!(shows[0]["action"], "Shows Cards");
        // One pot: 2.89 with 0.10 rake, 2.79 to Player4 (id 7).
        assert_eq!(
            o["pots"],
            serde_json::json!([{"number": 0, "amount": 2.89, "rake": 0.1,
                "player_wins": [{"player_id": 7, "win_amount": 2.79}]}])
        );
        assert!(o.get("tournament").is_none());
    }

    #[test]
    fn an_uncalled_bet_is_a_pot_of_its_own() {
        let text = FOUR_BET
            .replace("Player2: calls $1.07\n", "Player2: folds\n")
            .replace(
                "Player0: folds\n",
                "Player0: folds\nUncalled bet ($1.07) returned to Player4\n",
            );
        // Rewrite the rest of the hand: Player4 wins the pot uncontested.
        let head = text.split("*** FLOP ***").next().unwrap();
        let seats: String = FOUR_BET
            .lines()
            .filter(|l| l.starts_with("Seat ") && l.contains("folded"))
            .map(|l| format!("{l}\n"))
            .collect();
        let text = format!(
            "{head}Player4 collected $0.73 from pot\n*** SUMMARY ***\nTotal pot $0.75 | Rake $0.02\n\
             Seat 1: Player2 folded before Flop\n{seats}Seat 9: Player4 collected ($0.73)\n"
        );
        let out = export(&stored_of(&text), Format::Ohh).unwrap();
        let doc: Value = serde_json::from_str(&out).unwrap();
        let pots = doc["ohh"]["pots"].as_array().unwrap();
        assert_eq!(pots.len(), 2);
        assert_eq!(pots[0]["amount"], 0.75);
        assert_eq!(
            pots[1],
            serde_json::json!({"number": 1, "amount": 1.07, "rake": 0.0,
                "player_wins": [{"player_id": 7, "win_amount": 1.07}]})
        );
    }
}
