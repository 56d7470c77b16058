//! Port of cck/samples/hooks-named.
use ferridriver::{after, before, when, World};

#[before(name = "A named before hook")]
async fn named_before(_w: &mut World) {}

#[when(expr = "a step passes")]
async fn passes(_w: &mut World) {}

#[after(name = "A named after hook")]
async fn named_after(_w: &mut World) {}
