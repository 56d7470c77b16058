//! `allow.commands` (ADR 0013, extensions.md): declared commands, parsed and run in Rust.
//! Only what a tool declared, for that tool's own handler; may not run a shell.

mod exec;
mod natives;
mod spec;

pub(crate) use exec::Processes;
pub(crate) use natives::{install, CommandContext};
pub(crate) use spec::parse_commands;
