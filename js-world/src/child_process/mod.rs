//! `node:child_process` for the project's test code (ADR 0036).

mod command_line;
mod natives;
mod program;
mod running;

pub(crate) use natives::install;
