//! Browsers die with the process that launched them, whatever way it ends.
//!
//! A normal end, an error or a panic drops the [`super::BrowserProcess`], which kills the
//! browser and waits for it. SIGKILL, a SIGTERM or Ctrl-C without a handler, or `abort` run no
//! destructor, so each browser also gets Linux's parent-death signal: the kernel sends it
//! SIGKILL when the *thread* that spawned it ends. Spawned from a worker thread, a browser
//! would be killed whenever that thread finished (the runner's workers, tokio's blocking
//! threads come and go), so every browser is spawned from one thread that lives as long as the
//! process. Its renderers and helpers exit once the browser is gone (their channel to it closes).
//!
//! Profiles of browsers whose launcher was killed are left on disk; the next launch removes
//! those of processes that no longer exist.

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

type SpawnRequest = (Command, Sender<io::Result<Child>>);

/// Spawns `command` from the process-wide launcher thread, with SIGKILL as its parent-death
/// signal.
pub(crate) fn spawn_guarded(mut command: Command) -> io::Result<Child> {
    let parent = std::process::id();
    // SAFETY: the closure runs in the forked child before exec and only makes async-signal-safe
    // system calls (prctl, getppid, _exit); it touches no memory of the parent's.
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(&mut command, move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong) != 0 {
                return Err(io::Error::last_os_error());
            }
            // The launcher may have died between the fork and the prctl: nobody would send
            // the signal then, so do not start at all.
            if libc::getppid() as u32 != parent {
                libc::_exit(1);
            }
            Ok(())
        });
    }
    if CLOSING.load(std::sync::atomic::Ordering::SeqCst) {
        return Err(io::Error::other("the process is ending"));
    }
    static LAUNCHER: OnceLock<Mutex<Sender<SpawnRequest>>> = OnceLock::new();
    let launcher = LAUNCHER.get_or_init(|| {
        let (requests, incoming) = channel::<SpawnRequest>();
        let started = std::thread::Builder::new().name("ferridriver-browser-launcher".into()).spawn(move || {
            // Never returns while the process lives: the sender is kept in a static.
            for (mut command, reply) in incoming {
                // Checked, spawned and registered under the registry's lock, which the shutdown
                // also takes: a browser is either refused or known to it, never neither.
                let Ok(mut registry) = launched().lock() else {
                    let _ = reply.send(Err(io::Error::other("the browser registry is unusable")));
                    continue;
                };
                if CLOSING.load(std::sync::atomic::Ordering::SeqCst) {
                    let _ = reply.send(Err(io::Error::other("the process is ending")));
                    continue;
                }
                let spawned = command.spawn();
                if let Ok(child) = &spawned {
                    let profile = command
                        .get_args()
                        .find_map(|a| a.to_str()?.strip_prefix("--user-data-dir=").map(PathBuf::from));
                    if let Some(profile) = profile {
                        registry.insert(child.id(), profile);
                    }
                }
                drop(registry);
                let _ = reply.send(spawned);
            }
        });
        if let Err(e) = started {
            // Without the thread every spawn below fails with this reason.
            eprintln!("warning: cannot start the browser launcher thread: {e}");
        }
        Mutex::new(requests)
    });
    let (reply, answer) = channel();
    launcher
        .lock()
        .map_err(|_| io::Error::other("the browser launcher is unusable"))?
        .send((command, reply))
        .map_err(|_| io::Error::other("the browser launcher thread is gone"))?;
    answer.recv().map_err(|_| io::Error::other("the browser launcher thread is gone"))?
}

/// Removes `ferridriver-profile-<pid>-…` directories under `dir` whose process no longer runs
/// (its browsers were killed with it and could not clean up).
pub(crate) fn remove_orphaned_profiles(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix("ferridriver-profile-")) else { continue };
        let Some(pid) = rest.split('-').next().and_then(|p| p.parse::<u32>().ok()) else { continue };
        if !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Set once the process is ending on a signal: no more browsers are spawned.
static CLOSING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The browsers this process launched and has not killed yet: process group → profile.
fn launched() -> &'static Mutex<HashMap<u32, PathBuf>> {
    static LAUNCHED: OnceLock<Mutex<HashMap<u32, PathBuf>>> = OnceLock::new();
    LAUNCHED.get_or_init(|| Mutex::new(HashMap::new()))
}

pub(crate) fn unregister(pgid: u32) {
    if let Ok(mut l) = launched().lock() {
        l.remove(&pgid);
    }
}

/// Kills every browser this process launched and waits until they are gone (for a host ending
/// on SIGINT or SIGTERM, whose destructors will not run): when the process exits, its browsers
/// have already exited.
pub fn kill_launched_browsers() {
    // No browser starts after this (a worker launching one right now would outlive the list);
    // set under the registry's lock, as the launcher spawns under it.
    let all: Vec<(u32, PathBuf)> = launched()
        .lock()
        .map(|mut l| {
            CLOSING.store(true, std::sync::atomic::Ordering::SeqCst);
            l.drain().collect()
        })
        .unwrap_or_default();
    for (pgid, _) in &all {
        // SAFETY: kill(2) on a process group we created; no memory-safety preconditions.
        unsafe {
            libc::kill(-(*pgid as libc::pid_t), libc::SIGKILL);
        }
    }
    for (_, profile) in &all {
        reap(profile);
    }
}

/// Kills whatever still runs with `profile` and waits (up to 3 s) until it is gone, then removes
/// the profile. Chromium's zygote puts renderers in process groups of their own, which would
/// otherwise linger for a second or two after the browser: a run that ends must leave no
/// browser behind for the next step.
pub(crate) fn reap(profile: &Path) {
    // Any process whose command line names the profile (the browser's helpers pass it on in
    // arguments of their own).
    let marker = profile.display().to_string();
    let deadline = std::time::Instant::now() + Duration::from_secs(3);
    loop {
        let left = processes_with_argument(&marker);
        if left.is_empty() || std::time::Instant::now() > deadline {
            break;
        }
        for pid in left {
            // SAFETY: as above; the pid was read from /proc a moment ago.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = std::fs::remove_dir_all(profile);
}

/// The live processes (not zombies: those have no command line) one of whose arguments names
/// the path `path` (itself, or something inside it: `/tmp/p` matches `/tmp/p/Crashpad`, not
/// `/tmp/p2`). Renderers rewrite their command line into one space-separated string
/// (setproctitle), so a space ends the path too: matching whole arguments missed them, and
/// they outlived their browser.
fn processes_with_argument(path: &str) -> Vec<libc::pid_t> {
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<libc::pid_t>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline"))
                .is_ok_and(|cmd| cmd.split(|b| *b == 0).any(|arg| names_path(arg, path.as_bytes())))
        })
        .collect()
}

/// Whether `arg` names `path`: it starts the argument or follows `=` or a space, and ends it or
/// is followed by `/` or a space (`/var/tmp/p` does not name `/tmp/p`).
fn names_path(arg: &[u8], path: &[u8]) -> bool {
    (0..arg.len().saturating_sub(path.len()) + 1).any(|at| {
        arg[at..].starts_with(path)
            && (at == 0 || matches!(arg[at - 1], b'=' | b' '))
            && matches!(arg.get(at + path.len()), None | Some(b'/' | b' '))
    })
}

#[cfg(test)]
mod tests {
    use super::names_path;

    #[test]
    fn a_profile_is_named_only_as_a_whole_path() {
        let p = b"/tmp/ferridriver-profile-1-45";
        assert!(names_path(b"--user-data-dir=/tmp/ferridriver-profile-1-45", p));
        assert!(names_path(b"--database=/tmp/ferridriver-profile-1-45/Crashpad", p));
        assert!(!names_path(b"--user-data-dir=/tmp/ferridriver-profile-1-456", p));
        assert!(!names_path(b"", p));
        assert!(!names_path(b"--log=/var/tmp/ferridriver-profile-1-45", p), "another path that ends the same");
        // A renderer's command line after setproctitle: one string.
        assert!(names_path(b"chromium --type=renderer --user-data-dir=/tmp/ferridriver-profile-1-45 --lang=en", p));
    }
}
