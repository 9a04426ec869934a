//! Reading the input: the file or stdin, the `--rules`/`--boxes` flags, and a driver that
//! runs a subcommand over every puzzle, reporting bad ones on stderr and going on.

use std::io::Read;
use std::path::Path;

use anyhow::{Context, bail};
use rayon::ThreadPoolBuilder;
use rayon::prelude::*;
use satdoku::model::parse::{Entry, parse_document};
use satdoku::model::rule::expected_rule_names;
use satdoku::{ParseError, ParseOptions, Puzzle, Rule};

use super::ExitStatus;
use super::args::{BatchArgs, PuzzleArgs};
use super::output::diagnose;
use super::progress::progress_bar;

/// The puzzles of one input, with the name to report them under.
pub struct Input {
    name: String,
    entries: Vec<Entry>,
    quiet: bool,
}

impl Input {
    /// Reads the input `args` names and parses it with the flags' rules and boxes.
    /// With `quiet`, no progress bar is drawn for a long batch.
    pub fn read(args: &PuzzleArgs, quiet: bool) -> anyhow::Result<Input> {
        let options = parse_options(args)?;
        let (name, text) = read_text(&args.input)?;
        Ok(Input { entries: parse_document(&text, &options), name, quiet })
    }

    /// The single puzzle of the input.
    ///
    /// # Errors
    /// When the input is a batch, or the puzzle does not parse.
    pub fn single(self) -> anyhow::Result<Puzzle> {
        let count = self.entries.len();
        let Some(entry) = self.entries.into_iter().next().filter(|_| count == 1) else {
            bail!("{}: expected one puzzle, found a batch of {count}", self.name);
        };
        entry.puzzle.map_err(|error| anyhow::anyhow!(describe(&self.name, &error)))
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
        self,
        batch: &BatchArgs,
        compute: impl Fn(&Puzzle) -> anyhow::Result<R> + Sync,
        mut emit: impl FnMut(R, Position) -> anyhow::Result<ExitStatus>,
    ) -> anyhow::Result<ExitStatus> {
        let jobs = batch.threads_for(self.entries.len());
        let pool = ThreadPoolBuilder::new().num_threads(jobs).build()?;
        let progress = progress_bar(self.entries.len() as u64, "puzzles", self.quiet);
        let entries: Vec<(usize, Entry)> = self.entries.into_iter().enumerate().collect();
        let mut worst = ExitStatus::Success;
        for chunk in entries.chunks(jobs.saturating_mul(4)) {
            let results: Vec<Option<anyhow::Result<R>>> = pool.install(|| {
                chunk
                    .par_iter()
                    .map(|(_, entry)| entry.puzzle.as_ref().ok().map(&compute))
                    .collect()
            });
            for ((index, entry), result) in chunk.iter().zip(results) {
                let position = Position { number: index + 1, line: entry.line };
                let context = || format!("{}:{}: puzzle {}", self.name, entry.line, index + 1);
                let status = match (&entry.puzzle, result) {
                    (Err(error), _) => {
                        progress.suspend(|| {
                            diagnose(&format!("error: {}", describe(&self.name, error)))
                        });
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
    Rule::from_list(list).map_err(|(_, name)| {
        anyhow::anyhow!("unknown rule `{name}` in --rules, {}", expected_rule_names())
    })
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

/// The input's name and text (a leading byte-order mark dropped).
fn read_text(path: &Path) -> anyhow::Result<(String, String)> {
    let (name, bytes) = if path == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).context("cannot read stdin")?;
        ("<stdin>".to_string(), bytes)
    } else {
        let bytes =
            std::fs::read(path).with_context(|| format!("cannot read `{}`", path.display()))?;
        (path.display().to_string(), bytes)
    };
    let text = String::from_utf8(bytes).map_err(|error| {
        let bytes = error.as_bytes();
        let valid = &bytes[..error.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&valid[line_start..]).chars().count() + 1;
        let found = bytes[valid.len()];
        anyhow::anyhow!("{name}:{line}:{column}: expected UTF-8 text, found byte {found:#04x}")
    })?;
    Ok((name, text.strip_prefix('\u{feff}').unwrap_or(&text).to_string()))
}
