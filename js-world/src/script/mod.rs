//! Scripts: the `run_script` half of a session (ADR 0013) — preparing source, bundling module
//! scripts inside script_root, running them in the session's VM, the sandboxed files and
//! `vars`, and the result envelope.
//! May not know which transport asked (MCP or the command line).

mod bundle;
mod host_run;
mod outcome;
mod run;
mod sandbox;
mod sandbox_fs;
mod source;

pub use outcome::{
    ConsoleEntry, ErrorKind, ScriptError, ScriptOutcome, ScriptRequest, ScriptSource, DEFAULT_MEMORY_LIMIT_MB,
    DEFAULT_TIMEOUT,
};
pub(crate) use sandbox::install as install_sandbox;
pub use sandbox::{ScriptSandbox, Vars};
pub use sandbox_fs::{FsError, ScopedDir};
pub use source::{snippet, INLINE_NAME};
