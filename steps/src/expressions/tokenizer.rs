//! Splits a Cucumber Expression into tokens.
//!
//! Whitespace runs and text runs each become one token; every reserved character
//! (`( ) { } /`) is a token of its own. A backslash makes the next character plain text, and
//! the backslash then belongs to that text token's span (so `a\/b` is one TEXT token `a/b`
//! spanning 4 code points). Only reserved characters, `\` and whitespace may be escaped.

use super::ast::{Token, TokenType};
use super::errors::{ExpressionError, Problem};

/// Tokenizes `expression`: a START_OF_LINE token, the tokens, an END_OF_LINE token.
pub fn tokenize(expression: &str) -> Result<Vec<Token>, ExpressionError> {
    let chars: Vec<char> = expression.chars().collect();
    let mut tokens = vec![Token { kind: TokenType::StartOfLine, text: String::new(), start: 0, end: 0 }];
    // The token being accumulated; its end is only known when the next one starts.
    let mut current: Option<(TokenType, String, usize)> = None;
    // Position of a pending escape backslash.
    let mut escape_at: Option<usize> = None;

    for (i, &c) in chars.iter().enumerate() {
        if escape_at.is_none() && c == '\\' {
            escape_at = Some(i);
            continue;
        }
        let kind = match escape_at {
            Some(_) if !is_escapable(c) => {
                return Err(ExpressionError::syntax(Problem::CantEscape, expression, i, i + 1))
            }
            Some(_) => TokenType::Text,
            None => kind_of(c),
        };
        // An escaped character's token starts at its backslash.
        let starts_at = escape_at.take().unwrap_or(i);
        match &mut current {
            Some((k, text, _)) if *k == kind && matches!(kind, TokenType::Text | TokenType::WhiteSpace) => text.push(c),
            _ => {
                if let Some((k, text, start)) = current.take() {
                    tokens.push(Token { kind: k, text, start, end: starts_at });
                }
                current = Some((kind, c.to_string(), starts_at));
            }
        }
    }
    if escape_at.is_some() {
        let last = chars.len().saturating_sub(1);
        return Err(ExpressionError::syntax(Problem::EndOfLineEscaped, expression, last, last + 1));
    }
    let len = chars.len();
    if let Some((kind, text, start)) = current {
        tokens.push(Token { kind, text, start, end: len });
    }
    tokens.push(Token { kind: TokenType::EndOfLine, text: String::new(), start: len, end: len });
    Ok(tokens)
}

/// Whitespace as JavaScript's `\s` sees it (Rust's White_Space plus the BOM), since upstream
/// decides with that regex.
pub(crate) fn is_whitespace(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

fn is_escapable(c: char) -> bool {
    is_whitespace(c) || matches!(c, '(' | ')' | '{' | '}' | '/' | '\\')
}

fn kind_of(c: char) -> TokenType {
    match c {
        '(' => TokenType::BeginOptional,
        ')' => TokenType::EndOptional,
        '{' => TokenType::BeginParameter,
        '}' => TokenType::EndParameter,
        '/' => TokenType::Alternation,
        c if is_whitespace(c) => TokenType::WhiteSpace,
        _ => TokenType::Text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(expression: &str) -> Vec<(TokenType, String, usize, usize)> {
        tokenize(expression).unwrap().into_iter().map(|t| (t.kind, t.text, t.start, t.end)).collect()
    }

    #[test]
    fn escaped_character_starts_at_its_backslash() {
        let tokens = summary(r" \/ ");
        assert_eq!(tokens[1], (TokenType::WhiteSpace, " ".into(), 0, 1));
        assert_eq!(tokens[2], (TokenType::Text, "/".into(), 1, 3));
        assert_eq!(tokens[3], (TokenType::WhiteSpace, " ".into(), 3, 4));
    }

    #[test]
    fn reserved_characters_are_single_tokens() {
        let kinds: Vec<TokenType> = summary("((").iter().map(|t| t.0).collect();
        assert_eq!(
            kinds,
            [TokenType::StartOfLine, TokenType::BeginOptional, TokenType::BeginOptional, TokenType::EndOfLine]
        );
    }

    #[test]
    fn positions_count_code_points() {
        let tokens = summary("😀 x");
        assert_eq!(tokens[1], (TokenType::Text, "😀".into(), 0, 1));
        assert_eq!(tokens.last().unwrap().2, 3);
    }

    #[test]
    fn lone_backslash_is_an_error() {
        assert_eq!(tokenize("ab\\").unwrap_err().problem(), Some(Problem::EndOfLineEscaped));
        assert_eq!(tokenize("\\a").unwrap_err().problem(), Some(Problem::CantEscape));
    }
}
