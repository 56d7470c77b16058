//! `getByRole` computes roles and accessible names in the page. Each case of the fixture is
//! found by role and exact name, hidden ones are not, and every name we compute for a case is
//! the one Chromium's own accessibility tree gives (read through `ariaSnapshot`).

mod support;

use ferridriver_browser::TextMatch;

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
