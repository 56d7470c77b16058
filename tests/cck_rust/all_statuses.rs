//! Port of cck/samples/all-statuses.
use ferridriver::{given, StepOutcome, World};

#[given(regex = "^a step$")]
async fn a_step(_w: &mut World) {}

#[given(regex = "^a failing step$")]
async fn a_failing_step(_w: &mut World) -> Result<(), String> {
    Err("whoops".into())
}

#[given(regex = "^a pending step$")]
async fn a_pending_step(_w: &mut World) -> StepOutcome {
    StepOutcome::Pending
}

#[given(regex = "^a skipped step$")]
async fn a_skipped_step(_w: &mut World) -> StepOutcome {
    StepOutcome::Skipped
}

#[given(regex = "^an ambiguous (.*?)$")]
async fn ambiguous_1(_w: &mut World, _x: String) {}

#[given(regex = "^(.*?) ambiguous step$")]
async fn ambiguous_2(_w: &mut World, _x: String) {}
