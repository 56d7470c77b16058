//! Port of cck/samples/skipped.
use ferridriver::{given, StepOutcome, World};

#[given(expr = "a step that does not skip")]
async fn not_skip(_w: &mut World) {}

#[given(expr = "a step that is skipped")]
async fn is_skipped(_w: &mut World) {}

#[given(expr = "I skip a step")]
async fn skip(_w: &mut World) -> StepOutcome {
    StepOutcome::Skipped
}
