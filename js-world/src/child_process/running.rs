//! Child processes of one VM: started with their own process group, their output read by a
//! thread per stream into a queue that synchronous calls wait on (a condition variable) and
//! `spawn`'s reads await (a `Notify`). Dropping [`Children`] kills the groups still running, so
//! nothing a suite started outlives its VM.

use std::collections::{HashMap, VecDeque};
use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{ChildStdin, Command, Stdio};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

/// Where one of the child's streams goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stream {
    Pipe,
    Inherit,
    Ignore,
}

impl Stream {
    pub(crate) fn parse(value: Option<&str>) -> Stream {
        match value {
            Some("inherit") => Stream::Inherit,
            Some("ignore") => Stream::Ignore,
            _ => Stream::Pipe,
        }
    }

    fn stdio(self) -> Stdio {
        match self {
            Stream::Pipe => Stdio::piped(),
            Stream::Inherit => Stdio::inherit(),
            Stream::Ignore => Stdio::null(),
        }
    }
}

/// What to start.
pub(crate) struct Launch {
    pub argv: Vec<String>,
    pub cwd: PathBuf,
    pub env: Vec<(String, String)>,
    pub stdio: [Stream; 3],
}

/// What happened to a child, in order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Event {
    Stdout(Vec<u8>),
    Stderr(Vec<u8>),
    /// Stdout (true) or stderr reached its end.
    End {
        stdout: bool,
    },
    /// The process ended: its exit code, or the signal that ended it.
    Exit {
        code: Option<i32>,
        signal: Option<i32>,
    },
    /// Its output streams are closed too (after `Exit`).
    Closed,
}

#[derive(Default)]
struct Queue {
    events: Mutex<VecDeque<Event>>,
    ready: Condvar,
    notify: tokio::sync::Notify,
}

impl Queue {
    fn push(&self, event: Event) {
        self.events.lock().unwrap_or_else(PoisonError::into_inner).push_back(event);
        self.ready.notify_all();
        self.notify.notify_one();
    }
}

/// A started child.
pub(crate) struct Running {
    pub pid: u32,
    queue: Arc<Queue>,
    stdin: Mutex<Option<ChildStdin>>,
}

impl Running {
    /// Starts `launch`; an error is the OS's (`ENOENT` for a program not found).
    pub(crate) fn start(launch: &Launch) -> std::io::Result<Arc<Running>> {
        let mut command = Command::new(&launch.argv[0]);
        command.args(&launch.argv[1..]).current_dir(&launch.cwd).env_clear().envs(launch.env.iter().cloned());
        command.stdin(launch.stdio[0].stdio()).stdout(launch.stdio[1].stdio()).stderr(launch.stdio[2].stdio());
        // Its own group: the VM's end (and a deadline) can stop everything it started.
        command.process_group(0);
        let mut child = command.spawn()?;
        let queue = Arc::new(Queue::default());
        let (finished, read_all) = std::sync::mpsc::channel();
        let mut readers = Vec::new();
        if let Some(out) = child.stdout.take() {
            readers.push(read_into(out, Arc::clone(&queue), (Event::Stdout, true), finished.clone()));
        }
        if let Some(err) = child.stderr.take() {
            readers.push(read_into(err, Arc::clone(&queue), (Event::Stderr, false), finished.clone()));
        }
        drop(finished);
        let stdin = Mutex::new(child.stdin.take());
        let pid = child.id();
        let waited = Arc::clone(&queue);
        std::thread::spawn(move || {
            let status = child.wait();
            let (code, signal) = match status {
                Ok(s) => (s.code(), s.signal()),
                Err(_) => (None, Some(libc::SIGKILL)),
            };
            // What the child wrote before it ended comes before its end, as in Node: its
            // streams reach their end with it, unless a process it started holds them open
            // (then `exit` comes first, and `close` when they close).
            let grace = std::time::Instant::now() + OUTPUT_AFTER_EXIT;
            for _ in 0..readers.len() {
                let left = grace.saturating_duration_since(std::time::Instant::now());
                if read_all.recv_timeout(left).is_err() {
                    break;
                }
            }
            waited.push(Event::Exit { code, signal });
            for reader in readers {
                let _ = reader.join();
            }
            waited.push(Event::Closed);
        });
        Ok(Arc::new(Running { pid, queue, stdin }))
    }

    /// The events so far, waiting for at least one.
    pub(crate) async fn next(&self) -> Vec<Event> {
        loop {
            let drained: Vec<Event> =
                self.queue.events.lock().unwrap_or_else(PoisonError::into_inner).drain(..).collect();
            if !drained.is_empty() {
                return drained;
            }
            self.queue.notify.notified().await;
        }
    }

    /// Waits, without the async runtime, until the child ended and its output closed, or
    /// `stop` says to stop waiting (asked every 50 ms and at each event). The events come in
    /// order.
    pub(crate) fn wait(&self, mut stop: impl FnMut(&[Event]) -> bool) -> Vec<Event> {
        let mut seen = Vec::new();
        let mut events = self.queue.events.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            seen.extend(events.drain(..));
            if seen.last() == Some(&Event::Closed) || stop(&seen) {
                return seen;
            }
            events = self
                .queue
                .ready
                .wait_timeout(events, Duration::from_millis(50))
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    /// Writes to the child's stdin (false: it is closed or was never a pipe).
    pub(crate) fn write(&self, bytes: &[u8]) -> bool {
        let mut stdin = self.stdin.lock().unwrap_or_else(PoisonError::into_inner);
        match stdin.as_mut() {
            Some(pipe) => pipe.write_all(bytes).is_ok(),
            None => false,
        }
    }

    /// Writes `bytes` and closes stdin, on a thread of its own (a child that writes much
    /// before it reads would otherwise block both sides).
    pub(crate) fn feed(self: &Arc<Self>, bytes: Vec<u8>) {
        let this = Arc::clone(self);
        std::thread::spawn(move || {
            this.write(&bytes);
            this.end_input();
        });
    }

    /// Closes the child's stdin.
    pub(crate) fn end_input(&self) {
        self.stdin.lock().unwrap_or_else(PoisonError::into_inner).take();
    }

    /// Sends `signal` to the child (not its group: as Node's `kill`).
    pub(crate) fn kill(&self, signal: i32) -> bool {
        // SAFETY: kill(2) on the pid this VM started.
        unsafe { libc::kill(self.pid as i32, signal) == 0 }
    }

    /// Kills the child's whole group.
    pub(crate) fn kill_group(&self) {
        // SAFETY: kill(2) with a negative pid signals the process group the child leads.
        unsafe { libc::kill(-(self.pid as i32), libc::SIGKILL) };
    }
}

/// How long after a child's end its `exit` waits for the end of its output: long enough for
/// the pipes' last bytes, short enough when a process it started keeps them open.
const OUTPUT_AFTER_EXIT: Duration = Duration::from_millis(250);

fn read_into(
    mut stream: impl Read + Send + 'static,
    queue: Arc<Queue>,
    (wrap, stdout): (fn(Vec<u8>) -> Event, bool),
    finished: std::sync::mpsc::Sender<()>,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let mut buf = vec![0u8; 64 << 10];
        loop {
            match stream.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => queue.push(wrap(buf[..n].to_vec())),
            }
        }
        queue.push(Event::End { stdout });
        let _ = finished.send(());
    })
}

/// The children a VM started with `spawn`/`exec`, by the number JS knows them by, until their
/// output closed.
#[derive(Default)]
pub(crate) struct Children {
    running: Mutex<HashMap<u32, Arc<Running>>>,
    next: std::sync::atomic::AtomicU32,
}

impl Children {
    /// Keeps `child` until its output closed; its number.
    pub(crate) fn add(&self, child: Arc<Running>) -> u32 {
        let id = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        self.running.lock().unwrap_or_else(PoisonError::into_inner).insert(id, child);
        id
    }

    pub(crate) fn get(&self, id: u32) -> Option<Arc<Running>> {
        self.running.lock().unwrap_or_else(PoisonError::into_inner).get(&id).cloned()
    }

    /// Forgets child `id`: it ended and its output closed.
    pub(crate) fn forget(&self, id: u32) {
        self.running.lock().unwrap_or_else(PoisonError::into_inner).remove(&id);
    }
}

impl Drop for Children {
    fn drop(&mut self) {
        // Still here: running, or ended with its own children holding its output (a dev
        // server behind `npm run`). Its group takes them all.
        for child in self.running.lock().unwrap_or_else(PoisonError::into_inner).values() {
            child.kill_group();
        }
    }
}

/// Node's name of `signal` (`SIGTERM`), or its number as text.
pub(crate) fn signal_name(signal: i32) -> String {
    SIGNALS.iter().find(|(_, n)| *n == signal).map_or_else(|| signal.to_string(), |(name, _)| name.to_string())
}

/// The number of signal `name` (`SIGTERM`, `TERM`, `15`).
pub(crate) fn signal_number(name: &str) -> Option<i32> {
    if let Ok(n) = name.parse::<i32>() {
        return Some(n);
    }
    let full = if name.starts_with("SIG") { name.to_string() } else { format!("SIG{name}") };
    SIGNALS.iter().find(|(n, _)| *n == full).map(|(_, s)| *s)
}

const SIGNALS: &[(&str, i32)] = &[
    ("SIGHUP", libc::SIGHUP),
    ("SIGINT", libc::SIGINT),
    ("SIGQUIT", libc::SIGQUIT),
    ("SIGILL", libc::SIGILL),
    ("SIGTRAP", libc::SIGTRAP),
    ("SIGABRT", libc::SIGABRT),
    ("SIGBUS", libc::SIGBUS),
    ("SIGFPE", libc::SIGFPE),
    ("SIGKILL", libc::SIGKILL),
    ("SIGUSR1", libc::SIGUSR1),
    ("SIGSEGV", libc::SIGSEGV),
    ("SIGUSR2", libc::SIGUSR2),
    ("SIGPIPE", libc::SIGPIPE),
    ("SIGALRM", libc::SIGALRM),
    ("SIGTERM", libc::SIGTERM),
    ("SIGCHLD", libc::SIGCHLD),
    ("SIGCONT", libc::SIGCONT),
    ("SIGSTOP", libc::SIGSTOP),
    ("SIGTSTP", libc::SIGTSTP),
];
