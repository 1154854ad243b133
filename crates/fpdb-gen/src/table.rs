//! Tables: what is played where, who sits there, and how the line-up changes between hands.
//!
//! A table is a session of one game at one stake (or one tournament table) that plays a few dozen
//! to a few hundred hands and then closes. Players come and go between hands (cash games), bust
//! and are replaced by players moved from other tables (tournaments), and the blinds go up with
//! the tournament clock.

use crate::cards::Card;
use crate::rng::Rng;
use crate::Format;

/// Pool index of the hero (the player the history is written for).
pub const HERO: u32 = 0;

/// Betting structure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    No,
    Pot,
    Fixed,
}

/// A player in a seat between hands.
#[derive(Debug, Clone)]
pub struct Occupant {
    /// Pool index.
    pub who: u32,
    pub stack: i64,
    /// What he sat down with (cash games top up towards it).
    pub buyin: i64,
    /// Sat down since the last hand: posts a big blind wherever he sits (cash games).
    pub fresh: bool,
    /// Tournament player who is away: dealt in, posts, folds.
    pub sitting_out: bool,
}

/// Something printed in the next hand about a player who is not in it.
#[derive(Debug, Clone, Copy)]
pub enum Event {
    /// "NAME joins the table at seat #N" (1-based seat).
    Join(u32, usize),
    /// "NAME leaves the table".
    Leave(u32),
}

/// A tournament's facts and clock.
#[derive(Debug, Clone)]
pub struct Tour {
    pub number: i64,
    /// Buy-in and fee in cents.
    pub buyin: i64,
    pub fee: i64,
    /// Table number within the tournament.
    pub table_no: u32,
    /// Clock (UTC seconds) when the first level of this session started.
    pub start_clock: i64,
    /// Index into [`LEVELS`] of the level at `start_clock`.
    pub first_level: usize,
    pub level_secs: i64,
    pub entrants: u32,
    /// Players left in the whole tournament.
    pub remaining: u32,
    /// Places paid.
    pub paid: u32,
    /// Prize pool in cents.
    pub prize_pool: i64,
    /// A sit-and-go: one table, nobody moved in.
    pub sng: bool,
    /// Average stack of a new arrival, in starting stacks.
    pub start_chips: i64,
    /// Current level (index into [`LEVELS`]).
    pub level: usize,
}

/// Tournament levels: small blind, big blind, ante.
pub const LEVELS: [(i64, i64, i64); 24] = [
    (10, 20, 0),
    (15, 30, 0),
    (25, 50, 0),
    (50, 100, 0),
    (75, 150, 10),
    (100, 200, 20),
    (125, 250, 25),
    (150, 300, 30),
    (200, 400, 40),
    (250, 500, 50),
    (300, 600, 60),
    (400, 800, 80),
    (500, 1000, 100),
    (600, 1200, 120),
    (800, 1600, 160),
    (1000, 2000, 200),
    (1250, 2500, 250),
    (1500, 3000, 300),
    (2000, 4000, 400),
    (2500, 5000, 500),
    (3000, 6000, 600),
    (4000, 8000, 800),
    (5000, 10000, 1000),
    (6000, 12000, 1200),
];

/// One table session.
#[derive(Debug, Clone)]
pub struct Table {
    pub format: Format,
    pub name: String,
    pub max_seats: usize,
    pub seats: Vec<Option<Occupant>>,
    /// Seat index of the button, once a hand has been played.
    pub button: Option<usize>,
    pub limit: Limit,
    pub omaha: bool,
    /// Blinds and ante of the next hand.
    pub sb: i64,
    pub bb: i64,
    pub ante: i64,
    /// Fixed limit: the bet of the first two streets and of the last two.
    pub small_bet: i64,
    pub big_bet: i64,
    pub hands_left: u32,
    pub tour: Option<Tour>,
    /// Lines about players not in the next hand.
    pub events: Vec<Event>,
    /// Players who joined during the last hand, seated for the next one.
    pub joining: Vec<(usize, Occupant)>,
    /// The session is over (hero busted, tournament won).
    pub closed: bool,
}

impl Table {
    pub fn cash(&self) -> bool {
        self.tour.is_none()
    }

    pub fn seated(&self) -> usize {
        self.seats.iter().filter(|s| s.is_some()).count()
    }

    pub fn hero_seated(&self) -> bool {
        self.seats.iter().flatten().any(|o| o.who == HERO)
    }

    /// Cards each player holds.
    pub fn hole_cards(&self) -> usize {
        if self.omaha {
            4
        } else {
            2
        }
    }
}

/// Names of cash tables (Stars names them after stars, asteroids and people, with a numeral).
const TABLE_NAMES: &[&str] = &[
    "Circinus",
    "May",
    "Olga",
    "Elektra",
    "Juno",
    "Sekanina",
    "Rhodesia",
    "Aquila",
    "Borrelly",
    "Ceres",
    "Dione",
    "Eunomia",
    "Fortuna",
    "Gaspra",
    "Hygiea",
    "Ida",
    "Kleopatra",
    "Lutetia",
    "Mathilde",
    "Nysa",
    "Pallas",
    "Psyche",
    "Sylvia",
    "Thisbe",
    "Vesta",
    "Zelinda",
    "Andromeda",
    "Cassiopeia",
    "Draco",
    "Lyra",
    "Orion",
    "Pegasus",
    "Perseus",
    "Phoenix",
    "Sagitta",
    "Vela",
    "Hermes",
    "Apollo",
    "Icarus",
    "Amor",
];
const NUMERALS: &[&str] = &[
    "", " II", " III", " IV", " V", " VI", " VII", " VIII", " IX", " X", " XI", " XII",
];

/// Stakes of cash tables in cents (small blind, big blind) with their weights: micro stakes are
/// where most hands are played.
const NL_STAKES: [((i64, i64), u32); 7] = [
    ((1, 2), 20),
    ((2, 5), 20),
    ((5, 10), 20),
    ((10, 25), 15),
    ((25, 50), 12),
    ((50, 100), 8),
    ((100, 200), 5),
];

/// Fixed-limit stakes in cents: (small bet, big bet, small blind, big blind).
const FL_STAKES: [((i64, i64, i64, i64), u32); 5] = [
    ((10, 20, 5, 10), 25),
    ((25, 50, 10, 25), 25),
    ((50, 100, 25, 50), 20),
    ((100, 200, 50, 100), 20),
    ((200, 400, 100, 200), 10),
];

/// Tournament buy-ins and fees in cents.
const BUYINS: [(i64, i64); 7] = [
    (98, 12),
    (150, 15),
    (300, 30),
    (500, 50),
    (1000, 100),
    (2200, 200),
    (5000, 400),
];

/// Builds a new table of `format`, empty. `serial` numbers tables to vary their names.
pub fn new_table(rng: &mut Rng, format: Format, serial: u32, tourney_no: i64, clock: i64) -> Table {
    let (limit, omaha, max_seats) = match format {
        Format::Nlhe6Max => (Limit::No, false, 6),
        Format::Nlhe9Max => (Limit::No, false, 9),
        Format::LimitHoldem => (Limit::Fixed, false, if rng.chance(0.5) { 6 } else { 9 }),
        Format::Plo => (Limit::Pot, true, if rng.chance(0.8) { 6 } else { 9 }),
        Format::Tournament => (Limit::No, false, if rng.chance(0.7) { 9 } else { 6 }),
    };
    let mut t = Table {
        format,
        name: String::new(),
        max_seats,
        seats: vec![None; max_seats],
        button: None,
        limit,
        omaha,
        sb: 0,
        bb: 0,
        ante: 0,
        small_bet: 0,
        big_bet: 0,
        hands_left: rng.range(30, 300) as u32,
        tour: None,
        events: Vec::new(),
        joining: Vec::new(),
        closed: false,
    };
    match format {
        Format::LimitHoldem => {
            let w: Vec<u32> = FL_STAKES.iter().map(|s| s.1).collect();
            let (small, big, sb, bb) = FL_STAKES[rng.weighted(&w)].0;
            (t.small_bet, t.big_bet, t.sb, t.bb) = (small, big, sb, bb);
        }
        Format::Tournament => {
            let sng = rng.chance(0.3);
            let (buyin, fee) = rng.pick(&BUYINS);
            let entrants = if sng {
                max_seats as u32
            } else {
                rng.range(180, 6000) as u32
            };
            let remaining = if sng {
                entrants
            } else {
                ((f64::from(entrants) * rng.uniform(0.03, 0.9)) as u32).max(30)
            };
            let paid = if sng {
                if max_seats == 9 {
                    3
                } else {
                    2
                }
            } else {
                entrants * 15 / 100
            };
            let first_level = if sng { 0 } else { rng.below(14) as usize };
            let table_no = if sng { 1 } else { rng.range(1, 400) as u32 };
            t.hands_left = if sng {
                100_000
            } else {
                rng.range(40, 250) as u32
            };
            t.tour = Some(Tour {
                number: tourney_no,
                buyin,
                fee,
                table_no,
                start_clock: clock,
                first_level,
                level_secs: if sng { 300 } else { 600 },
                entrants,
                remaining,
                paid,
                prize_pool: buyin * i64::from(entrants),
                sng,
                start_chips: if sng {
                    1500
                } else {
                    rng.pick(&[1500, 2000, 3000, 5000])
                },
                level: first_level,
            });
        }
        _ => {
            let w: Vec<u32> = NL_STAKES.iter().map(|s| s.1).collect();
            let (sb, bb) = NL_STAKES[rng.weighted(&w)].0;
            (t.sb, t.bb) = (sb, bb);
            t.small_bet = bb;
            t.big_bet = 2 * bb;
        }
    }
    t.name = match &t.tour {
        Some(tour) => {
            let mut s = tour.number.to_string();
            s.push(' ');
            s.push_str(&tour.table_no.to_string());
            s
        }
        None => {
            let mut s = rng.pick(TABLE_NAMES).to_string();
            s.push_str(NUMERALS[(serial as usize) % NUMERALS.len()]);
            s
        }
    };
    update_level(&mut t, clock);
    t
}

/// Sets the blinds of the tournament level reached at `clock`.
pub fn update_level(t: &mut Table, clock: i64) {
    if let Some(tour) = t.tour.as_mut() {
        let elapsed = (clock - tour.start_clock).max(0) / tour.level_secs;
        tour.level = (tour.first_level + elapsed as usize).min(LEVELS.len() - 1);
        let (sb, bb, ante) = LEVELS[tour.level];
        (t.sb, t.bb, t.ante) = (sb, bb, ante);
        t.small_bet = bb;
        t.big_bet = 2 * bb;
    }
}

/// A cash buy-in in cents: most players sit with the maximum of 100 big blinds, some short, some
/// deep from earlier winnings.
pub fn cash_buyin(rng: &mut Rng, bb: i64) -> i64 {
    let x = rng.unit();
    let blinds = if x < 0.45 {
        100.0
    } else if x < 0.75 {
        rng.uniform(40.0, 200.0)
    } else if x < 0.9 {
        rng.uniform(20.0, 40.0)
    } else {
        rng.uniform(100.0, 250.0)
    };
    ((blinds * bb as f64) as i64).max(bb)
}

/// A tournament stack for a player arriving at level `level`: the average stack of the field
/// (starting stack × entrants / players left) times a spread from a tenth to three times it.
pub fn tour_stack(rng: &mut Rng, tour: &Tour) -> i64 {
    let avg = tour.start_chips as f64 * f64::from(tour.entrants) / f64::from(tour.remaining.max(1));
    let f = rng.uniform(0.3, 1.7) * rng.uniform(0.3, 1.7);
    ((avg * f) as i64).max(LEVELS[tour.level].1)
}

/// A card buffer for a hand's hole cards.
pub type Hole = [Card; 4];
