//! `node:fs`'s file descriptors: `openSync` and the calls that take its number (`writeSync`,
//! `readSync`, `fstatSync`, `ftruncateSync`, `fsyncSync`, `closeSync`). Report writers use them
//! (istanbul-lib-report writes each HTML page through `openSync(file, 'w')` + `writeSync`).
//! The path is checked once, when the file is opened, by the same rules as the other calls:
//! reading where `readFileSync` may read, writing where `writeFileSync` may write. Each VM keeps
//! its own open files (a number it did not hand out is `EBADF`), at most [`MOST_OPEN`] at once;
//! they close with the VM.

use crate::node_fs::{io, io_code, scoped, ReadScope, WritableRoots};
use rquickjs::function::Opt;
use rquickjs::{Ctx, Exception, Function, Object, TypedArray};
use std::collections::HashMap;
use std::fs::File;
use std::io::{Read, Write};
use std::os::unix::fs::{FileExt, OpenOptionsExt};
use std::os::unix::io::AsRawFd;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Files a VM may hold open at once.
const MOST_OPEN: usize = 256;

/// Files every VM of the process together may hold open: the process's descriptors are shared
/// by every worker, MCP session and browser connection.
const MOST_OPEN_IN_PROCESS: usize = 1024;

static OPEN_IN_PROCESS: AtomicUsize = AtomicUsize::new(0);

/// The open files of one VM; dropped with it, which gives their share of the process back.
#[derive(Default)]
struct OpenFiles(HashMap<i32, File>);

impl Drop for OpenFiles {
    fn drop(&mut self) {
        OPEN_IN_PROCESS.fetch_sub(self.0.len(), Ordering::Relaxed);
    }
}

/// How `flags` (`'r'`, `'w+'`, `'ax'`… or `O_*` bits) open a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Mode {
    read: bool,
    write: bool,
    append: bool,
    create: bool,
    exclusive: bool,
    truncate: bool,
}

fn mode_of(flags: &str) -> Option<Mode> {
    if let Ok(bits) = flags.parse::<i32>() {
        let access = bits & libc::O_ACCMODE;
        if access != libc::O_RDONLY && access != libc::O_WRONLY && access != libc::O_RDWR {
            return None;
        }
        let create = bits & libc::O_CREAT != 0;
        let (append, truncate) = (bits & libc::O_APPEND != 0, bits & libc::O_TRUNC != 0);
        return Some(Mode {
            read: access == libc::O_RDONLY || access == libc::O_RDWR,
            // Appending, truncating or creating writes, whatever the access bits say.
            write: access != libc::O_RDONLY || append || truncate || create,
            append,
            create,
            // O_EXCL means something only with O_CREAT.
            exclusive: create && bits & libc::O_EXCL != 0,
            truncate,
        });
    }
    // Node's table of flag strings (its `stringToFlags`), `s` (synchronous) changing nothing here.
    let mode =
        |read, write, append, create, exclusive, truncate| Mode { read, write, append, create, exclusive, truncate };
    match flags {
        "r" | "rs" | "sr" => Some(mode(true, false, false, false, false, false)),
        "r+" | "rs+" | "sr+" => Some(mode(true, true, false, false, false, false)),
        "w" => Some(mode(false, true, false, true, false, true)),
        "wx" | "xw" => Some(mode(false, true, false, true, true, true)),
        "w+" => Some(mode(true, true, false, true, false, true)),
        "wx+" | "xw+" => Some(mode(true, true, false, true, true, true)),
        "a" | "as" | "sa" => Some(mode(false, true, true, true, false, false)),
        "ax" | "xa" => Some(mode(false, true, true, true, true, false)),
        "a+" | "as+" | "sa+" => Some(mode(true, true, true, true, false, false)),
        "ax+" | "xa+" => Some(mode(true, true, true, true, true, false)),
        _ => None,
    }
}

type Files = Arc<Mutex<OpenFiles>>;

fn with_file<T>(
    files: &Files,
    fd: i32,
    op: &str,
    f: impl FnOnce(&mut File) -> std::io::Result<T>,
) -> Result<T, String> {
    let mut files = files.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let file = files.0.get_mut(&fd).ok_or_else(|| format!("EBADF: bad file descriptor, {op}"))?;
    f(file).map_err(|e| format!("{}, {op}", io_code(&e)))
}

/// Installs the natives on `native`.
pub(crate) fn install<'js>(
    ctx: &Ctx<'js>,
    native: &Object<'js>,
    roots: WritableRoots,
    readable: ReadScope,
) -> rquickjs::Result<()> {
    let files: Files = Arc::default();
    let fail = |ctx: &Ctx<'_>, message: String| Exception::throw_message(ctx, &message);

    let open = files.clone();
    native.set(
        "nodeFsOpen",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'_>, path: String, flags: String, permissions: Opt<f64>| -> rquickjs::Result<i32> {
                let mode = mode_of(&flags).ok_or_else(|| {
                    let e = format!("ERR_INVALID_ARG_VALUE: The argument 'flags' is invalid. Received '{flags}'");
                    fail(&ctx, e)
                })?;
                // Anything that may change the file is checked as a write (below the write roots).
                let target = if mode.write {
                    roots.file(&path).map_err(|m| fail(&ctx, m))?
                } else {
                    scoped(&readable, &path).map_err(|m| fail(&ctx, m))?
                };
                let mut options = std::fs::OpenOptions::new();
                options.read(mode.read).write(mode.write && !mode.append).append(mode.append);
                // Rust refuses append with truncate; Linux truncates, then appends.
                let truncate_first = mode.truncate && mode.append;
                options.truncate(mode.truncate && !mode.append);
                if mode.exclusive {
                    options.create_new(true);
                } else {
                    options.create(mode.create);
                }
                if let Some(bits) = permissions.0.filter(|b| *b >= 0.0 && *b <= 4095.0) {
                    options.mode(bits as u32);
                }
                // The path was checked as it is now: a symlink put in its place since is not followed.
                options.custom_flags(libc::O_NOFOLLOW | if truncate_first { libc::O_TRUNC } else { 0 });
                let mut open = open.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                if open.0.len() >= MOST_OPEN || OPEN_IN_PROCESS.load(Ordering::Relaxed) >= MOST_OPEN_IN_PROCESS {
                    return Err(fail(&ctx, format!("EMFILE: too many open files, open '{path}'")));
                }
                let file = options.open(&target).map_err(|e| fail(&ctx, io(&e, "open", &path)))?;
                OPEN_IN_PROCESS.fetch_add(1, Ordering::Relaxed);
                let fd = file.as_raw_fd();
                open.0.insert(fd, file);
                Ok(fd)
            },
        )?,
    )?;

    let close = files.clone();
    native.set(
        "nodeFsClose",
        Function::new(ctx.clone(), move |ctx: Ctx<'_>, fd: i32| -> rquickjs::Result<()> {
            let removed = close.lock().unwrap_or_else(std::sync::PoisonError::into_inner).0.remove(&fd);
            let closed = removed.map(drop).ok_or_else(|| fail(&ctx, "EBADF: bad file descriptor, close".into()));
            if closed.is_ok() {
                OPEN_IN_PROCESS.fetch_sub(1, Ordering::Relaxed);
            }
            closed
        })?,
    )?;

    let write = files.clone();
    native.set(
        "nodeFsWriteFd",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'_>, fd: i32, data: TypedArray<'_, u8>, position: Opt<f64>| -> rquickjs::Result<usize> {
                let bytes = crate::bytes::copy(&data);
                with_file(&write, fd, "write", |file| match position.0.filter(|p| *p >= 0.0) {
                    Some(at) => file.write_all_at(&bytes, at as u64).map(|()| bytes.len()),
                    None => file.write_all(&bytes).map(|()| bytes.len()),
                })
                .map_err(|m| fail(&ctx, m))
            },
        )?,
    )?;

    let read = files.clone();
    native.set(
        "nodeFsReadFd",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'_>, fd: i32, length: usize, position: Opt<f64>| -> rquickjs::Result<crate::bytes::Bytes> {
                let mut buffer = vec![0u8; length.min(64 << 20)];
                let count = with_file(&read, fd, "read", |file| match position.0.filter(|p| *p >= 0.0) {
                    Some(at) => file.read_at(&mut buffer, at as u64),
                    None => file.read(&mut buffer),
                })
                .map_err(|m| fail(&ctx, m))?;
                buffer.truncate(count);
                Ok(crate::bytes::Bytes(buffer))
            },
        )?,
    )?;

    let stat = files.clone();
    native.set(
        "nodeFsFstat",
        Function::new(ctx.clone(), move |ctx: Ctx<'_>, fd: i32| -> rquickjs::Result<String> {
            let meta = with_file(&stat, fd, "fstat", |file| file.metadata()).map_err(|m| fail(&ctx, m))?;
            Ok(crate::node_fs::stat_json(&meta))
        })?,
    )?;

    let truncate = files.clone();
    native.set(
        "nodeFsFtruncate",
        Function::new(ctx.clone(), move |ctx: Ctx<'_>, fd: i32, length: Opt<f64>| -> rquickjs::Result<()> {
            let length = length.0.unwrap_or(0.0).max(0.0) as u64;
            with_file(&truncate, fd, "ftruncate", |file| file.set_len(length)).map_err(|m| fail(&ctx, m))
        })?,
    )?;

    native.set(
        "nodeFsFsync",
        Function::new(ctx.clone(), move |ctx: Ctx<'_>, fd: i32| -> rquickjs::Result<()> {
            with_file(&files, fd, "fsync", |file| file.sync_all()).map_err(|m| fail(&ctx, m))
        })?,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{mode_of, Mode};

    #[test]
    fn flags_open_as_node_opens_them() {
        let m = |read, write, append, create, exclusive, truncate| {
            Some(Mode { read, write, append, create, exclusive, truncate })
        };
        assert_eq!(mode_of("r"), m(true, false, false, false, false, false));
        assert_eq!(mode_of("r+"), m(true, true, false, false, false, false));
        assert_eq!(mode_of("rs+"), m(true, true, false, false, false, false));
        assert_eq!(mode_of("w"), m(false, true, false, true, false, true));
        assert_eq!(mode_of("wx+"), mode_of("xw+"));
        assert_eq!(mode_of("wx+"), m(true, true, false, true, true, true));
        assert_eq!(mode_of("a"), m(false, true, true, true, false, false));
        assert_eq!(mode_of("ax"), mode_of("xa"));
        assert_eq!(mode_of("as+"), m(true, true, true, true, false, false));
        assert_eq!(mode_of(&(libc::O_WRONLY | libc::O_CREAT | libc::O_TRUNC).to_string()), mode_of("w"));
        for refused in ["q", "rx", "wxx", "rw", ""] {
            assert_eq!(mode_of(refused), None, "{refused}");
        }
        // Bits that change a file make it a write, whatever the access bits say.
        for bits in [libc::O_APPEND, libc::O_APPEND | libc::O_CREAT, libc::O_TRUNC, libc::O_CREAT] {
            assert!(mode_of(&bits.to_string()).unwrap().write, "{bits}");
        }
        assert_eq!(mode_of(&libc::O_ACCMODE.to_string()), None, "access mode 3");
        assert!(!mode_of(&libc::O_EXCL.to_string()).unwrap().exclusive, "O_EXCL without O_CREAT");
    }
}
