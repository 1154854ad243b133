//! Card columns: HandsPlayers card1..card20 and startCards (decisions.md §5, §6, §8) and the
//! BoardCards rows (decisions.md §7).

use crate::cards::{self as codes, Card, KEPT};
use crate::model::{ActionKind, Base, Category, Hand, PlayerIdx};

use super::{BoardRow, Facts, StatsError};

/// Number of card columns of HandsPlayers.
const SLOTS: usize = 20;

/// card1..card20 of a player.
///
/// Flop games: the hole cards from card1. Stud: the seven cards in dealing order (two down, four
/// up, one down). Draw games, the design's layout (decisions.md §6): the first block (5 cards,
/// badugi 4) is the initial hand; each later block is one draw, with the drawn card in the slot of
/// the card it replaced and −1 ("k") where the card was kept. Unknown cards stay 0.
pub(crate) fn player_cards(f: &Facts, p: PlayerIdx) -> Result<[i16; SLOTS], StatsError> {
    let hand = f.hand;
    let player = &hand.players[p];
    let mut out = [0i16; SLOTS];
    match hand.game.base {
        Base::Hold | Base::Stud => {
            let max = if hand.game.base == Base::Stud {
                7
            } else {
                SLOTS
            };
            check_count(hand, p, player.cards.len(), "dealt", max)?;
            for (slot, card) in out.iter_mut().zip(&player.cards) {
                *slot = i16::from(card.code());
            }
        }
        Base::Draw => draw_layout(f, p, &mut out)?,
    }
    Ok(out)
}

fn check_count(
    hand: &Hand,
    p: PlayerIdx,
    count: usize,
    place: &'static str,
    max: usize,
) -> Result<(), StatsError> {
    if count <= max {
        return Ok(());
    }
    Err(StatsError::TooManyCards {
        player: hand.players[p].name.clone(),
        count,
        place,
        game: hand.game.category.as_str(),
        max,
    })
}

/// Card codes of one hand of a draw game, 0 where unknown.
type DrawHand = [u8; 5];

fn is_unknown(h: &DrawHand) -> bool {
    h.iter().all(|&c| c == 0)
}

fn draw_layout(f: &Facts, p: PlayerIdx, out: &mut [i16; SLOTS]) -> Result<(), StatsError> {
    let hand = f.hand;
    let player = &hand.players[p];
    let block = if hand.game.category == Category::Badugi {
        4
    } else {
        5
    };
    let rounds = f.streets.saturating_sub(1).min(3);
    check_count(hand, p, player.cards.len(), "dealt", block)?;
    check_count(hand, p, player.draws.len(), "draws", rounds)?;
    // hands[0] = the deal, hands[r] = the hand after draw r as printed.
    let mut hands: [DrawHand; 4] = [[0; 5]; 4];
    let fill = |h: &mut DrawHand, cards: &[Card]| {
        for (slot, c) in h.iter_mut().zip(cards) {
            *slot = c.code();
        }
    };
    fill(&mut hands[0], &player.cards);
    for (r, cards) in player.draws.iter().enumerate() {
        check_count(hand, p, cards.len(), "after a draw", block)?;
        fill(&mut hands[r + 1], cards);
    }
    // What the player did on each draw: stood pat, or threw known cards.
    let mut pat = [false; 4];
    let mut thrown: [&[Card]; 4] = [&[]; 4];
    for r in 1..=rounds {
        for a in f.street[r].iter().filter(|a| a.player == p) {
            match a.kind {
                ActionKind::StandPat => pat[r] = true,
                ActionKind::Discard => thrown[r] = &a.cards,
                _ => {}
            }
        }
    }
    // Standing pat keeps the hand: what is known after the draw was known before it, and back.
    for r in 1..=rounds {
        if pat[r] && is_unknown(&hands[r]) {
            hands[r] = hands[r - 1];
        }
    }
    for r in (1..=rounds).rev() {
        if pat[r] && is_unknown(&hands[r - 1]) {
            hands[r - 1] = hands[r];
        }
    }

    for (slot, &c) in out.iter_mut().zip(&hands[0][..block]) {
        *slot = i16::from(c);
    }
    // The hand in the slots of the deal: kept cards stay in place, drawn cards take the slots of
    // the cards they replaced.
    let mut current = hands[0];
    for r in 1..=rounds {
        let slots = &mut out[r * block..(r + 1) * block];
        let next = hands[r];
        if pat[r] {
            slots.fill(KEPT);
        } else if is_unknown(&next) {
            // Only the thrown cards may be known: the others were kept.
            let known_throw = !thrown[r].is_empty() && !is_unknown(&current);
            for (i, slot) in slots.iter_mut().enumerate() {
                let kept = known_throw
                    && current[i] != 0
                    && !thrown[r].iter().any(|t| t.code() == current[i]);
                *slot = if kept { KEPT } else { 0 };
                if !kept {
                    current[i] = 0;
                }
            }
        } else if is_unknown(&current) {
            // Nothing known before the draw: write the hand as known after it.
            for (slot, &c) in slots.iter_mut().zip(&next[..block]) {
                *slot = i16::from(c);
            }
            current = next;
        } else {
            let before = current;
            let mut drawn = next[..block]
                .iter()
                .copied()
                .filter(|&c| c != 0 && !before.contains(&c));
            for (i, slot) in slots.iter_mut().enumerate() {
                if before[i] != 0 && next.contains(&before[i]) {
                    *slot = KEPT;
                } else {
                    let c = drawn.next().unwrap_or(0);
                    *slot = i16::from(c);
                    current[i] = c;
                }
            }
        }
    }
    Ok(())
}

/// startCards (decisions.md §8): hold'em only, `None` when a hole card is unknown.
pub(crate) fn start_cards(f: &Facts, p: PlayerIdx) -> Result<Option<i16>, StatsError> {
    let hand = f.hand;
    if !matches!(
        hand.game.category,
        Category::Holdem | Category::SixPlusHoldem
    ) {
        return Ok(None);
    }
    let player = &hand.players[p];
    let [a, b, ..] = player.cards[..] else {
        return Ok(None);
    };
    codes::start_cards(a, b)
        .map(|code| code.map(i16::from))
        .map_err(|_| StatsError::SameCard {
            player: player.name.clone(),
            card: a.to_string(),
        })
}

/// BoardCards rows, one per board in run order.
pub(crate) fn boards(hand: &Hand) -> Result<Vec<BoardRow>, StatsError> {
    hand.boards
        .iter()
        .enumerate()
        .map(|(i, board)| {
            if board.len() > 5 {
                return Err(StatsError::BoardTooLong {
                    board: i + 1,
                    count: board.len(),
                });
            }
            let mut row = BoardRow {
                board_no: i as i16 + 1,
                values: [0; 5],
                suits: ['x'; 5],
            };
            for (j, card) in board.iter().enumerate() {
                row.values[j] = i16::from(card.rank());
                row.suits[j] = card.suit();
            }
            Ok(row)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use super::super::{derive, Facts, StatsError};
    use super::*;
    use crate::builder::HandBuilder;
    use crate::model::LimitType;

    fn triple_draw() -> (HandBuilder, PlayerIdx, PlayerIdx) {
        let mut b = builder(game(Category::TripleDraw27, LimitType::FixedLimit, 5, 10));
        let a = b.add_player(1, "a", 1000, false);
        let c = b.add_player(2, "c", 1000, false);
        b.post(a, ActionKind::SmallBlind, 5, false);
        b.post(c, ActionKind::BigBlind, 10, false);
        b.set_street(0);
        b.call(a, 5, false);
        b.check(c);
        (b, a, c)
    }

    fn cards_of(b: HandBuilder, p: PlayerIdx) -> [i16; 20] {
        let h = b.finish();
        player_cards(&Facts::new(&h).unwrap(), p).unwrap()
    }

    /// The design's example 2: 2 3 5 8 J of spades, throws the 2 and the 3, draws Q and K.
    #[test]
    fn draws_put_new_cards_in_the_replaced_slots_and_k_elsewhere() {
        let (mut b, a, c) = triple_draw();
        b.set_cards(a, &cards("2s 3s 5s 8s Js"));
        b.set_street(1);
        b.discard(a, 2, cards("2s 3s"));
        b.discard(c, 1, vec![]);
        // Stars prints the kept cards first, then the new ones.
        b.hand_mut().players[a].draws.push(cards("5s 8s Js Qs Ks"));
        let got = cards_of(b, a);
        let k = KEPT;
        let expected_first = [code("2s"), code("3s"), code("5s"), code("8s"), code("Js")];
        assert_eq!(got[..5], expected_first);
        assert_eq!(got[5..10], [code("Qs"), code("Ks"), k, k, k]);
        assert_eq!(got[10..], [0; 10]);
    }

    #[test]
    fn later_draws_refer_to_the_slots_of_the_deal() {
        let (mut b, a, c) = triple_draw();
        b.set_cards(a, &cards("2s 3s 5s 8s Js"));
        b.set_street(1);
        b.discard(a, 1, vec![]);
        b.check(c);
        b.check(a);
        b.set_street(2);
        b.discard(a, 1, vec![]);
        b.set_street(3);
        b.stand_pat(a);
        let draws = &mut b.hand_mut().players[a].draws;
        draws.push(cards("2s 3s 5s 8s 7d")); // J replaced by 7d (slot 5)
        draws.push(cards("2s 3s 5s 7d 4c")); // 8 replaced by 4c (slot 4)
        let got = cards_of(b, a);
        let k = KEPT;
        assert_eq!(got[5..10], [k, k, k, k, code("7d")]);
        assert_eq!(got[10..15], [k, k, k, code("4c"), k]);
        assert_eq!(got[15..20], [k; 5]);
    }

    #[test]
    fn an_opponent_known_only_at_showdown() {
        let (mut b, a, c) = triple_draw();
        b.set_street(1);
        b.discard(c, 2, vec![]);
        b.discard(a, 2, vec![]);
        b.set_street(2);
        b.stand_pat(c);
        b.discard(a, 1, vec![]);
        b.set_street(3);
        b.stand_pat(c);
        b.discard(a, 1, vec![]);
        let shown = cards("3c 6s 7h 8c 9d");
        for p in [a, c] {
            let d = &mut b.hand_mut().players[p].draws;
            d.extend([vec![], vec![], shown.clone()]);
        }
        let h = b.finish();
        let f = Facts::new(&h).unwrap();
        let k = KEPT;
        let shown_codes: Vec<i16> = shown.iter().map(|c| i16::from(c.code())).collect();
        // c stood pat twice: his hand after the first draw is the shown hand.
        let got = player_cards(&f, c).unwrap();
        assert_eq!(got[..5], [0; 5]);
        assert_eq!(got[5..10], shown_codes[..]);
        assert_eq!(got[10..], [k; 10]);
        // a drew every time: only the final hand is known.
        let got = player_cards(&f, a).unwrap();
        assert_eq!(got[..15], [0; 15]);
        assert_eq!(got[15..], shown_codes[..]);
    }

    #[test]
    fn badugi_uses_blocks_of_four() {
        let mut b = builder(game(Category::Badugi, LimitType::FixedLimit, 5, 10));
        let a = b.add_player(1, "a", 1000, false);
        let c = b.add_player(2, "c", 1000, false);
        b.post(a, ActionKind::SmallBlind, 5, false);
        b.post(c, ActionKind::BigBlind, 10, false);
        b.set_street(0);
        b.call(a, 5, false);
        b.check(c);
        b.set_cards(a, &cards("Ah 2d 3c Kc"));
        b.set_street(1);
        b.discard(a, 1, cards("Kc"));
        b.stand_pat(c);
        b.hand_mut().players[a].draws.push(vec![]);
        let got = cards_of(b, a);
        let k = KEPT;
        assert_eq!(got[..4], [code("Ah"), code("2d"), code("3c"), code("Kc")]);
        // The thrown card is known, the drawn one is not.
        assert_eq!(got[4..8], [k, k, k, 0]);
        assert_eq!(got[8..], [0; 12]);
    }

    #[test]
    fn stud_keeps_dealing_order_and_rejects_an_eighth_card() {
        let mut b = builder(game(Category::StudHi, LimitType::FixedLimit, 0, 4));
        let a = b.add_player(1, "a", 100, false);
        let c = b.add_player(2, "c", 100, false);
        b.set_cards(a, &cards("xx xx 2c 8s"));
        b.set_cards(c, &cards("Ah Kd Qs Jc Th 9h 8h"));
        b.set_street(0);
        b.bring_in(a, 1, false);
        b.fold(c);
        let mut h = b.finish();
        let r = derive(&h).unwrap();
        assert_eq!(r.players[0].cards[..5], [0, 0, code("2c"), code("8s"), 0]);
        assert_eq!(r.players[1].cards[6], code("8h"));
        assert_eq!(r.players[1].start_cards, None);
        h.players[1].cards.push(Card::parse("7h").unwrap());
        assert!(matches!(
            derive(&h).unwrap_err(),
            StatsError::TooManyCards {
                count: 8,
                max: 7,
                ..
            }
        ));
    }

    #[test]
    fn start_cards_for_holdem_only() {
        let (mut b, [sb, bb, btn]) = holdem3();
        b.set_cards(sb, &cards("Ah 6d"));
        b.set_cards(bb, &cards("Qs Kh"));
        b.set_cards(btn, &cards("xx xx"));
        let h = b.finish();
        let f = Facts::new(&h).unwrap();
        assert_eq!(start_cards(&f, sb).unwrap(), Some(64));
        assert_eq!(start_cards(&f, bb).unwrap(), Some(141));
        assert_eq!(start_cards(&f, btn).unwrap(), None);
        let mut omaha = h.clone();
        omaha.game.category = Category::OmahaHi;
        let f = Facts::new(&omaha).unwrap();
        assert_eq!(start_cards(&f, sb).unwrap(), None);
        let mut same = h.clone();
        same.players[sb].cards = cards("Ah Ah");
        let f = Facts::new(&same).unwrap();
        assert!(matches!(
            start_cards(&f, sb),
            Err(StatsError::SameCard { .. })
        ));
    }

    #[test]
    fn boards_rows_in_run_order() {
        let (b, _) = holdem3();
        let mut h = b.finish();
        h.boards = vec![cards("Qd 7s 2c Qh 9c"), cards("Qd 7s 2c")];
        let rows = boards(&h).unwrap();
        assert_eq!(rows[0].board_no, 1);
        assert_eq!(rows[0].values, [12, 7, 2, 12, 9]);
        assert_eq!(rows[0].suits, ['d', 's', 'c', 'h', 'c']);
        assert_eq!(rows[1].board_no, 2);
        assert_eq!(rows[1].values, [12, 7, 2, 0, 0]);
        assert_eq!(rows[1].suits, ['d', 's', 'c', 'x', 'x']);
        h.boards.push(cards("2h 3h 4h 5h 6h 7h"));
        assert_eq!(
            boards(&h).unwrap_err(),
            StatsError::BoardTooLong { board: 3, count: 6 }
        );
    }
}
