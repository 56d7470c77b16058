//! The ferridriver runner: Gherkin parsing and pickle compilation, pickle selection and
//! scheduling, the execution engine, and the `bdd` command line.
//!
//! Owns the run: which pickles, on which workers, in which order, with which browsers, and the
//! message events they produce. May not depend on `mcp`; reporters only see its messages.

pub mod audit_command;
pub mod bdd_command;
pub mod browser_table;
pub mod cli;
pub mod config;
pub mod cucumber_config;
pub mod diagnostics;
pub mod discovery;
pub mod execute;
pub mod extension_policy;
pub mod filters;
pub mod gherkin;
pub mod grid_flags;
pub mod init;
pub mod js;
pub mod js_formatter;
pub mod load;
pub mod merge;
pub mod meta;
pub mod project;
pub mod reporting;
pub mod run_once;
pub mod schedule;
pub mod shard_by_duration;
pub mod steps_command;
pub mod watch;
