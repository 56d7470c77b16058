//! What every part of a run shares: the id generator, the clock, and the event channel.

use ferridriver_messages::{Clock, Envelope, IdGenerator, Timestamp};
use std::sync::mpsc::Sender;
use std::sync::Arc;

/// Shared by the coordinator and every worker. Envelopes sent here reach the reporter thread in
/// the order each thread sends them.
#[derive(Clone)]
pub struct RunContext {
    pub ids: Arc<IdGenerator>,
    pub clock: Arc<Clock>,
    events: Sender<Envelope>,
}

impl RunContext {
    /// A context sending envelopes to `events`.
    pub fn new(ids: Arc<IdGenerator>, clock: Arc<Clock>, events: Sender<Envelope>) -> Self {
        RunContext { ids, clock, events }
    }

    /// Sends an envelope. If the reporter thread is gone the run is ending anyway; dropping the
    /// event is the only thing left to do.
    pub fn emit(&self, envelope: impl Into<Envelope>) {
        let _ = self.events.send(envelope.into());
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
