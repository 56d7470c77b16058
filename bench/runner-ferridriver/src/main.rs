//! The runner bench's steps for ferridriver: three no-op steps with Cucumber expressions.
//! Built on the runner crates alone (not the whole `ferridriver` crate) to keep the browser and
//! JS dependencies out of this release build; the CLI is the same `bdd` command.

use clap::Parser;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
use ferridriver_macros::{given, then, when};
use ferridriver_steps::registry::World;

#[given(expr = "a basket with {int} items", crate = "::ferridriver_steps")]
async fn basket(_w: &mut World, _n: i64) {}

#[when(expr = "I add {string}", crate = "::ferridriver_steps")]
async fn add(_w: &mut World, _item: String) {}

#[then(expr = "the basket has {int} items", crate = "::ferridriver_steps")]
async fn has(_w: &mut World, _n: i64) {}

#[derive(Parser)]
enum Cli {
    Bdd(ferridriver_runner::cli::BddArgs),
}

fn main() {
    let Cli::Bdd(args) = Cli::parse();
    std::process::exit(ferridriver_runner::bdd_command::run_bdd(args));
}
