//! The Unibet parser against the corpus (`shared/corpus/cash/Unibet`): the room's own client of
//! 2021, cash tables in euros.
//!
//! - the checks of every room on the skeleton (`common::room_corpus_agrees`): every hand of
//!   every file parses (none is refused), one hand per file; each is detected as Unibet, and no
//!   other room's file yields a Unibet hand; money adds up in every hand and the derived
//!   statistics agree; hand numbers identify hands; sidecars agree (the corpus has none for
//!   Unibet; one added later is compared too); damaged hands never panic;
//! - the hand of the file, checked by hand against the text: an all-in raise nobody called,
//!   paid back inside the win (`Hero wins €1.10` holds his own €0.85).

mod common;

use common::*;
use fpdb_core::model::*;

const SITE: &str = "Unibet";
const DIRS: &[&str] = &["cash/Unibet"];

#[test]
fn the_corpus_agrees() {
    let mut room = RoomCorpus::new(SITE, DIRS, 1);
    room.rules.max_rake_percent = Some(10);
    room_corpus_agrees(&room);
}

#[test]
fn hands_checked_by_hand() {
    let h = first_hand(&in_flop(DIRS, "NLHE-EUR-0.05-0.10-202104.Banzi.txt"));
    let head = (
        h.site.as_str(),
        h.site_hand_no,
        h.site_hand_id.as_str(),
        h.start_time.to_rfc3339(),
        h.table_name.as_str(),
        h.button_seat,
    );
    let want = (
        "Unibet",
        1_463_192_545,
        "1463192545",
        "2021-04-04T13:22:50+00:00".to_string(),
        "€1 NL",
        Some(6),
    );
    assert_eq!(head, want);
    let g = &h.game;
    assert_eq!(
        (
            g.category,
            g.limit_type,
            g.small_blind,
            g.big_blind,
            g.currency.as_str()
        ),
        (Category::Holdem, LimitType::NoLimit, 5, 10, "EUR")
    );
    let stacks: Vec<(u8, &str, Money)> = h
        .players
        .iter()
        .map(|p| (p.seat, p.name.as_str(), p.stack))
        .collect();
    assert_eq!(
        stacks,
        [
            (1, "Player0", 515),
            (2, "Player1", 100),
            (3, "Player2", 153),
            (4, "Hero", 95),
            (5, "Player3", 124),
            (6, "Player4", 235)
        ]
    );
    let hero = h.player_index("Hero").unwrap();
    assert_eq!(h.hero, Some(hero));
    assert_eq!(h.players[hero].cards.len(), 2);
    // The raise all-in to €0.95; €0.85 of it comes back, the €0.25 of the pot is won.
    let raise = h
        .actions
        .iter()
        .find(|a| a.player == hero)
        .expect("Hero acts");
    assert_eq!(
        (raise.kind, raise.amount, raise.all_in),
        (ActionKind::Raise, 95, true)
    );
    assert_eq!((h.total_pot, h.rake), (25, 0));
    let returned: Vec<(usize, Money)> = h.returned.iter().map(|r| (r.player, r.amount)).collect();
    assert_eq!(returned, [(hero, 85)]);
    let won: Vec<(usize, Money)> = h.collections.iter().map(|c| (c.player, c.amount)).collect();
    assert_eq!(won, [(hero, 25)]);
}
