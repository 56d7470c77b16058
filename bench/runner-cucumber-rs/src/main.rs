//! The runner bench's steps for cucumber-rs: the same three no-op steps.
//! Usage: bench-runner-cucumber-rs FEATURES_DIR [CONCURRENCY]

use cucumber::{given, then, when, World};

#[derive(Debug, Default, World)]
struct Basket;

#[given(expr = "a basket with {int} items")]
async fn basket(_w: &mut Basket, _n: i64) {}

#[when(expr = "I add {string}")]
async fn add(_w: &mut Basket, _item: String) {}

#[then(expr = "the basket has {int} items")]
async fn has(_w: &mut Basket, _n: i64) {}

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1);
    let features = args.next().unwrap_or_else(|| "features".into());
    let concurrency: usize = args.next().and_then(|c| c.parse().ok()).unwrap_or(2);
    Basket::cucumber().max_concurrent_scenarios(concurrency).with_default_cli().run(features).await;
}
