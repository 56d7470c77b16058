//! The `message` formatter: the envelopes themselves, one JSON object per line (NDJSON).

use crate::{Output, Reporter};
use ferridriver_messages::Envelope;
use std::io::Write;

/// Streams every envelope as it arrives; holds nothing.
pub struct MessageReporter {
    out: Output,
}

impl MessageReporter {
    /// A reporter writing to `out`.
    pub fn new(out: Output) -> Self {
        MessageReporter { out }
    }
}

impl Reporter for MessageReporter {
    fn on_envelope(&mut self, envelope: &Envelope) -> std::io::Result<()> {
        serde_json::to_writer(&mut self.out, envelope).map_err(std::io::Error::other)?;
        self.out.write_all(b"\n")
    }

    fn finish(&mut self) -> std::io::Result<()> {
        self.out.commit()
    }
}
