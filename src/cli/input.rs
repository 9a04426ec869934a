//! Reading the inputs: the files, stdin, puzzles and links the arguments name, parsed with the
//! `--rules`/`--boxes` flags, and a driver that runs a subcommand over every puzzle, reporting
//! bad ones (on stderr, and as JSON records when the output is JSON) and going on.

use anyhow::{Context, bail};
use rayon::ThreadPoolBuilder;
use rayon::prelude::*;
use satdoku::model::parse::{Entry, parse_document};
use satdoku::model::rule::unknown_rule_message;
use satdoku::{ParseError, ParseOptions, Puzzle, Rule};
use serde_json::json;

use super::ExitStatus;
use super::args::{BatchArgs, PuzzleArgs};
use super::output::{diagnose, emit_json};
use super::progress::progress_bar;
use super::sources::sources;

/// The puzzles of the inputs, each with the name of the input it came from.
pub struct Input {
    entries: Vec<(usize, Entry)>,
    names: Vec<String>,
    quiet: bool,
    json: bool,
}

impl Input {
    /// Reads the inputs `args` names and parses them with the flags' rules and boxes.
    /// With `quiet`, no progress bar is drawn for a long batch and no warning is printed.
    pub fn read(args: &PuzzleArgs, quiet: bool) -> anyhow::Result<Input> {
        let options = parse_options(args)?;
        let mut entries = Vec::new();
        let mut names = Vec::new();
        for (index, source) in sources(&args.inputs)?.into_iter().enumerate() {
            entries.extend(parse_document(&source.text, &options).into_iter().map(|e| (index, e)));
            names.push(source.name);
        }
        Ok(Input { entries, names, quiet, json: false })
    }

    /// Also writes a JSON record on stdout for each puzzle that does not parse
    /// (`{"puzzle":3,"line":4,"column":7,"error":"..."}`), so a program reading JSON output
    /// sees every input.
    pub fn with_json_errors(mut self, json: bool) -> Input {
        self.json = json;
        self
    }

    /// The single puzzle of the input.
    ///
    /// # Errors
    /// When the input holds several puzzles, or the puzzle does not parse.
    pub fn single(self) -> anyhow::Result<Puzzle> {
        let count = self.entries.len();
        let Some((source, entry)) = self.entries.into_iter().next().filter(|_| count == 1) else {
            bail!("expected one puzzle, found {count}");
        };
        let name = &self.names[source];
        if !self.quiet {
            entry
                .warnings
                .iter()
                .for_each(|w| diagnose(&format!("warning: {name}:{}: {w}", entry.line)));
        }
        entry.puzzle.map_err(|error| anyhow::anyhow!(describe(name, &error)))
    }

    /// Runs `answer` on every puzzle in order, one at a time, with its 1-based number and
    /// starting line. A puzzle that does not parse is reported on stderr as
    /// `name:line:column: message` and makes the run exit 2; the rest go on. The result is the
    /// worst status met.
    pub fn for_each(
        self,
        mut answer: impl FnMut(&Puzzle, Position) -> anyhow::Result<ExitStatus>,
    ) -> anyhow::Result<ExitStatus> {
        let one_thread = BatchArgs { jobs: Some(1) };
        self.for_each_parallel(
            &one_thread,
            |puzzle| Ok(puzzle.clone()),
            |puzzle, at| answer(&puzzle, at),
        )
    }

    /// Like [`Input::for_each`], with the work split in two: `compute` runs on the batch's threads,
    /// a few puzzles ahead, and `emit` writes the results one by one in input order, so the
    /// output is the same for any number of threads.
    pub fn for_each_parallel<R: Send>(
        mut self,
        batch: &BatchArgs,
        compute: impl Fn(&Puzzle) -> anyhow::Result<R> + Sync,
        mut emit: impl FnMut(R, Position) -> anyhow::Result<ExitStatus>,
    ) -> anyhow::Result<ExitStatus> {
        let jobs = batch.threads_for(self.entries.len());
        let pool = ThreadPoolBuilder::new().num_threads(jobs).build()?;
        let progress = progress_bar(self.entries.len() as u64, "puzzles", self.quiet);
        let entries: Vec<(usize, (usize, Entry))> =
            std::mem::take(&mut self.entries).into_iter().enumerate().collect();
        let mut worst = ExitStatus::Success;
        for chunk in entries.chunks(jobs.saturating_mul(4)) {
            let results: Vec<Option<anyhow::Result<R>>> = pool.install(|| {
                chunk
                    .par_iter()
                    .map(|(_, (_, entry))| entry.puzzle.as_ref().ok().map(&compute))
                    .collect()
            });
            for ((index, (source, entry)), result) in chunk.iter().zip(results) {
                let name = &self.names[*source];
                let position = Position { number: index + 1, line: entry.line };
                let context = || format!("{name}:{}: puzzle {}", entry.line, index + 1);
                if !self.quiet {
                    for warning in &entry.warnings {
                        progress.suspend(|| {
                            diagnose(&format!("warning: {name}:{}: {warning}", entry.line))
                        });
                    }
                }
                let status = match (&entry.puzzle, result) {
                    (Err(error), _) => {
                        progress.suspend(|| self.report_bad(name, position, error))?;
                        ExitStatus::Error
                    }
                    (Ok(_), Some(result)) => {
                        let result = result.with_context(context)?;
                        progress.suspend(|| emit(result, position)).with_context(context)?
                    }
                    (Ok(_), None) => unreachable!("every parsed puzzle is computed"),
                };
                worst = worst.max(status);
                progress.inc(1);
            }
        }
        progress.finish_and_clear();
        Ok(worst)
    }

    /// Reports a puzzle that does not parse: on stderr, and as a JSON record when asked.
    fn report_bad(&self, name: &str, position: Position, error: &ParseError) -> anyhow::Result<()> {
        diagnose(&format!("error: {}", describe(name, error)));
        if self.json {
            emit_json(&json!({
                "puzzle": position.number,
                "input": name,
                "line": error.line(),
                "column": error.column(),
                "error": error.message(),
            }))?;
        }
        Ok(())
    }
}

/// Where a puzzle stands in its input.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    /// 1-based number of the puzzle in the input.
    pub number: usize,
    /// 1-based line where it starts.
    pub line: usize,
}

/// `name:line:column: message` and the offending line with a caret under the column.
fn describe(name: &str, error: &ParseError) -> String {
    let (line, column, message) = (error.line(), error.column(), error.message());
    format!("{name}:{line}:{column}: {message}\n{}", error.snippet())
}

/// The rules a `--rules` list names.
pub fn rules_flag(list: &str) -> anyhow::Result<Vec<Rule>> {
    Rule::from_list(list)
        .map_err(|(_, name)| anyhow::anyhow!("--rules: {}", unknown_rule_message(&name)))
}

fn parse_options(args: &PuzzleArgs) -> anyhow::Result<ParseOptions> {
    let mut options = ParseOptions::new();
    if let Some(list) = &args.rules {
        options = options.rules(rules_flag(list)?);
    }
    if let Some(boxes) = &args.boxes {
        let (rows, columns) = super::resolve::boxes(boxes)?;
        options = options.boxes(rows, columns);
    }
    Ok(options)
}
