//! The filesystem side of the watch worker: the files under a watched path, and the `notify`
//! watchers (inotify, or notify's polling watcher as the fallback) that wake the worker when they
//! change. Nothing here calls PostgreSQL: the watchers' threads only write a byte to a socket the
//! worker waits on beside its latch.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::os::unix::fs::MetadataExt;
use std::os::unix::io::AsRawFd;
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::time::{Duration, SystemTime};

use notify::{Config, Event, EventKind, PollWatcher, RecommendedWatcher, RecursiveMode, Watcher};

use crate::threads::with_signals_blocked;

/// A regular file found under a watched path.
#[derive(Debug, Clone)]
pub(crate) struct DiskFile {
    pub path: String,
    pub device: i64,
    pub inode: i64,
    pub size: u64,
    pub mtime: SystemTime,
}

impl DiskFile {
    fn of(path: &Path, m: &std::fs::Metadata) -> DiskFile {
        DiskFile {
            path: path.to_string_lossy().into_owned(),
            // Stored as bigint: the bits are kept, the sign does not matter for equality.
            device: m.dev() as i64,
            inode: m.ino() as i64,
            size: m.len(),
            mtime: m.modified().unwrap_or(SystemTime::UNIX_EPOCH),
        }
    }
}

/// Sub-folders deeper than this are not followed (a guard against very deep trees).
const MAX_DEPTH: usize = 16;

/// The regular files at `root` (the file itself, or the files of the folder, and of its
/// sub-folders when `recursive`), sorted by path. Names starting with '.' are skipped; symbolic
/// links to files are followed, to folders not (no loops).
pub(crate) fn list(root: &str, recursive: bool) -> std::io::Result<Vec<DiskFile>> {
    let meta = std::fs::metadata(root)?;
    if meta.is_file() {
        return Ok(vec![DiskFile::of(Path::new(root), &meta)]);
    }
    let mut out = Vec::new();
    let mut dirs = vec![(std::path::PathBuf::from(root), 0usize)];
    let mut first = true;
    while let Some((dir, depth)) = dirs.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) if first => return Err(e),
            Err(_) => continue, // an unreadable sub-folder is skipped
        };
        first = false;
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            let path = entry.path();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                if recursive && depth < MAX_DEPTH {
                    dirs.push((path, depth + 1));
                }
                continue;
            }
            if let Ok(m) = std::fs::metadata(&path) {
                if m.is_file() {
                    out.push(DiskFile::of(&path, &m));
                }
            }
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}

/// Whether an event may mean new bytes or files (reads of the worker itself are not).
fn wakes(event: &notify::Result<Event>) -> bool {
    match event {
        Ok(e) => !matches!(e.kind, EventKind::Access(_)),
        Err(_) => true, // a lost event (queue overflow): rescan
    }
}

/// The watchers of the worker's paths and the socket their events arrive on.
pub(crate) struct Wakeups {
    read: UnixStream,
    write: UnixStream,
    inotify: Option<RecommendedWatcher>,
    poll: Option<PollWatcher>,
    poll_interval: Duration,
    /// Each path watched: recursive, and whether by inotify (else by polling).
    watched: HashMap<String, (bool, bool)>,
    /// Why inotify is not used, when it is not.
    pub inotify_problem: Option<String>,
    /// Every path of the last sync is watched.
    covers_all: bool,
}

impl Wakeups {
    pub(crate) fn new(use_inotify: bool, poll_interval: Duration) -> std::io::Result<Wakeups> {
        let (read, write) = UnixStream::pair()?;
        read.set_nonblocking(true)?;
        write.set_nonblocking(true)?;
        let mut w = Wakeups {
            read,
            write,
            inotify: None,
            poll: None,
            poll_interval,
            watched: HashMap::new(),
            inotify_problem: None,
            covers_all: false,
        };
        if use_inotify {
            let tx = w.write.try_clone()?;
            match with_signals_blocked(|| {
                RecommendedWatcher::new(
                    move |e: notify::Result<Event>| {
                        if wakes(&e) {
                            let _ = (&tx).write(&[1]);
                        }
                    },
                    Config::default(),
                )
            }) {
                Ok(watcher) => w.inotify = Some(watcher),
                Err(e) => w.inotify_problem = Some(e.to_string()),
            }
        } else {
            w.inotify_problem = Some("fpdb.watch_inotify is off".into());
        }
        Ok(w)
    }

    /// Whether every path of the last [`Wakeups::sync`] is watched, by inotify or by notify's
    /// polling watcher: then a change wakes the worker, which needs no rounds of its own but the
    /// occasional rescan (else it polls every path itself).
    pub(crate) fn covers_all(&self) -> bool {
        self.covers_all
    }

    pub(crate) fn fd(&self) -> i32 {
        self.read.as_raw_fd()
    }

    /// Reads what the watchers wrote; true when any event arrived.
    pub(crate) fn drain(&mut self) -> bool {
        let mut buf = [0u8; 256];
        let mut any = false;
        while let Ok(n) = self.read.read(&mut buf) {
            if n == 0 {
                break;
            }
            any = true;
        }
        any
    }

    fn poller(&mut self) -> notify::Result<&mut PollWatcher> {
        if self.poll.is_none() {
            let tx = self.write.try_clone()?;
            let config = Config::default().with_poll_interval(self.poll_interval);
            let p = with_signals_blocked(|| {
                PollWatcher::new(
                    move |e: notify::Result<Event>| {
                        if wakes(&e) {
                            let _ = (&tx).write(&[1]);
                        }
                    },
                    config,
                )
            })?;
            self.poll = Some(p);
        }
        Ok(self.poll.as_mut().expect("just made"))
    }

    /// Watches exactly `paths` (path, recursive). Returns the problems met (path, message).
    pub(crate) fn sync(&mut self, paths: &[(String, bool)]) -> Vec<(String, String)> {
        let mut problems = Vec::new();
        let wanted: HashMap<&str, bool> = paths.iter().map(|(p, r)| (p.as_str(), *r)).collect();
        let stale: Vec<String> = self
            .watched
            .iter()
            .filter(|(p, (r, _))| wanted.get(p.as_str()) != Some(r))
            .map(|(p, _)| p.clone())
            .collect();
        for p in stale {
            if let Some((_, by_inotify)) = self.watched.remove(&p) {
                let path = Path::new(&p);
                let _ = if by_inotify {
                    self.inotify.as_mut().map(|w| w.unwatch(path))
                } else {
                    self.poll.as_mut().map(|w| w.unwatch(path))
                };
            }
        }
        for (p, recursive) in paths {
            if self.watched.contains_key(p) {
                continue;
            }
            let mode = if *recursive {
                RecursiveMode::Recursive
            } else {
                RecursiveMode::NonRecursive
            };
            let path = Path::new(p);
            if let Some(w) = self.inotify.as_mut() {
                match w.watch(path, mode) {
                    Ok(()) => {
                        self.watched.insert(p.clone(), (*recursive, true));
                        continue;
                    }
                    Err(e) => self.inotify_problem = Some(format!("{p}: {e}")),
                }
            }
            match self.poller().and_then(|w| w.watch(path, mode)) {
                Ok(()) => {
                    self.watched.insert(p.clone(), (*recursive, false));
                }
                Err(e) => problems.push((p.clone(), e.to_string())),
            }
        }
        self.covers_all = problems.is_empty();
        problems
    }
}
