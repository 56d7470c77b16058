//! Gherkin dialects: the keywords of every spoken language Gherkin supports.
//!
//! The table is Cucumber's `gherkin-languages.json`, shipped inside the binary because the parser
//! cannot work without it (see docs/adr/0003-own-gherkin-parser.md).

use ferridriver_messages::StepKeywordType;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

const LANGUAGES_JSON: &str = include_str!("gherkin-languages.json");

/// The keywords of one language.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Dialect {
    /// English name of the language.
    pub name: String,
    /// The language's own name for itself.
    pub native: String,
    pub feature: Vec<String>,
    pub background: Vec<String>,
    pub rule: Vec<String>,
    pub scenario: Vec<String>,
    pub scenario_outline: Vec<String>,
    pub examples: Vec<String>,
    pub given: Vec<String>,
    pub when: Vec<String>,
    pub then: Vec<String>,
    pub and: Vec<String>,
    pub but: Vec<String>,
    /// Step keywords, longest first, with their keyword type. Filled after loading.
    #[serde(skip)]
    step_keywords: Vec<(String, StepKeywordType)>,
    /// Scenario and scenario-outline keywords together.
    #[serde(skip)]
    scenario_keywords: Vec<String>,
}

impl Dialect {
    /// Step keywords (with their trailing space where the language has one), longest first so
    /// that a keyword which is a prefix of another never wins over it.
    pub fn step_keywords(&self) -> &[(String, StepKeywordType)] {
        &self.step_keywords
    }

    /// The keywords that start a scenario, including the outline ones.
    pub fn scenario_keywords(&self) -> &[String] {
        &self.scenario_keywords
    }

    fn index(&mut self) {
        let groups = [
            (&self.given, StepKeywordType::Context),
            (&self.when, StepKeywordType::Action),
            (&self.then, StepKeywordType::Outcome),
            (&self.and, StepKeywordType::Conjunction),
            (&self.but, StepKeywordType::Conjunction),
        ];
        let mut types: Vec<(String, Vec<StepKeywordType>)> = Vec::new();
        for (words, ty) in groups {
            for w in words {
                match types.iter_mut().find(|(k, _)| k == w) {
                    Some((_, tys)) => {
                        if !tys.contains(&ty) {
                            tys.push(ty)
                        }
                    }
                    None => types.push((w.clone(), vec![ty])),
                }
            }
        }
        let mut kws: Vec<(String, StepKeywordType)> = types
            .into_iter()
            // A keyword shared by several kinds (such as `* `) says nothing about the step kind.
            .map(|(k, tys)| (k, if tys.len() == 1 { tys[0] } else { StepKeywordType::Unknown }))
            .collect();
        kws.sort_by_key(|(k, _)| std::cmp::Reverse(k.chars().count()));
        self.step_keywords = kws;
        self.scenario_keywords = self.scenario.iter().chain(&self.scenario_outline).cloned().collect();
    }
}

fn dialects() -> &'static HashMap<String, Dialect> {
    static DIALECTS: OnceLock<HashMap<String, Dialect>> = OnceLock::new();
    DIALECTS.get_or_init(|| {
        let mut all: HashMap<String, Dialect> =
            serde_json::from_str(LANGUAGES_JSON).expect("the embedded gherkin-languages.json is valid");
        for d in all.values_mut() {
            d.index();
        }
        all
    })
}

/// The dialect for a language code such as `en` or `fr`, if Gherkin knows it.
pub fn dialect(language: &str) -> Option<&'static Dialect> {
    dialects().get(language)
}

/// Every supported language code, sorted.
pub fn languages() -> Vec<&'static str> {
    let mut v: Vec<&str> = dialects().keys().map(String::as_str).collect();
    v.sort_unstable();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knows_eighty_languages() {
        assert_eq!(languages().len(), 80);
        assert_eq!(dialect("fr").map(|d| d.name.as_str()), Some("French"));
        assert!(dialect("xx").is_none());
    }

    #[test]
    fn star_is_a_keyword_of_unknown_type() {
        let en = dialect("en").unwrap();
        let star = en.step_keywords().iter().find(|(k, _)| k == "* ").unwrap();
        assert_eq!(star.1, StepKeywordType::Unknown);
        let given = en.step_keywords().iter().find(|(k, _)| k == "Given ").unwrap();
        assert_eq!(given.1, StepKeywordType::Context);
    }
}
