//! The agent-facing hosts: `ferridriver mcp` (an MCP server over stdio or streamable HTTP) and
//! `ferridriver run` (one script from the command line). Both drive the same `JsHost` sessions,
//! registry and browser layer as `bdd` (ADR 0013).
//!
//! Owns transports, the session table and tool descriptions; may not implement a step, a
//! binding or a capability check of its own (those live in `steps` and `js-world`).

mod bdd_run;
mod cli;
mod draft;
mod extensions;
mod extensions_command;
mod framing;
mod host_setup;
mod http;
mod instances;
mod script_command;
mod server;
mod session;
mod sessions;
mod steps_list;
mod tools;
mod watch;

pub use cli::{run_mcp, McpArgs};
pub use extensions_command::{run_extensions, ExtensionsArgs};
pub use script_command::{run_script_command, RunArgs};
pub use server::{McpServer, ServerState};
pub use tools::{builtin_tools, is_valid_tool_name, BUILTIN_TOOLS};
