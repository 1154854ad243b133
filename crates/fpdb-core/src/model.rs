//! The site-neutral hand model: what every room's parser fills and what the statistics read.
//!
//! Money is an integer in the table's unit: cents for real-money tables (decisions.md §4),
//! chips as printed for tournaments and play-money tables. Players are referred to by their index
//! in [`Hand::players`]. Streets are numbered as the design numbers them: 0 = preflop / 3rd street
//! / the deal, 1.. the later streets; −1 holds the forced posts (antes, blinds, straddles).
//!
//! Serialised with serde, this is the JSON document `fpdb.parse_hands` returns.

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::cards::Card;

/// Money in the table's unit (cents, or chips for tournaments and play money).
pub type Money = i64;

/// Index of a player in [`Hand::players`].
pub type PlayerIdx = usize;

/// Street number of the forced posts (antes, blinds, straddles), before street 0.
pub const POSTS: i8 = -1;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Cash game ("ring" in the design).
    Ring,
    /// Tournament or sit-and-go.
    Tour,
}

impl GameKind {
    pub fn as_str(self) -> &'static str {
        match self {
            GameKind::Ring => "ring",
            GameKind::Tour => "tour",
        }
    }
}

/// The underlying structure of a game (Gametypes.base).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Base {
    /// Community-card games: hold'em, omaha, courchevel.
    Hold,
    /// Stud and razz.
    Stud,
    /// Draw games, badugi included.
    Draw,
}

impl Base {
    pub fn as_str(self) -> &'static str {
        match self {
            Base::Hold => "hold",
            Base::Stud => "stud",
            Base::Draw => "draw",
        }
    }
}

/// Hi, lo or split (Gametypes.hiLo).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum HiLo {
    #[serde(rename = "h")]
    Hi,
    #[serde(rename = "l")]
    Lo,
    #[serde(rename = "s")]
    Split,
}

impl HiLo {
    pub fn as_str(self) -> &'static str {
        match self {
            HiLo::Hi => "h",
            HiLo::Lo => "l",
            HiLo::Split => "s",
        }
    }
}

macro_rules! categories {
    ($( $variant:ident = $name:literal, $base:ident, $hilo:ident, $cards:literal; )*) => {
        /// The game (Gametypes.category), with the names of the design and of fpdb.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
        pub enum Category {
            $( #[serde(rename = $name)] $variant, )*
        }

        impl Category {
            pub const ALL: &'static [Category] = &[$(Category::$variant),*];

            pub fn as_str(self) -> &'static str {
                match self { $(Category::$variant => $name,)* }
            }

            pub fn base(self) -> Base {
                match self { $(Category::$variant => Base::$base,)* }
            }

            pub fn hilo(self) -> HiLo {
                match self { $(Category::$variant => HiLo::$hilo,)* }
            }

            /// Cards each player holds: hole cards in flop games, all cards in stud and draw.
            pub fn hand_size(self) -> usize {
                match self { $(Category::$variant => $cards,)* }
            }

            pub fn from_name(name: &str) -> Option<Category> {
                match name { $($name => Some(Category::$variant),)* _ => None }
            }
        }
    };
}

categories! {
    Holdem = "holdem", Hold, Hi, 2;
    SixPlusHoldem = "6_holdem", Hold, Hi, 2;
    Pineapple = "irish", Hold, Hi, 4;
    OmahaHi = "omahahi", Hold, Hi, 4;
    OmahaHiLo = "omahahilo", Hold, Split, 4;
    Omaha5Hi = "5_omahahi", Hold, Hi, 5;
    Omaha5HiLo = "5_omaha8", Hold, Split, 5;
    Omaha6Hi = "6_omahahi", Hold, Hi, 6;
    Omaha6HiLo = "6_omaha8", Hold, Split, 6;
    CourchevelHi = "cour_hi", Hold, Hi, 5;
    CourchevelHiLo = "cour_hilo", Hold, Split, 5;
    Fusion = "fusion", Hold, Hi, 4;
    Razz = "razz", Stud, Lo, 7;
    StudHi = "studhi", Stud, Hi, 7;
    StudHiLo = "studhilo", Stud, Split, 7;
    Stud5Hi = "5_studhi", Stud, Hi, 5;
    FiveDraw = "fivedraw", Draw, Hi, 5;
    SingleDraw27 = "27_1draw", Draw, Lo, 5;
    TripleDraw27 = "27_3draw", Draw, Lo, 5;
    SingleDrawA5 = "a5_1draw", Draw, Lo, 5;
    TripleDrawA5 = "a5_3draw", Draw, Lo, 5;
    Badugi = "badugi", Draw, Lo, 4;
}

/// Betting structure (Gametypes.limitType).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum LimitType {
    #[serde(rename = "nl")]
    NoLimit,
    /// Capped no-limit.
    #[serde(rename = "cn")]
    CapNoLimit,
    #[serde(rename = "pl")]
    PotLimit,
    /// Capped pot-limit.
    #[serde(rename = "cp")]
    CapPotLimit,
    #[serde(rename = "fl")]
    FixedLimit,
    /// Pot limit pre-flop, no limit post-flop.
    #[serde(rename = "pn")]
    PotNoLimit,
}

impl LimitType {
    pub fn as_str(self) -> &'static str {
        match self {
            LimitType::NoLimit => "nl",
            LimitType::CapNoLimit => "cn",
            LimitType::PotLimit => "pl",
            LimitType::CapPotLimit => "cp",
            LimitType::FixedLimit => "fl",
            LimitType::PotNoLimit => "pn",
        }
    }
}

/// What game is played at which stakes: the natural key of a Gametypes row.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Game {
    #[serde(rename = "type")]
    pub kind: GameKind,
    pub base: Base,
    pub category: Category,
    #[serde(rename = "limit")]
    pub limit_type: LimitType,
    #[serde(rename = "hilo")]
    pub hi_lo: HiLo,
    /// Small blind (0 in button-blind and stud games); the bring-in is not a blind.
    pub small_blind: Money,
    /// Big blind; in stud the small bet.
    pub big_blind: Money,
    /// The small bet: the big blind (in fixed-limit games the bet of the early streets).
    pub small_bet: Money,
    /// The big bet: twice the big blind (in fixed-limit games the bet of the late streets), as
    /// fpdb's Gametypes store it for every betting structure.
    pub big_bet: Money,
    /// Ante per player, 0 when none.
    pub ante: Money,
    /// Currency of the table's money: ISO code (USD, EUR, ...), "T$" for tournament chips,
    /// "play" for play money.
    pub currency: String,
    /// Mixed game the hand belongs to (e.g. "horse", "8game"), if any.
    pub mix: Option<String>,
    /// Fast-fold table (Zoom, Rush, Fast Forward, ...).
    pub fast: bool,
    /// Home game (private club table).
    pub home_game: bool,
    /// Two boards dealt at once (double-board game), not a run-it-twice.
    pub split_board: bool,
}

impl Game {
    /// A blind game of `category` at `small_blind`/`big_blind`: the small bet the big blind,
    /// the big bet twice it, no ante, not mixed, fast, home or double-board (set those after).
    pub fn blinds(
        kind: GameKind,
        category: Category,
        limit_type: LimitType,
        (small_blind, big_blind): (Money, Money),
        currency: &str,
    ) -> Game {
        Game {
            kind,
            base: category.base(),
            category,
            limit_type,
            hi_lo: category.hilo(),
            small_blind,
            big_blind,
            small_bet: big_blind,
            big_bet: big_blind.saturating_mul(2),
            ante: 0,
            currency: currency.to_string(),
            mix: None,
            fast: false,
            home_game: false,
            split_board: false,
        }
    }
}

/// One player dealt into the hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Player {
    pub seat: u8,
    pub name: String,
    /// Stack at the start of the hand.
    pub stack: Money,
    /// Marked as sitting out (in the seat line or the hand).
    pub sitting_out: bool,
    /// Bounty on the player's head (knockout tournaments), if printed: real money, in cents of
    /// the tournament's buy-in currency.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bounty: Option<Money>,
    /// Cards in dealing order, [`Card::UNKNOWN`] where not known. Flop games: the hole cards.
    /// Stud: all seven slots in dealing order (two down, four up, one down). Draw games: the
    /// initial deal (the hands after each draw are in `draws`).
    pub cards: Vec<Card>,
    /// Draw games: the whole hand after each draw, in the order the room prints it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub draws: Vec<Vec<Card>>,
    /// Showed cards (at showdown or voluntarily).
    pub shown: bool,
    /// Mucked at showdown.
    pub mucked: bool,
}

/// What an action did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    Ante,
    SmallBlind,
    /// A dead small blind posted by someone who is not the small blind (posting a missed blind).
    DeadSmallBlind,
    /// A big blind; the first poster is the big blind, later ones are late/returning players.
    BigBlind,
    /// Small and big blind posted together: `amount` is the total, the small-blind part is dead.
    BothBlinds,
    Straddle,
    ButtonBlind,
    BringIn,
    /// Stud: completing the bring-in to a full bet.
    Complete,
    Bet,
    Raise,
    Call,
    Check,
    Fold,
    /// Draw games: discarding `discards` cards.
    Discard,
    /// Draw games: keeping every card.
    StandPat,
}

impl ActionKind {
    /// Forced bets: never voluntary, never aggressive (semantics.md §3.0b).
    pub fn is_post(self) -> bool {
        matches!(
            self,
            ActionKind::Ante
                | ActionKind::SmallBlind
                | ActionKind::DeadSmallBlind
                | ActionKind::BigBlind
                | ActionKind::BothBlinds
                | ActionKind::Straddle
                | ActionKind::ButtonBlind
        )
    }

    /// Bets, raises and completes.
    pub fn is_aggressive(self) -> bool {
        matches!(
            self,
            ActionKind::Bet | ActionKind::Raise | ActionKind::Complete
        )
    }

    /// Discards and stands pat: no betting effect.
    pub fn is_draw(self) -> bool {
        matches!(self, ActionKind::Discard | ActionKind::StandPat)
    }
}

/// One action, in table order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Action {
    /// −1 for posts, else the street (0 = preflop / 3rd street / the deal).
    pub street: i8,
    pub player: PlayerIdx,
    pub kind: ActionKind,
    /// Money this action put into the pot (for a raise: the chips added, call part included).
    pub amount: Money,
    /// Bets, raises, completes: the player's total on this street after the action.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub raise_to: Option<Money>,
    /// The action left the player with no chips.
    pub all_in: bool,
    /// Discards: the number of cards thrown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discards: Option<u8>,
    /// Discards: the cards thrown, when the room prints them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<Card>,
}

/// An uncalled bet given back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Returned {
    pub street: i8,
    pub player: PlayerIdx,
    pub amount: Money,
}

/// Money a player took from a pot (after rake).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Collection {
    pub player: PlayerIdx,
    pub amount: Money,
    /// 0 = main pot (or the whole pot), 1.. side pots, as the room numbers them.
    pub pot: u8,
    /// Board the pot was won on (0 = first board or the only one; 1 = second board).
    pub board: u8,
}

/// A player who sold his equity (cash-out / all-in insurance offered by the room).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CashOut {
    pub player: PlayerIdx,
    /// Amount paid to the player (counted in his winnings).
    pub amount: Money,
    /// Fee the room kept.
    pub fee: Money,
}

/// Tournament facts printed in the hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Tournament {
    /// The site's tournament number.
    pub tourney_no: i64,
    /// Buy-in without the fee, in cents of `currency` (bounty included for knockouts).
    pub buyin: Money,
    pub fee: Money,
    /// Knockout bounty part of the buy-in, 0 when none.
    pub bounty: Money,
    /// Currency of the buy-in (USD, EUR, FPP, play, ...); "FREE" for freerolls.
    pub currency: String,
    /// Level as printed ("I", "XL", "12"), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// Table number within the tournament, if printed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table_no: Option<String>,
    /// Rebuys or add-ons were seen (a re-buy line in the hand).
    pub rebuy: bool,
    /// Places and prizes printed in the hand.
    pub results: Vec<Finish>,
}

impl Tournament {
    /// A tournament whose hands print no buy-in (0 in `currency`), only its number and table.
    pub fn unpriced(tourney_no: i64, currency: &str, table_no: Option<String>) -> Tournament {
        Tournament {
            tourney_no,
            buyin: 0,
            fee: 0,
            bounty: 0,
            currency: currency.to_string(),
            level: None,
            table_no,
            rebuy: false,
            results: Vec::new(),
        }
    }
}

/// A player's finishing place (and prize) printed in a tournament hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finish {
    pub player: PlayerIdx,
    pub place: u32,
    /// Prize in cents of the tournament currency, when printed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prize: Option<Money>,
}

/// One hand, site-neutral.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Hand {
    /// Site name as stored in Sites.name ("PokerStars", "GGPoker", ...).
    pub site: String,
    /// The site's hand number (Hands.siteHandNo). Non-numeric ids are mapped by the room's parser.
    pub site_hand_no: i64,
    /// The hand id exactly as printed.
    pub site_hand_id: String,
    pub table_name: String,
    /// Seats at the table ("9-max"), when printed or known for the room.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_seats: Option<u8>,
    /// Seat number of the button, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub button_seat: Option<u8>,
    pub game: Game,
    /// Start of the hand in UTC.
    pub start_time: DateTime<Utc>,
    /// Players dealt in, in seat order.
    pub players: Vec<Player>,
    /// The player whose hole cards the history was written for, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hero: Option<PlayerIdx>,
    /// Community cards, one entry per board in run order (two for run-it-twice or double-board
    /// hands). Empty for stud and draw games.
    pub boards: Vec<Vec<Card>>,
    /// The hand was run more than once (all-in run-it-twice), not a double-board game.
    pub run_it_twice: bool,
    /// Every action in table order, posts first.
    pub actions: Vec<Action>,
    /// Uncalled bets given back.
    pub returned: Vec<Returned>,
    /// Money taken from the pots, per player and pot, after rake.
    pub collections: Vec<Collection>,
    pub cash_outs: Vec<CashOut>,
    /// Everything put in the pot, room-added money included (before rake), uncalled bets
    /// excluded. Σ collections + rake + `cashed_out_pot` = total_pot, and the money put in by the
    /// actions less the uncalled bets returned = total_pot − `pot_added`.
    pub total_pot: Money,
    /// Everything the room took from the pot: rake plus jackpot and similar fees.
    pub rake: Money,
    /// Money the room added to the pot (promotions such as "STP added").
    pub pot_added: Money,
    /// Pot money won by players who had cashed out (sold their equity, see `cash_outs`): the room
    /// keeps it ("pot not awarded as player cashed out"), so it is in no collection.
    pub cashed_out_pot: Money,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tournament: Option<Tournament>,
}

impl Hand {
    /// The largest ante anyone posted, if anyone did (the ante of rooms that print it only in
    /// the posts).
    pub fn largest_ante(&self) -> Option<Money> {
        self.actions
            .iter()
            .filter(|a| a.kind == ActionKind::Ante)
            .map(|a| a.amount)
            .max()
    }

    pub fn player_index(&self, name: &str) -> Option<PlayerIdx> {
        self.players.iter().position(|p| p.name == name)
    }

    /// Number of betting streets the game has (5 for stud, 4 for flop games and triple draw, ...).
    pub fn street_count(&self) -> usize {
        match self.game.category {
            Category::Stud5Hi => 4,
            c if c.base() == Base::Stud => 5,
            Category::SingleDraw27 | Category::SingleDrawA5 | Category::FiveDraw => 2,
            c if c.base() == Base::Draw => 4,
            _ => 4,
        }
    }

    pub fn actions_on(&self, street: i8) -> impl Iterator<Item = &Action> {
        self.actions.iter().filter(move |a| a.street == street)
    }
}
