//! Port of cck/samples/hooks-undefined.
use ferridriver::{after, before, World};

#[before]
async fn before(_w: &mut World) {}

#[after]
async fn after(_w: &mut World) {}
