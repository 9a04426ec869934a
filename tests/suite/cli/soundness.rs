//! Soundness on the puzzles that once fooled a command: a puzzle with no solution is "no
//! solution" on every command (never "solved" with a grid that breaks a rule), and the hardest
//! classic puzzles are rated without a panic.

use super::{Output, run};

/// A 6×6 arrow puzzle with no solution: singles once filled every arrow cell and nothing
/// checked the arrows themselves, so `explain` and `rate` said "solved".
const ARROWS: &str = "size: 6
arrow: r6c4 > r5c3 r6c3
arrow: r4c3 > r3c3 r4c4 r5c3 r6c4
arrow: r1c6 > r2c5 r2c4
givens: .6.4..5.........5............1.....4
";

/// A jigsaw killer with no solution: the pre-pass filled the cage with singles and counted the
/// grid as a solution, which the validator then refused (an internal error).
const JIGSAW_CAGE: &str = "cage: 16 r8c2 r7c2 r7c3 r7c4
givens: .........6..38..2..6.....41.....7..22.36..9....1..3.....7...2.85....4.......3....
regions:
111222333
111223333
141222236
144555536
444555666
447586666
477588889
777888899
777999999
";

/// A 6×6 negative-black little killer with no solution, which the search once accepted.
const LITTLE_KILLER: &str = "size: 6
boxes: 2x3
rules: negative-black
little-killer: 7 r2c1 r1c2
kropki-black: r1c3 r1c2
kropki-black: r1c5 r1c4
kropki-black: r2c2 r2c3
kropki-black: r2c3 r2c4
kropki-black: r2c6 r2c5
kropki-black: r4c6 r3c6
kropki-black: r5c2 r4c2
kropki-black: r5c2 r5c1
kropki-black: r5c3 r5c2
kropki-black: r6c5 r6c4
givens:
......
......
....4.
.1....
......
6.....
";

/// Runs `satdoku ARGS -` on `puzzle` and checks it says "no solution" its way: exit 1, and no
/// internal error.
fn no_solution(args: &[&str], puzzle: &str) -> Output {
    let output = run(&[args, &["-"]].concat(), puzzle);
    assert_eq!(output.code, 1, "`satdoku {}`: {output}", args.join(" "));
    assert!(!output.stderr.contains("internal error"), "{output}");
    output
}

#[test]
fn puzzles_without_a_solution_have_none_on_every_command() {
    for puzzle in [ARROWS, JIGSAW_CAGE, LITTLE_KILLER] {
        assert_eq!(no_solution(&["count"], puzzle).stdout, "0\n");
        for engine in ["sat", "backtrack"] {
            assert_eq!(no_solution(&["check", "--engine", engine], puzzle).stdout, "no solution\n");
        }
        assert_eq!(no_solution(&["solve", "-f", "line"], puzzle).stdout, "none\n");
        let explained = no_solution(&["explain"], puzzle).stdout;
        assert!(explained.lines().last().unwrap().starts_with("no solution: "), "{explained}");
        let rated = no_solution(&["rate", "-f", "json"], puzzle).json_one();
        assert_eq!(rated["outcome"], "contradiction", "{rated}");
        no_solution(&["candidates"], puzzle);
        no_solution(&["minimise"], puzzle);
    }
}

#[test]
fn explain_names_the_broken_arrow() {
    let explained = no_solution(&["explain"], ARROWS).stdout;
    let last = explained.lines().last().unwrap();
    assert_eq!(last, "no solution: the arrow from r5c3 does not hold with the digits placed");
}

#[test]
fn the_hardest_classic_puzzles_rate_without_a_panic() {
    // Three of the SE 11+ list whose rating once panicked in a unique rectangle met inside a
    // bifurcation (four corners holding just the pair).
    let puzzles =
        "98.76.5..4....9.3...2..8...79...51....51.........7....51..8.7....4..............6
........1.....2.34..314.5.....6...4...641...5.7...86....1.3..5.2...9....9..8.....
1..4...8......9..2..9.3...4.1..4..5.5...13.....85.......2...6.78..3...4..6..7....
";
    let output = run(&["rate", "-f", "line", "-"], puzzles);
    assert_eq!(output.code, 0, "{output}");
    let lines = output.lines();
    assert_eq!(lines.len(), 3, "{output}");
    assert!(lines.iter().all(|line| line.ends_with("\tsolved")), "{output}");
}
