//! `getByRole` computes roles and accessible names in the page. Each case of the fixture is
//! found by role and exact name, hidden ones are not, and every name we compute for a case is
//! the one Chromium's own accessibility tree gives (read through `ariaSnapshot`).

mod support;

use ferridriver_browser::{RoleStates, TextMatch};
use serde_json::json;

const PAGES: &[(&str, &str)] = &[("/roles", include_str!("site/roles.html"))];

#[tokio::test(flavor = "current_thread")]
async fn roles_and_accessible_names_match_chromiums_tree() {
    let Some((browser, page, _base)) = support::open_at(PAGES, "/roles").await else { return };
    let cases: Vec<(String, String)> = serde_json::from_value(
        page.evaluate(
            "Array.from(document.querySelectorAll('[data-role]')).map((e) => [e.dataset.role, e.dataset.name])",
        )
        .await
        .unwrap(),
    )
    .unwrap();
    assert!(cases.len() >= 30, "the fixture's cases: {}", cases.len());
    let snapshot = page.aria_snapshot().await.unwrap();
    for (role, name) in &cases {
        let found = page.get_by_role(role, Some(TextMatch::Exact(name.clone())));
        assert_eq!(found.count().await.unwrap(), 1, "getByRole('{role}', {{ name: '{name}', exact: true }})");
        let marked = found.evaluate("(e) => e.dataset.role + '|' + e.dataset.name", serde_json::Value::Null).await;
        assert_eq!(marked.unwrap(), serde_json::json!(format!("{role}|{name}")), "the element marked for it");
        // Chromium agrees (its snapshot leaves some containers unnamed in this form).
        if !["row", "group"].contains(&role.as_str()) {
            assert!(
                snapshot.contains(&format!("{role} \"{name}\"")),
                "Chromium names it {role} \"{name}\":\n{snapshot}"
            );
        }
    }
    let hidden: Vec<(String, String)> = serde_json::from_value(
        page.evaluate(
            "Array.from(document.querySelectorAll('[data-none]')).map((e) => [e.dataset.none, e.textContent.trim()])",
        )
        .await
        .unwrap(),
    )
    .unwrap();
    assert_eq!(hidden.len(), 6);
    for (role, name) in &hidden {
        let found = page.get_by_role(role, Some(TextMatch::Exact(name.clone())));
        assert_eq!(found.count().await.unwrap(), 0, "{role} \"{name}\" is hidden or has no such role");
    }
    // Open shadow roots are searched; names match as substrings (any case) unless exact, or by
    // regular expression; without a name every element of the role counts.
    assert_eq!(page.get_by_role("button", Some(TextMatch::Exact("Shadow button".into()))).count().await.unwrap(), 1);
    assert_eq!(page.get_by_role("button", Some("DELETE".into())).count().await.unwrap(), 1);
    assert_eq!(
        page.get_by_role("button", Some(TextMatch::Regex { source: "^Part".into(), flags: String::new() }))
            .count()
            .await
            .unwrap(),
        1
    );
    assert_eq!(page.get_by_role("link", None).count().await.unwrap(), 2, "two visible links with an href");
    browser.close().await;
}

/// Playwright's other `getByRole` options: ARIA states and `includeHidden`.
#[tokio::test(flavor = "current_thread")]
async fn role_options_filter_by_aria_state() {
    let Some((browser, page, _base)) = support::open_at(PAGES, "/roles").await else { return };
    let states = page.locator("#states");
    let names = |role: &'static str, s: serde_json::Value| {
        let found = states.get_by_role_with(role, None, serde_json::from_value::<RoleStates>(s).unwrap());
        async move {
            let all = found
                .evaluate_all(
                    "(els) => els.map((e) => e.getAttribute('aria-label') || e.textContent.trim())",
                    serde_json::Value::Null,
                )
                .await
                .unwrap();
            serde_json::from_value::<Vec<String>>(all).unwrap()
        }
    };
    assert_eq!(names("heading", json!({ "level": 1 })).await, ["Top"]);
    assert_eq!(names("heading", json!({ "level": 3 })).await, ["Third"]);
    assert_eq!(names("heading", json!({ "level": 4 })).await, ["Fourth"]);
    assert_eq!(names("heading", json!({ "level": 2 })).await, ["Default level"], "a role=heading without a level is 2");
    assert_eq!(names("checkbox", json!({ "checked": true })).await, ["Ticked"]);
    assert_eq!(names("checkbox", json!({ "checked": false })).await, ["Unticked"], "the indeterminate one is neither");
    assert_eq!(names("switch", json!({ "checked": true })).await, ["Power"]);
    assert_eq!(names("button", json!({ "pressed": true })).await, ["Bold"]);
    assert_eq!(names("button", json!({ "pressed": false })).await, ["Italic"]);
    assert_eq!(names("button", json!({ "expanded": true })).await, ["Open menu"]);
    assert_eq!(names("button", json!({ "expanded": false })).await, ["Closed menu"]);
    assert_eq!(names("button", json!({ "disabled": true })).await, ["Native off", "Inherited off", "In fieldset"]);
    assert_eq!(names("option", json!({ "selected": true })).await, ["Blue"]);
    assert_eq!(names("tab", json!({ "selected": false })).await, ["Second tab"]);
    assert_eq!(
        names("button", json!({ "includeHidden": true, "disabled": false, "pressed": null })).await.last().unwrap(),
        "Hidden action"
    );
    assert!(!names("button", json!({})).await.contains(&"Hidden action".to_string()));
    // An option the role cannot have is refused at once, naming the roles that have it.
    let err = states
        .get_by_role_with("button", None, serde_json::from_value(json!({ "checked": true })).unwrap())
        .count()
        .await
        .unwrap_err()
        .to_string();
    assert!(err.starts_with(r#"getByRole: "checked" is only supported for the roles "checkbox""#), "{err}");
    assert!(err.ends_with(r#"not "button""#), "{err}");
    // Described as Playwright does, so errors name the options.
    let described = page.get_by_role_with(
        "heading",
        Some(TextMatch::Exact("Top".into())),
        serde_json::from_value(json!({ "level": 1 })).unwrap(),
    );
    assert_eq!(described.description(), "getByRole('heading', { name: 'Top', exact: true, level: 1 })");
    browser.close().await;
}
