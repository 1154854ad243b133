//! `fpdb.import_hands` and `fpdb.import_file`: hand histories into the FPDB tables.
//!
//! An import runs in two passes over the text so that every session takes its row locks in
//! the same order, whatever the text (concurrent imports of overlapping files cannot deadlock):
//!
//! 1. parse every hand and derive its statistics, keeping only its key (site, hand number), its
//!    place in the text and the dimension rows it needs (sites, game types, players,
//!    tournaments); failed hands are recorded (or, with `on_error => 'abort'`, raised);
//! 2. create the dimension rows, each kind in sorted order, then parse the hands again in order
//!    of (site, hand number) and write them in batches: Hands (a hand already stored is a
//!    duplicate), HandsPlayers, HandsActions, BoardCards. HudCache is folded in memory for the
//!    whole call and written once at the end, in key order.
//!
//! Both passes use the machine's second core for the pure half of their work
//! ([`fpdb_core::ahead`]): in the first, every other batch of 1,000 hands is parsed on a thread of
//! fpdb's while the importing thread parses the next; in the second, the thread parses the hands
//! again, takes their all-ins' equities and packs their kept texts a batch or two ahead of the
//! batch whose rows the importing thread writes. The thread calls nothing of PostgreSQL and is
//! started with its signals blocked; what it returns is what the importing thread would have
//! computed, in the same order (a batch whose reading panicked there is read again here).
//!
//! Only the key and offsets of a hand (32 bytes) stay in memory between the passes. The text comes
//! from a [`source::Source`]: in memory for `import_hands` and `import_bytes`; for `import_file`,
//! the file read in blocks and spooled to a temporary file, so that a file of any size imports
//! with the backend's memory bounded by its number of hands, not its size.

mod batch;
mod dims;
mod direct;
mod reimport;
mod source;

pub(crate) use batch::rows_from;
pub(crate) use dims::{Dimensions, Ids};
pub(crate) use direct::{ColumnType, DirectTable, Rows as DirectRows, Value as DirectValue};

use std::sync::Arc;
use std::time::Instant;

use fpdb_core::ahead::{Ahead, Lost};

use fpdb_core::equity::pipeline::Pipeline;
use fpdb_core::equity::{Outcome, Spot};
use fpdb_core::error::{ErrorKind, ParseError};
use fpdb_core::model::Hand;
use fpdb_core::parsers::{Room, ROOMS};
use fpdb_core::split::{self, Chunk};
use fpdb_core::stats::{self, HandRows};
use fpdb_core::stream::ChunkSpan;
use pgrx::prelude::*;
use pgrx::JsonB;
use serde_json::{json, Value};

use crate::errors::raise;
use crate::hudcache::HudCacheDelta;
use source::{FileSource, MemorySource, Source};

/// Hands written per batch of statements.
const BATCH_HANDS: usize = 1000;
/// A progress NOTICE every this many hands.
const PROGRESS_EVERY: usize = 10_000;

/// What to do with a hand that cannot be imported.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OnError {
    /// Report it in `errors` and import the other hands.
    Skip,
    /// Raise its error: nothing of the call is stored.
    Abort,
}

fn on_error_mode(text: &str) -> OnError {
    match text.trim().to_ascii_lowercase().as_str() {
        "skip" => OnError::Skip,
        "abort" => OnError::Abort,
        other => raise(
            "22023",
            format!("on_error must be 'skip' or 'abort', not '{other}'"),
        ),
    }
}

/// A hand that could not be imported.
struct Failure {
    line: u32,
    hand_line: u32,
    site_hand_no: Option<i64>,
    sqlstate: &'static str,
    kind: &'static str,
    message: String,
}

impl Failure {
    fn of_parse(e: &ParseError, hand_line: u32) -> Failure {
        let message = match &e.line_text {
            Some(t) => format!("{}: \"{}\"", e.message, t),
            None => e.message.clone(),
        };
        Failure {
            line: e.line,
            hand_line,
            site_hand_no: e.site_hand_no,
            sqlstate: e.sqlstate(),
            kind: kind_name(e.kind),
            message,
        }
    }

    fn of_hand(
        hand: &Hand,
        hand_line: u32,
        sqlstate: &'static str,
        kind: &'static str,
        message: String,
    ) -> Failure {
        Failure {
            line: hand_line,
            hand_line,
            site_hand_no: Some(hand.site_hand_no),
            sqlstate,
            kind,
            message,
        }
    }

    fn to_json(&self) -> Value {
        let mut v = json!({
            "line": self.line,
            "hand_line": self.hand_line,
            "sqlstate": self.sqlstate,
            "kind": self.kind,
            "message": self.message,
        });
        if let Some(no) = self.site_hand_no {
            v["site_hand_no"] = json!(no);
        }
        v
    }

    fn raise(&self) -> ! {
        let no = self
            .site_hand_no
            .map(|n| format!(" (hand {n})"))
            .unwrap_or_default();
        raise(
            self.sqlstate,
            format!("line {}{}: {}", self.line, no, self.message),
        )
    }
}

fn kind_name(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::NotAHandHistory => "not_a_hand_history",
        ErrorKind::Malformed => "malformed",
        ErrorKind::Cancelled => "cancelled",
        ErrorKind::Unfinished => "unfinished",
        ErrorKind::Unsupported => "unsupported",
        ErrorKind::OutOfRange => "out_of_range",
    }
}

/// A hand that passed the first pass: where it is in the text and what identifies it (32 bytes:
/// a 1.5 GB file of a million hands keeps 32 MB of these).
struct Entry {
    hand_no: i64,
    /// Offset of the hand's text in the normalised text, and its length.
    start: u64,
    len: u32,
    first_line: u32,
    /// Index in [`Contexts`] of the chunk's context block, [`NO_CONTEXT`] when none.
    context: u32,
    site: u16,
    /// Index of the hand's room in [`ROOMS`].
    room: u8,
}

const NO_CONTEXT: u32 = u32::MAX;

/// The distinct context blocks of a text (iPoker's session headers): offsets and first line.
#[derive(Default)]
struct Contexts(Vec<(u64, u64, u32)>);

impl Contexts {
    /// The index of a chunk's context block (most chunks share the one before them).
    fn index_of(&mut self, chunk: &Chunk<'_>, span: &ChunkSpan) -> u32 {
        if chunk.context.is_empty() {
            return NO_CONTEXT;
        }
        let key = (span.context_start, span.context_end, chunk.context_line);
        if self.0.last() != Some(&key) {
            self.0.push(key);
        }
        (self.0.len() - 1) as u32
    }
}

fn room_index(room: &'static dyn Room) -> u8 {
    // By name: the rooms are zero-sized values, whose addresses need not differ.
    ROOMS
        .iter()
        .position(|r| r.site() == room.site())
        .unwrap_or_else(|| raise("XX000", "fpdb import: a chunk of an unknown room")) as u8
}

/// The outcome of an import call.
pub(crate) struct Summary {
    pub imported: i32,
    pub duplicates: i32,
    pub failed: i32,
    pub errors: Vec<Value>,
}

/// Parses `text` and derives the hand's rows, checking that every value fits its column.
/// `price` gives the enumeration of the hand's all-in, if it has one to price
/// ([`stats::derive_priced_by`]): [`Spot::enumerate`] for the equity now, a pipeline's outcome,
/// or `None` for every allInEV = totalProfit (enough for the first pass, which keeps only keys
/// and dimension rows).
fn read_hand(
    chunk: Chunk<'_>,
    price: &mut dyn FnMut(&Spot) -> Option<Outcome>,
) -> Result<(Hand, HandRows), Failure> {
    let hand =
        fpdb_core::parse_chunk(chunk).map_err(|e| Failure::of_parse(&e, chunk.first_line))?;
    let rows = stats::derive_priced_by(&hand, price).map_err(|e| {
        Failure::of_hand(
            &hand,
            chunk.first_line,
            "22P02",
            "inconsistent",
            e.to_string(),
        )
    })?;
    batch::check_fits(&hand, &rows).map_err(|(state, msg)| {
        Failure::of_hand(&hand, chunk.first_line, state, "out_of_range", msg)
    })?;
    Ok((hand, rows))
}

/// Imports every hand of `history`.
pub(crate) fn import_text(history: &str, on_error: &str) -> Summary {
    let mode = on_error_mode(on_error);
    let text = split::normalise(history);
    // An e-mailed tournament summary: its decoded body.
    let text = fpdb_core::summary::mail::unwrap(&text);
    import_from(&mut MemorySource { text: &text }, mode)
}

/// Refuses to import into a database whose fpdb objects are of another version than this library
/// (a package installed but `ALTER EXTENSION fpdb UPDATE` not run yet): the import would write
/// rows the old objects do not expect.
pub(crate) fn require_current_schema() {
    let installed = Spi::get_one::<String>(
        "SELECT extversion::pg_catalog.text FROM pg_catalog.pg_extension \
         WHERE extname OPERATOR(pg_catalog.=) 'fpdb'",
    )
    .ok()
    .flatten()
    .unwrap_or_default();
    let library = env!("CARGO_PKG_VERSION");
    if installed != library {
        crate::errors::raise_with_hint(
            "55000",
            format!(
                "the fpdb library is version {library}, but this database has fpdb {installed}"
            ),
            "Run ALTER EXTENSION fpdb UPDATE in this database.",
        );
    }
}

/// Imports every hand of the text `source` gives.
fn import_from(source: &mut dyn Source, mode: OnError) -> Summary {
    require_current_schema();
    let distributed = crate::citus::distributed();
    if distributed {
        crate::citus::require_coordinator("an import");
    }
    let started = Instant::now();

    // Pass 1: read every hand, keep its key and the dimension rows it needs. The hands are parsed
    // in batches, every other batch on a thread of its own while this one parses the next.
    let mut first = FirstPass {
        mode,
        dims: dims::Dimensions::default(),
        entries: Vec::new(),
        failures: Vec::new(),
        summaries: crate::summary::Pending::default(),
        spots: Vec::new(),
    };
    let mut contexts = Contexts::default();
    let mut context = SharedContext::default();
    let mut batch: Vec<Text> = Vec::with_capacity(BATCH_HANDS);
    let mut places: Vec<Place> = Vec::with_capacity(BATCH_HANDS);
    let mut ahead = None;
    // The places of the batch the thread is reading.
    let mut away: Option<Vec<Place>> = None;
    source.scan(&mut |chunk, span| {
        check_for_interrupts!();
        let context_index = contexts.index_of(&chunk, &span);
        let room = chunk.room.map(room_index);
        places.push(Place {
            start: span.start,
            len: (span.end - span.start) as u32,
            first_line: chunk.first_line,
            context: context_index,
            room: room.unwrap_or(u8::MAX),
        });
        batch.push(Text::of(&chunk, room, context_index, &mut context));
        if batch.len() < BATCH_HANDS {
            return;
        }
        let mine = std::mem::replace(&mut batch, Vec::with_capacity(BATCH_HANDS));
        let mine_at = std::mem::replace(&mut places, Vec::with_capacity(BATCH_HANDS));
        let ahead = ahead.get_or_insert_with(|| {
            Ahead::start(scan, &mut |job| crate::threads::spawn("fpdb import", job))
        });
        match away.take() {
            None => {
                ahead.submit(vec![mine]);
                away = Some(mine_at);
            }
            Some(theirs_at) => {
                let read = scan_batch(&mine);
                first.note(theirs_at, taken_batch(ahead));
                first.note(mine_at, read);
            }
        }
    });
    if let Some(theirs_at) = away {
        first.note(
            theirs_at,
            taken_batch(ahead.as_mut().expect("a batch was given")),
        );
    }
    drop(ahead);
    let read = scan_batch(&batch);
    first.note(places, read);
    let FirstPass {
        dims,
        mut entries,
        failures,
        mut summaries,
        mut spots,
        ..
    } = first;

    let pass1 = started.elapsed().as_secs_f64();
    let workers = crate::gucs::EQUITY_WORKERS.get().max(0) as usize;
    // Without equity workers nobody computes ahead: the reading thread prices each all-in as it
    // reads its hand, and nothing needs announcing.
    if cfg!(feature = "unpriced") || workers == 0 {
        spots.clear();
    }
    // The hands are written in the order of (site name, hand number), the same in every session
    // (see "Concurrent imports" in the README): `order` ranks this import's sites by name.
    let order = dims.site_order();
    // The all-ins in the order the hands are written (a hand twice in the text is written once:
    // its first reading), computed ahead by the equity workers; their keys are (order, hand
    // number).
    for ((site, _), _) in &mut spots {
        *site = order[usize::from(*site)];
    }
    spots.sort_by_key(|&(key, _)| key);
    spots.dedup_by_key(|&mut (key, _)| key);
    entries.sort_by_key(|e| (order[usize::from(e.site)], e.hand_no));
    let (spot_keys, spots): (Vec<(u16, i64)>, Vec<Spot>) = spots.into_iter().unzip();
    let equity = Arc::new(Pipeline::start(spots, workers, &mut |job| {
        crate::threads::spawn("fpdb equity", job)
    }));
    let spot_keys = Arc::new(spot_keys);
    let read = Read {
        entries: &entries,
        contexts: &contexts,
        dims: &dims,
        order: &order,
        spot_keys: &spot_keys,
        equity: &equity,
        started,
        pass1,
    };
    // On a Citus cluster the coordinator's tables are shells: INSERT statements only, in a
    // subtransaction that is written again when Citus cancels it as a distributed deadlock.
    let (imported, duplicates) = if distributed {
        crate::citus::retrying_deadlocks("the import", || {
            write_all(&read, source, &mut summaries, true)
        })
    } else {
        write_all(&read, source, &mut summaries, false)
    };
    drop(equity);

    Summary {
        imported,
        duplicates,
        failed: failures.len() as i32,
        errors: failures.iter().map(Failure::to_json).collect(),
    }
}

/// What the first pass found, for the second.
#[derive(Clone, Copy)]
struct Read<'a> {
    entries: &'a [Entry],
    contexts: &'a Contexts,
    dims: &'a dims::Dimensions,
    /// Each site's place in the order of the sites' names.
    order: &'a [u16],
    /// The hands whose all-in the equity pipeline prices, by (order of the site, hand number).
    spot_keys: &'a Arc<Vec<(u16, i64)>>,
    equity: &'a Arc<Pipeline>,
    started: Instant,
    pass1: f64,
}

/// Pass 2: the dimension rows, the hands in key order, HudCache, the summaries. Returns (hands
/// and summaries imported, duplicates).
fn write_all(
    read: &Read,
    source: &mut dyn Source,
    summaries: &mut crate::summary::Pending,
    distributed: bool,
) -> (i32, i32) {
    let Read {
        entries,
        contexts,
        dims,
        order,
        spot_keys,
        equity,
        started,
        pass1,
    } = *read;
    // Pass 2: dimension rows in a fixed order, then the hands in key order.
    let t = Instant::now();
    let ids = dims.write();
    let dims_secs = t.elapsed().as_secs_f64();
    let mut duplicates = 0i32;
    let mut imported = 0i32;
    let mut hud = HudCacheDelta::default();
    let mut writer = batch::BatchWriter::new(distributed);
    let mut direct = if entries.is_empty() || distributed || !crate::gucs::DIRECT_WRITES.get() {
        None
    } else {
        batch::DirectTables::open()
    };
    if let Some(d) = &direct {
        ids.lock_referenced(d.writes_hands());
    }
    let keep_raw = crate::gucs::KEEP_RAW.get();
    // The hands are parsed again, their all-ins priced and their texts packed on a thread of
    // their own (pure work, no PostgreSQL call), a batch or two ahead of the rows written here.
    // One batch has nothing to overlap with: no thread for it.
    let mut ahead = Ahead::start(reader(keep_raw, spot_keys, equity), &mut |job| {
        entries.len() > BATCH_HANDS && crate::threads::spawn("fpdb import", job)
    });
    let mut next = 0usize;
    let mut last_key: Option<(u16, i64)> = None;
    let mut context = SharedContext::default();
    let mut done = 0usize;
    loop {
        while ahead.in_flight() < READ_AHEAD && next < entries.len() {
            check_for_interrupts!();
            let mut batch = Vec::with_capacity(BATCH_HANDS);
            while batch.len() < BATCH_HANDS && next < entries.len() {
                let e = &entries[next];
                next += 1;
                if last_key == Some((e.site, e.hand_no)) {
                    duplicates += 1; // the same hand twice in one text
                    continue;
                }
                last_key = Some((e.site, e.hand_no));
                let (context_text, context_line) = match contexts.0.get(e.context as usize) {
                    Some(&(start, end, line)) => (
                        Some(context.of(e.context, || source.read(start, end, 1).into())),
                        line,
                    ),
                    None => (None, 0),
                };
                batch.push(ToRead {
                    site: e.site,
                    order: order[usize::from(e.site)],
                    hand_no: e.hand_no,
                    text: Text {
                        text: source
                            .read(e.start, e.start + u64::from(e.len), 0)
                            .to_string(),
                        first_line: e.first_line,
                        context: context_text,
                        context_line,
                        room: Some(e.room),
                    },
                });
            }
            ahead.submit(batch);
        }
        if ahead.in_flight() == 0 {
            break;
        }
        for read in taken(&mut ahead) {
            check_for_interrupts!();
            // The first pass read this chunk successfully; parsing is deterministic. Only the
            // all-in's equity is new here: an allInEV out of int's range (a pot over 2^31 cents)
            // raises 22003 even with on_error => 'skip'.
            let (site, hand, rows, raw) = read.unwrap_or_else(|f| f.raise());
            writer.push(&ids, site, hand, rows, raw);
            if writer.len() >= BATCH_HANDS {
                let (new, dup) = writer.flush(&mut hud, direct.as_mut());
                imported += new;
                duplicates += dup;
            }
            done += 1;
            if done.is_multiple_of(PROGRESS_EVERY) {
                let secs = started.elapsed().as_secs_f64().max(1e-9);
                notice!(
                    "fpdb: {done} of {} hands written ({:.0} hands/s)",
                    entries.len(),
                    done as f64 / secs
                );
            }
        }
    }
    let (new, dup) = writer.flush(&mut hud, direct.as_mut());
    imported += new;
    duplicates += dup;
    let by_direct = direct.is_some();
    if let Some(d) = direct {
        d.close();
    }
    let t = Instant::now();
    hud.write(by_direct);
    // Summaries after the hands and their HudCache: a summary that refines a tournament's type
    // moves its hands' HandsPlayers rows, and HudCache with them.
    if !summaries.is_empty() {
        let (new, dup) = summaries.write(&ids);
        imported += new;
        duplicates += dup;
    }
    debug1!(
        "fpdb import: {} hands in {:.3}s ({}): first pass {pass1:.3}s, dimensions {dims_secs:.3}s, {:?}, hudcache {:.3}s",
        entries.len(),
        started.elapsed().as_secs_f64(),
        if by_direct { "direct writes" } else { "INSERT statements" },
        writer.timings,
        t.elapsed().as_secs_f64()
    );
    (imported, duplicates)
}

/// Batches of hands the importing thread has read ahead of the batch it writes.
const READ_AHEAD: usize = 2;

/// A hand of the second pass, as the importing thread hands it to the reader: its text, where
/// it is in the history, and its key.
struct ToRead {
    site: u16,
    /// The site's place in the order of the sites' names.
    order: u16,
    hand_no: i64,
    text: Text,
}

/// A hand of the second pass read: site index, hand, rows and packed kept text.
type ReadHand = Result<(u16, Hand, HandRows, Option<Vec<u8>>), Failure>;

/// The second pass's reading of a batch of hands: parsing, statistics with each all-in's
/// equity (from the pipeline, in the order announced), the fit checks and the packed kept text.
/// Pure work: it runs on a thread of its own, or on the importing thread when there is none.
fn reader(
    keep_raw: bool,
    spot_keys: &Arc<Vec<(u16, i64)>>,
    equity: &Arc<Pipeline>,
) -> impl Fn(&[ToRead]) -> Vec<ReadHand> + Send + Sync + 'static {
    let spot_keys = Arc::clone(spot_keys);
    let equity = Arc::clone(equity);
    move |batch| {
        batch
            .iter()
            .map(|t| {
                let chunk = t.text.chunk();
                let raw = keep_raw.then(|| {
                    fpdb_core::raw::pack(&fpdb_core::raw::hand_text(chunk.context, chunk.text))
                });
                let key = (t.order, t.hand_no);
                let (hand, rows) = read_hand(chunk, &mut |s| {
                    if cfg!(feature = "unpriced") {
                        return None;
                    }
                    match spot_keys.binary_search(&key) {
                        Ok(i) => equity.outcome(i, s),
                        Err(_) => s.enumerate(),
                    }
                    .ok()
                })?;
                Ok((t.site, hand, rows, raw))
            })
            .collect()
    }
}

/// The context block handed to a reading thread last (iPoker's session header): one copy of its
/// text, shared by the chunks after it that have the same block.
#[derive(Default)]
struct SharedContext(Option<(u32, Arc<str>)>);

impl SharedContext {
    /// The text of the block of index `index` in [`Contexts`], read by `text` when it is not the
    /// block kept.
    fn of(&mut self, index: u32, text: impl FnOnce() -> Arc<str>) -> Arc<str> {
        match &self.0 {
            Some((i, t)) if *i == index => Arc::clone(t),
            _ => {
                let t = text();
                self.0 = Some((index, Arc::clone(&t)));
                t
            }
        }
    }
}

/// A chunk of the text as a reading thread gets it: its own copy of the text and the context
/// block it shares with its neighbours.
struct Text {
    text: String,
    first_line: u32,
    context: Option<Arc<str>>,
    context_line: u32,
    /// Index of the chunk's room in [`ROOMS`], `None` for text without a hand header.
    room: Option<u8>,
}

impl Text {
    /// `chunk` copied, of the room of index `room`; `context_index` is its context block's index
    /// in [`Contexts`], whose text `shared` keeps for the chunks after it.
    fn of(
        chunk: &Chunk<'_>,
        room: Option<u8>,
        context_index: u32,
        shared: &mut SharedContext,
    ) -> Text {
        let context = (context_index != NO_CONTEXT)
            .then(|| shared.of(context_index, || Arc::from(chunk.context)));
        Text {
            text: chunk.text.to_string(),
            first_line: chunk.first_line,
            context,
            context_line: chunk.context_line,
            room,
        }
    }

    fn chunk(&self) -> Chunk<'_> {
        Chunk {
            text: &self.text,
            first_line: self.first_line,
            room: self.room.map(|r| ROOMS[r as usize]),
            context: self.context.as_deref().unwrap_or(""),
            context_line: self.context_line,
        }
    }
}

/// Where a chunk of the first pass is in the text (what an [`Entry`] keeps of it).
struct Place {
    start: u64,
    len: u32,
    first_line: u32,
    context: u32,
    /// Index of the chunk's room in [`ROOMS`] (any value for text without a hand header).
    room: u8,
}

/// A chunk of the first pass read: tournament summaries, or a hand: the index of its site in its
/// batch's [`dims::Dimensions`], its number and the all-in the second pass will price.
enum Scanned {
    Summaries(Vec<fpdb_core::summary::SummaryResult>),
    Hand(Result<(u16, i64, Option<Spot>), Failure>),
}

/// A batch of the first pass read: its chunks, and the dimension rows its hands need (gathered,
/// and each hand dropped, on the thread that read the batch, so that the importing thread only
/// merges a batch's distinct rows).
struct ScannedBatch {
    dims: dims::Dimensions,
    chunks: Vec<Scanned>,
}

/// The first pass's reading of batches of chunks on a thread of its own (see [`scan_batch`]).
fn scan(batches: &[Vec<Text>]) -> Vec<ScannedBatch> {
    batches.iter().map(|b| scan_batch(b)).collect()
}

/// The first pass's reading of a batch of chunks (pure work: on a thread of its own or on the
/// importing thread).
fn scan_batch(batch: &[Text]) -> ScannedBatch {
    let mut dims = dims::Dimensions::default();
    let chunks = batch
        .iter()
        .map(|t| {
            let chunk = t.chunk();
            // Text without a hand header may be tournament summaries (counted like hands).
            if let Some(results) = chunk
                .room
                .is_none()
                .then(|| crate::summary::read(chunk.text, chunk.first_line))
                .flatten()
            {
                return Scanned::Summaries(results);
            }
            let mut spot = None;
            Scanned::Hand(
                read_hand(chunk, &mut |s| {
                    spot = Some(s.clone());
                    None
                })
                .map(|(hand, rows)| (dims.note_hand(&hand, &rows), hand.site_hand_no, spot)),
            )
        })
        .collect();
    ScannedBatch { dims, chunks }
}

/// The oldest batch given to the first pass's thread, read.
fn taken_batch<F>(ahead: &mut Ahead<Vec<Text>, ScannedBatch, F>) -> ScannedBatch
where
    F: Fn(&[Vec<Text>]) -> Vec<ScannedBatch> + Send + Sync + 'static,
{
    taken(ahead)
        .pop()
        .unwrap_or_else(|| raise("XX000", "fpdb import: a batch of hands came back empty"))
}

/// The results of the oldest batch given to `ahead`.
fn taken<T, R, F>(ahead: &mut Ahead<T, R, F>) -> Vec<R>
where
    T: Send + 'static,
    R: Send + 'static,
    F: Fn(&[T]) -> Vec<R> + Send + Sync + 'static,
{
    match ahead.take() {
        Some(Ok(results)) => results,
        Some(Err(Lost(_))) => raise(
            "XX000",
            "fpdb import: the thread reading hands stopped without giving a batch back",
        ),
        None => raise("XX000", "fpdb import: no batch of hands to take"),
    }
}

/// What the first pass keeps: the hands' keys and places, the dimension rows, the failures, the
/// summaries and the all-ins to price.
struct FirstPass {
    mode: OnError,
    dims: dims::Dimensions,
    entries: Vec<Entry>,
    failures: Vec<Failure>,
    summaries: crate::summary::Pending,
    /// The all-ins the second pass will price, by hand key.
    spots: Vec<((u16, i64), Spot)>,
}

impl FirstPass {
    /// Notes a batch's chunks, in text order, and the dimension rows its hands need.
    fn note(&mut self, places: Vec<Place>, read: ScannedBatch) {
        let ScannedBatch { dims, chunks } = read;
        let sites = self.dims.merge(dims);
        for (place, scanned) in places.into_iter().zip(chunks) {
            match scanned {
                Scanned::Summaries(results) => {
                    for r in results {
                        match r {
                            Ok(s) => self.summaries.push(&mut self.dims, s),
                            Err(e) if self.mode == OnError::Abort => {
                                Failure::of_parse(&e, e.line).raise()
                            }
                            Err(e) => self.failures.push(Failure::of_parse(&e, e.line)),
                        }
                    }
                }
                Scanned::Hand(Ok((local, hand_no, spot))) => {
                    let site = sites[usize::from(local)];
                    if let Some(s) = spot {
                        self.spots.push(((site, hand_no), s));
                    }
                    self.entries.push(Entry {
                        hand_no,
                        start: place.start,
                        len: place.len,
                        first_line: place.first_line,
                        context: place.context,
                        site,
                        room: place.room,
                    });
                }
                Scanned::Hand(Err(f)) => {
                    if self.mode == OnError::Abort {
                        f.raise();
                    }
                    self.failures.push(f);
                }
            }
        }
    }
}

fn summary_row(s: Summary) -> (i32, i32, i32, JsonB) {
    (
        s.imported,
        s.duplicates,
        s.failed,
        JsonB(Value::Array(s.errors)),
    )
}

/// Imports every hand of a hand-history text into the FPDB tables, with all derived statistics
/// and HudCache. Returns one row: hands imported, hands already stored (duplicates), hands that
/// failed, and `errors`, one object per failed hand (line, hand_line, site_hand_no, sqlstate,
/// kind, message). `on_error => 'abort'` raises the first failure instead and stores nothing.
#[pg_extern(volatile, parallel_unsafe)]
#[search_path(pg_catalog, pg_temp)]
fn import_hands(
    history: &str,
    on_error: default!(&str, "'skip'"),
) -> TableIterator<
    'static,
    (
        name!(imported, i32),
        name!(duplicates, i32),
        name!(failed, i32),
        name!(errors, JsonB),
    ),
> {
    TableIterator::once(summary_row(import_text(history, on_error)))
}

/// Imports a hand-history file's bytes as the room wrote them (UTF-8, UTF-16 with byte-order
/// mark, or Windows-1252), for clients that send files without decoding them. Same result as
/// `import_hands` on the decoded text; UTF-8 is read in place, without a copy of the text.
#[pg_extern(volatile, parallel_unsafe)]
#[search_path(pg_catalog, pg_temp)]
fn import_bytes(
    data: &[u8],
    on_error: default!(&str, "'skip'"),
) -> TableIterator<
    'static,
    (
        name!(imported, i32),
        name!(duplicates, i32),
        name!(failed, i32),
        name!(errors, JsonB),
    ),
> {
    let (text, _) = fpdb_core::decode::decode(data);
    TableIterator::once(summary_row(import_text(&text, on_error)))
}

/// Decodes a hand-history file's bytes (UTF-8, UTF-16 with byte-order mark, or Windows-1252).
#[pg_extern(immutable, strict, parallel_safe)]
fn decode_history(data: &[u8]) -> String {
    let (text, _) = fpdb_core::decode::decode(data);
    text.into_owned()
}

/// Imports a hand-history file on the server (UTF-8, UTF-16 with byte-order mark, or
/// Windows-1252), read in blocks: a file of any size imports with the backend's memory bounded
/// by its number of hands. Needs superuser or membership in pg_read_server_files; not executable
/// by PUBLIC.
#[pg_extern(volatile, parallel_unsafe)]
#[search_path(pg_catalog, pg_temp)]
fn import_file(
    path: &str,
    on_error: default!(&str, "'skip'"),
) -> TableIterator<
    'static,
    (
        name!(imported, i32),
        name!(duplicates, i32),
        name!(failed, i32),
        name!(errors, JsonB),
    ),
> {
    let mode = on_error_mode(on_error);
    let mut source = FileSource::open(path);
    TableIterator::once(summary_row(import_from(&mut source, mode)))
}
