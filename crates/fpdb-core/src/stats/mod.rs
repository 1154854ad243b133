//! Derived statistics: everything the design stores about a hand beyond what the history prints.
//!
//! [`derive()`] turns one parsed [`Hand`] into the rows the database writes: the Hands counts, the
//! BoardCards rows, one HandsPlayers row per player kept in the hand (positions, cards, money and
//! every statistic column) and the HandsActions rows. The rules are those of
//! `shared/spec/decisions.md` §5–§14, and where it is silent the "G rule" of
//! `shared/spec/semantics.md` §2–§3 (the values the reference tracker's regression sidecars hold).
//!
//! One module per statistic family:
//! - [`positions`]: HandsPlayers.position (algorithm C) and the HudCache letter;
//! - [`money`]: ante, winnings, rake, totalProfit and the won-when-seen shares;
//! - [`allin`]: allInEV, totalProfit with the all-in replaced by its expectation (extension);
//! - [`streets`]: streets seen and showdown;
//! - [`preflop`]: VPIP, PFR, 3-bet/4-bet, other 3B/4B, other raised on street 0, steals;
//! - [`postflop`]: aggression, other raised, c-bets, fold to c-bet, check-call/raise;
//! - [`counts`]: calls, bets and raises per street;
//! - [`actions`]: HandsActions rows and actionString;
//! - [`cards`]: card1..card20, startCards and BoardCards.
//!
//! The statistics are computed for every player of the hand in a few passes over the actions,
//! indexed by player, without maps: a hand has at most a few dozen actions and ten players.

use thiserror::Error;

use crate::equity::{Outcome, Spot};
use crate::model::{Action, GameKind, Hand, Money, PlayerIdx, POSTS};

pub mod actions;
pub mod allin;
pub mod cards;
pub mod counts;
pub mod invariants;
pub mod money;
pub mod positions;
pub mod postflop;
pub mod preflop;
pub mod streets;

pub use positions::hudcache_position;
pub use preflop::PreflopFlags;

/// The most betting streets a game has (stud: 3rd to 7th street).
pub const MAX_STREETS: usize = 5;

/// Largest amount (stack, bet, pot) accepted, in the table's unit. Far above any real stack
/// (10^12 cents is ten billion dollars), and small enough that sums over a hand cannot overflow.
pub const MAX_AMOUNT: Money = 1 << 40;

/// Why a hand's statistics cannot be computed: the hand contradicts itself. Each message says
/// what is inconsistent; the hand is not stored.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StatsError {
    /// An action, collection, return or cash-out names a player the hand does not have.
    #[error("{what} refers to player #{index}, but the hand has {players} players")]
    UnknownPlayer {
        what: &'static str,
        index: usize,
        players: usize,
    },
    /// An action on a street the game does not have, or a forced post on a betting street.
    #[error("action #{action} ({kind}) is on street {street}, but {expected}")]
    BadStreet {
        action: usize,
        kind: &'static str,
        street: i8,
        expected: String,
    },
    /// Actions are not in street order.
    #[error("action #{action} is on street {street} after an action of street {previous}: actions must be in table order")]
    StreetsOutOfOrder {
        action: usize,
        street: i8,
        previous: i8,
    },
    /// A negative or absurdly large amount of money.
    #[error("{what} has amount {amount}, outside 0..={max}")]
    AmountOutOfRange {
        what: String,
        amount: Money,
        max: Money,
    },
    /// More actions, returns and players than HandsActions.actionNo (smallint) can number.
    #[error("the hand has {0} actions, returns and players, more than a hand can have")]
    TooManyActions(usize),
    /// After removing the cash-game players who took no part, fewer than two remain.
    #[error("only {0} player(s) took part in the hand; a hand needs at least two")]
    TooFewPlayers(usize),
    /// A player holds more cards than the game deals or the card columns hold.
    #[error("player {player} has {count} cards {place}, but {game} deals at most {max}")]
    TooManyCards {
        player: String,
        count: usize,
        place: &'static str,
        game: &'static str,
        max: usize,
    },
    /// A board with more than five cards.
    #[error("board {board} has {count} cards; a board has at most 5")]
    BoardTooLong { board: usize, count: usize },
    /// The same card twice in one player's hold'em hand.
    #[error("player {player} holds the same card twice ({card})")]
    SameCard { player: String, card: String },
}

macro_rules! count_columns {
    ($($idx:ident = $name:literal,)*) => {
        /// Index of each integer statistic column in [`PlayerRow::counts`], named after the
        /// column (`col::STREET0_VPI` is the index of `street0VPI`).
        pub mod col {
            #[allow(non_camel_case_types, clippy::upper_case_acronyms, dead_code)]
            #[repr(usize)]
            enum Column { $($idx,)* }
            $(
                #[doc = concat!("Index of `", $name, "`.")]
                pub const $idx: usize = Column::$idx as usize;
            )*
        }

        /// Number of integer statistic columns of HandsPlayers.
        pub const N_COUNTS: usize = [$($name,)*].len();

        /// The integer statistic columns of `fpdb.HandsPlayers`, in the order of `sql/schema.sql`
        /// (street0VPI … street4Raises, then the street1..4CheckRaiseDone extension columns),
        /// named exactly as the DDL writes them. [`PlayerRow::counts`] follows this order.
        pub const COUNT_COLUMNS: [&str; N_COUNTS] = [$($name,)*];
    };
}

count_columns! {
    STREET0_VPI = "street0VPI",
    STREET0_AGGR = "street0Aggr",
    STREET0_3B_CHANCE = "street0_3BChance",
    STREET0_3B_DONE = "street0_3BDone",
    STREET0_4B_CHANCE = "street0_4BChance",
    STREET0_4B_DONE = "street0_4BDone",
    OTHER_3B_STREET0 = "other_3BStreet0",
    OTHER_4B_STREET0 = "other_4BStreet0",
    STREET1_SEEN = "street1Seen",
    STREET2_SEEN = "street2Seen",
    STREET3_SEEN = "street3Seen",
    STREET4_SEEN = "street4Seen",
    SAW_SHOWDOWN = "sawShowdown",
    STREET1_AGGR = "street1Aggr",
    STREET2_AGGR = "street2Aggr",
    STREET3_AGGR = "street3Aggr",
    STREET4_AGGR = "street4Aggr",
    OTHER_RAISED_STREET0 = "otherRaisedStreet0",
    OTHER_RAISED_STREET1 = "otherRaisedStreet1",
    OTHER_RAISED_STREET2 = "otherRaisedStreet2",
    OTHER_RAISED_STREET3 = "otherRaisedStreet3",
    OTHER_RAISED_STREET4 = "otherRaisedStreet4",
    FOLD_TO_OTHER_RAISED_STREET0 = "foldToOtherRaisedStreet0",
    FOLD_TO_OTHER_RAISED_STREET1 = "foldToOtherRaisedStreet1",
    FOLD_TO_OTHER_RAISED_STREET2 = "foldToOtherRaisedStreet2",
    FOLD_TO_OTHER_RAISED_STREET3 = "foldToOtherRaisedStreet3",
    FOLD_TO_OTHER_RAISED_STREET4 = "foldToOtherRaisedStreet4",
    STEAL_ATTEMPT_CHANCE = "stealAttemptChance",
    STEAL_ATTEMPTED = "stealAttempted",
    FOLD_BB_TO_STEAL_CHANCE = "foldBbToStealChance",
    FOLDED_BB_TO_STEAL = "foldedBbToSteal",
    FOLD_SB_TO_STEAL_CHANCE = "foldSbToStealChance",
    FOLDED_SB_TO_STEAL = "foldedSbToSteal",
    STREET1_CB_CHANCE = "street1CBChance",
    STREET1_CB_DONE = "street1CBDone",
    STREET2_CB_CHANCE = "street2CBChance",
    STREET2_CB_DONE = "street2CBDone",
    STREET3_CB_CHANCE = "street3CBChance",
    STREET3_CB_DONE = "street3CBDone",
    STREET4_CB_CHANCE = "street4CBChance",
    STREET4_CB_DONE = "street4CBDone",
    FOLD_TO_STREET1_CB_CHANCE = "foldToStreet1CBChance",
    FOLD_TO_STREET1_CB_DONE = "foldToStreet1CBDone",
    FOLD_TO_STREET2_CB_CHANCE = "foldToStreet2CBChance",
    FOLD_TO_STREET2_CB_DONE = "foldToStreet2CBDone",
    FOLD_TO_STREET3_CB_CHANCE = "foldToStreet3CBChance",
    FOLD_TO_STREET3_CB_DONE = "foldToStreet3CBDone",
    FOLD_TO_STREET4_CB_CHANCE = "foldToStreet4CBChance",
    FOLD_TO_STREET4_CB_DONE = "foldToStreet4CBDone",
    STREET1_CHECK_CALL_RAISE_CHANCE = "street1CheckCallRaiseChance",
    STREET1_CHECK_CALL_RAISE_DONE = "street1CheckCallRaiseDone",
    STREET2_CHECK_CALL_RAISE_CHANCE = "street2CheckCallRaiseChance",
    STREET2_CHECK_CALL_RAISE_DONE = "street2CheckCallRaiseDone",
    STREET3_CHECK_CALL_RAISE_CHANCE = "street3CheckCallRaiseChance",
    STREET3_CHECK_CALL_RAISE_DONE = "street3CheckCallRaiseDone",
    STREET4_CHECK_CALL_RAISE_CHANCE = "street4CheckCallRaiseChance",
    STREET4_CHECK_CALL_RAISE_DONE = "street4CheckCallRaiseDone",
    STREET0_CALLS = "street0Calls",
    STREET1_CALLS = "street1Calls",
    STREET2_CALLS = "street2Calls",
    STREET3_CALLS = "street3Calls",
    STREET4_CALLS = "street4Calls",
    STREET0_BETS = "street0Bets",
    STREET1_BETS = "street1Bets",
    STREET2_BETS = "street2Bets",
    STREET3_BETS = "street3Bets",
    STREET4_BETS = "street4Bets",
    STREET0_RAISES = "street0Raises",
    STREET1_RAISES = "street1Raises",
    STREET2_RAISES = "street2Raises",
    STREET3_RAISES = "street3Raises",
    STREET4_RAISES = "street4Raises",
    STREET1_CHECK_RAISE_DONE = "street1CheckRaiseDone",
    STREET2_CHECK_RAISE_DONE = "street2CheckRaiseDone",
    STREET3_CHECK_RAISE_DONE = "street3CheckRaiseDone",
    STREET4_CHECK_RAISE_DONE = "street4CheckRaiseDone",
}

/// Column indexes of the per-street families. The DDL keeps each family together (and the
/// chance/done pairs interleaved), which the `families_follow_the_ddl` test checks.
pub(crate) mod family {
    use super::col::*;

    /// `streetNSeen`, N = 1..=4.
    pub fn seen(n: usize) -> usize {
        STREET1_SEEN + n - 1
    }
    /// `streetNAggr`, N = 0..=4 (street0Aggr sits apart, next to street0VPI).
    pub fn aggr(n: usize) -> usize {
        if n == 0 {
            STREET0_AGGR
        } else {
            STREET1_AGGR + n - 1
        }
    }
    /// `otherRaisedStreetN`, N = 0..=4.
    pub fn other_raised(n: usize) -> usize {
        OTHER_RAISED_STREET0 + n
    }
    /// `foldToOtherRaisedStreetN`, N = 0..=4.
    pub fn fold_to_other_raised(n: usize) -> usize {
        FOLD_TO_OTHER_RAISED_STREET0 + n
    }
    /// `streetNCBChance`, N = 1..=4 (`+ 1` is the Done column).
    pub fn cb_chance(n: usize) -> usize {
        STREET1_CB_CHANCE + 2 * (n - 1)
    }
    /// `foldToStreetNCBChance`, N = 1..=4 (`+ 1` is the Done column).
    pub fn fold_to_cb_chance(n: usize) -> usize {
        FOLD_TO_STREET1_CB_CHANCE + 2 * (n - 1)
    }
    /// `streetNCheckCallRaiseChance`, N = 1..=4 (`+ 1` is the Done column).
    pub fn check_call_raise_chance(n: usize) -> usize {
        STREET1_CHECK_CALL_RAISE_CHANCE + 2 * (n - 1)
    }
    /// `streetNCheckRaiseDone`, N = 1..=4 (extension).
    pub fn check_raise_done(n: usize) -> usize {
        STREET1_CHECK_RAISE_DONE + n - 1
    }
    /// `streetNCalls`, N = 0..=4.
    pub fn calls(n: usize) -> usize {
        STREET0_CALLS + n
    }
    /// `streetNBets`, N = 0..=4.
    pub fn bets(n: usize) -> usize {
        STREET0_BETS + n
    }
    /// `streetNRaises`, N = 0..=4 (raises and completes).
    pub fn raises(n: usize) -> usize {
        STREET0_RAISES + n
    }
}

/// The statistic columns of one player, indexed by the [`col`] constants.
pub type Counts = [i32; N_COUNTS];

/// Everything stored for one hand besides what the parser already knows (names, game, times).
#[derive(Debug, Clone, PartialEq)]
pub struct HandRows {
    /// Hands.seats: players kept in the hand.
    pub seats: i16,
    /// Hands.maxSeats: the table size, printed or guessed (semantics.md §3.14).
    pub max_seats: i16,
    /// BoardCards rows, one per board in run order (none for stud and draw games).
    pub boards: Vec<BoardRow>,
    /// HandsPlayers rows, one per player kept, in seat order.
    pub players: Vec<PlayerRow>,
    /// HandsActions rows in order: street by street, then the showdown rows (street −1).
    pub actions: Vec<ActionRow>,
}

/// One BoardCards row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardRow {
    /// 1 = the first (or only) board, 2 = the second run or board.
    pub board_no: i16,
    /// card1Value..card5Value: rank 2..14 (A = 14), 0 = no card.
    pub values: [i16; 5],
    /// card1Suit..card5Suit: h, d, c, s, or x for no card.
    pub suits: [char; 5],
}

/// One HandsPlayers row.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerRow {
    /// The player's index in [`Hand::players`].
    pub player: PlayerIdx,
    pub seat_no: i16,
    /// Stack at the start of the hand.
    pub start_cash: Money,
    /// 'B', 'S' or '0'..'9' (semantics.md §2.1); '9' also for players who never acted preflop.
    pub position: char,
    /// card1..card20 (decisions.md §5/§6): 0 unknown or unused, −1 kept (draw games).
    pub cards: [i16; 20],
    /// Hold'em starting hand `13·x + y` (decisions.md §8); `None` for other games or unknown cards.
    pub start_cards: Option<i16>,
    /// The player's ante posts.
    pub ante: Money,
    /// Everything the player collected, after rake (cash-outs included).
    pub winnings: Money,
    /// The player's share of the hand's rake.
    pub rake: Money,
    /// winnings − everything the player put in (net of returned bets).
    pub total_profit: Money,
    /// allInEV (extension): totalProfit with the all-in replaced by its expectation ([`allin`]);
    /// equal to totalProfit in hands without a priced all-in. Σ over a hand = Σ totalProfit.
    pub all_in_ev: Money,
    /// wonWhenSeenStreet1..4 and wonAtSD: the player's share of all money collected in the hand
    /// when he saw that street (the showdown) and collected something, else 0 (decisions.md §12).
    pub won: [f64; 5],
    /// Every integer statistic column, in [`COUNT_COLUMNS`] order.
    pub counts: Counts,
    /// actionString (decisions.md §13), e.g. `Rc/Bf`.
    pub action_string: String,
    /// fpdb's street-0 flags beyond the design's columns (not stored).
    pub preflop: PreflopFlags,
}

impl PlayerRow {
    /// The value of an integer statistic column by its DDL name (case-insensitive).
    pub fn count(&self, column: &str) -> Option<i32> {
        COUNT_COLUMNS
            .iter()
            .position(|c| c.eq_ignore_ascii_case(column))
            .map(|i| self.counts[i])
    }
}

/// One HandsActions row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionRow {
    /// Index into [`HandRows::players`] (not into [`Hand::players`]).
    pub player: usize,
    /// 0.. the betting street (blinds are on street 0); −1 for the showdown rows.
    pub street: i16,
    /// Counted from 0 within the street, across all players.
    pub action_no: i16,
    /// bet, blind, call, check, fold, unbet, show, muck, draw or pat.
    pub action: &'static str,
    /// The action left the player with no chips.
    pub all_in: bool,
    /// Money this action put in; negative for an unbet (returned bet).
    pub amount: Money,
}

/// A validated hand with its actions split by street, shared by every statistic module.
pub(crate) struct Facts<'h> {
    pub hand: &'h Hand,
    /// Number of players in `hand.players`.
    pub n: usize,
    /// Betting streets of the game (5 stud, 4 flop games and triple draw, 2 single draw).
    pub streets: usize,
    /// The forced posts (street −1).
    pub posts: &'h [Action],
    /// The actions of each betting street; empty beyond `streets`.
    pub street: [&'h [Action]; MAX_STREETS],
}

impl<'h> Facts<'h> {
    /// Checks everything the statistics index by or add up, so no later pass can panic.
    pub fn new(hand: &'h Hand) -> Result<Facts<'h>, StatsError> {
        let n = hand.players.len();
        let streets = hand.street_count().min(MAX_STREETS);
        let last = streets as i8 - 1;
        // HandsActions numbers rows with a smallint: actions, returns and showdown rows.
        let rows = hand.actions.len() + hand.returned.len() + n + 1;
        if rows > i16::MAX as usize {
            return Err(StatsError::TooManyActions(rows));
        }
        let unknown = |what, index| StatsError::UnknownPlayer {
            what,
            index,
            players: n,
        };
        for p in &hand.players {
            check_amount(|| format!("the stack of {}", p.name), p.stack)?;
        }
        let mut previous = POSTS;
        let mut bounds = [hand.actions.len(); MAX_STREETS + 1];
        for (i, a) in hand.actions.iter().enumerate() {
            if a.player >= n {
                return Err(unknown("an action", a.player));
            }
            if a.street < previous {
                return Err(StatsError::StreetsOutOfOrder {
                    action: i,
                    street: a.street,
                    previous,
                });
            }
            let expected = if a.kind.is_post() {
                (a.street != POSTS).then(|| "forced posts belong to street -1".to_string())
            } else if a.street == POSTS || a.street > last {
                Some(format!(
                    "{} has betting streets 0..={last}",
                    hand.game.category.as_str()
                ))
            } else {
                None
            };
            if let Some(expected) = expected {
                return Err(StatsError::BadStreet {
                    action: i,
                    kind: kind_name(a),
                    street: a.street,
                    expected,
                });
            }
            check_amount(|| format!("action #{i} ({})", kind_name(a)), a.amount)?;
            // The first action of each street marks where the previous street's actions end.
            for s in (previous + 1).max(0)..=a.street {
                bounds[s as usize] = i;
            }
            previous = a.street;
        }
        for r in &hand.returned {
            if r.player >= n {
                return Err(unknown("an uncalled bet", r.player));
            }
            if r.street > last {
                return Err(StatsError::BadStreet {
                    action: hand.actions.len(),
                    kind: "uncalled bet",
                    street: r.street,
                    expected: format!("the game has betting streets 0..={last}"),
                });
            }
            check_amount(|| "an uncalled bet".to_string(), r.amount)?;
        }
        for c in &hand.collections {
            if c.player >= n {
                return Err(unknown("a collection", c.player));
            }
            check_amount(|| "a collection".to_string(), c.amount)?;
        }
        for c in &hand.cash_outs {
            if c.player >= n {
                return Err(unknown("a cash-out", c.player));
            }
            check_amount(|| "a cash-out".to_string(), c.amount)?;
        }
        check_amount(|| "the total pot".to_string(), hand.total_pot)?;
        check_amount(|| "the rake".to_string(), hand.rake)?;
        check_amount(|| "the money added to the pot".to_string(), hand.pot_added)?;

        let posts_end = bounds[0];
        let mut street: [&[Action]; MAX_STREETS] = [&[]; MAX_STREETS];
        for (s, slot) in street.iter_mut().enumerate().take(streets) {
            *slot = &hand.actions[bounds[s]..bounds[s + 1].max(bounds[s])];
        }
        Ok(Facts {
            hand,
            n,
            streets,
            posts: &hand.actions[..posts_end],
            street,
        })
    }

    /// Street 0's actions (preflop, 3rd street, the deal).
    pub fn street0(&self) -> &'h [Action] {
        self.street[0]
    }

    pub fn sitting_out(&self, p: PlayerIdx) -> bool {
        self.hand.players[p].sitting_out
    }
}

fn check_amount(what: impl FnOnce() -> String, amount: Money) -> Result<(), StatsError> {
    if (0..=MAX_AMOUNT).contains(&amount) {
        Ok(())
    } else {
        Err(StatsError::AmountOutOfRange {
            what: what(),
            amount,
            max: MAX_AMOUNT,
        })
    }
}

fn kind_name(a: &Action) -> &'static str {
    use crate::model::ActionKind::*;
    match a.kind {
        Ante => "ante",
        SmallBlind => "small blind",
        DeadSmallBlind => "dead small blind",
        BigBlind => "big blind",
        BothBlinds => "small and big blind",
        Straddle => "straddle",
        ButtonBlind => "button blind",
        BringIn => "bring-in",
        Complete => "complete",
        Bet => "bet",
        Raise => "raise",
        Call => "call",
        Check => "check",
        Fold => "fold",
        Discard => "discard",
        StandPat => "stand pat",
    }
}

/// Computes every derived value of a hand: positions, cards, money, statistics and actions.
///
/// Fails with a [`StatsError`] when the hand contradicts itself (an action by a player the hand
/// does not have, actions out of street order, negative money, too many cards, ...); never panics.
pub fn derive(hand: &Hand) -> Result<HandRows, StatsError> {
    derive_rows(hand, &mut |spot| spot.enumerate().ok())
}

/// [`derive`] without pricing the all-in: every `all_in_ev` is the player's `total_profit`. For a
/// pass that needs the other rows only (the import's first pass reads every hand for its keys
/// and dimension rows; the all-in's equity, the one costly part, is computed once, when the hand
/// is written).
pub fn derive_unpriced(hand: &Hand) -> Result<HandRows, StatsError> {
    derive_rows(hand, &mut |_| None)
}

/// [`derive`] with the all-in's enumeration given by `price`: called with the all-in's
/// [`Spot`] (at most once, only for a hand whose all-in is priced), it returns the spot's
/// [`Outcome`], computed elsewhere ([`crate::equity::pipeline`]) or now; `None` leaves every
/// `all_in_ev` at `total_profit`, as [`derive_unpriced`] does. A caller can also keep the spot
/// and return `None`, to price it later.
pub fn derive_priced_by(
    hand: &Hand,
    price: &mut dyn FnMut(&Spot) -> Option<Outcome>,
) -> Result<HandRows, StatsError> {
    derive_rows(hand, price)
}

fn derive_rows(
    hand: &Hand,
    price: &mut dyn FnMut(&Spot) -> Option<Outcome>,
) -> Result<HandRows, StatsError> {
    let f = Facts::new(hand)?;
    let money = money::compute(&f);
    let all_in_ev = allin::compute(&f, &money, price);
    // Row index of each kept player (usize::MAX for the others), for HandsActions.
    let row_of = kept_players(&f, &money);
    let seats = row_of.iter().filter(|&&r| r != usize::MAX).count();
    if seats < 2 {
        return Err(StatsError::TooFewPlayers(seats));
    }
    let positions = positions::compute(&f);
    let seen = streets::compute(&f);

    // One row per hand player, filled in place by the statistic modules; the players not kept
    // are dropped at the end.
    let mut rows = Vec::with_capacity(f.n);
    for (p, pl) in hand.players.iter().enumerate() {
        rows.push(PlayerRow {
            player: p,
            seat_no: i16::from(pl.seat),
            start_cash: pl.stack,
            position: positions[p],
            cards: cards::player_cards(&f, p)?,
            start_cards: cards::start_cards(&f, p)?,
            ante: money.players[p].ante,
            winnings: money.players[p].winnings,
            rake: money.players[p].rake,
            total_profit: money.players[p].profit(),
            all_in_ev: all_in_ev
                .as_ref()
                .map_or(money.players[p].profit(), |ev| ev[p]),
            won: money.won(p, &seen),
            counts: [0; N_COUNTS],
            action_string: String::new(),
            preflop: PreflopFlags::default(),
        });
    }
    let mut columns = Columns(&mut rows);
    streets::fill(&seen, &mut columns);
    preflop::compute(&f, &positions, &mut columns);
    postflop::compute(&f, &mut columns);
    counts::compute(&f, &mut columns);

    rows.retain(|r| row_of[r.player] != usize::MAX);
    let actions = actions::compute(&f, &row_of, &mut rows, &money, &seen.showdown);
    Ok(HandRows {
        seats: seats as i16,
        max_seats: max_seats(hand),
        boards: cards::boards(hand)?,
        players: rows,
        actions,
    })
}

/// The count columns and street-0 flags of the rows being built, indexed by hand player: the
/// statistic modules write `c[p][col::X] = 1` straight into the rows.
pub(crate) struct Columns<'r>(&'r mut [PlayerRow]);

impl Columns<'_> {
    /// Number of hand players.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// fpdb's extra street-0 flags of player `p`.
    pub fn flags(&mut self, p: PlayerIdx) -> &mut PreflopFlags {
        &mut self.0[p].preflop
    }
}

impl std::ops::Index<PlayerIdx> for Columns<'_> {
    type Output = Counts;
    fn index(&self, p: PlayerIdx) -> &Counts {
        &self.0[p].counts
    }
}

impl std::ops::IndexMut<PlayerIdx> for Columns<'_> {
    fn index_mut(&mut self, p: PlayerIdx) -> &mut Counts {
        &mut self.0[p].counts
    }
}

/// The players who get a HandsPlayers row (semantics.md §3.0): everyone in a tournament; in a cash
/// game everyone except the seated players who never act, are not dealt known cards, collect
/// nothing and show nothing (players sitting out or waiting for the big blind). Returns each hand
/// player's row number, `usize::MAX` for the players left out.
fn kept_players(f: &Facts, money: &money::MoneyFacts) -> Vec<usize> {
    let hand = f.hand;
    let mut kept = vec![hand.game.kind == GameKind::Tour; f.n];
    for a in &hand.actions {
        kept[a.player] = true;
    }
    for r in &hand.returned {
        kept[r.player] = true;
    }
    for (p, pl) in hand.players.iter().enumerate() {
        kept[p] |= money.players[p].winnings > 0
            || pl.shown
            || pl.cards.iter().any(|c| c.is_known())
            || pl.draws.iter().flatten().any(|c| c.is_known());
    }
    let mut next = 0;
    kept.iter()
        .map(|&k| {
            if k {
                next += 1;
                next - 1
            } else {
                usize::MAX
            }
        })
        .collect()
}

/// Hands.maxSeats: as printed, else semantics.md §3.14's guess (tournaments 10, stud 8, draw 6,
/// otherwise 10), raised to the highest seat number so the guess never contradicts the hand.
fn max_seats(hand: &Hand) -> i16 {
    if let Some(m) = hand.max_seats {
        return i16::from(m);
    }
    use crate::model::Base;
    let guess = match (hand.game.kind, hand.game.base) {
        (GameKind::Tour, _) => 10,
        (_, Base::Stud) => 8,
        (_, Base::Draw) => 6,
        _ => 10,
    };
    let highest = hand.players.iter().map(|p| i16::from(p.seat)).max();
    guess.max(highest.unwrap_or(0))
}

#[cfg(test)]
pub(crate) mod testkit;

#[cfg(test)]
mod tests {
    use super::family::*;
    use super::testkit::*;
    use super::*;

    #[test]
    fn families_follow_the_ddl() {
        for n in 0..=4 {
            assert_eq!(COUNT_COLUMNS[aggr(n)], format!("street{n}Aggr"));
            assert_eq!(
                COUNT_COLUMNS[other_raised(n)],
                format!("otherRaisedStreet{n}")
            );
            assert_eq!(
                COUNT_COLUMNS[fold_to_other_raised(n)],
                format!("foldToOtherRaisedStreet{n}")
            );
            assert_eq!(COUNT_COLUMNS[calls(n)], format!("street{n}Calls"));
            assert_eq!(COUNT_COLUMNS[bets(n)], format!("street{n}Bets"));
            assert_eq!(COUNT_COLUMNS[raises(n)], format!("street{n}Raises"));
        }
        for n in 1..=4 {
            assert_eq!(COUNT_COLUMNS[seen(n)], format!("street{n}Seen"));
            assert_eq!(COUNT_COLUMNS[cb_chance(n)], format!("street{n}CBChance"));
            assert_eq!(COUNT_COLUMNS[cb_chance(n) + 1], format!("street{n}CBDone"));
            assert_eq!(
                COUNT_COLUMNS[fold_to_cb_chance(n)],
                format!("foldToStreet{n}CBChance")
            );
            assert_eq!(
                COUNT_COLUMNS[fold_to_cb_chance(n) + 1],
                format!("foldToStreet{n}CBDone")
            );
            assert_eq!(
                COUNT_COLUMNS[check_call_raise_chance(n)],
                format!("street{n}CheckCallRaiseChance")
            );
            assert_eq!(
                COUNT_COLUMNS[check_call_raise_chance(n) + 1],
                format!("street{n}CheckCallRaiseDone")
            );
            assert_eq!(
                COUNT_COLUMNS[check_raise_done(n)],
                format!("street{n}CheckRaiseDone")
            );
        }
        assert_eq!(N_COUNTS, 76);
    }

    #[test]
    fn bad_player_index_is_an_error() {
        let (mut b, [sb, bb, _]) = holdem3();
        b.fold(sb);
        let mut h = b.finish();
        h.actions.last_mut().unwrap().player = 7;
        let e = derive(&h).unwrap_err();
        assert!(
            matches!(e, StatsError::UnknownPlayer { index: 7, .. }),
            "{e}"
        );
        assert!(e.to_string().contains("player #7"));
        let _ = bb;
    }

    #[test]
    fn streets_out_of_order_is_an_error() {
        let (mut b, [sb, bb, btn]) = holdem3();
        b.call(btn, 2, false);
        b.call(sb, 1, false);
        b.check(bb);
        b.set_street(1);
        b.check(sb);
        let mut h = b.finish();
        h.actions.push(h.actions[3].clone());
        let e = derive(&h).unwrap_err();
        assert!(matches!(e, StatsError::StreetsOutOfOrder { .. }), "{e}");
    }

    #[test]
    fn posts_on_a_betting_street_and_streets_beyond_the_game_are_errors() {
        let (b, _) = holdem3();
        let mut h = b.finish();
        h.actions[0].street = 0;
        assert!(matches!(
            derive(&h).unwrap_err(),
            StatsError::BadStreet { .. }
        ));
        let (mut b, [sb, ..]) = holdem3();
        b.set_street(4);
        b.fold(sb);
        assert!(matches!(
            derive(&b.finish()).unwrap_err(),
            StatsError::BadStreet { street: 4, .. }
        ));
    }

    #[test]
    fn negative_and_huge_amounts_are_errors() {
        let (b, _) = holdem3();
        let mut h = b.finish();
        h.actions[1].amount = -5;
        assert!(matches!(
            derive(&h).unwrap_err(),
            StatsError::AmountOutOfRange { amount: -5, .. }
        ));
        let (b, _) = holdem3();
        let mut h = b.finish();
        h.players[0].stack = i64::MAX;
        assert!(matches!(
            derive(&h).unwrap_err(),
            StatsError::AmountOutOfRange { .. }
        ));
    }

    #[test]
    fn unknown_collector_is_an_error() {
        let (mut b, [sb, bb, btn]) = holdem3();
        b.fold(btn);
        b.fold(sb);
        b.collect(bb, 3, 0, 0);
        let mut h = b.finish();
        h.collections[0].player = 3;
        assert!(matches!(
            derive(&h).unwrap_err(),
            StatsError::UnknownPlayer {
                what: "a collection",
                ..
            }
        ));
    }

    #[test]
    fn cash_players_who_take_no_part_are_removed_tournament_players_kept() {
        let mut b = builder(ring_holdem());
        let sb = b.add_player(1, "sb", 100, false);
        let bb = b.add_player(2, "bb", 100, false);
        let _away = b.add_player(3, "away", 100, true);
        let btn = b.add_player(4, "btn", 100, false);
        b.post(sb, crate::model::ActionKind::SmallBlind, 1, false);
        b.post(bb, crate::model::ActionKind::BigBlind, 2, false);
        b.set_street(0);
        b.fold(btn);
        b.fold(sb);
        b.uncalled(bb, 1);
        b.collect(bb, 2, 0, 0);
        let h = b.finish();
        let rows = derive(&h).unwrap();
        assert_eq!(rows.seats, 3);
        let kept: Vec<_> = rows.players.iter().map(|r| r.player).collect();
        assert_eq!(kept, vec![0, 1, 3]);
        // HandsActions refer to rows, not to hand players: btn is row 2.
        assert!(rows
            .actions
            .iter()
            .any(|a| a.player == 2 && a.action == "fold"));

        let mut t = h.clone();
        t.game.kind = GameKind::Tour;
        assert_eq!(derive(&t).unwrap().seats, 4);
    }

    #[test]
    fn a_hand_with_one_player_left_is_an_error() {
        let mut b = builder(ring_holdem());
        let a = b.add_player(1, "a", 100, false);
        let _ = b.add_player(2, "b", 100, true);
        b.post(a, crate::model::ActionKind::BigBlind, 2, false);
        assert_eq!(
            derive(&b.finish()).unwrap_err(),
            StatsError::TooFewPlayers(1)
        );
    }

    #[test]
    fn max_seats_is_printed_or_guessed() {
        let (b, _) = holdem3();
        let mut h = b.finish();
        assert_eq!(max_seats(&h), 10);
        h.max_seats = Some(6);
        assert_eq!(max_seats(&h), 6);
        h.max_seats = None;
        h.game.base = crate::model::Base::Draw;
        assert_eq!(max_seats(&h), 6);
        h.players[2].seat = 7;
        assert_eq!(max_seats(&h), 7);
        h.game.base = crate::model::Base::Stud;
        assert_eq!(max_seats(&h), 8);
        h.game.kind = GameKind::Tour;
        assert_eq!(max_seats(&h), 10);
    }

    #[test]
    fn count_by_name() {
        let (mut b, [sb, bb, btn]) = holdem3();
        b.raise_to(btn, 6, false);
        b.fold(sb);
        b.fold(bb);
        b.uncalled(btn, 4);
        b.collect(btn, 5, 0, 0);
        let rows = derive(&b.finish()).unwrap();
        let btn_row = rows.players.iter().find(|r| r.player == btn).unwrap();
        assert_eq!(btn_row.count("street0VPI"), Some(1));
        assert_eq!(btn_row.count("STREET0AGGR"), Some(1));
        assert_eq!(btn_row.count("nonsense"), None);
    }
}
