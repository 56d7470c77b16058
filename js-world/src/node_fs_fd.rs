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
use std::sync::{Arc, Mutex};

/// Files a VM may hold open at once (the process's descriptors are shared by every worker).
const MOST_OPEN: usize = 256;

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
        return Some(Mode {
            read: access == libc::O_RDONLY || access == libc::O_RDWR,
            write: access == libc::O_WRONLY || access == libc::O_RDWR,
            append: bits & libc::O_APPEND != 0,
            create: bits & libc::O_CREAT != 0,
            exclusive: bits & libc::O_EXCL != 0,
            truncate: bits & libc::O_TRUNC != 0,
        });
    }
    let plus = flags.ends_with('+');
    let base = flags.trim_end_matches('+').replace('s', "");
    let exclusive = base.contains('x');
    let mode = |read, write, append, create, truncate| Mode { read, write, append, create, exclusive, truncate };
    match base.trim_end_matches('x') {
        "r" if !exclusive => Some(mode(true, plus, false, false, false)),
        "w" => Some(mode(plus, true, false, true, true)),
        "a" => Some(mode(plus, true, true, true, false)),
        _ => None,
    }
}

type Files = Arc<Mutex<HashMap<i32, File>>>;

fn with_file<T>(
    files: &Files,
    fd: i32,
    op: &str,
    f: impl FnOnce(&mut File) -> std::io::Result<T>,
) -> Result<T, String> {
    let mut files = files.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let file = files.get_mut(&fd).ok_or_else(|| format!("EBADF: bad file descriptor, {op}"))?;
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
        Function::new(ctx.clone(), move |ctx: Ctx<'_>, path: String, flags: String| -> rquickjs::Result<i32> {
            let mode = mode_of(&flags).ok_or_else(|| {
                let e = format!("ERR_INVALID_ARG_VALUE: The argument 'flags' is invalid. Received '{flags}'");
                fail(&ctx, e)
            })?;
            let target = if mode.write {
                roots.file(&path).map_err(|m| fail(&ctx, m))?
            } else {
                scoped(&readable, &path).map_err(|m| fail(&ctx, m))?
            };
            let mut options = std::fs::OpenOptions::new();
            options.read(mode.read).write(mode.write && !mode.append).append(mode.append).truncate(mode.truncate);
            if mode.exclusive {
                options.create_new(true);
            } else {
                options.create(mode.create);
            }
            if mode.write {
                // A symlink put in place after the check is not followed.
                options.custom_flags(libc::O_NOFOLLOW);
            }
            let mut open = open.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if open.len() >= MOST_OPEN {
                return Err(fail(&ctx, format!("EMFILE: too many open files, open '{path}'")));
            }
            let file = options.open(&target).map_err(|e| fail(&ctx, io(&e, "open", &path)))?;
            let fd = file.as_raw_fd();
            open.insert(fd, file);
            Ok(fd)
        })?,
    )?;

    let close = files.clone();
    native.set(
        "nodeFsClose",
        Function::new(ctx.clone(), move |ctx: Ctx<'_>, fd: i32| -> rquickjs::Result<()> {
            let removed = close.lock().unwrap_or_else(std::sync::PoisonError::into_inner).remove(&fd);
            removed.map(drop).ok_or_else(|| fail(&ctx, "EBADF: bad file descriptor, close".into()))
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
        assert_eq!(mode_of("wx+"), m(true, true, false, true, true, true));
        assert_eq!(mode_of("a"), m(false, true, true, true, false, false));
        assert_eq!(mode_of("ax"), m(false, true, true, true, true, false));
        assert_eq!(mode_of("as+"), m(true, true, true, true, false, false));
        assert_eq!(mode_of(&(libc::O_WRONLY | libc::O_CREAT | libc::O_TRUNC).to_string()), mode_of("w"));
        assert_eq!(mode_of("q"), None);
        assert_eq!(mode_of("rx"), None);
    }
}
