//! `allow.commands` (ADR 0013, extensions.md): declared commands, parsed and run in Rust.

mod exec;
mod natives;
mod spec;

pub(crate) use exec::Processes;
pub(crate) use natives::{install, CommandContext};
pub(crate) use spec::parse_commands;
