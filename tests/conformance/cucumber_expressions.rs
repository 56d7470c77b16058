//! Cucumber Expressions and Regular Expressions against cucumber/cucumber-expressions' testdata:
//! tokens, syntax trees, generated regexes, matched arguments and exact error messages.

use super::Tally;
use ferridriver_steps::expressions::{
    parse, tokenize, ArgValue, Argument, CucumberExpression, Node, NodeType, ParameterTypeRegistry, RegularExpression,
};
use serde::Deserialize;
use serde_yaml::{Mapping, Value};
use std::path::Path;

fn testdata(root: &Path) -> std::path::PathBuf {
    root.join("cucumber-expressions/testdata")
}

/// Every YAML document of every file in `dir`, named `file#index`, in file-name order.
fn documents(dir: &Path) -> Vec<(String, Value)> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("testdata dir {}: {e}", dir.display()))
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".yaml") || n.ends_with(".yml"))
        .collect();
    names.sort();
    let mut docs = Vec::new();
    for name in names {
        let text = std::fs::read_to_string(dir.join(&name)).expect("readable testdata");
        for (i, doc) in serde_yaml::Deserializer::from_str(&text).enumerate() {
            let value = Value::deserialize(doc).unwrap_or_else(|e| panic!("{name}: bad YAML: {e}"));
            if !value.is_null() {
                docs.push((format!("{name}#{i}"), value));
            }
        }
    }
    docs
}

fn string(doc: &Value, key: &str) -> Option<String> {
    doc.get(key).and_then(Value::as_str).map(str::to_owned)
}

/// Problems comparing an error (or success) with the document's `exception`.
fn check_exception(doc: &Value, outcome: Result<(), String>) -> Vec<String> {
    match (string(doc, "exception"), outcome) {
        (Some(expected), Err(got)) if expected == got => vec![],
        (Some(expected), Err(got)) => vec![format!("error differs:\n--- got\n{got}\n--- expected\n{expected}")],
        (Some(expected), Ok(())) => vec![format!("no error, expected:\n{expected}")],
        (None, Err(got)) => vec![format!("unexpected error:\n{got}")],
        (None, Ok(())) => vec![],
    }
}

fn value_matches(got: &ArgValue, expected: &Value) -> bool {
    match (got, expected) {
        (ArgValue::Null, Value::Null) => true,
        (ArgValue::Int(i), Value::Number(n)) => n.as_i64() == Some(*i),
        (ArgValue::Float(f), Value::Number(n)) => n.is_f64() && n.as_f64() == Some(*f),
        (ArgValue::Str(s) | ArgValue::BigInt(s) | ArgValue::BigDecimal(s), Value::String(e)) => s == e,
        _ => false,
    }
}

/// Problems comparing a match with `expected_args` (absent or null: must not match).
fn check_args(doc: &Value, matched: Option<Vec<Argument>>) -> Vec<String> {
    let expected = doc.get("expected_args").cloned().unwrap_or(Value::Null);
    match (matched, expected) {
        (None, Value::Null) => vec![],
        (Some(args), Value::Null) => vec![format!("matched with {} args, expected no match", args.len())],
        (None, expected) => vec![format!("no match, expected {expected:?}")],
        (Some(args), Value::Sequence(expected)) => {
            let got: Vec<Result<ArgValue, String>> = args.iter().map(Argument::value).collect();
            let same = got.len() == expected.len()
                && got.iter().zip(&expected).all(|(g, e)| g.as_ref().is_ok_and(|g| value_matches(g, e)));
            if same {
                vec![]
            } else {
                vec![format!("args differ: got {got:?}, expected {expected:?}")]
            }
        }
        (Some(_), other) => vec![format!("unreadable expected_args {other:?}")],
    }
}

/// `cucumber-expression/matching`: arguments of a match, or the compile error.
pub fn matching(root: &Path) -> Tally {
    let registry = ParameterTypeRegistry::new();
    let mut tally = Tally::default();
    for (case, doc) in documents(&testdata(root).join("cucumber-expression/matching")) {
        let expression = string(&doc, "expression").unwrap_or_default();
        let problems = match CucumberExpression::new(&expression, &registry) {
            Err(e) => check_exception(&doc, Err(e.to_string())),
            Ok(compiled) => {
                let mut problems = check_exception(&doc, Ok(()));
                if problems.is_empty() {
                    let text = string(&doc, "text").unwrap_or_default();
                    problems = check_args(&doc, compiled.match_text(&text));
                }
                problems
            }
        };
        tally.record(&format!("matching/{case}"), problems);
    }
    tally
}

/// `cucumber-expression/transformation`: the generated regex source.
pub fn transformation(root: &Path) -> Tally {
    let registry = ParameterTypeRegistry::new();
    let mut tally = Tally::default();
    for (case, doc) in documents(&testdata(root).join("cucumber-expression/transformation")) {
        let expression = string(&doc, "expression").unwrap_or_default();
        let expected = string(&doc, "expected_regex").unwrap_or_default();
        let problems = match CucumberExpression::new(&expression, &registry) {
            Ok(c) if c.regex().as_str() == expected => vec![],
            Ok(c) => vec![format!("regex {:?}, expected {expected:?}", c.regex().as_str())],
            Err(e) => vec![format!("unexpected error:\n{e}")],
        };
        tally.record(&format!("transformation/{case}"), problems);
    }
    tally
}

/// `regular-expression/matching`: arguments of regular-expression step definitions.
pub fn regular_expression(root: &Path) -> Tally {
    let registry = ParameterTypeRegistry::new();
    let mut tally = Tally::default();
    for (case, doc) in documents(&testdata(root).join("regular-expression/matching")) {
        let expression = string(&doc, "expression").unwrap_or_default();
        let text = string(&doc, "text").unwrap_or_default();
        let problems = match RegularExpression::new(&expression, &registry) {
            Ok(compiled) => check_args(&doc, compiled.match_text(&text)),
            Err(e) => check_exception(&doc, Err(e.to_string())),
        };
        tally.record(&format!("regular-expression/{case}"), problems);
    }
    tally
}

/// Our syntax tree in the testdata's shape.
fn node_value(node: &Node) -> Value {
    let mut map = Mapping::new();
    map.insert("type".into(), node.kind.name().into());
    map.insert("start".into(), (node.start as u64).into());
    map.insert("end".into(), (node.end as u64).into());
    match (&node.token, node.kind) {
        (Some(token), NodeType::Text) => {
            map.insert("token".into(), token.as_str().into());
        }
        _ => {
            map.insert("nodes".into(), Value::Sequence(node.nodes.iter().map(node_value).collect()));
        }
    }
    Value::Mapping(map)
}

/// `cucumber-expression/parser`: the syntax tree, or the parse error.
pub fn parser(root: &Path) -> Tally {
    let mut tally = Tally::default();
    for (case, doc) in documents(&testdata(root).join("cucumber-expression/parser")) {
        let expression = string(&doc, "expression").unwrap_or_default();
        let problems = match parse(&expression) {
            Err(e) => check_exception(&doc, Err(e.to_string())),
            Ok(ast) => {
                let mut problems = check_exception(&doc, Ok(()));
                let got = node_value(&ast);
                match doc.get("expected_ast") {
                    Some(expected) if *expected == got => {}
                    Some(expected) => problems.push(format!(
                        "AST differs:\n--- got\n{}--- expected\n{}",
                        serde_yaml::to_string(&got).unwrap_or_default(),
                        serde_yaml::to_string(expected).unwrap_or_default()
                    )),
                    None if problems.is_empty() => problems.push("no expected_ast".into()),
                    None => {}
                }
                problems
            }
        };
        tally.record(&format!("parser/{case}"), problems);
    }
    tally
}

/// `cucumber-expression/tokenizer`: the tokens, or the tokenizer error.
pub fn tokenizer(root: &Path) -> Tally {
    let mut tally = Tally::default();
    for (case, doc) in documents(&testdata(root).join("cucumber-expression/tokenizer")) {
        let expression = string(&doc, "expression").unwrap_or_default();
        let problems = match tokenize(&expression) {
            Err(e) => check_exception(&doc, Err(e.to_string())),
            Ok(tokens) => {
                let mut problems = check_exception(&doc, Ok(()));
                let got: Vec<Value> = tokens
                    .iter()
                    .map(|t| {
                        let mut map = Mapping::new();
                        map.insert("type".into(), t.kind.name().into());
                        map.insert("start".into(), (t.start as u64).into());
                        map.insert("end".into(), (t.end as u64).into());
                        map.insert("text".into(), t.text.as_str().into());
                        Value::Mapping(map)
                    })
                    .collect();
                match doc.get("expected_tokens") {
                    Some(Value::Sequence(expected)) if *expected == got => {}
                    Some(expected) => problems.push(format!("tokens differ: got {got:?}, expected {expected:?}")),
                    None if problems.is_empty() => problems.push("no expected_tokens".into()),
                    None => {}
                }
                problems
            }
        };
        tally.record(&format!("tokenizer/{case}"), problems);
    }
    tally
}
