//! Building a [`Hand`] action by action, the way every room's parser does.
//!
//! The builder keeps each player's chips on the current street and behind, so parsers can hand it
//! what the room prints (a call amount, a raise "to" total or a raise increment) and get actions
//! with the money each one put in and a correct all-in flag.

use crate::cards::Card;
use crate::error::ParseError;
use crate::model::*;
use crate::pot::{self, PotPolicy};

/// Accumulates one hand. Create it with the header facts, add players, then actions in order.
#[derive(Debug, Clone)]
pub struct HandBuilder {
    hand: Hand,
    street: i8,
    /// Live chips each player has put in on the current betting street (posts count on street 0).
    street_total: Vec<Money>,
    /// Chips each player has behind.
    behind: Vec<Money>,
}

impl HandBuilder {
    pub fn new(
        site: &str,
        site_hand_no: i64,
        site_hand_id: &str,
        game: Game,
        start_time: chrono::DateTime<chrono::Utc>,
    ) -> HandBuilder {
        HandBuilder {
            hand: Hand {
                site: site.to_string(),
                site_hand_no,
                site_hand_id: site_hand_id.to_string(),
                table_name: String::new(),
                max_seats: None,
                button_seat: None,
                game,
                start_time,
                // Room for a full table and a typical hand: no regrowing while parsing.
                players: Vec::with_capacity(10),
                hero: None,
                boards: Vec::new(),
                run_it_twice: false,
                actions: Vec::with_capacity(32),
                returned: Vec::new(),
                collections: Vec::new(),
                cash_outs: Vec::new(),
                total_pot: 0,
                rake: 0,
                pot_added: 0,
                cashed_out_pot: 0,
                tournament: None,
            },
            street: POSTS,
            street_total: Vec::with_capacity(10),
            behind: Vec::with_capacity(10),
        }
    }

    /// The hand so far, for setting header facts (table name, button, tournament, boards, ...).
    pub fn hand_mut(&mut self) -> &mut Hand {
        &mut self.hand
    }

    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    /// Adds a seated player; returns his index.
    pub fn add_player(
        &mut self,
        seat: u8,
        name: &str,
        stack: Money,
        sitting_out: bool,
    ) -> PlayerIdx {
        self.hand.players.push(Player {
            seat,
            name: name.to_string(),
            stack,
            sitting_out,
            bounty: None,
            cards: Vec::new(),
            draws: Vec::new(),
            shown: false,
            mucked: false,
        });
        self.street_total.push(0);
        self.behind.push(stack);
        self.hand.players.len() - 1
    }

    /// Adds the player of a seat line (line `no`) after checking the seat list: two players in
    /// one seat, or one player in two seats, is refused; returns his index.
    pub fn seat_player(
        &mut self,
        no: u32,
        seat: u8,
        name: &str,
        stack: Money,
        sitting_out: bool,
    ) -> Result<PlayerIdx, ParseError> {
        if self.hand.players.iter().any(|p| p.seat == seat) {
            return Err(ParseError::malformed(no, "two players in one seat"));
        }
        if self.hand.players.iter().any(|p| p.name == name) {
            return Err(ParseError::malformed(no, "the same player in two seats"));
        }
        Ok(self.add_player(seat, name, stack, sitting_out))
    }

    /// Adds `chips` to the stack of player `p` (a room that printed the stacks after the
    /// posts: each post is added back before it is made).
    pub fn add_to_stack(&mut self, p: PlayerIdx, chips: Money) {
        let pl = &mut self.hand.players[p];
        pl.stack = pl.stack.saturating_add(chips);
        self.behind[p] = self.behind[p].saturating_add(chips);
    }

    pub fn player(&self, name: &str) -> Option<PlayerIdx> {
        self.hand.player_index(name)
    }

    /// Current street (−1 while posting).
    pub fn street(&self) -> i8 {
        self.street
    }

    /// Moves to a betting street. Street 0 keeps the blinds already posted; later streets start
    /// from nothing.
    pub fn set_street(&mut self, street: i8) {
        if street > 0 && street != self.street {
            self.street_total.iter_mut().for_each(|t| *t = 0);
        }
        self.street = street;
    }

    /// Chips the player has put in on the current street.
    pub fn street_total(&self, p: PlayerIdx) -> Money {
        self.street_total[p]
    }

    /// Highest total anyone has put in on the current street.
    pub fn street_max(&self) -> Money {
        self.street_total.iter().copied().max().unwrap_or(0)
    }

    /// Chips the player still has behind.
    pub fn behind(&self, p: PlayerIdx) -> Money {
        self.behind[p]
    }

    /// Records an action. `live` is the part of `amount` that counts towards the street's total
    /// (antes and dead blinds do not).
    #[allow(clippy::too_many_arguments)] // the one private constructor behind every action kind
    fn push(
        &mut self,
        street: i8,
        p: PlayerIdx,
        kind: ActionKind,
        amount: Money,
        live: Money,
        raise_to: Option<Money>,
        printed_all_in: bool,
    ) {
        self.behind[p] = self.behind[p].saturating_sub(amount);
        self.street_total[p] = self.street_total[p].saturating_add(live);
        let all_in = amount > 0 && (self.behind[p] <= 0 || printed_all_in);
        self.hand.actions.push(Action {
            street,
            player: p,
            kind,
            amount,
            raise_to,
            all_in,
            discards: None,
            cards: Vec::new(),
        });
    }

    /// A forced post: ante, blinds, straddle, button blind. `amount` is what the player put in;
    /// for [`ActionKind::BothBlinds`] the total of both blinds.
    pub fn post(&mut self, p: PlayerIdx, kind: ActionKind, amount: Money, printed_all_in: bool) {
        let live = match kind {
            ActionKind::Ante | ActionKind::DeadSmallBlind => 0,
            ActionKind::BothBlinds => amount.saturating_sub(self.hand.game.small_blind).max(0),
            _ => amount,
        };
        self.push(POSTS, p, kind, amount, live, None, printed_all_in);
    }

    /// A post read from line `no`, checked: refused once the cards are dealt, and for no chips or
    /// more than the player has; all-in when it is all he has.
    pub fn checked_post(
        &mut self,
        no: u32,
        p: PlayerIdx,
        kind: ActionKind,
        amount: Money,
    ) -> Result<(), ParseError> {
        if self.street >= 0 {
            return Err(ParseError::malformed(
                no,
                "a post after the cards were dealt",
            ));
        }
        if amount <= 0 || amount > self.behind[p] {
            return Err(ParseError::malformed(
                no,
                "a post of more chips than the player has",
            ));
        }
        let all_in = amount == self.behind[p];
        self.post(p, kind, amount, all_in);
        Ok(())
    }

    /// The board of a flop game's street `street` (1 to 3) on line `no`, printed whole
    /// (`cards`, the board so far) or as the street's own cards (`whole` false): checked to
    /// follow `board` (the flop's three cards, then one a street), which it becomes; the street
    /// begins.
    pub fn deal_board(
        &mut self,
        no: u32,
        board: &mut Vec<Card>,
        street: i8,
        cards: &[Card],
        whole: bool,
    ) -> Result<(), ParseError> {
        let before = match street {
            1 => 0,
            2 => 3,
            3 => 4,
            _ => usize::MAX,
        };
        let new = if street == 1 { 3 } else { 1 };
        let fits = board.len() == before
            && if whole {
                cards.len() == before + new && cards.starts_with(board)
            } else {
                cards.len() == new
            };
        if !fits {
            return Err(ParseError::malformed(
                no,
                "a street dealt out of order or another board",
            ));
        }
        board.extend_from_slice(&cards[cards.len() - new..]);
        self.set_street(street);
        Ok(())
    }

    /// Stud bring-in (first action of street 0).
    pub fn bring_in(&mut self, p: PlayerIdx, amount: Money, printed_all_in: bool) {
        let street = self.street.max(0);
        self.push(
            street,
            p,
            ActionKind::BringIn,
            amount,
            amount,
            None,
            printed_all_in,
        );
    }

    /// A call; `amount` is the chips added.
    pub fn call(&mut self, p: PlayerIdx, amount: Money, printed_all_in: bool) {
        let street = self.street.max(0);
        self.push(
            street,
            p,
            ActionKind::Call,
            amount,
            amount,
            None,
            printed_all_in,
        );
    }

    /// A call where the room prints nothing or the total: the player matches the highest total
    /// (or goes all-in for less).
    pub fn call_to_max(&mut self, p: PlayerIdx, printed_all_in: bool) {
        let owed = (self.street_max() - self.street_total[p]).clamp(0, self.behind[p].max(0));
        self.call(p, owed, printed_all_in);
    }

    /// A bet of `amount` chips (first aggressive action on a street).
    pub fn bet(&mut self, p: PlayerIdx, amount: Money, printed_all_in: bool) {
        let street = self.street.max(0);
        let to = self.street_total[p].saturating_add(amount);
        self.push(
            street,
            p,
            ActionKind::Bet,
            amount,
            amount,
            Some(to),
            printed_all_in,
        );
    }

    /// A raise to a street total of `to` (what "raises X to Y" prints as Y).
    pub fn raise_to(&mut self, p: PlayerIdx, to: Money, printed_all_in: bool) {
        self.aggressive_to(p, ActionKind::Raise, to, printed_all_in);
    }

    /// A raise by `by` over the current highest total.
    pub fn raise_by(&mut self, p: PlayerIdx, by: Money, printed_all_in: bool) {
        let to = self.street_max().saturating_add(by);
        self.raise_to(p, to, printed_all_in);
    }

    /// Stud: completing the bring-in to a street total of `to`.
    pub fn complete_to(&mut self, p: PlayerIdx, to: Money, printed_all_in: bool) {
        self.aggressive_to(p, ActionKind::Complete, to, printed_all_in);
    }

    fn aggressive_to(&mut self, p: PlayerIdx, kind: ActionKind, to: Money, printed_all_in: bool) {
        let street = self.street.max(0);
        let added = to.saturating_sub(self.street_total[p]).max(0);
        self.push(street, p, kind, added, added, Some(to), printed_all_in);
    }

    pub fn check(&mut self, p: PlayerIdx) {
        let street = self.street.max(0);
        self.push(street, p, ActionKind::Check, 0, 0, None, false);
    }

    pub fn fold(&mut self, p: PlayerIdx) {
        let street = self.street.max(0);
        self.push(street, p, ActionKind::Fold, 0, 0, None, false);
    }

    /// Draw games: the player throws `count` cards (`cards` when the room shows them).
    pub fn discard(&mut self, p: PlayerIdx, count: u8, cards: Vec<Card>) {
        let street = self.street.max(0);
        self.push(street, p, ActionKind::Discard, 0, 0, None, false);
        let a = self.hand.actions.last_mut().expect("just pushed");
        a.discards = Some(count);
        a.cards = cards;
    }

    pub fn stand_pat(&mut self, p: PlayerIdx) {
        let street = self.street.max(0);
        self.push(street, p, ActionKind::StandPat, 0, 0, None, false);
    }

    /// Adds `extra` chips to action `idx` (and to its raise-to total), for rooms that print an
    /// amount too small and show it later (a call larger than the bet it calls). The player's
    /// chips and, when the action is on the current street, his street total follow.
    pub fn amend_action(&mut self, idx: usize, extra: Money) {
        let Some(a) = self.hand.actions.get_mut(idx) else {
            return;
        };
        a.amount = a.amount.saturating_add(extra);
        if let Some(to) = a.raise_to.as_mut() {
            *to = to.saturating_add(extra);
        }
        let (p, street) = (a.player, a.street);
        self.behind[p] = self.behind[p].saturating_sub(extra);
        if street == self.street.max(0) {
            self.street_total[p] = self.street_total[p].saturating_add(extra);
        }
        let all_in = self.behind[p] <= 0;
        if let Some(a) = self.hand.actions.get_mut(idx) {
            a.all_in |= all_in;
        }
    }

    /// An uncalled bet given back to the player on the current street.
    pub fn uncalled(&mut self, p: PlayerIdx, amount: Money) {
        self.behind[p] = self.behind[p].saturating_add(amount);
        self.street_total[p] = self.street_total[p].saturating_sub(amount);
        self.hand.returned.push(Returned {
            street: self.street.max(0),
            player: p,
            amount,
        });
    }

    /// Money collected from pot `pot` on board `board`.
    pub fn collect(&mut self, p: PlayerIdx, amount: Money, pot: u8, board: u8) {
        self.hand.collections.push(Collection {
            player: p,
            amount,
            pot,
            board,
        });
    }

    /// Sets the player's known cards (replacing unknown slots with the new knowledge).
    pub fn set_cards(&mut self, p: PlayerIdx, cards: &[Card]) {
        let slot = &mut self.hand.players[p].cards;
        if slot.len() < cards.len() {
            slot.resize(cards.len(), Card::UNKNOWN);
        }
        for (dst, &c) in slot.iter_mut().zip(cards) {
            if c.is_known() {
                *dst = c;
            }
        }
    }

    /// Stud: the player's known cards placed in dealing order from slot `start` of his seven
    /// (unknown cards leave what the slot holds).
    pub fn set_stud_cards(&mut self, p: PlayerIdx, start: usize, cards: &[Card]) {
        let slot = &mut self.hand.players[p].cards;
        slot.resize(7, Card::UNKNOWN);
        for (dst, &c) in slot.iter_mut().skip(start).zip(cards) {
            if c.is_known() {
                *dst = c;
            }
        }
    }

    /// Cards player `p` showed, or mucked at the showdown when `mucked` (the room printed the
    /// cards he threw away): stud's in dealing order from the first slot, other games' as his
    /// hole cards; he is marked shown or mucked.
    pub fn show_cards(&mut self, p: PlayerIdx, cards: &[Card], mucked: bool) {
        if self.hand.game.base == Base::Stud {
            self.set_stud_cards(p, 0, cards);
        } else {
            self.set_cards(p, cards);
        }
        let pl = &mut self.hand.players[p];
        if mucked {
            pl.mucked = true;
        } else {
            pl.shown = true;
        }
    }

    /// The largest ante posted in the hand, for rooms that print the table's ante only in the
    /// posts.
    pub fn posted_ante(&self) -> Option<Money> {
        self.hand
            .actions
            .iter()
            .filter(|a| a.kind == ActionKind::Ante)
            .map(|a| a.amount)
            .max()
    }

    /// Total of every action's money, minus uncalled bets: what went into the pot from players.
    pub fn money_in(&self) -> Money {
        let put: Money = self.hand.actions.iter().map(|a| a.amount).sum();
        let back: Money = self.hand.returned.iter().map(|r| r.amount).sum();
        put - back
    }

    /// The chips player `p` has after the hand as read so far: his stack, less what his actions
    /// put in, plus the uncalled bets given back to him and what he collected. For the rooms that
    /// print each seat's stack after the hand, to check it (after [`HandBuilder::settle`], which
    /// adds the uncalled bets the room did not print).
    pub fn stack_after(&self, p: PlayerIdx) -> Money {
        let h = &self.hand;
        let put: Money = h
            .actions
            .iter()
            .filter(|a| a.player == p)
            .map(|a| a.amount)
            .sum();
        let back: Money = h
            .returned
            .iter()
            .filter(|r| r.player == p)
            .map(|r| r.amount)
            .sum();
        let won: Money = h
            .collections
            .iter()
            .filter(|c| c.player == p)
            .map(|c| c.amount)
            .sum();
        h.players.get(p).map_or(0, |pl| pl.stack) - put + back + won
    }

    /// Records a tournament finish the hand printed (replacing an earlier one of the player);
    /// nothing for a hand that is not a tournament hand.
    pub fn finish_place(&mut self, p: PlayerIdx, place: u32, prize: Option<Money>) {
        if let Some(t) = self.hand.tournament.as_mut() {
            t.results.retain(|f| f.player != p);
            t.results.push(Finish {
                player: p,
                place,
                prize,
            });
        }
    }

    /// Total pot, rake, added money and the uncalled bets the room did not print, as the
    /// room's `policy` says, balance checked: see [`crate::pot`]. The last step before
    /// [`HandBuilder::finish`], once every action, return, collection and cash-out is in.
    pub fn settle(&mut self, policy: &PotPolicy) -> Result<(), ParseError> {
        pot::settle(&mut self.hand, policy)
    }

    pub fn finish(self) -> Hand {
        self.hand
    }

    /// Cards seen at the showdown of a draw game (hands of `size` cards): the hand after the
    /// player's last draw (the deal when he drew none), unless it is known already.
    pub fn reveal_draw_hand(&mut self, p: PlayerIdx, cards: &[Card], size: usize) {
        let pl = &mut self.hand.players[p];
        let target = match pl.draws.last_mut() {
            Some(last) => last,
            None => &mut pl.cards,
        };
        if target.len() < size || target.iter().any(|c| !c.is_known()) {
            let mut v = cards.to_vec();
            v.resize(size, Card::UNKNOWN);
            *target = v;
        }
    }

    /// Adds the known cards of `cards` to player `p`'s unknown slots (his hand sized to the
    /// game's first), passing over cards he already holds: cards shown at the end fill what the
    /// deal did not show.
    pub fn reveal(&mut self, p: PlayerIdx, cards: &[Card]) {
        let size = self.hand.game.category.hand_size();
        let pl = &mut self.hand.players[p];
        if pl.cards.len() < size {
            pl.cards.resize(size, Card::UNKNOWN);
        }
        for &c in cards {
            if !c.is_known() || pl.cards.contains(&c) {
                continue;
            }
            if let Some(slot) = pl.cards.iter_mut().find(|x| !x.is_known()) {
                *slot = c;
            }
        }
    }

    /// Cards player `p` showed (at the showdown, or as he folded), line `no`: the known ones fill
    /// his unknown slots ([`HandBuilder::reveal`]); more cards than the game deals are refused.
    pub fn show(&mut self, p: PlayerIdx, cards: &[Card], no: u32) -> Result<(), ParseError> {
        if cards.len() > self.hand.game.category.hand_size() {
            return Err(ParseError::malformed(
                no,
                "more cards shown than the game deals",
            ));
        }
        self.reveal(p, cards);
        self.hand.players[p].shown = true;
        Ok(())
    }

    /// The PokerStars format's "Uncalled bet (X) returned to NAME" line, `r` the text after
    /// "Uncalled bet (", `money` the room's amount reader: the bet goes back to the player.
    pub fn uncalled_line(
        &mut self,
        r: &str,
        no: u32,
        money: impl FnOnce(&str) -> Result<Money, ParseError>,
    ) -> Result<(), ParseError> {
        self.returned_line(r, ") returned to ", no, money)
    }

    /// An uncalled bet's line "X<sep>NAME" (`sep` ") returned to " in the PokerStars format,
    /// " returned to " at Full Tilt): the bet `X` goes back to the player `NAME`.
    pub fn returned_line(
        &mut self,
        r: &str,
        sep: &str,
        no: u32,
        money: impl FnOnce(&str) -> Result<Money, ParseError>,
    ) -> Result<(), ParseError> {
        let Some((amt, name)) = r.split_once(sep) else {
            return Err(ParseError::malformed(no, "unreadable uncalled bet"));
        };
        let Some(p) = self.player(name.trim()) else {
            return Err(ParseError::malformed(
                no,
                "uncalled bet returned to a player who is not in the seat list",
            ));
        };
        let amount = money(amt)?;
        self.uncalled(p, amount);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn game() -> Game {
        Game {
            kind: GameKind::Ring,
            base: Base::Hold,
            category: Category::Holdem,
            limit_type: LimitType::NoLimit,
            hi_lo: HiLo::Hi,
            small_blind: 1,
            big_blind: 2,
            small_bet: 2,
            big_bet: 2,
            ante: 0,
            currency: "USD".into(),
            mix: None,
            fast: false,
            home_game: false,
            split_board: false,
        }
    }

    #[test]
    fn checked_posts_and_boards() {
        let t = chrono::Utc.with_ymd_and_hms(2012, 1, 1, 0, 0, 0).unwrap();
        let mut b = HandBuilder::new("X", 1, "1", game(), t);
        let p = b.add_player(1, "a", 3, false);
        assert!(b.checked_post(5, p, ActionKind::SmallBlind, 4).is_err());
        assert!(b.checked_post(5, p, ActionKind::SmallBlind, 0).is_err());
        b.checked_post(5, p, ActionKind::SmallBlind, 3).unwrap();
        assert!(b.hand().actions[0].all_in);
        let c = |s: &str| Card::parse_all(s).unwrap();
        let mut board = Vec::new();
        assert!(b.deal_board(6, &mut board, 2, &c("Ah"), false).is_err());
        b.deal_board(6, &mut board, 1, &c("Ah Kd 2c"), true)
            .unwrap();
        assert!(b
            .deal_board(7, &mut board, 2, &c("Ah Kd 3c 4s"), true)
            .is_err());
        b.deal_board(7, &mut board, 2, &c("Ah Kd 2c 4s"), true)
            .unwrap();
        b.deal_board(8, &mut board, 3, &c("5s"), false).unwrap();
        assert_eq!((board, b.street()), (c("Ah Kd 2c 4s 5s"), 3));
        let e = b.checked_post(9, p, ActionKind::BigBlind, 1).unwrap_err();
        assert_eq!(e.line, 9);
    }

    #[test]
    fn raises_record_the_chips_added() {
        let t = chrono::Utc
            .with_ymd_and_hms(2010, 4, 16, 10, 14, 6)
            .unwrap();
        let mut b = HandBuilder::new("PokerStars", 1, "1", game(), t);
        let sb = b.add_player(1, "sb", 100, false);
        let bb = b.add_player(2, "bb", 100, false);
        b.post(sb, ActionKind::SmallBlind, 1, false);
        b.post(bb, ActionKind::BigBlind, 2, false);
        b.set_street(0);
        b.raise_to(sb, 6, false);
        b.raise_to(bb, 100, false);
        b.call(sb, 94, false);
        let h = b.hand();
        assert_eq!(h.actions[2].amount, 5);
        assert_eq!(h.actions[3].amount, 98);
        assert!(h.actions[3].all_in);
        assert!(h.actions[4].all_in);
        assert_eq!(b.money_in(), 200);
    }
}
