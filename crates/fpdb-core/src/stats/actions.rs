//! HandsActions rows (decisions.md §14) and HandsPlayers.actionString (decisions.md §13).

use crate::model::{ActionKind, PlayerIdx};

use super::money::MoneyFacts;
use super::{ActionRow, Facts, PlayerRow};

/// The HandsActions value of an action kind; `None` for antes, which are not actions.
fn action_name(kind: ActionKind) -> Option<&'static str> {
    use ActionKind::*;
    Some(match kind {
        Ante => return None,
        SmallBlind | DeadSmallBlind | BigBlind | BothBlinds | Straddle | ButtonBlind => "blind",
        BringIn | Complete | Bet | Raise => "bet",
        Call => "call",
        Check => "check",
        Fold => "fold",
        Discard => "draw",
        StandPat => "pat",
    })
}

/// The actionString letter of an action kind; `None` for posts and draws.
fn letter(kind: ActionKind) -> Option<u8> {
    use ActionKind::*;
    match kind {
        Check => Some(b'k'),
        Bet | BringIn | Complete => Some(b'b'),
        Raise => Some(b'r'),
        Call => Some(b'c'),
        Fold => Some(b'f'),
        _ => None,
    }
}

/// The HandsActions rows of the hand; also writes every row's actionString.
///
/// Rows go street by street; each street numbers its actions from 0 across all players, with the
/// blinds first on street 0 (antes are not actions) and the returned bets (`unbet`, negative
/// amount) after the street's last action. The showdown rows (street −1, `show` or `muck`) come
/// last, in seat order. `row_of` maps a hand player to his row in `players` (the kept players).
pub(crate) fn compute(
    f: &Facts,
    row_of: &[usize],
    players: &mut [PlayerRow],
    money: &MoneyFacts,
    showdown: &[bool],
) -> Vec<ActionRow> {
    let hand = f.hand;
    let mut rows = Vec::with_capacity(hand.actions.len() + hand.returned.len() + players.len());
    let push = |rows: &mut Vec<ActionRow>,
                street: i16,
                no: &mut i16,
                p: PlayerIdx,
                action,
                all_in,
                amount| {
        if let Some(&player) = row_of.get(p).filter(|&&r| r != usize::MAX) {
            rows.push(ActionRow {
                player,
                street,
                action_no: *no,
                action,
                all_in,
                amount,
            });
            *no += 1;
        }
    };
    let returns = hand.returned.iter().chain(money.inferred.as_ref());
    for (street, actions) in f.street.iter().enumerate().take(f.streets) {
        let s = street as i16;
        let mut no = 0;
        let posts = if street == 0 { f.posts } else { &[] };
        for a in posts.iter().chain(actions.iter()) {
            if let Some(name) = action_name(a.kind) {
                push(&mut rows, s, &mut no, a.player, name, a.all_in, a.amount);
            }
        }
        for r in returns
            .clone()
            .filter(|r| r.amount > 0 && r.street.max(0) as usize == street)
        {
            push(&mut rows, s, &mut no, r.player, "unbet", false, -r.amount);
        }
    }
    let mut no = 0;
    for p in players.iter().map(|r| r.player) {
        if showdown[p] {
            let name = if hand.players[p].shown {
                "show"
            } else {
                "muck"
            };
            push(&mut rows, -1, &mut no, p, name, false, 0);
        }
    }
    action_strings(f, players);
    rows
}

/// actionString (decisions.md §13): the hand's checks, bets, raises, calls and folds street by
/// street ("/" between streets, up to the last street with any), the player's own in upper case.
fn action_strings(f: &Facts, players: &mut [PlayerRow]) {
    // The hand's letters in lower case with the streets' "/", once; each player's string is a
    // copy with his own letters in upper case.
    let mut template: Vec<u8> = Vec::with_capacity(f.hand.actions.len() + f.streets);
    let mut owners: Vec<(usize, PlayerIdx)> = Vec::with_capacity(f.hand.actions.len());
    let mut len = 0;
    for (street, actions) in f.street.iter().enumerate().take(f.streets) {
        if street > 0 {
            template.push(b'/');
        }
        for a in *actions {
            if let Some(l) = letter(a.kind) {
                owners.push((template.len(), a.player));
                template.push(l);
                len = template.len();
            }
        }
    }
    // Up to the last street with a letter.
    template.truncate(len);
    for row in players {
        let mut s = template.clone();
        for &(i, q) in &owners {
            if q == row.player {
                s[i].make_ascii_uppercase();
            }
        }
        // Only ASCII letters and '/': always valid UTF-8.
        row.action_string = String::from_utf8(s).unwrap_or_default();
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use super::super::{derive, ActionRow};
    use crate::model::ActionKind;

    fn row(player: usize, street: i16, no: i16, action: &'static str, amount: i64) -> ActionRow {
        ActionRow {
            player,
            street,
            action_no: no,
            action,
            all_in: false,
            amount,
        }
    }

    /// The design's example: heads-up, the SB calls, the BB raises, the SB calls: blinds are
    /// actions 0 and 1, the calls 2 and 4, the raise ("bet") 3.
    #[test]
    fn design_numbering_example() {
        let mut b = builder(ring_holdem());
        let sb = b.add_player(1, "sb", 100, false);
        let bb = b.add_player(2, "bb", 100, false);
        b.post(sb, ActionKind::SmallBlind, 1, false);
        b.post(bb, ActionKind::BigBlind, 2, false);
        b.set_street(0);
        b.call(sb, 1, false);
        b.raise_to(bb, 6, false);
        b.call(sb, 4, false);
        b.set_street(1);
        b.bet(sb, 10, false);
        b.fold(bb);
        b.uncalled(sb, 10);
        b.collect(sb, 12, 0, 0);
        let r = derive(&b.finish()).unwrap();
        assert_eq!(
            r.actions,
            vec![
                row(0, 0, 0, "blind", 1),
                row(1, 0, 1, "blind", 2),
                row(0, 0, 2, "call", 1),
                row(1, 0, 3, "bet", 4),
                row(0, 0, 4, "call", 4),
                row(0, 1, 0, "bet", 10),
                row(1, 1, 1, "fold", 0),
                row(0, 1, 2, "unbet", -10),
            ]
        );
        assert_eq!(r.players[0].action_string, "CrC/Bf");
        assert_eq!(r.players[1].action_string, "cRc/bF");
    }

    #[test]
    fn antes_are_not_actions_all_ins_are_flagged_and_showdown_rows_close() {
        let mut g = ring_holdem();
        g.ante = 1;
        let mut b = builder(g);
        let a = b.add_player(1, "a", 50, false);
        let c = b.add_player(2, "c", 100, false);
        b.post(a, ActionKind::Ante, 1, false);
        b.post(c, ActionKind::Ante, 1, false);
        b.post(a, ActionKind::SmallBlind, 1, false);
        b.post(c, ActionKind::BigBlind, 2, false);
        b.set_street(0);
        b.raise_to(a, 49, false);
        b.call(c, 47, false);
        b.set_cards(a, &cards("Ah Kh"));
        b.hand_mut().players[a].shown = true;
        b.collect(c, 100, 0, 0);
        let r = derive(&b.finish()).unwrap();
        assert_eq!(r.actions.len(), 6);
        assert_eq!(r.actions[2].action, "bet");
        assert_eq!(r.actions[2].amount, 48);
        assert!(r.actions[2].all_in);
        assert!(!r.actions[3].all_in);
        assert_eq!(r.actions[4], row(0, -1, 0, "show", 0));
        assert_eq!(r.actions[5], row(1, -1, 1, "muck", 0));
        assert_eq!(r.players[0].action_string, "Rc");
    }

    #[test]
    fn draws_and_pats() {
        let mut b = builder(game(
            crate::model::Category::TripleDraw27,
            crate::model::LimitType::FixedLimit,
            5,
            10,
        ));
        let a = b.add_player(1, "a", 100, false);
        let c = b.add_player(2, "c", 100, false);
        b.post(a, ActionKind::SmallBlind, 5, false);
        b.post(c, ActionKind::BigBlind, 10, false);
        b.set_street(0);
        b.call(a, 5, false);
        b.check(c);
        b.set_street(1);
        b.discard(c, 2, vec![]);
        b.stand_pat(a);
        b.check(c);
        b.bet(a, 10, false);
        b.fold(c);
        b.uncalled(a, 10);
        b.collect(a, 20, 0, 0);
        let r = derive(&b.finish()).unwrap();
        let street1: Vec<_> = r
            .actions
            .iter()
            .filter(|x| x.street == 1)
            .map(|x| (x.action_no, x.action, x.amount))
            .collect();
        assert_eq!(
            street1,
            vec![
                (0, "draw", 0),
                (1, "pat", 0),
                (2, "check", 0),
                (3, "bet", 10),
                (4, "fold", 0),
                (5, "unbet", -10)
            ]
        );
        assert_eq!(r.players[1].action_string, "cK/KbF");
    }
}
