//! The `junit` formatter against cucumber/junit-xml-formatter's expectations (modulo the
//! `time` and `timestamp` attributes), plus a structural check against the Jenkins XSD's
//! required elements and attributes.

mod common;

use common::*;
use serde_json::json;

/// Blanks the values of `time="…"` and `timestamp="…"` attributes.
fn mask_times(xml: &str) -> String {
    let mut out = String::with_capacity(xml.len());
    let mut rest = xml;
    loop {
        let next = [" time=\"", " timestamp=\""].iter().filter_map(|p| rest.find(p).map(|i| (i, p.len()))).min();
        let Some((at, len)) = next else { break };
        out.push_str(&rest[..at + len]);
        rest = &rest[at + len..];
        let end = rest.find('"').unwrap_or(rest.len());
        out.push('*');
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The opening tags of an XML text, with their attribute names (a deliberately small reader:
/// our writer's output has no comments or processing instructions beyond the declaration).
fn tags(xml: &str) -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    let mut rest = xml;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        if rest.starts_with("![CDATA[") {
            let end = rest.find("]]>").map_or(rest.len(), |e| e + 3);
            rest = &rest[end..];
            continue;
        }
        if rest.starts_with('/') || rest.starts_with('?') {
            continue;
        }
        let end = rest.find('>').unwrap_or(rest.len());
        let tag = &rest[..end];
        let name = tag.split(|c: char| c.is_whitespace() || c == '/').next().unwrap_or("").to_string();
        let attributes = tag
            .split('"')
            .step_by(2)
            .filter_map(|s| s.trim().strip_suffix('='))
            .map(|s| s.rsplit(char::is_whitespace).next().unwrap_or(s).to_string());
        found.push((name, attributes.collect()));
    }
    found
}

/// Elements and required attributes per the Jenkins JUnit XSD.
fn check_structure(xml: &str) -> Result<(), String> {
    let tags = tags(xml);
    if tags.first().map(|t| t.0.as_str()) != Some("testsuite") {
        return Err("root is not <testsuite>".into());
    }
    for (name, attributes) in &tags {
        let required: &[&str] = match name.as_str() {
            "testsuite" => &["name", "tests"],
            "testcase" => &["name"],
            "failure" | "skipped" | "system-out" | "stackTrace" => &[],
            "flakyFailure" => &["type", "message"],
            other => return Err(format!("unexpected element <{other}>")),
        };
        for r in required {
            if !attributes.iter().any(|a| a == r) {
                return Err(format!("<{name}> lacks {r}"));
            }
        }
    }
    Ok(())
}

#[test]
fn junit_matches_upstream() {
    let Some(root) = conformance_dir() else { return };
    let dir = root.join("reporters/junit-xml-formatter/testdata/src");
    let mut tally = Tally::new("junit");
    for (sample, path) in samples(&dir) {
        let Ok(want) = std::fs::read_to_string(dir.join(format!("{sample}.default.xml"))) else { continue };
        let got = run("junit", json!({}), &envelopes(&path));
        if let Err(problem) = check_structure(&got) {
            panic!("{sample}: {problem}");
        }
        tally.check(&sample, &mask_times(&without_flaky(&got)), &mask_times(&normalise_eol(&want)));
    }
    tally.report(&[]);
}

/// Our output for every sample, validated by libxml2 against both XSDs of the conformance data.
#[test]
fn junit_is_valid_against_the_xsds() {
    let Some(root) = conformance_dir() else { return };
    assert!(
        std::process::Command::new("xmllint").arg("--version").output().is_ok(),
        "this test needs xmllint: apt-get install -y libxml2-utils (or run .ci/run)"
    );
    let formatter = root.join("reporters/junit-xml-formatter");
    let dir = formatter.join("testdata/src");
    let scratch = std::env::temp_dir().join(format!("ferridriver-junit-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut failures = Vec::new();
    let mut checked = 0;
    for (sample, path) in samples(&dir) {
        let xml = run("junit", json!({}), &envelopes(&path));
        for xsd in ["jenkins-junit.xsd", "surefire-test-report-3.0.2.xsd"] {
            // Surefire's schema has no `timestamp` on <testsuite>, which cucumber's own
            // formatter writes (its expectations fail Surefire the same way; upstream validates
            // against Jenkins only). Everything else must be valid for Surefire too.
            // Jenkins's schema predates Surefire's `<flakyFailure>` (the Jenkins JUnit plugin
            // reads it all the same): it checks the rest.
            let text = if xsd.starts_with("surefire") { strip_timestamp(&xml) } else { without_flaky(&xml) };
            let file = scratch.join(format!("{sample}.{xsd}.xml"));
            std::fs::write(&file, text).unwrap();
            let out = std::process::Command::new("xmllint")
                .args(["--noout", "--schema"])
                .arg(formatter.join(xsd))
                .arg(&file)
                .output()
                .unwrap();
            checked += 1;
            if !out.status.success() {
                failures.push(format!("{sample} vs {xsd}: {}", String::from_utf8_lossy(&out.stderr)));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    println!("junit xsd {}/{checked}", checked - failures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The XML without the root's `timestamp` attribute.
fn strip_timestamp(xml: &str) -> String {
    match xml.find(" timestamp=\"") {
        Some(at) => {
            let end = xml[at + 12..].find('"').map_or(xml.len(), |e| at + 12 + e + 1);
            format!("{}{}", &xml[..at], &xml[end..])
        }
        None => xml.to_string(),
    }
}

/// The report without `<flakyFailure>` elements, our addition to the reference formatter's
/// output (ADR 0021); `scenarios_that_passed_on_a_retry_carry_flaky_failures` checks them.
fn without_flaky(xml: &str) -> String {
    let mut out = String::new();
    let mut rest = xml;
    while let Some(start) = rest.find("<flakyFailure ") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find("</flakyFailure>\n").map_or(rest.len(), |e| start + e + "</flakyFailure>\n".len());
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The CCK's retry sample: the scenarios that passed on their second and third attempts carry
/// one `<flakyFailure>` per failed attempt before, as Maven Surefire writes them.
#[test]
fn scenarios_that_passed_on_a_retry_carry_flaky_failures() {
    let Some(root) = conformance_dir() else { return };
    let path = root.join("reporters/junit-xml-formatter/testdata/src/retry.ndjson");
    let xml = run("junit", json!({}), &envelopes(&path));
    let case = |name: &str| {
        let at = xml.find(&format!("name=\"{name}\"")).unwrap_or_else(|| panic!("{name} missing:\n{xml}"));
        let end = xml[at..].find("</testcase>").unwrap() + at;
        xml[at..end].to_string()
    };
    assert_eq!(case("Test cases that pass aren't retried").matches("<flakyFailure").count(), 0);
    assert_eq!(
        case("Test cases that fail are retried if within the --retry limit").matches("<flakyFailure").count(),
        1
    );
    let twice = case("Test cases that fail will continue to retry up to the --retry limit");
    assert_eq!(twice.matches("<flakyFailure").count(), 2, "{twice}");
    assert!(twice.contains("message=\"Exception in step\"") && twice.contains("<stackTrace>"), "{twice}");
    let failed = case("Test cases won't retry after failing more than the --retry limit");
    assert!(failed.contains("<failure") && !failed.contains("<flakyFailure"), "{failed}");
}
