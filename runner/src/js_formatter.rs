//! A cucumber-js custom formatter as one of the run's reporters: `--format ./my-formatter.js`
//! or `--format some-package[:PATH]` (anything that is not a built-in formatter and names a
//! project file or an installed package). The formatter runs in its own VM
//! (`ferridriver_js_world::JsFormatter`); what it writes goes to stdout or the file.

use ferridriver_js_world::JsFormatter;
use ferridriver_messages::Envelope;
use ferridriver_reporters::{FormatSpec, Output, Reporter, KNOWN_FORMATS};
use std::io::Write;
use std::path::Path;

/// Whether a formatter name is a module to load rather than a built-in (or a typo of one): a
/// path, a scoped package, or a package installed in the project.
pub fn is_custom_formatter(name: &str, root: &Path) -> bool {
    if KNOWN_FORMATS.contains(&name) {
        return false;
    }
    name.starts_with('.') || name.starts_with('/') || name.starts_with('@') || name.contains('/') || {
        root.join("node_modules").join(name).is_dir()
    }
}

/// The reporter around a loaded formatter.
pub struct JsFormatterReporter {
    formatter: JsFormatter,
    out: Output,
}

impl JsFormatterReporter {
    /// Loads the formatter `spec` names, with the format options.
    pub fn start(spec: &FormatSpec, root: &Path, options: &serde_json::Value) -> Result<JsFormatterReporter, String> {
        let out = Output::open(spec.path.as_deref()).map_err(|e| {
            format!("cannot write the {} report to {}: {e}", spec.name, spec.path.as_deref().unwrap_or("stdout"))
        })?;
        let formatter = JsFormatter::start(root, &spec.name, options)?;
        Ok(JsFormatterReporter { formatter, out })
    }
}

impl Reporter for JsFormatterReporter {
    fn on_envelope(&mut self, envelope: &Envelope) -> std::io::Result<()> {
        let json = serde_json::to_string(envelope).map_err(std::io::Error::other)?;
        let text = self.formatter.envelope(json).map_err(std::io::Error::other)?;
        if text.is_empty() {
            return Ok(());
        }
        self.out.write_all(text.as_bytes())?;
        // Live output, whole, before the next reporter's.
        self.out.flush()
    }

    fn finish(&mut self) -> std::io::Result<()> {
        let text = self.formatter.finish().map_err(std::io::Error::other)?;
        self.out.write_all(text.as_bytes())?;
        self.out.commit()
    }
}
