//! From the stored rows back to a site-neutral [`Hand`], the form every exporter writes from.
//!
//! The rows keep less than the room's text: HandsActions says `blind` for every forced post and
//! `bet` for bets, raises, bring-ins and completes; antes are only HandsPlayers.ante; there is one
//! winnings amount per player instead of collections per pot. The kinds are recovered from what
//! the rows do keep, exactly where the statistics depend on them:
//! - a `bet` row is a bet or a raise by the letter actionString gives it (`b` or `r`), and in
//!   stud, on third street, the bring-in (the first action, by the player in position S, for
//!   less than the small bet) or the completion;
//! - a `blind` row is the small blind of the player in position S and the big blind of the player
//!   in position B (positions are computed from exactly these posts), a button blind in a game
//!   without blinds, and otherwise by its amount: small + big blind, a straddle (more than the big
//!   blind), a dead small blind, or a late big blind;
//! - every player's winnings are one collection; collectors are listed in the order that gives
//!   each his stored share of the rake (the first takes the remainder).

use crate::builder::HandBuilder;
use crate::cards::{Card, KEPT};
use crate::model::{ActionKind, Base, Category, Collection, Hand, Money, Tournament};
use crate::stats::{derive_unpriced, ActionRow};

use super::stored::StoredHand;
use super::ExportError;

/// The hand the stored rows describe: the one whose statistics are the stored ones.
///
/// The rows are read as the module documentation says; when the hand so built does not derive
/// to the stored HandsPlayers rows, the facts the rows do not name are searched for: a player
/// who was sitting out (his street-0 actions count for no statistic), or another kind of a
/// `blind` row. The hand that derives to the most stored values is kept.
pub fn rebuild(s: &StoredHand) -> Result<Hand, ExportError> {
    let mut choices = Choices {
        sitting_out: vec![false; s.players.len()],
        blinds: Vec::new(),
    };
    let first = build(s, &choices)?;
    let mut best = mismatches(s, &first);
    if best == 0 {
        return Ok(first);
    }
    let mut best_hand = first;
    choices.blinds = blind_kinds(&best_hand);
    let candidates = [
        ActionKind::BigBlind,
        ActionKind::BothBlinds,
        ActionKind::Straddle,
        ActionKind::DeadSmallBlind,
        ActionKind::SmallBlind,
        ActionKind::ButtonBlind,
    ];
    // A few rounds of changing one fact at a time, keeping each change that derives closer.
    for _ in 0..4 {
        let mut improved = false;
        for j in 0..choices.blinds.len() {
            // The first small and big blind make positions S and B: they are what they are.
            if matches!(
                blind_kinds(&best_hand).get(j),
                Some(ActionKind::SmallBlind | ActionKind::BigBlind)
            ) && fixed_blind(s, j)
            {
                continue;
            }
            for &k in &candidates {
                if choices.blinds[j] == k {
                    continue;
                }
                let mut c = choices.clone();
                c.blinds[j] = k;
                if let Some((h, m)) = try_build(s, &c) {
                    if m < best {
                        (best, best_hand, choices) = (m, h, c);
                        improved = true;
                    }
                }
            }
        }
        for p in 0..s.players.len() {
            let mut c = choices.clone();
            c.sitting_out[p] = !c.sitting_out[p];
            if let Some((h, m)) = try_build(s, &c) {
                if m < best {
                    (best, best_hand, choices) = (m, h, c);
                    improved = true;
                }
            }
        }
        if best == 0 || !improved {
            break;
        }
    }
    Ok(best_hand)
}

/// What the rows leave open, decided.
#[derive(Clone)]
struct Choices {
    sitting_out: Vec<bool>,
    /// The kind of each `blind` row, in order; empty: read from the rows.
    blinds: Vec<ActionKind>,
}

fn try_build(s: &StoredHand, c: &Choices) -> Option<(Hand, usize)> {
    let h = build(s, c).ok()?;
    let m = mismatches(s, &h);
    Some((h, m))
}

/// Whether the `j`-th blind row is the first post of the player in position S or B.
fn fixed_blind(s: &StoredHand, j: usize) -> bool {
    let rows: Vec<&ActionRow> = s.actions_on(0).filter(|a| a.action == "blind").collect();
    let Some(row) = rows.get(j) else { return false };
    let first_of_player = rows.iter().position(|a| a.player == row.player) == Some(j);
    first_of_player
        && s.players
            .get(row.player)
            .is_some_and(|p| p.position == 'S' || p.position == 'B')
}

/// The kinds of the blind posts of a hand, in order.
fn blind_kinds(h: &Hand) -> Vec<ActionKind> {
    h.actions
        .iter()
        .filter(|a| a.kind.is_post() && a.kind != ActionKind::Ante)
        .map(|a| a.kind)
        .collect()
}

/// How many stored HandsPlayers values the hand does not derive to (every value, when it
/// derives to other players or not at all). allInEV is not compared, so the all-in is not
/// priced: its equity enumeration would cost far more than the rest of the export.
fn mismatches(s: &StoredHand, h: &Hand) -> usize {
    const ALL: usize = 1 << 20;
    let Ok(rows) = derive_unpriced(h) else {
        return ALL;
    };
    if rows.players.len() != s.players.len() {
        return ALL;
    }
    let mut m = 0;
    for (r, p) in rows.players.iter().zip(&s.players) {
        if h.players[r.player].name != p.name {
            return ALL;
        }
        m += usize::from(r.position != p.position)
            + usize::from(r.start_cards != p.start_cards)
            + usize::from(r.ante != p.ante)
            + usize::from(r.winnings != p.winnings)
            + usize::from(r.rake != p.rake)
            + usize::from(r.total_profit != p.total_profit)
            + usize::from(r.action_string != p.action_string);
        m += r.cards.iter().zip(&p.cards).filter(|(a, b)| a != b).count();
        m += r.won.iter().zip(&p.won).filter(|(a, b)| a != b).count();
        m += r
            .counts
            .iter()
            .zip(&p.counts)
            .filter(|(a, b)| a != b)
            .count();
    }
    m
}

/// The hand of the rows with the open facts as `c` decides them.
fn build(s: &StoredHand, c: &Choices) -> Result<Hand, ExportError> {
    let g = &s.game;
    let mut b = HandBuilder::new(
        &s.site,
        s.site_hand_no,
        &s.site_hand_id,
        g.clone(),
        s.start_time,
    );
    {
        let h = b.hand_mut();
        h.table_name = s.table_name.clone();
        h.max_seats = u8::try_from(s.max_seats).ok();
        h.button_seat = s.button_seat.and_then(|x| u8::try_from(x).ok());
        h.tournament = s.tourney.as_ref().map(|t| Tournament {
            tourney_no: t.tourney_no,
            buyin: t.buyin,
            fee: t.fee,
            bounty: t.knockout,
            currency: t.currency.clone(),
            level: None,
            table_no: None,
            rebuy: t.rebuy,
            results: Vec::new(),
        });
    }
    let block = draw_block(g.category);
    let mut hands_after: Vec<[Vec<Card>; 4]> = Vec::with_capacity(s.players.len());
    for (i, p) in s.players.iter().enumerate() {
        let seat = u8::try_from(p.seat)
            .map_err(|_| ExportError::inconsistent(format!("seat number {}", p.seat)))?;
        let sitting_out = c.sitting_out.get(i).copied().unwrap_or(false);
        let i = b.add_player(seat, &p.name, p.start_cash, sitting_out);
        let hands = match g.base {
            Base::Draw => draw_hands(&p.cards, block)?,
            _ => Default::default(),
        };
        let pl = &mut b.hand_mut().players[i];
        pl.cards = match g.base {
            Base::Hold => known_prefix(&p.cards, 20)?,
            Base::Stud => known_prefix(&p.cards, 7)?,
            Base::Draw => hands[0].clone(),
        };
        pl.shown = s.showdown_row(i, "show");
        pl.mucked = s.showdown_row(i, "muck");
        hands_after.push(hands);
    }
    let n = s.players.len();
    let player_of = |a: &ActionRow| -> Result<usize, ExportError> {
        if a.player < n {
            Ok(a.player)
        } else {
            Err(ExportError::inconsistent(format!(
                "an action of player #{} in a hand of {n} players",
                a.player
            )))
        }
    };

    // Forced posts: antes (HandsPlayers.ante) in seat order, then the blinds in table order.
    for (i, p) in s.players.iter().enumerate() {
        if p.ante > 0 {
            b.post(i, ActionKind::Ante, p.ante, false);
        }
    }
    let mut blinds = Blinds::new(s);
    for (j, a) in s.actions_on(0).filter(|a| a.action == "blind").enumerate() {
        let p = player_of(a)?;
        let read = blinds.kind(s, p, a.amount);
        let chosen = c.blinds.get(j).copied();
        let kind = chosen.unwrap_or(read);
        if chosen.is_some()
            && kind == ActionKind::BigBlind
            && blinds.big_posted
            && a.amount > g.big_blind
        {
            // PokerStars text reads such a post as a straddle: not a hand it can write.
            return Err(ExportError::inconsistent(
                "a second big blind above the big blind",
            ));
        }
        blinds.big_posted |= kind == ActionKind::BigBlind;
        b.post(p, kind, a.amount, a.all_in);
    }

    let mut kinds = BetKinds::of(s);
    let streets = b.hand().street_count() as i16;
    for street in 0..streets {
        b.set_street(street as i8);
        let rows: Vec<&ActionRow> = s
            .actions_on(street)
            .filter(|a| a.action != "blind")
            .collect();
        let mut letter = kinds.letters(street as usize, &rows);
        for a in &rows {
            let p = player_of(a)?;
            let l = match a.action {
                "bet" | "call" | "check" | "fold" => letter.next(),
                _ => None,
            };
            match a.action {
                "bet" => {
                    let to = b.street_total(p).saturating_add(a.amount);
                    match kinds.bet_kind(p, street as usize, l, b.street_max()) {
                        ActionKind::BringIn => b.bring_in(p, a.amount, a.all_in),
                        ActionKind::Complete => b.complete_to(p, to, a.all_in),
                        ActionKind::Bet => b.bet(p, a.amount, a.all_in),
                        _ => b.raise_to(p, to, a.all_in),
                    }
                }
                "call" => b.call(p, a.amount, a.all_in),
                "check" => b.check(p),
                "fold" => b.fold(p),
                "unbet" => b.uncalled(p, a.amount.saturating_neg()),
                "draw" | "pat" => {
                    let round = street as usize;
                    if a.action == "draw" {
                        let before = hands_after[p].get(round - 1).cloned().unwrap_or_default();
                        let (count, thrown) = discards(&s.players[p].cards, block, round, &before);
                        b.discard(p, count, thrown);
                    } else {
                        b.stand_pat(p);
                    }
                    let after = hands_after[p].get(round).cloned().unwrap_or_default();
                    let draws = &mut b.hand_mut().players[p].draws;
                    while draws.len() < round {
                        draws.push(Vec::new());
                    }
                    draws[round - 1] = after;
                }
                _ => {}
            }
        }
    }

    // Collections: collectors with the largest rake share first (it holds the remainder).
    let mut collectors: Vec<usize> = (0..n).filter(|&i| s.players[i].winnings > 0).collect();
    collectors.sort_by_key(|&i| std::cmp::Reverse(s.players[i].rake));
    let money_in = b.money_in();
    let h = b.hand_mut();
    h.collections = collectors
        .iter()
        .map(|&i| Collection {
            player: i,
            amount: s.players[i].winnings,
            pot: 0,
            board: 0,
        })
        .collect();
    h.total_pot = s.total_pot;
    h.rake = s.rake;
    h.pot_added = (s.total_pot - money_in).max(0);
    let collected: Money = h.collections.iter().map(|c| c.amount).sum();
    h.cashed_out_pot = (s.total_pot - s.rake - collected).max(0);
    h.boards = s
        .boards
        .iter()
        .map(|row| {
            row.values
                .iter()
                .zip(&row.suits)
                .take_while(|(&v, _)| v != 0)
                .map(|(&v, &suit)| board_card(v, suit))
                .collect::<Result<Vec<Card>, ExportError>>()
        })
        .collect::<Result<_, _>>()?;
    h.run_it_twice = h.boards.len() > 1;
    Ok(b.finish())
}

/// Which blind each `blind` row is (see the module documentation).
struct Blinds {
    small: Option<usize>,
    big: Option<usize>,
    button_blind: bool,
    big_posted: bool,
}

impl Blinds {
    fn new(s: &StoredHand) -> Blinds {
        let small = s.players.iter().position(|p| p.position == 'S');
        let big = s.players.iter().position(|p| p.position == 'B');
        Blinds {
            small: if s.game.base == Base::Stud {
                None
            } else {
                small
            },
            big,
            button_blind: small.is_none()
                && big.is_none()
                && s.game.small_blind == 0
                && s.game.base != Base::Stud,
            big_posted: false,
        }
    }

    fn kind(&mut self, s: &StoredHand, p: usize, amount: Money) -> ActionKind {
        let (sb, bb) = (s.game.small_blind, s.game.big_blind);
        if self.small == Some(p) {
            self.small = None;
            ActionKind::SmallBlind
        } else if self.big == Some(p) {
            self.big = None;
            ActionKind::BigBlind
        } else if sb > 0 && amount == sb + bb {
            ActionKind::BothBlinds
        } else if bb > 0 && amount > bb {
            ActionKind::Straddle
        } else if self.button_blind {
            ActionKind::ButtonBlind
        } else if sb > 0 && amount == sb && sb < bb {
            ActionKind::DeadSmallBlind
        } else {
            ActionKind::BigBlind
        }
    }
}

/// The kinds of the `bet` rows: the letters of actionString (`b` a bet, a bring-in or a
/// completion, `r` a raise) and each player's streetNBets and streetNRaises (a completion counts
/// as a raise, a bring-in as neither).
struct BetKinds {
    letters: Letters,
    /// Per player and street: bets and completions not yet given out.
    bets: Vec<[i32; 5]>,
    completes: Vec<[i32; 5]>,
    bring_ins: Vec<[i32; 5]>,
}

impl BetKinds {
    fn of(s: &StoredHand) -> BetKinds {
        use crate::stats::col;
        let letters = Letters::of(s);
        let mut k = BetKinds {
            bets: Vec::new(),
            completes: Vec::new(),
            bring_ins: Vec::new(),
            letters,
        };
        for p in &s.players {
            let mut bets = [0; 5];
            let mut completes = [0; 5];
            let mut bring_ins = [0; 5];
            let own: Vec<Vec<char>> = p
                .action_string
                .split('/')
                .map(|g| g.chars().collect())
                .collect();
            for st in 0..5 {
                let b_letters = own
                    .get(st)
                    .map_or(0, |g| g.iter().filter(|&&c| c == 'B').count())
                    as i32;
                let r_letters = own
                    .get(st)
                    .map_or(0, |g| g.iter().filter(|&&c| c == 'R').count())
                    as i32;
                bets[st] = p.counts[col::STREET0_BETS + st];
                completes[st] = (p.counts[col::STREET0_RAISES + st] - r_letters).max(0);
                bring_ins[st] = (b_letters - bets[st] - completes[st]).max(0);
            }
            k.bets.push(bets);
            k.completes.push(completes);
            k.bring_ins.push(bring_ins);
        }
        k
    }

    fn letters(&self, street: usize, rows: &[&ActionRow]) -> std::vec::IntoIter<char> {
        self.letters.street(street, rows)
    }

    /// The kind of a `bet` row of player `p` with letter `l` (none when the letters do not fit).
    fn bet_kind(
        &mut self,
        p: usize,
        street: usize,
        l: Option<char>,
        street_max: Money,
    ) -> ActionKind {
        let take = |v: &mut Vec<[i32; 5]>| -> bool {
            match v.get_mut(p).and_then(|x| x.get_mut(street)) {
                Some(n) if *n > 0 => {
                    *n -= 1;
                    true
                }
                _ => false,
            }
        };
        match l {
            Some('r') => ActionKind::Raise,
            Some(_) => {
                if take(&mut self.bring_ins) {
                    ActionKind::BringIn
                } else if take(&mut self.completes) {
                    ActionKind::Complete
                } else {
                    ActionKind::Bet
                }
            }
            None if street_max == 0 => ActionKind::Bet,
            None => ActionKind::Raise,
        }
    }
}

/// The action letters of the hand per street (actionString of any player, in lower case).
struct Letters(Vec<Vec<char>>);

impl Letters {
    fn of(s: &StoredHand) -> Letters {
        let text = s
            .players
            .first()
            .map(|p| p.action_string.to_ascii_lowercase())
            .unwrap_or_default();
        Letters(text.split('/').map(|g| g.chars().collect()).collect())
    }

    /// The letters of `street`, when they are as many as its lettered rows (else none: the
    /// kinds are then guessed from the order of the bets).
    fn street(&self, street: usize, rows: &[&ActionRow]) -> std::vec::IntoIter<char> {
        let lettered = rows
            .iter()
            .filter(|a| matches!(a.action, "bet" | "call" | "check" | "fold"))
            .count();
        let got = self.0.get(street).cloned().unwrap_or_default();
        if got.len() == lettered {
            got.into_iter()
        } else {
            Vec::new().into_iter()
        }
    }
}

/// A BoardCards card (value 2..14, suit h/d/c/s).
fn board_card(value: i16, suit: char) -> Result<Card, ExportError> {
    let s = match suit {
        'h' => 0,
        'd' => 1,
        'c' => 2,
        's' => 3,
        _ => 4,
    };
    u8::try_from(value)
        .ok()
        .and_then(|v| Card::from_rank_suit(v, s))
        .ok_or_else(|| ExportError::inconsistent(format!("board card {value}{suit}")))
}

fn card(code: i16) -> Result<Card, ExportError> {
    Card::from_code(i64::from(code))
        .map_err(|_| ExportError::inconsistent(format!("card code {code}")))
}

/// The first `max` card columns up to the last known one (nothing when none is known).
fn known_prefix(cards: &[i16; 20], max: usize) -> Result<Vec<Card>, ExportError> {
    let slots = &cards[..max];
    let Some(last) = slots.iter().rposition(|&c| c > 0) else {
        return Ok(Vec::new());
    };
    slots[..=last].iter().map(|&c| card(c.max(0))).collect()
}

/// Cards per block of a draw game's card columns.
fn draw_block(category: Category) -> usize {
    if category == Category::Badugi {
        4
    } else {
        5
    }
}

/// A draw game's hands from its card columns: the deal, then the hand after each draw, in the
/// slots of the deal (a kept card stays, a drawn card replaces the card in its slot; unknown
/// cards are [`Card::UNKNOWN`]). Empty when nothing of a hand is known.
fn draw_hands(cards: &[i16; 20], block: usize) -> Result<[Vec<Card>; 4], ExportError> {
    let mut out: [Vec<Card>; 4] = Default::default();
    let mut current = vec![Card::UNKNOWN; block];
    for (r, hand) in out.iter_mut().enumerate() {
        let Some(slots) = cards.get(r * block..(r + 1) * block) else {
            break;
        };
        for (cur, &c) in current.iter_mut().zip(slots) {
            if r == 0 || c != KEPT {
                *cur = card(c.max(0))?;
            }
        }
        if current.iter().any(|c| c.is_known()) {
            *hand = current.clone();
        }
    }
    Ok(out)
}

/// How many cards a draw threw and which: the slots of draw `round` not marked kept, when the
/// hand before the draw is known; otherwise the rows do not say (0).
fn discards(cards: &[i16; 20], block: usize, round: usize, before: &[Card]) -> (u8, Vec<Card>) {
    let Some(slots) = cards.get(round * block..(round + 1) * block) else {
        return (0, Vec::new());
    };
    if before.len() < block || before.iter().any(|c| !c.is_known()) {
        return (0, Vec::new());
    }
    let mut thrown = Vec::new();
    for (i, &c) in slots.iter().enumerate() {
        if c != KEPT {
            thrown.push(before[i]);
        }
    }
    (thrown.len() as u8, thrown)
}
