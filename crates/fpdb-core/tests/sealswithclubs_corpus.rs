//! The Seals With Clubs parser against the corpus (`shared/corpus/cash/SealsWithClubs`): the
//! 2013 format, cash tables in mBTC.
//!
//! - the checks of every room on the skeleton (`common::room_corpus_agrees`): every hand of
//!   every file parses (none is refused), one hand per file; each is detected as
//!   SealsWithClubs, and no other room's file yields a SealsWithClubs hand; money adds up in
//!   every hand (Σ collections + rake = total pot, the money the actions put in less the
//!   refunds = total pot, every refund goes to the last aggressor) and the derived statistics
//!   agree (Σ winnings + rake = total pot, Σ totalProfit = −rake); hand numbers identify
//!   hands; sidecars agree (the corpus has none for Seals With Clubs; one added later is
//!   compared too); damaged hands never panic;
//! - the hand of each file, checked by hand against the text.

mod common;

use common::*;
use fpdb_core::model::*;

const SITE: &str = "SealsWithClubs";
const DIRS: &[&str] = &["cash/SealsWithClubs"];

/// Every file parses (none is refused), one hand each.
#[test]
fn the_corpus_agrees() {
    let mut room = RoomCorpus::new(SITE, DIRS, 6);
    room.rules.max_rake_percent = Some(10);
    room_corpus_agrees(&room);
}

fn first(file: &str) -> Hand {
    first_hand(&in_flop(DIRS, file))
}

#[test]
fn hands_checked_by_hand() {
    // Heads-up: the big blind waiting for it, the small blind's fold, the refund.
    let h = first("NLHE-2max-mBTC-15-30-201310.txt");
    let head = (
        h.site.as_str(),
        h.site_hand_no,
        h.site_hand_id.as_str(),
        h.start_time.to_rfc3339(),
        h.table_name.as_str(),
        (h.max_seats, h.button_seat),
    );
    let want = "2013-10-31T11:53:57+00:00".to_string();
    let seats = (Some(2), Some(2));
    assert_eq!(
        head,
        (
            "SealsWithClubs",
            1_144_283_200_001,
            "11442832-1",
            want,
            "NLHE HU 15/30 #2",
            seats
        )
    );
    let g = &h.game;
    assert_eq!(
        (g.kind, g.category, g.limit_type, g.currency.as_str()),
        (GameKind::Ring, Category::Holdem, LimitType::NoLimit, "mBTC")
    );
    assert_eq!((g.small_blind, g.big_blind), (1500, 3000));
    assert_eq!(by_name(&h, "Hero11").stack, 134_642);
    assert!(!by_name(&h, "Hero11").sitting_out);
    assert_eq!(h.hero, h.player_index("Hero11"));
    assert_eq!(by_name(&h, "Hero11").cards, cards("4c Tc"));
    assert_eq!((h.total_pot, h.rake), (3000, 0));
    assert_eq!(h.returned[0].amount, 1500);

    // Small and big blind posted together (the small blind dead), a rake.
    let h = first("NLHE-6max-mBTC-0.50-1.00-201304.post.both.txt");
    let p4 = idx(&h, "Player4");
    assert!(h
        .actions
        .iter()
        .any(|a| a.player == p4 && a.kind == ActionKind::BothBlinds && a.amount == 150));
    assert_eq!((h.total_pot, h.rake), (700, 17));
    assert_eq!(won(&h), vec![("Player4".into(), 0, 683)]);
    assert_eq!(h.boards[0], cards("3s Tc Qh 2h"));

    // A player sitting out; a rebuy printed inside the hand (for the next one).
    let h = first("NLHE-6max-mBTC-0.50-1.00-201310.sitting.out.txt");
    assert!(by_name(&h, "Player2").sitting_out);
    assert_eq!(by_name(&h, "Player0").stack, 10_000);
    assert_eq!((h.total_pot, h.rake), (650, 16));
    assert_eq!(by_name(&h, "Hero").cards, cards("8s 8h"));

    // A four-way showdown.
    let h = first("NLHE-6max-mBTC-1.00-2.00-201304.txt");
    assert_eq!(h.boards[0], cards("Td 3h 5s Ah Kh"));
    assert_eq!(by_name(&h, "Player2").cards, cards("6c Js"));
    assert!(by_name(&h, "Player2").shown);
    assert_eq!(won(&h), vec![("Player4".into(), 0, 800)]);

    // A side pot before the main pot's showdown, an all-in call.
    let h = first("NLHE-9max-mBTC-1.00-1.00-201304.side.pot.txt");
    assert_eq!(
        won(&h),
        vec![("Hero".into(), 0, 600), ("Player2".into(), 1, 200)]
    );
    assert_eq!((h.total_pot, h.rake), (800, 0));

    // Omaha, the hand number of the issue.
    let h = first("PLO-9max-mBTC-1.00-1.00-201304.txt");
    assert_eq!(h.site_hand_no, 529_778_600_137);
    assert_eq!(
        (h.game.category, h.game.limit_type),
        (Category::OmahaHi, LimitType::PotLimit)
    );
    assert_eq!(by_name(&h, "Hero").cards, cards("4c 7d Qc Kd"));
    assert_eq!((h.total_pot, h.rake), (1000, 0));
}
