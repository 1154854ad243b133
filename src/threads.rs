//! Threads fpdb starts inside a PostgreSQL process: the `notify` watchers of the watch worker and
//! the equity workers of an import. None of them calls PostgreSQL; each is started with every
//! signal blocked, so PostgreSQL's signals (cancel, terminate, latch wake-ups) always reach the
//! process's own thread, which alone handles them.

/// Runs `f` with every signal blocked in this thread, so the threads it starts never receive
/// PostgreSQL's signals (they inherit the mask).
pub(crate) fn with_signals_blocked<R>(f: impl FnOnce() -> R) -> R {
    // SAFETY: plain signal-mask calls on this thread; the mask is restored before returning.
    unsafe {
        let mut all: libc::sigset_t = std::mem::zeroed();
        let mut old: libc::sigset_t = std::mem::zeroed();
        libc::sigfillset(&mut all);
        libc::pthread_sigmask(libc::SIG_BLOCK, &all, &mut old);
        let r = f();
        libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
        r
    }
}

/// Starts `job` on a new thread named `name`, with every signal blocked; false when the system
/// refuses a thread (the caller then does the work itself).
pub(crate) fn spawn(name: &str, job: fpdb_core::equity::pipeline::Job) -> bool {
    with_signals_blocked(|| {
        std::thread::Builder::new()
            .name(name.to_string())
            .spawn(job)
            .is_ok()
    })
}
