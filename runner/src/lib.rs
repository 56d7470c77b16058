//! The ferridriver runner: Gherkin parsing and pickle compilation, the `bdd` command line.

pub mod cli;
pub mod gherkin;
