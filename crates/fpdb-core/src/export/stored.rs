//! A hand as fpdb stores it: what the Hands, HandsPlayers, HandsActions, BoardCards, Gametypes,
//! Sites, Tourneys and TourneyTypes rows of one hand hold, without the database ids.
//!
//! [`StoredHand::from_parsed`] is what an import stores of a parsed hand (the rows
//! [`crate::stats::derive`] computes, as the import writes them); the extension builds the same
//! value from the tables. Every exporter reads only this, so an exported hand says exactly what
//! the database knows, whatever the room's text said beyond it.

use chrono::{DateTime, Utc};

use crate::model::{Category, Game, Hand, Money};

use super::ExportError;
use crate::stats::{ActionRow, BoardRow, Counts, HandRows};

/// One stored hand.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredHand {
    /// Sites.name.
    pub site: String,
    /// Hands.siteHandNo.
    pub site_hand_no: i64,
    /// Hands.siteHandId: the id as the room printed it.
    pub site_hand_id: String,
    /// Hands.tableName.
    pub table_name: String,
    /// Hands.handStart.
    pub start_time: DateTime<Utc>,
    /// Hands.seats: players with a HandsPlayers row.
    pub seats: i16,
    /// Hands.maxSeats.
    pub max_seats: i16,
    /// Hands.buttonSeat.
    pub button_seat: Option<i16>,
    /// Hands.totalPot: everything put in the pot (room-added money included).
    pub total_pot: Money,
    /// Hands.rake: everything the room took.
    pub rake: Money,
    /// The Gametypes row (`home_game` and `split_board` are not stored: always false).
    pub game: Game,
    /// The Tourneys and TourneyTypes rows of a tournament hand.
    pub tourney: Option<StoredTourney>,
    /// HandsPlayers rows (with Players.name), in seat order.
    pub players: Vec<StoredPlayer>,
    /// HandsActions rows in order of (street 0.., actionNo), then the showdown rows (street −1);
    /// `player` is an index into `players`.
    pub actions: Vec<ActionRow>,
    /// BoardCards rows in board order.
    pub boards: Vec<BoardRow>,
}

/// The tournament of a hand: Tourneys.siteTourneyNo and its TourneyTypes row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredTourney {
    pub tourney_no: i64,
    /// Buy-in without the fee, bounty included, in cents of `currency`.
    pub buyin: Money,
    pub fee: Money,
    /// Knockout part of the buy-in.
    pub knockout: Money,
    /// TourneyTypes.currency: USD, EUR, FPP, play, FREE, ...
    pub currency: String,
    pub rebuy: bool,
}

/// One HandsPlayers row and its player's name.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredPlayer {
    pub name: String,
    pub seat: i16,
    pub start_cash: Money,
    /// 'B', 'S', '0'..'9'.
    pub position: char,
    /// card1..card20: 0 unknown or unused, −1 kept (draw games).
    pub cards: [i16; 20],
    pub start_cards: Option<i16>,
    pub ante: Money,
    pub winnings: Money,
    pub rake: Money,
    pub total_profit: Money,
    /// wonWhenSeenStreet1..4, wonAtSD.
    pub won: [f64; 5],
    /// The integer statistic columns, in [`crate::stats::COUNT_COLUMNS`] order.
    pub counts: Counts,
    pub action_string: String,
}

impl StoredHand {
    /// What an import stores of `hand`, whose rows `derive` computed.
    pub fn from_parsed(hand: &Hand, rows: &HandRows) -> StoredHand {
        let players = rows
            .players
            .iter()
            .map(|r| StoredPlayer {
                name: hand.players[r.player].name.clone(),
                seat: r.seat_no,
                start_cash: r.start_cash,
                position: r.position,
                cards: r.cards,
                start_cards: r.start_cards,
                ante: r.ante,
                winnings: r.winnings,
                rake: r.rake,
                total_profit: r.total_profit,
                won: r.won,
                counts: r.counts,
                action_string: r.action_string.clone(),
            })
            .collect();
        let mut game = hand.game.clone();
        // Gametypes has no column for these.
        game.home_game = false;
        game.split_board = false;
        let tourney = hand.tournament.as_ref().map(|t| StoredTourney {
            tourney_no: t.tourney_no,
            buyin: t.buyin,
            fee: t.fee,
            knockout: t.bounty,
            currency: t.currency.clone(),
            // The import creates TourneyTypes with rebuyOrAddon false.
            rebuy: false,
        });
        StoredHand {
            site: hand.site.clone(),
            site_hand_no: hand.site_hand_no,
            site_hand_id: hand.site_hand_id.clone(),
            table_name: hand.table_name.clone(),
            start_time: hand.start_time,
            seats: rows.seats,
            max_seats: rows.max_seats,
            button_seat: hand.button_seat.map(i16::from),
            total_pot: hand.total_pot,
            rake: hand.rake,
            game,
            tourney,
            players,
            actions: rows.actions.clone(),
            boards: rows.boards.clone(),
        }
    }

    /// The hand's actions on betting street `street`, in order.
    pub fn actions_on(&self, street: i16) -> impl Iterator<Item = &ActionRow> {
        self.actions.iter().filter(move |a| a.street == street)
    }

    /// Whether player `p` has a showdown row of this kind ("show" or "muck").
    pub fn showdown_row(&self, p: usize, kind: &str) -> bool {
        self.actions
            .iter()
            .any(|a| a.street == -1 && a.player == p && a.action == kind)
    }
}

/// The HandsActions `action` value as the static string the stats module writes (rows read from
/// the database hold the same words); `None` for a value fpdb never writes.
pub fn action_name(text: &str) -> Option<&'static str> {
    const NAMES: [&str; 10] = [
        "bet", "blind", "call", "check", "fold", "unbet", "show", "muck", "draw", "pat",
    ];
    let t = text.trim_end();
    NAMES.iter().copied().find(|n| *n == t)
}

/// A Gametypes row as the table holds it.
#[derive(Debug, Clone, Copy)]
pub struct GametypeRow<'a> {
    pub kind: &'a str,
    pub category: &'a str,
    pub limit_type: &'a str,
    pub hi_lo: &'a str,
    pub small_blind: Money,
    pub big_blind: Money,
    pub small_bet: Money,
    pub big_bet: Money,
    pub ante: Money,
    pub currency: &'a str,
    /// `none` for a game that is not part of a mix.
    pub mix: &'a str,
    pub fast: bool,
}

impl GametypeRow<'_> {
    /// The game of the row; a value fpdb never writes is [`ExportError::Inconsistent`].
    pub fn game(&self) -> Result<Game, ExportError> {
        use crate::model::{GameKind, HiLo, LimitType};
        let bad =
            |what: &str, v: &str| ExportError::inconsistent(format!("Gametypes.{what} '{v}'"));
        let kind = match self.kind.trim_end() {
            "ring" => GameKind::Ring,
            "tour" => GameKind::Tour,
            v => return Err(bad("type", v)),
        };
        let category = Category::from_name(self.category.trim_end())
            .ok_or_else(|| bad("category", self.category))?;
        let limit_type = match self.limit_type.trim_end() {
            "nl" => LimitType::NoLimit,
            "cn" => LimitType::CapNoLimit,
            "pl" => LimitType::PotLimit,
            "cp" => LimitType::CapPotLimit,
            "fl" => LimitType::FixedLimit,
            "pn" => LimitType::PotNoLimit,
            v => return Err(bad("limitType", v)),
        };
        let hi_lo = match self.hi_lo.trim_end() {
            "h" => HiLo::Hi,
            "l" => HiLo::Lo,
            "s" => HiLo::Split,
            v => return Err(bad("hiLo", v)),
        };
        let mix = self.mix.trim_end();
        Ok(Game {
            kind,
            base: category.base(),
            category,
            limit_type,
            hi_lo,
            small_blind: self.small_blind,
            big_blind: self.big_blind,
            small_bet: self.small_bet,
            big_bet: self.big_bet,
            ante: self.ante,
            currency: self.currency.trim_end().to_string(),
            mix: (mix != "none" && !mix.is_empty()).then(|| mix.to_string()),
            fast: self.fast,
            home_game: false,
            split_board: false,
        })
    }
}
