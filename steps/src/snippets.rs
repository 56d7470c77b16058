//! Snippets for undefined steps: step-definition code to paste, in JavaScript (what cucumber-js
//! prints) or Rust (our `#[given(expr = "…")]` attribute macros).
//!
//! The expressions come from [`CucumberExpressionGenerator`]. The first one is the snippet;
//! the others follow as commented-out alternatives, the way cucumber-js lists them.

use ferridriver_messages::{PickleStepArgument, PickleStepType};

use crate::expressions::{
    BuiltIn, CucumberExpressionGenerator, GeneratedExpression, ParameterType, ParameterTypeRegistry, Transformer,
};

/// The language a snippet is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SnippetSyntax {
    /// cucumber-js's: `Given('…', function (…) { return 'pending'; });` in the style its
    /// `snippetInterface` format option names.
    JavaScript(JsInterface),
    /// `#[given(expr = "…")] async fn …(world: &mut World, …) -> StepResult`.
    Rust,
}

/// cucumber-js's `snippetInterface` format option: how a JavaScript snippet's function is
/// written and answers `pending`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum JsInterface {
    /// `function (…) { return 'pending'; }` (cucumber-js's default).
    #[default]
    Synchronous,
    /// `async function (…) { return 'pending'; }`.
    AsyncAwait,
    /// `function (…, callback) { callback(null, 'pending'); }`.
    Callback,
    /// `function (…) { return Promise.resolve('pending'); }`.
    Promise,
}

impl JsInterface {
    /// The option's values, as cucumber-js spells them.
    pub const NAMES: [&'static str; 4] = ["synchronous", "async-await", "callback", "promise"];

    /// Reads the option's value.
    pub fn parse(name: &str) -> Option<JsInterface> {
        Some(match name {
            "synchronous" => JsInterface::Synchronous,
            "async-await" => JsInterface::AsyncAwait,
            "callback" => JsInterface::Callback,
            "promise" => JsInterface::Promise,
            _ => return None,
        })
    }
}

impl SnippetSyntax {
    /// The `language` of a `Snippet` message: `javascript` or `rust`.
    pub fn language(self) -> &'static str {
        match self {
            SnippetSyntax::JavaScript(_) => "javascript",
            SnippetSyntax::Rust => "rust",
        }
    }
}

/// An argument a step carries besides its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SnippetArgument {
    /// A data table (`dataTable` in JavaScript, `table: &DataTable` in Rust).
    DataTable,
    /// A doc string (`docString` in JavaScript, `doc_string: &str` in Rust).
    DocString,
}

impl SnippetArgument {
    /// The arguments of a pickle step in the order they were written (a step may have both a
    /// doc string and a data table; `argument_index` says which came first).
    pub fn from_pickle(argument: Option<&PickleStepArgument>) -> Vec<SnippetArgument> {
        let Some(argument) = argument else { return Vec::new() };
        let mut found = Vec::new();
        if let Some(table) = &argument.data_table {
            found.push((table.argument_index.unwrap_or(1), SnippetArgument::DataTable));
        }
        if let Some(doc_string) = &argument.doc_string {
            found.push((doc_string.argument_index.unwrap_or(1), SnippetArgument::DocString));
        }
        found.sort_by_key(|(index, _)| *index);
        found.into_iter().map(|(_, kind)| kind).collect()
    }
}

/// The snippet for an undefined step: generates the expressions for `step_text` from the
/// registry's snippet parameter types and renders them with [`render`].
pub fn snippet(
    registry: &ParameterTypeRegistry,
    step_text: &str,
    keyword_type: PickleStepType,
    arguments: &[SnippetArgument],
    syntax: SnippetSyntax,
) -> String {
    let expressions = CucumberExpressionGenerator::new(registry).generate_expressions(step_text);
    render(&expressions, keyword_type, arguments, syntax)
}

/// Renders one snippet: the first expression as the definition, the others as commented-out
/// alternatives. The keyword follows the step type (`Context` → Given, `Action` → When,
/// `Outcome` → Then, `Unknown` → Given). With no expressions the snippet is for the empty
/// expression.
pub fn render(
    expressions: &[GeneratedExpression],
    keyword_type: PickleStepType,
    arguments: &[SnippetArgument],
    syntax: SnippetSyntax,
) -> String {
    let empty;
    let expressions = if expressions.is_empty() {
        empty =
            [GeneratedExpression { source: String::new(), parameter_names: Vec::new(), parameter_types: Vec::new() }];
        &empty[..]
    } else {
        expressions
    };
    let keyword = match keyword_type {
        PickleStepType::Action => "When",
        PickleStepType::Outcome => "Then",
        PickleStepType::Context | PickleStepType::Unknown => "Given",
    };
    match syntax {
        SnippetSyntax::JavaScript(style) => javascript(expressions, keyword, arguments, style),
        SnippetSyntax::Rust => rust(expressions, keyword, arguments),
    }
}

const COMMENT: &str = "Write code here that turns the phrase above into concrete actions";

fn javascript(
    expressions: &[GeneratedExpression],
    keyword: &str,
    arguments: &[SnippetArgument],
    style: JsInterface,
) -> String {
    let function = if style == JsInterface::AsyncAwait { "async function" } else { "function" };
    let pending = match style {
        JsInterface::Callback => "callback(null, 'pending');",
        JsInterface::Promise => "return Promise.resolve('pending');",
        JsInterface::Synchronous | JsInterface::AsyncAwait => "return 'pending';",
    };
    let mut out = String::new();
    for (index, expression) in expressions.iter().enumerate() {
        let mut taken = Vec::new();
        let mut names: Vec<String> =
            expression.parameter_names.iter().map(|n| unique(js_identifier(n), &mut taken)).collect();
        for argument in arguments {
            let name = match argument {
                SnippetArgument::DataTable => "dataTable",
                SnippetArgument::DocString => "docString",
            };
            names.push(unique(name.to_owned(), &mut taken));
        }
        // cucumber-js adds the callback last, under that name whatever the others are.
        if style == JsInterface::Callback {
            names.push("callback".to_owned());
        }
        if index > 0 {
            out.push_str("// ");
        }
        out.push_str(&format!("{keyword}('{}', {function} ({}) {{\n", js_string(&expression.source), names.join(", ")));
    }
    out.push_str(&format!("  // {COMMENT}\n  {pending}\n}});"));
    out
}

/// The inside of a single-quoted JavaScript string: backslashes doubled and quotes escaped as
/// cucumber-js does, plus line breaks (which step text cannot normally hold).
fn js_string(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    for c in source.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            _ => out.push(c),
        }
    }
    out
}

/// A parameter name as a JavaScript identifier. Valid names (all built-in ones) are kept as
/// they are; other characters become `_`.
fn js_identifier(name: &str) -> String {
    let mut out: String =
        name.chars().map(|c| if c.is_alphanumeric() || c == '_' || c == '$' { c } else { '_' }).collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_numeric()) {
        out.insert(0, '_');
    }
    if is_one_of(&out, JS_RESERVED) {
        out.push('_');
    }
    out
}

const JS_RESERVED: &str =
    "arguments await break case catch class const continue debugger default delete do else enum eval \
     export extends false finally for function if implements import in instanceof interface let new null \
     package private protected public return static super switch this throw true try typeof var void \
     while with yield";

/// The return type written in Rust snippets.
const RUST_RETURN_TYPE: &str = "StepResult";

fn rust(expressions: &[GeneratedExpression], keyword: &str, arguments: &[SnippetArgument]) -> String {
    let attribute = keyword.to_ascii_lowercase();
    let mut out = String::new();
    let mut signature = String::new();
    for (index, expression) in expressions.iter().enumerate() {
        let mut taken: Vec<String> = ["world", "table", "doc_string"].map(String::from).to_vec();
        let parameters: Vec<String> = expression
            .parameter_names
            .iter()
            .zip(&expression.parameter_types)
            .map(|(name, parameter_type)| {
                format!("{}: {}", unique(rust_identifier(name), &mut taken), rust_type(parameter_type))
            })
            .collect();
        let line = format!("#[{attribute}(expr = {})]", rust_string(&expression.source));
        if index == 0 {
            out.push_str(&line);
            out.push('\n');
            let mut all = vec!["world: &mut World".to_owned()];
            all.extend(parameters);
            all.extend(arguments.iter().map(|a| match a {
                SnippetArgument::DataTable => "table: &DataTable".to_owned(),
                SnippetArgument::DocString => "doc_string: &str".to_owned(),
            }));
            signature = format!(
                "async fn {}({}) -> {RUST_RETURN_TYPE} {{\n",
                function_name(&expression.source),
                all.join(", ")
            );
        } else if parameters.is_empty() {
            out.push_str(&format!("// {line}\n"));
        } else {
            out.push_str(&format!("// {line} ({})\n", parameters.join(", ")));
        }
    }
    out.push_str(&signature);
    out.push_str("    todo!(\"turn the phrase above into concrete actions\")\n}");
    out
}

/// The Rust type a parameter arrives as: the built-in integers as `i64`, floats as `f64`,
/// everything else as `String` (custom types flagged with a comment, since their transformer
/// decides the value).
fn rust_type(parameter_type: &ParameterType) -> String {
    match (&parameter_type.transformer, parameter_type.builtin) {
        (Transformer::BuiltIn(BuiltIn::Int | BuiltIn::Byte | BuiltIn::Short | BuiltIn::Long), true) => "i64".into(),
        (Transformer::BuiltIn(BuiltIn::Float), true) => "f64".into(),
        (_, true) => "String".into(),
        _ => {
            let name = parameter_type.name.as_deref().unwrap_or_default();
            // `*/` cannot appear in a parameter type's name (`*` is refused), but be safe.
            format!("String /* custom {{{}}}: use what its transformer returns */", name.replace("*/", "* /"))
        }
    }
}

/// A double-quoted Rust string literal.
fn rust_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c if c.is_control() => out.extend(c.escape_default()),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A snake_case ASCII identifier: camelCase is split, other characters become `_`, a leading
/// digit gets `arg_` in front and a keyword a trailing `_`.
fn rust_identifier(name: &str) -> String {
    let mut out = String::new();
    let mut previous: Option<char> = None;
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            if c.is_ascii_uppercase() && previous.is_some_and(|p| p.is_ascii_lowercase() || p.is_ascii_digit()) {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
        previous = Some(c);
    }
    let mut out = out.trim_end_matches('_').to_owned();
    if out.is_empty() {
        out = "arg".into();
    } else if out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert_str(0, "arg_");
    }
    if is_one_of(&out, RUST_KEYWORDS) {
        out.push('_');
    }
    out
}

/// The function name: the expression's literal words (parameters left out), lower-cased,
/// ASCII letters and digits only, at most six, joined by `_`; `step` when there are none.
fn function_name(source: &str) -> String {
    let mut literal = String::new();
    let mut chars = source.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => literal.extend(chars.next()),
            '{' => {
                // Generated expressions only have unescaped braces around parameter names.
                for inner in chars.by_ref() {
                    if inner == '}' {
                        break;
                    }
                }
                literal.push(' ');
            }
            c => literal.push(c),
        }
    }
    let words: Vec<String> = literal
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(6)
        .map(str::to_ascii_lowercase)
        .collect();
    let name = words.join("_");
    if name.is_empty() {
        "step".into()
    } else if name.starts_with(|c: char| c.is_ascii_digit()) || is_one_of(&name, RUST_KEYWORDS) {
        format!("step_{name}")
    } else {
        name
    }
}

const RUST_KEYWORDS: &str =
    "abstract as async await become box break const continue crate do dyn else enum extern false final fn \
     for gen if impl in let loop macro match mod move mut override priv pub ref return self static struct \
     super trait true try type typeof unsafe unsized use virtual where while yield";

/// Whether `word` is one of the whitespace-separated `words`.
fn is_one_of(word: &str, words: &str) -> bool {
    words.split_whitespace().any(|w| w == word)
}

/// `name`, or `name2`, `name3`, … when taken; records the result as taken.
fn unique(name: String, taken: &mut Vec<String>) -> String {
    let mut candidate = name.clone();
    let mut counter = 2;
    while taken.contains(&candidate) {
        candidate = format!("{name}{counter}");
        counter += 1;
    }
    taken.push(candidate.clone());
    candidate
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expressions::ParameterType;
    use ferridriver_messages::{PickleDocString, PickleTable};

    fn js(text: &str, keyword_type: PickleStepType, arguments: &[SnippetArgument]) -> String {
        snippet(
            &ParameterTypeRegistry::new(),
            text,
            keyword_type,
            arguments,
            SnippetSyntax::JavaScript(JsInterface::Synchronous),
        )
    }

    fn rs(
        registry: &ParameterTypeRegistry,
        text: &str,
        keyword_type: PickleStepType,
        args: &[SnippetArgument],
    ) -> String {
        snippet(registry, text, keyword_type, args, SnippetSyntax::Rust)
    }

    #[test]
    fn javascript_snippet_with_a_data_table_and_alternatives() {
        assert_eq!(
            js("I have 3 cukes", PickleStepType::Context, &[SnippetArgument::DataTable]),
            "Given('I have {int} cukes', function (int, dataTable) {\n\
             // Given('I have {float} cukes', function (float, dataTable) {\n  \
             // Write code here that turns the phrase above into concrete actions\n  \
             return 'pending';\n\
             });"
        );
    }

    #[test]
    fn javascript_snippet_interfaces_as_cucumber_js_writes_them() {
        let generated =
            CucumberExpressionGenerator::new(&ParameterTypeRegistry::new()).generate_expressions("an undefined step");
        let of = |style| render(&generated, PickleStepType::Context, &[], SnippetSyntax::JavaScript(style));
        let body = "  // Write code here that turns the phrase above into concrete actions\n";
        assert_eq!(
            of(JsInterface::Callback),
            format!("Given('an undefined step', function (callback) {{\n{body}  callback(null, 'pending');\n}});")
        );
        assert_eq!(
            of(JsInterface::Promise),
            format!("Given('an undefined step', function () {{\n{body}  return Promise.resolve('pending');\n}});")
        );
        assert_eq!(
            of(JsInterface::AsyncAwait),
            format!("Given('an undefined step', async function () {{\n{body}  return 'pending';\n}});")
        );
        assert_eq!(
            of(JsInterface::Synchronous),
            format!("Given('an undefined step', function () {{\n{body}  return 'pending';\n}});")
        );
        let with_table =
            CucumberExpressionGenerator::new(&ParameterTypeRegistry::new()).generate_expressions("I have 3 cukes");
        assert_eq!(
            render(&with_table[..1], PickleStepType::Context, &[SnippetArgument::DataTable], SnippetSyntax::JavaScript(JsInterface::Callback)),
            format!("Given('I have {{int}} cukes', function (int, dataTable, callback) {{\n{body}  callback(null, 'pending');\n}});")
        );
        assert_eq!(JsInterface::parse("async-await"), Some(JsInterface::AsyncAwait));
        assert_eq!(JsInterface::parse("generator"), None);
    }

    #[test]
    fn javascript_keywords_quotes_and_doc_strings() {
        assert_eq!(
            js(r#"I say "hi" to 'Bob'"#, PickleStepType::Action, &[SnippetArgument::DocString]),
            "When('I say {string} to {string}', function (string, string2, docString) {\n  \
             // Write code here that turns the phrase above into concrete actions\n  \
             return 'pending';\n\
             });"
        );
        let outcome = js(r"it's a\b (maybe)", PickleStepType::Outcome, &[]);
        assert!(outcome.starts_with(r"Then('it\'s a\\\\b \\(maybe)', function () {"), "{outcome}");
        assert!(js("x", PickleStepType::Unknown, &[]).starts_with("Given('x', function () {\n"));
    }

    #[test]
    fn rust_snippet() {
        let registry = ParameterTypeRegistry::new();
        assert_eq!(
            rs(&registry, "I have 3 cukes", PickleStepType::Context, &[]),
            "#[given(expr = \"I have {int} cukes\")]\n\
             // #[given(expr = \"I have {float} cukes\")] (float: f64)\n\
             async fn i_have_cukes(world: &mut World, int: i64) -> StepResult {\n    \
             todo!(\"turn the phrase above into concrete actions\")\n\
             }"
        );
        assert_eq!(
            rs(
                &registry,
                r#"the "Save" button is shown \o/ on page 2.5"#,
                PickleStepType::Outcome,
                &[SnippetArgument::DocString, SnippetArgument::DataTable]
            ),
            "#[then(expr = \"the {string} button is shown \\\\\\\\o\\\\/ on page {float}\")]\n\
             async fn the_button_is_shown_o_on(world: &mut World, string: String, float: f64, \
             doc_string: &str, table: &DataTable) -> StepResult {\n    \
             todo!(\"turn the phrase above into concrete actions\")\n\
             }"
        );
    }

    #[test]
    fn rust_names_types_and_custom_parameters() {
        let mut registry = ParameterTypeRegistry::new();
        let custom =
            |name: &str| ParameterType::new(name, vec!["red|blue".into()], Transformer::External(name.into())).unwrap();
        registry.define(custom("myColour")).unwrap();
        registry.define(custom("type")).unwrap();
        let code = rs(&registry, "red", PickleStepType::Action, &[]);
        assert!(code.starts_with("#[when(expr = \"{myColour}\")]\n// #[when(expr = \"{type}\")] (type_: String /*"));
        assert!(code.contains(
            "async fn step(world: &mut World, my_colour: String /* custom {myColour}: use what its transformer returns */)"
        ));
        assert_eq!(function_name("type"), "step_type");
        assert_eq!(function_name(r"3 \(big) {int} apples and more words here"), "step_3_big_apples_and_more_words");
        assert_eq!(rust_identifier("world"), "world");
        assert_eq!(unique("world".into(), &mut vec!["world".into()]), "world2");
        assert_eq!(rust_identifier("2nd-thing"), "arg_2nd_thing");
        assert_eq!(rust_identifier("ünï"), "n");
        assert_eq!(rust_identifier(""), "arg");
        assert_eq!(js_identifier("my-type"), "my_type");
        assert_eq!(js_identifier("class"), "class_");
        assert_eq!(rust_string("a\"b\\c\td"), r#""a\"b\\c\td""#);
    }

    #[test]
    fn rust_types_of_built_ins() {
        let registry = ParameterTypeRegistry::new();
        let of = |name: &str| rust_type(registry.lookup_by_type_name(name).unwrap());
        for (name, expected) in [
            ("int", "i64"),
            ("short", "i64"),
            ("long", "i64"),
            ("byte", "i64"),
            ("float", "f64"),
            ("double", "f64"),
            ("string", "String"),
            ("word", "String"),
            ("", "String"),
            ("biginteger", "String"),
            ("bigdecimal", "String"),
        ] {
            assert_eq!(of(name), expected, "{name}");
        }
    }

    #[test]
    fn empty_expressions_and_arguments_from_pickles() {
        let code = render(&[], PickleStepType::Context, &[], SnippetSyntax::JavaScript(JsInterface::default()));
        assert!(code.starts_with("Given('', function () {\n"));
        let code = render(&[], PickleStepType::Context, &[], SnippetSyntax::Rust);
        assert!(code.starts_with("#[given(expr = \"\")]\nasync fn step(world: &mut World) -> StepResult {\n"));

        assert!(SnippetArgument::from_pickle(None).is_empty());
        let both = PickleStepArgument {
            doc_string: Some(PickleDocString { argument_index: Some(1), media_type: None, content: String::new() }),
            data_table: Some(PickleTable { argument_index: Some(2), rows: Vec::new() }),
        };
        assert_eq!(SnippetArgument::from_pickle(Some(&both)), [SnippetArgument::DocString, SnippetArgument::DataTable]);
        let table = PickleStepArgument {
            data_table: Some(PickleTable { argument_index: None, rows: Vec::new() }),
            ..Default::default()
        };
        assert_eq!(SnippetArgument::from_pickle(Some(&table)), [SnippetArgument::DataTable]);
        assert_eq!(SnippetSyntax::Rust.language(), "rust");
    }
}
