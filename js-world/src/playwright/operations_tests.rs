//! The table against its two other copies: the JS classes that send the operations and the
//! `.d.ts` users program against.

use super::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The preludes that talk to the bridge.
const BRIDGE_JS: [&str; 19] = [
    include_str!("../js/playwright.js"),
    include_str!("../js/browser_context.js"),
    include_str!("../js/page_extras.js"),
    include_str!("../js/page_events.js"),
    include_str!("../js/page_routes.js"),
    include_str!("../js/element_handles.js"),
    include_str!("../js/expect.js"),
    include_str!("../js/api_request.js"),
    include_str!("../js/page_tags.js"),
    include_str!("../js/response_details.js"),
    include_str!("../js/har_routes.js"),
    include_str!("../js/locator_handlers.js"),
    include_str!("../js/workers.js"),
    include_str!("../js/screenshots.js"),
    include_str!("../js/file_chooser.js"),
    include_str!("../js/expose.js"),
    include_str!("../js/frames.js"),
    include_str!("../js/coverage.js"),
    include_str!("../js/clock.js"),
];

/// Every `'identifier'` literal in `code` (an apostrophe in a comment starts none).
fn quoted_names(code: &str) -> BTreeSet<String> {
    code.match_indices('\'')
        .filter_map(|(at, _)| {
            let rest = &code[at + 1..];
            let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '$').collect();
            (!name.is_empty() && rest[name.len()..].starts_with('\'')).then_some(name)
        })
        .collect()
}

/// The names JS sends: the literal right after each way the preludes hand an operation to the
/// bridge (`_op('x'`, `op(page, 'x'`, `op: 'x'`, an expect mapping's `['toX', …]`, …).
fn sent_names(code: &str) -> BTreeSet<String> {
    const SENDS: [&str; 10] = [
        "_op('",
        "op(page, '",
        "op(this._page, '",
        "op(response._page, '",
        "op('",
        "_answer('",
        "op: '",
        "single('",
        "text('",
        "['to",
    ];
    let mut names = BTreeSet::new();
    for prefix in SENDS {
        for (at, _) in code.match_indices(prefix) {
            let rest = &code[at + prefix.len()..];
            let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
            let name = if prefix == "['to" { format!("to{name}") } else { name };
            if rest[name.len().min(rest.len())..].starts_with('\'') || prefix == "['to" {
                names.insert(name);
            }
        }
    }
    names
}

#[test]
fn each_operation_is_named_once_per_target() {
    let mut seen = BTreeSet::new();
    for o in OPERATIONS {
        assert!(seen.insert((o.target, o.name)), "{}.{} is declared twice", o.target, o.name);
        assert!(o.args.len() < 8, "{}.{}: arguments beyond the JSON the preludes send", o.target, o.name);
    }
}

#[test]
fn the_js_classes_send_every_operation_and_nothing_else() {
    let quoted: BTreeSet<String> = BRIDGE_JS.iter().flat_map(|c| quoted_names(c)).collect();
    let unsent: Vec<String> =
        OPERATIONS.iter().filter(|o| !quoted.contains(o.name)).map(|o| format!("{}.{}", o.target, o.name)).collect();
    assert!(unsent.is_empty(), "rows no JS class sends (delete them or call them): {unsent:?}");

    let declared: BTreeSet<&str> = OPERATIONS.iter().map(|o| o.name).collect();
    let sent: BTreeSet<String> = BRIDGE_JS.iter().flat_map(|c| sent_names(c)).collect();
    assert!(sent.len() > 60, "the scan found too few operations ({}): did the preludes change shape?", sent.len());
    let undeclared: Vec<&String> = sent.iter().filter(|n| !declared.contains(n.as_str())).collect();
    assert!(undeclared.is_empty(), "operations the JS classes send that the table lacks: {undeclared:?}");
}

/// `Name` → the members its `class`/`interface` blocks declare, in every `.d.ts` of the types,
/// with those of the interfaces it `extends`.
fn declared_members() -> BTreeMap<String, BTreeSet<String>> {
    let mut extends: Vec<(String, String)> = Vec::new();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../runner/assets/types");
    let mut members: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).expect("runner/assets/types") {
        let path = entry.expect("entry").path();
        if !path.to_string_lossy().ends_with(".d.ts") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable .d.ts");
        let mut current: Option<(String, usize)> = None;
        for line in text.lines() {
            let indent = line.len() - line.trim_start().len();
            let trimmed = line.trim_start();
            let head = trimmed.strip_prefix("export ").unwrap_or(trimmed);
            if let Some(rest) = head.strip_prefix("class ").or_else(|| head.strip_prefix("interface ")) {
                let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
                members.entry(name.clone()).or_default();
                if let Some((_, parents)) = rest.split_once(" extends ") {
                    for parent in parents.trim_end_matches(['{', '}', ' ']).split(',') {
                        let parent: String = parent.trim().chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
                        extends.push((name.clone(), parent));
                    }
                }
                current = (!trimmed.ends_with("{}")).then_some((name, indent));
                continue;
            }
            let Some((name, block_indent)) = &current else { continue };
            if trimmed == "}" && indent == *block_indent {
                current = None;
            } else if trimmed.starts_with('|') {
                // The members an interface takes from another (`Pick<Page, | 'a' | 'b'>`).
                members.get_mut(name).expect("entered").extend(quoted_names(trimmed));
            } else if indent == block_indent + 2 {
                let member = trimmed.strip_prefix("readonly ").unwrap_or(trimmed);
                let member: String = member.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '$').collect();
                if !member.is_empty() {
                    members.get_mut(name).expect("entered").insert(member);
                }
            }
        }
    }
    for (child, parent) in extends {
        let inherited = members.get(&parent).cloned().unwrap_or_default();
        members.entry(child).or_default().extend(inherited);
    }
    members
}

#[test]
fn every_playwright_member_of_the_table_is_declared_for_users() {
    let members = declared_members();
    assert!(members.get("Page").is_some_and(|m| m.contains("goto")), "the .d.ts scan found no Page.goto");
    let missing: Vec<&str> = OPERATIONS
        .iter()
        .flat_map(|o| o.api.iter().copied())
        .filter(|api| {
            let (class, member) = api.split_once('.').expect("Class.member");
            !members.get(class).is_some_and(|m| m.contains(member))
        })
        .collect();
    assert!(missing.is_empty(), "members the table serves that the .d.ts does not declare: {missing:?}");
}

#[test]
fn labels_read_as_playwright_names_its_errors() {
    assert_eq!(find("context", "storageState").unwrap().label(), "browserContext.storageState");
    assert_eq!(find("page", "nextEvents").unwrap().label(), "page.nextEvents");
    assert_eq!(find("request", "fetch").unwrap().label(), "apiRequestContext.fetch");
    assert!(find("page", "url").is_none(), "no caller sends page.url");
}
