//! The config file's `[browser]` table, read the same way for every host (bdd, mcp, run):
//! Playwright's context options, and beside them how contexts are used (`isolation`), where the
//! browsers come from (`grid`) and what `getByTestId` matches (`testIdAttribute`).

use ferridriver_browser::ContextOptions;
use serde_json::Value;
use std::path::Path;

/// `[browser]`, checked.
#[derive(Debug, Default, Clone)]
pub struct BrowserTable {
    /// Every context's options (an unknown option is an error naming it).
    pub context: ContextOptions,
    /// `isolation` as written (the bdd runner checks it beside its flag).
    pub isolation: Option<Value>,
    /// `grid`: the Grid's address (the grid flags and `FERRIDRIVER_GRID` win over it).
    pub grid: Option<String>,
    /// `testIdAttribute`.
    pub test_id_attribute: Option<String>,
    /// `args`: more Chromium switches for every browser launched (a suite's own
    /// `chromium.launch({ args })` cannot apply: the worker's browser is already running).
    pub args: Vec<String>,
}

/// Switches the browser it drives depends on (ferridriver sets them, or they would open the
/// DevTools endpoint to others or move iframes out of their page's process).
const OWN_SWITCHES: &[&str] = &[
    "--remote-debugging-port",
    "--remote-debugging-pipe",
    "--remote-debugging-address",
    "--remote-allow-origins",
    "--user-data-dir",
    "--headless",
    "--site-per-process",
    "--isolate-origins",
    "--single-process",
];

impl BrowserTable {
    /// Reads `table` (the config's `[browser]`, if any) of the config file at `path`.
    pub fn parse(table: Option<&Value>, path: &Path) -> Result<BrowserTable, String> {
        let Some(mut table) = table.cloned() else { return Ok(BrowserTable::default()) };
        let mut take = |key: &str| table.as_object_mut().and_then(|t| t.remove(key));
        let isolation = take("isolation");
        let grid = match take("grid") {
            None => None,
            Some(Value::String(url)) => Some(url),
            Some(other) => {
                return Err(format!(
                    "{}: [browser] grid must be the Grid's address as a string, not {other}",
                    path.display()
                ))
            }
        };
        let args = match take("args") {
            None => Vec::new(),
            Some(Value::Array(items)) => {
                let mut args = Vec::new();
                for item in items {
                    let Value::String(arg) = item else {
                        return Err(format!("{}: [browser] args must be strings, not {item}", path.display()));
                    };
                    // `--name` or `--name=value`; a bare `--` would end the switches (ours after it).
                    let name = arg.split('=').next().unwrap_or("");
                    let well_formed = name.len() > 2
                        && name.starts_with("--")
                        && name[2..].chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
                    if !well_formed {
                        return Err(format!(
                            "{}: [browser] args: {arg:?} is not a switch\n  hint: Chromium's switches start with --, e.g. \"--disable-web-security\"",
                            path.display()
                        ));
                    }
                    if let Some(own) = OWN_SWITCHES.iter().find(|s| name == **s) {
                        return Err(format!(
                            "{}: [browser] args: {own} is ferridriver's own\n  hint: use --headed for a visible browser",
                            path.display()
                        ));
                    }
                    args.push(arg);
                }
                args
            }
            Some(other) => {
                return Err(format!("{}: [browser] args must be an array of switches, not {other}", path.display()))
            }
        };
        let test_id_attribute = match take("testIdAttribute") {
            None => None,
            Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_string()),
            Some(other) => {
                return Err(format!(
                    "{}: [browser] testIdAttribute must be an attribute name, not {other}",
                    path.display()
                ))
            }
        };
        let mut context =
            ContextOptions::from_json(table).map_err(|e| format!("{}: [browser]: {e}", path.display()))?;
        // A config file's empty `viewport:` (YAML's null) is the default one; `viewport: null`
        // (no emulation) is for `browser.newContext`.
        if context.viewport == Some(None) {
            context.viewport = None;
        }
        // The scenario's own page may outlive its scenario (ADR 0016): videos per scenario are
        // `--video`'s (ADR 0031), not this option's.
        if context.record_video.is_some() {
            return Err(format!(
                "{}: [browser] recordVideo is not supported in the config file\n  hint: film every scenario with --video retain-on-failure (or [test] video), or record in a hook: this.context = await browser.newContext({{ recordVideo: {{ dir: 'videos' }} }})",
                path.display()
            ));
        }
        // One file per context, written when it closes: the scenario's context may live on.
        if context.record_har.is_some() {
            return Err(format!(
                "{}: [browser] recordHar is not supported in the config file\n  hint: record in a hook: this.context = await browser.newContext({{ recordHar: {{ path: 'network.har' }} }}), or keep each scenario's network in its trace with --trace retain-on-failure",
                path.display()
            ));
        }
        Ok(BrowserTable { context, isolation, grid, test_id_attribute, args })
    }
}

/// Gives `parameters` (the world parameters) a `baseUrl` from the context's `baseURL` when they
/// name none: relative URLs of every step and script resolve against it.
pub fn apply_base_url(context: &ContextOptions, parameters: &mut Value) {
    if let (Some(base), Some(parameters)) = (&context.base_url, parameters.as_object_mut()) {
        parameters.entry("baseUrl").or_insert_with(|| serde_json::json!(base));
    }
}

#[cfg(test)]
mod tests {
    use super::BrowserTable;
    use std::path::Path;

    #[test]
    fn an_empty_viewport_in_the_file_is_the_default_one() {
        let table = serde_json::json!({ "viewport": null, "locale": "fr-FR" });
        let read = BrowserTable::parse(Some(&table), Path::new("ferridriver.yaml")).unwrap();
        assert_eq!(read.context.viewport, None, "not `viewport: null` (no emulation)");
        let table = serde_json::json!({ "viewport": { "width": 800, "height": 600 } });
        let read = BrowserTable::parse(Some(&table), Path::new("ferridriver.yaml")).unwrap();
        assert_eq!(read.context.fixed_viewport().map(|v| (v.width, v.height)), Some((800, 600)));
    }
}
