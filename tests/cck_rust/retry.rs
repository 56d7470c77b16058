//! Port of cck/samples/retry. The counters live across attempts on purpose, as in the original.
use ferridriver::{given, World};
use std::sync::atomic::{AtomicU32, Ordering};

static SECOND: AtomicU32 = AtomicU32::new(0);
static THIRD: AtomicU32 = AtomicU32::new(0);

#[given(expr = "a step that always passes")]
async fn always_passes(_w: &mut World) {}

#[given(expr = "a step that passes the second time")]
async fn second_time(_w: &mut World) -> Result<(), String> {
    if SECOND.fetch_add(1, Ordering::SeqCst) + 1 < 2 {
        return Err("Exception in step".into());
    }
    Ok(())
}

#[given(expr = "a step that passes the third time")]
async fn third_time(_w: &mut World) -> Result<(), String> {
    if THIRD.fetch_add(1, Ordering::SeqCst) + 1 < 3 {
        return Err("Exception in step".into());
    }
    Ok(())
}

#[given(expr = "a step that always fails")]
async fn always_fails(_w: &mut World) -> Result<(), String> {
    Err("Exception in step".into())
}
