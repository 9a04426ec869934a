//! LZ-String's base64 form, written in time linear in the text: the payloads the link and
//! SudokuPad generators make (the `lz_str` crate looks each phrase up by hashing the whole
//! phrase, so a long run of one character, the payload that expands far, took it seconds).
//!
//! The dictionary is a trie: a phrase is its code, and a phrase one unit longer is found among
//! the few children of that code. Output is bit for bit Pieroxy's `compressToBase64`
//! (<https://pieroxy.net/blog/pages/lz-string/index.html>): codes of a width that grows as the
//! dictionary does, least significant bit first, six bits to a base64 character; codes 0 and
//! 1 bring a new 8- or 16-bit unit, code 2 ends the text.

/// The base64 alphabet of LZ-String, in value order.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// `text` compressed as LZ-String's `compressToBase64` compresses it.
pub fn compress_to_base64(text: &str) -> String {
    let mut dictionary = Dictionary::new();
    let mut bits = Bits::default();
    let mut phrase: Option<Phrase> = None;
    for unit in text.encode_utf16() {
        let single = dictionary.unit(unit);
        phrase = Some(match phrase {
            None => single,
            Some(phrase) => match dictionary.child(phrase.code, unit) {
                Some(code) => Phrase { code, unit: None },
                None => {
                    dictionary.write(phrase, &mut bits);
                    dictionary.add(phrase.code, unit);
                    single
                }
            },
        });
    }
    if let Some(phrase) = phrase {
        dictionary.write(phrase, &mut bits);
    }
    bits.write(2, dictionary.width);
    let mut payload = bits.finish();
    while payload.len() % 4 != 0 {
        payload.push('=');
    }
    payload
}

/// The phrase read so far: its code, and its unit when it is a single unit (which may not
/// have been written yet).
#[derive(Clone, Copy)]
struct Phrase {
    code: u32,
    unit: Option<u16>,
}

/// The codes given so far, and the width of the next code.
struct Dictionary {
    /// The code of each UTF-16 unit met (`None`: not met).
    units: Vec<Option<u32>>,
    /// Units met whose 8- or 16-bit literal is not written yet.
    unwritten: Vec<bool>,
    /// For each code, the codes of its phrase followed by one more unit.
    children: Vec<Vec<(u16, u32)>>,
    /// Bits of the next code.
    width: u32,
    /// Codes to write before the width grows.
    enlarge_in: u32,
}

impl Dictionary {
    fn new() -> Dictionary {
        Dictionary {
            units: vec![None; 1 << 16],
            unwritten: vec![false; 1 << 16],
            // Codes 0, 1 and 2 are the literal markers and the end.
            children: vec![Vec::new(); 3],
            width: 2,
            enlarge_in: 2,
        }
    }

    /// The phrase of the single unit `unit`, given the next code when it is new.
    fn unit(&mut self, unit: u16) -> Phrase {
        let index = usize::from(unit);
        let code = match self.units[index] {
            Some(code) => code,
            None => {
                let code = self.next_code();
                self.units[index] = Some(code);
                self.unwritten[index] = true;
                code
            }
        };
        Phrase { code, unit: Some(unit) }
    }

    /// The code of phrase `code` followed by `unit`, when the dictionary holds it.
    fn child(&self, code: u32, unit: u16) -> Option<u32> {
        let children = &self.children[code as usize];
        children.iter().find(|(next, _)| *next == unit).map(|&(_, child)| child)
    }

    /// Gives phrase `code` followed by `unit` the next code.
    fn add(&mut self, code: u32, unit: u16) {
        let child = self.next_code();
        self.children[code as usize].push((unit, child));
    }

    fn next_code(&mut self) -> u32 {
        self.children.push(Vec::new());
        (self.children.len() - 1) as u32
    }

    /// Writes `phrase`: its unit's literal the first time a single unit is written, else its
    /// code; each write counts towards the next width.
    fn write(&mut self, phrase: Phrase, bits: &mut Bits) {
        match phrase.unit.filter(|&unit| self.unwritten[usize::from(unit)]) {
            Some(unit) => {
                self.unwritten[usize::from(unit)] = false;
                let wide = unit >= 256;
                bits.write(u32::from(wide), self.width);
                bits.write(u32::from(unit), if wide { 16 } else { 8 });
                self.count_code();
            }
            None => bits.write(phrase.code, self.width),
        }
        self.count_code();
    }

    fn count_code(&mut self) {
        self.enlarge_in -= 1;
        if self.enlarge_in == 0 {
            self.enlarge_in = 1 << self.width;
            self.width += 1;
        }
    }
}

/// The base64 characters written so far and the bits of the next one.
#[derive(Default)]
struct Bits {
    payload: String,
    value: usize,
    filled: u32,
}

impl Bits {
    /// Writes the low `width` bits of `value`, least significant first.
    fn write(&mut self, mut value: u32, width: u32) {
        for _ in 0..width {
            self.push_bit(value & 1);
            value >>= 1;
        }
    }

    fn push_bit(&mut self, bit: u32) {
        self.value = (self.value << 1) | bit as usize;
        self.filled += 1;
        if self.filled == 6 {
            self.payload.push(char::from(ALPHABET[self.value]));
            (self.value, self.filled) = (0, 0);
        }
    }

    /// The payload, with the last character padded by zero bits (always one more character,
    /// as LZ-String writes it).
    fn finish(mut self) -> String {
        loop {
            self.value <<= 1;
            self.filled += 1;
            if self.filled == 6 {
                self.payload.push(char::from(ALPHABET[self.value]));
                return self.payload;
            }
        }
    }
}
