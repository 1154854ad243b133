//! Batches of stored hands written on another thread while the caller reads the next batch.
//!
//! An export reads hands from a database in batches and writes each hand ([`export`]). The two
//! halves need nothing of each other until the texts are handed out, so [`Ahead`] writes a batch
//! on one worker thread while the caller reads the next one: [`Ahead::submit`] gives it a batch,
//! [`Ahead::take`] returns the oldest batch's texts, in order, waiting for them if need be.
//!
//! The worker only writes: it takes no lock but its channels' and calls nothing of the program
//! that embeds it. It stops once the [`Ahead`] is dropped (its channel closes). A batch whose
//! writing panicked comes back unwritten and is written by the caller, as is every batch when no
//! thread could be started; the texts are those [`export`] gives on the calling thread. How the
//! thread is started is the caller's (`spawn`): a database server starts it with its signals
//! blocked.

use std::collections::VecDeque;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, Sender};

use super::{export, ExportError, Format, StoredHand};
use crate::equity::pipeline::Job;

/// Each hand's text, or why it cannot be written, in the batch's order.
pub type Texts = Vec<Result<String, ExportError>>;

/// What the worker sends back for a batch: its texts, or the batch when writing it panicked.
type Done = Result<Texts, Vec<StoredHand>>;

struct Worker {
    batches: Sender<Vec<StoredHand>>,
    done: Receiver<Done>,
}

/// A batch submitted: given to the worker, or kept for the caller to write.
enum Pending {
    /// Given to the worker: the batch's size.
    Sent(usize),
    Kept(Vec<StoredHand>),
}

/// Writes batches of hands ahead on a worker thread (see the module documentation).
pub struct Ahead {
    format: Format,
    worker: Option<Worker>,
    pending: VecDeque<Pending>,
}

/// Every hand of `batch` written in `format`.
fn write(batch: &[StoredHand], format: Format) -> Texts {
    batch.iter().map(|h| export(h, format)).collect()
}

impl Ahead {
    /// Starts the worker by `spawn`, which runs the job on a new thread and says whether it
    /// could; when it could not, the caller writes every batch in [`Ahead::take`].
    pub fn start(format: Format, spawn: &mut dyn FnMut(Job) -> bool) -> Ahead {
        let (batches, inbox) = channel::<Vec<StoredHand>>();
        let (outbox, done) = channel::<Done>();
        let job: Job = Box::new(move || {
            while let Ok(batch) = inbox.recv() {
                let written = catch_unwind(AssertUnwindSafe(|| write(&batch, format)));
                let reply = match written {
                    Ok(texts) => Ok(texts),
                    Err(_) => Err(batch),
                };
                if outbox.send(reply).is_err() {
                    break;
                }
            }
        });
        let worker = spawn(job).then_some(Worker { batches, done });
        Ahead {
            format,
            worker,
            pending: VecDeque::new(),
        }
    }

    /// Batches submitted and not yet taken.
    pub fn in_flight(&self) -> usize {
        self.pending.len()
    }

    /// Gives the worker `batch` to write (or keeps it for [`Ahead::take`] when there is none).
    pub fn submit(&mut self, batch: Vec<StoredHand>) {
        let n = batch.len();
        let pending = match &self.worker {
            Some(w) => match w.batches.send(batch) {
                Ok(()) => Pending::Sent(n),
                Err(back) => Pending::Kept(back.0),
            },
            None => Pending::Kept(batch),
        };
        self.pending.push_back(pending);
    }

    /// The texts of the oldest batch submitted and not yet taken, waiting for the worker if it
    /// is still writing them; `None` when every batch has been taken.
    pub fn take(&mut self) -> Option<Texts> {
        let format = self.format;
        Some(match self.pending.pop_front()? {
            Pending::Kept(batch) => write(&batch, format),
            Pending::Sent(n) => {
                let done = self.worker.as_ref().map(|w| w.done.recv());
                match done {
                    Some(Ok(Ok(texts))) => texts,
                    Some(Ok(Err(batch))) => write(&batch, format),
                    // The worker is gone with the batch (it sends every batch back before it
                    // stops, so only a thread killed from outside can do this): every hand of
                    // it is an error, and every later batch is the caller's.
                    Some(Err(_)) | None => {
                        self.worker = None;
                        vec![Err(ExportError::Lost); n]
                    }
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::{stored_of, FOUR_BET};

    fn thread(job: Job) -> bool {
        std::thread::spawn(job);
        true
    }

    #[test]
    fn batches_come_back_in_order_as_written_here() {
        let h = stored_of(FOUR_BET);
        let mut other = h.clone();
        other.site_hand_no += 1;
        let expected = |s: &StoredHand| export(s, Format::PokerStars);
        for spawn in [&mut thread as &mut dyn FnMut(Job) -> bool, &mut |_| false] {
            let mut ahead = Ahead::start(Format::PokerStars, spawn);
            ahead.submit(vec![h.clone(), other.clone()]);
            ahead.submit(vec![other.clone()]);
            assert_eq!(ahead.in_flight(), 2);
            assert_eq!(ahead.take().unwrap(), vec![expected(&h), expected(&other)]);
            ahead.submit(vec![]);
            assert_eq!(ahead.take().unwrap(), vec![expected(&other)]);
            assert_eq!(ahead.take().unwrap(), vec![]);
            assert!(ahead.take().is_none());
        }
    }
}
