//! Tag expressions (`@smoke and not @slow`), parsed with the shunting-yard algorithm.
//!
//! Syntax and error messages follow cucumber/tag-expressions: `and`, `or`, `not`, parentheses,
//! and `\` escaping `(`, `)`, `\` or whitespace inside a tag. The empty expression matches all.

use std::fmt;

/// A parsed tag expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TagExpression {
    /// The empty expression: always true.
    True,
    Literal(String),
    Not(Box<TagExpression>),
    And(Box<TagExpression>, Box<TagExpression>),
    Or(Box<TagExpression>, Box<TagExpression>),
}

/// A syntax error; the message names the expression and the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagExpressionError(pub String);

impl fmt::Display for TagExpressionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TagExpressionError {}

impl TagExpression {
    /// Parses an expression.
    pub fn parse(infix: &str) -> Result<TagExpression, TagExpressionError> {
        let fail = |problem: &str| {
            TagExpressionError(format!(
                "Tag expression \"{infix}\" could not be parsed because of syntax error: {problem}"
            ))
        };
        let tokens = tokenize(infix).map_err(|p| fail(&p))?;
        let mut operators: Vec<Token> = Vec::new();
        let mut operands: Vec<TagExpression> = Vec::new();
        let mut expecting_operand = true;
        let check = |expecting_operand: bool, wants_operand: bool| {
            if expecting_operand == wants_operand {
                Ok(())
            } else if expecting_operand {
                Err(fail("Expected operand."))
            } else {
                Err(fail("Expected operator."))
            }
        };
        for token in tokens {
            match token {
                Token::Not => {
                    check(expecting_operand, true)?;
                    operators.push(token);
                }
                Token::And | Token::Or => {
                    check(expecting_operand, false)?;
                    // Both binary operators are left-associative.
                    while let Some(top) = operators.last() {
                        if top.is_operator() && token.precedence() <= top.precedence() {
                            let op = operators.pop().unwrap_or(Token::Open);
                            reduce(op, &mut operands).map_err(|p| fail(&p))?;
                        } else {
                            break;
                        }
                    }
                    operators.push(token);
                    expecting_operand = true;
                }
                Token::Open => {
                    check(expecting_operand, true)?;
                    operators.push(token);
                }
                Token::Close => {
                    check(expecting_operand, false)?;
                    loop {
                        match operators.pop() {
                            None => return Err(fail("Unmatched ).")),
                            Some(Token::Open) => break,
                            Some(op) => reduce(op, &mut operands).map_err(|p| fail(&p))?,
                        }
                    }
                }
                Token::Literal(name) => {
                    check(expecting_operand, true)?;
                    operands.push(TagExpression::Literal(name));
                    expecting_operand = false;
                }
            }
        }
        while let Some(op) = operators.pop() {
            if op == Token::Open {
                return Err(fail("Unmatched (."));
            }
            reduce(op, &mut operands).map_err(|p| fail(&p))?;
        }
        Ok(operands.pop().unwrap_or(TagExpression::True))
    }

    /// Whether a scenario with these tags is selected.
    pub fn evaluate<S: AsRef<str>>(&self, tags: &[S]) -> bool {
        match self {
            TagExpression::True => true,
            TagExpression::Literal(name) => tags.iter().any(|t| t.as_ref() == name),
            TagExpression::Not(e) => !e.evaluate(tags),
            TagExpression::And(a, b) => a.evaluate(tags) && b.evaluate(tags),
            TagExpression::Or(a, b) => a.evaluate(tags) || b.evaluate(tags),
        }
    }
}

/// The canonical, fully parenthesised form, as upstream prints it.
impl fmt::Display for TagExpression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TagExpression::True => Ok(()),
            TagExpression::Literal(name) => {
                for c in name.chars() {
                    match c {
                        '\\' | '(' | ')' => write!(f, "\\{c}")?,
                        c if c.is_whitespace() => f.write_str("\\ ")?,
                        c => write!(f, "{c}")?,
                    }
                }
                Ok(())
            }
            TagExpression::Not(e) => match **e {
                TagExpression::And(..) | TagExpression::Or(..) => write!(f, "not {e}"),
                _ => write!(f, "not ( {e} )"),
            },
            TagExpression::And(a, b) => write!(f, "( {a} and {b} )"),
            TagExpression::Or(a, b) => write!(f, "( {a} or {b} )"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Not,
    And,
    Or,
    Open,
    Close,
    Literal(String),
}

impl Token {
    fn is_operator(&self) -> bool {
        matches!(self, Token::Not | Token::And | Token::Or)
    }

    fn precedence(&self) -> u8 {
        match self {
            Token::Or => 0,
            Token::And => 1,
            Token::Not => 2,
            _ => 0,
        }
    }
}

/// Pops an operator's operands and pushes the combined expression.
fn reduce(op: Token, operands: &mut Vec<TagExpression>) -> Result<(), String> {
    let mut pop = || operands.pop().ok_or_else(|| "Expected operand.".to_string());
    let expr = match op {
        Token::Not => TagExpression::Not(Box::new(pop()?)),
        Token::And | Token::Or => {
            let right = pop()?;
            let left = pop()?;
            if op == Token::And {
                TagExpression::And(Box::new(left), Box::new(right))
            } else {
                TagExpression::Or(Box::new(left), Box::new(right))
            }
        }
        _ => return Err("Expected operator.".into()),
    };
    operands.push(expr);
    Ok(())
}

fn tokenize(expr: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    let mut word = String::new();
    let mut escaped = false;
    let flush = |word: &mut String, tokens: &mut Vec<Token>| {
        if !word.is_empty() {
            tokens.push(match word.as_str() {
                "and" => Token::And,
                "or" => Token::Or,
                "not" => Token::Not,
                _ => Token::Literal(word.clone()),
            });
            word.clear();
        }
    };
    for c in expr.chars() {
        if escaped {
            if c == '(' || c == ')' || c == '\\' || c.is_whitespace() {
                word.push(c);
                escaped = false;
                continue;
            }
            return Err(format!("Illegal escape before \"{c}\"."));
        }
        match c {
            '\\' => escaped = true,
            '(' | ')' => {
                flush(&mut word, &mut tokens);
                tokens.push(if c == '(' { Token::Open } else { Token::Close });
            }
            c if c.is_whitespace() => flush(&mut word, &mut tokens),
            c => word.push(c),
        }
    }
    if escaped {
        return Err("Illegal escape at end of expression.".into());
    }
    flush(&mut word, &mut tokens);
    Ok(tokens)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selects_by_tags() {
        let e = TagExpression::parse("@smoke and not @slow").unwrap();
        assert!(e.evaluate(&["@smoke"]));
        assert!(!e.evaluate(&["@smoke", "@slow"]));
        assert!(TagExpression::parse("").unwrap().evaluate::<&str>(&[]));
    }

    #[test]
    fn reports_unbalanced_parentheses() {
        let e = TagExpression::parse("(a").unwrap_err();
        assert!(e.0.ends_with("Unmatched (."), "{e}");
    }
}
