//! SudokuPad's "zipped" JSON, read into a JSON value: the text of an `scl` payload.
//!
//! SudokuPad's zipper shortens its puzzle JSON before compressing it: keys lose their quotes
//! and the common ones become one or two letters (`cages` → `ca`, `wayPoints` → `wp`), strings
//! take single quotes, `true`/`false` become `t`/`f`, colours lose their `#` and quotes
//! (`#000000` → `#0`, `#FFFFFF` → `#F`, `#a1b2c3` → `a1b2c3`), empty objects in arrays vanish
//! (`[{},{},{}]` → `[,,]`) and empty arrays are dropped. This reader takes that form (and plain
//! JSON, which SudokuPad also accepts and whose keys it leaves alone) with a small recursive
//! parser of bounded depth rather than SudokuPad's chain of regular expressions.

use serde_json::{Map, Number, Value};

/// The zipper's short keys and the keys they stand for.
const SHORT_KEYS: [(&str, &str); 24] = [
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
];

/// How deep arrays and objects may nest (SudokuPad's own documents nest 4 deep).
const MAX_DEPTH: usize = 32;

/// The JSON value of a SudokuPad document, zipped or plain.
///
/// # Errors
/// Where (a 0-based character offset) and what the text breaks.
pub fn unzip(text: &str) -> Result<Value, String> {
    if let Ok(value) = serde_json::from_str(text) {
        return Ok(value);
    }
    let mut parser = Parser { chars: text.chars().collect(), at: 0 };
    let value = parser.value(0)?;
    parser.skip_space();
    match parser.peek() {
        None => Ok(value),
        Some(c) => Err(parser.expected("the end of the document", c)),
    }
}

/// The long key a zipped key stands for.
fn long_key(key: String) -> String {
    match SHORT_KEYS.iter().find(|(short, _)| *short == key) {
        Some((_, long)) => long.to_string(),
        None => key,
    }
}

struct Parser {
    chars: Vec<char>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn expected(&self, what: &str, found: char) -> String {
        format!("expected {what}, found `{found}` at character {}", self.at + 1)
    }

    fn end(&self, what: &str) -> String {
        format!("expected {what}, found the end of the document")
    }

    fn value(&mut self, depth: usize) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err(format!("expected at most {MAX_DEPTH} nested arrays and objects"));
        }
        self.skip_space();
        match self.peek() {
            None => Err(self.end("a value")),
            Some('{') => self.object(depth),
            Some('[') => self.array(depth),
            Some(quote @ ('"' | '\'')) => self.string(quote).map(Value::String),
            Some(_) => self.word(),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, String> {
        self.at += 1;
        let mut object = Map::new();
        loop {
            self.skip_space();
            match self.peek() {
                Some('}') => {
                    self.at += 1;
                    return Ok(Value::Object(object));
                }
                Some(',') if !object.is_empty() => self.at += 1,
                Some(_) if object.is_empty() => {}
                Some(c) => return Err(self.expected("`,` or `}`", c)),
                None => return Err(self.end("`}`")),
            }
            self.skip_space();
            let key = match self.peek() {
                Some(quote @ ('"' | '\'')) => self.string(quote)?,
                Some(c) if c.is_ascii_alphanumeric() || c == '_' => self.bare(),
                Some(c) => return Err(self.expected("a key", c)),
                None => return Err(self.end("a key")),
            };
            self.skip_space();
            match self.peek() {
                Some(':') => self.at += 1,
                Some(c) => return Err(self.expected("`:`", c)),
                None => return Err(self.end("`:`")),
            }
            let value = self.value(depth + 1)?;
            object.insert(long_key(key), value);
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, String> {
        self.at += 1;
        let mut items = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                // An empty place (`[,`, `,,`, `,]`, `[]`) held an empty object.
                Some(',' | ']') => items.push(Value::Object(Map::new())),
                Some(_) => items.push(self.value(depth + 1)?),
                None => return Err(self.end("`]`")),
            }
            self.skip_space();
            match self.peek() {
                Some(',') => self.at += 1,
                Some(']') => {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                Some(c) => return Err(self.expected("`,` or `]`", c)),
                None => return Err(self.end("`]`")),
            }
        }
    }

    /// A quoted string; in a single-quoted one, `\'` is a quote.
    fn string(&mut self, quote: char) -> Result<String, String> {
        self.at += 1;
        let mut text = String::new();
        loop {
            let Some(c) = self.peek() else { return Err(self.end("a closing quote")) };
            self.at += 1;
            match c {
                c if c == quote => return Ok(text),
                '\\' => text.push(self.escape()?),
                c => text.push(c),
            }
        }
    }

    fn escape(&mut self) -> Result<char, String> {
        let Some(c) = self.peek() else { return Err(self.end("an escape")) };
        self.at += 1;
        Ok(match c {
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            'b' => '\u{8}',
            'f' => '\u{c}',
            'u' => {
                let hex: String = self.chars.iter().skip(self.at).take(4).collect();
                let code = u32::from_str_radix(&hex, 16).ok().filter(|_| hex.len() == 4);
                let Some(code) = code else { return Err(self.expected("4 hex digits", c)) };
                self.at += 4;
                char::from_u32(code).unwrap_or('\u{fffd}')
            }
            c => c,
        })
    }

    /// A run of key characters.
    fn bare(&mut self) -> String {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            self.at += 1;
        }
        self.chars[start..self.at].iter().collect()
    }

    /// An unquoted value: a number, `t`, `f`, `true`, `false`, `null` or a zipped colour.
    fn word(&mut self) -> Result<Value, String> {
        let start = self.at;
        while self.peek().is_some_and(|c| !matches!(c, ',' | ']' | '}') && !c.is_whitespace()) {
            self.at += 1;
        }
        let word: String = self.chars[start..self.at].iter().collect();
        let after_colon =
            self.chars[..start].iter().rev().find(|c| !c.is_whitespace()) == Some(&':');
        Ok(match word.as_str() {
            "t" | "true" => Value::Bool(true),
            "f" | "false" => Value::Bool(false),
            "null" => Value::Null,
            "#0" => Value::String("#000000".into()),
            "#F" => Value::String("#FFFFFF".into()),
            hex if after_colon && hex.len() == 6 && hex.chars().all(|c| c.is_ascii_hexdigit()) => {
                Value::String(format!("#{hex}"))
            }
            number => match serde_json::from_str::<Number>(number) {
                Ok(number) => Value::Number(number),
                Err(_) => {
                    self.at = start;
                    return Err(self.expected("a value", self.peek().unwrap_or(' ')));
                }
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn zipped_keys_values_and_empty_places_unzip() {
        let zipped = "{ce:[[{v:5},,],[,{v:'x\\'y'},]],ca:[{ce:[[0,0]],v:12,c:#0,c2:a1B2c3}],\
                      global:['antiknight'],r:t,x:f,o:[],'q':1.5}";
        let value = unzip(zipped).unwrap();
        assert_eq!(
            value,
            json!({"cells": [[{"value": 5}, {}, {}], [{}, {"value": "x'y"}, {}]],
                   "cages": [{"cells": [[0, 0]], "value": 12, "color": "#000000",
                              "backgroundColor": "#a1B2c3"}],
                   "global": ["antiknight"], "rounded": true, "x": false, "overlays": [{}],
                   "q": 1.5})
        );
    }

    #[test]
    fn plain_json_keeps_its_keys() {
        assert_eq!(unzip("{\"c\": 1}").unwrap(), json!({"c": 1}));
    }

    #[test]
    fn broken_and_too_deep_documents_are_errors() {
        assert!(unzip("{ce:[1,2}").is_err());
        assert!(unzip("{ce:").is_err());
        assert!(unzip("{ce:'abc").is_err());
        assert!(unzip(&"[".repeat(1000)).is_err());
        assert!(unzip("{v:what}").is_err());
    }
}
