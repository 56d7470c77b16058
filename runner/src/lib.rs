//! The ferridriver runner: Gherkin parsing and pickle compilation, pickle selection, and the
//! `bdd` command line.

pub mod cli;
pub mod diagnostics;
pub mod discovery;
pub mod filters;
pub mod gherkin;
pub mod meta;
