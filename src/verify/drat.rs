//! Reading a proof in text DRAT (and so DRUP): one step per clause, each ended by `0`; a
//! lemma is a plain clause, a deletion starts with `d`. Binary DRAT is not read.

use super::lex::{InputError, end_of, tokens};

/// Whether a step adds a lemma or deletes a clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// A lemma the checker must derive before adding it.
    Lemma,
    /// A clause to delete from the checker's database.
    Deletion,
}

/// One step of a proof and the line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// A lemma or a deletion.
    pub kind: StepKind,
    /// The clause's literals (nonzero DIMACS integers).
    pub clause: Vec<i32>,
    /// 1-based line of the proof file where the step starts, for messages.
    pub line: usize,
}

/// A DRUP/DRAT proof: its steps in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Proof {
    steps: Vec<Step>,
}

impl Proof {
    /// The steps, in file order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }
}

/// Reads a text DRAT proof: steps of nonzero integer literals ended by `0`, a deletion
/// prefixed by `d`, comment lines (`c ...`) skipped.
///
/// # Errors
/// An [`InputError`] with the line and column of the first problem.
pub fn parse_proof(text: &str) -> Result<Proof, InputError> {
    let mut steps = Vec::new();
    let mut current: Option<Step> = None;
    for token in tokens(text) {
        let step = current.get_or_insert_with(|| Step {
            kind: StepKind::Lemma,
            clause: Vec::new(),
            line: token.line,
        });
        if token.text == "d" {
            if step.kind == StepKind::Deletion || !step.clause.is_empty() {
                return Err(token.error("expected a literal or 0, found `d` inside a step".into()));
            }
            step.kind = StepKind::Deletion;
            continue;
        }
        let literal = token.integer("a literal, 0 or `d`")?;
        if literal == 0 {
            steps.extend(current.take());
        } else {
            let literal =
                i32::try_from(literal).ok().filter(|&l| l != i32::MIN).ok_or_else(|| {
                    token.error(format!("expected a literal within ±{}, found {literal}", i32::MAX))
                })?;
            step.clause.push(literal);
        }
    }
    if current.is_some() {
        let (line, column) = end_of(text);
        return Err(InputError::new(
            line,
            column,
            "expected 0 to end the last step, found the end of the file".to_string(),
        ));
    }
    Ok(Proof { steps })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lemmas_and_deletions_keep_their_lines() {
        let proof = parse_proof("1 -2 0\nd 1 -2\n0\nc note\n0\n").unwrap();
        let kinds: Vec<(StepKind, &[i32], usize)> =
            proof.steps().iter().map(|s| (s.kind, s.clause.as_slice(), s.line)).collect();
        assert_eq!(
            kinds,
            [
                (StepKind::Lemma, &[1, -2][..], 1),
                (StepKind::Deletion, &[1, -2][..], 2),
                (StepKind::Lemma, &[][..], 5)
            ]
        );
    }

    #[test]
    fn an_empty_proof_has_no_steps() {
        assert!(parse_proof("").unwrap().steps().is_empty());
    }

    #[test]
    fn bad_proofs_name_the_line_and_column() {
        let error = |text: &str| parse_proof(text).unwrap_err().to_string();
        assert_eq!(error("1 x 0\n"), "1:3: expected a literal, 0 or `d`, found `x`");
        assert_eq!(error("1 d 2 0\n"), "1:3: expected a literal or 0, found `d` inside a step");
        assert_eq!(
            error("1 2 0\n3"),
            "2:2: expected 0 to end the last step, found the end of the file"
        );
        assert_eq!(
            error("-2147483648 0"),
            "1:1: expected a literal within ±2147483647, found -2147483648"
        );
    }
}
