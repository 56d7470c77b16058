//! `ferridriver bdd --watch`: the first run as usual, then the process stays up with its
//! worker threads (and their browsers) warm and re-runs what each save changed. Every re-run
//! is a complete run with its own reports, headed by a line saying what ran and why.

use super::events::{Event, Events};
use super::fingerprint::{fingerprint, Shapes};
use crate::cli::EXIT_USAGE;
use crate::diagnostics::describe_parse_error;
use crate::discovery::discover;
use crate::execute::threads::WorkerThreads;
use crate::execute::workers::HostFactory;
use crate::filters::{pickle_key, PickleFilter};
use crate::gherkin::parse_source;
use crate::load::scan_features;
use crate::run_once::{load_definitions, run_once, Definitions, Prepared};
use ferridriver_messages::IdGenerator;
use ferridriver_steps::registry::MatchTable;
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// How long a burst of file events may take to count as one save.
const SETTLE: Duration = Duration::from_millis(30);

/// File extensions that hold code the steps may run.
const SCRIPT_EXTENSIONS: &[&str] = &["ts", "tsx", "mts", "cts", "js", "jsx", "mjs", "cjs"];

/// Which scenarios a run takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selection {
    All,
    /// Pickles by content key ([`pickle_key`]).
    Only(HashSet<u64>),
}

/// What a batch of saved files asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Reaction {
    /// Run these (with the header's reason).
    Run(Selection, String),
    /// Nothing to run; say why.
    Nothing(String),
    /// The config file changed: start over.
    Restart,
    /// None of the files is part of the suite.
    Ignored,
}

/// The state kept between runs.
pub struct Watch {
    prepared: Prepared,
    base_hosts: HostFactory,
    ids: Arc<IdGenerator>,
    root: PathBuf,
    definitions: Definitions,
    table: MatchTable,
    shapes: Shapes,
    /// Every selected pickle of the suite as last seen: content key → fingerprint.
    known: HashMap<u64, u64>,
    /// `(uri, name)` of the pickles last seen, to tell edited scenarios from new ones.
    names: HashSet<(String, String)>,
    /// The content keys of the scenarios that failed and have not passed since.
    failed: HashSet<u64>,
    last: Selection,
    runs: usize,
    /// The exit code of the last run.
    pub last_code: i32,
}

impl Watch {
    /// Loads the definitions on long-lived worker threads (so browsers stay warm).
    pub fn new(mut prepared: Prepared, hosts: HostFactory) -> Watch {
        prepared.options.threads = Some(Arc::new(WorkerThreads::default()));
        // Each pooled thread keeps its worker's browser warm between runs.
        prepared.options.browsers = std::mem::take(&mut prepared.options.browsers).kept_between_runs();
        let ids = Arc::new(IdGenerator::unique());
        let root = std::env::current_dir().unwrap_or_else(|_| ".".into());
        let definitions = load_definitions(&prepared, &ids, Arc::clone(&hosts));
        let table = MatchTable::new(&definitions.registry.steps);
        let shapes = Shapes::read(definitions.program.as_deref(), &root).unwrap_or_default();
        let mut watch = Watch {
            prepared,
            base_hosts: hosts,
            ids,
            root,
            definitions,
            table,
            shapes,
            known: HashMap::new(),
            names: HashSet::new(),
            failed: HashSet::new(),
            last: Selection::All,
            runs: 0,
            last_code: 0,
        };
        watch.rescan();
        watch
    }

    /// The project directory being watched.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Fingerprints every selected pickle of the suite; returns the keys whose fingerprint is
    /// new, with how many of them are scenarios not seen before (by file and name).
    fn rescan(&mut self) -> (HashSet<u64>, usize) {
        let targets = discover(&self.prepared.paths).unwrap_or_default();
        let loaded = scan_features(&targets, &self.prepared.language, &self.prepared.filter);
        let mut known = HashMap::new();
        let mut names = HashSet::new();
        let (mut changed, mut new) = (HashSet::new(), 0);
        for pickle in &loaded.pickles {
            let key = pickle_key(pickle);
            let print = fingerprint(pickle, &self.definitions.registry, &self.table, &self.shapes);
            if self.known.get(&key) != Some(&print) && changed.insert(key) {
                let name = (pickle.uri.clone(), pickle.name.clone());
                if !self.names.contains(&name) {
                    new += 1;
                }
            }
            known.insert(key, print);
            names.insert((pickle.uri.clone(), pickle.name.clone()));
        }
        // A scenario edited or removed since it failed is not "failed" any more under its old key.
        self.failed.retain(|key| known.contains_key(key));
        self.known = known;
        self.names = names;
        (changed, new)
    }

    /// Runs `selection`, printing `reason` in the header; remembers it as the last set.
    pub fn run(&mut self, selection: Selection, reason: &str) {
        self.runs += 1;
        let filter = PickleFilter {
            only: match &selection {
                Selection::All => None,
                Selection::Only(keys) => Some(Arc::new(keys.clone())),
            },
            ..self.prepared.filter.clone()
        };
        let count = match &selection {
            Selection::All => format!("all {} scenarios", self.known.len()),
            Selection::Only(keys) => format!("{} of {} scenarios", keys.len(), self.known.len()),
        };
        say(&format!("run {} · {count} · {reason}", self.runs));
        let result = run_once(&self.prepared, &self.ids, &self.definitions, &filter);
        self.last_code = result.code;
        let failed_ids: HashSet<&str> =
            result.summary.iter().flat_map(|s| s.failed_pickles.iter().map(String::as_str)).collect();
        for pickle in &result.pickles {
            let key = pickle_key(pickle);
            if failed_ids.contains(pickle.id.as_str()) {
                self.failed.insert(key);
            } else {
                self.failed.remove(&key);
            }
        }
        self.last = selection;
    }

    /// Re-runs the last set (Enter).
    pub fn rerun_last(&mut self) {
        let last = self.last.clone();
        self.run(last, "re-run of the last set");
    }

    /// Runs the scenarios that failed and have not passed since (`f`).
    pub fn run_failed(&mut self) {
        if self.failed.is_empty() {
            say("no failed scenarios to re-run");
            return;
        }
        let failed = self.failed.clone();
        self.run(Selection::Only(failed), "the failed scenarios");
    }

    /// Decides what saved `paths` ask for (and reloads the step files if some changed).
    pub fn react(&mut self, paths: &[PathBuf]) -> Reaction {
        let config = self.prepared.config_path.as_ref().map(|c| absolute(&self.root, c));
        if paths.iter().any(|p| Some(p) == config.as_ref()) {
            return Reaction::Restart;
        }
        let is_feature = |p: &&PathBuf| {
            let name = p.to_string_lossy();
            name.ends_with(".feature") || name.ends_with(".feature.md")
        };
        let is_script = |p: &&PathBuf| p.extension().is_some_and(|e| SCRIPT_EXTENSIONS.iter().any(|x| e == *x));
        let scripts: Vec<&PathBuf> = paths.iter().filter(is_script).collect();
        let shown: Vec<String> =
            paths.iter().filter(|p| is_feature(p) || is_script(p)).map(|p| self.relative(p)).collect();
        if shown.is_empty() {
            // Editors' temporary files, reports, pages: nothing the suite is made of.
            return Reaction::Ignored;
        }
        let broken = self.show_syntax_errors(paths.iter().filter(is_feature));
        let mut everything = None;
        if !scripts.is_empty() {
            if let Some(problem) = self.reload_definitions() {
                return Reaction::Nothing(problem);
            }
            let step_files: HashSet<PathBuf> = self
                .definitions
                .program
                .as_deref()
                .map(|p| p.files().iter().map(|f| absolute(&self.root, f)).collect())
                .unwrap_or_default();
            if let Some(other) = scripts.iter().find(|s| !step_files.contains(**s)) {
                // An imported helper or an extension: which steps it reaches is not known.
                everything =
                    Some(format!("{} changed (not a step file: every scenario may use it)", self.relative(other)));
            }
        }
        let (changed, new) = self.rescan();
        let mut saved = format!("{} saved", shown.join(", "));
        if !broken.is_empty() {
            saved.push_str(&format!(" ({} has syntax errors, shown above)", broken.join(", ")));
        }
        if let Some(reason) = everything {
            return Reaction::Run(Selection::All, reason);
        }
        if changed.is_empty() {
            return Reaction::Nothing(format!("{saved}: no scenario changed"));
        }
        let edited = changed.len() - new;
        let what = match (new, edited) {
            (0, e) => format!("{e} changed"),
            (n, 0) => format!("{n} new"),
            (n, e) => format!("{n} new, {e} changed"),
        };
        Reaction::Run(Selection::Only(changed), format!("{saved}: {what}"))
    }

    /// Prints the syntax errors of the saved feature files (`file:line:col` and a hint) and
    /// returns the files that have some: their scenarios cannot run until fixed.
    fn show_syntax_errors<'p>(&self, features: impl Iterator<Item = &'p PathBuf>) -> Vec<String> {
        let mut broken = Vec::new();
        for path in features {
            let Ok(data) = std::fs::read_to_string(path) else { continue };
            let uri = self.relative(path);
            let parsed = parse_source(&uri, &data, &self.prepared.language, &IdGenerator::incrementing());
            for e in &parsed.errors {
                eprintln!("{}", describe_parse_error(&uri, e));
            }
            if !parsed.errors.is_empty() {
                broken.push(uri);
            }
        }
        broken
    }

    /// Loads the step files again; on failure keeps the previous definitions and says why.
    fn reload_definitions(&mut self) -> Option<String> {
        let definitions = load_definitions(&self.prepared, &self.ids, Arc::clone(&self.base_hosts));
        if !definitions.ok {
            return Some("the step files have errors (above); still using the previous definitions".into());
        }
        match Shapes::read(definitions.program.as_deref(), &self.root) {
            Ok(shapes) => self.shapes = shapes,
            Err(files) => {
                return Some(format!("{} does not parse; still using the previous definitions", files.join(", ")))
            }
        }
        self.table = MatchTable::new(&definitions.registry.steps);
        self.definitions = definitions;
        None
    }

    fn relative(&self, path: &Path) -> String {
        path.strip_prefix(&self.root).unwrap_or(path).to_string_lossy().replace('\\', "/")
    }
}

fn absolute(root: &Path, path: &Path) -> PathBuf {
    if path.is_absolute() {
        path.to_path_buf()
    } else {
        root.join(path.strip_prefix(".").unwrap_or(path))
    }
}

/// A line of the watcher's own, on stdout between the reports.
fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "\n[watch] {text}");
    let _ = out.flush();
}

/// Runs `ferridriver bdd --watch` until `q` (or the config file changes: then the process
/// starts again with the same arguments).
pub fn run_watch(prepared: Prepared, hosts: HostFactory) -> i32 {
    let mut watch = Watch::new(prepared, hosts);
    watch.run(Selection::All, "first run");
    let events = match Events::start(watch.root()) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    };
    let mut prompt = true;
    loop {
        if prompt {
            let failed = watch.failed.len();
            say(&format!("watching for changes · Enter re-run · a all · f failed ({failed}) · q quit"));
        }
        prompt = true;
        match events.next(SETTLE) {
            None | Some(Event::Key('q')) => break,
            Some(Event::Key('\n')) => watch.rerun_last(),
            Some(Event::Key('a')) => watch.run(Selection::All, "all scenarios"),
            Some(Event::Key('f')) => watch.run_failed(),
            Some(Event::Key(_)) | Some(Event::InputClosed) => prompt = false,
            Some(Event::Files(paths)) => match watch.react(&paths) {
                Reaction::Run(selection, reason) => watch.run(selection, &reason),
                Reaction::Nothing(reason) => say(&reason),
                Reaction::Ignored => prompt = false,
                Reaction::Restart => {
                    say("the config file changed: starting again");
                    drop(events);
                    // Ends the worker threads, which closes their browsers.
                    drop(watch);
                    return restart();
                }
            },
        }
    }
    watch.last_code
}

/// Replaces this process with a fresh one with the same arguments.
fn restart() -> i32 {
    use std::os::unix::process::CommandExt;
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: cannot restart: {e}");
            return EXIT_USAGE;
        }
    };
    let error = std::process::Command::new(exe).args(std::env::args_os().skip(1)).exec();
    eprintln!("error: cannot restart: {error}");
    EXIT_USAGE
}
