//! `locator.setInputFiles`: files given by content (a name, a media type and the bytes, read by
//! the caller, which decides what may be read) become the `files` of an `<input type=file>`,
//! as a user picking them would leave it (`input` and `change` events). Built in the page with
//! `DataTransfer`, so it works the same on a browser on another machine (a Grid node), where
//! no local path would exist.

use crate::error::{BrowserError, Result};
use crate::locator::Locator;
use base64::Engine;
use serde_json::json;

/// One file to put in a file input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputFile {
    pub name: String,
    pub mime_type: String,
    pub bytes: Vec<u8>,
}

/// Sets the files of `this` (an `<input type=file>`, or a label of one), with Playwright's
/// errors for an element that is not an input and for several files on a single-file input
/// (an input of another type takes the call without error, as in Playwright 1.65).
const SET_FILES: &str = r#"function(files) {
  let input = this;
  if (input.localName === 'label' && input.control) input = input.control;
  if (input.localName !== 'input') throw new Error('Node is not an HTMLInputElement');
  if (files.length > 1 && !input.multiple) throw new Error('Non-multiple file input can only accept single file');
  const transfer = new DataTransfer();
  for (const f of files) {
    const text = atob(f.data);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    transfer.items.add(new File([bytes], f.name, { type: f.mimeType }));
  }
  input.files = transfer.files;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}"#;

impl Locator {
    /// Sets the files of the one file input this locator names (none clears it). Waits for the
    /// element to be attached, as Playwright does (a hidden file input behind a styled button
    /// is the common case).
    pub async fn set_input_files(&self, files: &[InputFile]) -> Result<()> {
        let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
        self.traced(
            "setInputFiles",
            json!({ "payloads": names }),
            None,
            self.op("setInputFiles", async {
                let el = self.wait_for_one("setInputFiles", &[]).await?;
                let payloads: Vec<serde_json::Value> = files
                    .iter()
                    .map(|f| {
                        let data = base64::engine::general_purpose::STANDARD.encode(&f.bytes);
                        json!({ "name": f.name, "mimeType": f.mime_type, "data": data })
                    })
                    .collect();
                let set =
                    self.page.call_function_on(&el.object_id, SET_FILES, vec![json!({ "value": payloads })], true);
                let text = match set.await {
                    Ok(_) => return Ok(()),
                    Err(BrowserError::Evaluation(text)) => text,
                    Err(other) => return Err(other),
                };
                let first = text.lines().next().unwrap_or("setInputFiles failed");
                let mut message = first.trim_start_matches("Uncaught ");
                while let Some(rest) = message.strip_prefix("Error: ") {
                    message = rest;
                }
                // Playwright's wording: the in-page error's name stays in the message.
                Err(BrowserError::Evaluation(format!("locator.setInputFiles: Error: {message}")))
            }),
        )
        .await
    }
}
