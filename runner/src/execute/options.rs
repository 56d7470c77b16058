//! Options of an execution run (the cucumber-js flags, after parsing).

use ferridriver_steps::tag_expressions::TagExpression;
use std::time::Duration;

/// In which order pickles are scheduled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Order {
    #[default]
    Defined,
    Reverse,
    /// Shuffled with this seed (printed, so a run can be replayed).
    Random(u64),
}

/// `--shard I/N`: this process runs the pickles whose index modulo N is I-1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: u32,
    pub total: u32,
}

impl Shard {
    /// Whether the pickle at `position` (0-based, among the selected ones in defined order)
    /// belongs to this shard. Every shard of one suite agrees, so together they run it once.
    pub fn keeps(&self, position: u32) -> bool {
        position % self.total == self.index - 1
    }
}

/// When the page is photographed for the report (`--screenshot`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Screenshots {
    #[default]
    OnFailure,
    Off,
    Always,
}

/// Where traces go unless `--output` says otherwise.
pub const DEFAULT_TRACE_DIR: &str = ".ferridriver/traces";

/// How to execute.
#[derive(Debug, Clone)]
pub struct RunOptions {
    pub parallel: usize,
    pub order: Order,
    pub dry_run: bool,
    /// Pending steps fail the run (cucumber-js default).
    pub strict: bool,
    pub fail_fast: bool,
    /// A test case that passed only on a retry fails the run (`--fail-on-flaky`).
    pub fail_on_flaky: bool,
    pub retry: u32,
    pub retry_tag_filter: Option<TagExpression>,
    pub world_parameters: serde_json::Value,
    pub default_timeout: Duration,
    /// Evidence gathering after steps (screenshots of an open page).
    pub screenshots: Screenshots,
    /// Long-lived worker threads to run on (watch mode keeps browsers warm this way); `None`
    /// starts fresh threads for the run.
    pub threads: Option<std::sync::Arc<super::threads::WorkerThreads>>,
    /// Where each worker's browser comes from (`--browser-path`, `--cdp-endpoint`, `[browser]`).
    pub browsers: super::browsers::WorkerBrowsers,
    /// Which attempts get a Playwright-format trace (`--trace`), and where they go.
    pub trace: super::TraceMode,
    pub trace_dir: std::path::PathBuf,
    /// Which attempts get videos of their pages (`--video`, the same modes), and where they go.
    pub video: super::TraceMode,
    pub video_dir: std::path::PathBuf,
    /// How JavaScript snippets are written (cucumber-js's `snippetInterface` format option).
    pub snippet_interface: ferridriver_steps::snippets::JsInterface,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            parallel: 1,
            order: Order::Defined,
            dry_run: false,
            strict: true,
            fail_fast: false,
            fail_on_flaky: false,
            retry: 0,
            retry_tag_filter: None,
            world_parameters: serde_json::json!({}),
            default_timeout: Duration::from_secs(5),
            screenshots: Screenshots::OnFailure,
            threads: None,
            browsers: Default::default(),
            trace: super::TraceMode::Off,
            trace_dir: std::path::PathBuf::from(DEFAULT_TRACE_DIR),
            video: super::TraceMode::Off,
            video_dir: std::path::PathBuf::from(super::DEFAULT_VIDEO_DIR),
            snippet_interface: Default::default(),
        }
    }
}
