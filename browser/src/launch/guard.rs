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

use std::io;
use std::path::Path;
use std::process::{Child, Command};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Mutex, OnceLock};

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
    static LAUNCHER: OnceLock<Mutex<Sender<SpawnRequest>>> = OnceLock::new();
    let launcher = LAUNCHER.get_or_init(|| {
        let (requests, incoming) = channel::<SpawnRequest>();
        let started = std::thread::Builder::new().name("ferridriver-browser-launcher".into()).spawn(move || {
            // Never returns while the process lives: the sender is kept in a static.
            for (mut command, reply) in incoming {
                let _ = reply.send(command.spawn());
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
