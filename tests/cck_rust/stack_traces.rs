//! Port of cck/samples/stack-traces.
use ferridriver::{when, World};

#[when(expr = "a step throws an exception")]
async fn throws(_w: &mut World) -> Result<(), String> {
    Err("BOOM".into())
}
