//! Port of cck/samples/hooks-attachment.
use ferridriver::{after, before, when, World};

#[before]
async fn before(w: &mut World) -> Result<(), String> {
    w.attach_bytes(super::sample_file("hooks-attachment", "cucumber.svg")?, "image/svg+xml", None);
    Ok(())
}

#[when(expr = "a step passes")]
async fn passes(_w: &mut World) {}

#[after]
async fn after(w: &mut World) -> Result<(), String> {
    w.attach_bytes(super::sample_file("hooks-attachment", "cucumber.svg")?, "image/svg+xml", None);
    Ok(())
}
