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
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{Receiver, sync_channel};
use std::sync::{Arc, Mutex};

use satdoku::model::parse::ParseErrorKind;
use satdoku::model::parse::{Entries, Entry, NOTE, Unparsed};
use satdoku::model::rule::unknown_rule_message;
use satdoku::{Limits, ParseError, ParseOptions, Puzzle, Rule, Stop};
use serde_json::json;

use super::args::{BatchArgs, OnePuzzleArgs, PuzzleArgs, RuleArgs};
use super::output::{Held, diagnose, emit_json};
use super::progress::progress_counter;
use super::sources::{STDIN, Source, empty_stdin_hint, sources};
use super::{ExitStatus, failure_status, guard, is_broken_pipe};

/// The puzzles of the inputs, read as they are needed.
pub struct Input {
    sources: Vec<Source>,
    options: ParseOptions,
    quiet: bool,
    json: bool,
    limits: Limits,
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

    /// [`Item::parse`] on a worker's thread, where a panic must not take the batch down: a
    /// panic while parsing is the puzzle's internal error, its line saved in the bug report,
    /// and the puzzle keeps its place (by its line number) among the answers.
    fn parse_caught(self, options: &ParseOptions) -> Result<Item, (Item<usize>, anyhow::Error)> {
        let (index, source) = (self.index, self.source);
        let pending = self.entry.pending_line();
        catch_unwind(AssertUnwindSafe(|| self.parse(options))).map_err(|payload| {
            let (line, text) = pending.unwrap_or_else(|| (0, Arc::from("")));
            let error = guard::panicked_at(&format!("{text}\n"), &*payload);
            (Item { index, source, entry: line }, error)
        })
    }
}

/// A puzzle of a chunk as its worker leaves it.
enum Worked<R> {
    /// Parsed, with what `compute` made of it (`None` for a puzzle that did not parse).
    Parsed(Item, Option<R>),
    /// Its parsing panicked (a bug): where it stands (its line) and the internal error.
    Panicked(Item<usize>, anyhow::Error),
}

impl Input {
    /// Opens the inputs `args` names, to be parsed with the flags' rules and boxes.
    /// With `quiet`, no progress is drawn for a long batch and no warning is printed.
    pub fn read(args: &PuzzleArgs, quiet: bool) -> anyhow::Result<Input> {
        Input::open(&args.inputs, &args.rules, quiet)
    }

    /// Makes `limits` bound the whole run: once one is reached, no puzzle is started. After
    /// the deadline every puzzle left is reported unanswered (`no result: timeout`); after
    /// Ctrl-C the rest of the input is not read, and one line says so.
    pub fn limited(mut self, limits: &Limits) -> Input {
        self.limits = limits.clone();
        self
    }

    /// The one puzzle `args` names (`render`, `encode`): an error when its input holds none or
    /// several.
    pub fn read_one(args: &OnePuzzleArgs, quiet: bool) -> anyhow::Result<Puzzle> {
        Input::open(args.input.as_slice(), &args.rules, quiet)?.single()
    }

    /// Opens `inputs`, to be parsed with the rules and boxes of `rules`.
    fn open(inputs: &[String], rules: &RuleArgs, quiet: bool) -> anyhow::Result<Input> {
        let options = parse_options(rules)?;
        let sources = sources(inputs)?;
        Ok(Input { sources, options, quiet, json: false, limits: Limits::new() })
    }

    /// Also writes a JSON record on stdout for each puzzle that does not parse
    /// (`{"puzzle":3,"line":4,"column":7,"error":"..."}`), so a program reading JSON output
    /// sees every input.
    pub fn with_json_errors(mut self, json: bool) -> Input {
        self.json = json;
        self
    }

    /// The names of the inputs, their reading (to be started on the thread that reads), how to
    /// report, and the limits of the run.
    fn split(self) -> (Vec<String>, Reading, Reporting, Limits) {
        let reporting = Reporting { quiet: self.quiet, json: self.json };
        let names = self.sources.iter().map(|source| source.name.clone()).collect();
        let reading = Reading { sources: self.sources, options: self.options };
        (names, reading, reporting, self.limits)
    }

    /// The single puzzle of the input.
    ///
    /// # Errors
    /// When the input holds several puzzles, or the puzzle does not parse.
    fn single(self) -> anyhow::Result<Puzzle> {
        let (names, reading, reporting, _) = self.split();
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
    /// exit 2, one whose answer fails (or panics) is reported with its error; the rest go on.
    /// The result is the worst status met.
    pub fn for_each(
        self,
        mut answer: impl FnMut(&Puzzle, Position) -> anyhow::Result<ExitStatus>,
    ) -> anyhow::Result<ExitStatus> {
        let (names, reading, reporting, _) = self.split();
        let mut worst = ExitStatus::Success;
        for item in reading.items() {
            let name = &names[item.source];
            let position = Position { number: item.index + 1, line: item.entry.line };
            reporting.warn(name, &item.entry);
            let status = match &item.entry.puzzle {
                Err(error) => reporting.bad(name, position, error)?,
                Ok(puzzle) => match guard::caught(puzzle, || answer(puzzle, position)) {
                    Err(error) if is_broken_pipe(&error) => return Err(error),
                    Err(error) => reporting.failed(name, position, &error)?,
                    Ok(status) => status,
                },
            };
            worst = worst.max(status);
        }
        Ok(worst)
    }

    /// Like [`Input::for_each`], with the work split in two: `compute` runs on `--jobs`
    /// worker threads, which pull puzzles as they free up, and `emit` writes the results one
    /// by one in input order on this thread, so the output is the same for any number of
    /// threads. A puzzle whose `compute` fails or panics, or whose `emit` meets an internal
    /// error, is reported alone; the rest go on.
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
        let (names, reading, reporting, limits) = self.split();
        let options = reading.options.clone();
        let progress = progress_counter("puzzles", reporting.quiet);
        let (work, to_work) = sync_channel::<Chunk>(window);
        let (done, from_workers) = sync_channel::<(usize, Answered<R>)>(window);
        let (permits, permit) = sync_channel::<()>(window);
        let to_work = &Mutex::new(to_work);
        let (compute, worker, options) = (&compute, &worker, &options);
        let limits = &limits;
        std::thread::scope(move |scope| {
            (0..window).for_each(|_| permits.send(()).expect("the window has room"));
            // A panic while reading (a bug) ends the run with its own message and place,
            // after the puzzles read before it are answered.
            let reader = scope.spawn(move || {
                catch_unwind(AssertUnwindSafe(|| {
                    reading.send_chunks(|chunk| {
                        let interrupted = limits.reached() == Some(Stop::Interrupted);
                        !interrupted && permit.recv().is_ok() && work.send(chunk).is_ok()
                    });
                }))
                .map_err(|payload| guard::panicked(&*payload))
            });
            for _ in 0..jobs {
                let done = done.clone();
                scope.spawn(move || {
                    let mut state = worker();
                    while let Some(chunk) = next_chunk(to_work) {
                        let answered =
                            chunk.items.into_iter().map(|item| match item.parse_caught(options) {
                                Ok(item) => {
                                    let puzzle = item.entry.puzzle.as_ref().ok();
                                    let result = puzzle.map(|puzzle| {
                                        answer(puzzle, &mut state, worker, compute, limits)
                                    });
                                    Worked::Parsed(item, result)
                                }
                                Err((item, error)) => Worked::Panicked(item, error),
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
            let mut answered = 0;
            for (number, chunk) in from_workers {
                waiting.insert(number, chunk);
                while let Some(chunk) = waiting.remove(&next) {
                    // The chunk's answers, which came together, leave together.
                    let held = Held::start();
                    for worked in chunk {
                        let status = match worked {
                            Worked::Parsed(item, result) => {
                                let name = &names[item.source];
                                let line = item.entry.line;
                                let position = Position { number: item.index + 1, line };
                                progress.suspend(|| reporting.warn(name, &item.entry));
                                progress.suspend(|| match (&item.entry.puzzle, result) {
                                    (Err(error), _) => reporting.bad(name, position, error),
                                    (Ok(_), Some(Ok(result))) => match emit(result, position) {
                                        Err(error) if guard::is_internal(&error) => {
                                            reporting.failed(name, position, &error)
                                        }
                                        emitted => {
                                            emitted.map_err(|e| e.context(context(name, position)))
                                        }
                                    },
                                    (Ok(_), Some(Err(unanswered))) => {
                                        reporting.unanswered(name, position, unanswered)
                                    }
                                    (Ok(_), None) => {
                                        unreachable!("every parsed puzzle is computed")
                                    }
                                })?
                            }
                            Worked::Panicked(item, error) => {
                                let position =
                                    Position { number: item.index + 1, line: item.entry };
                                let name = &names[item.source];
                                progress.suspend(|| reporting.failed(name, position, &error))?
                            }
                        };
                        worst = worst.max(status);
                        answered += 1;
                        progress.inc(1);
                    }
                    progress.suspend(|| held.release())?;
                    next += 1;
                    let _ = permits.send(());
                }
            }
            progress.finish_and_clear();
            reader.join().expect("the reader catches its panics")?;
            if limits.reached() == Some(Stop::Interrupted) {
                diagnose(&format!(
                    "error: interrupted after {answered} puzzles: the rest of the input was not read"
                ));
            }
            Ok(worst)
        })
    }
}

/// A worker's answer to `puzzle`: `compute` on the worker's `state`, unless a limit of the
/// run was reached first; a panic inside is its puzzle's internal error, after which the
/// worker starts again from a fresh `state` (a fault may have left it half-changed).
fn answer<W, R>(
    puzzle: &Puzzle,
    state: &mut W,
    worker: impl Fn() -> W,
    compute: impl Fn(&mut W, &Puzzle) -> anyhow::Result<R>,
    limits: &Limits,
) -> Result<R, Unanswered> {
    if let Some(stop) = limits.reached() {
        return Err(Unanswered::Stopped(stop));
    }
    let result = guard::caught(puzzle, || compute(state, puzzle));
    if result.as_ref().is_err_and(guard::is_internal) {
        *state = worker();
    }
    result.map_err(Unanswered::Failed)
}

/// Why a puzzle of a batch has no result.
enum Unanswered {
    /// Its work failed (an internal error, a panic, a solver failure).
    Failed(anyhow::Error),
    /// A limit of the run was reached before its work began.
    Stopped(Stop),
}

/// The puzzles of a chunk as their worker left them.
type Answered<R> = Vec<Worked<Result<R, Unanswered>>>;

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

/// How bad puzzles, failed ones and warnings are reported.
struct Reporting {
    quiet: bool,
    json: bool,
}

impl Reporting {
    /// Prints the entry's warnings on stderr, unless quiet.
    fn warn(&self, name: &str, entry: &Entry) {
        if !self.quiet {
            for warning in &entry.warnings {
                // A reader's inference is a note; what it read but could not use, a warning.
                let (kind, text) = match warning.strip_prefix(NOTE) {
                    Some(text) => ("note", text),
                    None => ("warning", warning.as_str()),
                };
                diagnose(&format!("{kind}: {name}:{}: {text}", entry.line));
            }
        }
    }

    /// Reports a puzzle that does not parse: on stderr, and as a JSON record when asked; its
    /// status (2).
    fn bad(
        &self,
        name: &str,
        position: Position,
        error: &ParseError,
    ) -> anyhow::Result<ExitStatus> {
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
        Ok(ExitStatus::Error)
    }

    /// Reports a puzzle whose work failed, as `main` reports a failed run (`error:` and each
    /// cause), and as a JSON record when asked: the status it makes the run end with (3 for
    /// an internal error, else 2).
    fn failed(
        &self,
        name: &str,
        position: Position,
        error: &anyhow::Error,
    ) -> anyhow::Result<ExitStatus> {
        let mut text = format!("error: {}", context(name, position));
        for cause in error.chain() {
            text += &format!("\n  cause: {cause}");
        }
        diagnose(&text);
        self.record(position, &error.to_string(), None)?;
        Ok(failure_status(error))
    }

    /// Reports a puzzle of a batch without a result: its status.
    fn unanswered(
        &self,
        name: &str,
        position: Position,
        unanswered: Unanswered,
    ) -> anyhow::Result<ExitStatus> {
        match unanswered {
            Unanswered::Failed(error) => self.failed(name, position, &error),
            Unanswered::Stopped(stop) => self.stopped(name, position, stop),
        }
    }

    /// Reports a puzzle a limit of the run left unanswered: its status (4 or 130).
    fn stopped(&self, name: &str, position: Position, stop: Stop) -> anyhow::Result<ExitStatus> {
        diagnose(&format!("error: {}: no result: {stop}", context(name, position)));
        self.record(position, &format!("no result: {stop}"), Some(stop))?;
        Ok(super::limits::status(stop))
    }

    /// The JSON record of a puzzle without a result, when the output is JSON.
    fn record(&self, position: Position, error: &str, stop: Option<Stop>) -> anyhow::Result<()> {
        if !self.json {
            return Ok(());
        }
        let mut object =
            json!({ "puzzle": position.number, "line": position.line, "error": error });
        if let Some(stop) = stop {
            object["limit"] = json!(stop.name());
        }
        emit_json(&object)
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
    let mut text = format!("{name}:{line}:{column}: {message}");
    let snippet = error.snippet();
    if !snippet.is_empty() {
        text += &format!("\n{snippet}");
    }
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

/// The parse options the `--rules`, `--boxes`, `--line` and `--dot` flags set.
fn parse_options(args: &RuleArgs) -> anyhow::Result<ParseOptions> {
    let mut options = ParseOptions::new();
    for flag in &args.line {
        let (colour, rule) = super::resolve::line_meaning(flag)?;
        options = options.line(&colour, rule);
    }
    for flag in &args.dot {
        let (colour, dot) = super::resolve::dot_meaning(flag)?;
        options = options.dot_relation(&colour, dot);
    }
    if let Some(list) = &args.rules {
        options = options.rules(rules_flag(list)?);
    }
    if let Some(boxes) = &args.boxes {
        let (rows, columns) = super::resolve::boxes(boxes)?;
        options = options.boxes(rows, columns);
    }
    Ok(options)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    use super::*;

    /// Runs a batch of `count` 4×4 puzzles under `limits` on one worker whose `compute` is
    /// `fault` of the puzzle's turn (1-based): the numbers of the puzzles emitted, and the
    /// run's status.
    fn batch(
        count: usize,
        limits: &Limits,
        fault: impl Fn(usize) -> anyhow::Result<()> + Sync,
    ) -> (Vec<usize>, ExitStatus) {
        let name = format!("satdoku-batch-test-{}-{count}", std::process::id());
        let path = std::env::temp_dir().join(name);
        std::fs::write(&path, "..3.1......4.2..\n".repeat(count)).unwrap();
        let args = PuzzleArgs {
            inputs: vec![path.display().to_string()],
            rules: RuleArgs { rules: None, boxes: None, line: vec![], dot: vec![] },
        };
        let input = Input::read(&args, true).unwrap().limited(limits);
        let turn = AtomicUsize::new(0);
        let mut emitted = Vec::new();
        let status = input.for_each_parallel(
            &BatchArgs { jobs: Some(1) },
            |_| fault(turn.fetch_add(1, Ordering::SeqCst) + 1),
            |(), position| {
                emitted.push(position.number);
                Ok(ExitStatus::Success)
            },
        );
        std::fs::remove_file(&path).unwrap();
        (emitted, status.unwrap())
    }

    #[test]
    fn a_batch_survives_a_panic_and_an_internal_error_in_its_puzzles() {
        let puzzle: Puzzle = "..3.1......4.2..".parse().unwrap();
        let (emitted, status) = batch(5, &Limits::new(), |turn| match turn {
            2 => panic!("a deliberate fault"),
            4 => Err(guard::internal_error(&puzzle, "a deliberate fault".into(), "")),
            _ => Ok(()),
        });
        assert_eq!(emitted, vec![1, 3, 5]);
        assert_eq!(status, ExitStatus::Internal);
    }

    #[test]
    fn other_failures_of_a_puzzle_are_errors_and_the_batch_goes_on() {
        let (emitted, status) =
            batch(3, &Limits::new(), |turn| if turn == 1 { anyhow::bail!("no") } else { Ok(()) });
        assert_eq!((emitted, status), (vec![2, 3], ExitStatus::Error));
    }

    #[test]
    fn no_puzzle_starts_after_the_deadline() {
        let past = Limits::new().timeout(std::time::Duration::ZERO);
        let (emitted, status) = batch(4, &past, |_| Ok(()));
        assert_eq!((emitted, status), (vec![], ExitStatus::TimedOut));
    }

    #[test]
    fn an_interrupt_stops_the_batch_between_puzzles() {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = Limits::new().interrupt(Arc::clone(&flag));
        let (emitted, status) = batch(400, &limits, |turn| {
            if turn == 3 {
                flag.store(true, Ordering::SeqCst);
            }
            Ok(())
        });
        assert_eq!(emitted, vec![1, 2, 3]);
        assert_eq!(status, ExitStatus::Interrupted);
    }
}
