//! Port of cck/samples/pending.
use ferridriver::{given, StepOutcome, World};

#[given(expr = "an implemented non-pending step")]
async fn implemented(_w: &mut World) {}

#[given(expr = "an implemented step that is skipped")]
async fn skipped(_w: &mut World) {}

#[given(expr = "an unimplemented pending step")]
async fn pending(_w: &mut World) -> StepOutcome {
    StepOutcome::Pending
}
