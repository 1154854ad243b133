//! Where an import's text comes from: a text in memory (`import_hands`, `import_bytes`), or a
//! file on the server read in blocks (`import_file`), whose normalised text is spooled to a
//! temporary file so that the second pass can read each hand again without the whole file in
//! memory.

use std::ffi::c_void;
use std::io::Read;

use fpdb_core::decode::Encoding;
use fpdb_core::split::{self, Chunk};
use fpdb_core::stream::{self, ChunkSpan, ChunkStream, TextStream, Utf8Check};
use pgrx::pg_sys;
use pgrx::prelude::*;

use crate::errors::raise;

/// A text the import reads twice: once whole, chunk by chunk, then hand by hand in any order.
pub(crate) trait Source {
    /// Calls `f` with every chunk of the text and where it is, in text order.
    fn scan(&mut self, f: &mut dyn FnMut(Chunk<'_>, ChunkSpan));
    /// The text between two offsets of the normalised text (a chunk or a context block found by
    /// `scan`); `slot` 0 and 1 are two independent buffers, so that two texts can be held.
    fn read(&mut self, start: u64, end: u64, slot: usize) -> &str;
}

/// A normalised text in memory.
pub(crate) struct MemorySource<'a> {
    pub text: &'a str,
}

impl Source for MemorySource<'_> {
    fn scan(&mut self, f: &mut dyn FnMut(Chunk<'_>, ChunkSpan)) {
        let base = self.text.as_ptr() as usize;
        let offset = |s: &str| (s.as_ptr() as usize - base) as u64;
        for chunk in split::chunks(self.text) {
            let start = offset(chunk.text);
            let (context_start, context_end) = if chunk.context.is_empty() {
                (0, 0)
            } else {
                let c = offset(chunk.context);
                (c, c + chunk.context.len() as u64)
            };
            f(
                chunk,
                ChunkSpan {
                    start,
                    end: start + chunk.text.len() as u64,
                    context_start,
                    context_end,
                },
            );
        }
    }

    fn read(&mut self, start: u64, end: u64, _slot: usize) -> &str {
        &self.text[start as usize..end as usize]
    }
}

/// Bytes read from the file at a time.
const BLOCK: usize = 8 << 20;
/// Size of one physical file of a BufFile (PostgreSQL's MAX_PHYSICAL_FILESIZE).
const BUFFILE_SEGMENT: u64 = 1 << 30;

/// A hand-history file on the server, read in blocks; its normalised text is written to a
/// temporary file (PostgreSQL's BufFile: deleted at the end of the transaction, counted by
/// temp_file_limit) as it is scanned.
pub(crate) struct FileSource {
    path: String,
    file: std::fs::File,
    encoding: Encoding,
    spool: *mut pg_sys::BufFile,
    spooled: u64,
    buffers: [Vec<u8>; 2],
}

impl FileSource {
    /// Opens `path` for an import by the current user, who needs the rights of
    /// pg_read_server_files (as `pg_read_binary_file` does for any path).
    pub(crate) fn open(path: &str) -> FileSource {
        // SAFETY: role lookups of the current user.
        let allowed = unsafe {
            pg_sys::has_privs_of_role(
                pg_sys::GetUserId(),
                pg_sys::Oid::from(pg_sys::ROLE_PG_READ_SERVER_FILES),
            )
        };
        if !allowed {
            raise(
                "42501",
                "permission denied to read server files: fpdb.import_file needs superuser or \
                 membership in pg_read_server_files (or send the file with fpdb.import_bytes)",
            );
        }
        let mut file = open_file(path);
        let mut head = [0u8; 2];
        let n = read_full(&mut file, &mut head, path);
        let encoding = match stream::encoding_by_bom(&head[..n]) {
            Some(e) => e,
            None => {
                // UTF-8 only if all of it is, as for a text in memory: one quick pass.
                let mut check = Utf8Check::default();
                check.push(&head[..n]);
                let mut block = vec![0u8; BLOCK];
                loop {
                    check_for_interrupts!();
                    let n = read_full(&mut file, &mut block, path);
                    if n == 0 {
                        break;
                    }
                    check.push(&block[..n]);
                }
                if check.is_utf8() {
                    Encoding::Utf8
                } else {
                    Encoding::Windows1252
                }
            }
        };
        let file = open_file(path);
        // In the transaction's memory (see hudcache's Spill). SAFETY: a temporary file of this
        // transaction, closed in Drop.
        let spool = unsafe {
            pgrx::PgMemoryContexts::CurTransactionContext
                .switch_to(|_| pg_sys::BufFileCreateTemp(false))
        };
        FileSource {
            path: path.to_string(),
            file,
            encoding,
            spool,
            spooled: 0,
            buffers: [Vec::new(), Vec::new()],
        }
    }
}

fn open_file(path: &str) -> std::fs::File {
    std::fs::File::open(path).unwrap_or_else(|e| file_error(path, &e, "open file", "for reading"))
}

/// Reads until `buf` is full or the file ends; returns the bytes read.
fn read_full(file: &mut std::fs::File, buf: &mut [u8], path: &str) -> usize {
    let mut n = 0;
    while n < buf.len() {
        match file.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => file_error(path, &e, "read file", ""),
        }
    }
    n
}

/// The error PostgreSQL raises for a file it cannot open or read (SQLSTATE by errno).
fn file_error(path: &str, e: &std::io::Error, what: &str, how: &str) -> ! {
    let state = match e.kind() {
        std::io::ErrorKind::NotFound => "58P01",
        std::io::ErrorKind::PermissionDenied => "42501",
        _ => "58030",
    };
    let reason = match e.kind() {
        std::io::ErrorKind::NotFound => "No such file or directory".to_string(),
        std::io::ErrorKind::PermissionDenied => "Permission denied".to_string(),
        _ => e.to_string(),
    };
    let how = if how.is_empty() {
        String::new()
    } else {
        format!(" {how}")
    };
    raise(state, format!("could not {what} \"{path}\"{how}: {reason}"))
}

impl FileSource {
    fn spool_write(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        // SAFETY: the spool is open; BufFileWrite copies the bytes (it raises on failure).
        unsafe {
            pg_sys::BufFileWrite(self.spool, text.as_ptr() as *mut c_void, text.len());
        }
        self.spooled += text.len() as u64;
    }
}

impl Source for FileSource {
    fn scan(&mut self, f: &mut dyn FnMut(Chunk<'_>, ChunkSpan)) {
        let mut text = TextStream::new(self.encoding);
        let mut chunks = ChunkStream::default();
        let mut block = vec![0u8; BLOCK];
        let mut piece = String::new();
        let mut file = std::mem::replace(&mut self.file, open_file(&self.path));
        // An e-mail (a tournament summary mailed by the room) is read whole and its body decoded,
        // as import_hands does with a text.
        let mut mail: Option<String> = None;
        let mut first = true;
        loop {
            check_for_interrupts!();
            let n = read_full(&mut file, &mut block, &self.path);
            let last = n < block.len();
            piece.clear();
            text.push(&block[..n], last, &mut piece);
            if std::mem::take(&mut first) && fpdb_core::summary::mail::is_message(&piece) {
                mail = Some(String::new());
            }
            if let Some(message) = mail.as_mut() {
                if message.len() + piece.len() > stream::MAX_HELD {
                    raise(
                        "54000",
                        format!(
                            "fpdb.import_file: \"{}\" is an e-mail message of more than {} MB, \
                             more than fpdb reads as one message",
                            self.path,
                            stream::MAX_HELD >> 20
                        ),
                    );
                }
                message.push_str(&piece);
                if last {
                    let body = fpdb_core::summary::mail::unwrap(message);
                    self.spool_write(&body);
                    chunks.push(&body);
                    chunks.drain(true, &mut *f);
                    break;
                }
                continue;
            }
            self.spool_write(&piece);
            chunks.push(&piece);
            chunks.drain(last, &mut *f);
            if last {
                break;
            }
        }
    }

    fn read(&mut self, start: u64, end: u64, slot: usize) -> &str {
        let len = (end - start) as usize;
        let buf = &mut self.buffers[slot];
        buf.resize(len, 0);
        // SAFETY: seeks and reads the spool written by `scan`; `buf` holds `len` bytes.
        let got = unsafe {
            let seek = pg_sys::BufFileSeek(
                self.spool,
                (start / BUFFILE_SEGMENT) as i32,
                (start % BUFFILE_SEGMENT) as pg_sys::off_t,
                libc_seek_set(),
            );
            if seek != 0 {
                raise("58030", "fpdb import: could not seek in its temporary file");
            }
            pg_sys::BufFileRead(self.spool, buf.as_mut_ptr() as *mut c_void, len)
        };
        if got != len {
            raise(
                "58030",
                "fpdb import: could not read back its temporary file",
            );
        }
        // The spool holds the UTF-8 text `scan` wrote; spans start and end at line boundaries.
        std::str::from_utf8(buf).unwrap_or_else(|_| {
            raise(
                "XX000",
                "fpdb import: its temporary file is not the text it wrote",
            )
        })
    }
}

const fn libc_seek_set() -> i32 {
    0 // SEEK_SET
}

impl Drop for FileSource {
    fn drop(&mut self) {
        // SAFETY: closes the spool exactly once (an aborting transaction closes it too, through
        // its resource owner; then the error unwinds past here only when the spool is still
        // registered, which BufFileClose handles).
        unsafe { pg_sys::BufFileClose(self.spool) };
    }
}
