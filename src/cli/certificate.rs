//! `--proof DIR` and `--certify`: each answer's certificate made on a batch thread, checked
//! against the answer, then written as `DIR/puzzle-N.cnf` and `DIR/puzzle-N.drat` in input
//! order, and named in the output.
//!
//! What is certified: for a count that is exact (`solve` and `check` count up to 2), the CNF
//! blocking every solution found is unsatisfiable, so there is no other solution; each solution
//! found passes the validator. A count cut by its bound (several solutions for `check`) has no
//! certificate: the solutions shown are checked by the validator and nothing more is claimed.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use satdoku::engine::certify::{Certificate, try_certify_count};
use satdoku::engine::counter::Counter;
use satdoku::{Limits, Puzzle, Stop};
use serde_json::{Value, json};

use super::ExitStatus;
use super::answer::Answer;
use super::args::{AnswerArgs, Engine, Format, GlobalArgs};
use super::guard::{internal_error, validated};
use super::input::{Input, Position};
use super::limits::{label_json, limits, status_or};
use super::output::emit_json;

/// What `--proof` and `--certify` ask for.
#[derive(Clone, Debug)]
pub struct Request {
    folder: Option<PathBuf>,
    check: bool,
}

impl Request {
    /// The request of `args` (with `certify` from `check --certify`), `None` when neither flag
    /// is given. The `--proof` folder is made with the first certificate written into it, so
    /// that a run that writes none (bad input, no certificate, a timeout) leaves none behind.
    ///
    /// # Errors
    /// When another engine than SAT is chosen, or `--proof` names a file, not a folder.
    pub fn from_args(args: &AnswerArgs, certify: bool) -> anyhow::Result<Option<Request>> {
        if args.proof.is_none() && !certify {
            return Ok(None);
        }
        if args.engine != Engine::Sat {
            let flag = if certify { "--certify" } else { "--proof" };
            bail!(
                "expected --engine sat with {flag} (certificates come from the SAT solver), found --engine {}",
                args.engine.name()
            );
        }
        if let Some(folder) = args.proof.as_ref().filter(|folder| folder.exists()) {
            if !folder.is_dir() {
                bail!("expected a folder for --proof, found the file `{}`", folder.display());
            }
        }
        Ok(Some(Request { folder: args.proof.clone(), check: certify }))
    }

    /// Certifies `answer` (a count of `puzzle` up to `max`): the certificate's own enumeration
    /// must find the same count, every solution it found must pass the validator, and with
    /// `--certify` the in-tree checker must accept the proof.
    ///
    /// # Errors
    /// An internal error (exit 3) when any of these fails; a solver failure. A limit reached
    /// first is no error: the answer stands, without a certificate (`Proven` says which limit).
    pub fn certify(
        &self,
        puzzle: &Puzzle,
        answer: &Answer,
        max: usize,
        limits: &Limits,
    ) -> anyhow::Result<Proven> {
        let certified = match try_certify_count(puzzle, max, limits) {
            Err(error) if error.stop().is_some() => {
                return Ok(self.proven(None, error.stop()));
            }
            made => made?,
        };
        let (found, exact) = (certified.solutions().len(), certified.is_exact());
        if (found, exact) != (answer.solutions(), answer.is_exact()) {
            let what = format!(
                "the certificate's enumeration found {found} solutions (exact: {exact}), the count {} (exact: {})",
                answer.solutions(),
                answer.is_exact()
            );
            return Err(internal_error(puzzle, what, ""));
        }
        for solution in certified.solutions() {
            validated(puzzle, solution)?;
        }
        let certificate = certified.certificate().cloned();
        if let Some(certificate) = certificate.as_ref().filter(|_| self.check) {
            if let Err(rejection) = certificate.check() {
                let what = format!("the in-tree checker rejects satdoku's own proof ({rejection})");
                let details =
                    format!("{}c --- proof ---\n{}", certificate.cnf(), certificate.proof());
                return Err(internal_error(puzzle, what, &details));
            }
        }
        Ok(self.proven(certificate, None))
    }

    /// What this request made: `certificate`, or none because a limit `stopped` it.
    fn proven(&self, certificate: Option<Certificate>, stopped: Option<Stop>) -> Proven {
        Proven { certificate, checked: self.check, folder: self.folder.clone(), stopped }
    }
}

/// The work of a batch thread: `puzzle` counted up to `max` by the engine of `args` (the SAT
/// engine through the thread's `counter`, which keeps the rule set compiled and its solver),
/// then certified when `request` asks (not when a limit stopped the count: a partial count has
/// no certificate).
///
/// # Errors
/// A solver failure; an internal error (exit 3).
fn answer(
    request: Option<&Request>,
    args: &AnswerArgs,
    counter: &mut Counter,
    puzzle: &Puzzle,
    max: usize,
) -> anyhow::Result<(Answer, Option<Proven>)> {
    let answer = Answer::count(args.engine, counter, puzzle, max, args.conflicts)?;
    let request = request.filter(|_| answer.stopped().is_none());
    let limits = counter.limits();
    let proven =
        request.map(|request| request.certify(puzzle, &answer, max, limits)).transpose()?;
    Ok((answer, proven))
}

/// Counts every puzzle of the input up to `max` solutions with the engine of `args`, certifies
/// each answer when `request` asks, and writes it: a JSON record, or the text `text` writes
/// for the answer, given the suffix naming its certificate's files. The shared body of
/// `solve`, `count` and `check`.
pub fn answer_each(
    args: &AnswerArgs,
    global: &GlobalArgs,
    request: Option<Request>,
    max: usize,
    text: impl Fn(&Answer, Position, &str) -> anyhow::Result<()>,
) -> anyhow::Result<ExitStatus> {
    let limits = limits(&args.limits);
    let input = Input::read(&args.puzzles, global.quiet)?.limited(&limits);
    input.with_json_errors(args.format == Format::Json).for_each_parallel_with(
        &args.batch,
        || Counter::new(&limits),
        |counter, puzzle| answer(request.as_ref(), args, counter, puzzle, max),
        |(answer, proven), position| {
            let written = write(proven, position.number)?;
            answer.warn_about_recorded(position, global.quiet);
            match args.format {
                Format::Json => emit_json(&Written::json(&answer, position, written.as_ref()))?,
                Format::Line | Format::Pretty => {
                    text(&answer, position, &Written::suffix_of(written.as_ref()))?
                }
            }
            Ok(status_or(written.as_ref().and_then(|w| w.stopped), answer.status()))
        },
    )
}

/// Writes the certificate of puzzle `number`, when one was made: what the output says of it.
///
/// # Errors
/// When a file cannot be written.
fn write(proven: Option<Proven>, number: usize) -> anyhow::Result<Option<Written>> {
    proven.map(|proven| proven.write(number)).transpose()
}

/// A certificate made for one answer, not yet written.
#[derive(Debug)]
pub struct Proven {
    certificate: Option<Certificate>,
    checked: bool,
    folder: Option<PathBuf>,
    /// The limit that stopped the certificate before it was made, if one did.
    stopped: Option<Stop>,
}

/// What the output says about a certificate: the files written, and whether it was checked.
#[derive(Debug)]
pub struct Written {
    files: Option<(PathBuf, PathBuf)>,
    certified: Option<bool>,
    stopped: Option<Stop>,
}

impl Proven {
    /// Writes the certificate of puzzle `number` into the `--proof` folder, if any.
    ///
    /// # Errors
    /// When a file cannot be written.
    pub fn write(self, number: usize) -> anyhow::Result<Written> {
        let certified = self.checked.then_some(self.certificate.is_some());
        let stopped = self.stopped;
        let (Some(folder), Some(certificate)) = (&self.folder, &self.certificate) else {
            return Ok(Written { files: None, certified, stopped });
        };
        let cnf = write_file(folder, &format!("puzzle-{number}.cnf"), certificate.cnf())?;
        let proof = write_file(folder, &format!("puzzle-{number}.drat"), certificate.proof())?;
        Ok(Written { files: Some((cnf, proof)), certified, stopped })
    }
}

impl Written {
    /// [`Written::suffix`] of a certificate that may not have been asked for.
    pub fn suffix_of(written: Option<&Written>) -> String {
        written.map(Written::suffix).unwrap_or_default()
    }

    /// The JSON of `answer`, with the certificate's fields when there is one.
    pub fn json(answer: &Answer, position: Position, written: Option<&Written>) -> Value {
        let mut object = answer.to_json(position);
        if let Some(written) = written {
            written.add_to(&mut object);
        }
        object
    }

    /// ` (certified)` when checked, then ` proof: CNF DRAT` when written, for the verdict line;
    /// ` (not certified: timeout)` when a limit stopped the certificate.
    pub fn suffix(&self) -> String {
        let mut text = String::new();
        if self.certified == Some(true) {
            text += " (certified)";
        }
        if let Some(stop) = self.stopped {
            text += &format!(" (not certified: {})", stop.name());
        }
        if let Some((cnf, proof)) = &self.files {
            text += &format!(" proof: {} {}", cnf.display(), proof.display());
        }
        text
    }

    /// Adds `proof_cnf` and `proof` (paths, or `null` when there is no certificate) and, with
    /// `--certify`, `certified` to a JSON answer.
    pub fn add_to(&self, object: &mut Value) {
        let path = |pick: fn(&(PathBuf, PathBuf)) -> &PathBuf| {
            self.files.as_ref().map(|files| pick(files).display().to_string())
        };
        object["proof_cnf"] = json!(path(|files| &files.0));
        object["proof"] = json!(path(|files| &files.1));
        if let Some(certified) = self.certified {
            object["certified"] = json!(certified);
        }
        label_json(object, self.stopped, "certified");
    }
}

/// Writes `text` into the file `name` of `folder`, making the folder first if need be.
fn write_file(folder: &Path, name: &str, text: &str) -> anyhow::Result<PathBuf> {
    std::fs::create_dir_all(folder)
        .with_context(|| format!("cannot create the --proof folder `{}`", folder.display()))?;
    let path = folder.join(name);
    super::files::write_whole(&path, text)?;
    Ok(path)
}
