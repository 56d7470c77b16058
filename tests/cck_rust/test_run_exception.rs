//! Port of cck/samples/test-run-exception.
use ferridriver::{given, World};

#[given(expr = "a step")]
async fn a_step(_w: &mut World) {}
