//! The money of a finished hand, computed once for every room: the total pot, the rake, the money
//! the room added, the uncalled bets the room did not print, and the check that it all balances.
//!
//! A parser reads what the room prints (actions, "Uncalled bet" lines, collections, cash-outs,
//! the summary's total pot and rake) into the hand; [`settle`] (or [`HandBuilder::settle`]) then
//! fills [`Hand::total_pot`], [`Hand::rake`], [`Hand::pot_added`] and the inferred
//! [`Hand::returned`] from them. All a room says is its [`PotPolicy`]: how to read its printed
//! total, the rake it printed, the money it added, how it gives uncalled bets back, whether
//! its histories can be checked, and whether a side pot its writer leaves out of a showdown's
//! awards is awarded by the shown cards.
//!
//! The sums, with M = Σ actions − Σ returned (what the players left in the pot), C = Σ
//! collections, K = [`Hand::cashed_out_pot`], A = the money the room added:
//!
//! - total pot = the printed total as the policy reads it, else M + A;
//! - rake = the printed rake (jackpot and other fees included), else total − C − K; 0 in
//!   tournaments;
//! - balance, checked when the policy asks: C + rake + K = total and M + A = total, rake ≥ 0.
//!
//! [`HandBuilder::settle`]: crate::builder::HandBuilder::settle

use crate::amount::CENTS;
use crate::error::ParseError;
use crate::model::{ActionKind, Collection, GameKind, Hand, Money, PlayerIdx, Returned};

/// How a room's printed "Total pot" is to be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrintedPot {
    /// The room prints no total: the pot is what the players left in it plus what the room added.
    None,
    /// The total before rake: everything that went in (PokerStars, GGPoker and most rooms). Two
    /// readings correct what some writers print: a total that the collections alone make up,
    /// while the room took a rake, was printed after the rake (tracker exports) and the rake is
    /// added; a total that is exactly the players' money, while the room added money, leaves the
    /// added money out and it is added.
    BeforeRake(Money),
    /// The total after the rake (Winning): the rake is added, unless the total already is what
    /// the players put in.
    AfterRake(Money),
    /// The total must be what the players put in, before or after the rake (Bovada); any other
    /// total belongs to another hand (the room's files splice hands together) and the hand is
    /// refused.
    PlayersMoney(Money),
}

/// How a room gives uncalled bets back, and so how the ones it does not print are found.
///
/// Whatever the variant, a bet one player made above everyone else that the collections show
/// was not in the pot is then returned to him ([`unmatched_bet`], the rule of semantics.md §3.0
/// that the statistics apply too), so that a history missing its "Uncalled bet" line is read
/// as the room played it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Uncalled {
    /// The room prints every one ("Uncalled bet ($2) returned to NAME"), and the parser has put
    /// them in [`Hand::returned`].
    Printed,
    /// Newer histories print them, older ones do not and leave them out of the printed total
    /// (PokerStars): without printed returns, the chips the top contributor put in above
    /// everyone else, as far as the printed total leaves them out, come back to him; printed
    /// returns larger than the total allows (Run It Once counted its added money in) are cut.
    /// Needs a printed total.
    FromPrintedPot,
    /// Never printed (888poker): the live chips the top contributor put in above the second
    /// come back to him; when the collections are more than the pot without them, the room
    /// paid them inside his collections (or as a collection of their own) and they are taken
    /// out of those.
    Unmatched,
    /// Never printed, and paid inside the bettor's collections (Winamax, PartyPoker): the
    /// uncalled bet of the last betting street ([`last_street_bet`]) comes back, taken out of
    /// his collections when they hold it (a collection of exactly that amount, else evenly).
    InCollections,
}

/// What a room says about the money of one hand: everything [`settle`] needs beyond the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PotPolicy {
    /// The total pot the room printed, and how to read it.
    pub printed: PrintedPot,
    /// Everything the room printed as taken from the pot (rake, jackpot and similar fees);
    /// `None` when it prints none, and the rake is what nobody collected.
    pub rake: Option<Money>,
    /// Money the room added to the pot (promotions: "STP added", "Hold-up to Pot").
    pub added: Money,
    /// How the room gives uncalled bets back.
    pub uncalled: Uncalled,
    /// Refuse the hand when its money does not balance. Off only where the room's own
    /// histories do not balance (888poker tournaments, which sometimes award less than the
    /// pot).
    pub check: bool,
    /// Award by the shown cards the money a showdown's printed awards leave out (a writer that
    /// drops a side pot from its awards: Enet). Needs the printed rake; see
    /// [`award_unawarded_by_cards`].
    pub unawarded_by_cards: bool,
    /// Chips the sums may be off by because the room printed amounts rounded (old Winamax
    /// tournaments' half chips): a difference that small goes to the biggest collection.
    pub tolerance: Money,
    /// The unit of the hand's money ([`CENTS`] or [`CHIPS`](crate::amount::CHIPS)), for
    /// messages.
    pub scale: i64,
    /// The line errors name: the summary's total-pot line, or the last line read.
    pub line: u32,
}

impl PotPolicy {
    /// A room that prints no total, no rake and every uncalled bet, checked: change the fields
    /// the room prints.
    pub fn new(scale: i64, line: u32) -> PotPolicy {
        PotPolicy {
            printed: PrintedPot::None,
            rake: None,
            added: 0,
            uncalled: Uncalled::Printed,
            check: true,
            unawarded_by_cards: false,
            tolerance: 0,
            scale,
            line,
        }
    }
}

fn total_of(it: impl Iterator<Item = Money>) -> Money {
    it.fold(0, Money::saturating_add)
}

/// Σ of every action's money.
pub fn put_in(hand: &Hand) -> Money {
    total_of(hand.actions.iter().map(|a| a.amount))
}

/// Σ of the uncalled bets returned.
pub fn returned(hand: &Hand) -> Money {
    total_of(hand.returned.iter().map(|r| r.amount))
}

/// Σ of the collections.
pub fn collected(hand: &Hand) -> Money {
    total_of(hand.collections.iter().map(|c| c.amount))
}

/// What the players left in the pot: every action's money less the uncalled bets returned.
pub fn players_money(hand: &Hand) -> Money {
    put_in(hand).saturating_sub(returned(hand))
}

/// The stack a finished hand leaves player `p`: his stack, less what he put in, plus his
/// uncalled bets returned and his collections (for the rooms that print the stacks after the
/// hand, to check them).
pub fn stack_after(hand: &Hand, p: PlayerIdx) -> Money {
    let put = total_of(
        hand.actions
            .iter()
            .filter(|a| a.player == p)
            .map(|a| a.amount),
    );
    let back = total_of(
        hand.returned
            .iter()
            .filter(|r| r.player == p)
            .map(|r| r.amount)
            .chain(
                hand.collections
                    .iter()
                    .filter(|c| c.player == p)
                    .map(|c| c.amount),
            ),
    );
    hand.players
        .get(p)
        .map_or(0, |pl| pl.stack)
        .saturating_sub(put)
        .saturating_add(back)
}

/// Live money of an action: what counts towards the amount others have to match (antes and dead
/// small blinds do not, nor the small-blind part of both blinds).
pub fn live(hand: &Hand, kind: ActionKind, amount: Money) -> Money {
    match kind {
        ActionKind::Ante | ActionKind::DeadSmallBlind => 0,
        ActionKind::BothBlinds => amount.saturating_sub(amount.min(hand.game.small_blind.max(0))),
        _ => amount,
    }
}

/// Fills the total pot, rake, added money and the uncalled bets the room did not print, as
/// `policy` says (see the module documentation), and checks the balance when it asks. The
/// error names `policy.line`.
pub fn settle(hand: &mut Hand, policy: &PotPolicy) -> Result<(), ParseError> {
    hand.pot_added = policy.added;
    let put = put_in(hand);
    let collected_before = collected(hand);
    let players = put.saturating_sub(returned(hand));
    let tour = hand.game.kind == GameKind::Tour;
    let mut total = printed_total(hand, policy, players, collected_before)?;
    let mut shown_uncalled = None;
    match policy.uncalled {
        Uncalled::Printed => {}
        Uncalled::FromPrintedPot => {
            if let Some(t) = total {
                from_printed_pot(hand, t.saturating_sub(policy.added));
            }
        }
        Uncalled::Unmatched => unmatched_in_collections(hand),
        Uncalled::InCollections => {
            shown_uncalled = Some(in_collections(hand, policy, put, collected_before));
        }
    }
    if let Some(r) = unmatched_bet(hand) {
        hand.returned.push(r);
    }
    let players = players_money(hand);
    let total = *total.get_or_insert_with(|| players.saturating_add(policy.added));
    let kept = hand.cashed_out_pot;
    let printed_rake = if tour { Some(0) } else { policy.rake };
    let rake = match printed_rake {
        Some(r) => r,
        None => total.saturating_sub(collected(hand)).saturating_sub(kept),
    };
    if policy.unawarded_by_cards && printed_rake.is_some() && kept == 0 {
        award_unawarded_by_cards(hand, policy, rake)?;
    }
    hand.total_pot = total;
    if !policy.check {
        hand.rake = rake.max(0);
        return Ok(());
    }
    let diff = collected(hand)
        .saturating_add(rake)
        .saturating_add(kept)
        .saturating_sub(total);
    hand.rake = rake.max(0);
    // A difference the room's rounding explains goes to the biggest collection.
    let rounded = diff != 0
        && diff.abs() <= policy.tolerance
        && hand
            .collections
            .iter_mut()
            .max_by_key(|c| c.amount)
            .is_some_and(|c| {
                c.amount >= diff && {
                    c.amount -= diff;
                    true
                }
            });
    if !rounded && (rake < 0 || diff != 0) {
        let uncalled = shown_uncalled.unwrap_or_else(|| returned(hand));
        return Err(ParseError::malformed(
            policy.line,
            mismatch(policy, put, collected_before, printed_rake, uncalled, kept),
        ));
    }
    let in_pot = players.saturating_add(policy.added);
    if in_pot != total {
        let m = |v: Money| show_money(v, policy.scale);
        return Err(ParseError::malformed(
            policy.line,
            format!(
                "the pot does not add up: the total pot is {}, but the actions put in {} (with \
                 {} uncalled) and the room added {}",
                m(total),
                m(put),
                m(returned(hand)),
                m(policy.added)
            ),
        ));
    }
    Ok(())
}

/// When the collections and `rake` leave part of what the players put in unawarded, the hand
/// has side pots and the shown cards decide them ([`crate::showdown::awards`]: every player at
/// the showdown shows his cards, the board is complete), the pots are awarded as the cards say,
/// in place of the printed collections; each player's printed collections must be within what
/// the cards give him, else the hand is refused. Any other shortfall is left for the balance
/// check to refuse.
fn award_unawarded_by_cards(
    hand: &mut Hand,
    policy: &PotPolicy,
    rake: Money,
) -> Result<(), ParseError> {
    if collected(hand).saturating_add(rake) >= players_money(hand) {
        return Ok(());
    }
    let Some((won, pots)) = crate::showdown::awards(hand, rake) else {
        return Ok(());
    };
    if pots < 2 {
        return Ok(());
    }
    let mut printed = vec![0 as Money; hand.players.len()];
    for c in &hand.collections {
        printed[c.player] = printed[c.player].saturating_add(c.amount);
    }
    if let Some(p) = (0..printed.len()).find(|&p| printed[p] > won[p]) {
        return Err(ParseError::malformed(
            policy.line,
            format!(
                "the pot does not add up, and the shown cards do not explain it: {} is awarded \
                 {}, more than the {} the cards give him",
                hand.players[p].name,
                show_money(printed[p], policy.scale),
                show_money(won[p], policy.scale)
            ),
        ));
    }
    hand.collections = won
        .iter()
        .enumerate()
        .filter(|&(_, &v)| v > 0)
        .map(|(player, &amount)| Collection {
            player,
            amount,
            pot: 0,
            board: 0,
        })
        .collect();
    Ok(())
}

/// The total pot the room printed, read as the policy says; `None` when it printed none.
fn printed_total(
    hand: &Hand,
    policy: &PotPolicy,
    players: Money,
    collected: Money,
) -> Result<Option<Money>, ParseError> {
    let rake = policy.rake.unwrap_or(0);
    Ok(match policy.printed {
        PrintedPot::None => None,
        PrintedPot::BeforeRake(printed) => {
            let mut total = printed;
            if rake > 0 && collected == printed && hand.cashed_out_pot == 0 {
                total = total.saturating_add(rake);
            }
            if policy.added > 0 && total == players {
                total = total.saturating_add(policy.added);
            }
            Some(total)
        }
        PrintedPot::AfterRake(printed) => Some(if rake > 0 && printed == players {
            printed
        } else {
            printed.saturating_add(rake)
        }),
        PrintedPot::PlayersMoney(printed) => {
            if printed == players || printed.saturating_add(rake) == players {
                Some(players)
            } else {
                return Err(ParseError::malformed(
                    policy.line,
                    format!(
                        "the summary's total pot ({printed}) is not what the players put in \
                         ({players}, in the table's unit): the summary is another hand's"
                    ),
                ));
            }
        }
    })
}

/// The message of a pot that does not add up.
fn mismatch(
    policy: &PotPolicy,
    put_in: Money,
    collected: Money,
    rake: Option<Money>,
    uncalled: Money,
    kept: Money,
) -> String {
    let m = |v: Money| show_money(v, policy.scale);
    let collected = if kept > 0 {
        format!(
            "{} (and the room kept {} for players who cashed out)",
            m(collected),
            m(kept)
        )
    } else {
        m(collected)
    };
    match rake {
        Some(r) => format!(
            "the pot does not add up: the players collected {} and the room took {}, but the \
             actions put in {} (with {} uncalled)",
            collected,
            m(r),
            m(put_in),
            m(uncalled)
        ),
        None => format!(
            "the pot does not add up: the players collected {}, more than the {} the actions put \
             in (with {} uncalled)",
            collected,
            m(put_in),
            m(uncalled)
        ),
    }
}

/// An amount for messages: "12.50" for cents, "1250" for chips.
pub fn show_money(v: Money, scale: i64) -> String {
    if scale == CENTS {
        let sign = if v < 0 { "-" } else { "" };
        let a = v.unsigned_abs();
        format!("{sign}{}.{:02}", a / 100, a % 100)
    } else {
        v.to_string()
    }
}

// ---------------------------------------------------------------------------------------------
// Uncalled bets
// ---------------------------------------------------------------------------------------------

/// The uncalled bet no room printed (semantics.md §3.0): the live chips one player committed
/// (less what was returned to him) above everyone else go back to him, on the street of his
/// last live chips, unless the collections show that they were part of the pot (they hold more
/// than the pot without them).
///
/// A player all in by his antes alone, for more than anyone else put in altogether (a short
/// stack facing an ante larger than his stack), gets back what nobody could match: his whole
/// contribution above the second largest ([`unmatched_ante`]).
///
/// This is the statistics' rule too, which they apply to hands built by other means; for a
/// parsed hand [`settle`] has applied it, so they find nothing left.
pub fn unmatched_bet(hand: &Hand) -> Option<Returned> {
    unmatched_live_bet(hand).or_else(|| unmatched_ante(hand))
}

/// The unmatched excess of a player all in by his antes alone, whose whole contribution is
/// above everyone else's (and the collections show it was not in the pot).
pub fn unmatched_ante(hand: &Hand) -> Option<Returned> {
    let n = hand.players.len();
    let mut whole = vec![0 as Money; n];
    let mut only_antes = vec![true; n];
    let mut all_in = vec![false; n];
    let mut street = vec![0i8; n];
    for a in &hand.actions {
        let Some(w) = whole.get_mut(a.player) else {
            continue;
        };
        *w = w.saturating_add(a.amount);
        if a.amount > 0 {
            only_antes[a.player] &= a.kind == ActionKind::Ante;
            all_in[a.player] |= a.all_in;
            street[a.player] = a.street.max(0);
        }
    }
    for r in &hand.returned {
        if let Some(w) = whole.get_mut(r.player) {
            *w -= r.amount;
        }
    }
    let (mut top, mut second, mut who) = (0, 0, 0);
    for (p, &w) in whole.iter().enumerate() {
        if w > top {
            second = top;
            top = w;
            who = p;
        } else if w > second {
            second = w;
        }
    }
    let excess = top - second;
    let pot = whole.iter().sum::<Money>() + hand.pot_added;
    (excess > 0 && only_antes[who] && all_in[who] && collected(hand) <= pot - excess).then(|| {
        Returned {
            street: street[who],
            player: who,
            amount: excess,
        }
    })
}

/// The live chips one player committed above everyone else (see [`unmatched_bet`]).
fn unmatched_live_bet(hand: &Hand) -> Option<Returned> {
    let n = hand.players.len();
    let mut committed = vec![0 as Money; n];
    let mut common: Money = 0;
    let mut last_street = vec![0i8; n];
    for a in &hand.actions {
        let Some(c) = committed.get_mut(a.player) else {
            continue;
        };
        match a.kind {
            ActionKind::Ante | ActionKind::DeadSmallBlind => common += a.amount,
            ActionKind::BothBlinds => {
                let dead = a.amount.min(hand.game.small_blind.max(0));
                common += dead;
                *c += a.amount - dead;
            }
            _ => {
                *c += a.amount;
                if a.amount > 0 {
                    last_street[a.player] = a.street.max(0);
                }
            }
        }
    }
    for r in &hand.returned {
        if let Some(c) = committed.get_mut(r.player) {
            *c -= r.amount;
        }
    }
    let (mut top, mut second, mut who) = (0, 0, 0);
    for (p, &c) in committed.iter().enumerate() {
        if c > top {
            second = top;
            top = c;
            who = p;
        } else if c > second {
            second = c;
        }
    }
    let excess = top - second;
    if excess <= 0 {
        return None;
    }
    let pot = committed.iter().sum::<Money>() + common + hand.pot_added;
    (collected(hand) <= pot - excess).then_some(Returned {
        street: last_street[who],
        player: who,
        amount: excess,
    })
}

/// [`Uncalled::FromPrintedPot`]: makes the money players put in, less what was returned, equal
/// to `in_pot`, the printed total less the money the room added.
fn from_printed_pot(hand: &mut Hand, in_pot: Money) {
    let put_in = put_in(hand);
    let printed_returns = !hand.returned.is_empty();
    let diff = put_in.saturating_sub(returned(hand)).saturating_sub(in_pot);
    if diff > 0 && !printed_returns {
        // The top contributor's unmatched chips.
        let n = hand.players.len();
        let mut committed = vec![0 as Money; n];
        for a in &hand.actions {
            if let Some(c) = committed.get_mut(a.player) {
                *c = c.saturating_add(a.amount);
            }
        }
        let Some((top, &top_amount)) = committed.iter().enumerate().max_by_key(|&(_, v)| *v) else {
            return;
        };
        let second = committed
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != top)
            .map(|(_, &v)| v)
            .max()
            .unwrap_or(0);
        if top_amount.saturating_sub(second) >= diff {
            let street = hand
                .actions
                .iter()
                .rev()
                .find(|a| a.player == top && a.amount > 0)
                .map_or(0, |a| a.street.max(0));
            hand.returned.push(Returned {
                street,
                player: top,
                amount: diff,
            });
        }
    } else if diff < 0 && printed_returns {
        if let Some(last) = hand.returned.last_mut() {
            let cut = diff.saturating_neg();
            if last.amount >= cut {
                last.amount -= cut;
            }
        }
    }
}

/// [`Uncalled::Unmatched`].
fn unmatched_in_collections(hand: &mut Hand) {
    let n = hand.players.len();
    // Live money per player (antes and dead blinds are not matched by anyone), and the street
    // of his last live chips.
    let mut live_in = vec![0 as Money; n];
    let mut last_street = vec![0i8; n];
    for a in &hand.actions {
        let l = live(hand, a.kind, a.amount);
        if l > 0 {
            live_in[a.player] = live_in[a.player].saturating_add(l);
            last_street[a.player] = a.street.max(0);
        }
    }
    let (mut top, mut second, mut who) = (0, 0, None);
    for (p, &v) in live_in.iter().enumerate() {
        if v > top {
            second = top;
            top = v;
            who = Some(p);
        } else if v > second {
            second = v;
        }
    }
    let excess = top - second;
    let Some(p) = who.filter(|_| excess > 0) else {
        return;
    };
    let pot = put_in(hand).saturating_sub(excess);
    // The collections beyond the pot hold the returned chips: take them out.
    if collected(hand) > pot {
        let collections = &mut hand.collections;
        let mut left = excess;
        // A collection of exactly the returned chips first, then the player's last ones.
        if let Some(i) = collections
            .iter()
            .position(|c| c.player == p && c.amount == left)
        {
            collections.remove(i);
            left = 0;
        }
        for c in collections.iter_mut().rev().filter(|c| c.player == p) {
            let take = left.min(c.amount);
            c.amount -= take;
            left -= take;
        }
        collections.retain(|c| c.amount > 0);
    }
    hand.returned.push(Returned {
        street: last_street[p],
        player: p,
        amount: excess,
    });
}

/// The uncalled bet of a finished hand whose room prints none: on the last street where live
/// money went in, the chips the biggest contributor put in above the second biggest (every other
/// player counted, folded or not), when he did not fold. At most one bet per hand can be
/// uncalled, on the street where betting stopped.
pub fn last_street_bet(hand: &Hand) -> Option<Returned> {
    let n = hand.players.len();
    let last = hand
        .actions
        .iter()
        .filter(|a| live(hand, a.kind, a.amount) > 0)
        .map(|a| a.street.max(0))
        .max()?;
    let mut totals = vec![0 as Money; n];
    let mut folded = vec![false; n];
    for a in &hand.actions {
        if a.kind == ActionKind::Fold {
            if let Some(f) = folded.get_mut(a.player) {
                *f = true;
            }
        }
        if a.street.max(0) == last {
            if let Some(t) = totals.get_mut(a.player) {
                *t = t.saturating_add(live(hand, a.kind, a.amount));
            }
        }
    }
    let (mut top, mut second, mut who): (Money, Money, PlayerIdx) = (0, 0, 0);
    for (p, &t) in totals.iter().enumerate() {
        if t > top {
            second = top;
            top = t;
            who = p;
        } else if t > second {
            second = t;
        }
    }
    let amount = top.saturating_sub(second);
    (amount > 0 && !folded.get(who).copied().unwrap_or(true)).then_some(Returned {
        street: last,
        player: who,
        amount,
    })
}

/// [`Uncalled::InCollections`]: returns the uncalled bet, taken out of the bettor's collections
/// when they include it (they add up to everything put in with the printed rake, or, when no
/// rake is printed, his collections are at least the bet). Returns the bet's amount.
fn in_collections(hand: &mut Hand, policy: &PotPolicy, put: Money, before: Money) -> Money {
    let Some(mut r) = last_street_bet(hand) else {
        return 0;
    };
    let u = r.amount;
    let tolerance = policy.tolerance;
    let with_u = put.saturating_add(policy.added);
    let rake = if hand.game.kind == GameKind::Tour {
        Some(0)
    } else {
        policy.rake
    };
    let includes = match rake {
        Some(rake) => {
            before
                .saturating_add(rake)
                .saturating_add(hand.cashed_out_pot)
                .saturating_sub(with_u)
                .abs()
                <= tolerance
        }
        None => {
            total_of(
                hand.collections
                    .iter()
                    .filter(|c| c.player == r.player)
                    .map(|c| c.amount),
            )
            .saturating_add(tolerance)
                >= u
        }
    };
    if includes {
        r.amount = take_back(hand, r.player, r.amount, tolerance);
    }
    hand.returned.push(r);
    u
}

/// Takes `amount` out of player `p`'s collections and returns what was taken: a collection of
/// that amount (give or take `tolerance`) if there is one, else the amount, evenly from his
/// collections.
fn take_back(hand: &mut Hand, p: PlayerIdx, amount: Money, tolerance: Money) -> Money {
    let exact = hand
        .collections
        .iter()
        .rposition(|c| c.player == p && c.amount == amount)
        .or_else(|| {
            hand.collections
                .iter()
                .rposition(|c| c.player == p && c.amount.saturating_sub(amount).abs() <= tolerance)
        });
    if let Some(i) = exact {
        return hand.collections.remove(i).amount;
    }
    let mut left = amount;
    while left > 0 {
        let holders = hand
            .collections
            .iter()
            .filter(|c| c.player == p && c.amount > 0)
            .count() as Money;
        if holders == 0 {
            break;
        }
        let share = (left / holders).max(1);
        for c in hand.collections.iter_mut() {
            if c.player == p && c.amount > 0 && left > 0 {
                let cut = c.amount.min(share).min(left);
                c.amount -= cut;
                left -= cut;
            }
        }
    }
    hand.collections.retain(|c| c.amount > 0);
    amount - left
}
