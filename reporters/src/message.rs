//! The `message` formatter: the envelopes themselves, one JSON object per line (NDJSON).

use crate::{Output, Reporter};
use ferridriver_messages::Envelope;
use std::io::Write;

/// Streams every envelope as it arrives; holds nothing.
pub struct MessageReporter {
    out: Output,
    /// One line is serialised here and written in one call: serde's many small writes
    /// straight into the output cost more than the serialisation itself.
    line: Vec<u8>,
}

impl MessageReporter {
    /// A reporter writing to `out`.
    pub fn new(out: Output) -> Self {
        MessageReporter { out, line: Vec::with_capacity(4096) }
    }
}

impl Reporter for MessageReporter {
    fn on_envelope(&mut self, envelope: &Envelope) -> std::io::Result<()> {
        self.line.clear();
        serde_json::to_writer(&mut self.line, envelope).map_err(std::io::Error::other)?;
        self.line.push(b'\n');
        self.out.write_all(&self.line)
    }

    fn finish(&mut self) -> std::io::Result<()> {
        self.out.commit()
    }
}
