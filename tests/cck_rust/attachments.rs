//! Port of cck/samples/attachments.
use ferridriver::{when, World};

#[when(expr = "the string {string} is attached as {string}")]
async fn attach_string(w: &mut World, text: String, media_type: String) {
    w.attach_text(text, media_type);
}

#[when(expr = "the string {string} is logged")]
async fn log_string(w: &mut World, text: String) {
    w.log(text);
}

#[when(expr = "text with ANSI escapes is logged")]
async fn log_ansi(w: &mut World) {
    w.log("This displays a \x1b[31mr\x1b[0m\x1b[91ma\x1b[0m\x1b[33mi\x1b[0m\x1b[32mn\x1b[0m\x1b[34mb\x1b[0m\x1b[95mo\x1b[0m\x1b[35mw\x1b[0m");
}

#[when(expr = "the following string is attached as {string}:")]
async fn attach_doc_string(w: &mut World, media_type: String, doc_string: String) {
    w.attach_text(doc_string, media_type);
}

#[when(expr = "an array with {int} bytes is attached as {string}")]
async fn attach_bytes(w: &mut World, size: u8, media_type: String) {
    w.attach_bytes((0..size).collect::<Vec<u8>>(), media_type, None);
}

#[when(expr = "a PDF document is attached and renamed")]
async fn attach_pdf(w: &mut World) -> Result<(), String> {
    let bytes = super::sample_file("attachments", "document.pdf")?;
    w.attach_bytes(bytes, "application/pdf", Some("renamed.pdf".into()));
    Ok(())
}

#[when(expr = "a link to {string} is attached")]
async fn attach_link(w: &mut World, uri: String) {
    w.link(uri);
}

#[when(expr = "the string {string} is attached as {string} before a failure")]
async fn attach_then_fail(w: &mut World, text: String, media_type: String) -> Result<(), String> {
    w.attach_text(text, media_type);
    Err("whoops".into())
}
