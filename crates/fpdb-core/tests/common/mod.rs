//! What the corpus tests of every room share: where the corpus is, which files it holds, reading
//! and parsing them as an importer does (decode, normalise, split, parse), the money invariants
//! every parsed hand must keep, the check that no other room's file is taken for the room's, the
//! comparison with the reference tracker's sidecars, and damaged-text runs that must never panic.
//!
//! Each `tests/<room>_corpus.rs` declares `mod common;` and keeps only what is its room's: the
//! hands expected to fail and why, the counts per file, and the facts of particular hands.

// Each test crate uses part of this module.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use fpdb_core::cards::Card;
use fpdb_core::error::{ErrorKind, ParseError};
use fpdb_core::model::*;
use fpdb_core::stats::{derive, derive_unpriced};
use fpdb_core::{parse_history, HandResult};
use serde_json::Value;

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

/// The folders of the corpus that hold rooms' folders.
pub const TOPS: [&str; 4] = ["cash", "tour", "summaries", "unsupported-sites"];

/// The regression corpus (`shared/corpus`, beside the repository).
pub fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus")
}

/// Whether `path` is a hand history (not a sidecar, a script or a folder's metadata: its
/// `.DS_Store`, or a `README` saying what the folder's files are).
fn is_history(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy());
    let name = name.as_deref().unwrap_or("");
    !(name.ends_with(".json") || name.ends_with(".py") || name == ".DS_Store" || name == "README")
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if is_history(&p) {
            out.push(p);
        }
    }
}

/// The hand-history files under a corpus folder (`"cash/Stars"`), sorted, as paths relative to
/// the corpus (`"cash/Stars/Flop/…txt"`).
pub fn files(dir: &str) -> Vec<String> {
    let root = corpus();
    let mut out = Vec::new();
    walk(&root.join(dir), &mut out);
    let mut names: Vec<String> = out
        .iter()
        .map(|p| {
            p.strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// The hand-history files of all of `dirs`, in order; the corpus must hold some.
pub fn room_files(dirs: &[&str]) -> Vec<String> {
    let all: Vec<String> = dirs.iter().flat_map(|d| files(d)).collect();
    assert!(!all.is_empty(), "{dirs:?}: the corpus is missing");
    all
}

/// The file name of a corpus path.
pub fn file_name(rel: &str) -> &str {
    rel.rsplit('/').next().unwrap_or(rel)
}

/// Whether the corpus path `rel` is `file`: a path relative to the corpus or its end (a
/// name's end: "…201204.old.format.txt"; a whole name: "/x.txt").
pub fn is_file(rel: &str, file: &str) -> bool {
    rel.ends_with(file)
}

/// A corpus file as an importer reads it: decoded and normalised.
pub fn read(rel: &str) -> String {
    let bytes = std::fs::read(corpus().join(rel)).unwrap();
    let (text, _) = fpdb_core::decode::decode(&bytes);
    fpdb_core::split::normalise(&text).into_owned()
}

/// The corpus path of `file` in the `Flop` folder of one of `dirs`.
pub fn in_flop(dirs: &[&str], file: &str) -> String {
    dirs.iter()
        .map(|d| format!("{d}/Flop/{file}"))
        .find(|rel| corpus().join(rel).exists())
        .unwrap_or_else(|| panic!("{file} not in the corpus"))
}

/// The corpus path of `file` in one of the game folders (`Flop`, `Stud`, `Draw`) of one of
/// `dirs`, or in one of `dirs` itself.
pub fn in_game_dirs(dirs: &[&str], file: &str) -> String {
    dirs.iter()
        .flat_map(|d| ["/Flop", "/Stud", "/Draw", ""].map(|g| format!("{d}{g}/{file}")))
        .find(|rel| corpus().join(rel).exists())
        .unwrap_or_else(|| panic!("{file} not in the corpus"))
}

/// Every collection of a hand as (winner's name, pot, amount), sorted.
pub fn won(h: &Hand) -> Vec<(String, u8, Money)> {
    let mut w: Vec<(String, u8, Money)> = h
        .collections
        .iter()
        .map(|c| (name(h, c.player).to_string(), c.pot, c.amount))
        .collect();
    w.sort();
    w
}

/// Every hand of a corpus file, parsed or not.
pub fn parse_file(rel: &str) -> Vec<HandResult> {
    parse_history(&read(rel)).collect()
}

/// The first hand of a corpus file, which must parse.
pub fn first_hand(rel: &str) -> Hand {
    parse_file(rel)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("{rel}: no hand"))
        .unwrap_or_else(|e| panic!("{rel}: {}", e.full_message()))
}

/// The hand of a corpus file with that site hand number, which must parse.
pub fn hand(rel: &str, no: i64) -> Hand {
    parse_file(rel)
        .into_iter()
        .flatten()
        .find(|h| h.site_hand_no == no)
        .unwrap_or_else(|| panic!("{rel}: no hand #{no}"))
}

/// A card ("Ah"), which must be one.
pub fn card(s: &str) -> Card {
    Card::parse(s).unwrap()
}

/// Cards separated by spaces ("Ah Kd").
pub fn cards(s: &str) -> Vec<Card> {
    s.split(' ').map(card).collect()
}

/// The player of that name, who must be in the hand.
pub fn by_name<'h>(h: &'h Hand, name: &str) -> &'h Player {
    &h.players[idx(h, name)]
}

/// The index of the player of that name, who must be in the hand.
pub fn idx(h: &Hand, name: &str) -> PlayerIdx {
    h.player_index(name)
        .unwrap_or_else(|| panic!("no player {name}"))
}

/// The name of player `p`.
pub fn name(h: &Hand, p: PlayerIdx) -> &str {
    &h.players[p].name
}

/// Every hand of `dirs` that parses, with its file.
pub fn all_hands(dirs: &[&str]) -> Vec<(String, Hand)> {
    let mut out = Vec::new();
    for rel in room_files(dirs) {
        for h in parse_file(&rel).into_iter().flatten() {
            out.push((rel.clone(), h));
        }
    }
    out
}

pub fn sum<I: IntoIterator<Item = Money>>(it: I) -> Money {
    it.into_iter().sum()
}

// ---------------------------------------------------------------------------------------------
// Every file of a room
// ---------------------------------------------------------------------------------------------

/// A hand of the corpus that cannot be read, by design.
#[derive(Debug, Clone, Copy)]
pub struct Failure {
    /// The file (see [`is_file`]).
    pub file: &'static str,
    /// The site hand number; `None`: any hand of the file.
    pub hand: Option<i64>,
    pub kind: ErrorKind,
    pub why: &'static str,
}

impl Failure {
    /// Whether `e`, read from `rel`, is this failure.
    pub fn is(&self, rel: &str, e: &ParseError) -> bool {
        is_file(rel, self.file)
            && self.kind == e.kind
            && self.hand.is_none_or(|no| e.site_hand_no == Some(no))
    }
}

/// The expected failure `e` of file `rel` is, if any: its reason.
pub fn listed(list: &[Failure], rel: &str, e: &ParseError) -> Option<&'static str> {
    list.iter().find(|f| f.is(rel, e)).map(|f| f.why)
}

/// What one file gave.
#[derive(Debug)]
pub struct FileCount {
    pub rel: String,
    /// The room folder it is under (one of the `dirs` read).
    pub dir: &'static str,
    pub parsed: usize,
    /// The expected failures, with the reason given for each.
    pub failed: Vec<(ParseError, &'static str)>,
}

/// Parses every file of `dirs` (each of which must hold more than `min_files`): each hand that parses must be of site `site_of(file)` (when it
/// gives one), each that fails must be an expected failure (`expected` gives its reason). Prints the counts per file
/// (`--nocapture`) and panics with every problem found.
pub fn parse_every_file(
    dirs: &[&'static str],
    min_files: usize,
    site_of: impl Fn(&str) -> Option<&'static str>,
    expected: impl Fn(&str, &ParseError) -> Option<&'static str>,
) -> Vec<FileCount> {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for &dir in dirs {
        let names = files(dir);
        assert!(names.len() > min_files, "{dir}: corpus not found");
        for rel in names {
            let site = site_of(&rel);
            let mut count = FileCount {
                rel,
                dir,
                parsed: 0,
                failed: Vec::new(),
            };
            let rel = &count.rel;
            for r in parse_file(rel) {
                match r {
                    Ok(h) => {
                        if site.is_some_and(|s| h.site != s) {
                            problems.push(format!("{rel} #{}: site {}", h.site_hand_id, h.site));
                        }
                        count.parsed += 1;
                    }
                    Err(e) => match expected(rel, &e) {
                        Some(why) => {
                            println!(
                                "  {rel}: {:?} as expected ({why}): {}",
                                e.kind,
                                e.full_message()
                            );
                            count.failed.push((e, why));
                        }
                        None => problems.push(format!("{rel}: {:?} {}", e.kind, e.full_message())),
                    },
                }
            }
            println!(
                "{rel}: {} parsed, {} failed",
                count.parsed,
                count.failed.len()
            );
            out.push(count);
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    out
}

/// The number a table of (file, number) gives a file (see [`is_file`]).
pub fn count_of(table: &[(&str, usize)], rel: &str) -> Option<usize> {
    table.iter().find(|c| is_file(rel, c.0)).map(|c| c.1)
}

/// Every file holds as many hands that parse as `table` says, one when it does not name it.
pub fn assert_parsed_per_file(counts: &[FileCount], table: &[(&str, usize)]) {
    for c in counts {
        assert_eq!(c.parsed, count_of(table, &c.rel).unwrap_or(1), "{}", c.rel);
    }
}

/// Every file holds one hand, or as many as `many` says, and fails as `broken` says: a file with
/// failures listed has those failures and, unless `many` names it, no hand that parses.
pub fn assert_hands_per_file(counts: &[FileCount], many: &[(&str, usize)], broken: &[Failure]) {
    for c in counts {
        let failed = broken.iter().filter(|b| is_file(&c.rel, b.file)).count();
        let parsed = count_of(many, &c.rel).unwrap_or(1 - failed.min(1));
        assert_eq!((c.parsed, c.failed.len()), (parsed, failed), "{}", c.rel);
    }
}

/// (parsed, failed) per room folder.
pub fn totals(counts: &[FileCount]) -> BTreeMap<&'static str, (usize, usize)> {
    let mut t: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for c in counts {
        let e = t.entry(c.dir).or_default();
        e.0 += c.parsed;
        e.1 += c.failed.len();
    }
    println!("{t:?}");
    t
}

/// Every file of the corpus (under [`TOPS`]) that is not under one of `dirs`.
pub fn other_files(dirs: &[&str]) -> Vec<String> {
    let others: Vec<String> = TOPS
        .iter()
        .flat_map(|top| files(top))
        .filter(|rel| !dirs.iter().any(|d| is_under(rel, d)))
        .collect();
    assert!(
        others.len() > 500,
        "only {} files of other rooms",
        others.len()
    );
    others
}

/// Every file of every other room ([`other_files`], summaries included): no chunk is taken for a
/// hand of `site`. And every chunk of the room's own files is the room's, in the files that hold
/// any hand (a file of the room's folders with none, such as the client's index of its hand
/// files, is refused as a whole, and [`parse_every_file`] checks it is listed).
pub fn other_rooms_are_not(site: &str, dirs: &[&str]) {
    other_rooms_are_not_but(site, dirs, &[]);
}

/// [`other_rooms_are_not`], except for the text of the room's own files that `failures` lists as
/// no hand of any room (a file that starts inside a hand: its lines before the first header).
pub fn other_rooms_are_not_but(site: &str, dirs: &[&str], failures: &[Failure]) {
    let mut wrong = Vec::new();
    for (mine, files) in [(false, other_files(dirs)), (true, room_files(dirs))] {
        for rel in files {
            let text = read(&rel);
            if mine && fpdb_core::split::chunks(&text).all(|c| c.room.is_none()) {
                continue;
            }
            for c in fpdb_core::split::chunks(&text) {
                let room = c.room.map(|r| r.site());
                // A tournament summary kept among the room's hands is no hand of any room.
                let summary = room.is_none() && fpdb_core::summary::detect(c.text);
                let expected = room.is_none()
                    && mine
                    && fpdb_core::parse_chunk(c).is_err_and(|e| {
                        e.kind == ErrorKind::NotAHandHistory && listed(failures, &rel, &e).is_some()
                    });
                if mine != (room == Some(site)) && !(mine && summary) && !expected {
                    wrong.push(format!("{rel} line {}: read as {room:?}", c.first_line));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Whether the corpus path `rel` is under the folder `dir`.
pub fn is_under(rel: &str, dir: &str) -> bool {
    rel.strip_prefix(dir).is_some_and(|r| r.starts_with('/'))
}

// ---------------------------------------------------------------------------------------------
// Money
// ---------------------------------------------------------------------------------------------

/// What a room's hands may have; the money checks are those of every room, made stricter where
/// the room cannot have something.
#[derive(Debug, Clone, Copy)]
pub struct Rules {
    /// The room adds money to pots (else `pot_added` is 0).
    pub added_money: bool,
    /// Players can cash out (else no cash-outs and no cashed-out pot).
    pub cash_outs: bool,
    /// The most rake the room takes, in percent of the pot, when it is to be checked.
    pub max_rake_percent: Option<Money>,
    /// A room's own rule for whom an uncalled bet goes back to (its last bettor), checked on top
    /// of [`last_aggressor`].
    pub last_bettor: Option<fn(&Hand, &Returned) -> Option<PlayerIdx>>,
}

impl Rules {
    /// A room without added money or cash-outs, whose uncalled bets go back to the last bettor
    /// or poster ([`last_bet_or_post`]), its rake not checked.
    pub const PLAIN: Rules = Rules {
        added_money: false,
        cash_outs: false,
        max_rake_percent: None,
        last_bettor: Some(last_bet_or_post),
    };
}

/// Live money of an action: what counts towards the amount to match on its street (antes and
/// dead small blinds do not; the dead part of both blinds does not).
pub fn live(h: &Hand, a: &Action) -> Money {
    match a.kind {
        ActionKind::Ante | ActionKind::DeadSmallBlind => 0,
        ActionKind::BothBlinds => a.amount - a.amount.min(h.game.small_blind),
        _ => a.amount,
    }
}

/// The player who first put the street's highest total in (posts count on street 0; antes and
/// dead small blinds do not, nor, when `live_only`, the dead part of both blinds): the one an
/// uncalled bet goes back to.
pub fn last_aggressor(h: &Hand, street: i8, live_only: bool) -> Option<PlayerIdx> {
    let mut totals = vec![0 as Money; h.players.len()];
    let (mut max, mut who) = (0, None);
    for a in h.actions.iter().filter(|a| a.street.max(0) == street) {
        totals[a.player] += if live_only {
            live(h, a)
        } else if matches!(a.kind, ActionKind::Ante | ActionKind::DeadSmallBlind) {
            0
        } else {
            a.amount
        };
        if totals[a.player] > max {
            max = totals[a.player];
            who = Some(a.player);
        }
    }
    who
}

/// The player of the last bet, raise, post (not an ante or dead blind) or stud bring-in (a
/// bring-in nobody called comes back) that put money in on the uncalled bet's street (posts
/// count on street 0).
pub fn last_bet_or_post(h: &Hand, r: &Returned) -> Option<PlayerIdx> {
    h.actions
        .iter()
        .filter(|a| a.street == r.street || (r.street == 0 && a.street == POSTS))
        .filter(|a| {
            a.kind.is_aggressive()
                || a.kind == ActionKind::BringIn
                || (a.kind.is_post()
                    && !matches!(a.kind, ActionKind::Ante | ActionKind::DeadSmallBlind))
        })
        .rfind(|a| a.amount > 0)
        .map(|a| a.player)
}

/// What is wrong with the money of one parsed hand:
///
/// - Σ collections + rake + cashed-out pot = total pot; every collection above 0;
/// - money put in − returned = total pot − money added;
/// - rake and pot not below 0, no rake in tournaments (and no more than the room's cap);
/// - every uncalled bet is above 0 and goes back to the street's last aggressor (counting the
///   dead part of both blinds or not), and to the room's last bettor when it has a rule.
pub fn money_problems(h: &Hand, rules: Rules) -> Vec<String> {
    let mut bad = Vec::new();
    let collected = sum(h.collections.iter().map(|c| c.amount));
    if collected + h.rake + h.cashed_out_pot != h.total_pot {
        bad.push(format!(
            "Σ collections {collected} + rake {} + cashed out {} ≠ total pot {}",
            h.rake, h.cashed_out_pot, h.total_pot
        ));
    }
    if h.collections.iter().any(|c| c.amount <= 0) {
        bad.push(format!("an empty collection: {:?}", h.collections));
    }
    let put = sum(h.actions.iter().map(|a| a.amount));
    let back = sum(h.returned.iter().map(|r| r.amount));
    if put - back != h.total_pot - h.pot_added {
        bad.push(format!(
            "put in {put} − returned {back} ≠ total pot {} − added {}",
            h.total_pot, h.pot_added
        ));
    }
    if !rules.added_money && h.pot_added != 0 {
        bad.push(format!("the room adds no money, added {}", h.pot_added));
    }
    if !rules.cash_outs && (!h.cash_outs.is_empty() || h.cashed_out_pot != 0) {
        bad.push("nobody cashes out in this room".into());
    }
    if h.rake < 0 || h.total_pot < 0 {
        bad.push(format!("rake {} of pot {}", h.rake, h.total_pot));
    }
    if h.game.kind == GameKind::Tour && h.rake != 0 {
        bad.push(format!("rake {} in a tournament", h.rake));
    }
    if let Some(cap) = rules.max_rake_percent {
        if h.rake * 100 > h.total_pot.max(1) * cap {
            bad.push(format!("rake {} of {}", h.rake, h.total_pot));
        }
    }
    for r in &h.returned {
        if r.amount > 0 && is_ante_return(h, r) {
            continue;
        }
        if r.amount <= 0
            || Some(r.player) != last_aggressor(h, r.street, true)
            || Some(r.player) != last_aggressor(h, r.street, false)
        {
            bad.push(format!("uncalled bet {r:?} not to the last aggressor"));
        }
        if let Some(rule) = rules.last_bettor {
            if rule(h, r) != Some(r.player) {
                bad.push(format!("uncalled bet {r:?} not to the last bettor"));
            }
        }
    }
    bad
}

/// Whether `r` gives back part of an ante nobody could match: the player put in nothing but
/// antes, and what he leaves in is what the most anyone else put in (a room that prints the
/// return of an all-in ante larger than the other stacks: PKR).
pub fn is_ante_return(h: &Hand, r: &Returned) -> bool {
    let whole = |p: PlayerIdx| {
        sum(h.actions.iter().filter(|a| a.player == p).map(|a| a.amount))
            - sum(h
                .returned
                .iter()
                .filter(|x| x.player == p)
                .map(|x| x.amount))
    };
    let antes_only = h
        .actions
        .iter()
        .filter(|a| a.player == r.player && a.amount > 0)
        .all(|a| a.kind == ActionKind::Ante);
    let others = (0..h.players.len())
        .filter(|&q| q != r.player)
        .map(whole)
        .max();
    antes_only && others == Some(whole(r.player))
}

/// What the derived statistics say wrong of one parsed hand: `derive` accepts it, Σ winnings +
/// rake = total pot − cashed-out pot + cash-outs paid, Σ totalProfit = added − rake −
/// cashed-out pot + cash-outs paid (cash-outs are paid by the room, the cashed-out pot is kept
/// by it). For a hand whose pot is known to be bad (`pot_checked` false), only that `derive`
/// accepts it.
pub fn statistics_problems(h: &Hand, pot_checked: bool) -> Vec<String> {
    let rows = match derive(h) {
        Ok(rows) => rows,
        Err(e) => return vec![format!("derive failed: {e}")],
    };
    let mut bad = Vec::new();
    if !pot_checked {
        return bad;
    }
    let winnings = sum(rows.players.iter().map(|r| r.winnings));
    let profit = sum(rows.players.iter().map(|r| r.total_profit));
    let paid_out = sum(h.cash_outs.iter().map(|c| c.amount));
    let expected = h.total_pot - h.cashed_out_pot + paid_out;
    if winnings + h.rake != expected {
        bad.push(format!(
            "Σ winnings {winnings} + rake {} ≠ {expected}",
            h.rake
        ));
    }
    let expected = h.pot_added - h.rake - h.cashed_out_pot + paid_out;
    if profit != expected {
        bad.push(format!("Σ totalProfit {profit} ≠ {expected}"));
    }
    bad
}

/// A hand of the corpus whose money cannot add up, and why: (file, site hand number, reason).
pub type BadPot = (&'static str, i64, &'static str);

fn is_bad_pot(bad_pots: &[BadPot], rel: &str, h: &Hand) -> bool {
    bad_pots
        .iter()
        .any(|b| is_file(rel, b.0) && h.site_hand_no == b.1)
}

/// Panics with every problem `check` finds in `hands`.
fn check_all(hands: &[(String, Hand)], check: impl Fn(&str, &Hand) -> Vec<String>) {
    let mut bad = Vec::new();
    for (rel, h) in hands {
        for p in check(rel, h) {
            bad.push(format!("{rel} #{}: {p}", h.site_hand_id));
        }
    }
    assert!(
        bad.is_empty(),
        "{} problems:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// [`money_problems`] of every hand but the `bad_pots`; panics with them all.
pub fn money_adds_up(hands: &[(String, Hand)], rules: Rules, bad_pots: &[BadPot]) {
    let cash = hands
        .iter()
        .filter(|(_, h)| h.game.kind == GameKind::Ring)
        .count();
    println!("{} hands checked, {cash} cash", hands.len());
    check_all(hands, |rel, h| {
        if is_bad_pot(bad_pots, rel, h) {
            Vec::new()
        } else {
            money_problems(h, rules)
        }
    });
}

/// [`statistics_problems`] of every hand (of the `bad_pots`, only that `derive` accepts them);
/// panics with them all.
pub fn statistics_agree(hands: &[(String, Hand)], bad_pots: &[BadPot]) {
    check_all(hands, |rel, h| {
        statistics_problems(h, !is_bad_pot(bad_pots, rel, h))
    });
}

// ---------------------------------------------------------------------------------------------
// Other facts of every hand
// ---------------------------------------------------------------------------------------------

/// Two hands share a site hand number only when they are the same hand (some corpus files are
/// there twice): the mapping from printed ids is injective.
pub fn hand_numbers_identify_hands(dirs: &[&str]) {
    let mut seen: BTreeMap<i64, (String, String)> = BTreeMap::new();
    for (rel, h) in all_hands(dirs) {
        let key = (h.site_hand_id.clone(), h.start_time.to_rfc3339());
        if let Some(prev) = seen.insert(h.site_hand_no, key.clone()) {
            assert_eq!(prev, key, "{rel}: #{} names two hands", h.site_hand_no);
        }
    }
}

/// Every hand has a hero (the corpus files were written for a player), except in the files
/// `no_hero` accepts; the hero was dealt his cards (unless he sat out); boards hold 3 to 5 cards.
pub fn heroes_and_cards(dirs: &[&str], no_hero: impl Fn(&str) -> bool) {
    for (rel, h) in all_hands(dirs) {
        let id = format!("{rel} #{}", h.site_hand_no);
        let Some(hero) = h.hero else {
            assert!(no_hero(&rel), "{id}: no hero");
            continue;
        };
        let cards = &h.players[hero].cards;
        if h.players[hero].sitting_out && cards.is_empty() {
            continue; // the hero sat this hand out
        }
        let expected = h.game.category.hand_size();
        match h.game.base {
            Base::Stud => assert!(cards.len() >= 3 && cards.len() <= 7, "{id}"),
            _ => assert_eq!(cards.len(), expected, "{id}: hero cards {cards:?}"),
        }
        assert!(
            cards.iter().take(2).all(|c| c.is_known()),
            "{id}: hero cards {cards:?}"
        );
        for b in &h.boards {
            assert!(b.len() >= 3 && b.len() <= 5, "{id}: board {b:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Sidecars
// ---------------------------------------------------------------------------------------------

/// The corpus holds no expected-value sidecars (`.hp.json`, `.hands.json`, `.gt.json`) for the
/// room: should some appear, its test must compare them.
pub fn no_sidecars_to_compare(dirs: &[&str]) {
    fn json(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                json(&p, out);
            } else if p.extension().is_some_and(|x| x == "json") {
                out.push(p);
            }
        }
    }
    let mut found = Vec::new();
    for dir in dirs {
        json(&corpus().join(dir), &mut found);
    }
    assert!(found.is_empty(), "sidecars to compare: {found:?}");
}

/// The sidecar `<file>.<ext>` (`"hp.json"`), if there is one.
pub fn sidecar(rel: &str, ext: &str) -> Option<Value> {
    let text = std::fs::read_to_string(corpus().join(format!("{rel}.{ext}"))).ok()?;
    Some(serde_json::from_str(&text).unwrap())
}

/// The first hand of each file of `dirs` with a `.hp.json` sidecar: seats, stacks, cards, start
/// cards and the money the reference tracker stored. Returns the players compared.
pub fn hp_sidecars_agree(dirs: &[&str]) -> usize {
    let mut compared = 0;
    for rel in room_files(dirs) {
        let Some(side) = sidecar(&rel, "hp.json") else {
            continue;
        };
        let side: BTreeMap<String, Value> = serde_json::from_value(side).unwrap();
        let h = first_hand(&rel);
        let rows = derive(&h).unwrap();
        for (name, v) in &side {
            let p = h
                .player_index(name)
                .unwrap_or_else(|| panic!("{rel}: {name} missing"));
            let pl = &h.players[p];
            assert_eq!(
                i64::from(pl.seat),
                v["seatNo"].as_i64().unwrap(),
                "{rel} {name}"
            );
            assert_eq!(pl.stack, v["startCash"].as_i64().unwrap(), "{rel} {name}");
            for (k, c) in pl.cards.iter().enumerate() {
                let theirs = v[format!("card{}", k + 1)].as_i64().unwrap();
                assert_eq!(i64::from(c.code()), theirs, "{rel} {name} card{}", k + 1);
            }
            if let Some(row) = rows.players.iter().find(|r| r.player == p) {
                assert_eq!(
                    row.winnings,
                    v["winnings"].as_i64().unwrap(),
                    "{rel} {name}"
                );
                assert_eq!(
                    row.total_profit,
                    v["totalProfit"].as_i64().unwrap(),
                    "{rel} {name}"
                );
                if h.game.category == Category::Holdem {
                    let theirs = v["startCards"].as_i64().unwrap();
                    let ours = row.start_cards.map_or(0, |s| i64::from(s) + 1);
                    assert_eq!(ours, theirs, "{rel} {name} startCards");
                }
            }
            compared += 1;
        }
        println!("{rel}: {} players compared", side.len());
    }
    compared
}

/// The first hand of each file of `dirs` with `.hands.json`, `.gt.json` or `.hp.json` sidecars:
/// site hand number, start time, currency and game type, players' seats, stacks and cards (the
/// tracker stores tournament chips times 100). Returns the files compared.
pub fn first_hand_sidecars_agree(dirs: &[&str]) -> usize {
    first_hand_sidecars_agree_by(dirs, site_hand_no)
}

/// The hand number the reference tracker stored: ours, for most rooms.
pub fn site_hand_no(h: &Hand) -> String {
    h.site_hand_no.to_string()
}

/// [`first_hand_sidecars_agree`], the sidecar's hand number compared with `hand_no` of the hand
/// (for a room whose stored number is not the reference tracker's).
pub fn first_hand_sidecars_agree_by(dirs: &[&str], hand_no: fn(&Hand) -> String) -> usize {
    first_hand_sidecars_agree_with(
        dirs,
        hand_no,
        sidecar_start_time,
        sidecar_stack,
        sidecar_seat,
        sidecar_has_cards,
    )
}

/// The stack the reference tracker stored for a player: ours, for most rooms.
pub fn sidecar_stack(h: &Hand, p: PlayerIdx) -> Money {
    h.players[p].stack
}

/// Whether the reference tracker stored a player's cards: every player's, for most rooms.
pub fn sidecar_cards_stored(_: &Hand, _: PlayerIdx) -> bool {
    true
}

/// The start time as the reference tracker stored it: ours in UTC, for most rooms.
pub fn sidecar_start_time(h: &Hand) -> String {
    h.start_time.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// The seat the reference tracker stored for a player: ours, for most rooms.
pub fn sidecar_seat(h: &Hand, p: PlayerIdx) -> i64 {
    i64::from(h.players[p].seat)
}

/// Whether the reference tracker stored the player's cards: yes, for most rooms.
pub fn sidecar_has_cards(_: &Hand, _: PlayerIdx) -> bool {
    true
}

/// A sidecar value that is a number, or a number written as a string (`"2"`).
fn number(v: &Value) -> Option<i64> {
    v.as_i64()
        .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
}

/// [`first_hand_sidecars_agree_by`], the sidecar's start time compared with `start_time` of the
/// hand too (for a room whose tracker stored another reading of the printed time), its seats
/// with `seat`, its stacks with `stack`, and the cards of the players `has_cards` accepts.
pub fn first_hand_sidecars_agree_with(
    dirs: &[&str],
    hand_no: fn(&Hand) -> String,
    start_time: fn(&Hand) -> String,
    stack: fn(&Hand, PlayerIdx) -> Money,
    seat: fn(&Hand, PlayerIdx) -> i64,
    has_cards: fn(&Hand, PlayerIdx) -> bool,
) -> usize {
    let mut compared = 0;
    for rel in room_files(dirs) {
        let (hands, gt, hp) = (
            sidecar(&rel, "hands.json"),
            sidecar(&rel, "gt.json"),
            sidecar(&rel, "hp.json"),
        );
        if hands.is_none() && gt.is_none() && hp.is_none() {
            continue;
        }
        compared += 1;
        let h = first_hand(&rel);
        let chips = if h.game.kind == GameKind::Tour {
            100
        } else {
            1
        };
        if let Some(v) = hands {
            assert_eq!(
                v["siteHandNo"].as_str(),
                Some(hand_no(&h).as_str()),
                "{rel}"
            );
            let t = start_time(&h);
            assert_eq!(v["startTime"].as_str(), Some(t.as_str()), "{rel}");
        }
        if let Some(v) = gt {
            let g = &h.game;
            assert_eq!(v[1].as_str(), Some(g.currency.as_str()), "{rel}");
            assert_eq!(v[2].as_str(), Some(g.kind.as_str()), "{rel}");
            assert_eq!(v[3].as_str(), Some(g.base.as_str()), "{rel}");
            assert_eq!(v[4].as_str(), Some(g.category.as_str()), "{rel}");
            assert_eq!(v[5].as_str(), Some(g.limit_type.as_str()), "{rel}");
            assert_eq!(
                v[8].as_i64().map(|x| x / chips),
                Some(g.small_blind),
                "{rel}"
            );
            assert_eq!(v[9].as_i64().map(|x| x / chips), Some(g.big_blind), "{rel}");
        }
        if let Some(v) = hp {
            let rows = derive(&h).unwrap();
            for r in &rows.players {
                let pl = &h.players[r.player];
                let s = &v[pl.name.as_str()];
                assert_eq!(number(&s["seatNo"]), Some(seat(&h, r.player)), "{rel}");
                assert_eq!(
                    s["startCash"].as_i64().map(|x| x / chips),
                    Some(stack(&h, r.player)),
                    "{rel}"
                );
                // Draw games' cards are compared by replaying the draws (stats_sidecars).
                let draw = h.game.base == Base::Draw;
                let stored = has_cards(&h, r.player);
                for (i, c) in r.cards.iter().enumerate().filter(|_| !draw && stored) {
                    assert_eq!(
                        s[format!("card{}", i + 1)].as_i64(),
                        Some(i64::from(*c)),
                        "{rel}"
                    );
                }
            }
        }
    }
    compared
}

// ---------------------------------------------------------------------------------------------
// Damaged texts
// ---------------------------------------------------------------------------------------------

/// Every file of `dirs` cut after each of its first 120 lines, and 40 times with three bytes
/// overwritten at random: errors, never a panic.
pub fn cut_and_mangled_files_never_panic(dirs: &[&str]) {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for rel in room_files(dirs) {
        let text = read(&rel);
        let lines: Vec<&str> = text.lines().collect();
        for cut in 0..lines.len().min(120) {
            let t = lines[..cut].join("\n");
            let _ = parse_history(&t).count();
        }
        for _ in 0..40 {
            let mut bytes = text.clone().into_bytes();
            let n = bytes.len().max(1);
            for _ in 0..3 {
                let at = (next() as usize) % n;
                if let Some(b) = bytes.get_mut(at) {
                    *b = b" 0123456789.,[]()#:-/$abcXYZ*\n\xe2"[(next() % 31) as usize];
                }
            }
            let t = String::from_utf8_lossy(&bytes);
            let _ = parse_history(&t).count();
        }
    }
}

/// The first four hands of every file of `dirs`, each line dropped, repeated, or cut at every
/// other character: errors, never a panic (and `derive` accepts what parses). Returns the
/// results read.
pub fn damaged_hands_never_panic(dirs: &[&str]) -> usize {
    let mut hands = Vec::new();
    for rel in room_files(dirs) {
        let text = read(&rel);
        for c in fpdb_core::split::chunks(&text).take(4) {
            hands.push(c.text.to_string());
        }
    }
    let mut parsed = 0;
    for hand in &hands {
        let lines: Vec<&str> = hand.lines().collect();
        for i in 0..lines.len() {
            let mut variants = vec![
                [&lines[..i], &lines[i + 1..]].concat().join("\n"),
                [&lines[..=i], &lines[i..]].concat().join("\n"),
            ];
            let line = lines[i];
            for (cut, _) in line.char_indices().skip(1).step_by(2) {
                let mut v: Vec<&str> = lines.clone();
                v[i] = &line[..cut];
                variants.push(v.join("\n"));
            }
            for v in &variants {
                for r in parse_history(v) {
                    // Unpriced: the all-in's equity of every damaged copy of an all-in hand
                    // would be most of the test's time; pricing is fuzzed by fuzz_stats.
                    if let Ok(h) = r {
                        let _ = derive_unpriced(&h);
                    }
                    parsed += 1;
                }
            }
        }
    }
    parsed
}

/// What the corpus holds of one room written on the shared skeleton, for [`room_corpus_agrees`].
pub struct RoomCorpus {
    pub site: &'static str,
    pub dirs: &'static [&'static str],
    /// Hands refused by design, with their reasons.
    pub failures: &'static [Failure],
    /// Files of more than one hand (the others hold one, or none when they fail).
    pub hands_per_file: &'static [(&'static str, usize)],
    /// Hands parsed in all.
    pub parsed: usize,
    pub rules: Rules,
    /// Hands whose money cannot add up.
    pub bad_pots: &'static [BadPot],
    /// The hand number the reference tracker stored, for its sidecars ([`site_hand_no`]).
    pub sidecar_hand_no: fn(&Hand) -> String,
    /// The start time the reference tracker stored, for its sidecars ([`sidecar_start_time`]).
    pub sidecar_start_time: fn(&Hand) -> String,
    /// A player's stack as the reference tracker stored it ([`sidecar_stack`]).
    pub sidecar_stack: fn(&Hand, PlayerIdx) -> Money,
    /// A player's seat as the reference tracker stored it ([`sidecar_seat`]).
    pub sidecar_seat: fn(&Hand, PlayerIdx) -> i64,
    /// Whether the reference tracker stored a player's cards ([`sidecar_has_cards`]).
    pub sidecar_has_cards: fn(&Hand, PlayerIdx) -> bool,
}

impl RoomCorpus {
    /// A room whose `parsed` hands all parse, one a file, money checked by [`Rules::PLAIN`]
    /// (set the other fields after).
    pub const fn new(site: &'static str, dirs: &'static [&'static str], parsed: usize) -> Self {
        RoomCorpus {
            site,
            dirs,
            failures: &[],
            hands_per_file: &[],
            parsed,
            rules: Rules::PLAIN,
            bad_pots: &[],
            sidecar_hand_no: site_hand_no,
            sidecar_start_time,
            sidecar_stack,
            sidecar_seat,
            sidecar_has_cards,
        }
    }
}

/// The corpus checks every room of the skeleton passes: every file parses or is refused as
/// listed, with the hands per file; no other room's file is read as the room and all of its
/// are; money and statistics add up in every hand; hand numbers identify hands; the sidecars
/// agree (printed: how many were compared); damaged hands never panic.
pub fn room_corpus_agrees(room: &RoomCorpus) {
    let failures = room.failures;
    let counts = parse_every_file(
        room.dirs,
        0,
        |_| Some(room.site),
        |rel, e| listed(failures, rel, e),
    );
    assert_hands_per_file(&counts, room.hands_per_file, failures);
    assert_eq!(counts.iter().map(|c| c.parsed).sum::<usize>(), room.parsed);
    other_rooms_are_not_but(room.site, room.dirs, failures);
    let hands = all_hands(room.dirs);
    assert_eq!(hands.len(), room.parsed);
    money_adds_up(&hands, room.rules, room.bad_pots);
    statistics_agree(&hands, room.bad_pots);
    hand_numbers_identify_hands(room.dirs);
    let compared = first_hand_sidecars_agree_with(
        room.dirs,
        room.sidecar_hand_no,
        room.sidecar_start_time,
        room.sidecar_stack,
        room.sidecar_seat,
        room.sidecar_has_cards,
    );
    println!("{}: {compared} files with sidecars compared", room.site);
    // A hundred damaged copies a hand at least, of up to five hands (a room with one file of
    // one hand has fewer than five hundred).
    let damaged = damaged_hands_never_panic(room.dirs);
    assert!(
        damaged >= 100 * room.parsed.min(5),
        "{damaged} damaged copies parsed"
    );
}
