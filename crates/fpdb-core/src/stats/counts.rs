//! streetNCalls, streetNBets and streetNRaises (semantics.md §3.7, decisions.md §9): how many
//! calls, bets and raises (completes included) the player made on each street. Forced posts and
//! the bring-in are not counted, nor are discards and stands pat.

use crate::model::ActionKind;

use super::family::{bets, calls, raises};
use super::{Columns, Facts};

pub(crate) fn compute(f: &Facts, c: &mut Columns) {
    for (street, actions) in f.street.iter().enumerate().take(f.streets) {
        for a in *actions {
            let column = match a.kind {
                ActionKind::Call => calls(street),
                ActionKind::Bet => bets(street),
                ActionKind::Raise | ActionKind::Complete => raises(street),
                _ => continue,
            };
            c[a.player][column] += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::derive;
    use super::super::testkit::*;

    #[test]
    fn calls_bets_and_raises_per_street() {
        let (mut b, [sb, bb, btn]) = holdem3();
        b.call(btn, 2, false);
        b.raise_to(sb, 6, false);
        b.call(bb, 4, false);
        b.raise_to(btn, 18, false);
        b.call(sb, 12, false);
        b.call(bb, 12, false);
        b.set_street(1);
        b.bet(sb, 10, false);
        b.raise_to(bb, 30, false);
        b.fold(btn);
        b.raise_to(sb, 82, true);
        b.call(bb, 52, true);
        let r = derive(&b.finish()).unwrap();
        let get = |p: usize, col: &str| r.players[p].count(col).unwrap();
        assert_eq!(get(btn, "street0Calls"), 1);
        assert_eq!(get(btn, "street0Raises"), 1);
        assert_eq!(get(sb, "street0Raises"), 1);
        assert_eq!(get(sb, "street0Calls"), 1);
        assert_eq!(get(bb, "street0Calls"), 2);
        assert_eq!(get(bb, "street0Bets"), 0);
        assert_eq!(get(sb, "street1Bets"), 1);
        assert_eq!(get(sb, "street1Raises"), 1);
        assert_eq!(get(bb, "street1Raises"), 1);
        assert_eq!(get(bb, "street1Calls"), 1);
    }
}
