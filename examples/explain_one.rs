//! Prints the explanation of one puzzle line (a debugging aid for the calibration).
fn main() {
    let line = std::env::args().nth(1).expect("a puzzle line");
    let text = std::fs::read_to_string(&line).unwrap_or(line);
    let puzzle: satdoku::Puzzle = text.parse().expect("a puzzle");
    let depth = std::env::args().nth(2).map_or(3, |d| d.parse().expect("a depth"));
    let options = satdoku::logic::ExplainOptions::new().max_depth(depth);
    let explanation = satdoku::logic::explain_with(&puzzle, &options);
    for step in explanation.steps() {
        println!("{:.1} {:<16} {step}", step.rating(), step.technique().name());
    }
    println!("{:?}", explanation.outcome());
}
