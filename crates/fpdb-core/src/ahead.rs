//! Batches of work done on another thread while the caller prepares the next batch.
//!
//! An export reads hands from a database in batches and writes each one out as text; an import
//! reads hand texts and parses each one before storing its rows. In both, the database half and
//! the pure half of a batch need nothing of each other until the results are handed over, so
//! [`Ahead`] does the pure half of a batch on one worker thread while the caller does the database
//! half of the one before: [`Ahead::submit`] gives it a batch, [`Ahead::take`] returns the oldest
//! batch's results, in order, waiting for them if need be.
//!
//! The worker only runs the work function: it takes no lock but its channels' and calls nothing of
//! the program that embeds it. It stops once the [`Ahead`] is dropped (its channel closes). A
//! batch whose work panicked comes back undone and is done by the caller, as is every batch when
//! no thread could be started: the results are always those the work function gives on the
//! calling thread. How the thread is started is the caller's (`spawn`): a database server starts
//! it with its signals blocked.

use std::collections::VecDeque;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;

use crate::equity::pipeline::Job;

/// A batch the worker took and never gave back (only a thread killed from outside can do this):
/// how many items it had. Every later batch is done by the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lost(pub usize);

/// What the worker sends back for a batch: its results, or the batch when its work panicked.
type Done<T, R> = Result<Vec<R>, Vec<T>>;

struct Worker<T, R> {
    batches: Sender<Vec<T>>,
    done: Receiver<Done<T, R>>,
}

/// A batch submitted: given to the worker, or kept for the caller to do.
enum Pending<T> {
    /// Given to the worker: the batch's size.
    Sent(usize),
    Kept(Vec<T>),
}

/// Does batches of work ahead on a worker thread (see the module documentation): items of type
/// `T` become results of type `R`, one each, by `F`.
pub struct Ahead<T, R, F> {
    work: Arc<F>,
    worker: Option<Worker<T, R>>,
    pending: VecDeque<Pending<T>>,
}

impl<T, R, F> Ahead<T, R, F>
where
    T: Send + 'static,
    R: Send + 'static,
    F: Fn(&[T]) -> Vec<R> + Send + Sync + 'static,
{
    /// Starts the worker by `spawn`, which runs the job on a new thread and says whether it
    /// could; when it could not, the caller does every batch in [`Ahead::take`]. `work` turns a
    /// batch into its results, one per item, in order.
    pub fn start(work: F, spawn: &mut dyn FnMut(Job) -> bool) -> Ahead<T, R, F> {
        let work = Arc::new(work);
        let (batches, inbox) = channel::<Vec<T>>();
        let (outbox, done) = channel::<Done<T, R>>();
        let on_thread = Arc::clone(&work);
        let job: Job = Box::new(move || {
            while let Ok(batch) = inbox.recv() {
                let reply = match catch_unwind(AssertUnwindSafe(|| on_thread(&batch))) {
                    Ok(results) => Ok(results),
                    Err(_) => Err(batch),
                };
                if outbox.send(reply).is_err() {
                    break;
                }
            }
        });
        let worker = spawn(job).then_some(Worker { batches, done });
        Ahead {
            work,
            worker,
            pending: VecDeque::new(),
        }
    }

    /// Batches submitted and not yet taken.
    pub fn in_flight(&self) -> usize {
        self.pending.len()
    }

    /// Gives the worker `batch` (or keeps it for [`Ahead::take`] when there is none).
    pub fn submit(&mut self, batch: Vec<T>) {
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

    /// The results of the oldest batch submitted and not yet taken, waiting for the worker if it
    /// is still at it; `None` when every batch has been taken.
    pub fn take(&mut self) -> Option<Result<Vec<R>, Lost>> {
        Some(match self.pending.pop_front()? {
            Pending::Kept(batch) => Ok((self.work)(&batch)),
            Pending::Sent(n) => {
                let done = self.worker.as_ref().map(|w| w.done.recv());
                match done {
                    Some(Ok(Ok(results))) => Ok(results),
                    Some(Ok(Err(batch))) => Ok((self.work)(&batch)),
                    Some(Err(_)) | None => {
                        self.worker = None;
                        Err(Lost(n))
                    }
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn thread(job: Job) -> bool {
        std::thread::spawn(job);
        true
    }

    fn squares(batch: &[u32]) -> Vec<u64> {
        batch.iter().map(|&x| u64::from(x) * u64::from(x)).collect()
    }

    #[test]
    fn batches_come_back_in_order_as_done_here() {
        for spawn in [&mut thread as &mut dyn FnMut(Job) -> bool, &mut |_| false] {
            let mut ahead = Ahead::start(squares, spawn);
            ahead.submit(vec![2, 3]);
            ahead.submit(vec![4]);
            assert_eq!(ahead.in_flight(), 2);
            assert_eq!(ahead.take(), Some(Ok(vec![4, 9])));
            ahead.submit(vec![]);
            assert_eq!(ahead.take(), Some(Ok(vec![16])));
            assert_eq!(ahead.take(), Some(Ok(vec![])));
            assert_eq!(ahead.take(), None);
        }
    }

    #[test]
    fn a_batch_whose_work_panics_on_the_worker_is_done_by_the_caller() {
        let caller = std::thread::current().id();
        let mut ahead = Ahead::start(
            move |b: &[u32]| {
                if std::thread::current().id() != caller {
                    panic!("refused on the worker");
                }
                squares(b)
            },
            &mut thread,
        );
        ahead.submit(vec![5, 6]);
        assert_eq!(ahead.take(), Some(Ok(vec![25, 36])));
    }
}
