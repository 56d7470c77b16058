//! Port of cck/samples/skipped-exception.
use ferridriver::steps::registry::StepFailure;
use ferridriver::{given, World};

#[given(expr = "I skip a step")]
async fn skip(_w: &mut World) -> Result<(), StepFailure> {
    Err(StepFailure::skipped("skipping"))
}
