//! LZ-String's base64 form, decompressed with a bound on the output: the payload of f-puzzles
//! and SudokuPad links.
//!
//! LZ-String is an LZW variant: a code is a growing number of bits (3 at first), naming an
//! entry of a dictionary that grows by one entry per code. Code 0 and 1 bring a new 8- or
//! 16-bit character, 2 ends the text. Every entry after the single characters is "the piece
//! before, plus the first character of this one", so it is a slice of the output already
//! written: entries are kept as ranges into the output (memory linear in the input) and each
//! piece is copied from there. A hostile payload can ask for an output quadratic in its length
//! (each piece one longer than the last); the bound refuses it before it is written.
//!
//! Reference: Pieroxy's LZ-String (<https://pieroxy.net/blog/pages/lz-string/index.html>),
//! whose `decompressFromBase64` this follows bit for bit.

/// The base64 alphabet of LZ-String, in value order.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Why a payload does not decompress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LzError {
    /// A character outside the base64 alphabet, at this 0-based position.
    Character(usize, char),
    /// The payload ends before its end code.
    Truncated,
    /// A code names no dictionary entry.
    BadCode,
    /// The text would be longer than the bound (in UTF-16 units).
    TooLong(usize),
    /// The text is not valid UTF-16.
    NotText,
}

impl std::fmt::Display for LzError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LzError::Character(at, c) => {
                write!(f, "expected base64 (A-Z a-z 0-9 + /), found `{c}` at character {}", at + 1)
            }
            LzError::Truncated => write!(f, "the compressed payload is cut short"),
            LzError::BadCode => write!(f, "the compressed payload is corrupt"),
            LzError::TooLong(max) => {
                write!(f, "the payload decompresses to more than {max} characters")
            }
            LzError::NotText => write!(f, "the payload decompresses to invalid text"),
        }
    }
}

/// The text of an LZ-String base64 payload (whitespace ignored), refused when longer than `max`
/// UTF-16 units.
///
/// # Errors
/// A character outside the alphabet, a payload cut short or corrupt, or a text over `max`.
pub fn decompress_base64(payload: &str, max: usize) -> Result<String, LzError> {
    // Whitespace (a line's end, a link wrapped in a message) is not part of the payload.
    let values = payload
        .trim_end_matches(|c: char| c == '=' || c.is_ascii_whitespace())
        .chars()
        .enumerate()
        .filter(|(_, c)| !c.is_ascii_whitespace())
        .map(|(at, c)| {
            let value = u8::try_from(c).ok().and_then(|b| ALPHABET.iter().position(|&a| a == b));
            value.map(|v| v as u8).ok_or(LzError::Character(at, c))
        })
        .collect::<Result<Vec<u8>, _>>()?;
    let units = Decoder { bits: Bits::new(&values), out: Vec::new(), max }.run()?;
    String::from_utf16(&units).map_err(|_| LzError::NotText)
}

/// The 6-bit values of a payload, read a bit at a time (high bit first), zeros past the end.
struct Bits<'a> {
    values: &'a [u8],
    index: usize,
    mask: u8,
}

impl<'a> Bits<'a> {
    fn new(values: &'a [u8]) -> Bits<'a> {
        Bits { values, index: 0, mask: 1 << 5 }
    }

    /// The next `count` bits as a number, the first bit read the lowest.
    fn read(&mut self, count: u32) -> u32 {
        let mut number = 0;
        for bit in 0..count {
            let value = self.values.get(self.index).copied().unwrap_or(0);
            if value & self.mask != 0 {
                number |= 1 << bit;
            }
            self.mask >>= 1;
            if self.mask == 0 {
                self.mask = 1 << 5;
                self.index += 1;
            }
        }
        number
    }

    /// Whether every value was read.
    fn exhausted(&self) -> bool {
        self.index >= self.values.len()
    }
}

/// A dictionary entry: a character not written yet, or a slice of the output.
#[derive(Clone, Copy)]
enum Entry {
    Char(u16),
    Slice { start: usize, len: usize },
}

struct Decoder<'a> {
    bits: Bits<'a>,
    out: Vec<u16>,
    max: usize,
}

impl Decoder<'_> {
    fn run(mut self) -> Result<Vec<u16>, LzError> {
        // Entries 0, 1 and 2 are the control codes; they are never looked up as text.
        let mut dictionary = vec![Entry::Char(0); 3];
        let mut bits = 3;
        let mut enlarge_in = 4_u64;
        let Some(first) = self.new_char(2)? else { return Ok(self.out) };
        self.push_char(first)?;
        let mut last = (0, 1);
        dictionary.push(Entry::Slice { start: 0, len: 1 });
        loop {
            if self.bits.exhausted() {
                return Err(LzError::Truncated);
            }
            let mut code = self.bits.read(bits) as usize;
            if code < 2 {
                let c = if code == 0 { self.bits.read(8) } else { self.bits.read(16) };
                dictionary.push(Entry::Char(c as u16));
                code = dictionary.len() - 1;
                enlarge_in -= 1;
            } else if code == 2 {
                return Ok(self.out);
            }
            if enlarge_in == 0 {
                enlarge_in = 1 << bits;
                bits += 1;
            }
            let start = self.out.len();
            match dictionary.get(code).copied() {
                Some(Entry::Char(c)) if code > 2 => self.push_char(c)?,
                Some(Entry::Slice { start, len }) => self.copy(start, len)?,
                None if code == dictionary.len() => {
                    self.copy(last.0, last.1)?;
                    self.push_char(self.out[last.0])?;
                }
                _ => return Err(LzError::BadCode),
            }
            dictionary.push(Entry::Slice { start: last.0, len: last.1 + 1 });
            last = (start, self.out.len() - start);
            enlarge_in -= 1;
            if enlarge_in == 0 {
                enlarge_in = 1 << bits;
                bits += 1;
            }
            if bits > 32 {
                return Err(LzError::BadCode);
            }
        }
    }

    /// The character a first code of `width` bits brings, or `None` for the end code.
    fn new_char(&mut self, width: u32) -> Result<Option<u16>, LzError> {
        match self.bits.read(width) {
            0 => Ok(Some(self.bits.read(8) as u16)),
            1 => Ok(Some(self.bits.read(16) as u16)),
            2 => Ok(None),
            _ => Err(LzError::BadCode),
        }
    }

    fn push_char(&mut self, c: u16) -> Result<(), LzError> {
        self.room(1)?;
        self.out.push(c);
        Ok(())
    }

    fn copy(&mut self, start: usize, len: usize) -> Result<(), LzError> {
        self.room(len)?;
        self.out.extend_from_within(start..start + len);
        Ok(())
    }

    fn room(&self, len: usize) -> Result<(), LzError> {
        if self.out.len() + len > self.max { Err(LzError::TooLong(self.max)) } else { Ok(()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_compressed_by_lz_string_come_back() {
        for text in ["a", "{\"size\":9}", "ababababababab", "héllo ✓ wörld", &"xyz".repeat(500)]
        {
            let payload = lz_str::compress_to_base64(text);
            assert_eq!(decompress_base64(&payload, 1 << 20).as_deref(), Ok(text), "{text}");
        }
    }

    #[test]
    fn an_output_over_the_bound_is_refused_before_it_is_written() {
        let payload = lz_str::compress_to_base64(&"a".repeat(10_000));
        assert_eq!(decompress_base64(&payload, 1_000), Err(LzError::TooLong(1_000)));
    }

    #[test]
    fn bad_payloads_are_errors_not_panics() {
        assert!(matches!(decompress_base64("ab!c", 100), Err(LzError::Character(2, '!'))));
        let payload = lz_str::compress_to_base64("some longer text to cut short");
        assert!(decompress_base64(&payload[..payload.len() / 2], 100).is_err());
        for junk in ["////", "A", "zzzzzzzzzzzzzzzz", "N4Ig////////", ""] {
            let _ = decompress_base64(junk, 100);
        }
    }
}
