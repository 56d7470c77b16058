//! Port of cck/samples/pending-exception.
use ferridriver::steps::registry::StepFailure;
use ferridriver::{given, World};

#[given(expr = "an unimplemented pending step")]
async fn pending(_w: &mut World) -> Result<(), StepFailure> {
    Err(StepFailure::pending("TODO"))
}
