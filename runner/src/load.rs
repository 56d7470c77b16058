//! Loading features: parse every file, emit its messages, keep the selected pickles.

use crate::diagnostics::describe_parse_error;
use crate::discovery::{uri_of, FeatureTarget};
use crate::execute::RunContext;
use crate::filters::{selected_by_lines, PickleFilter};
use crate::gherkin::parse_source;
use ferridriver_messages::Pickle;
use std::sync::Arc;

/// What loading found.
pub struct Loaded {
    pub pickles: Vec<Arc<Pickle>>,
    /// Each parsed document as JSON, by URI: what JS hooks receive as `gherkinDocument`.
    pub documents: Documents,
    /// Files that could not be read or parsed (each error is already on stderr).
    pub syntax_errors: usize,
}

/// Gherkin documents as JSON, by URI.
pub type Documents = std::collections::HashMap<String, Arc<serde_json::Value>>;

/// Parses each target in order, emitting `source`, `gherkinDocument`/`parseError`s and the
/// selected `pickle`s. A broken file is reported and the others still load.
pub fn load_features(ctx: &RunContext, targets: &[FeatureTarget], language: &str, filter: &PickleFilter) -> Loaded {
    let mut sources = Vec::new();
    let mut unreadable = 0;
    for target in targets {
        let uri = uri_of(&target.path);
        match std::fs::read_to_string(&target.path) {
            Ok(data) => sources.push(FeatureSource { uri, data, lines: target.lines.clone() }),
            Err(e) => {
                eprintln!("{uri}: cannot read: {e}\n  hint: feature files must be readable UTF-8 text");
                unreadable += 1;
            }
        }
    }
    let mut loaded = load_sources(ctx, sources, language, filter);
    loaded.syntax_errors += unreadable;
    loaded
}

/// A feature's text with the URI it is reported under.
pub struct FeatureSource {
    pub uri: String,
    pub data: String,
    /// Lines selected by `PATH:LINE` (empty: all).
    pub lines: Vec<u32>,
}

/// Like [`load_features`] for sources already in memory.
pub fn load_sources(ctx: &RunContext, sources: Vec<FeatureSource>, language: &str, filter: &PickleFilter) -> Loaded {
    load_sources_with(ctx, sources, language, filter, true)
}

/// Parses the features and returns the selected pickles without printing syntax errors (watch
/// mode looks at the suite between runs; the run that follows prints them).
pub fn scan_features(targets: &[FeatureTarget], language: &str, filter: &PickleFilter) -> Loaded {
    let (sender, _nobody) = std::sync::mpsc::channel();
    let ctx = RunContext::new(
        std::sync::Arc::new(ferridriver_messages::IdGenerator::incrementing()),
        std::sync::Arc::new(ferridriver_messages::Clock::System),
        sender,
    );
    let sources = targets
        .iter()
        .filter_map(|t| {
            let data = std::fs::read_to_string(&t.path).ok()?;
            Some(FeatureSource { uri: uri_of(&t.path), data, lines: t.lines.clone() })
        })
        .collect();
    load_sources_with(&ctx, sources, language, filter, false)
}

fn load_sources_with(
    ctx: &RunContext,
    sources: Vec<FeatureSource>,
    language: &str,
    filter: &PickleFilter,
    print_errors: bool,
) -> Loaded {
    let mut loaded = Loaded { pickles: Vec::new(), documents: Documents::new(), syntax_errors: 0 };
    let mut position = 0u32;
    let mut in_shard = move || {
        let keep = filter.shard.is_none_or(|s| s.keeps(position));
        position += 1;
        keep
    };
    for FeatureSource { uri, data, lines } in sources {
        // `data` moves into the source message, so parse a borrowed copy first.
        let parsed = parse_source(&uri, &data, language, &ctx.ids);
        drop(data);
        for e in parsed.errors.iter().filter(|_| print_errors) {
            eprintln!("{}", describe_parse_error(&uri, e));
        }
        loaded.syntax_errors += parsed.errors.len();
        let selected: Vec<bool> = parsed
            .pickles
            .iter()
            .map(|p| {
                filter.accepts(p)
                    && parsed.document.as_ref().is_some_and(|d| selected_by_lines(p, d, &lines))
                    && in_shard()
            })
            .collect();
        let crate::gherkin::ParsedSource { source, document, pickles, errors } = parsed;
        ctx.emit(source);
        if let Some(doc) = document {
            if let Ok(json) = serde_json::to_value(&doc) {
                loaded.documents.insert(uri.clone(), Arc::new(json));
            }
            ctx.emit(doc);
        }
        for e in &errors {
            ctx.emit(crate::gherkin::parse_error_message(&uri, e));
        }
        for (pickle, keep) in pickles.into_iter().zip(selected) {
            if !keep {
                continue;
            }
            // `--repeat-each`: each repetition is a pickle of its own (new ids, same source),
            // so every report shows every run.
            let repetitions: Vec<Pickle> =
                (1..filter.repeat_each.max(1)).map(|_| repetition(&pickle, &ctx.ids)).collect();
            for p in std::iter::once(pickle).chain(repetitions) {
                ctx.emit(p.clone());
                loaded.pickles.push(Arc::new(p));
            }
        }
    }
    loaded
}

/// Another run of `pickle`: the same scenario with fresh pickle and step ids.
fn repetition(pickle: &Pickle, ids: &ferridriver_messages::IdGenerator) -> Pickle {
    let mut again = pickle.clone();
    again.id = ids.next_id();
    for step in &mut again.steps {
        step.id = ids.next_id();
    }
    again
}
