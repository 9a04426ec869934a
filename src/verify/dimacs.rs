//! Reading a CNF in DIMACS: a `p cnf VARIABLES CLAUSES` line, then clauses of nonzero
//! literals each ended by `0`, comment lines (`c ...`) anywhere.

use super::lex::{InputError, Token, end_of, tokens};

/// A CNF formula as DIMACS states it: literals are nonzero integers, `-v` the negation of `v`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cnf {
    var_count: usize,
    clauses: Vec<Vec<i32>>,
}

impl Cnf {
    /// The variable count the `p` line declares.
    pub fn var_count(&self) -> usize {
        self.var_count
    }

    /// The clauses, in file order.
    pub fn clauses(&self) -> &[Vec<i32>] {
        &self.clauses
    }
}

/// Reads DIMACS CNF text strictly: the `p cnf` line comes first, every literal names a
/// variable from 1 to the declared count, every clause ends with `0`, and the file holds as
/// many clauses as the `p` line says.
///
/// # Errors
/// An [`InputError`] with the line and column of the first problem.
pub fn parse_dimacs(text: &str) -> Result<Cnf, InputError> {
    let mut tokens = tokens(text);
    let (header, var_count, clause_count) = header(&mut tokens, text)?;
    let bound = var_count as u64;
    let mut clauses = Vec::new();
    let mut clause = Vec::new();
    for token in tokens {
        let literal = token.integer("a literal or 0")?;
        if literal == 0 {
            clauses.push(std::mem::take(&mut clause));
        } else if literal.unsigned_abs() > bound {
            return Err(token.error(format!(
                "expected a literal between -{var_count} and {var_count} (the p line's variable count), found {literal}"
            )));
        } else {
            clause.push(i32::try_from(literal).expect("bounded by the variable count"));
        }
    }
    if !clause.is_empty() {
        let (line, column) = end_of(text);
        return Err(InputError::new(
            line,
            column,
            "expected 0 to end the last clause, found the end of the file".to_string(),
        ));
    }
    if clauses.len() != clause_count {
        return Err(header.error(format!(
            "expected {clause_count} clauses as the p line says, found {}",
            clauses.len()
        )));
    }
    Ok(Cnf { var_count, clauses })
}

/// The `p cnf VARIABLES CLAUSES` line: its first token, and the two counts.
fn header<'t>(
    tokens: &mut impl Iterator<Item = Token<'t>>,
    text: &str,
) -> Result<(Token<'t>, usize, usize), InputError> {
    let expected = "`p cnf VARIABLES CLAUSES`";
    let missing = || {
        let (line, column) = end_of(text);
        InputError::new(line, column, format!("expected {expected}, found the end of the file"))
    };
    let p = tokens.next().ok_or_else(missing)?;
    if p.text != "p" {
        return Err(p.error(format!("expected {expected}, found `{}`", p.text)));
    }
    let format = tokens.next().ok_or_else(missing)?;
    if format.text != "cnf" {
        return Err(format.error(format!("expected `cnf` after `p`, found `{}`", format.text)));
    }
    let mut count = |what: &str| -> Result<usize, InputError> {
        let token = tokens.next().ok_or_else(missing)?;
        if token.line != p.line {
            return Err(token.error(format!("expected the {what} count on the p line")));
        }
        let limit = i32::MAX as usize;
        token.text.parse::<usize>().ok().filter(|&n| n <= limit).ok_or_else(|| {
            token
                .error(format!("expected a {what} count from 0 to {limit}, found `{}`", token.text))
        })
    };
    let var_count = count("variable")?;
    let clause_count = count("clause")?;
    Ok((p, var_count, clause_count))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        parse_dimacs(text).unwrap_err().to_string()
    }

    #[test]
    fn clauses_may_span_lines_and_comments_sit_anywhere() {
        let cnf = parse_dimacs("c hello\np cnf 3 2\n1 -2\nc between\n 3 0 -1 0\n").unwrap();
        assert_eq!(cnf.var_count(), 3);
        assert_eq!(cnf.clauses(), [vec![1, -2, 3], vec![-1]]);
    }

    #[test]
    fn the_empty_clause_is_a_lone_zero() {
        assert_eq!(parse_dimacs("p cnf 0 1\n0\n").unwrap().clauses(), [Vec::<i32>::new()]);
    }

    #[test]
    fn bad_files_name_the_line_and_column() {
        assert_eq!(error("1 2 0\n"), "1:1: expected `p cnf VARIABLES CLAUSES`, found `1`");
        assert_eq!(error(""), "1:1: expected `p cnf VARIABLES CLAUSES`, found the end of the file");
        assert_eq!(error("p dnf 1 1\n"), "1:3: expected `cnf` after `p`, found `dnf`");
        assert_eq!(
            error("p cnf x 1\n"),
            "1:7: expected a variable count from 0 to 2147483647, found `x`"
        );
        assert_eq!(error("p cnf 2\n1 0"), "2:1: expected the clause count on the p line");
        assert_eq!(error("p cnf 2 1\n1 x 0\n"), "2:3: expected a literal or 0, found `x`");
        assert_eq!(
            error("p cnf 2 1\n1 -3 0\n"),
            "2:3: expected a literal between -2 and 2 (the p line's variable count), found -3"
        );
        assert_eq!(
            error("p cnf 2 1\n1 2"),
            "2:4: expected 0 to end the last clause, found the end of the file"
        );
        assert_eq!(
            error("p cnf 2 2\n1 2 0\n"),
            "1:1: expected 2 clauses as the p line says, found 1"
        );
    }
}
