//! Reading the puzzles of an input as a stream: a line at a time, each puzzle handed out as
//! soon as it is whole, so that a batch of a million lines is read in constant memory and its
//! first answers come before the input ends.
//!
//! Text input is split as [`split_puzzles`] says, deciding whether a part (the lines between
//! `---` lines) is a batch of one-line puzzles from its first [`WINDOW`] lines. JSON input (it
//! starts with `{`) is split into documents as they complete. A line longer than
//! [`MAX_LINE`] or that is not UTF-8 is a bad entry of its own; the rest go on. A puzzle's
//! text (its lines, or a JSON document) is held until the puzzle is whole, at most
//! [`MAX_PUZZLE`] bytes and [`MAX_PUZZLE_LINES`] lines: so the memory of a read is bounded
//! whatever the input, and a batch of any length streams.

use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::Arc;

use serde::de::IgnoredAny;

use super::json::document_entry;
use super::split::{Break, is_batch, split_at_blanks, split_puzzles};
use super::{Entry, Line, ParseError, ParseErrorKind, ParseOptions, classify, parse_lines};
use crate::model::sudokupad::{decode_link, dot_meaning, line_meaning};

/// The longest line read, in bytes: far above any puzzle (a 35×35 line is 1,225 cells, an
/// f-puzzles document a few hundred KB on one line).
pub const MAX_LINE: usize = 8 << 20;
/// The lines of a part read before deciding whether it is a batch.
const WINDOW: usize = 64;
/// The most lines one text-format puzzle may take.
const MAX_PUZZLE_LINES: usize = 100_000;
/// The most bytes of text one puzzle may take (its lines, or its JSON document), twice a
/// line: lines of a batch are puzzles of their own and never add up.
pub const MAX_PUZZLE: usize = 2 * MAX_LINE;

/// What kind of input the stream holds, known from its first character.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Unknown,
    Text,
    Json,
}

/// The puzzles of a reader, one [`Entry`] at a time (see the module documentation).
pub struct Entries<R> {
    reader: R,
    options: ParseOptions,
    kind: Kind,
    /// Lines read so far.
    lines_read: usize,
    /// What stands between the last line with content and the next one.
    pending: Break,
    /// Text: the lines of the current part not handed out yet, and their bytes.
    part: Vec<Line>,
    part_bytes: usize,
    /// Text: whether the current part is a batch (decided), or text-format puzzles (decided).
    batch: Option<bool>,
    /// JSON: the text of the documents not complete yet, and the 0-based line it starts on.
    json: String,
    json_line: usize,
    /// After an error that spoils a puzzle, its lines are skipped up to where the next puzzle
    /// may start: JSON, the next line starting with `{` (after a syntax error or an oversized
    /// document); text, the next line after a blank line or `---` (after an oversized puzzle).
    skipping: bool,
    ready: VecDeque<Unparsed>,
    /// Entries handed out so far.
    handed_out: usize,
    done: bool,
}

impl<R: BufRead> Entries<R> {
    /// The puzzles of `reader`, parsed with `options`.
    pub fn new(reader: R, options: &ParseOptions) -> Entries<R> {
        Entries {
            reader,
            options: options.clone(),
            kind: Kind::Unknown,
            lines_read: 0,
            pending: Break::None,
            part: Vec::new(),
            part_bytes: 0,
            batch: None,
            json: String::new(),
            json_line: 0,
            skipping: false,
            ready: VecDeque::new(),
            handed_out: 0,
            done: false,
        }
    }

    /// Reads the next line: its text without the line break, `Err` for a line that is too long
    /// or not UTF-8 (consumed whole), `None` at the end.
    fn read_line(&mut self) -> Option<Result<String, ParseError>> {
        let mut bytes = Vec::new();
        let mut too_long = false;
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    let message = format!("cannot read the input: {error}");
                    self.done = true;
                    return Some(Err(input_error(self.lines_read + 1, 1, "", message)));
                }
            };
            if buffer.is_empty() {
                if bytes.is_empty() {
                    return None;
                }
                break;
            }
            let end = buffer.iter().position(|&b| b == b'\n');
            let take = end.map_or(buffer.len(), |i| i + 1);
            bytes.extend_from_slice(&buffer[..take]);
            self.reader.consume(take);
            too_long = bytes.len() > MAX_LINE;
            if end.is_some() || too_long {
                break;
            }
        }
        self.lines_read += 1;
        let line = self.lines_read;
        if too_long {
            // The rest of the line may never end (`/dev/zero`): the input is given up here.
            self.done = true;
            let message = format!(
                "expected lines of at most {} MiB, found a longer one (the rest of the input \
                 is not read)",
                MAX_LINE >> 20
            );
            return Some(Err(input_error(line, 1, "", message)));
        }
        while bytes.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
            bytes.pop();
        }
        Some(String::from_utf8(bytes).map_err(|error| {
            let valid = &error.as_bytes()[..error.utf8_error().valid_up_to()];
            let column = String::from_utf8_lossy(valid).chars().count() + 1;
            let found = error.as_bytes()[valid.len()];
            let shown = String::from_utf8_lossy(error.as_bytes()).into_owned();
            let message = format!("expected UTF-8 text, found byte {found:#04x}");
            input_error(line, column, &shown, message)
        }))
    }

    /// Takes in one line of the input.
    fn take_line(&mut self, raw: String) {
        if self.json.trim().is_empty()
            && let Some(json) = link_of(&raw)
        {
            self.take_link(&raw, json);
            return;
        }
        if self.json.trim().is_empty()
            && let Some(meaning) = meaning_of(&raw, &self.options)
        {
            self.take_meaning(&raw, meaning);
            return;
        }
        if self.kind == Kind::Unknown && !raw.trim().is_empty() {
            let json = raw.trim_start().trim_start_matches('\u{feff}').starts_with('{');
            self.kind = if json { Kind::Json } else { Kind::Text };
        }
        match self.kind {
            Kind::Json => self.take_json(&raw),
            _ => self.take_text(&raw),
        }
    }

    /// Hands out the f-puzzles document of a link on a line of its own (after the puzzles
    /// of the text before it), or the reason it cannot be read.
    fn take_link(&mut self, raw: &str, json: Result<String, String>) {
        if self.kind == Kind::Text {
            self.end_part();
        }
        self.pending = Break::Hard;
        let line = self.lines_read;
        let entry = match json {
            Ok(json) => {
                let mut entry = document_entry(&json, line - 1, 0, &self.options);
                // The decoded document is not in the input: its errors echo the link.
                entry.puzzle = entry.puzzle.map_err(|error| error.at_link(line, raw));
                entry
            }
            Err(message) => {
                let message = format!("cannot read the puzzle link: {message}");
                Entry::new(
                    line,
                    Err(ParseError::at(ParseErrorKind::BadValue, line, 1, raw, message)),
                )
            }
        };
        self.ready.push_back(Unparsed(Pending::Parsed(entry)));
    }

    /// Takes a `line:` or `dot:` line into the options of the puzzles after it, or hands out
    /// why it cannot be read.
    fn take_meaning(&mut self, raw: &str, meaning: Result<ParseOptions, String>) {
        match meaning {
            Ok(options) => self.options = options,
            Err(message) => {
                let line = self.lines_read;
                let error = ParseError::at(ParseErrorKind::BadValue, line, 1, raw, message);
                self.ready.push_back(parsed(line, Err(error)));
            }
        }
    }

    fn take_text(&mut self, raw: &str) {
        let raw = if self.lines_read == 1 { raw.trim_start_matches('\u{feff}') } else { raw };
        let (line, pending) = classify(raw, self.lines_read, self.pending);
        self.pending = pending;
        let Some(line) = line else { return };
        if self.skipping && line.break_before == Break::None {
            return;
        }
        self.skipping = false;
        if line.break_before == Break::Hard {
            self.end_part();
        }
        self.part_bytes += line.text.len();
        self.part.push(line);
        match self.batch {
            Some(true) => self.hand_out_batch(),
            Some(false) => self.hand_out_whole_puzzles(),
            None if self.part.len() >= WINDOW || self.part_bytes > MAX_PUZZLE => {
                self.batch = Some(is_batch(&self.part));
                self.take_text_decided();
            }
            None => {}
        }
    }

    fn take_text_decided(&mut self) {
        if self.batch == Some(true) {
            self.hand_out_batch();
        } else {
            self.hand_out_whole_puzzles();
        }
    }

    /// The lines of the current part, taken out.
    fn take_part(&mut self) -> Vec<Line> {
        self.part_bytes = 0;
        std::mem::take(&mut self.part)
    }

    /// Hands out every line of a batch part as a puzzle of its own.
    fn hand_out_batch(&mut self) {
        for line in self.take_part() {
            self.ready.push_back(Unparsed(Pending::Line(line)));
        }
    }

    /// Hands out the text-format puzzles of the part that are whole: all but the last.
    fn hand_out_whole_puzzles(&mut self) {
        let ranges: Vec<_> = split_at_blanks(&self.part).collect();
        let Some(last) = ranges.last() else { return };
        let keep = last.start;
        for range in &ranges[..ranges.len() - 1] {
            let lines = &self.part[range.clone()];
            self.ready.push_back(parsed(lines[0].number, parse_lines(lines, &self.options)));
        }
        self.part_bytes -= self.part.drain(..keep).map(|line| line.text.len()).sum::<usize>();
        let too_long = if self.part.len() > MAX_PUZZLE_LINES {
            format!("{MAX_PUZZLE_LINES} lines")
        } else if self.part_bytes > MAX_PUZZLE {
            format!("{} MiB", MAX_PUZZLE >> 20)
        } else {
            return;
        };
        let (first, text) = (self.part[0].number, self.part[0].text.clone());
        let message = format!(
            "expected a puzzle of at most {too_long}, found more (skipped up to the next blank \
             line or `---`, which separate puzzles)"
        );
        self.ready.push_back(parsed(first, Err(input_error(first, 1, &text, message))));
        self.take_part();
        self.skipping = true;
    }

    /// Hands out the rest of a text part at its end (a `---` line or the end of the input).
    fn end_part(&mut self) {
        match self.batch {
            Some(true) => self.hand_out_batch(),
            _ => {
                let part = self.take_part();
                for range in split_puzzles(&part) {
                    let lines = &part[range];
                    self.ready
                        .push_back(parsed(lines[0].number, parse_lines(lines, &self.options)));
                }
            }
        }
        self.batch = None;
    }

    fn take_json(&mut self, raw: &str) {
        if self.skipping {
            if !raw.trim_start().starts_with('{') {
                return;
            }
            self.skipping = false;
        }
        if self.json.trim().is_empty() {
            self.json.clear();
            self.json_line = self.lines_read - 1;
        }
        self.json += raw;
        self.json.push('\n');
        if self.json.len() > MAX_PUZZLE {
            let line = self.json_line + 1;
            let message = format!(
                "expected a JSON document of at most {} MiB, found a longer one (skipped up to \
                 the next line that starts with `{{`)",
                MAX_PUZZLE >> 20
            );
            self.ready.push_back(parsed(line, Err(input_error(line, 1, "", message))));
            self.json.clear();
            self.skipping = true;
            return;
        }
        // A document can only end on a line ending in `}`; text that does not start one is
        // an error at once. Parsing only then keeps a long document linear, not quadratic.
        if raw.trim_end().ends_with('}') || !self.json.trim_start().starts_with('{') {
            self.hand_out_documents(false);
        }
    }

    /// Hands out the documents of the JSON text read so far that are whole; at the end of
    /// the input, an incomplete rest is an error.
    fn hand_out_documents(&mut self, at_end: bool) {
        let text = std::mem::take(&mut self.json);
        let mut stream = serde_json::Deserializer::from_str(&text).into_iter::<IgnoredAny>();
        let mut rest = text.len();
        loop {
            let start = stream.byte_offset();
            match stream.next() {
                None => break,
                Some(Ok(_)) => {
                    let end = stream.byte_offset();
                    self.ready
                        .push_back(Unparsed(Pending::Parsed(self.document(&text, start, end))));
                }
                Some(Err(error)) if error.is_eof() && !at_end => {
                    rest = start;
                    break;
                }
                Some(Err(_)) => {
                    let entry = self.document(&text, start, text.len());
                    self.ready.push_back(Unparsed(Pending::Parsed(entry)));
                    self.skipping = true;
                    break;
                }
            }
        }
        if rest < text.len() {
            let skipped = text[..rest].matches('\n').count();
            self.json_line += skipped;
            let line_start = text[..rest].rfind('\n').map_or(0, |i| i + 1);
            self.json = " ".repeat(text[line_start..rest].chars().count()) + &text[rest..];
        }
    }

    /// The entry of the JSON document at `text[start..end]` (its reader reports any error).
    fn document(&self, text: &str, start: usize, end: usize) -> Entry {
        let begin = start + (text[start..end].len() - text[start..end].trim_start().len());
        let line_index = self.json_line + text[..begin].matches('\n').count();
        let line_start = text[..begin].rfind('\n').map_or(0, |i| i + 1);
        let column = text[line_start..begin].chars().count();
        document_entry(&text[begin..end], line_index, column, &self.options)
    }
}

impl<R: BufRead> Entries<R> {
    /// The puzzles as the stream hands them out, the lines of a batch not parsed yet: a
    /// caller parses each ([`Unparsed::parse`]) where it likes, on another thread say.
    pub fn unparsed(mut self) -> impl Iterator<Item = Unparsed> {
        std::iter::from_fn(move || self.next_unparsed())
    }

    /// The next puzzle, perhaps not parsed yet.
    fn next_unparsed(&mut self) -> Option<Unparsed> {
        loop {
            if let Some(unparsed) = self.ready.pop_front() {
                self.handed_out += 1;
                return Some(unparsed);
            }
            if self.done {
                return None;
            }
            match self.read_line() {
                Some(Ok(raw)) => self.take_line(raw),
                Some(Err(error)) => {
                    let line = error.line();
                    if self.kind == Kind::Text {
                        self.end_part();
                    }
                    self.ready.push_back(parsed(line, Err(error)));
                }
                None => {
                    self.done = true;
                    match self.kind {
                        Kind::Json => self.hand_out_documents(true),
                        Kind::Text => self.end_part(),
                        Kind::Unknown => {}
                    }
                    if self.handed_out == 0 && self.ready.is_empty() {
                        self.ready.push_back(parsed(1, parse_lines(&[], &self.options)));
                    }
                }
            }
        }
    }
}

impl<R: BufRead> Iterator for Entries<R> {
    type Item = Entry;

    fn next(&mut self) -> Option<Entry> {
        self.next_unparsed().map(|unparsed| unparsed.parse(&self.options))
    }
}

/// A puzzle of the input as the stream hands it out: parsed already, or a line of a batch of
/// one-line puzzles still to parse (parsing is most of the reading's work, and a caller with
/// worker threads does it there).
pub struct Unparsed(Pending);

/// What an [`Unparsed`] holds.
enum Pending {
    /// The entry, parsed.
    Parsed(Entry),
    /// A line of a batch, to parse on its own.
    Line(Line),
}

impl Unparsed {
    /// The line still to parse and its 1-based number (`None` once parsed): what a caller
    /// saves in a bug report when parsing it fails in a way it should not.
    pub fn pending_line(&self) -> Option<(usize, Arc<str>)> {
        match &self.0 {
            Pending::Parsed(_) => None,
            Pending::Line(line) => Some((line.number, Arc::clone(&line.text))),
        }
    }

    /// The entry, parsed with `options` (those the stream was made with).
    pub fn parse(self, options: &ParseOptions) -> Entry {
        match self.0 {
            Pending::Parsed(entry) => entry,
            Pending::Line(line) => {
                Entry::new(line.number, parse_lines(std::slice::from_ref(&line), options))
            }
        }
    }
}

/// The f-puzzles document of a line that is a link and nothing else: a `?load=` or SudokuPad
/// link (its error when it does not decode), or a bare `N4Ig...` payload that decodes.
fn link_of(raw: &str) -> Option<Result<String, String>> {
    let word = raw.trim().trim_start_matches('\u{feff}');
    if word.contains(char::is_whitespace) {
        return None;
    }
    let is_link = ["http://", "https://", "www.", "f-puzzles.com", "sudokupad.app", "scl", "ctc"]
        .iter()
        .any(|start| word.starts_with(start));
    // Only a link or a bare payload is taken: any other word (a puzzle line) is not decoded.
    if !is_link && !word.starts_with("N4Ig") {
        return None;
    }
    match decode_link(word)? {
        Ok(payload) if is_link || word.starts_with("N4Ig") || word.starts_with("fpuz") => {
            Some(Ok(payload.into_json()))
        }
        Err(message) if is_link => Some(Err(message)),
        _ => None,
    }
}

/// The options after a `line: COLOUR=RULE` or `dot: COLOUR=DOT` line (the `--line` and
/// `--dot` flags, said in the input), or `None` for any other line.
fn meaning_of(raw: &str, options: &ParseOptions) -> Option<Result<ParseOptions, String>> {
    let (key, value) = raw.trim().split_once(':')?;
    let options = options.clone();
    Some(match key.trim().to_ascii_lowercase().as_str() {
        "line" => line_meaning(value.trim(), "line:").map(|(c, rule)| options.line(&c, rule)),
        "dot" => dot_meaning(value.trim(), "dot:").map(|(c, dot)| options.dot_relation(&c, dot)),
        _ => return None,
    })
}

/// An entry parsed already.
fn parsed(line: usize, puzzle: Result<crate::model::puzzle::Puzzle, ParseError>) -> Unparsed {
    Unparsed(Pending::Parsed(Entry::new(line, puzzle)))
}

/// An error about the input itself (not UTF-8, a line too long) at `line` and `column`.
fn input_error(line: usize, column: usize, text: &str, message: String) -> ParseError {
    ParseError::at(ParseErrorKind::Input, line, column, text, message)
}

#[cfg(test)]
mod tests {
    use std::io::{BufReader, Read};

    use super::*;

    /// An endless batch of 4×4 lines: the stream must hand out puzzles without its end.
    struct Endless;

    impl Read for Endless {
        fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
            let line = b"1...............\n";
            let n = buffer.len().min(line.len());
            buffer[..n].copy_from_slice(&line[..n]);
            Ok(n)
        }
    }

    fn lines_and_oks(text: &str) -> Vec<(usize, bool)> {
        let entries = Entries::new(text.as_bytes(), &ParseOptions::new());
        entries.map(|entry| (entry.line, entry.puzzle.is_ok())).collect()
    }

    #[test]
    fn unparsed_entries_parse_to_the_same_entries() {
        // A batch (parsed later), a bad line in it, then a text-format part after `---`.
        let batch: String =
            (0..70).map(|i| if i == 5 { "12.x\n" } else { "1...............\n" }).collect();
        let text = format!("{batch}---\nrules: diagonal\n1234\n....\n....\n....\n");
        let options = ParseOptions::new();
        let unparsed = Entries::new(text.as_bytes(), &options).unparsed();
        let later: Vec<(usize, String)> = unparsed
            .map(|u| u.parse(&options))
            .map(|e| (e.line, format!("{:?}", e.puzzle)))
            .collect();
        let at_once: Vec<(usize, String)> = Entries::new(text.as_bytes(), &options)
            .map(|e| (e.line, format!("{:?}", e.puzzle)))
            .collect();
        assert_eq!(later.len(), 71);
        assert_eq!(later, at_once);
    }

    #[test]
    fn an_endless_batch_hands_out_puzzles_as_they_come() {
        let entries = Entries::new(BufReader::new(Endless), &ParseOptions::new());
        let first: Vec<_> = entries.take(200).map(|entry| entry.line).collect();
        assert_eq!(first, (1..=200).collect::<Vec<_>>());
    }

    #[test]
    fn a_long_batch_with_a_bad_line_stays_a_batch() {
        let mut text = "1...............\n".repeat(70);
        text.insert_str(17 * 3, "12.\n");
        let entries = lines_and_oks(&text);
        assert_eq!(entries.len(), 71);
        assert_eq!(entries[3], (4, false));
        assert!(entries.iter().filter(|(_, ok)| *ok).count() == 70);
    }

    #[test]
    fn sixteen_rows_of_sixteen_are_one_grid_not_a_batch() {
        let row = "1...............\n";
        assert_eq!(lines_and_oks(&row.repeat(16)).len(), 1);
        assert_eq!(lines_and_oks(&row.repeat(17)).len(), 17);
    }

    #[test]
    fn json_documents_stream_and_a_bad_one_spoils_only_itself() {
        let text = "{\"givens\":\n \"1...............\"}{\"givens\": \"12..............\"}\nxx\n\
                    {\"givens\": \"1x\"}\n{\"givens\": \"2...............\"}\n";
        assert_eq!(
            lines_and_oks(text),
            vec![(1, true), (2, true), (3, false), (4, false), (5, true)]
        );
    }

    #[test]
    fn bad_bytes_are_bad_entries_and_a_long_line_ends_the_input() {
        let mut bytes = b"1...............\n\xff\n".to_vec();
        bytes.extend(vec![b'.'; MAX_LINE + 1]);
        bytes.extend(b"\n2...............\n");
        let entries: Vec<_> = Entries::new(&bytes[..], &ParseOptions::new())
            .map(|entry| (entry.line, entry.puzzle.map_err(|e| e.kind()).err()))
            .collect();
        let input = Some(ParseErrorKind::Input);
        assert_eq!(entries, vec![(1, None), (2, input), (3, input)], "the rest is given up");
    }

    /// Asserts that `text` reads as two entries: an error at line 1 containing `message`, then
    /// a good puzzle at `next_line`.
    fn assert_refused_then_read(text: &str, message: &str, next_line: usize) {
        let entries: Vec<_> = Entries::new(text.as_bytes(), &ParseOptions::new())
            .map(|entry| (entry.line, entry.puzzle.err().map(|e| e.message().to_string())))
            .collect();
        assert_eq!(entries.len(), 2, "{entries:?}");
        let found = entries[0].1.as_deref().unwrap_or("");
        assert!(entries[0].0 == 1 && found.contains(message), "{found}");
        assert_eq!(entries[1], (next_line, None));
    }

    #[test]
    fn a_puzzle_longer_than_the_bound_is_refused_and_the_next_one_read() {
        // Lines under the line bound that add up past the puzzle bound: one puzzle of text
        // (a `title:` line keeps it from being a batch), then a good one after a blank line.
        let long_line = format!(".... # {}\n", "x".repeat(MAX_LINE / 2));
        let text = format!("title: long\n1...\n{}....\n\n1...............\n", long_line.repeat(5));
        assert_refused_then_read(&text, "a puzzle of at most 16 MiB", 10);
    }

    #[test]
    fn a_json_document_longer_than_the_bound_is_refused_and_the_next_one_read() {
        let member = format!("\"title\": \"{}\",\n", "x".repeat(MAX_LINE / 2));
        let text = format!(
            "{{\n{}\"givens\": \"1...............\"}}\n{{\"givens\": \"2...............\"}}\n",
            member.repeat(5)
        );
        assert_refused_then_read(&text, "a JSON document of at most 16 MiB", 8);
    }
}
