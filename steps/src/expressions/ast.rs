//! Tokens and syntax-tree nodes of Cucumber Expressions.
//!
//! All `start`/`end` positions count Unicode code points of the expression (not bytes, not
//! UTF-16 units): that is what upstream reports and what the testdata expects.

/// The kind of a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TokenType {
    /// Zero-width token before the first character.
    StartOfLine,
    /// Zero-width token after the last character.
    EndOfLine,
    /// A run of whitespace.
    WhiteSpace,
    /// `(`
    BeginOptional,
    /// `)`
    EndOptional,
    /// `{`
    BeginParameter,
    /// `}`
    EndParameter,
    /// `/`
    Alternation,
    /// A run of other characters, escaped ones included.
    Text,
}

impl TokenType {
    /// Upstream's name of the token type, as written in the testdata (`BEGIN_OPTIONAL`, ...).
    pub fn name(self) -> &'static str {
        match self {
            TokenType::StartOfLine => "START_OF_LINE",
            TokenType::EndOfLine => "END_OF_LINE",
            TokenType::WhiteSpace => "WHITE_SPACE",
            TokenType::BeginOptional => "BEGIN_OPTIONAL",
            TokenType::EndOptional => "END_OPTIONAL",
            TokenType::BeginParameter => "BEGIN_PARAMETER",
            TokenType::EndParameter => "END_PARAMETER",
            TokenType::Alternation => "ALTERNATION",
            TokenType::Text => "TEXT",
        }
    }
}

/// One token: its kind, its text with escapes removed, and its code-point span in the
/// expression (escape backslashes included in the span).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// The kind.
    pub kind: TokenType,
    /// The unescaped text.
    pub text: String,
    /// First code point (inclusive).
    pub start: usize,
    /// Last code point (exclusive).
    pub end: usize,
}

/// The kind of a syntax-tree node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NodeType {
    /// Literal text (a single token's text).
    Text,
    /// `( ... )`
    Optional,
    /// `a/b/c`: its children are [`NodeType::Alternative`]s.
    Alternation,
    /// One branch of an alternation.
    Alternative,
    /// `{name}`: its children are the text of the name.
    Parameter,
    /// The root.
    Expression,
}

impl NodeType {
    /// Upstream's name of the node type, as written in the testdata (`TEXT_NODE`, ...).
    pub fn name(self) -> &'static str {
        match self {
            NodeType::Text => "TEXT_NODE",
            NodeType::Optional => "OPTIONAL_NODE",
            NodeType::Alternation => "ALTERNATION_NODE",
            NodeType::Alternative => "ALTERNATIVE_NODE",
            NodeType::Parameter => "PARAMETER_NODE",
            NodeType::Expression => "EXPRESSION_NODE",
        }
    }
}

/// A node of the (superset) syntax tree: text nodes carry a token, the others children.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// The kind.
    pub kind: NodeType,
    /// Children (empty for text nodes).
    pub nodes: Vec<Node>,
    /// The text of a text node, `None` for the others.
    pub token: Option<String>,
    /// First code point (inclusive).
    pub start: usize,
    /// Last code point (exclusive).
    pub end: usize,
}

impl Node {
    /// A text node.
    pub(crate) fn text_node(token: &Token) -> Node {
        Node {
            kind: NodeType::Text,
            nodes: Vec::new(),
            token: Some(token.text.clone()),
            start: token.start,
            end: token.end,
        }
    }

    /// A node with children.
    pub(crate) fn branch(kind: NodeType, nodes: Vec<Node>, start: usize, end: usize) -> Node {
        Node { kind, nodes, token: None, start, end }
    }

    /// The node's text: its token, or its children's text joined (e.g. a parameter's name).
    pub fn text(&self) -> String {
        match &self.token {
            Some(t) => t.clone(),
            None => self.nodes.iter().map(Node::text).collect(),
        }
    }
}
