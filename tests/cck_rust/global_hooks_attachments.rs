//! Port of cck/samples/global-hooks-attachments.
use ferridriver::{after_all, before_all, when, World};

#[before_all]
async fn before(w: &mut World) {
    w.attach_text("Attachment from BeforeAll hook", "text/plain");
}

#[when(expr = "a step passes")]
async fn passes(_w: &mut World) {}

#[after_all]
async fn after(w: &mut World) {
    w.attach_text("Attachment from AfterAll hook", "text/plain");
}
