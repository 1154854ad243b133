//! Playing one hand at a table and writing it as Stars does.
//!
//! The hand is simulated and written in one pass: each line is appended when the event happens,
//! so the text and the chips can never disagree. Money is tracked per player as chips behind,
//! chips on the current street (`live`, what calls and raises are measured against) and chips in
//! the pot (`total`, antes and dead blinds included), which is all the pots, uncalled bets and
//! the summary need.

use crate::cards::{push_bracketed, push_cards, rank, Card, Deck};
use crate::decide::{decide, Act, Spot};
use crate::eval;
use crate::players::Profile;
use crate::rng::Rng;
use crate::table::{Event, Limit, Table, HERO};
use crate::text::{push_dollars_cents, push_int, push_money, push_ordinal, push_roman, Clock};

/// A player dealt into the hand.
#[derive(Debug, Clone, Default)]
pub struct Seat {
    /// Seat index (printed 1-based).
    pub seat: usize,
    /// Pool index.
    pub who: u32,
    pub start: i64,
    /// Chips behind.
    pub stack: i64,
    /// Chips on the current street that count towards calls and raises.
    pub live: i64,
    /// Chips in the pot, dead money included.
    pub total: i64,
    pub folded: bool,
    pub all_in: bool,
    /// Has acted since the last full raise (may not re-raise an incomplete raise).
    pub acted: bool,
    /// Street he folded on.
    pub fold_street: u8,
    pub cards: [Card; 4],
    /// Posted a small or big blind (his summary line gets no "(didn't bet)").
    pub posted_blind: bool,
    /// Put chips in voluntarily.
    pub voluntary: bool,
    pub sitting_out: bool,
    pub fresh: bool,
    /// Showdown value.
    pub value: u32,
    /// Share of hands he beats, for his decisions; `strength_street` is the street it is for.
    pub strength: f64,
    pub strength_street: u8,
    pub won: i64,
    pub showed: bool,
    pub mucked: bool,
    /// In a frenzy hand, one of the few players who want to get all their chips in.
    pub keen: bool,
}

/// What players say at the table.
const CHAT: &[&str] = &[
    "nh",
    "gl",
    "ty",
    "lol",
    "wp",
    "vnh",
    "ship it",
    ":)",
    "omg: again?",
    "gg all",
    "sick",
    "fold pre pls",
];

/// A pot at showdown: its chips after rake, its rake, who may win it and who did.
#[derive(Debug, Clone, Copy, Default)]
struct Pot {
    amount: i64,
    rake: i64,
    /// Bit i = player i (position order).
    eligible: u16,
}

/// What the caller needs back after a hand.
#[derive(Debug, Default)]
pub struct Outcome {
    /// The hero busted or won the tournament: the session is over.
    pub close: bool,
    /// Tournament players knocked out (pool indexes), no longer seated.
    pub busted: Vec<u32>,
}

/// The shared pieces of the generator a hand uses.
pub struct Ctx<'a> {
    pub rng: &'a mut Rng,
    pub pool: &'a [Profile],
    pub deck: &'a mut Deck,
    pub clock: &'a mut Clock,
    pub out: &'a mut String,
}

struct Hand<'a, 'c> {
    cx: &'c mut Ctx<'a>,
    t: &'c Table,
    ps: &'c mut Vec<Seat>,
    cash: bool,
    board: [Card; 5],
    nboard: usize,
    /// Indexes (position order) of the blinds; the button is the last player.
    sb: usize,
    bb: usize,
    /// Highest street total, smallest full raise, raises so far, preflop limpers.
    current: i64,
    last_raise: i64,
    raises: u32,
    limpers: u32,
    /// Last aggressor of this street and of the previous one.
    aggressor: Option<usize>,
    prev_aggressor: Option<usize>,
    frenzy: bool,
    /// The pots as awarded (one when the hand ended without a showdown).
    pots: Vec<Pot>,
    /// The hand went to a showdown.
    showdown: bool,
}

/// Plays one hand at `t` and appends it to `cx.out`; updates the table's stacks and line-up.
pub fn play_hand(
    cx: &mut Ctx<'_>,
    t: &mut Table,
    hand_no: i64,
    utc: i64,
    ps: &mut Vec<Seat>,
) -> Outcome {
    // The button moves to the next occupied seat.
    let n_seats = t.max_seats;
    let button = match t.button {
        None => {
            let occupied: Vec<usize> = (0..n_seats).filter(|&s| t.seats[s].is_some()).collect();
            occupied[cx.rng.below(occupied.len() as u32) as usize]
        }
        Some(b) => (1..=n_seats)
            .map(|k| (b + k) % n_seats)
            .find(|&s| t.seats[s].is_some())
            .unwrap_or(b),
    };
    t.button = Some(button);
    ps.clear();
    for k in 1..=n_seats {
        let s = (button + k) % n_seats;
        if let Some(o) = &t.seats[s] {
            ps.push(Seat {
                seat: s,
                who: o.who,
                start: o.stack,
                stack: o.stack,
                sitting_out: o.sitting_out,
                fresh: o.fresh,
                ..Seat::default()
            });
        }
    }
    let n = ps.len();
    // Now and then two to four players get it all in: the source of multiway all-ins and side
    // pots, which the styles alone make rare.
    let frenzy = cx.rng.chance(if t.cash() { 0.015 } else { 0.02 });
    if frenzy {
        let keen = 2 + cx.rng.below(3) as usize;
        for _ in 0..keen.min(n) {
            let i = cx.rng.below(n as u32) as usize;
            ps[i].keen = true;
        }
    }
    let (sb, bb) = if n == 2 { (1, 0) } else { (0, 1) };
    let mut h = Hand {
        cx,
        t,
        ps,
        cash: t.cash(),
        board: [0; 5],
        nboard: 0,
        sb,
        bb,
        current: 0,
        last_raise: t.bb,
        raises: 0,
        limpers: 0,
        aggressor: None,
        prev_aggressor: None,
        frenzy,
        pots: Vec::new(),
        showdown: false,
    };
    h.header(hand_no, utc);
    h.posts();
    h.deal();
    h.play_streets();
    let busted = h.bust_lines();
    h.summary();
    let close = busted.contains(&HERO) || h.ps.iter().filter(|p| p.stack + p.won > 0).count() < 2;

    // Stacks and line-up for the next hand.
    for p in ps.iter() {
        if let Some(o) = t.seats[p.seat].as_mut() {
            o.stack = p.stack + p.won;
            o.fresh = false;
        }
    }
    if let Some(tour) = t.tour.as_mut() {
        tour.remaining = tour.remaining.saturating_sub(busted.len() as u32).max(1);
        for p in ps.iter() {
            if p.stack + p.won == 0 {
                t.seats[p.seat] = None;
            }
        }
    }
    Outcome { close, busted }
}

impl Hand<'_, '_> {
    fn push_name(&mut self, i: usize) {
        let pool = self.cx.pool;
        self.cx.out.push_str(&pool[self.ps[i].who as usize].name);
    }

    fn push(&mut self, s: &str) {
        self.cx.out.push_str(s);
    }

    fn money(&mut self, v: i64) {
        push_money(self.cx.out, v, self.cash);
    }

    fn all_in_suffix(&mut self, i: usize) {
        if self.ps[i].stack == 0 {
            self.push(" and is all-in");
        }
        self.push("\n");
    }

    // -----------------------------------------------------------------------------------------
    // Header, seats, posts, deal
    // -----------------------------------------------------------------------------------------

    fn header(&mut self, hand_no: i64, utc: i64) {
        let t = self.t;
        self.push("PokerStars Hand #");
        push_int(self.cx.out, hand_no);
        match &t.tour {
            Some(tour) => {
                self.push(": Tournament #");
                push_int(self.cx.out, tour.number);
                self.push(", ");
                push_dollars_cents(self.cx.out, tour.buyin);
                self.push("+");
                push_dollars_cents(self.cx.out, tour.fee);
                self.push(" USD Hold'em No Limit - Level ");
                push_roman(self.cx.out, tour.level as u32 + 1);
                self.push(" (");
                push_int(self.cx.out, t.sb);
                self.push("/");
                push_int(self.cx.out, t.bb);
                self.push(") - ");
            }
            None => {
                self.push(":  ");
                self.push(match (t.omaha, t.limit) {
                    (true, _) => "Omaha Pot Limit (",
                    (false, Limit::Fixed) => "Hold'em Limit (",
                    _ => "Hold'em No Limit (",
                });
                let (a, b) = if t.limit == Limit::Fixed {
                    (t.small_bet, t.big_bet)
                } else {
                    (t.sb, t.bb)
                };
                self.money(a);
                self.push("/");
                self.money(b);
                self.push(" USD) - ");
            }
        }
        self.cx.clock.push_header_time(self.cx.out, utc);
        self.push("\nTable '");
        self.push(&t.name);
        self.push("' ");
        push_int(self.cx.out, t.max_seats as i64);
        self.push("-max Seat #");
        push_int(self.cx.out, t.button.unwrap_or(0) as i64 + 1);
        self.push(" is the button\n");
        for i in self.seat_order() {
            self.push("Seat ");
            push_int(self.cx.out, self.ps[i].seat as i64 + 1);
            self.push(": ");
            self.push_name(i);
            self.push(" (");
            self.money(self.ps[i].start);
            self.push(" in chips)");
            if self.ps[i].sitting_out {
                self.push(" is sitting out");
            }
            self.push("\n");
        }
    }

    /// Player indexes in seat order (the order of the seat and summary lines).
    fn seat_order(&self) -> Vec<usize> {
        let mut v: Vec<usize> = (0..self.ps.len()).collect();
        v.sort_by_key(|&i| self.ps[i].seat);
        v
    }

    /// Puts up to `amount` of player `i`'s chips in the pot, `live` of them on the street.
    fn put(&mut self, i: usize, amount: i64, dead: i64) -> i64 {
        let p = &mut self.ps[i];
        let put = amount.min(p.stack);
        p.stack -= put;
        p.total += put;
        p.live += (put - dead).max(0);
        if p.stack == 0 {
            p.all_in = true;
        }
        put
    }

    fn post_line(&mut self, i: usize, what: &str, amount: i64) {
        self.push_name(i);
        self.push(": posts ");
        self.push(what);
        self.money(amount);
        self.all_in_suffix(i);
    }

    fn posts(&mut self) {
        let t = self.t;
        if t.ante > 0 {
            for i in self.seat_order() {
                let a = self.put(i, t.ante, t.ante);
                self.post_line(i, "the ante ", a);
            }
        }
        let (sb, bb) = (self.sb, self.bb);
        if self.ps[sb].stack > 0 {
            let a = self.put(sb, t.sb, 0);
            self.ps[sb].posted_blind = true;
            self.post_line(sb, "small blind ", a);
        }
        if self.ps[bb].stack > 0 {
            let a = self.put(bb, t.bb, 0);
            self.ps[bb].posted_blind = true;
            self.post_line(bb, "big blind ", a);
        }
        // Players new to a cash table post a big blind to be dealt in at once; some of them
        // (back from a break in the blinds) post both blinds, the small one dead.
        let n = self.ps.len();
        for k in 1..n {
            let i = (bb + k) % n;
            if !self.ps[i].fresh || i == sb || i == bb || !self.cash {
                continue;
            }
            self.ps[i].posted_blind = true;
            if self.cx.rng.chance(0.2) && self.ps[i].stack > t.sb + t.bb {
                let a = self.put(i, t.sb + t.bb, t.sb);
                self.post_line(i, "small & big blinds ", a);
            } else {
                let a = self.put(i, t.bb, 0);
                self.post_line(i, "big blind ", a);
            }
        }
    }

    fn deal(&mut self) {
        self.push("*** HOLE CARDS ***\n");
        self.cx.deck.reset();
        let k = self.t.hole_cards();
        for i in 0..self.ps.len() {
            for c in 0..k {
                self.ps[i].cards[c] = self.cx.deck.deal(self.cx.rng);
            }
        }
        if let Some(h) = self.ps.iter().position(|p| p.who == HERO) {
            self.push("Dealt to ");
            self.push_name(h);
            self.push(" ");
            let cards = self.ps[h].cards;
            push_bracketed(self.cx.out, &cards[..k]);
            self.push("\n");
        }
        // Comings and goings since the last hand.
        let pool = self.cx.pool;
        for e in &self.t.events {
            match *e {
                Event::Join(who, seat) => {
                    self.cx.out.push_str(&pool[who as usize].name);
                    self.cx.out.push_str(" joins the table at seat #");
                    push_int(self.cx.out, seat as i64 + 1);
                    self.cx.out.push('\n');
                }
                Event::Leave(who) => {
                    self.cx.out.push_str(&pool[who as usize].name);
                    self.cx.out.push_str(" leaves the table\n");
                }
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Betting
    // -----------------------------------------------------------------------------------------

    fn in_hand(&self) -> usize {
        self.ps.iter().filter(|p| !p.folded).count()
    }

    /// Players who can still bet (in the hand, not all-in).
    fn can_bet(&self) -> usize {
        self.ps.iter().filter(|p| !p.folded && !p.all_in).count()
    }

    fn pot(&self) -> i64 {
        self.ps.iter().map(|p| p.total).sum()
    }

    fn play_streets(&mut self) {
        for street in 0..4u8 {
            if street > 0 {
                self.deal_street(street);
            }
            if self.can_bet() >= 2 || self.faces_bet() {
                self.bet_round(street);
            }
            self.return_uncalled();
            if self.in_hand() == 1 {
                let w = self.ps.iter().position(|p| !p.folded).unwrap_or(0);
                self.win_uncontested(w);
                return;
            }
        }
        self.showdown();
    }

    /// Someone who can act has not matched the highest total (preflop: the big blind).
    fn faces_bet(&self) -> bool {
        let top = self.ps.iter().map(|p| p.live).max().unwrap_or(0);
        self.ps
            .iter()
            .any(|p| !p.folded && !p.all_in && p.live < top)
    }

    fn deal_street(&mut self, street: u8) {
        let k = if street == 1 { 3 } else { 1 };
        let old = self.nboard;
        for _ in 0..k {
            self.board[self.nboard] = self.cx.deck.deal(self.cx.rng);
            self.nboard += 1;
        }
        self.push(match street {
            1 => "*** FLOP *** ",
            2 => "*** TURN *** ",
            _ => "*** RIVER *** ",
        });
        let board = self.board;
        if old > 0 {
            push_bracketed(self.cx.out, &board[..old]);
            self.push(" ");
        }
        push_bracketed(self.cx.out, &board[old..self.nboard]);
        self.push("\n");
        for p in self.ps.iter_mut() {
            p.live = 0;
        }
    }

    /// Share of hands player `i` beats now, computed once per street.
    fn strength(&mut self, i: usize, street: u8) -> f64 {
        let p = &self.ps[i];
        if p.strength_street == street + 1 {
            return p.strength;
        }
        let k = self.t.hole_cards();
        let hole = &p.cards[..k];
        let s = if street == 0 {
            if self.t.omaha {
                eval::omaha_preflop(hole)
            } else {
                eval::holdem_preflop(hole[0], hole[1])
            }
        } else {
            postflop_strength(hole, &self.board[..self.nboard], self.t.omaha)
        };
        let p = &mut self.ps[i];
        p.strength = s;
        p.strength_street = street + 1;
        s
    }

    fn bet_round(&mut self, street: u8) {
        let n = self.ps.len();
        let t = self.t;
        let fixed = t.limit == Limit::Fixed;
        let bet_size = if street >= 2 { t.big_bet } else { t.small_bet };
        self.prev_aggressor = self.aggressor;
        self.aggressor = None;
        self.raises = 0;
        self.limpers = 0;
        for p in self.ps.iter_mut() {
            p.acted = false;
        }
        let top = self.ps.iter().map(|p| p.live).max().unwrap_or(0);
        self.current = if street == 0 { top.max(t.bb) } else { 0 };
        self.last_raise = if fixed { bet_size } else { t.bb };
        // Fixed limit: bets and raises allowed per street (the big blind is the first bet).
        let mut bets: u32 = u32::from(street == 0);
        let mut i = if street == 0 { (self.bb + 1) % n } else { 0 };
        let mut idle = 0;
        while idle < n && self.in_hand() > 1 {
            if !self.needs_to_act(i) {
                idle += 1;
                i = (i + 1) % n;
                continue;
            }
            idle = 0;
            let others = self.can_bet() - 1;
            let p = &self.ps[i];
            let to_call = (self.current - p.live).clamp(0, p.stack);
            let all_in_to = p.live + p.stack;
            let can_raise =
                !p.acted && others > 0 && p.stack > self.current - p.live && (!fixed || bets < 4);
            let min_to = if self.current == 0 {
                self.last_raise.max(t.bb)
            } else {
                self.current + self.last_raise
            };
            let max_to = match t.limit {
                Limit::No => all_in_to,
                Limit::Fixed => min_to.min(all_in_to),
                Limit::Pot => {
                    let pot_after_call = self.pot() + (self.current - p.live);
                    (self.current + pot_after_call).min(all_in_to)
                }
            };
            let spot = Spot {
                street,
                to_call,
                current: self.current,
                live: p.live,
                stack: p.stack,
                pot: self.pot(),
                bb: t.bb,
                can_raise,
                min_to,
                max_to,
                raises: self.raises,
                limpers: self.limpers,
                behind: ((self.bb + n - i) % n) as u32,
                was_aggressor: self.prev_aggressor == Some(i),
                limit: t.limit,
                sitting_out: p.sitting_out,
                frenzy: self.frenzy && p.keen,
                // Cash: cents up to a tenth of the big blind; chips: round fives and tens.
                unit: if self.cash {
                    (t.bb / 10).max(1)
                } else {
                    (t.bb / 10).max(5)
                },
            };
            let strength = self.strength(i, street);
            let pool = self.cx.pool;
            let style = &pool[self.ps[i].who as usize].style;
            let act = decide(self.cx.rng, style, strength, &spot);
            match act {
                Act::Fold => {
                    // Lines the importer must skip: a player slow to act, table chat.
                    if self.cx.rng.chance(0.004) {
                        self.push_name(i);
                        self.push(" has timed out\n");
                    }
                    if self.cx.rng.chance(0.003) {
                        let who = self.cx.rng.below(n as u32) as usize;
                        self.push_name(who);
                        self.push(" said, \"");
                        let words = self.cx.rng.pick(CHAT);
                        self.push(words);
                        self.push("\"\n");
                    }
                    self.ps[i].folded = true;
                    self.ps[i].fold_street = street;
                    self.push_name(i);
                    self.push(": folds\n");
                }
                Act::Check => {
                    self.push_name(i);
                    self.push(": checks\n");
                }
                Act::Call => {
                    let amount = self.put(i, to_call, 0);
                    self.ps[i].voluntary = true;
                    if street == 0 && self.raises == 0 {
                        self.limpers += 1;
                    }
                    self.push_name(i);
                    self.push(": calls ");
                    self.money(amount);
                    self.all_in_suffix(i);
                }
                Act::RaiseTo(to) => {
                    let live = self.ps[i].live;
                    let to = to.min(max_to).max(self.current + 1);
                    self.put(i, to - live, 0);
                    self.ps[i].voluntary = true;
                    let by = to - self.current;
                    let full = by >= self.last_raise;
                    self.push_name(i);
                    if self.current == 0 {
                        self.push(": bets ");
                        self.money(to);
                    } else {
                        self.push(": raises ");
                        self.money(by);
                        self.push(" to ");
                        self.money(to);
                    }
                    self.all_in_suffix(i);
                    if full {
                        if !fixed {
                            self.last_raise = by;
                        }
                        for (j, q) in self.ps.iter_mut().enumerate() {
                            if j != i {
                                q.acted = false;
                            }
                        }
                        bets += 1;
                    }
                    self.current = to;
                    self.raises += 1;
                    self.aggressor = Some(i);
                }
            }
            self.ps[i].acted = true;
            i = (i + 1) % n;
        }
    }

    fn needs_to_act(&self, i: usize) -> bool {
        let p = &self.ps[i];
        if p.folded || p.all_in {
            return false;
        }
        if p.live < self.current {
            return true;
        }
        // Nobody to bet against: no action (the others are all-in or folded).
        !p.acted && self.can_bet() > 1
    }

    /// Gives back the part of the street's highest total that nobody matched.
    fn return_uncalled(&mut self) {
        let (mut top, mut second, mut who) = (0, 0, 0);
        for (i, p) in self.ps.iter().enumerate() {
            if p.live > top {
                second = top;
                top = p.live;
                who = i;
            } else if p.live > second {
                second = p.live;
            }
        }
        if top > second {
            let back = top - second;
            let p = &mut self.ps[who];
            p.live -= back;
            p.total -= back;
            p.stack += back;
            p.all_in = p.stack == 0;
            self.push("Uncalled bet (");
            self.money(back);
            self.push(") returned to ");
            self.push_name(who);
            self.push("\n");
        }
    }

    /// The room's cut: 5 % of the pot, rounded down, capped, and none when no flop was dealt
    /// ("no flop, no drop") or in tournaments.
    fn rake(&self, pot: i64) -> i64 {
        if !self.cash || self.nboard == 0 {
            return 0;
        }
        let mut cap = (self.t.bb * 15).clamp(30, 300);
        if self.ps.len() == 2 {
            cap /= 2;
        }
        (pot * 5 / 100).min(cap)
    }

    fn win_uncontested(&mut self, w: usize) {
        let pot = self.pot();
        let rake = self.rake(pot);
        self.ps[w].won = pot - rake;
        self.push_name(w);
        self.push(" collected ");
        self.money(pot - rake);
        self.push(" from pot\n");
        if self.cx.rng.chance(0.5) {
            self.push_name(w);
            self.push(": doesn't show hand\n");
        }
        self.pots = vec![Pot {
            amount: pot - rake,
            rake,
            eligible: 1 << w,
        }];
    }
}

impl Hand<'_, '_> {
    // -----------------------------------------------------------------------------------------
    // Showdown and pots
    // -----------------------------------------------------------------------------------------

    /// Main pot and side pots from what each player put in: one pot per all-in level, each open
    /// to the players still in who put in at least that much.
    fn build_pots(&self) -> Vec<Pot> {
        let mut levels: Vec<i64> = self
            .ps
            .iter()
            .filter(|p| !p.folded && p.all_in)
            .map(|p| p.total)
            .collect();
        let max = self.ps.iter().map(|p| p.total).max().unwrap_or(0);
        levels.push(max);
        levels.sort_unstable();
        levels.dedup();
        let mut pots: Vec<Pot> = Vec::with_capacity(levels.len());
        let mut prev = 0;
        for &level in &levels {
            let amount: i64 = self
                .ps
                .iter()
                .map(|p| p.total.min(level) - p.total.min(prev))
                .sum();
            // Everyone still in who is not all-in has matched every bet (his total may differ
            // from another's only by dead money), so he plays for every pot.
            let mut eligible = 0u16;
            for (i, p) in self.ps.iter().enumerate() {
                if !p.folded && (!p.all_in || p.total >= level) {
                    eligible |= 1 << i;
                }
            }
            prev = level;
            if amount == 0 {
                continue;
            }
            match pots.last_mut() {
                // Chips above every live player's total (a folded player's): the last pot's.
                Some(last) if eligible == 0 => last.amount += amount,
                _ => pots.push(Pot {
                    amount,
                    rake: 0,
                    eligible,
                }),
            }
        }
        // The rake comes out of each pot in proportion, the odd cents out of the largest.
        let total: i64 = pots.iter().map(|p| p.amount).sum();
        let rake = self.rake(total);
        if rake > 0 {
            let mut taken = 0;
            for p in pots.iter_mut() {
                p.rake = rake * p.amount / total;
                taken += p.rake;
            }
            let largest = (0..pots.len()).max_by_key(|&k| (pots[k].amount, usize::MAX - k));
            if let Some(k) = largest {
                pots[k].rake += rake - taken;
            }
            for p in pots.iter_mut() {
                p.amount -= p.rake;
            }
        }
        pots
    }

    fn showdown(&mut self) {
        self.showdown = true;
        self.push("*** SHOW DOWN ***\n");
        let n = self.ps.len();
        let k = self.t.hole_cards();
        let board = self.board;
        for p in self.ps.iter_mut().filter(|p| !p.folded) {
            p.value = if self.t.omaha {
                eval::omaha_value(&p.cards[..k], &board)
            } else {
                eval::holdem_value(&p.cards[..k], &board)
            };
        }
        // The river's last aggressor shows first, else the first player left of the button;
        // after an all-in every hand is turned up, otherwise beaten hands may be mucked.
        let all_in = self.ps.iter().any(|p| !p.folded && p.all_in);
        let start = self.aggressor.unwrap_or(0);
        let mut best: Option<u32> = None;
        for j in 0..n {
            let i = (start + j) % n;
            if self.ps[i].folded {
                continue;
            }
            let v = self.ps[i].value;
            let show = all_in || best.is_none_or(|b| v >= b) || self.cx.rng.chance(0.35);
            self.push_name(i);
            if show {
                self.ps[i].showed = true;
                best = Some(best.map_or(v, |b| b.max(v)));
                self.push(": shows ");
                let cards = self.ps[i].cards;
                push_bracketed(self.cx.out, &cards[..k]);
                self.push(" (");
                eval::push_description(self.cx.out, v);
                self.push(")\n");
            } else {
                self.ps[i].mucked = true;
                self.push(": mucks hand\n");
            }
        }
        let pots = self.build_pots();
        // Side pots are settled first, the main pot last, as Stars prints them.
        for (pi, pot) in pots.iter().enumerate().rev() {
            let contenders = |p: &Seat, i: usize| pot.eligible & (1 << i) != 0 && !p.mucked;
            let top = self
                .ps
                .iter()
                .enumerate()
                .filter(|(i, p)| contenders(p, *i))
                .map(|(_, p)| p.value)
                .max();
            let winners: Vec<usize> = (0..n)
                .filter(|&i| contenders(&self.ps[i], i) && Some(self.ps[i].value) == top)
                .collect();
            if winners.is_empty() {
                continue;
            }
            // Split pots: equal shares, the odd chips one each to the first winners left of the
            // button.
            let w = winners.len() as i64;
            let (share, odd) = (pot.amount / w, pot.amount % w);
            for (r, &i) in winners.iter().enumerate() {
                let amount = share + i64::from((r as i64) < odd);
                self.ps[i].won += amount;
                self.push_name(i);
                self.push(" collected ");
                self.money(amount);
                self.push(" from ");
                self.push_pot_name(pi, pots.len());
                self.push("\n");
            }
        }
        self.pots = pots;
    }

    /// "pot", "main pot", "side pot", "side pot-2".
    fn push_pot_name(&mut self, index: usize, count: usize) {
        match (count, index) {
            (1, _) => self.push("pot"),
            (_, 0) => self.push("main pot"),
            (2, _) => self.push("side pot"),
            (_, k) => {
                self.push("side pot-");
                push_int(self.cx.out, k as i64);
            }
        }
    }

    /// Tournament: the players knocked out, and the winner when one player is left. Returns the
    /// pool indexes of the players out.
    fn bust_lines(&mut self) -> Vec<u32> {
        let Some(tour) = &self.t.tour else {
            return Vec::new();
        };
        let mut out: Vec<usize> = (0..self.ps.len())
            .filter(|&i| self.ps[i].stack + self.ps[i].won == 0)
            .collect();
        // Of two players out in one hand, the one who started with more finishes higher.
        out.sort_by_key(|&i| (self.ps[i].start, self.ps[i].seat));
        let mut place = tour.remaining;
        for &i in &out {
            self.push_name(i);
            self.push(" finished the tournament in ");
            push_ordinal(self.cx.out, place);
            self.push(" place");
            if place <= tour.paid {
                self.push(" and received ");
                push_dollars_cents(self.cx.out, prize(tour, place));
                self.push(".");
            }
            self.push("\n");
            place = place.saturating_sub(1);
        }
        let left: Vec<usize> = (0..self.ps.len())
            .filter(|&i| self.ps[i].stack + self.ps[i].won > 0)
            .collect();
        if place == 1 && left.len() == 1 {
            self.push_name(left[0]);
            self.push(" wins the tournament and receives ");
            push_dollars_cents(self.cx.out, prize(tour, 1));
            self.push(" - congratulations!\n");
        }
        out.iter().map(|&i| self.ps[i].who).collect()
    }

    // -----------------------------------------------------------------------------------------
    // Summary
    // -----------------------------------------------------------------------------------------

    fn summary(&mut self) {
        self.push("*** SUMMARY ***\nTotal pot ");
        let pots = std::mem::take(&mut self.pots);
        let total: i64 = self.pot();
        let rake: i64 = pots.iter().map(|p| p.rake).sum();
        self.money(total);
        if pots.len() > 1 {
            for (k, pot) in pots.iter().enumerate() {
                self.push(match (k, pots.len()) {
                    (0, _) => " Main pot ",
                    (_, 2) => " Side pot ",
                    _ => " Side pot-",
                });
                if k > 0 && pots.len() > 2 {
                    push_int(self.cx.out, k as i64);
                    self.push(" ");
                }
                self.money(pot.amount);
                self.push(".");
            }
        }
        self.push(" | Rake ");
        self.money(rake);
        self.push("\n");
        if self.nboard > 0 {
            self.push("Board ");
            let board = self.board;
            push_bracketed(self.cx.out, &board[..self.nboard]);
            self.push("\n");
        }
        let n = self.ps.len();
        let k = self.t.hole_cards();
        for i in self.seat_order() {
            self.push("Seat ");
            push_int(self.cx.out, self.ps[i].seat as i64 + 1);
            self.push(": ");
            self.push_name(i);
            if i == n - 1 {
                self.push(" (button)");
            }
            if i == self.sb {
                self.push(" (small blind)");
            } else if i == self.bb {
                self.push(" (big blind)");
            }
            let p = self.ps[i].clone();
            if p.folded {
                self.push(match p.fold_street {
                    0 => " folded before Flop",
                    1 => " folded on the Flop",
                    2 => " folded on the Turn",
                    _ => " folded on the River",
                });
                if p.fold_street == 0 && !p.posted_blind && !p.voluntary {
                    self.push(" (didn't bet)");
                }
            } else if !self.showdown {
                self.push(" collected (");
                self.money(p.won);
                self.push(")");
            } else if p.mucked {
                self.push(" mucked [");
                push_cards(self.cx.out, &p.cards[..k]);
                self.push("]");
            } else {
                self.push(" showed ");
                push_bracketed(self.cx.out, &p.cards[..k]);
                if p.won > 0 {
                    self.push(" and won (");
                    self.money(p.won);
                    self.push(") with ");
                } else {
                    self.push(" and lost with ");
                }
                eval::push_description(self.cx.out, p.value);
            }
            self.push("\n");
        }
        self.pots = pots;
    }
}

/// Prize of a paid place in cents: sit-and-go shares of the pool, or a rough MTT ladder.
fn prize(tour: &crate::table::Tour, place: u32) -> i64 {
    if tour.sng {
        let shares: &[i64] = if tour.paid == 3 {
            &[50, 30, 20]
        } else {
            &[65, 35]
        };
        let share = shares.get(place as usize - 1).copied().unwrap_or(0);
        return tour.prize_pool * share / 100;
    }
    (tour.prize_pool / 5 / i64::from(place.max(1))).max(tour.buyin * 3 / 2)
}

/// Share of hands a holding beats on a board, from its category and how it uses the board.
fn postflop_strength(hole: &[Card], board: &[Card], omaha: bool) -> f64 {
    let value = if omaha {
        eval::omaha_value(hole, board)
    } else {
        eval::holdem_value(hole, board)
    };
    let board_top = board.iter().map(|&c| rank(c)).max().unwrap_or(0) as usize;
    let on_board = |r: usize| board.iter().filter(|&&c| rank(c) as usize == r).count();
    let primary = eval::primary_rank(value);
    let s = match eval::category(value) {
        eval::HIGH_CARD => 0.08,
        eval::PAIR => {
            if on_board(primary) >= 2 {
                0.12
            } else if primary > board_top {
                0.62
            } else if primary == board_top {
                0.5
            } else {
                0.3
            }
        }
        eval::TWO_PAIR => {
            if on_board(primary) >= 2 && on_board(eval::rank_at(value, 1)) >= 2 {
                0.15
            } else if on_board(primary) >= 2 {
                0.45
            } else {
                0.7
            }
        }
        eval::TRIPS => {
            if on_board(primary) >= 3 {
                0.2
            } else if on_board(primary) == 2 {
                0.72
            } else {
                0.82
            }
        }
        eval::STRAIGHT => 0.86,
        eval::FLUSH => 0.9,
        eval::FULL_HOUSE => 0.95,
        _ => 0.99,
    };
    if omaha && eval::category(value) < eval::STRAIGHT {
        s * 0.8
    } else {
        s
    }
}
