//! The pool of simulated players: names and playing styles.
//!
//! The pool is built from a fixed seed, not from the file's seed, so files generated with
//! different seeds share their players: imported together they give the HUD the same opponents
//! seen in many hands, as a real database has. Each player keeps one style for life, so his
//! statistics converge to something of his own (a nit's VPIP near 12 %, a maniac's near 65 %).

use crate::rng::Rng;

/// The kinds of player the pool mixes, each with its own statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Archetype {
    /// Very tight, raises when he plays.
    Nit,
    /// Very tight and passive.
    Rock,
    /// Tight-aggressive regular.
    Tag,
    /// Loose-aggressive regular.
    Lag,
    /// Loose-passive recreational player: limps and calls.
    Fish,
    /// Calls everything, rarely raises.
    CallingStation,
    /// Raises and shoves with anything.
    Maniac,
    /// Tight, and folds to pressure.
    WeakTight,
}

/// How a player plays. Frequencies are shares of hands (0..1); the decision code compares them
/// with the strength of the hand, so a 20 % VPIP player enters the pot with his best 20 % of
/// hands, plus a little noise.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub archetype: Archetype,
    /// Share of hands played voluntarily preflop.
    pub vpip: f64,
    /// Share of hands raised preflop (at most `vpip`).
    pub pfr: f64,
    /// Share of hands re-raised against an open raise.
    pub three_bet: f64,
    /// Share of hands re-raised against a 3-bet.
    pub four_bet: f64,
    /// Postflop tendency to bet and raise (0..1).
    pub aggression: f64,
    /// Probability of a continuation bet as the preflop raiser.
    pub cbet: f64,
    /// Willingness to call postflop bets with weak hands (0..1).
    pub call_down: f64,
    /// Probability of betting or raising with nothing.
    pub bluff: f64,
    /// Appetite for all-ins (0..1).
    pub shove: f64,
}

/// Base values of each archetype: vpip, pfr, 3-bet, 4-bet, aggression, c-bet, call-down, bluff,
/// shove.
const ARCHETYPES: [(Archetype, [f64; 9], u32); 8] = [
    (
        Archetype::Nit,
        [0.12, 0.09, 0.03, 0.015, 0.45, 0.60, 0.15, 0.03, 0.01],
        15,
    ),
    (
        Archetype::Rock,
        [0.09, 0.04, 0.015, 0.01, 0.25, 0.40, 0.20, 0.01, 0.005],
        7,
    ),
    (
        Archetype::Tag,
        [0.21, 0.17, 0.07, 0.03, 0.55, 0.70, 0.30, 0.08, 0.02],
        25,
    ),
    (
        Archetype::Lag,
        [0.30, 0.25, 0.11, 0.05, 0.70, 0.75, 0.35, 0.15, 0.04],
        12,
    ),
    (
        Archetype::Fish,
        [0.45, 0.08, 0.02, 0.01, 0.20, 0.30, 0.60, 0.04, 0.02],
        18,
    ),
    (
        Archetype::CallingStation,
        [0.55, 0.05, 0.01, 0.005, 0.12, 0.20, 0.90, 0.02, 0.01],
        12,
    ),
    (
        Archetype::Maniac,
        [0.65, 0.45, 0.25, 0.15, 0.90, 0.90, 0.50, 0.35, 0.20],
        6,
    ),
    (
        Archetype::WeakTight,
        [0.16, 0.06, 0.02, 0.01, 0.20, 0.35, 0.20, 0.02, 0.01],
        5,
    ),
];

impl Style {
    /// The base style of an archetype, without jitter.
    pub fn of(archetype: Archetype) -> Style {
        let v = ARCHETYPES
            .iter()
            .find(|a| a.0 == archetype)
            .map(|a| a.1)
            .unwrap_or(ARCHETYPES[2].1);
        Style {
            archetype,
            vpip: v[0],
            pfr: v[1],
            three_bet: v[2],
            four_bet: v[3],
            aggression: v[4],
            cbet: v[5],
            call_down: v[6],
            bluff: v[7],
            shove: v[8],
        }
    }

    /// A player of a random archetype, each value moved by up to ±20 % so no two are alike.
    fn random(rng: &mut Rng) -> Style {
        let weights: Vec<u32> = ARCHETYPES.iter().map(|a| a.2).collect();
        let mut s = Style::of(ARCHETYPES[rng.weighted(&weights)].0);
        for v in [
            &mut s.vpip,
            &mut s.pfr,
            &mut s.three_bet,
            &mut s.four_bet,
            &mut s.aggression,
            &mut s.cbet,
            &mut s.call_down,
            &mut s.bluff,
            &mut s.shove,
        ] {
            *v = (*v * rng.uniform(0.8, 1.2)).min(0.98);
        }
        s.pfr = s.pfr.min(s.vpip);
        s
    }
}

/// One player of the pool.
#[derive(Debug, Clone)]
pub struct Profile {
    pub name: String,
    pub style: Style,
}

/// Names as real players choose them: spaces, accents, digits, dots, dashes, brackets, names that
/// start like another. They test that the parser matches names against the seat list.
const NAMED: &[&str] = &[
    "Ted the Mad",
    "Ted",
    "Radío",
    "Buell XB12sl",
    "José Luís",
    "Müller87",
    "Łukasz_PL",
    "Ørjan",
    "çağrı",
    "Poker Elfe 1",
    "Poker Elfe",
    "el niño",
    "Zoë.K",
    "Pho3nix.two",
    "k1tt9nM1nd",
    "DSOR65",
    "Gles65",
    "shaun saville",
    "Mr. Pink",
    "[BLUFF]",
    "O'Connor",
    "big-stack-bob",
    "Ångström",
    "Nguyễn",
    "São Paulo 77",
    "Brünhilde",
    "fish & chips",
    "AA or bust",
    "-=ACE=-",
    "René R.",
    "Dvořák",
    "Jörg",
    "Παύλος",
    "Иван",
    "北京",
    "el_Tigre",
    "kosiarz72",
    "seric1975",
    "Swiss777",
    "Djkujuhfl",
];

const SYLLABLES: &[&str] = &[
    "ka", "ro", "mi", "lu", "zen", "tor", "vik", "an", "el", "sa", "ri", "mo", "dan", "gor", "li",
    "na", "bo", "ster", "fin", "max", "jo", "ta", "rex", "quin", "sol", "ur", "ba", "ne", "pi",
    "dor",
];
const WORDS: &[&str] = &[
    "shark", "fish", "ace", "king", "river", "nuts", "bluff", "grind", "donk", "tilt", "flop",
    "queen", "jack", "pocket", "allin", "limp", "turbo", "lucky", "rock", "maniac",
];

/// Builds a pool of `size` players (at least the hand-written names' count) with unique names,
/// none equal to `hero`.
pub fn pool(size: usize, hero: &str) -> Vec<Profile> {
    let mut rng = Rng::new(0xf9db_9e11);
    let mut names: Vec<String> = Vec::with_capacity(size.max(NAMED.len()));
    let mut taken = std::collections::HashSet::new();
    taken.insert(hero.to_string());
    for n in NAMED {
        if names.len() < size && taken.insert(n.to_string()) {
            names.push(n.to_string());
        }
    }
    while names.len() < size {
        let name = match rng.below(4) {
            0 => {
                let mut s = capitalised(rng.pick(SYLLABLES));
                s.push_str(rng.pick(SYLLABLES));
                s.push_str(&rng.range(1, 99).to_string());
                s
            }
            1 => {
                let mut s = rng.pick(WORDS).to_string();
                s.push('_');
                s.push_str(rng.pick(SYLLABLES));
                s.push_str(rng.pick(SYLLABLES));
                s
            }
            2 => {
                let mut s = capitalised(rng.pick(SYLLABLES));
                s.push_str(rng.pick(SYLLABLES));
                s.push_str(rng.pick(SYLLABLES));
                s.push_str(&rng.range(1960, 2005).to_string());
                s
            }
            _ => {
                let mut s = rng.pick(WORDS).to_string();
                s.push_str(rng.pick(WORDS));
                s.push_str(&rng.range(1, 999).to_string());
                s
            }
        };
        if taken.insert(name.clone()) {
            names.push(name);
        }
    }
    names
        .into_iter()
        .map(|name| Profile {
            name,
            style: Style::random(&mut rng),
        })
        .collect()
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pool_is_fixed_and_unique() {
        let a = pool(400, "Hero");
        let b = pool(400, "Hero");
        assert_eq!(a.len(), 400);
        let names: std::collections::HashSet<_> = a.iter().map(|p| &p.name).collect();
        assert_eq!(names.len(), 400);
        assert!(a.iter().zip(&b).all(|(x, y)| x.name == y.name));
        assert!(!names.contains(&"Hero".to_string()));
        assert!(a.iter().any(|p| p.style.archetype == Archetype::Maniac));
        assert!(a.iter().all(|p| p.style.pfr <= p.style.vpip));
    }
}
