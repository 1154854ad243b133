//! PokerStars hand-history text of a hand, whatever its room.
//!
//! The text follows the PokerStars format line for line (header, table and seat lines, posts,
//! `*** HOLE CARDS ***` / `*** 3rd STREET ***` / `*** DEALING HANDS ***`, each street with its
//! board, actions with `raises X to Y` totals, uncalled bets, the showdown, collections and the
//! summary), so that PokerStars-reading tools, fpdb's own parser first, read it back. The room
//! stays visible: a hand of a room that writes the PokerStars format keeps that room's name in the
//! header (`Full Tilt Hand #...`); any other room's name leads the table name
//! (`Table 'GGPoker RushAndCash123'`), followed by the hand id as the room printed it when that is
//! not the hand number.
//!
//! Times are written in ET as PokerStars does (in UTC for the hour that repeats when daylight
//! saving ends, which ET cannot name). Money is written in the table's currency (`$0.25`), chips
//! as integers.

use std::fmt::Write;

use chrono::{DateTime, TimeZone, Utc};

use crate::cards::Card;
use crate::model::{ActionKind, Base, Category, GameKind, Hand, LimitType, Money, PlayerIdx};
use crate::parsers::stars::SITES as STARS_SITES;
use crate::time;

use super::ExportError;

/// How money is written: chips, or cents of a currency with its symbol and code.
#[derive(Clone, Copy)]
struct Unit {
    cents: bool,
    symbol: &'static str,
    /// ISO code written after the stakes ("USD"); empty for chips.
    code: &'static str,
}

impl Unit {
    const CHIPS: Unit = Unit {
        cents: false,
        symbol: "",
        code: "",
    };

    /// The unit of a currency code as fpdb stores it.
    fn of(currency: &str) -> Result<Unit, ExportError> {
        let (symbol, code) = match currency {
            "play" | "T$" => return Ok(Unit::CHIPS),
            "USD" => ("$", "USD"),
            "EUR" => ("€", "EUR"),
            "GBP" => ("£", "GBP"),
            "CNY" => ("¥", "CNY"),
            "INR" => ("₹", "INR"),
            "CAD" => ("$", "CAD"),
            "FPP" => ("", "FPP"),
            "SC" => ("", "SC"),
            other => {
                return Err(ExportError::Unsupported(format!(
                    "PokerStars text has no currency {other}"
                )))
            }
        };
        Ok(Unit {
            cents: true,
            symbol,
            code,
        })
    }

    fn fmt(self, amount: Money) -> String {
        if self.cents {
            let sign = if amount < 0 { "-" } else { "" };
            let a = amount.unsigned_abs();
            format!("{sign}{}{}.{:02}", self.symbol, a / 100, a % 100)
        } else {
            amount.to_string()
        }
    }
}

/// The PokerStars name of a game, `None` for games PokerStars does not deal.
fn game_name(c: Category) -> Option<&'static str> {
    Some(match c {
        Category::Holdem => "Hold'em",
        Category::SixPlusHoldem => "6+ Hold'em",
        Category::OmahaHi => "Omaha",
        Category::OmahaHiLo => "Omaha Hi/Lo",
        Category::Omaha5Hi => "5 Card Omaha",
        Category::Omaha5HiLo => "5 Card Omaha Hi/Lo",
        Category::Omaha6Hi => "6 Card Omaha",
        Category::Omaha6HiLo => "6 Card Omaha Hi/Lo",
        Category::CourchevelHi => "Courchevel",
        Category::CourchevelHiLo => "Courchevel Hi/Lo",
        Category::Fusion => "Fusion",
        Category::Razz => "Razz",
        Category::StudHi => "7 Card Stud",
        Category::StudHiLo => "7 Card Stud Hi/Lo",
        Category::Badugi => "Badugi",
        Category::TripleDraw27 => "Triple Draw 2-7 Lowball",
        Category::SingleDraw27 => "Single Draw 2-7 Lowball",
        Category::FiveDraw => "5 Card Draw",
        Category::Pineapple
        | Category::Stud5Hi
        | Category::SingleDrawA5
        | Category::TripleDrawA5 => return None,
    })
}

fn limit_name(l: LimitType) -> &'static str {
    match l {
        LimitType::NoLimit | LimitType::CapNoLimit => "No Limit",
        LimitType::PotLimit | LimitType::CapPotLimit => "Pot Limit",
        LimitType::FixedLimit => "Limit",
        LimitType::PotNoLimit => "Pot Limit Pre-Flop, No Limit Post-Flop",
    }
}

/// Mixed games: fpdb's name and the name PokerStars prints.
fn mix_name(mix: &str) -> Option<&'static str> {
    Some(match mix {
        "plo_lo" => "Mixed Omaha Hi/Lo",
        "mholdem" => "Mixed Hold'em",
        "plh_plo" => "Mixed PLH/PLO",
        "nlh_plo" => "Mixed NLH/PLO",
        "momaha" => "Mixed Omaha",
        "3stud" => "Triple Stud",
        "8game" => "8-Game",
        "horse" => "HORSE",
        "hose" => "HOSE",
        _ => return None,
    })
}

/// The start time as PokerStars prints it: ET, or UTC in the hour ET names twice.
fn stars_time(t: DateTime<Utc>) -> String {
    let local = time::EASTERN.from_utc_datetime(&t.naive_utc());
    let naive = local.naive_local();
    match time::EASTERN.from_local_datetime(&naive) {
        chrono::LocalResult::Single(_) => format!("{} ET", naive.format("%Y/%m/%d %-H:%M:%S")),
        _ => format!("{} UTC", t.format("%Y/%m/%d %-H:%M:%S")),
    }
}

fn cards_text(cards: &[Card]) -> String {
    let mut s = String::with_capacity(cards.len() * 3);
    for (i, c) in cards.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        if c.is_known() {
            let _ = write!(s, "{c}");
        } else {
            s.push_str("Xx");
        }
    }
    s
}

/// The street names of a game, by street number.
fn street_title(base: Base, category: Category, street: usize, streets: usize) -> &'static str {
    match base {
        Base::Hold => ["HOLE CARDS", "FLOP", "TURN", "RIVER"]
            .get(street)
            .copied()
            .unwrap_or("RIVER"),
        Base::Stud => [
            "3rd STREET",
            "4th STREET",
            "5th STREET",
            "6th STREET",
            "RIVER",
        ]
        .get(street)
        .copied()
        .unwrap_or("RIVER"),
        Base::Draw => {
            if street == 0 {
                "DEALING HANDS"
            } else if streets <= 2 || category == Category::FiveDraw {
                "DRAW"
            } else {
                ["", "FIRST DRAW", "SECOND DRAW", "THIRD DRAW"]
                    .get(street)
                    .copied()
                    .unwrap_or("THIRD DRAW")
            }
        }
    }
}

/// Where a folder's summary line says he folded.
fn folded_on(base: Base, street: usize) -> &'static str {
    match base {
        Base::Hold => ["before Flop", "on the Flop", "on the Turn", "on the River"]
            .get(street)
            .copied()
            .unwrap_or("on the River"),
        Base::Stud => [
            "on the 3rd Street",
            "on the 4th Street",
            "on the 5th Street",
            "on the 6th Street",
            "on the 7th Street",
        ]
        .get(street)
        .copied()
        .unwrap_or("on the 7th Street"),
        Base::Draw => [
            "before the Draw",
            "after the 1st Draw",
            "after the 2nd Draw",
            "after the 3rd Draw",
        ]
        .get(street)
        .copied()
        .unwrap_or("after the 3rd Draw"),
    }
}

/// The PokerStars text of `h`.
pub fn write(h: &Hand) -> Result<String, ExportError> {
    let g = &h.game;
    let game = game_name(g.category).ok_or_else(|| {
        ExportError::Unsupported(format!(
            "PokerStars text has no game {} ({})",
            g.category.as_str(),
            h.site
        ))
    })?;
    let unit = match g.kind {
        GameKind::Tour => Unit::CHIPS,
        GameKind::Ring => Unit::of(&g.currency)?,
    };
    let mut out = String::with_capacity(1600);

    // Header.
    // Rooms whose own histories are in this format keep the name their headers print.
    let (room, own_room) = match STARS_SITES.iter().find(|(_, site)| *site == h.site) {
        Some((printed, _)) => (*printed, true),
        None => ("PokerStars", false),
    };
    let title = if g.fast { "Zoom Hand" } else { "Hand" };
    let _ = write!(out, "{room} {title} #{}: ", h.site_hand_no.unsigned_abs());
    match (&h.tournament, g.kind) {
        (Some(t), _) => {
            let _ = write!(
                out,
                "Tournament #{}, {} ",
                t.tourney_no.unsigned_abs(),
                buyin(t)?
            );
        }
        // A tournament hand whose room printed no tournament number.
        (None, GameKind::Tour) => out.push_str("Tournament #0, "),
        (None, GameKind::Ring) => {}
    }
    let limit = limit_name(g.limit_type);
    let stakes = stakes(h, unit);
    let mix = g.mix.as_deref().and_then(mix_name);
    match (mix, g.kind) {
        (Some(m), GameKind::Ring) => {
            let _ = write!(out, "{m} ({game} {limit}, {stakes})");
        }
        (Some(m), GameKind::Tour) => {
            let _ = write!(out, "{m} ({game} {limit}) - ({stakes})");
        }
        (None, GameKind::Ring) => {
            let _ = write!(out, "{game} {limit} ({stakes})");
        }
        (None, GameKind::Tour) => {
            let _ = write!(out, "{game} {limit} - ({stakes})");
        }
    }
    let _ = writeln!(out, " - {}", stars_time(h.start_time));

    // Table and seats.
    let mut table = if own_room {
        h.table_name.clone()
    } else {
        format!("{} {}", h.site, h.table_name)
    };
    let no = h.site_hand_no.unsigned_abs().to_string();
    if h.site_hand_id != no && !h.site_hand_id.is_empty() {
        let _ = write!(table, " (hand {})", h.site_hand_id);
    }
    let table = table.replace('\n', " ");
    let _ = write!(out, "Table '{table}'");
    if let Some(m) = h.max_seats {
        let _ = write!(out, " {m}-max");
    }
    if let Some(b) = h.button_seat {
        let _ = write!(out, " Seat #{b} is the button");
    }
    out.push('\n');
    for p in &h.players {
        let _ = writeln!(
            out,
            "Seat {}: {} ({} in chips){}",
            p.seat,
            p.name,
            unit.fmt(p.stack),
            if p.sitting_out { " is sitting out" } else { "" }
        );
    }

    let mut w = Writer::new(h, unit);
    w.posts(&mut out);
    w.streets(&mut out);
    w.showdown(&mut out);
    w.summary(&mut out, unit);
    Ok(out)
}

/// "$3.00+$0.30 USD", "$2.00+$0.50+$0.20 USD" (buy-in, bounty, fee), "Freeroll", "100+10" (play).
fn buyin(t: &crate::model::Tournament) -> Result<String, ExportError> {
    let unit = match t.currency.as_str() {
        "FREE" => return Ok("Freeroll".to_string()),
        "NA" => return Ok(String::new()),
        // Play-money buy-ins are stored in hundredths, as the parser reads them.
        "play" => Unit {
            cents: true,
            symbol: "",
            code: "",
        },
        c => Unit::of(c)?,
    };
    let fmt = |m: Money| {
        let s = unit.fmt(m);
        if unit.code == "FPP" || unit.code == "SC" {
            format!("{s}{}", unit.code)
        } else {
            s
        }
    };
    let mut s = if t.bounty > 0 {
        format!(
            "{}+{}+{}",
            fmt(t.buyin - t.bounty),
            fmt(t.bounty),
            fmt(t.fee)
        )
    } else {
        format!("{}+{}", fmt(t.buyin), fmt(t.fee))
    };
    if !unit.code.is_empty() && unit.code != "FPP" && unit.code != "SC" {
        let _ = write!(s, " {}", unit.code);
    }
    Ok(s)
}

/// The stakes in the header's parentheses.
fn stakes(h: &Hand, unit: Unit) -> String {
    let g = &h.game;
    let code = if unit.code.is_empty() || g.kind == GameKind::Tour {
        String::new()
    } else {
        format!(" {}", unit.code)
    };
    if g.base == Base::Hold && g.small_blind == 0 && g.limit_type != LimitType::FixedLimit {
        return format!(
            "Button Blind {} - Ante {}{code}",
            unit.fmt(g.big_blind),
            unit.fmt(g.ante)
        );
    }
    let (small, big) = if g.limit_type == LimitType::FixedLimit {
        // Fixed limit prints the small and big bet.
        (g.big_blind, g.big_bet)
    } else {
        (g.small_blind, g.big_blind)
    };
    let cap = match g.limit_type {
        LimitType::CapNoLimit | LimitType::CapPotLimit => " - Cap -",
        _ => "",
    };
    format!("{}/{}{cap}{code}", unit.fmt(small), unit.fmt(big))
}

/// Writes the body of the hand, street by street, keeping each player's street total.
struct Writer<'h> {
    h: &'h Hand,
    unit: Unit,
    streets: usize,
    street_total: Vec<Money>,
    folded_on: Vec<Option<usize>>,
}

impl<'h> Writer<'h> {
    fn new(h: &'h Hand, unit: Unit) -> Writer<'h> {
        Writer {
            h,
            unit,
            streets: h.street_count(),
            street_total: vec![0; h.players.len()],
            folded_on: vec![None; h.players.len()],
        }
    }

    fn name(&self, p: PlayerIdx) -> &str {
        self.h.players.get(p).map_or("", |pl| pl.name.as_str())
    }

    fn all_in(a: &crate::model::Action) -> &'static str {
        if a.all_in {
            " and is all-in"
        } else {
            ""
        }
    }

    fn posts(&mut self, out: &mut String) {
        let h = self.h;
        for a in h.actions.iter().filter(|a| a.street < 0) {
            let what = match a.kind {
                ActionKind::Ante => "the ante",
                ActionKind::SmallBlind => "small blind",
                ActionKind::DeadSmallBlind => "dead small blind",
                ActionKind::BigBlind => "big blind",
                ActionKind::BothBlinds => "small & big blinds",
                ActionKind::Straddle => "straddle",
                ActionKind::ButtonBlind => "button blind",
                _ => continue,
            };
            let live = match a.kind {
                ActionKind::Ante | ActionKind::DeadSmallBlind => 0,
                ActionKind::BothBlinds => (a.amount - h.game.small_blind).max(0),
                _ => a.amount,
            };
            if let Some(t) = self.street_total.get_mut(a.player) {
                *t += live;
            }
            let _ = writeln!(
                out,
                "{}: posts {what} {}{}",
                self.name(a.player),
                self.unit.fmt(a.amount),
                Self::all_in(a)
            );
        }
    }

    /// The board cards dealt on `street` (hold'em games), for each board.
    fn street_line(&self, out: &mut String, street: usize) {
        let h = self.h;
        let g = &h.game;
        let title = street_title(g.base, g.category, street, self.streets);
        if g.base != Base::Hold || street == 0 {
            let _ = writeln!(out, "*** {title} ***");
            return;
        }
        let (shown_before, upto) = match street {
            1 => (0, 3),
            2 => (3, 4),
            _ => (4, 5),
        };
        let board_line = |out: &mut String, prefix: &str, b: &[Card]| {
            let b = &b[..upto.min(b.len())];
            if shown_before == 0 || b.len() <= shown_before {
                let _ = writeln!(out, "*** {prefix}{title} *** [{}]", cards_text(b));
            } else {
                let _ = writeln!(
                    out,
                    "*** {prefix}{title} *** [{}] [{}]",
                    cards_text(&b[..shown_before]),
                    cards_text(&b[shown_before..])
                );
            }
        };
        match h.boards.as_slice() {
            [] => {
                let _ = writeln!(out, "*** {title} ***");
            }
            [one] => board_line(out, "", one),
            boards => {
                let shared = boards.iter().all(|b| {
                    b.len() >= upto && b[..upto] == boards[0][..upto.min(boards[0].len())]
                });
                if shared {
                    board_line(out, "", &boards[0]);
                } else {
                    for (i, b) in boards.iter().enumerate().take(3) {
                        let prefix = ["FIRST ", "SECOND ", "THIRD "][i];
                        board_line(out, prefix, b);
                    }
                }
            }
        }
    }

    /// Whether anything is printed for `street`: actions, board cards, stud cards.
    fn street_happens(&self, street: usize) -> bool {
        let h = self.h;
        if h.actions.iter().any(|a| a.street == street as i8) {
            return true;
        }
        match h.game.base {
            Base::Hold => {
                let need = [0, 3, 4, 5].get(street).copied().unwrap_or(5);
                street == 0 || h.boards.iter().any(|b| b.len() >= need)
            }
            Base::Stud => h
                .players
                .iter()
                .any(|p| p.cards.get(street + 2).is_some_and(|c| c.is_known())),
            Base::Draw => street == 0,
        }
    }

    fn dealt_hold(&self, out: &mut String) {
        for p in &self.h.players {
            let known = p.cards.iter().filter(|c| c.is_known()).count();
            if known == 0 {
                continue;
            }
            // Full hands shown at the showdown or mucked in the summary are printed there.
            if known == p.cards.len() && (p.shown || p.mucked) {
                continue;
            }
            let _ = writeln!(out, "Dealt to {} [{}]", p.name, cards_text(&p.cards));
        }
    }

    /// Stud: the cards each player still in gets on `street` (third street: two down and one
    /// up; then one each).
    fn dealt_stud(&self, out: &mut String, street: usize) {
        for (i, p) in self.h.players.iter().enumerate() {
            if self.folded_on[i].is_some_and(|f| f < street) {
                continue;
            }
            let c = |k: usize| p.cards.get(k).copied().unwrap_or(Card::UNKNOWN);
            if street == 0 {
                if c(0).is_known() || c(1).is_known() {
                    let _ = writeln!(
                        out,
                        "Dealt to {} [{}]",
                        p.name,
                        cards_text(&[c(0), c(1), c(2)])
                    );
                } else if c(2).is_known() {
                    let _ = writeln!(out, "Dealt to {} [{}]", p.name, cards_text(&[c(2)]));
                }
                continue;
            }
            let slot = street + 2;
            if !c(slot).is_known() {
                continue;
            }
            let before: Vec<Card> = (0..slot).map(c).filter(|x| x.is_known()).collect();
            if before.is_empty() {
                let _ = writeln!(out, "Dealt to {} [{}]", p.name, cards_text(&[c(slot)]));
            } else {
                let _ = writeln!(
                    out,
                    "Dealt to {} [{}] [{}]",
                    p.name,
                    cards_text(&before),
                    cards_text(&[c(slot)])
                );
            }
        }
    }

    fn dealt_draw(&self, out: &mut String) {
        for p in &self.h.players {
            if p.cards.iter().any(|c| c.is_known()) {
                let _ = writeln!(out, "Dealt to {} [{}]", p.name, cards_text(&p.cards));
            }
        }
    }

    fn streets(&mut self, out: &mut String) {
        let h = self.h;
        for street in 0..self.streets {
            if !self.street_happens(street) {
                continue;
            }
            if street > 0 {
                self.street_total.iter_mut().for_each(|t| *t = 0);
            }
            self.street_line(out, street);
            match h.game.base {
                Base::Hold if street == 0 => self.dealt_hold(out),
                Base::Stud => self.dealt_stud(out, street),
                Base::Draw if street == 0 => self.dealt_draw(out),
                _ => {}
            }
            for a in h.actions.iter().filter(|a| a.street == street as i8) {
                self.action(out, a);
            }
            for r in h
                .returned
                .iter()
                .filter(|r| r.street.max(0) as usize == street)
            {
                let _ = writeln!(
                    out,
                    "Uncalled bet ({}) returned to {}",
                    self.unit.fmt(r.amount),
                    self.name(r.player)
                );
            }
        }
        if h.pot_added > 0 {
            let _ = writeln!(out, "STP added: {}", self.unit.fmt(h.pot_added));
        }
    }

    fn action(&mut self, out: &mut String, a: &crate::model::Action) {
        let p = a.player;
        let name = self.name(p).to_string();
        let max = self.street_total.iter().copied().max().unwrap_or(0);
        let total = self.street_total.get(p).copied().unwrap_or(0);
        let u = self.unit;
        let tail = Self::all_in(a);
        let line = match a.kind {
            ActionKind::Fold => {
                if let Some(f) = self.folded_on.get_mut(p) {
                    f.get_or_insert(a.street.max(0) as usize);
                }
                "folds".to_string()
            }
            ActionKind::Check => "checks".to_string(),
            ActionKind::Call => format!("calls {}{tail}", u.fmt(a.amount)),
            ActionKind::Bet => format!("bets {}{tail}", u.fmt(a.amount)),
            ActionKind::Raise => {
                let to = total + a.amount;
                format!("raises {} to {}{tail}", u.fmt((to - max).max(0)), u.fmt(to))
            }
            ActionKind::BringIn => format!("brings in for {}{tail}", u.fmt(a.amount)),
            ActionKind::Complete => format!("completes it to {}{tail}", u.fmt(total + a.amount)),
            ActionKind::Discard => {
                let n = a.discards.unwrap_or(0);
                let s = if n == 1 { "" } else { "s" };
                if a.cards.is_empty() {
                    format!("discards {n} card{s}")
                } else {
                    format!("discards {n} card{s} [{}]", cards_text(&a.cards))
                }
            }
            ActionKind::StandPat => "stands pat".to_string(),
            _ => return,
        };
        if let Some(t) = self.street_total.get_mut(p) {
            *t += a.amount;
        }
        let _ = writeln!(out, "{name}: {line}");
        if a.kind == ActionKind::Discard {
            self.dealt_after_draw(out, p, a.street.max(1) as usize);
        }
    }

    /// "Dealt to NAME [kept] [new]" after a draw, when the hand after it is known.
    fn dealt_after_draw(&self, out: &mut String, p: PlayerIdx, round: usize) {
        let pl = &self.h.players[p];
        let Some(after) = pl.draws.get(round - 1) else {
            return;
        };
        if !after.iter().any(|c| c.is_known()) {
            return;
        }
        let before = if round == 1 {
            &pl.cards
        } else {
            pl.draws.get(round - 2).unwrap_or(&pl.cards)
        };
        if before.len() < after.len() || before.iter().any(|c| !c.is_known()) {
            return; // shown at the showdown, if at all
        }
        let (kept, new): (Vec<Card>, Vec<Card>) = after
            .iter()
            .partition(|c| c.is_known() && before.contains(c));
        if kept.is_empty() {
            let _ = writeln!(out, "Dealt to {} [{}]", pl.name, cards_text(&new));
        } else {
            let _ = writeln!(
                out,
                "Dealt to {} [{}] [{}]",
                pl.name,
                cards_text(&kept),
                cards_text(&new)
            );
        }
    }

    /// The final hand of a player as he shows it.
    fn final_cards(&self, p: PlayerIdx) -> Vec<Card> {
        let pl = &self.h.players[p];
        match pl.draws.last() {
            Some(d) if d.iter().any(|c| c.is_known()) => d.clone(),
            _ => pl.cards.clone(),
        }
    }

    fn showdown(&self, out: &mut String) {
        let h = self.h;
        if h.players.iter().any(|p| p.shown || p.mucked) {
            let _ = writeln!(out, "*** SHOW DOWN ***");
            for (i, p) in h.players.iter().enumerate() {
                if p.shown {
                    let _ = writeln!(
                        out,
                        "{}: shows [{}]",
                        p.name,
                        cards_text(&self.final_cards(i))
                    );
                } else if p.mucked {
                    let _ = writeln!(out, "{}: mucks hand", p.name);
                }
            }
        }
        for c in &h.collections {
            let _ = writeln!(
                out,
                "{} collected {} from pot",
                self.name(c.player),
                self.unit.fmt(c.amount)
            );
        }
    }

    fn summary(&self, out: &mut String, unit: Unit) {
        let h = self.h;
        let _ = writeln!(out, "*** SUMMARY ***");
        let _ = write!(out, "Total pot {}", unit.fmt(h.total_pot));
        if h.pot_added > 0 {
            let _ = write!(out, " | STP {}", unit.fmt(h.pot_added));
        }
        let _ = writeln!(out, " | Rake {}", unit.fmt(h.rake));
        match h.boards.as_slice() {
            [] => {}
            [one] => {
                let _ = writeln!(out, "Board [{}]", cards_text(one));
            }
            boards => {
                for (i, b) in boards.iter().enumerate().take(3) {
                    let prefix = ["FIRST", "SECOND", "THIRD"][i];
                    let _ = writeln!(out, "{prefix} Board [{}]", cards_text(b));
                }
            }
        }
        let small = h
            .actions
            .iter()
            .find(|a| a.kind == ActionKind::SmallBlind)
            .map(|a| a.player);
        let big = h
            .actions
            .iter()
            .find(|a| a.kind == ActionKind::BigBlind)
            .map(|a| a.player);
        for (i, p) in h.players.iter().enumerate() {
            let mut marks = String::new();
            if h.button_seat == Some(p.seat) {
                marks.push_str(" (button)");
            }
            if small == Some(i) {
                marks.push_str(" (small blind)");
            }
            if big == Some(i) {
                marks.push_str(" (big blind)");
            }
            let won: Money = h
                .collections
                .iter()
                .filter(|c| c.player == i)
                .map(|c| c.amount)
                .sum();
            let result = if p.shown {
                let cards = cards_text(&self.final_cards(i));
                if won > 0 {
                    format!("showed [{cards}] and won ({})", unit.fmt(won))
                } else {
                    format!("showed [{cards}] and lost")
                }
            } else if p.mucked {
                let cards = self.final_cards(i);
                if cards.iter().any(|c| c.is_known()) {
                    format!("mucked [{}]", cards_text(&cards))
                } else {
                    "mucked".to_string()
                }
            } else if let Some(f) = self.folded_on[i] {
                format!("folded {}", folded_on(h.game.base, f))
            } else if won > 0 {
                format!("collected ({})", unit.fmt(won))
            } else {
                "lost".to_string()
            };
            let _ = writeln!(out, "Seat {}: {}{marks} {result}", p.seat, p.name);
        }
    }
}
