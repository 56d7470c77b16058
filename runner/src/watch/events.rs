//! What watch mode waits for: saved files (native file events through `notify`, ADR 0015) and
//! keys typed in the terminal (read one at a time: the terminal leaves line mode while
//! watching and gets it back when the watcher ends).

use notify::{RecursiveMode, Watcher};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// Files were written, created or removed (absolute paths, deduplicated).
    Files(Vec<PathBuf>),
    /// A key: `\n` for Enter.
    Key(char),
    /// Standard input ended (the terminal closed): time to stop.
    InputClosed,
}

/// Folders whose changes never matter (caches, dependencies, VCS, build output).
const IGNORED: &[&str] = &[".ferridriver", "node_modules", ".git", "target"];

/// Events from the files under `root` and from the keyboard.
pub struct Events {
    rx: Receiver<Event>,
    _watcher: notify::RecommendedWatcher,
    _terminal: Option<RawTerminal>,
}

impl Events {
    /// Starts watching `root` (recursively) and reading keys from standard input.
    pub fn start(root: &Path) -> Result<Events, String> {
        let (tx, rx) = channel();
        let files = tx.clone();
        let mut watcher = notify::recommended_watcher(move |res: notify::Result<notify::Event>| {
            let Ok(event) = res else { return };
            if event.kind.is_access() {
                return;
            }
            let paths: Vec<PathBuf> = event.paths.into_iter().filter(|p| !ignored(p)).collect();
            if !paths.is_empty() {
                let _ = files.send(Event::Files(paths));
            }
        })
        .map_err(|e| format!("cannot watch files: {e}"))?;
        watcher.watch(root, RecursiveMode::Recursive).map_err(|e| format!("cannot watch {}: {e}", root.display()))?;
        let terminal = RawTerminal::enter();
        spawn_key_reader(tx);
        Ok(Events { rx, _watcher: watcher, _terminal: terminal })
    }

    /// The next event. File events arriving within `settle` of each other are merged into one
    /// (an editor's save is often several writes and a rename).
    pub fn next(&self, settle: Duration) -> Option<Event> {
        let first = self.rx.recv().ok()?;
        let Event::Files(mut paths) = first else { return Some(first) };
        loop {
            match self.rx.recv_timeout(settle) {
                Ok(Event::Files(more)) => paths.extend(more),
                Ok(other) => {
                    // A key typed while files settle still counts, after them.
                    let _ = self.rx.try_recv();
                    return Some(merge(paths, Some(other)));
                }
                Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => {
                    return Some(merge(paths, None))
                }
            }
        }
    }
}

fn merge(mut paths: Vec<PathBuf>, _later: Option<Event>) -> Event {
    paths.sort();
    paths.dedup();
    Event::Files(paths)
}

fn ignored(path: &Path) -> bool {
    path.components().any(|c| IGNORED.iter().any(|i| c.as_os_str() == *i))
        || path.file_name().is_some_and(|n| {
            let n = n.to_string_lossy();
            // Editors' swap and backup files, and our own reports being written.
            n.ends_with('~') || n.ends_with(".swp") || n.ends_with(".partial") || n.starts_with(".#")
        })
}

fn spawn_key_reader(tx: Sender<Event>) {
    let _ = std::thread::Builder::new().name("ferridriver-watch-keys".into()).spawn(move || {
        let mut stdin = std::io::stdin();
        let mut byte = [0u8; 1];
        loop {
            match stdin.read(&mut byte) {
                Ok(1) => {
                    let key = if byte[0] == b'\r' { '\n' } else { byte[0] as char };
                    if tx.send(Event::Key(key)).is_err() {
                        return;
                    }
                }
                _ => {
                    let _ = tx.send(Event::InputClosed);
                    return;
                }
            }
        }
    });
}

/// The terminal without line buffering and echo while watching (signals still work, so Ctrl-C
/// stops the process); restored when dropped. Nothing happens when stdin is not a terminal.
struct RawTerminal {
    saved: libc::termios,
}

impl RawTerminal {
    fn enter() -> Option<RawTerminal> {
        // SAFETY: isatty/tcgetattr/tcsetattr on fd 0 with a termios we own; failures are checked.
        unsafe {
            if libc::isatty(0) != 1 {
                return None;
            }
            let mut saved: libc::termios = std::mem::zeroed();
            if libc::tcgetattr(0, &mut saved) != 0 {
                return None;
            }
            let mut raw = saved;
            raw.c_lflag &= !(libc::ICANON | libc::ECHO);
            raw.c_cc[libc::VMIN] = 1;
            raw.c_cc[libc::VTIME] = 0;
            if libc::tcsetattr(0, libc::TCSANOW, &raw) != 0 {
                return None;
            }
            Some(RawTerminal { saved })
        }
    }
}

impl Drop for RawTerminal {
    fn drop(&mut self) {
        // SAFETY: restores the attributes read in `enter` on the same descriptor.
        unsafe {
            libc::tcsetattr(0, libc::TCSANOW, &self.saved);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caches_and_editor_files_are_ignored() {
        assert!(ignored(Path::new("/p/.ferridriver/cache/x.json")));
        assert!(ignored(Path::new("/p/node_modules/a/index.js")));
        assert!(ignored(Path::new("/p/features/.a.feature.swp")));
        assert!(ignored(Path::new("/p/reports/.run.ndjson.123.partial")));
        assert!(!ignored(Path::new("/p/features/a.feature")));
        assert!(!ignored(Path::new("/p/steps/a.ts")));
    }
}
