//! Child processes of one VM: started with their own process group, their output read by a
//! thread per stream into a queue that synchronous calls wait on (a condition variable) and
//! `spawn`'s reads await (a `Notify`). Dropping [`Children`] kills the groups still running, so
//! nothing a suite started outlives its VM.

use std::collections::{HashMap, VecDeque};
use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{Command, Stdio};
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
    /// The program's file first, then its arguments.
    pub argv: Vec<String>,
    /// The name the program sees as its own (what the code gave).
    pub arg0: String,
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
        self.push_all(vec![event]);
    }

    /// Queues `events` together: a reader sees all of them or none.
    fn push_all(&self, events: Vec<Event>) {
        if events.is_empty() {
            return;
        }
        self.events.lock().unwrap_or_else(PoisonError::into_inner).extend(events);
        self.ready.notify_all();
        self.notify.notify_one();
    }
}

/// A started child.
pub(crate) struct Running {
    pub pid: u32,
    queue: Arc<Queue>,
    /// Bytes for the child's stdin, written by a thread of its own (a child that does not read
    /// blocks that thread, never the VM); dropping the sender closes stdin.
    input: Mutex<Option<std::sync::mpsc::Sender<Vec<u8>>>>,
    /// Set, under its lock, when the child is reaped: from then on its pid may be another
    /// process's, so nothing is sent to it.
    reaped: Arc<Mutex<bool>>,
}

impl Running {
    /// Starts `launch` (its `argv[0]` an absolute path; `arg0` what the program sees as its
    /// name); an error is the OS's (`ENOENT` for a program not found).
    pub(crate) fn start(launch: &Launch) -> std::io::Result<Arc<Running>> {
        let mut command = Command::new(&launch.argv[0]);
        command
            .arg0(&launch.arg0)
            .args(&launch.argv[1..])
            .current_dir(&launch.cwd)
            .env_clear()
            .envs(launch.env.iter().cloned());
        command.stdin(launch.stdio[0].stdio()).stdout(launch.stdio[1].stdio()).stderr(launch.stdio[2].stdio());
        // Its own group: the VM's end (and a deadline) can stop everything it started.
        command.process_group(0);
        let mut child = command.spawn()?;
        let pid = child.id();
        let started = Self::watch(&mut child, pid);
        match started {
            Ok((queue, input, reaped, readers, read_all)) => {
                let waited = Arc::clone(&queue);
                let lock = Arc::clone(&reaped);
                let waiter = std::thread::Builder::new().name("child-wait".into()).spawn(move || {
                    let (code, signal) = reap(&mut child, &lock);
                    // What the child wrote before it ended comes before its end, as in Node: its
                    // streams reach their end with it, unless a process it started holds them
                    // open (then `exit` comes first, and `close` when they close).
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
                if let Err(e) = waiter {
                    kill_group(pid);
                    return Err(e);
                }
                Ok(Arc::new(Running { pid, queue, input: Mutex::new(input), reaped }))
            }
            Err(e) => {
                kill_group(pid);
                let _ = child.wait();
                Err(e)
            }
        }
    }

    /// The threads that read the child's output and write its input.
    #[allow(clippy::type_complexity)]
    fn watch(
        child: &mut std::process::Child,
        pid: u32,
    ) -> std::io::Result<(
        Arc<Queue>,
        Option<std::sync::mpsc::Sender<Vec<u8>>>,
        Arc<Mutex<bool>>,
        Vec<std::thread::JoinHandle<()>>,
        std::sync::mpsc::Receiver<()>,
    )> {
        let queue = Arc::new(Queue::default());
        let (finished, read_all) = std::sync::mpsc::channel();
        let mut readers = Vec::new();
        let (out, err) = (child.stdout.take(), child.stderr.take());
        if out.is_some() || err.is_some() {
            readers.push(read_output(out, err, Arc::clone(&queue), finished)?);
        }
        let input = match child.stdin.take() {
            Some(mut pipe) => {
                let (send, receive) = std::sync::mpsc::channel::<Vec<u8>>();
                std::thread::Builder::new().name(format!("child-{pid}-stdin")).spawn(move || {
                    // Ends when the sender is dropped (stdin closes with `pipe`) or the child
                    // stops reading for good.
                    while let Ok(bytes) = receive.recv() {
                        if pipe.write_all(&bytes).is_err() {
                            return;
                        }
                    }
                })?;
                Some(send)
            }
            None => None,
        };
        Ok((queue, input, Arc::new(Mutex::new(false)), readers, read_all))
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

    /// Queues `bytes` for the child's stdin (false: it is closed or was never a pipe).
    pub(crate) fn write(&self, bytes: Vec<u8>) -> bool {
        let input = self.input.lock().unwrap_or_else(PoisonError::into_inner);
        input.as_ref().is_some_and(|send| send.send(bytes).is_ok())
    }

    /// Writes `bytes` and closes stdin (after them).
    pub(crate) fn feed(&self, bytes: Vec<u8>) {
        self.write(bytes);
        self.end_input();
    }

    /// Closes the child's stdin once what was queued is written.
    pub(crate) fn end_input(&self) {
        self.input.lock().unwrap_or_else(PoisonError::into_inner).take();
    }

    /// Sends `signal` to the child (not its group: as Node's `kill`), unless it was reaped.
    pub(crate) fn kill(&self, signal: i32) -> bool {
        let reaped = self.reaped.lock().unwrap_or_else(PoisonError::into_inner);
        // SAFETY: kill(2) on the pid this VM started, which is still its child (not reaped:
        // the lock is held, and the waiter reaps only under it).
        !*reaped && unsafe { libc::kill(self.pid as i32, signal) == 0 }
    }

    /// Kills the child's whole group (what it started too).
    pub(crate) fn kill_group(&self) {
        kill_group(self.pid);
    }
}

/// Kills process group `pid`. A group outlives its leader while any member lives, so this is
/// sent after the leader was reaped too; the number of a group with no member left is only
/// reused after the pids wrap around.
fn kill_group(pid: u32) {
    // SAFETY: kill(2) with a negative pid signals a process group we created.
    unsafe { libc::kill(-(pid as i32), libc::SIGKILL) };
}

/// Waits for `child` to end, leaving it a zombie (its pid still ours), then reaps it under
/// `reaped`'s lock: a `kill` either comes before (the pid is still the child's) or sees it
/// reaped.
fn reap(child: &mut std::process::Child, reaped: &Mutex<bool>) -> (Option<i32>, Option<i32>) {
    loop {
        // SAFETY: waitid(2) on our own child with WNOWAIT only observes its end.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let done = unsafe { libc::waitid(libc::P_PID, child.id(), &mut info, libc::WEXITED | libc::WNOWAIT) };
        if done == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            break;
        }
    }
    let mut reaped = reaped.lock().unwrap_or_else(PoisonError::into_inner);
    let status = child.wait();
    *reaped = true;
    match status {
        Ok(s) => (s.code(), s.signal()),
        Err(_) => (None, Some(libc::SIGKILL)),
    }
}

/// How long after a child's end its `exit` waits for the end of its output: long enough for
/// the pipes' last bytes, short enough when a process it started keeps them open.
const OUTPUT_AFTER_EXIT: Duration = Duration::from_millis(250);

/// Reads the child's stdout and stderr on one thread, as libuv does: what one `poll` finds
/// ready is queued at once, in one batch, so a stream's end never overtakes the other
/// stream's last data. `finished` hears when both ended.
fn read_output(
    stdout: Option<std::process::ChildStdout>,
    stderr: Option<std::process::ChildStderr>,
    queue: Arc<Queue>,
    finished: std::sync::mpsc::Sender<()>,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    use std::os::fd::AsRawFd;
    let mut open: Vec<(Box<dyn Read + Send>, i32, bool)> = Vec::new();
    if let Some(out) = stdout {
        let fd = out.as_raw_fd();
        open.push((Box::new(out), fd, true));
    }
    if let Some(err) = stderr {
        let fd = err.as_raw_fd();
        open.push((Box::new(err), fd, false));
    }
    std::thread::Builder::new().name("child-output".into()).spawn(move || {
        let mut buf = vec![0u8; 64 << 10];
        while !open.is_empty() {
            let mut fds: Vec<libc::pollfd> =
                open.iter().map(|(_, fd, _)| libc::pollfd { fd: *fd, events: libc::POLLIN, revents: 0 }).collect();
            // SAFETY: poll(2) on the descriptors of the pipes `open` owns.
            let ready = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, -1) };
            if ready < 0 {
                if std::io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) {
                    continue;
                }
                break;
            }
            let mut batch = Vec::new();
            let mut closed = Vec::new();
            for (i, pollfd) in fds.iter().enumerate() {
                if pollfd.revents == 0 {
                    continue;
                }
                let (stream, _, is_stdout) = &mut open[i];
                match stream.read(&mut buf) {
                    Ok(n) if n > 0 => {
                        let bytes = buf[..n].to_vec();
                        batch.push(if *is_stdout { Event::Stdout(bytes) } else { Event::Stderr(bytes) });
                    }
                    _ => {
                        batch.push(Event::End { stdout: *is_stdout });
                        closed.push(i);
                    }
                }
            }
            for i in closed.into_iter().rev() {
                open.remove(i);
            }
            queue.push_all(batch);
        }
        // Both closed (or poll failed): whatever is left open ends here.
        queue.push_all(open.iter().map(|(_, _, stdout)| Event::End { stdout: *stdout }).collect());
        let _ = finished.send(());
    })
}

/// The children a VM started with `spawn`/`exec`, by the number JS knows them by, until their
/// output closed.
#[derive(Default)]
pub(crate) struct Children {
    running: Mutex<HashMap<u32, Arc<Running>>>,
    next: std::sync::atomic::AtomicU32,
    /// The groups of children the synchronous calls ran: what they left in the background
    /// (`sh -c 'server &'`) ends with the VM too.
    finished_groups: Mutex<Vec<u32>>,
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

    /// Notes the group of a child a synchronous call ran.
    pub(crate) fn ran(&self, child: &Running) {
        self.finished_groups.lock().unwrap_or_else(PoisonError::into_inner).push(child.pid);
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
        for group in self.finished_groups.lock().unwrap_or_else(PoisonError::into_inner).iter() {
            kill_group(*group);
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
