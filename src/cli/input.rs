//! Reading the input: the file or stdin, the `--rules`/`--boxes` flags, and a driver that
//! runs a subcommand over every puzzle, reporting bad ones on stderr and going on.

use std::io::Read;
use std::path::Path;

use anyhow::{Context, bail};
use satdoku::model::parse::{Entry, parse_document};
use satdoku::model::rule::RULE_NAMES;
use satdoku::{ParseError, ParseOptions, Puzzle, Rule};

use super::ExitStatus;
use super::args::PuzzleArgs;
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

    /// Runs `answer` on every puzzle in order, with its 1-based number and starting line.
    /// A puzzle that does not parse is reported on stderr as `name:line:column: message` and
    /// makes the run exit 2; the rest go on. The result is the worst status met.
    pub fn for_each(
        self,
        mut answer: impl FnMut(&Puzzle, Position) -> anyhow::Result<ExitStatus>,
    ) -> anyhow::Result<ExitStatus> {
        let mut worst = ExitStatus::Success;
        let progress = progress_bar(self.entries.len() as u64, "puzzles", self.quiet);
        for (index, entry) in self.entries.into_iter().enumerate() {
            let status = match entry.puzzle {
                Ok(puzzle) => answer(&puzzle, Position { number: index + 1, line: entry.line })
                    .with_context(|| {
                        format!("{}:{}: puzzle {}", self.name, entry.line, index + 1)
                    })?,
                Err(error) => {
                    eprintln!("error: {}", describe(&self.name, &error));
                    ExitStatus::Error
                }
            };
            worst = worst.max(status);
            progress.inc(1);
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
        let names: Vec<_> = RULE_NAMES.iter().map(|(name, _)| *name).collect();
        anyhow::anyhow!("unknown rule `{name}` in --rules, expected one of {}", names.join(", "))
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

fn read_text(path: &Path) -> anyhow::Result<(String, String)> {
    if path == Path::new("-") {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).context("cannot read stdin")?;
        return Ok(("<stdin>".to_string(), text));
    }
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read `{}`", path.display()))?;
    Ok((path.display().to_string(), text))
}
