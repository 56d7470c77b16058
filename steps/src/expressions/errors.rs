//! Errors of expressions and parameter types.
//!
//! The located errors reproduce upstream's messages byte for byte (the official testdata checks
//! them): a column, the expression, a caret diagram under the offending part, the problem and a
//! suggested fix. Positions are counted in Unicode code points, as upstream does, so the diagram
//! lines up under non-ASCII text too.

/// Which rule of the Cucumber Expression grammar an expression broke.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Problem {
    /// A `\` before a character that needs no escaping.
    CantEscape,
    /// The expression ends with a lone `\`.
    EndOfLineEscaped,
    /// A `{` without `}`.
    MissingEndParameter,
    /// A `(` without `)`.
    MissingEndOptional,
    /// A `/` inside `( )`.
    AlternationInOptional,
    /// `a//b`, `{int}/x`, ...: nothing between two separators.
    AlternativeEmpty,
    /// An alternative made of optionals only, e.g. `(a)/b`.
    AlternativeOnlyOptionals,
    /// `()`.
    OptionalEmpty,
    /// `((a))`.
    OptionalInOptional,
    /// `({int})`.
    ParameterInOptional,
    /// `{(name)}`: a reserved character inside a parameter name.
    InvalidParameterName,
}

/// Everything that can go wrong building or using expressions and parameter types.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExpressionError {
    /// The expression text breaks the Cucumber Expression grammar.
    #[error("{message}")]
    Syntax {
        /// Which rule was broken.
        problem: Problem,
        /// The offending expression.
        expression: String,
        /// Code-point index of the offending part (the reported column is this + 1).
        index: usize,
        /// The full upstream-compatible message, caret diagram included.
        message: String,
    },
    /// The expression names a parameter type nobody registered. The runner reports it as an
    /// `undefinedParameterType` message, hence the separate fields.
    #[error("{message}")]
    UndefinedParameterType {
        /// The unknown name (between the braces).
        name: String,
        /// The expression that used it.
        expression: String,
        /// The full upstream-compatible message, caret diagram included.
        message: String,
    },
    /// A second parameter type with an existing name.
    #[error("There is already a parameter type with name {0}")]
    DuplicateParameterType(String),
    /// A second anonymous (`{}`) parameter type.
    #[error("The anonymous parameter type has already been defined")]
    DuplicateAnonymousParameterType,
    /// Two preferential parameter types share a regexp, so regex lookups could not choose.
    #[error(
        "There can only be one preferential parameter type per regexp. The regexp /{regexp}/ is used for two preferential parameter types, {{{existing}}} and {{{added}}}"
    )]
    PreferentialConflict {
        /// The shared regexp.
        regexp: String,
        /// The type registered first.
        existing: String,
        /// The type being registered.
        added: String,
    },
    /// A parameter type name with characters an expression could not refer to.
    #[error(
        "Illegal character in parameter name {{{0}}}. Parameter names may not contain '{{', '}}', '(', ')', '\\' or '/'"
    )]
    InvalidParameterTypeName(String),
    /// A capture group of a regular-expression step definition matches the regexp of several
    /// parameter types, none preferential.
    #[error("{message}")]
    AmbiguousParameterType {
        /// The capture group's regexp.
        regexp: String,
        /// The names of the candidate parameter types.
        names: Vec<String>,
        /// The full message.
        message: String,
    },
    /// A regexp (of a step definition or a parameter type) that does not compile.
    #[error("Invalid regular expression /{pattern}/: {reason}")]
    InvalidRegex {
        /// The regexp source.
        pattern: String,
        /// Why the regex engine refused it.
        reason: String,
    },
}

impl ExpressionError {
    /// Builds a [`ExpressionError::Syntax`] pointing at code points `start..end`.
    pub(crate) fn syntax(problem: Problem, expression: &str, start: usize, end: usize) -> Self {
        let (what, fix) = texts(problem);
        ExpressionError::Syntax {
            problem,
            expression: expression.to_owned(),
            index: start,
            message: located_message(expression, start, &point_at_located(start, end), what, fix),
        }
    }

    /// Builds a [`ExpressionError::UndefinedParameterType`] for the parameter at `start..end`.
    pub(crate) fn undefined(name: &str, expression: &str, start: usize, end: usize) -> Self {
        ExpressionError::UndefinedParameterType {
            name: name.to_owned(),
            expression: expression.to_owned(),
            message: located_message(
                expression,
                start,
                &point_at_located(start, end),
                &format!("Undefined parameter type '{name}'"),
                &format!("Please register a ParameterType for '{name}'"),
            ),
        }
    }

    /// Builds the ambiguity error of a regex capture group. Upstream also lists Cucumber
    /// Expressions generated from the step text; we have no generator, so the first option only
    /// names the alternative.
    pub(crate) fn ambiguous(regexp: &str, expression_regexp: &str, names: Vec<String>) -> Self {
        let listed: Vec<String> = names.iter().map(|n| format!("{{{n}}}")).collect();
        let message = format!(
            "Your Regular Expression /{expression_regexp}/\nmatches multiple parameter types with regexp {regexp}:\n   {}\n\nI couldn't decide which one to use. You have two options:\n\n1) Use a Cucumber Expression instead of a Regular Expression.\n\n2) Make one of the parameter types preferential and continue to use a Regular Expression.\n",
            listed.join("\n   ")
        );
        ExpressionError::AmbiguousParameterType { regexp: regexp.to_owned(), names, message }
    }

    /// The problem of a grammar error, `None` for the other kinds.
    pub fn problem(&self) -> Option<Problem> {
        match self {
            ExpressionError::Syntax { problem, .. } => Some(*problem),
            _ => None,
        }
    }
}

/// The problem sentence and the suggested fix of each grammar rule, as upstream words them
/// (including its typos: the testdata compares them exactly).
fn texts(problem: Problem) -> (&'static str, &'static str) {
    match problem {
        Problem::CantEscape => (
            r"Only the characters '{', '}', '(', ')', '\', '/' and whitespace can be escaped",
            r"If you did mean to use an '\' you can use '\\' to escape it",
        ),
        Problem::EndOfLineEscaped => ("The end of line can not be escaped", r"You can use '\\' to escape the '\'"),
        Problem::MissingEndParameter => (
            "The '{' does not have a matching '}'",
            r"If you did not intend to use a parameter you can use '\{' to escape the a parameter",
        ),
        Problem::MissingEndOptional => (
            "The '(' does not have a matching ')'",
            r"If you did not intend to use optional text you can use '\(' to escape the optional text",
        ),
        Problem::AlternationInOptional => (
            "An alternation can not be used inside an optional",
            r"If you did not mean to use an alternation you can use '\/' to escape the '/'. Otherwise rephrase your expression or consider using a regular expression instead.",
        ),
        Problem::AlternativeEmpty => (
            "Alternative may not be empty",
            r"If you did not mean to use an alternative you can use '\/' to escape the '/'",
        ),
        Problem::AlternativeOnlyOptionals => (
            "An alternative may not exclusively contain optionals",
            r"If you did not mean to use an optional you can use '\(' to escape the '('",
        ),
        Problem::OptionalEmpty => (
            "An optional must contain some text",
            r"If you did not mean to use an optional you can use '\(' to escape the '('",
        ),
        Problem::OptionalInOptional => (
            "An optional may not contain an other optional",
            r"If you did not mean to use an optional type you can use '\(' to escape the '('. For more complicated expressions consider using a regular expression instead.",
        ),
        Problem::ParameterInOptional => (
            "An optional may not contain a parameter type",
            r"If you did not mean to use an parameter type you can use '\{' to escape the '{'",
        ),
        Problem::InvalidParameterName => (
            r"Parameter names may not contain '{', '}', '(', ')', '\' or '/'",
            "Did you mean to use a regular expression?",
        ),
    }
}

fn located_message(expression: &str, index: usize, pointer: &str, problem: &str, solution: &str) -> String {
    format!(
        "This Cucumber Expression has a problem at column {}:\n\n{expression}\n{pointer}\n{problem}.\n{solution}",
        index + 1
    )
}

/// `^` under `start`; for spans longer than one code point, `^---^` up to `end - 1`.
fn point_at_located(start: usize, end: usize) -> String {
    let mut pointer = " ".repeat(start);
    pointer.push('^');
    if start + 1 < end {
        pointer.push_str(&"-".repeat(end - start - 2));
        pointer.push('^');
    }
    pointer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointer_spans_the_node() {
        assert_eq!(point_at_located(0, 0), "^");
        assert_eq!(point_at_located(2, 3), "  ^");
        assert_eq!(point_at_located(6, 8), "      ^^");
        assert_eq!(point_at_located(0, 9), "^-------^");
    }

    #[test]
    fn undefined_message_matches_upstream() {
        let e = ExpressionError::undefined("x", "{x}", 0, 3);
        assert_eq!(
            e.to_string(),
            "This Cucumber Expression has a problem at column 1:\n\n{x}\n^-^\nUndefined parameter type 'x'.\nPlease register a ParameterType for 'x'"
        );
    }
}
