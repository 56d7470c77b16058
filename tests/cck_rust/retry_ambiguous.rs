//! Port of cck/samples/retry-ambiguous.
use ferridriver::{given, World};

#[given(expr = "an ambiguous step")]
async fn first(_w: &mut World) {}

#[given(expr = "an ambiguous step")]
async fn second(_w: &mut World) {}
