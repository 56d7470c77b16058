//! Executing pickles: planning test cases, a pool of worker threads, and the semantics of one
//! test case attempt (hooks, statuses, skipping, retries), all reported as message envelopes.
//! Each worker holds one `HostSession::bdd` (its step host and browser). May not format
//! output (reporters read the envelopes) nor decide a capability (the bindings do).

mod attachments;
mod attempt;
pub mod browsers;
mod context;
mod coordinator_hooks;
mod global_hooks;
pub mod interactive;
pub mod invoke;
mod options;
mod plan;
mod run;
mod suggest;
pub mod threads;
mod trace;
mod video;
pub mod workers;

pub use context::RunContext;
pub use options::{Order, RunOptions, Screenshots, Shard, DEFAULT_TRACE_DIR};
pub use plan::{plan_test_case, PlannedCase, PlannedStep};
pub use run::{execute, RunSummary};
pub use trace::TraceMode;
pub use video::DEFAULT_VIDEO_DIR;
