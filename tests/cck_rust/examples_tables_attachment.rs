//! Port of cck/samples/examples-tables-attachment.
use ferridriver::{when, World};

#[when(expr = "a JPEG image is attached")]
async fn jpeg(w: &mut World) -> Result<(), String> {
    w.attach_bytes(super::sample_file("examples-tables-attachment", "cucumber.jpeg")?, "image/jpeg", None);
    Ok(())
}

#[when(expr = "a PNG image is attached")]
async fn png(w: &mut World) -> Result<(), String> {
    w.attach_bytes(super::sample_file("examples-tables-attachment", "cucumber.png")?, "image/png", None);
    Ok(())
}
