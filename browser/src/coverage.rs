//! `page.coverage` as Playwright's (Chromium only there too): JavaScript coverage from V8's
//! precise coverage (every function with its ranges and call counts) and CSS coverage from
//! the rule usage the CSS domain tracks (the used parts of each style sheet). The page's
//! watcher notes the scripts and style sheets the page has while a run is on (forgetting
//! those of a document the page leaves, unless asked to keep them); stopping reads the
//! browser's answer once the watcher has caught up with every event sent before it. Our own
//! evaluations are scripts without a URL: with `reportAnonymousScripts` they are listed too.

use crate::error::{BrowserError, Result};
use crate::page::Page;
use futures::StreamExt;
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};

/// What the page's watcher keeps for the coverage runs under way.
#[derive(Debug, Default)]
pub(crate) struct CoverageState {
    js: Option<JsRun>,
    css: Option<CssRun>,
}

#[derive(Debug, Default)]
struct JsRun {
    reset_on_navigation: bool,
    /// The scripts parsed since the start (those already there are reported at the start),
    /// less those of documents the page left when `reset_on_navigation`.
    seen: HashSet<String>,
}

#[derive(Debug, Default)]
struct CssRun {
    reset_on_navigation: bool,
    /// Style sheets with a URL, in the order they came: id → URL.
    sheets: Vec<(String, String)>,
}

impl CoverageState {
    /// Follows the events a coverage run needs (scripts parsed, style sheets added, the page's
    /// documents replaced).
    pub(crate) fn observe(&mut self, method: &str, params: &Value) {
        match method {
            "Debugger.scriptParsed" => {
                if let (Some(run), Some(id)) = (self.js.as_mut(), params["scriptId"].as_str()) {
                    run.seen.insert(id.to_string());
                }
            }
            "CSS.styleSheetAdded" => {
                let header = &params["header"];
                if let (Some(run), Some(id), Some(url)) =
                    (self.css.as_mut(), header["styleSheetId"].as_str(), header["sourceURL"].as_str())
                {
                    if !url.is_empty() {
                        run.sheets.push((id.to_string(), url.to_string()));
                    }
                }
            }
            "Runtime.executionContextsCleared" => {
                if let Some(run) = self.js.as_mut().filter(|r| r.reset_on_navigation) {
                    run.seen.clear();
                }
                if let Some(run) = self.css.as_mut().filter(|r| r.reset_on_navigation) {
                    run.sheets.clear();
                }
            }
            _ => {}
        }
    }
}

/// One script's coverage, as Playwright's `stopJSCoverage` gives it (V8's function ranges).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct JsCoverageEntry {
    pub url: String,
    pub script_id: String,
    pub source: String,
    /// V8's `FunctionCoverage` list as the browser sent it.
    pub functions: Value,
}

/// One style sheet's coverage, as Playwright's `stopCSSCoverage` gives it: the used ranges of
/// its text, merged.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct CssCoverageEntry {
    pub url: String,
    pub text: String,
    pub ranges: Vec<CssRange>,
}

/// A used part of a style sheet's text (UTF-16 offsets, end exclusive).
#[derive(Debug, Clone, Copy, Serialize, PartialEq)]
pub struct CssRange {
    pub start: i64,
    pub end: i64,
}

impl Page {
    fn coverage_state(&self) -> std::sync::MutexGuard<'_, CoverageState> {
        self.inner.coverage.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Starts JavaScript coverage (`page.coverage.startJSCoverage`): `reset_on_navigation`
    /// leaves out the scripts of documents the page leaves.
    pub async fn start_js_coverage(&self, reset_on_navigation: bool) -> Result<()> {
        {
            let mut state = self.coverage_state();
            if state.js.is_some() {
                return Err(BrowserError::Evaluation("JSCoverage is already enabled".into()));
            }
            // Before `Debugger.enable`, which reports the scripts already there.
            state.js = Some(JsRun { reset_on_navigation, ..JsRun::default() });
        }
        let started = async {
            self.send("Profiler.enable", json!({})).await?;
            self.send("Profiler.startPreciseCoverage", json!({ "callCount": true, "detailed": true })).await?;
            self.send("Debugger.enable", json!({})).await?;
            self.send("Debugger.setSkipAllPauses", json!({ "skip": true })).await
        };
        if let Err(e) = started.await {
            self.end_js_coverage().await;
            return Err(e);
        }
        Ok(())
    }

    /// Stops JavaScript coverage: each script's URL, source and functions (`report_anonymous`
    /// keeps scripts without a URL, such as the page's own `eval`s).
    pub async fn stop_js_coverage(&self, report_anonymous: bool) -> Result<Vec<JsCoverageEntry>> {
        // Nothing started, nothing covered (Playwright answers an empty list too).
        if self.coverage_state().js.is_none() {
            return Ok(Vec::new());
        }
        let taken = self.send("Profiler.takePreciseCoverage", json!({})).await;
        self.inner.caught_up().await;
        // The run stays on record until the domains are off: a stop cut short (its step timed
        // out) leaves it for the scenario's reset to end.
        let seen = self.coverage_state().js.as_ref().map(|run| run.seen.clone()).unwrap_or_default();
        let mut kept = Vec::new();
        if let Ok(taken) = &taken {
            for script in taken["result"].as_array().into_iter().flatten() {
                let id = script["scriptId"].as_str().unwrap_or_default();
                let url = script["url"].as_str().unwrap_or_default();
                if seen.contains(id) && (!url.is_empty() || report_anonymous) {
                    kept.push(script);
                }
            }
        }
        // Sixteen sources asked for at a time, in order: one round trip each, one after the
        // other, took seconds on an app of 70 scripts whose page kept its renderer busy (and
        // all at once would leave the last of hundreds waiting past their time-out).
        let ids: Vec<Value> = kept.iter().map(|script| json!({ "scriptId": script["scriptId"].clone() })).collect();
        let mut requests = Vec::with_capacity(ids.len());
        for params in ids {
            requests.push(self.send("Debugger.getScriptSource", params));
        }
        let sources: Vec<Result<Value>> = futures::stream::iter(requests).buffered(16).collect().await;
        let mut entries = Vec::new();
        for (script, source) in kept.into_iter().zip(sources) {
            let source = match source {
                Ok(source) => source,
                // A script the browser no longer has gives no source: it is left out.
                Err(e) if e.to_string().contains("No script for id") => continue,
                Err(e) => {
                    self.end_js_coverage().await;
                    return Err(e);
                }
            };
            entries.push(JsCoverageEntry {
                url: script["url"].as_str().unwrap_or_default().to_string(),
                script_id: script["scriptId"].as_str().unwrap_or_default().to_string(),
                source: source["scriptSource"].as_str().unwrap_or_default().to_string(),
                functions: script["functions"].clone(),
            });
        }
        self.end_js_coverage().await;
        taken.map(|_| entries)
    }

    /// Turns JS coverage's domains off and forgets the run.
    async fn end_js_coverage(&self) {
        let _ = self.send("Profiler.stopPreciseCoverage", json!({})).await;
        let _ = self.send("Profiler.disable", json!({})).await;
        let _ = self.send("Debugger.disable", json!({})).await;
        self.coverage_state().js = None;
    }

    /// Turns CSS coverage's domains off and forgets the run.
    async fn end_css_coverage(&self) {
        let _ = self.send("CSS.stopRuleUsageTracking", json!({})).await;
        let _ = self.send("CSS.disable", json!({})).await;
        let _ = self.send("DOM.disable", json!({})).await;
        self.coverage_state().css = None;
    }

    /// Starts CSS coverage (`page.coverage.startCSSCoverage`).
    pub async fn start_css_coverage(&self, reset_on_navigation: bool) -> Result<()> {
        {
            let mut state = self.coverage_state();
            if state.css.is_some() {
                return Err(BrowserError::Evaluation("CSSCoverage is already enabled".into()));
            }
            // Before `CSS.enable`, which reports the style sheets already there.
            state.css = Some(CssRun { reset_on_navigation, sheets: Vec::new() });
        }
        let started = async {
            self.send("DOM.enable", json!({})).await?;
            self.send("CSS.enable", json!({})).await?;
            self.send("CSS.startRuleUsageTracking", json!({})).await
        };
        if let Err(e) = started.await {
            self.end_css_coverage().await;
            return Err(e);
        }
        Ok(())
    }

    /// Stops CSS coverage: each style sheet with a URL, its text and its used ranges.
    pub async fn stop_css_coverage(&self) -> Result<Vec<CssCoverageEntry>> {
        if self.coverage_state().css.is_none() {
            return Ok(Vec::new());
        }
        let usage = self.send("CSS.stopRuleUsageTracking", json!({})).await;
        self.inner.caught_up().await;
        let sheets = self.coverage_state().css.as_ref().map(|run| run.sheets.clone()).unwrap_or_default();
        let mut used: HashMap<String, Vec<CssRange>> = HashMap::new();
        if let Ok(usage) = &usage {
            for rule in usage["ruleUsage"].as_array().into_iter().flatten() {
                if rule["used"] != true {
                    continue;
                }
                let (Some(sheet), Some(start), Some(end)) =
                    (rule["styleSheetId"].as_str(), rule["startOffset"].as_f64(), rule["endOffset"].as_f64())
                else {
                    continue;
                };
                used.entry(sheet.to_string()).or_default().push(CssRange { start: start as i64, end: end as i64 });
            }
        }
        let mut entries = Vec::new();
        for (id, url) in &sheets {
            let Ok(text) = self.send("CSS.getStyleSheetText", json!({ "styleSheetId": id })).await else { continue };
            entries.push(CssCoverageEntry {
                url: url.clone(),
                text: text["text"].as_str().unwrap_or_default().to_string(),
                ranges: merged(used.remove(id).unwrap_or_default()),
            });
        }
        self.end_css_coverage().await;
        usage.map(|_| entries)
    }
}

/// The ranges as one sorted list of disjoint ranges (touching ones joined).
fn merged(mut ranges: Vec<CssRange>) -> Vec<CssRange> {
    ranges.sort_by_key(|r| (r.start, r.end));
    let mut out: Vec<CssRange> = Vec::new();
    for range in ranges {
        match out.last_mut() {
            Some(last) if range.start <= last.end => last.end = last.end.max(range.end),
            _ => out.push(range),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn used_ranges_are_merged_in_order() {
        let r = |start, end| CssRange { start, end };
        assert_eq!(
            merged(vec![r(10, 20), r(0, 5), r(5, 8), r(15, 30), r(40, 41)]),
            vec![r(0, 8), r(10, 30), r(40, 41)]
        );
    }

    #[test]
    fn a_reset_leaves_the_left_documents_out() {
        let mut state = CoverageState { js: Some(JsRun { reset_on_navigation: true, ..JsRun::default() }), css: None };
        state.observe("Debugger.scriptParsed", &json!({ "scriptId": "1" }));
        state.observe("Runtime.executionContextsCleared", &json!({}));
        state.observe("Debugger.scriptParsed", &json!({ "scriptId": "2" }));
        let run = state.js.unwrap();
        assert!(!run.seen.contains("1") && run.seen.contains("2"));
    }
}
