//! Small hands for the unit tests, built the way parsers build them.

use chrono::TimeZone;

use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::model::*;

pub use crate::model::{Category, LimitType};

pub fn game(category: Category, limit_type: LimitType, sb: Money, bb: Money) -> Game {
    Game {
        kind: GameKind::Ring,
        base: category.base(),
        category,
        limit_type,
        hi_lo: category.hilo(),
        small_blind: sb,
        big_blind: bb,
        small_bet: bb,
        big_bet: bb * 2,
        ante: 0,
        currency: "USD".into(),
        mix: None,
        fast: false,
        home_game: false,
        split_board: false,
    }
}

pub fn ring_holdem() -> Game {
    game(Category::Holdem, LimitType::NoLimit, 1, 2)
}

pub fn builder(game: Game) -> HandBuilder {
    let t = chrono::Utc
        .with_ymd_and_hms(2010, 4, 16, 10, 14, 6)
        .unwrap();
    HandBuilder::new("PokerStars", 1, "1", game, t)
}

/// Hold'em 1/2 with players sb (seat 1), bb (seat 2), btn (seat 3), 100 each; blinds posted and
/// street 0 started.
pub fn holdem3() -> (HandBuilder, [PlayerIdx; 3]) {
    let (b, p) = holdem_n(3);
    (b, [p[0], p[1], p[2]])
}

/// Hold'em 1/2 with `n` players of 100 in seats 1..=n; seat 1 posts the small blind, seat 2 the
/// big blind, the last seat is the button. Street 0 started.
pub fn holdem_n(n: u8) -> (HandBuilder, Vec<PlayerIdx>) {
    let mut b = builder(ring_holdem());
    let players: Vec<_> = (1..=n)
        .map(|s| b.add_player(s, &format!("p{s}"), 100, false))
        .collect();
    b.hand_mut().button_seat = Some(n);
    b.post(players[0], ActionKind::SmallBlind, 1, false);
    b.post(players[1], ActionKind::BigBlind, 2, false);
    b.set_street(0);
    (b, players)
}

pub fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|c| Card::parse(c).unwrap())
        .collect()
}

pub fn code(text: &str) -> i16 {
    i16::from(Card::parse(text).unwrap().code())
}
