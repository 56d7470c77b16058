//! Parses tokens into the superset syntax tree of `ARCHITECTURE.md`.
//!
//! The grammar accepted here is deliberately looser than Cucumber Expressions (parameters and
//! optionals may nest, alternatives may be empty): the compiler rejects those trees afterwards
//! with precise messages. Only unbalanced `(`/`{`, `/` inside an optional and reserved
//! characters inside a parameter name are rejected while parsing.
//!
//! The parser is a small set of rules tried in order at each token; a rule that does not apply
//! consumes nothing. An alternation is only attempted right after a left boundary (start of
//! line, whitespace or `}`) and runs to the next right boundary (whitespace, end of line or
//! `{`); it succeeds when that stretch contains a `/`.

use std::cell::Cell;

use super::ast::{Node, NodeType, Token, TokenType};
use super::errors::{ExpressionError, Problem};
use super::tokenizer::tokenize;

/// Parses `expression` into its syntax tree (root: [`NodeType::Expression`]).
pub fn parse(expression: &str) -> Result<Node, ExpressionError> {
    let tokens = tokenize(expression)?;
    let parser = Parser { expression, tokens: &tokens, depth: Cell::new(0) };
    let (_, nodes) = parser.until(TOP_LEVEL, 1, &[TokenType::EndOfLine])?;
    let end = tokens.last().map_or(0, |t| t.end);
    Ok(Node::branch(NodeType::Expression, nodes, 0, end))
}

/// The parsing rules.
#[derive(Clone, Copy)]
enum Rule {
    Alternation,
    /// A `/` inside an alternation; yields a marker node split away afterwards.
    Separator,
    Optional,
    Parameter,
    Text,
    /// Text inside `{ }`.
    Name,
}

const TOP_LEVEL: &[Rule] = &[Rule::Alternation, Rule::Optional, Rule::Parameter, Rule::Text];
const IN_ALTERNATION: &[Rule] = &[Rule::Separator, Rule::Optional, Rule::Parameter, Rule::Text];
const IN_OPTIONAL: &[Rule] = &[Rule::Optional, Rule::Parameter, Rule::Text];
const IN_PARAMETER: &[Rule] = &[Rule::Name];

/// How deeply `( )` may nest before parsing stops. Nested optionals are invalid anyway (the
/// compiler rejects them); the cap only keeps a hostile expression from exhausting the stack.
const MAX_DEPTH: usize = 64;

/// Tokens consumed and nodes produced by a rule.
type Parsed = Result<(usize, Vec<Node>), ExpressionError>;

struct Parser<'a> {
    expression: &'a str,
    tokens: &'a [Token],
    /// Current nesting of `between` rules.
    depth: Cell<usize>,
}

impl Parser<'_> {
    fn kind_at(&self, index: usize) -> TokenType {
        // Past the end behaves as end of line, which never happens with well-formed token lists.
        self.tokens.get(index).map_or(TokenType::EndOfLine, |t| t.kind)
    }

    /// Applies the first rule that consumes something, repeatedly, until a token of
    /// `end_kinds` (not consumed).
    fn until(&self, rules: &[Rule], start: usize, end_kinds: &[TokenType]) -> Parsed {
        let mut current = start;
        let mut nodes = Vec::new();
        while current < self.tokens.len() && !end_kinds.contains(&self.kind_at(current)) {
            let mut consumed = 0;
            for &rule in rules {
                let (used, produced) = self.apply(rule, current)?;
                if used > 0 {
                    consumed = used;
                    nodes.extend(produced);
                    break;
                }
            }
            if consumed == 0 {
                // Unreachable with the rule sets above; stopping beats looping forever, and the
                // caller then reports the missing closing token.
                break;
            }
            current += consumed;
        }
        Ok((current - start, nodes))
    }

    fn apply(&self, rule: Rule, current: usize) -> Parsed {
        let Some(token) = self.tokens.get(current) else { return Ok((0, Vec::new())) };
        match rule {
            Rule::Alternation => self.alternation(current),
            Rule::Separator if token.kind == TokenType::Alternation => Ok((
                1,
                vec![Node {
                    token: Some(token.text.clone()),
                    ..Node::branch(NodeType::Alternative, Vec::new(), token.start, token.end)
                }],
            )),
            Rule::Separator => Ok((0, Vec::new())),
            Rule::Optional => {
                self.between(current, NodeType::Optional, TokenType::BeginOptional, TokenType::EndOptional, IN_OPTIONAL)
            }
            Rule::Parameter => self.between(
                current,
                NodeType::Parameter,
                TokenType::BeginParameter,
                TokenType::EndParameter,
                IN_PARAMETER,
            ),
            Rule::Text => match token.kind {
                TokenType::WhiteSpace | TokenType::Text | TokenType::EndParameter | TokenType::EndOptional => {
                    Ok((1, vec![Node::text_node(token)]))
                }
                // Alternations are tried before text wherever they are allowed, so a `/` that
                // reaches this rule sits inside an optional.
                TokenType::Alternation => Err(ExpressionError::syntax(
                    Problem::AlternationInOptional,
                    self.expression,
                    token.start,
                    token.end,
                )),
                _ => Ok((0, Vec::new())),
            },
            Rule::Name => match token.kind {
                TokenType::WhiteSpace | TokenType::Text => Ok((1, vec![Node::text_node(token)])),
                TokenType::BeginParameter
                | TokenType::EndParameter
                | TokenType::BeginOptional
                | TokenType::EndOptional
                | TokenType::Alternation => {
                    Err(ExpressionError::syntax(Problem::InvalidParameterName, self.expression, token.start, token.end))
                }
                _ => Ok((0, Vec::new())),
            },
        }
    }

    /// `begin, content*, end` → one node of `kind`; an unclosed `begin` is an error.
    fn between(&self, current: usize, kind: NodeType, begin: TokenType, end: TokenType, rules: &[Rule]) -> Parsed {
        let Some(open) = self.tokens.get(current).filter(|t| t.kind == begin) else { return Ok((0, Vec::new())) };
        if self.depth.get() >= MAX_DEPTH {
            return Err(ExpressionError::syntax(Problem::OptionalInOptional, self.expression, open.start, open.end));
        }
        self.depth.set(self.depth.get() + 1);
        let parsed = self.until(rules, current + 1, &[end, TokenType::EndOfLine]);
        self.depth.set(self.depth.get() - 1);
        let (consumed, nodes) = parsed?;
        let closing = current + 1 + consumed;
        match self.tokens.get(closing).filter(|t| t.kind == end) {
            Some(close) => Ok((closing + 1 - current, vec![Node::branch(kind, nodes, open.start, close.end)])),
            None => {
                let problem = if begin == TokenType::BeginParameter {
                    Problem::MissingEndParameter
                } else {
                    Problem::MissingEndOptional
                };
                Err(ExpressionError::syntax(problem, self.expression, open.start, open.end))
            }
        }
    }

    /// `alternative* ('/' alternative*)+` between a left and a right boundary.
    fn alternation(&self, current: usize) -> Parsed {
        let after_boundary = current.checked_sub(1).is_none_or(|p| {
            matches!(self.kind_at(p), TokenType::StartOfLine | TokenType::WhiteSpace | TokenType::EndParameter)
        });
        if !after_boundary {
            return Ok((0, Vec::new()));
        }
        let (consumed, nodes) = self.until(
            IN_ALTERNATION,
            current,
            &[TokenType::WhiteSpace, TokenType::EndOfLine, TokenType::BeginParameter],
        )?;
        if !nodes.iter().any(is_separator) {
            return Ok((0, Vec::new()));
        }
        let start = self.tokens.get(current).map_or(0, |t| t.start);
        // The right boundary is not consumed: the alternation ends where it starts.
        let end = self.tokens.get(current + consumed).map_or(start, |t| t.start);
        Ok((consumed, vec![Node::branch(NodeType::Alternation, split_alternatives(start, end, nodes), start, end)]))
    }
}

fn is_separator(node: &Node) -> bool {
    node.kind == NodeType::Alternative && node.token.is_some()
}

/// Groups the nodes between separators into alternatives; each alternative spans from the end
/// of the separator on its left (or the alternation's start) to the start of the one on its
/// right (or the alternation's end), so empty alternatives still have a position.
fn split_alternatives(start: usize, end: usize, nodes: Vec<Node>) -> Vec<Node> {
    let mut alternatives = Vec::new();
    let mut branch = Vec::new();
    let mut branch_start = start;
    for node in nodes {
        if is_separator(&node) {
            alternatives.push(Node::branch(
                NodeType::Alternative,
                std::mem::take(&mut branch),
                branch_start,
                node.start,
            ));
            branch_start = node.end;
        } else {
            branch.push(node);
        }
    }
    alternatives.push(Node::branch(NodeType::Alternative, branch, branch_start, end));
    alternatives
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(node: &Node) -> String {
        match &node.token {
            Some(t) => format!("{t:?}@{}..{}", node.start, node.end),
            None => {
                let inner: Vec<String> = node.nodes.iter().map(shape).collect();
                format!("{}@{}..{}[{}]", node.kind.name(), node.start, node.end, inner.join(","))
            }
        }
    }

    #[test]
    fn alternation_stops_at_a_parameter() {
        let ast = parse("{int}st/nd").unwrap();
        assert_eq!(
            shape(&ast),
            "EXPRESSION_NODE@0..10[PARAMETER_NODE@0..5[\"int\"@1..4],ALTERNATION_NODE@5..10[ALTERNATIVE_NODE@5..7[\"st\"@5..7],ALTERNATIVE_NODE@8..10[\"nd\"@8..10]]]"
        );
    }

    #[test]
    fn empty_alternatives_have_positions() {
        let ast = parse("/").unwrap();
        assert_eq!(
            shape(&ast),
            "EXPRESSION_NODE@0..1[ALTERNATION_NODE@0..1[ALTERNATIVE_NODE@0..0[],ALTERNATIVE_NODE@1..1[]]]"
        );
    }

    #[test]
    fn unbalanced_and_misplaced_tokens_are_errors() {
        assert_eq!(parse("(a").unwrap_err().problem(), Some(Problem::MissingEndOptional));
        assert_eq!(parse("{a").unwrap_err().problem(), Some(Problem::MissingEndParameter));
        assert_eq!(parse("(a/b)").unwrap_err().problem(), Some(Problem::AlternationInOptional));
        assert_eq!(parse("{a(b}").unwrap_err().problem(), Some(Problem::InvalidParameterName));
    }

    #[test]
    fn deep_nesting_is_refused_not_overflowed() {
        let deep = format!("{}a{}", "(".repeat(100_000), ")".repeat(100_000));
        assert_eq!(parse(&deep).unwrap_err().problem(), Some(Problem::OptionalInOptional));
    }
}
