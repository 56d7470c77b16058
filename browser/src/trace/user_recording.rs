//! What a context holds while JS records with `context.tracing` (`tracing_api.rs` drives it).

use super::recorder::Tracer;

/// Where a chunk starts in a recording.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Mark {
    pub(crate) events: usize,
    pub(crate) network: usize,
}

/// A recording started with `tracing.start`.
pub(crate) struct UserTracing {
    pub(crate) tracer: Tracer,
    /// Whether `start` attached the tracer (and `stop` detaches it), or found the run's.
    pub(crate) attached: bool,
    /// Where the current chunk began (`None` between `stopChunk` and `startChunk`).
    pub(crate) chunk: Option<Mark>,
    /// The groups `tracing.group` opened and `groupEnd` has not closed, innermost last.
    pub(crate) groups: Vec<String>,
}
