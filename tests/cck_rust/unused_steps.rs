//! Port of cck/samples/unused-steps.
use ferridriver::{given, World};

#[given(expr = "a step that is used")]
async fn used(_w: &mut World) {}

#[given(expr = "a step that is not used")]
async fn unused(_w: &mut World) {}
