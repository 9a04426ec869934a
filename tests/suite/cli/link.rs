//! `satdoku link` and `--format fpuzzles`: links that satdoku itself reads back as the same
//! puzzle, SudokuPad links, minimised puzzles piped into `link -`, and puzzles f-puzzles
//! cannot carry refused by name.

use satdoku::Puzzle;
use satdoku::model::fpuzzles::decode_link;

use crate::cli::{SQLITE, assert_bad_input, assert_success, run};

/// The puzzle behind a link.
fn puzzle_of(link: &str) -> Puzzle {
    let json = decode_link(link).expect("a link").expect("a payload");
    json.parse().unwrap_or_else(|e| panic!("{e}\n{json}"))
}

/// The puzzle behind a SudokuPad `scl` link.
fn puzzle_of_scl(link: &str) -> Puzzle {
    let payload = satdoku::model::sudokupad::decode_link(link).expect("a link").unwrap();
    satdoku::model::parse::parse_puzzle(&payload.into_json(), &satdoku::ParseOptions::new())
        .unwrap_or_else(|e| panic!("{e}\n{link}"))
}

#[test]
fn a_link_opens_the_same_puzzle_and_check_reads_it() {
    let killer = "puzzles/killer-6x6-extreme.txt";
    let output = run(&["link", killer], "");
    assert_success(&output);
    let link = output.stdout.trim();
    assert!(link.starts_with("https://www.f-puzzles.com/?load=N4Ig"), "{link}");
    let text = std::fs::read_to_string(format!("{}/{killer}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let original: Puzzle = text.parse().unwrap();
    assert_eq!(puzzle_of(link).rules(), original.rules());
    assert_eq!(puzzle_of(link).solution(), original.solution());
    let checked = run(&["check", link], "");
    assert_success(&checked);
    assert_eq!(checked.stdout, "unique\n");
}

#[test]
fn sudokupad_links_read_back_as_the_same_puzzle() {
    let fpuzzles = run(&["link", SQLITE], "");
    let sudokupad = run(&["link", "--sudokupad", SQLITE], "");
    assert_success(&sudokupad);
    // f-puzzles carries every classic rule, so SudokuPad gets its own f-puzzles form.
    assert!(sudokupad.stdout.starts_with("https://sudokupad.app/fpuzzles"), "{sudokupad}");
    let back = |link: &str| run(&["solve", link.trim()], "").stdout;
    assert_eq!(back(&sudokupad.stdout), back(&fpuzzles.stdout));
    assert_success(&run(&["check", sudokupad.stdout.trim()], ""));
}

#[test]
fn a_minimised_puzzle_pipes_into_link_in_either_format() {
    let minimal = run(&["minimise", SQLITE, "--format", "fpuzzles"], "");
    assert_success(&minimal);
    assert_eq!(minimal.lines().len(), 1, "one document per line");
    let from_json = run(&["link", "-"], &minimal.stdout);
    assert_success(&from_json);
    let pretty = run(&["minimise", SQLITE], "");
    let from_text = run(&["link", "-"], &pretty.stdout);
    assert_success(&from_text);
    assert_eq!(from_json.stdout, from_text.stdout, "the same minimal puzzle either way");
    let minimal = puzzle_of(from_json.stdout.trim());
    assert_eq!(minimal.givens().filled_count(), 23, "the README's minimal SQLite example");
}

#[test]
fn what_fpuzzles_cannot_carry_is_refused_by_name() {
    let greater =
        "size: 6\ngreater: r1c1 r1c2\ngivens:\n......\n......\n......\n......\n......\n......\n";
    assert_bad_input(&run(&["link", "-"], greater), &["f-puzzles cannot carry inequality signs"]);
    // `complete` makes the puzzle unique, then cannot write it as f-puzzles.
    let output = run(&["complete", "-", "--format", "fpuzzles"], greater);
    assert_bad_input(&output, &["f-puzzles cannot carry inequality signs"]);
}

#[test]
fn a_generated_puzzle_opens_through_its_link() {
    let generated =
        run(&["generate", "--size", "6", "--rules", "anti-king", "--format", "fpuzzles"], "");
    assert_success(&generated);
    let link = run(&["link", "-"], &generated.stdout);
    assert_success(&link);
    let puzzle = puzzle_of(link.stdout.trim());
    assert_eq!(puzzle.rule_names(), "anti-king");
    assert_success(&run(&["check", link.stdout.trim()], ""));
}

#[test]
fn branched_lines_sum_loops_and_parity_lines_come_back_through_a_sudokupad_link() {
    // A renban down a diagonal with a branch from its middle cell, a region-sum line up the
    // other way with one too (each branch leaving from inside the line, as SudokuPad setters
    // draw them), a loop round box 1 and a parity line; with and without a given.
    let rules = "size: 4\nrenban: r1c1 r2c2 r3c3 r1c3\nsum-loop: 10 r1c1 r1c2 r2c2 r2c1\n\
                 region-sum: r4c1 r3c2 r2c3 r4c3\nparity-line: r1c2 r1c3 r2c4\n";
    for givens in ["3...\n....\n....\n...1\n", "....\n....\n....\n....\n"] {
        let text = format!("{rules}givens:\n{givens}");
        let link = run(&["link", "--sudokupad", "-"], &text);
        assert_success(&link);
        let link = link.stdout.trim();
        assert!(link.starts_with("https://sudokupad.app/scl"), "{link}");
        let original: Puzzle = text.parse().unwrap();
        let back = puzzle_of_scl(link);
        assert_eq!(back.rules(), original.rules(), "{link}");
        let (from_text, from_link) = (run(&["count", "-"], &text), run(&["count", link], ""));
        assert_eq!(from_link.stdout, from_text.stdout, "{link}");
        assert!(from_link.stderr.contains("branch off one another"), "{}", from_link.stderr);
    }
    // A branch from a line's end would read back as two lines: refused, with the place.
    let end = "size: 4\nregion-sum: r4c1 r3c1 r2c1 r1c1 r3c2\ngivens:\n....\n....\n....\n....\n";
    assert_bad_input(&run(&["link", "--sudokupad", "-"], end), &["leaves a line's end"]);
}

#[test]
fn puzzles_of_rules_only_scl_says_come_back_through_a_sudokupad_link() {
    // Each drawn as SudokuPad setters draw it, with the rules sentence that names it; the
    // reader says in a note what it inferred. The count and the rules come back the same.
    for (puzzle, note) in [
        ("greater-6x6", "read 14 chevrons on cell edges as inequality signs"),
        ("rellik-6x6", "read as a rellik cage"),
        ("counting-circles-4x4-introduction", "as counting circles"),
        ("lockout-6x6", "read as a lockout line (ends 3 or more apart)"),
        ("differences-count-6x6", "read as a differences-count line"),
        ("numbered-room-6x6", "read as a numbered room clue"),
    ] {
        let path = format!("puzzles/{puzzle}.txt");
        let link = run(&["link", "--sudokupad", &path], "");
        assert_success(&link);
        let link = link.stdout.trim();
        assert!(link.starts_with("https://sudokupad.app/scl"), "{puzzle}: {link}");
        let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")));
        let original: Puzzle = text.unwrap().parse().unwrap();
        let back = puzzle_of_scl(link);
        assert_eq!(back.rules(), original.rules(), "{puzzle}: {link}");
        let (from_text, from_link) = (run(&["count", &path], ""), run(&["count", link], ""));
        assert_eq!(from_link.stdout, from_text.stdout, "{puzzle}: {link}");
        assert!(from_link.stderr.contains(note), "{puzzle}: {}", from_link.stderr);
    }
    // f-puzzles carries double arrows, so SudokuPad gets its own f-puzzles form of one.
    let double = run(&["link", "--sudokupad", "puzzles/double-arrow-6x6.txt"], "");
    assert_success(&double);
    assert!(double.stdout.starts_with("https://sudokupad.app/fpuzzles"), "{}", double.stdout);
    let counted = run(&["count", double.stdout.trim()], "");
    assert_eq!(counted.stdout, run(&["count", "puzzles/double-arrow-6x6.txt"], "").stdout);
    // Rellik cages are drawn red, so killer cages may join them: each is read by its colour.
    let both = "size: 4\nrellik: 3 r1c1 r1c2\ncage: 7 r4c3 r4c4\ngivens:\n....\n....\n....\n....\n";
    let link = run(&["link", "--sudokupad", "-"], both);
    assert_success(&link);
    let link = link.stdout.trim();
    assert_eq!(puzzle_of_scl(link).rules(), both.parse::<Puzzle>().unwrap().rules(), "{link}");
    let (from_text, from_link) = (run(&["count", "-"], both), run(&["count", link], ""));
    assert_eq!(from_link.stdout, from_text.stdout, "{link}");
    let killer = "the cage r4c3-r4c4 without a colour read as a killer cage: the rules text gives \
                  rellik cages another colour";
    assert!(from_link.stderr.contains(killer), "{}", from_link.stderr);
    // Numbers outside the grid mean one thing per rules text.
    let rooms =
        "size: 4\nnumbered-room: 2 r0c1\nsandwich: 3 r0c2\ngivens:\n....\n....\n....\n....\n";
    assert_bad_input(&run(&["link", "--sudokupad", "-"], rooms), &["outside clues of two kinds"]);
    // Lockout lines share the red family with slow thermometers: the rules text spells each
    // one's colour out, and both read back.
    let red = "size: 4\nlockout: r1c1 r1c2 r1c3\nslow-thermo: r4c1 r4c2\ngivens:\n....\n....\n....\n....\n";
    let link = run(&["link", "--sudokupad", "-"], red);
    assert_success(&link);
    let link = link.stdout.trim();
    assert_eq!(puzzle_of_scl(link).rules(), red.parse::<Puzzle>().unwrap().rules(), "{link}");
}
