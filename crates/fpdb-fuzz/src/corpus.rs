//! Seeds: the real hand histories of `shared/corpus`, cut into hands.
//!
//! Most executions mutate one hand (or a few consecutive hands) rather than a whole file: a
//! parser reads each hand on its own, so a mutation of a 2 KB hand exercises the same code as one
//! of a 200 KB file at a hundredth of the cost. Small files are also kept whole, as their raw
//! bytes, so that file-level structure (encodings, byte-order marks, banners, text before the
//! first hand, iPoker session headers) is mutated too.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use fpdb_core::{decode, split};

/// Files up to this size are also seeds as a whole.
const WHOLE_FILE_MAX: usize = 48 * 1024;

/// The corpus folders of each room, by target name.
pub const ROOM_DIRS: &[(&str, &[&str])] = &[
    ("stars", &["cash/Stars", "tour/Stars"]),
    ("ggpoker", &["cash/GGPoker", "tour/GGPoker"]),
    ("888poker", &["cash/PacificPoker", "tour/PacificPoker"]),
    ("ipoker", &["cash/iPoker", "tour/iPoker"]),
    ("winamax", &["cash/Winamax", "tour/Winamax"]),
    ("partypoker", &["cash/PartyPoker", "tour/PartyPoker"]),
    ("winning", &["cash/Winning", "tour/Winning"]),
    ("bovada", &["cash/Bovada", "tour/Bovada"]),
    ("betonline", &["cash/BetOnline", "tour/BetOnline"]),
    ("sealswithclubs", &["cash/SealsWithClubs"]),
    ("fulltilt", &["cash/FTP", "tour/FTP"]),
    ("ongame", &["cash/OnGame", "tour/OnGame"]),
    ("cake", &["cash/Cake", "tour/Cake"]),
    (
        "entraction",
        &[
            "cash/Entraction",
            "tour/Entraction",
            "unsupported-sites/entraction",
        ],
    ),
    ("enet", &["cash/Enet"]),
    ("unibet", &["cash/Unibet"]),
    ("kingsclub", &["cash/KingsClub"]),
    ("merge", &["cash/Merge", "tour/Merge"]),
    ("microgaming", &["cash/Microgaming", "tour/Microgaming"]),
    ("pokertracker", &["cash/PokerTracker", "tour/PokerTracker"]),
    ("thebiggame", &["cash/TheBigGame"]),
    ("pkr", &["cash/PKR", "tour/PKR"]),
    ("everest", &["cash/Everest", "tour/Everest"]),
    ("betfair", &["cash/Betfair"]),
    (
        "absolute",
        &["cash/Absolute", "tour/Absolute", "cash/UltimateBet"],
    ),
    ("everleaf", &["cash/Everleaf", "tour/Everleaf"]),
    ("boss", &["cash/Boss", "tour/Boss"]),
];

/// The seeds of one room (or of the whole corpus).
#[derive(Debug, Default)]
pub struct Pool {
    /// One hand each (with its iPoker session header in front when it has one), UTF-8.
    pub hands: Vec<Vec<u8>>,
    /// Whole small files, raw bytes as found on disk.
    pub files: Vec<Vec<u8>>,
}

/// Every seed of the corpus.
#[derive(Debug)]
pub struct Seeds {
    /// Per room, in [`ROOM_DIRS`] order.
    pub rooms: Vec<Pool>,
    /// Every hand and small file of the supported rooms.
    pub supported: Pool,
    /// Every file of the corpus (unsupported rooms and tournament summaries included), for the
    /// splitter, which must cope with anything.
    pub everything: Pool,
    /// Words found in the corpus, for token replacement ("folds", "$0.25", "[Ah", ...).
    pub words: Vec<Vec<u8>>,
}

/// Where the corpus is: `$FPDB_CORPUS`, else `shared/corpus` beside the repository.
pub fn corpus_dir() -> PathBuf {
    match std::env::var_os("FPDB_CORPUS") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
    }
}

/// The seeds, loaded once per process.
pub fn seeds() -> &'static Seeds {
    static SEEDS: OnceLock<Seeds> = OnceLock::new();
    SEEDS.get_or_init(|| load(&corpus_dir()))
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort(); // read_dir order is not stable: the seed list must be
    for p in entries {
        if p.is_dir() {
            files_under(&p, out);
        } else {
            let name = p.to_string_lossy();
            if !name.ends_with(".json") && !name.ends_with(".DS_Store") && !name.ends_with(".md") {
                out.push(p);
            }
        }
    }
}

/// Cuts a file into its hands (each with its context block in front).
fn hands_of(bytes: &[u8]) -> Vec<Vec<u8>> {
    let (text, _) = decode::decode(bytes);
    let text = split::normalise(&text);
    split::chunks(&text)
        .filter(|c| c.room.is_some())
        .map(|c| {
            let mut h = Vec::with_capacity(c.context.len() + c.text.len() + 1);
            if !c.context.is_empty() {
                h.extend_from_slice(c.context.as_bytes());
                h.push(b'\n');
            }
            h.extend_from_slice(c.text.as_bytes());
            h
        })
        .collect()
}

fn add_file(pool: &mut Pool, bytes: &[u8]) {
    pool.hands.extend(hands_of(bytes));
    if bytes.len() <= WHOLE_FILE_MAX {
        pool.files.push(bytes.to_vec());
    }
}

/// Loads every seed under `dir`. Panics when the corpus is missing: a fuzzer without seeds
/// would only test the parsers' first line.
pub fn load(dir: &Path) -> Seeds {
    let mut rooms = Vec::new();
    let mut supported = Pool::default();
    for (name, dirs) in ROOM_DIRS {
        let mut files = Vec::new();
        for d in *dirs {
            files_under(&dir.join(d), &mut files);
        }
        let mut pool = Pool::default();
        for f in &files {
            let bytes = std::fs::read(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            add_file(&mut pool, &bytes);
        }
        assert!(
            !pool.hands.is_empty(),
            "no {name} hands in the corpus at {}",
            dir.display()
        );
        supported.hands.extend(pool.hands.iter().cloned());
        supported.files.extend(pool.files.iter().cloned());
        rooms.push(pool);
    }
    let mut all = Vec::new();
    files_under(dir, &mut all);
    let mut everything = Pool::default();
    for f in &all {
        let bytes = std::fs::read(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        add_file(&mut everything, &bytes);
    }
    let mut words: Vec<Vec<u8>> = everything
        .hands
        .iter()
        .flat_map(|h| h.split(|b| b.is_ascii_whitespace()))
        .filter(|w| !w.is_empty() && w.len() <= 40)
        .map(<[u8]>::to_vec)
        .collect();
    words.sort();
    words.dedup();
    Seeds {
        rooms,
        supported,
        everything,
        words,
    }
}
