//! Port of cck/samples/minimal.
use ferridriver::{given, World};

#[given(expr = "I have {int} cukes in my belly")]
async fn cukes(_w: &mut World, _count: i64) {}
