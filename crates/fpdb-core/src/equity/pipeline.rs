//! Enumerations computed ahead on other threads, taken in order by the thread that needs them.
//!
//! An import knows, after its first pass over a text, every all-in it will price and in which
//! order (the second pass writes the hands in key order). [`Pipeline::start`] gets those spots
//! and starts worker threads that enumerate them in that order, while the importing thread writes
//! rows. [`Pipeline::outcome`] gives the outcome of spot `i`: already computed, being computed
//! (it waits), or not yet started (it computes it itself, so the importing thread never waits for
//! a queue and never does less than it would alone). The results are those of
//! [`Spot::enumerate`] on the calling thread; a spot that differs from the one announced is
//! computed on the spot.
//!
//! The workers only compute: they take no locks but the pipeline's own, call nothing of the
//! program that embeds the engine, and stop at the next spot once the pipeline is dropped (a
//! spot being computed is finished and thrown away). A worker that panics leaves its spot to the
//! caller. How a thread is started is the caller's ([`Pipeline::start`]'s `spawn`): a database
//! server, for instance, starts them with its signals blocked.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use super::{EquityError, Outcome, Spot};

/// A job for a new thread: what [`Pipeline::start`] hands to its `spawn`.
pub type Job = Box<dyn FnOnce() + Send + 'static>;

/// The state of one spot's result.
enum Slot {
    Pending,
    Ready(Result<Outcome, EquityError>),
    /// The worker panicked: the caller computes it.
    Failed,
    Taken,
}

struct Shared {
    spots: Vec<Spot>,
    /// Whether a thread (a worker, or the caller) has taken the spot to compute.
    claimed: Vec<AtomicBool>,
    /// The next spot a worker looks at.
    next: AtomicUsize,
    results: Mutex<Vec<Slot>>,
    ready: Condvar,
    stop: AtomicBool,
}

impl Shared {
    fn work(&self) {
        while !self.stop.load(Ordering::Relaxed) {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            if i >= self.spots.len() {
                break;
            }
            if self.claimed[i].swap(true, Ordering::AcqRel) {
                continue;
            }
            let slot = match catch_unwind(AssertUnwindSafe(|| self.spots[i].enumerate())) {
                Ok(r) => Slot::Ready(r),
                Err(_) => Slot::Failed,
            };
            let mut results = self.results.lock().unwrap_or_else(|e| e.into_inner());
            results[i] = slot;
            drop(results);
            self.ready.notify_all();
        }
    }
}

/// Spots enumerated ahead by worker threads (see the module documentation).
pub struct Pipeline {
    shared: Arc<Shared>,
    workers: usize,
}

impl Pipeline {
    /// Starts up to `threads` workers on `spots` (in the order they will be asked for), each by
    /// `spawn`, which runs the job on a new thread and says whether it could. With no spots, no
    /// threads or no thread started, every spot is computed by [`Pipeline::outcome`]'s caller.
    pub fn start(spots: Vec<Spot>, threads: usize, spawn: &mut dyn FnMut(Job) -> bool) -> Pipeline {
        let n = spots.len();
        let shared = Arc::new(Shared {
            claimed: (0..n).map(|_| AtomicBool::new(false)).collect(),
            results: Mutex::new((0..n).map(|_| Slot::Pending).collect()),
            spots,
            next: AtomicUsize::new(0),
            ready: Condvar::new(),
            stop: AtomicBool::new(false),
        });
        let mut workers = 0;
        for _ in 0..threads.min(n) {
            let s = Arc::clone(&shared);
            if !spawn(Box::new(move || s.work())) {
                break;
            }
            workers += 1;
        }
        Pipeline { shared, workers }
    }

    /// Worker threads started.
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// Spots announced.
    pub fn len(&self) -> usize {
        self.shared.spots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The outcome of `spot`, announced as spot `i`: taken from a worker (waiting for it if it is
    /// computing it), or computed here if no worker has started it, if it was taken already, or
    /// if `spot` is not the spot announced.
    pub fn outcome(&self, i: usize, spot: &Spot) -> Result<Outcome, EquityError> {
        let s = &*self.shared;
        if s.spots.get(i) != Some(spot) {
            return spot.enumerate();
        }
        if !s.claimed[i].swap(true, Ordering::AcqRel) {
            // No worker has it: computed here, and the slot closed for a later ask.
            s.results.lock().unwrap_or_else(|e| e.into_inner())[i] = Slot::Taken;
            return spot.enumerate();
        }
        let mut results = s.results.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            match std::mem::replace(&mut results[i], Slot::Taken) {
                Slot::Ready(r) => return r,
                Slot::Pending => {
                    results[i] = Slot::Pending;
                    results = s.ready.wait(results).unwrap_or_else(|e| e.into_inner());
                }
                Slot::Failed | Slot::Taken => {
                    drop(results);
                    return spot.enumerate();
                }
            }
        }
    }
}

impl Drop for Pipeline {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;
    use crate::equity::Rules;

    fn spot(a: &str, b: &str, board: &str) -> Spot {
        let c = |t: &str| Card::parse_all(t).unwrap();
        Spot {
            rules: Rules::HOLDEM,
            hands: vec![c(a), c(b)],
            board: if board.is_empty() { vec![] } else { c(board) },
            dead: vec![],
            pots: vec![],
        }
    }

    fn spots() -> Vec<Spot> {
        vec![
            spot("Ah As", "Kh Kd", ""),
            spot("7c 8c", "Ad Kd", "2c 3c 9h"),
            spot("Qs Qh", "Jc Td", ""),
            spot("2d 2h", "Ac Kc", "Qd 7s 4h 9c"),
        ]
    }

    fn thread_spawn(job: Job) -> bool {
        std::thread::Builder::new().spawn(job).is_ok()
    }

    /// Whatever the threads, each outcome is the spot's own enumeration.
    #[test]
    fn outcomes_equal_the_enumeration_whatever_the_threads() {
        let expected: Vec<Outcome> = spots().iter().map(|s| s.enumerate().unwrap()).collect();
        for threads in [0, 1, 2, 4] {
            let p = Pipeline::start(spots(), threads, &mut thread_spawn);
            assert_eq!(p.workers(), threads.min(4));
            for (i, s) in spots().iter().enumerate() {
                assert_eq!(p.outcome(i, s).unwrap(), expected[i], "{threads} threads");
            }
            // Asked twice, or under another index: computed again, the same.
            assert_eq!(p.outcome(0, &spots()[0]).unwrap(), expected[0]);
            assert_eq!(p.outcome(1, &spots()[2]).unwrap(), expected[2]);
            assert_eq!(p.outcome(9, &spots()[3]).unwrap(), expected[3]);
        }
    }

    /// No thread could be started: the caller computes everything.
    #[test]
    fn without_workers_the_caller_computes() {
        let p = Pipeline::start(spots(), 2, &mut |_| false);
        assert_eq!(p.workers(), 0);
        for (i, s) in spots().iter().enumerate() {
            assert_eq!(p.outcome(i, s).unwrap(), s.enumerate().unwrap());
        }
    }

    /// A pipeline dropped with spots left stops its workers.
    #[test]
    fn dropping_stops_the_workers() {
        let many: Vec<Spot> = (0..200).map(|i| spots()[i % 4].clone()).collect();
        let handles = Arc::new(Mutex::new(Vec::new()));
        let h = Arc::clone(&handles);
        let p = Pipeline::start(many, 2, &mut |job| {
            h.lock().unwrap().push(std::thread::spawn(job));
            true
        });
        assert_eq!(
            p.outcome(0, &spots()[0]).unwrap(),
            spots()[0].enumerate().unwrap()
        );
        drop(p);
        for t in handles.lock().unwrap().drain(..) {
            t.join().unwrap();
        }
    }
}
