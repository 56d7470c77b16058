//! What every part of a run shares: the id generator, the clock, and the event channel.

use ferridriver_messages::{Clock, Envelope, IdGenerator, Timestamp};
use std::cell::RefCell;
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long envelopes may wait in a thread's buffer before they are sent anyway.
const MAX_DELAY: Duration = Duration::from_millis(20);
/// How many envelopes a buffer holds before it is sent.
const MAX_BATCH: usize = 512;

/// Each thread of a run holds its own clone. Envelopes are buffered per clone and sent to the
/// reporter thread in batches — at the end of each test case, of each global hook, of the run,
/// after [`MAX_BATCH`] envelopes or [`MAX_DELAY`] — because waking the reporter thread once per
/// message costs more than everything else a no-op step does. One clone's envelopes keep their
/// order; dropping a clone sends what it still holds.
pub struct RunContext {
    pub ids: Arc<IdGenerator>,
    pub clock: Arc<Clock>,
    events: Sender<Vec<Envelope>>,
    buffer: RefCell<(Vec<Envelope>, Instant)>,
}

impl Clone for RunContext {
    fn clone(&self) -> Self {
        RunContext::new(Arc::clone(&self.ids), Arc::clone(&self.clock), self.events.clone())
    }
}

impl RunContext {
    /// A context sending envelopes to `events`.
    pub fn new(ids: Arc<IdGenerator>, clock: Arc<Clock>, events: Sender<Vec<Envelope>>) -> Self {
        RunContext { ids, clock, events, buffer: RefCell::new((Vec::new(), Instant::now())) }
    }

    /// Queues an envelope for the reporters.
    pub fn emit(&self, envelope: impl Into<Envelope>) {
        let envelope = envelope.into();
        let boundary = matches!(
            envelope,
            Envelope::TestCaseFinished(_)
                | Envelope::TestRunStarted(_)
                | Envelope::TestRunFinished(_)
                | Envelope::TestRunHookFinished(_)
        );
        let due = {
            let mut buffer = self.buffer.borrow_mut();
            buffer.0.push(envelope);
            boundary || buffer.0.len() >= MAX_BATCH || buffer.1.elapsed() >= MAX_DELAY
        };
        if due {
            self.flush();
        }
    }

    /// Sends what is buffered. If the reporter thread is gone the run is ending anyway, and
    /// dropping the events is all that is left to do.
    pub fn flush(&self) {
        let batch = {
            let mut buffer = self.buffer.borrow_mut();
            buffer.1 = Instant::now();
            std::mem::take(&mut buffer.0)
        };
        if !batch.is_empty() {
            let _ = self.events.send(batch);
        }
    }

    /// A new id.
    pub fn id(&self) -> String {
        self.ids.next_id()
    }

    /// The current time.
    pub fn now(&self) -> Timestamp {
        self.clock.now()
    }
}

impl Drop for RunContext {
    fn drop(&mut self) {
        self.flush();
    }
}
