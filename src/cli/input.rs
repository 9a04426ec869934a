//! Reading the inputs: the files, stdin, puzzles and links the arguments name, parsed with the
//! `--rules`/`--boxes` flags as a stream, and a driver that runs a subcommand over every
//! puzzle, reporting bad ones (on stderr, and as JSON records when the output is JSON) and
//! going on.
//!
//! The driver is a pipeline in bounded memory: one thread reads and parses, `--jobs` workers
//! pull puzzles and answer them, and the calling thread writes the answers in input order. At
//! most a window of chunks is in flight, so a batch of any length runs in constant memory
//! and its first answers come before the input ends. Puzzles travel in chunks of up to
//! [`CHUNK`] (a puzzle is answered in tens of microseconds, about what handing it from thread
//! to thread costs); from stdin and pipes a chunk is whatever has arrived: the puzzles
//! gathered go on before any read that may wait for a producer, so that none waits on input
//! that has not come. The answers of a chunk are written to stdout together. The reader only
//! splits the input into puzzles: the lines of a batch of one-line puzzles are parsed by the
//! workers.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{BufRead, Read};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, sync_channel};

use anyhow::Context;
use satdoku::model::parse::{Entries, Entry, Unparsed};
use satdoku::model::rule::unknown_rule_message;
use satdoku::{ParseError, ParseOptions, Puzzle, Rule};
use serde_json::json;

use super::ExitStatus;
use super::args::{BatchArgs, PuzzleArgs};
use super::output::{Held, diagnose, emit_json};
use super::progress::progress_counter;
use super::sources::{Source, sources};

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
                reading.send_chunks(|chunk| permit.recv().is_ok() && work.send(chunk).is_ok());
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
                    // The chunk's answers, which came together, leave together.
                    let held = Held::start();
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
                    progress.suspend(|| held.release())?;
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
        self.unparsed_through(|reader, _| reader)
    }

    /// [`Reading::unparsed`], each input read through what `through` makes of its reader and
    /// whether it may wait (see [`Source::waits`]).
    fn unparsed_through<B: BufRead>(
        self,
        through: impl Fn(Box<dyn BufRead + Send>, bool) -> B,
    ) -> impl Iterator<Item = Item<Unparsed>> {
        let options = self.options;
        let entries = self.sources.into_iter().enumerate().flat_map(move |(source, input)| {
            let reader = through(input.reader, input.waits);
            Entries::new(reader, &options).unparsed().map(move |entry| (source, entry))
        });
        entries.enumerate().map(|(index, (source, entry))| Item { index, source, entry })
    }

    /// Sends the puzzles on through `send` in chunks of up to [`CHUNK`], and before each read
    /// of an input that may wait, the puzzles gathered so far: a chunk from a pipe is whatever
    /// has arrived, and no puzzle waits on input still to come. Stops when `send` refuses a
    /// chunk (the workers are gone).
    fn send_chunks(self, send: impl FnMut(Chunk) -> bool) {
        let gathering = RefCell::new(Gathering::new(send));
        let send_on = || gathering.borrow_mut().send_on();
        let items =
            self.unparsed_through(|reader, waits| BeforeWaiting::new(reader, waits, send_on));
        for item in items {
            let mut gathering = gathering.borrow_mut();
            gathering.items.push(item);
            if gathering.items.len() == CHUNK {
                gathering.send_on();
            }
            if !gathering.open {
                return;
            }
        }
        gathering.borrow_mut().send_on();
    }
}

/// The puzzles gathered for the next chunk, and where chunks go.
struct Gathering<S> {
    items: Vec<Item<Unparsed>>,
    /// Chunks sent so far: the number of the next.
    sent: usize,
    send: S,
    /// Whether the receiving side still takes chunks.
    open: bool,
}

impl<S: FnMut(Chunk) -> bool> Gathering<S> {
    fn new(send: S) -> Gathering<S> {
        Gathering { items: Vec::with_capacity(CHUNK), sent: 0, send, open: true }
    }

    /// Sends the gathered puzzles on as a chunk, if there are any.
    fn send_on(&mut self) {
        if self.items.is_empty() || !self.open {
            return;
        }
        let items = std::mem::replace(&mut self.items, Vec::with_capacity(CHUNK));
        self.open = (self.send)(Chunk { number: self.sent, items });
        self.sent += 1;
    }
}

/// A reader that calls `before` when it is about to read an input that may wait, with
/// nothing left in its buffer: what has arrived is then all taken.
struct BeforeWaiting<F> {
    inner: Box<dyn BufRead + Send>,
    waits: bool,
    /// Bytes of the inner buffer not consumed yet.
    buffered: usize,
    before: F,
}

impl<F: Fn()> BeforeWaiting<F> {
    fn new(inner: Box<dyn BufRead + Send>, waits: bool, before: F) -> BeforeWaiting<F> {
        BeforeWaiting { inner, waits, buffered: 0, before }
    }
}

impl<F: Fn()> Read for BeforeWaiting<F> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let buffer = self.fill_buf()?;
        let taken = buffer.len().min(out.len());
        out[..taken].copy_from_slice(&buffer[..taken]);
        self.consume(taken);
        Ok(taken)
    }
}

impl<F: Fn()> BufRead for BeforeWaiting<F> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.waits && self.buffered == 0 {
            (self.before)();
        }
        let buffer = self.inner.fill_buf()?;
        self.buffered = buffer.len();
        Ok(buffer)
    }

    fn consume(&mut self, amount: usize) {
        self.buffered = self.buffered.saturating_sub(amount);
        self.inner.consume(amount);
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
