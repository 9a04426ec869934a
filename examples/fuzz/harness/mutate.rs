//! Byte-level mutation: the classic moves of mutation fuzzers (flip, insert, delete, duplicate,
//! splice), biased towards the bytes puzzle readers care about.

use rand::RngExt;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

/// Bytes and strings the readers give meaning to, tried more often than random bytes.
const INTERESTING: &[&[u8]] = &[
    b".",
    b"0",
    b"1",
    b"9",
    b"G",
    b"#",
    b":",
    b"\n",
    b"\r\n",
    b" ",
    b"{",
    b"}",
    b"[",
    b"]",
    b"\"",
    b",",
    b"x",
    b"rules:",
    b"size:",
    b"boxes:",
    b"givens:",
    b"even:",
    b"odd:",
    b"solution:",
    b"\"value\":",
    b"\"given\":true",
    b"\"size\":",
    b"-1",
    b"99999999999999999999",
    "é".as_bytes(),
    "\u{FEFF}".as_bytes(),
    "│".as_bytes(),
    b"\xff",
    b"\0",
];

/// One to four mutations of `input`; `corpus` supplies splices.
pub fn mutate(input: &[u8], corpus: &[Vec<u8>], rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut bytes = input.to_vec();
    for _ in 0..rng.random_range(1..=4) {
        mutate_once(&mut bytes, corpus, rng);
    }
    bytes
}

fn mutate_once(bytes: &mut Vec<u8>, corpus: &[Vec<u8>], rng: &mut ChaCha8Rng) {
    let at = |rng: &mut ChaCha8Rng, len: usize| rng.random_range(0..=len);
    match rng.random_range(0..7) {
        0 if !bytes.is_empty() => {
            let i = rng.random_range(0..bytes.len());
            bytes[i] ^= 1 << rng.random_range(0..8);
        }
        1 => {
            let i = at(rng, bytes.len());
            bytes.insert(i, rng.random());
        }
        2 if !bytes.is_empty() => {
            let start = rng.random_range(0..bytes.len());
            let end = (start + rng.random_range(1..=16)).min(bytes.len());
            bytes.drain(start..end);
        }
        3 if !bytes.is_empty() => {
            let start = rng.random_range(0..bytes.len());
            let end = (start + rng.random_range(1..=32)).min(bytes.len());
            let copy = bytes[start..end].to_vec();
            let i = at(rng, bytes.len());
            bytes.splice(i..i, copy);
        }
        4 if !corpus.is_empty() => {
            let other = corpus.choose(rng).expect("a corpus entry");
            let start = at(rng, other.len());
            let end = at(rng, other.len()).max(start);
            let i = at(rng, bytes.len());
            bytes.splice(i..i, other[start..end].iter().copied());
        }
        5 if !bytes.is_empty() => {
            let i = rng.random_range(0..bytes.len());
            let with = INTERESTING.choose(rng).expect("interesting bytes");
            let end = (i + with.len()).min(bytes.len());
            bytes.splice(i..end, with.iter().copied());
        }
        _ => {
            let i = at(rng, bytes.len());
            let with = INTERESTING.choose(rng).expect("interesting bytes");
            bytes.splice(i..i, with.iter().copied());
        }
    }
}
