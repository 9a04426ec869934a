//! The integration tests, as one binary (one link, one run): the command line, the curated
//! puzzles, the public datasets, the engines' facts, the encoder against brute force, the
//! encodings' reference files, the f-puzzles reader, and SAT against the reference engines.

mod certify;
mod cli;
mod cross_check;
mod dask;
mod data;
mod datasets;
mod digits;
mod encoder;
mod encodings;
mod engines;
mod fpuzzles;
mod fpuzzles_write;
mod fuzz;
mod limits;
mod linear;
mod logic;
mod paths;
mod puzzles;
mod readme;
mod render;
mod robustness;
mod rules;
mod serve;
mod streaming;
mod sudoku_bench;
mod sudokupad;
