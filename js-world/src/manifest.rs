//! The definitions a bundle registered (read from the manifest VM), with their original source
//! locations, and how they enter the `Registry`.

use crate::sourcemap::SourceMapper;
use ferridriver_steps::expressions::Transformer;
use ferridriver_steps::registry::{
    HookBody, HookKind, PatternKind, Registry, SourceLocation, StepBody, StepKeyword, ToolBody, ToolDefinition,
};
use serde::Deserialize;
use std::time::Duration;

/// The prelude's manifest as JSON. A plain struct with optional fields (not a tagged enum):
/// the build has `serde_json/arbitrary_precision` on, which breaks numbers in buffered enums.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawManifest {
    definitions: Vec<RawDefinition>,
    default_timeout: Option<f64>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawDefinition {
    #[serde(rename = "type")]
    what: String,
    keyword: Option<String>,
    pattern: Option<String>,
    flags: Option<String>,
    regex: Option<bool>,
    kind: Option<String>,
    tags: Option<String>,
    name: Option<String>,
    order: Option<f64>,
    timeout: Option<f64>,
    /// A BeforeAll/AfterAll hook `on: HookTarget.COORDINATOR`.
    #[serde(default)]
    coordinator: bool,
    index: Option<f64>,
    regexps: Option<Vec<String>>,
    id: Option<String>,
    use_for_snippets: Option<bool>,
    prefer_for_regexp_match: Option<bool>,
    description: Option<String>,
    input_schema: Option<String>,
    output_schema: Option<String>,
    expose_as_tool: Option<bool>,
    allow: Option<String>,
    plugin: Option<String>,
    version: Option<String>,
    error_codes: Option<Vec<String>>,
    has_setup: Option<bool>,
    has_teardown: Option<bool>,
    events: Option<Vec<String>>,
    line: f64,
    column: f64,
}

/// A JS step definition.
#[derive(Debug, Clone, PartialEq)]
pub struct JsStep {
    /// `Given`/`When`/`Then`, or `Step` for defineStep/And/But.
    pub keyword: StepKeyword,
    /// The expression, or the RegExp source with its i/m/s flags inlined.
    pub pattern: String,
    /// Cucumber expression or regular expression.
    pub kind: PatternKind,
    /// Its own timeout, else `setDefaultTimeout`.
    pub timeout: Option<Duration>,
    /// Its index in the VM (`StepBody::External`).
    pub index: usize,
    /// The original file and line of the registration.
    pub source: SourceLocation,
}

/// A JS hook.
#[derive(Debug, Clone, PartialEq)]
pub struct JsHook {
    /// When it runs.
    pub kind: HookKind,
    /// Its tag expression.
    pub tags: Option<String>,
    /// Its name (`Before({name})`).
    pub name: Option<String>,
    /// Its `order` option (0 by default).
    pub order: i32,
    /// Its own timeout, else `setDefaultTimeout`.
    pub timeout: Option<Duration>,
    /// Its index in the VM (`HookBody::External`).
    pub index: usize,
    /// The original file and line of the registration.
    pub source: SourceLocation,
    /// A BeforeAll/AfterAll hook that runs once per run, on the coordinator (cucumber-js's
    /// `on: HookTarget.COORDINATOR`), rather than on every worker.
    pub coordinator: bool,
}

/// A JS parameter type.
#[derive(Debug, Clone, PartialEq)]
pub struct JsParameterType {
    /// The name used in expressions (`{color}`).
    pub name: String,
    /// The RegExp sources.
    pub regexps: Vec<String>,
    /// The transformer id (`Transformer::External`).
    pub id: String,
    /// `useForSnippets` (default true).
    pub use_for_snippets: bool,
    /// `preferForRegexpMatch` (default false).
    pub prefer_for_regexp_match: bool,
    /// The original file and line of the registration.
    pub source: SourceLocation,
}

/// One definition, in registration order.
#[derive(Debug, Clone, PartialEq)]
pub enum JsDefinition {
    /// A step definition.
    Step(JsStep),
    /// A hook.
    Hook(JsHook),
    /// A parameter type.
    ParameterType(JsParameterType),
    /// A tool (`defineTool`), as the registry holds it.
    Tool(Box<ToolDefinition>),
    /// A plugin (`definePlugin`) that loaded; its tools follow as `Tool`s.
    Plugin(JsPlugin),
}

/// What a plugin declared about itself (its tools are registered as tools).
#[derive(Debug, Clone, PartialEq)]
pub struct JsPlugin {
    /// Its name: the namespace of its tools and error codes.
    pub name: String,
    /// `X.Y.Z`.
    pub version: String,
    /// What it is for.
    pub description: Option<String>,
    /// Its error codes, qualified (`box.LOGIN_FAILED`).
    pub error_codes: Vec<String>,
    /// It has a `setup(ctx)`, run once per host process before the first call.
    pub has_setup: bool,
    /// It has a `teardown(ctx)`, run on shutdown and before a reload replaces it.
    pub has_teardown: bool,
    /// The events it listens to (`on: { navigate, … }`).
    pub events: Vec<String>,
    /// Where `definePlugin` was called.
    pub source: SourceLocation,
}

impl JsDefinition {
    /// Where it was registered.
    pub fn source(&self) -> &SourceLocation {
        match self {
            JsDefinition::Step(s) => &s.source,
            JsDefinition::Hook(h) => &h.source,
            JsDefinition::ParameterType(p) => &p.source,
            JsDefinition::Tool(t) => &t.source,
            JsDefinition::Plugin(p) => &p.source,
        }
    }
}

/// Everything the bundle registered.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Manifest {
    /// In registration order.
    pub definitions: Vec<JsDefinition>,
    /// `setDefaultTimeout`, already applied to the definitions without their own timeout.
    pub default_timeout: Option<Duration>,
}

/// What a negative timeout stands for: cucumber-js's "no limit" (`setDefaultTimeout(-1)`, the
/// debugging setting suites switch on), kept finite so deadlines can still be added to clocks.
pub const NO_TIME_LIMIT: Duration = Duration::from_secs(u32::MAX as u64);

fn millis(ms: Option<f64>) -> Option<Duration> {
    match ms {
        Some(m) if m.is_finite() && m >= 0.0 => Some(Duration::from_millis(m as u64)),
        Some(m) if m < 0.0 => Some(NO_TIME_LIMIT),
        _ => None,
    }
}

impl Manifest {
    /// Parses the prelude's JSON, mapping each definition's bundle position to its source.
    pub fn parse(json: &str, mapper: &SourceMapper) -> Result<Manifest, String> {
        let raw: RawManifest = serde_json::from_str(json).map_err(|e| format!("bad manifest from the VM: {e}"))?;
        let default_timeout = millis(raw.default_timeout);
        let mut definitions = Vec::new();
        let mut sites = crate::call_sites::CallSites::new(mapper.root());
        for d in raw.definitions {
            let source = match mapper.original(d.line as u32, d.column as u32) {
                Some(p) => SourceLocation { line: sites.start_line(&p.file, p.line, p.column), uri: p.file },
                None => SourceLocation { uri: crate::sourcemap::BUNDLE_NAME.into(), line: d.line as u32 },
            };
            let index = d.index.unwrap_or(0.0) as usize;
            if d.what == "plugin" {
                definitions.push(JsDefinition::Plugin(JsPlugin {
                    name: d.name.unwrap_or_default(),
                    version: d.version.unwrap_or_default(),
                    description: d.description,
                    error_codes: d.error_codes.unwrap_or_default(),
                    has_setup: d.has_setup.unwrap_or(false),
                    has_teardown: d.has_teardown.unwrap_or(false),
                    events: d.events.unwrap_or_default(),
                    source,
                }));
                continue;
            }
            if d.what == "tool" {
                let schema = |text: Option<String>| text.and_then(|t| serde_json::from_str(&t).ok());
                definitions.push(JsDefinition::Tool(Box::new(ToolDefinition {
                    name: d.name.unwrap_or_default(),
                    description: d.description,
                    input_schema: schema(d.input_schema),
                    output_schema: schema(d.output_schema),
                    expose: d.expose_as_tool.unwrap_or(false),
                    // A tool's timeout is its own; without one the caller's applies.
                    timeout: millis(d.timeout),
                    allow: schema(d.allow).unwrap_or_default(),
                    plugin: d.plugin,
                    source,
                    body: ToolBody::External(index),
                })));
                continue;
            }
            let timeout = millis(d.timeout).or(default_timeout);
            definitions.push(match d.what.as_str() {
                "step" => JsDefinition::Step(JsStep {
                    keyword: match d.keyword.as_deref() {
                        Some("Given") => StepKeyword::Given,
                        Some("When") => StepKeyword::When,
                        Some("Then") => StepKeyword::Then,
                        _ => StepKeyword::Step,
                    },
                    pattern: if d.regex == Some(true) {
                        regex_with_flags(d.pattern.as_deref().unwrap_or(""), d.flags.as_deref().unwrap_or(""))
                    } else {
                        d.pattern.unwrap_or_default()
                    },
                    kind: if d.regex == Some(true) {
                        PatternKind::RegularExpression
                    } else {
                        PatternKind::CucumberExpression
                    },
                    timeout,
                    index,
                    source,
                }),
                "hook" => JsDefinition::Hook(JsHook {
                    kind: match d.kind.as_deref() {
                        Some("BeforeAll") => HookKind::BeforeAll,
                        Some("AfterAll") => HookKind::AfterAll,
                        Some("After") => HookKind::After,
                        Some("BeforeStep") => HookKind::BeforeStep,
                        Some("AfterStep") => HookKind::AfterStep,
                        _ => HookKind::Before,
                    },
                    tags: d.tags,
                    name: d.name,
                    order: d.order.unwrap_or(0.0) as i32,
                    timeout,
                    index,
                    source,
                    coordinator: d.coordinator,
                }),
                _ => JsDefinition::ParameterType(JsParameterType {
                    name: d.name.unwrap_or_default(),
                    regexps: d.regexps.unwrap_or_default(),
                    id: d.id.unwrap_or_default(),
                    use_for_snippets: d.use_for_snippets.unwrap_or(true),
                    prefer_for_regexp_match: d.prefer_for_regexp_match.unwrap_or(false),
                    source,
                }),
            });
        }
        Ok(Manifest { definitions, default_timeout })
    }

    /// Adds every definition to `registry`: parameter types first (step expressions need them,
    /// and cucumber-js resolves expressions only after all support code loaded), then steps and
    /// hooks in registration order.
    pub fn register(&self, registry: &mut Registry) {
        for d in &self.definitions {
            if let JsDefinition::ParameterType(p) = d {
                registry.add_parameter_type(
                    &p.name,
                    p.regexps.clone(),
                    Transformer::External(p.id.clone()),
                    p.use_for_snippets,
                    p.prefer_for_regexp_match,
                    Some(p.source.clone()),
                );
            }
        }
        for d in &self.definitions {
            match d {
                JsDefinition::Step(s) => registry.add_step(
                    s.keyword,
                    &s.pattern,
                    s.kind,
                    s.source.clone(),
                    StepBody::External(s.index),
                    s.timeout,
                ),
                JsDefinition::Hook(h) => {
                    let before = registry.hooks.len();
                    registry.add_hook(
                        h.kind,
                        h.name.clone(),
                        h.tags.as_deref(),
                        h.order,
                        h.source.clone(),
                        HookBody::External(h.index),
                        h.timeout,
                    );
                    // Only the hook just added (none when its tags were refused).
                    if h.coordinator && registry.hooks.len() > before {
                        if let Some(added) = registry.hooks.last_mut() {
                            added.once_per_run = true;
                        }
                    }
                }
                JsDefinition::Tool(t) => registry.add_tool((**t).clone()),
                JsDefinition::ParameterType(_) | JsDefinition::Plugin(_) => {}
            }
        }
    }

    /// The JS tools, in registration order.
    pub fn tools(&self) -> impl Iterator<Item = &ToolDefinition> {
        self.definitions.iter().filter_map(|d| match d {
            JsDefinition::Tool(t) => Some(t.as_ref()),
            _ => None,
        })
    }

    /// The plugins that loaded, in registration order.
    pub fn plugins(&self) -> impl Iterator<Item = &JsPlugin> {
        self.definitions.iter().filter_map(|d| match d {
            JsDefinition::Plugin(p) => Some(p),
            _ => None,
        })
    }

    /// Leaves out everything registered from the file `uri`, or from every file below it when
    /// it ends with `/` (a package's folder): its steps, hooks, parameter types, tools and
    /// plugins (a plugin whose setup failed registers nothing); returns the names of the tools
    /// and plugins left out.
    pub fn without_file(&mut self, uri: &str) -> (Vec<String>, Vec<String>) {
        let (mut tools, mut plugins) = (Vec::new(), Vec::new());
        self.definitions.retain(|d| {
            let from = &d.source().uri;
            let from_file = from == uri || (uri.ends_with('/') && from.starts_with(uri));
            match (from_file, d) {
                (true, JsDefinition::Tool(t)) => tools.push(t.name.clone()),
                (true, JsDefinition::Plugin(p)) => plugins.push(p.name.clone()),
                _ => {}
            }
            !from_file
        });
        (tools, plugins)
    }

    /// Whether a plugin listens to `event` (`on.<event>`).
    pub fn listens_to(&self, event: &str) -> bool {
        self.plugins().any(|p| p.events.iter().any(|e| e == event))
    }

    /// The timeout of step `index` (its own or `setDefaultTimeout`).
    pub fn step_timeout(&self, index: usize) -> Option<Duration> {
        self.definitions.iter().find_map(|d| match d {
            JsDefinition::Step(s) if s.index == index => s.timeout,
            _ => None,
        })
    }

    /// The timeout of hook `index` (its own or `setDefaultTimeout`).
    pub fn hook_timeout(&self, index: usize) -> Option<Duration> {
        self.definitions.iter().find_map(|d| match d {
            JsDefinition::Hook(h) if h.index == index => h.timeout,
            _ => None,
        })
    }
}

/// A JS RegExp's source with its flags as inline Rust regex flags (`i`, `m`, `s`; `g`, `y`,
/// `u`, `d` do not change what a step matches).
fn regex_with_flags(source: &str, flags: &str) -> String {
    let inline: String = flags.chars().filter(|c| matches!(c, 'i' | 'm' | 's')).collect();
    if inline.is_empty() {
        source.to_string()
    } else {
        format!("(?{inline}){source}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_manifest() {
        let json = r#"{"definitions":[
            {"type":"step","keyword":"Given","pattern":"a (.*)","flags":"i","regex":true,"timeout":null,"index":0,"line":3,"column":1},
            {"type":"hook","kind":"After","tags":"@x","name":null,"order":0,"timeout":250,"index":0,"line":4,"column":1},
            {"type":"parameterType","name":"color","regexps":["red|blue"],"id":"0","useForSnippets":true,"preferForRegexpMatch":false,"line":5,"column":1}
        ],"defaultTimeout":1000}"#;
        let m = Manifest::parse(json, &SourceMapper::default()).unwrap();
        let JsDefinition::Step(s) = &m.definitions[0] else { panic!("a step") };
        assert_eq!(s.pattern, "(?i)a (.*)");
        assert_eq!(s.timeout, Some(Duration::from_secs(1)));
        assert_eq!(m.hook_timeout(0), Some(Duration::from_millis(250)));
        assert!(matches!(&m.definitions[2], JsDefinition::ParameterType(p) if p.name == "color"));
    }

    #[test]
    fn a_negative_timeout_is_no_limit() {
        let json = r#"{"definitions":[
            {"type":"step","keyword":"Given","pattern":"a","flags":"","regex":false,"timeout":null,"index":0,"line":3,"column":1},
            {"type":"hook","kind":"After","tags":null,"name":null,"order":0,"timeout":-1,"index":0,"line":4,"column":1}
        ],"defaultTimeout":-1}"#;
        let m = Manifest::parse(json, &SourceMapper::default()).unwrap();
        let JsDefinition::Step(s) = &m.definitions[0] else { panic!("a step") };
        assert_eq!(s.timeout, Some(NO_TIME_LIMIT));
        assert_eq!(m.hook_timeout(0), Some(NO_TIME_LIMIT));
        assert_eq!(m.default_timeout, Some(NO_TIME_LIMIT));
    }
}
