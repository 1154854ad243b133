//! fpdb-gen: a deterministic generator of realistic PokerStars hand histories, for benchmarks and
//! tests of the importer.
//!
//! The same options (seed, mix, ...) and count give byte-identical text. The histories come from
//! a simulation, not from templates: a pool of a few hundred players with their own styles
//! (nits, regulars, calling stations, maniacs...) sits at cash tables and tournament tables,
//! cards are dealt from a shuffled deck, every betting round follows the rules of its betting
//! structure, and the pots, side pots, uncalled bets, rake and showdowns follow from the chips.
//! The text has the line shapes of real Stars files (see `shared/corpus/cash/Stars` and
//! `tour/Stars`).
//!
//! ```
//! let text = fpdb_gen::generate_string(42, 3);
//! assert!(text.starts_with("PokerStars Hand #"));
//! assert_eq!(text, fpdb_gen::generate_string(42, 3));
//! ```
//!
//! Games: no-limit hold'em 6-max and 9-max, fixed-limit hold'em, pot-limit Omaha (cash, USD) and
//! no-limit hold'em tournaments (sit-and-gos and multi-table tournaments, with antes from the
//! fifth level). See [`Mix`] for the proportions.
//!
//! What the hands hold: blinds, antes, big blinds posted by players new to the table and dead
//! small blinds ("posts small & big blinds"), limps, raises, 3-bets, 4-bets and more, calls,
//! checks, folds, walks, bets and raises all-in, calls all-in for less, main and side pots
//! ("side pot-1", "side pot-2"), uncalled bets returned, showdowns where beaten hands are mucked,
//! split pots with the odd chip to the first winner left of the button, rake (5 %, capped, no
//! flop no drop) on cash hands, tournament knock-outs with places and prizes, players joining,
//! leaving, sitting out (tournaments), timing out and chatting.
//!
//! Binaries: `fpdb-gen --seed 42 --count 100000 > file.txt` writes a file;
//! `fpdb-parse-bench` measures fpdb-core's parser on generated text. The examples' `report`
//! prints the HUD statistics of each kind of player in a generated file.

pub mod cards;
pub mod decide;
pub mod eval;
mod hand;
pub mod players;
pub mod rng;
pub mod table;
pub mod text;

use std::fmt;
use std::io;
use std::str::FromStr;

use hand::{play_hand, Ctx, Seat};
use players::Profile;
use rng::Rng;
use table::{cash_buyin, new_table, tour_stack, update_level, Event, Occupant, Table, HERO};

/// The kinds of table the generator opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Cash no-limit hold'em, 6 seats.
    Nlhe6Max,
    /// Cash no-limit hold'em, 9 seats.
    Nlhe9Max,
    /// Cash fixed-limit hold'em, 6 or 9 seats.
    LimitHoldem,
    /// Cash pot-limit Omaha (four hole cards), 6 or 9 seats.
    Plo,
    /// No-limit hold'em tournament (sit-and-go or multi-table), chips, antes from level V.
    Tournament,
}

impl Format {
    /// Every format, in the order of [`Mix`]'s weights.
    pub const ALL: [Format; 5] = [
        Format::Nlhe6Max,
        Format::Nlhe9Max,
        Format::LimitHoldem,
        Format::Plo,
        Format::Tournament,
    ];

    /// The name used by [`Mix`]'s text form.
    pub fn name(self) -> &'static str {
        match self {
            Format::Nlhe6Max => "nlhe6",
            Format::Nlhe9Max => "nlhe9",
            Format::LimitHoldem => "lhe",
            Format::Plo => "plo",
            Format::Tournament => "tour",
        }
    }
}

/// The share of hands of each [`Format`] (relative weights).
///
/// Text form (for `--mix`): a preset name (`default`, `cash`, `tour`, `nlhe`, `lhe`, `plo`) or
/// weights such as `nlhe6=3,plo=1,tour=2`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mix {
    /// Weights in the order of [`Format::ALL`].
    pub weights: [u32; 5],
}

impl Mix {
    /// Mostly no-limit hold'em cash, with some limit, Omaha and tournaments.
    pub const DEFAULT: Mix = Mix {
        weights: [40, 15, 10, 15, 20],
    };
    /// Every cash game, no tournament.
    pub const CASH: Mix = Mix {
        weights: [45, 20, 15, 20, 0],
    };
    /// Tournaments only.
    pub const TOUR: Mix = Mix {
        weights: [0, 0, 0, 0, 1],
    };
    /// No-limit hold'em cash only (6-max and 9-max).
    pub const NLHE: Mix = Mix {
        weights: [2, 1, 0, 0, 0],
    };

    /// A mix of one format only.
    pub fn only(format: Format) -> Mix {
        let mut weights = [0; 5];
        weights[Format::ALL.iter().position(|&f| f == format).unwrap_or(0)] = 1;
        Mix { weights }
    }
}

impl Default for Mix {
    fn default() -> Self {
        Mix::DEFAULT
    }
}

impl FromStr for Mix {
    type Err = String;

    fn from_str(s: &str) -> Result<Mix, String> {
        match s {
            "default" => return Ok(Mix::DEFAULT),
            "cash" => return Ok(Mix::CASH),
            "tour" => return Ok(Mix::TOUR),
            "nlhe" => return Ok(Mix::NLHE),
            "lhe" => return Ok(Mix::only(Format::LimitHoldem)),
            "plo" => return Ok(Mix::only(Format::Plo)),
            _ => {}
        }
        let mut weights = [0u32; 5];
        for part in s.split(',') {
            let (name, w) = part
                .split_once('=')
                .ok_or_else(|| format!("`{part}`: expected NAME=WEIGHT or a preset name"))?;
            let k = Format::ALL
                .iter()
                .position(|f| f.name() == name.trim())
                .ok_or_else(|| format!("unknown format `{name}` (nlhe6, nlhe9, lhe, plo, tour)"))?;
            weights[k] = w
                .trim()
                .parse()
                .map_err(|_| format!("`{w}` is not a weight"))?;
        }
        if weights.iter().all(|&w| w == 0) {
            return Err("every weight is 0".to_string());
        }
        Ok(Mix { weights })
    }
}

/// What to generate.
#[derive(Debug, Clone)]
pub struct Options {
    pub seed: u64,
    pub mix: Mix,
    /// Number of the first hand; `None` for one derived from the seed (see
    /// [`Options::first_hand_number`]).
    pub hand_start: Option<i64>,
    /// The player whose hole cards are shown ("Dealt to Hero"); he sits at every table.
    pub hero: String,
    /// Start of the first hand, UTC seconds since 1970.
    pub start_time: i64,
    /// Players in the pool besides the hero (at least 60).
    pub pool_size: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options::new(0)
    }
}

impl Options {
    /// The defaults for `seed`: the default mix, 400 players, from 2024-03-01 6:00 ET.
    pub fn new(seed: u64) -> Options {
        Options {
            seed,
            mix: Mix::DEFAULT,
            hand_start: None,
            hero: "Hero".to_string(),
            start_time: 1_709_290_800,
            pool_size: 400,
        }
    }

    /// The first hand number: `hand_start`, or 100,000,000,000 + (seed mod 9000) × 10^8. Hand
    /// numbers grow by 20 on average, so files of different seeds (below 5 million hands each)
    /// never share a hand number.
    pub fn first_hand_number(&self) -> i64 {
        self.hand_start
            .unwrap_or(100_000_000_000 + (self.seed % 9000) as i64 * 100_000_000)
    }
}

/// Generates hands one at a time. Holds the players, the open tables and the clock.
pub struct Generator {
    rng: Rng,
    pool: Vec<Profile>,
    /// Pool players seated (or about to be) at a table: one table each.
    busy: Vec<bool>,
    mix: Mix,
    /// The open table of each format (indexed like [`Format::ALL`]).
    tables: Vec<Option<Table>>,
    clock: i64,
    hand_no: i64,
    tourney_no: i64,
    serial: u32,
    written: usize,
    time: text::Clock,
    deck: cards::Deck,
    seats: Vec<Seat>,
}

impl Generator {
    pub fn new(opts: &Options) -> Generator {
        let mut pool = vec![Profile {
            name: opts.hero.clone(),
            style: players::Style::of(players::Archetype::Tag),
        }];
        pool.extend(players::pool(opts.pool_size.max(60), &opts.hero));
        let busy = vec![false; pool.len()];
        Generator {
            rng: Rng::new(opts.seed),
            busy,
            pool,
            mix: opts.mix,
            tables: vec![None; Format::ALL.len()],
            clock: opts.start_time,
            hand_no: opts.first_hand_number() - 1,
            tourney_no: 3_000_000_000 + (opts.seed % 9000) as i64 * 100_000,
            serial: 0,
            written: 0,
            time: text::Clock::default(),
            deck: cards::Deck::new(),
            seats: Vec::with_capacity(10),
        }
    }

    /// Hands written so far.
    pub fn hands_written(&self) -> usize {
        self.written
    }

    /// The player pool (index 0 is the hero).
    pub fn pool(&self) -> &[Profile] {
        &self.pool
    }

    /// Appends the next hand to `out`, followed by the blank lines that separate hands.
    pub fn write_hand(&mut self, out: &mut String) {
        loop {
            // The mix decides the format of each hand; the hero keeps one table of each format
            // open, so the hands of his tables interleave as a multi-tabler's do.
            let f = self.rng.weighted(&self.mix.weights);
            let mut t = match self.tables[f].take() {
                Some(t) => t,
                None => self.open_table(Format::ALL[f]),
            };
            // Hands of all the hero's tables follow each other a few seconds apart.
            self.clock += self.rng.range(4, 30);
            self.prepare(&mut t);
            if t.seated() < 2 || !t.hero_seated() {
                self.close(t);
                continue;
            }
            // Stars numbers the hands of all its tables with one counter.
            self.hand_no += if self.written == 0 {
                1
            } else {
                self.rng.range(1, 39)
            };
            let mut cx = Ctx {
                rng: &mut self.rng,
                pool: &self.pool,
                deck: &mut self.deck,
                clock: &mut self.time,
                out,
            };
            let outcome = play_hand(&mut cx, &mut t, self.hand_no, self.clock, &mut self.seats);
            out.push_str("\n\n\n");
            self.written += 1;
            t.events.clear();
            t.hands_left = t.hands_left.saturating_sub(1);
            // Players knocked out of a tournament are free to sit elsewhere.
            for &who in &outcome.busted {
                self.release(who);
            }
            if outcome.close || t.hands_left == 0 {
                self.close(t);
            } else {
                self.tables[f] = Some(t);
            }
            return;
        }
    }

    /// A random pool player not seated anywhere (never the hero).
    fn take_player(&mut self) -> u32 {
        loop {
            let i = 1 + self.rng.below(self.pool.len() as u32 - 1) as usize;
            if !self.busy[i] {
                self.busy[i] = true;
                return i as u32;
            }
        }
    }

    fn open_table(&mut self, f: Format) -> Table {
        self.serial += 1;
        if f == Format::Tournament {
            self.tourney_no += self.rng.range(1, 5000);
        }
        let mut t = new_table(&mut self.rng, f, self.serial, self.tourney_no, self.clock);
        let n = t.max_seats;
        let hero_seat = self.rng.below(n as u32) as usize;
        let others = match &t.tour {
            Some(tour) if tour.sng => n - 1,
            Some(_) => n - 1 - self.rng.below(2) as usize,
            None => (n - 1 - self.rng.below(n as u32 / 3 + 1) as usize).max(2),
        };
        let mut free: Vec<usize> = (0..n).filter(|&s| s != hero_seat).collect();
        let hero_stack = match &t.tour {
            Some(tour) if tour.sng => tour.start_chips,
            Some(tour) => tour_stack(&mut self.rng, tour),
            None => 100 * t.bb,
        };
        t.seats[hero_seat] = Some(Occupant {
            who: HERO,
            stack: hero_stack,
            buyin: hero_stack,
            fresh: false,
            sitting_out: false,
        });
        for _ in 0..others {
            let k = self.rng.below(free.len() as u32) as usize;
            let seat = free.swap_remove(k);
            let occ = self.new_occupant(&t, false);
            t.seats[seat] = Some(occ);
        }
        t
    }

    fn new_occupant(&mut self, t: &Table, fresh: bool) -> Occupant {
        let who = self.take_player();
        let stack = match &t.tour {
            Some(tour) if tour.sng => tour.start_chips,
            Some(tour) => tour_stack(&mut self.rng, tour),
            None => cash_buyin(&mut self.rng, t.bb),
        };
        Occupant {
            who,
            stack,
            buyin: stack.max(100 * t.bb),
            fresh,
            sitting_out: false,
        }
    }

    fn release(&mut self, who: u32) {
        if who != HERO {
            self.busy[who as usize] = false;
        }
    }

    fn close(&mut self, t: Table) {
        for o in t.seats.iter().flatten() {
            self.release(o.who);
        }
        for (_, o) in &t.joining {
            self.release(o.who);
        }
    }

    /// Changes between hands: the line-up, stacks, the tournament level.
    fn prepare(&mut self, t: &mut Table) {
        if t.tour.is_some() {
            self.prepare_tour(t);
        } else {
            self.prepare_cash(t);
        }
    }

    fn prepare_cash(&mut self, t: &mut Table) {
        let bb = t.bb;
        for (seat, o) in std::mem::take(&mut t.joining) {
            t.seats[seat] = Some(o);
        }
        for seat in 0..t.max_seats {
            let Some(o) = t.seats[seat].as_mut() else {
                continue;
            };
            if o.who == HERO {
                // The hero keeps at least 40 big blinds (auto top-up).
                if o.stack < 40 * bb {
                    o.stack = 100 * bb;
                }
                continue;
            }
            let leave = if o.stack < bb {
                if self.rng.chance(0.6) {
                    o.stack = o.buyin;
                    false
                } else {
                    true
                }
            } else if o.stack < o.buyin * 3 / 10 && self.rng.chance(0.15) {
                o.stack = o.buyin;
                false
            } else {
                self.rng.chance(0.012)
            };
            if leave {
                let who = o.who;
                t.seats[seat] = None;
                t.events.push(Event::Leave(who));
                self.release(who);
            }
        }
        // A table keeps at least two players (besides anyone about to join).
        while t.seated() < 2 {
            let Some(seat) = (0..t.max_seats).find(|&s| t.seats[s].is_none()) else {
                break;
            };
            let occ = self.new_occupant(t, false);
            t.seats[seat] = Some(occ);
        }
        for seat in 0..t.max_seats {
            if t.seats[seat].is_some() || t.joining.iter().any(|j| j.0 == seat) {
                continue;
            }
            let busy = t.seated() + t.joining.len();
            let p = if busy < 4 { 0.5 } else { 0.05 };
            if self.rng.chance(p) {
                let occ = self.new_occupant(t, true);
                t.events.push(Event::Join(occ.who, seat));
                t.joining.push((seat, occ));
            }
        }
    }

    fn prepare_tour(&mut self, t: &mut Table) {
        update_level(t, self.clock);
        let Some(tour) = t.tour.clone() else {
            return;
        };
        if !tour.sng {
            // Players are knocked out at the other tables too.
            let room = tour.remaining.saturating_sub(t.seated() as u32 + 20);
            if room > 0 {
                let out = self.rng.below(3).min(room);
                if let Some(tt) = t.tour.as_mut() {
                    tt.remaining -= out;
                }
            }
            // Seats emptied by knock-outs are filled by players moved from broken tables.
            for seat in 0..t.max_seats {
                if t.seats[seat].is_none() && tour.remaining > 20 && self.rng.chance(0.3) {
                    let occ = self.new_occupant(t, false);
                    t.seats[seat] = Some(occ);
                }
            }
        }
        for o in t.seats.iter_mut().flatten() {
            if o.who == HERO {
                continue;
            }
            if o.sitting_out {
                o.sitting_out = !self.rng.chance(0.2);
            } else if self.rng.chance(0.004) {
                o.sitting_out = true;
            }
        }
    }
}

/// Writes `count` hands for `seed` with the default options to `out`.
pub fn generate(seed: u64, count: usize, out: &mut impl io::Write) -> io::Result<()> {
    generate_with(&Options::new(seed), count, out)
}

/// Writes `count` hands to `out`, in blocks of about a megabyte.
pub fn generate_with(opts: &Options, count: usize, out: &mut impl io::Write) -> io::Result<()> {
    let mut g = Generator::new(opts);
    let mut buf = String::with_capacity(1 << 21);
    for _ in 0..count {
        g.write_hand(&mut buf);
        if buf.len() >= 1 << 20 {
            out.write_all(buf.as_bytes())?;
            buf.clear();
        }
    }
    out.write_all(buf.as_bytes())
}

/// Writes `count` hands to a [`fmt::Write`] sink.
pub fn generate_fmt(opts: &Options, count: usize, out: &mut impl fmt::Write) -> fmt::Result {
    let mut g = Generator::new(opts);
    let mut buf = String::with_capacity(1 << 16);
    for _ in 0..count {
        buf.clear();
        g.write_hand(&mut buf);
        out.write_str(&buf)?;
    }
    Ok(())
}

/// `count` hands for `seed` with the default options, as one string.
pub fn generate_string(seed: u64, count: usize) -> String {
    let mut g = Generator::new(&Options::new(seed));
    let mut s = String::with_capacity(count * 1200);
    for _ in 0..count {
        g.write_hand(&mut s);
    }
    s
}
