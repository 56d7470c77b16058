//! Port of cck/samples/retry-pending.
use ferridriver::{given, StepOutcome, World};

#[given(expr = "a pending step")]
async fn pending(_w: &mut World) -> StepOutcome {
    StepOutcome::Pending
}
