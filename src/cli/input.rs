//! Reading the inputs: the files, stdin, puzzles and links the arguments name, parsed with the
//! `--rules`/`--boxes` flags as a stream, and a driver that runs a subcommand over every
//! puzzle, reporting bad ones (on stderr, and as JSON records when the output is JSON) and
//! going on.
//!
//! The driver is a pipeline in bounded memory: one thread reads and parses, `--jobs` workers
//! pull puzzles and answer them, and the calling thread writes the answers in input order. At
//! most a window of chunks is in flight, so a batch of any length runs in constant memory
//! and its first answers come before the input ends. Puzzles travel in chunks of up to
//! [`CHUNK`] from files (a puzzle is answered in tens of microseconds, about what handing it
//! from thread to thread costs), one at a time from stdin and pipes (a producer may be slow,
//! and each answer should come as soon as its puzzle). The reader only splits the input into
//! puzzles: the lines of a batch of one-line puzzles are parsed by the workers.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, sync_channel};

use anyhow::Context;
use satdoku::model::parse::ParseErrorKind;
use satdoku::model::parse::{Entries, Entry, Unparsed};
use satdoku::model::rule::unknown_rule_message;
use satdoku::{ParseError, ParseOptions, Puzzle, Rule};
use serde_json::json;

use super::ExitStatus;
use super::args::{BatchArgs, PuzzleArgs};
use super::output::{diagnose, emit_json};
use super::progress::progress_counter;
use super::sources::{STDIN, Source, empty_stdin_hint, sources};

/// The puzzles of the inputs, read as they are needed.
pub struct Input {
    sources: Vec<Source>,
    options: ParseOptions,
    quiet: bool,
    json: bool,
}

/// The most puzzles handed from thread to thread at once.
const CHUNK: usize = 64;

/// Chunks in flight per worker.
const CHUNKS_PER_WORKER: usize = 4;

/// A puzzle of the input: its number among all inputs (0-based), its input, and the entry
/// (parsed, or on its way to a worker still [`Unparsed`]).
struct Item<E = Entry> {
    index: usize,
    source: usize,
    entry: E,
}

impl Item<Unparsed> {
    /// The same puzzle, parsed with `options` (on a worker's thread, or the reader's).
    fn parse(self, options: &ParseOptions) -> Item {
        Item { index: self.index, source: self.source, entry: self.entry.parse(options) }
    }
}

impl Input {
    /// Opens the inputs `args` names, to be parsed with the flags' rules and boxes.
    /// With `quiet`, no progress is drawn for a long batch and no warning is printed.
    pub fn read(args: &PuzzleArgs, quiet: bool) -> anyhow::Result<Input> {
        let options = parse_options(args)?;
        Ok(Input { sources: sources(&args.inputs)?, options, quiet, json: false })
    }

    /// Also writes a JSON record on stdout for each puzzle that does not parse
    /// (`{"puzzle":3,"line":4,"column":7,"error":"..."}`), so a program reading JSON output
    /// sees every input.
    pub fn with_json_errors(mut self, json: bool) -> Input {
        self.json = json;
        self
    }

    /// The names of the inputs, their reading (to be started on the thread that reads), and
    /// how to report.
    fn split(self) -> (Vec<String>, Reading, Reporting) {
        let reporting = Reporting { quiet: self.quiet, json: self.json };
        let names = self.sources.iter().map(|source| source.name.clone()).collect();
        (names, Reading { sources: self.sources, options: self.options }, reporting)
    }

    /// The single puzzle of the input.
    ///
    /// # Errors
    /// When the input holds several puzzles, or the puzzle does not parse.
    pub fn single(self) -> anyhow::Result<Puzzle> {
        let (names, reading, reporting) = self.split();
        let items: Vec<Item> = reading.items().take(2).collect();
        let [item] = <[Item; 1]>::try_from(items).map_err(|items| {
            let found = if items.is_empty() { "none".to_string() } else { "several".to_string() };
            anyhow::anyhow!("expected one puzzle, found {found}")
        })?;
        let name = &names[item.source];
        reporting.warn(name, &item.entry);
        item.entry.puzzle.map_err(|error| anyhow::anyhow!(describe(name, &error)))
    }

    /// Runs `answer` on every puzzle in order, one at a time, on this thread, with its 1-based
    /// number and starting line. A puzzle that does not parse is reported and makes the run
    /// exit 2; the rest go on. The result is the worst status met.
    pub fn for_each(
        self,
        mut answer: impl FnMut(&Puzzle, Position) -> anyhow::Result<ExitStatus>,
    ) -> anyhow::Result<ExitStatus> {
        let (names, reading, reporting) = self.split();
        let mut worst = ExitStatus::Success;
        for item in reading.items() {
            let name = &names[item.source];
            let position = Position { number: item.index + 1, line: item.entry.line };
            reporting.warn(name, &item.entry);
            let status = match &item.entry.puzzle {
                Err(error) => reporting.bad(name, position, error).map(|()| ExitStatus::Error)?,
                Ok(puzzle) => answer(puzzle, position).with_context(|| context(name, position))?,
            };
            worst = worst.max(status);
        }
        Ok(worst)
    }

    /// Like [`Input::for_each`], with the work split in two: `compute` runs on `--jobs`
    /// worker threads, which pull puzzles as they free up, and `emit` writes the results one
    /// by one in input order on this thread, so the output is the same for any number of
    /// threads.
    pub fn for_each_parallel<R: Send>(
        self,
        batch: &BatchArgs,
        compute: impl Fn(&Puzzle) -> anyhow::Result<R> + Sync,
        emit: impl FnMut(R, Position) -> anyhow::Result<ExitStatus>,
    ) -> anyhow::Result<ExitStatus> {
        self.for_each_parallel_with(batch, || (), |(), puzzle| compute(puzzle), emit)
    }

    /// [`Input::for_each_parallel`] where each worker thread keeps its own state, made by
    /// `worker` when the thread starts and handed to every `compute` it runs: how a worker
    /// keeps a compiled rule set and its solver from one puzzle to the next.
    pub fn for_each_parallel_with<W, R: Send>(
        self,
        batch: &BatchArgs,
        worker: impl Fn() -> W + Sync,
        compute: impl Fn(&mut W, &Puzzle) -> anyhow::Result<R> + Sync,
        mut emit: impl FnMut(R, Position) -> anyhow::Result<ExitStatus>,
    ) -> anyhow::Result<ExitStatus> {
        let jobs = batch.threads();
        let window = jobs * CHUNKS_PER_WORKER;
        let (names, reading, reporting) = self.split();
        let options = reading.options.clone();
        let progress = progress_counter("puzzles", reporting.quiet);
        let (work, to_work) = sync_channel::<Chunk>(window);
        let (done, from_workers) = sync_channel::<(usize, Answered<R>)>(window);
        let (permits, permit) = sync_channel::<()>(window);
        let to_work = &Mutex::new(to_work);
        let (compute, worker, options) = (&compute, &worker, &options);
        std::thread::scope(move |scope| {
            (0..window).for_each(|_| permits.send(()).expect("the window has room"));
            scope.spawn(move || {
                for chunk in reading.chunks() {
                    if permit.recv().is_err() || work.send(chunk).is_err() {
                        return;
                    }
                }
            });
            for _ in 0..jobs {
                let done = done.clone();
                scope.spawn(move || {
                    let mut state = worker();
                    while let Some(chunk) = next_chunk(to_work) {
                        let answered = chunk.items.into_iter().map(|item| {
                            let item = item.parse(options);
                            let puzzle = item.entry.puzzle.as_ref().ok();
                            let result = puzzle.map(|puzzle| compute(&mut state, puzzle));
                            (item, result)
                        });
                        if done.send((chunk.number, answered.collect())).is_err() {
                            return;
                        }
                    }
                });
            }
            drop(done);
            let mut waiting = BTreeMap::new();
            let mut next = 0;
            let mut worst = ExitStatus::Success;
            for (number, answered) in from_workers {
                waiting.insert(number, answered);
                while let Some(answered) = waiting.remove(&next) {
                    for (item, result) in answered {
                        let name = &names[item.source];
                        let position = Position { number: item.index + 1, line: item.entry.line };
                        progress.suspend(|| reporting.warn(name, &item.entry));
                        let status = match (&item.entry.puzzle, result) {
                            (Err(error), _) => {
                                progress.suspend(|| reporting.bad(name, position, error))?;
                                ExitStatus::Error
                            }
                            (Ok(_), Some(result)) => {
                                let result = result.with_context(|| context(name, position))?;
                                progress
                                    .suspend(|| emit(result, position))
                                    .with_context(|| context(name, position))?
                            }
                            (Ok(_), None) => unreachable!("every parsed puzzle is computed"),
                        };
                        worst = worst.max(status);
                        progress.inc(1);
                    }
                    next += 1;
                    let _ = permits.send(());
                }
            }
            progress.finish_and_clear();
            Ok(worst)
        })
    }
}

/// The puzzles of a chunk with what `compute` made of each (`None` for a puzzle that did not
/// parse).
type Answered<R> = Vec<(Item, Option<anyhow::Result<R>>)>;

/// Puzzles handed to a worker together, numbered in input order; the worker parses them.
struct Chunk {
    number: usize,
    items: Vec<Item<Unparsed>>,
}

/// The next chunk for a worker, or `None` when the reader is done (or gone).
fn next_chunk(to_work: &Mutex<Receiver<Chunk>>) -> Option<Chunk> {
    to_work.lock().ok()?.recv().ok()
}

/// The inputs to read, and how to parse them.
struct Reading {
    sources: Vec<Source>,
    options: ParseOptions,
}

impl Reading {
    /// Every puzzle of the inputs, in order, parsed as they are read.
    fn items(self) -> impl Iterator<Item = Item> {
        let options = self.options.clone();
        self.unparsed().map(move |item| item.parse(&options))
    }

    /// Every puzzle of the inputs, in order, the lines of batches not parsed yet.
    fn unparsed(self) -> impl Iterator<Item = Item<Unparsed>> {
        let options = self.options;
        let entries = self.sources.into_iter().enumerate().flat_map(move |(source, input)| {
            Entries::new(input.reader, &options).unparsed().map(move |entry| (source, entry))
        });
        entries.enumerate().map(|(index, (source, entry))| Item { index, source, entry })
    }

    /// The puzzles in chunks: up to [`CHUNK`] from inputs that never wait, one at a time from
    /// those that may (see [`Source::waits`]).
    fn chunks(self) -> impl Iterator<Item = Chunk> {
        let waits: Vec<bool> = self.sources.iter().map(|source| source.waits).collect();
        let mut items = self.unparsed();
        let mut number = 0;
        std::iter::from_fn(move || {
            let mut chunk = Vec::new();
            // Never a read past a full chunk, nor past a puzzle from an input that may wait.
            while chunk.len() < CHUNK {
                let Some(item) = items.next() else { break };
                let alone = waits[item.source];
                chunk.push(item);
                if alone {
                    break;
                }
            }
            (!chunk.is_empty()).then(|| {
                number += 1;
                Chunk { number: number - 1, items: chunk }
            })
        })
    }
}

/// `input:line: puzzle N`, the context of an error met while answering a puzzle.
fn context(name: &str, position: Position) -> String {
    format!("{name}:{}: puzzle {}", position.line, position.number)
}

/// How bad puzzles and warnings are reported.
struct Reporting {
    quiet: bool,
    json: bool,
}

impl Reporting {
    /// Prints the entry's warnings on stderr, unless quiet.
    fn warn(&self, name: &str, entry: &Entry) {
        if !self.quiet {
            for warning in &entry.warnings {
                diagnose(&format!("warning: {name}:{}: {warning}", entry.line));
            }
        }
    }

    /// Reports a puzzle that does not parse: on stderr, and as a JSON record when asked.
    fn bad(&self, name: &str, position: Position, error: &ParseError) -> anyhow::Result<()> {
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

/// `name:line:column: message` and the offending line with a caret under the column; for an
/// empty stdin, a hint at the likely cause.
fn describe(name: &str, error: &ParseError) -> String {
    let (line, column, message) = (error.line(), error.column(), error.message());
    let mut text = format!("{name}:{line}:{column}: {message}\n{}", error.snippet());
    if name == STDIN && error.kind() == ParseErrorKind::Empty {
        text += &format!("\n  hint: {}", empty_stdin_hint());
    }
    text
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
