//! The arguments, declared with clap: one struct per subcommand, doc comments as help.

use std::path::PathBuf;

use clap::{Args as ClapArgs, Parser, Subcommand, ValueEnum};

/// Sudoku and its variants compiled to CNF and solved with varisat.
///
/// INPUT is a puzzle file or `-` for stdin (the default): the text format, a bare grid, a bare
/// line of N×N symbols, or a batch file with one puzzle per line.
#[derive(Debug, Parser)]
#[command(name = "satdoku", version, about, long_about = None, max_term_width = 100)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// Options of every subcommand.
    #[command(flatten)]
    pub global: GlobalArgs,
}

/// Options of every subcommand.
#[derive(Debug, ClapArgs)]
pub struct GlobalArgs {
    /// Print results only: no warnings, no progress.
    #[arg(long, short, global = true)]
    pub quiet: bool,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve each puzzle and say whether its solution is unique.
    Solve(SolveArgs),
    /// Count the solutions of each puzzle, up to a bound.
    Count(CountArgs),
    /// Exit 0 when every puzzle has exactly one solution, 1 when one has none or several.
    Check(CheckArgs),
    /// Write the CNF of one puzzle as DIMACS, with comments mapping variables to placements.
    Encode(EncodeArgs),
    /// List the rule names `--rules` and `rules:` accept.
    Rules,
}

/// Where the puzzles come from and which rules they follow.
#[derive(Debug, ClapArgs)]
pub struct PuzzleArgs {
    /// Puzzle file, or `-` for stdin.
    #[arg(default_value = "-", value_name = "INPUT")]
    pub input: PathBuf,
    /// Rules added to every puzzle, comma-separated (see `satdoku rules`); the puzzle's own
    /// `rules:` line adds to these.
    #[arg(long, value_name = "R,..", help_heading = "Rules")]
    pub rules: Option<String>,
    /// Box shape ROWSxCOLUMNS for puzzles that do not say (default: the usual boxes of the
    /// size, e.g. 2x3 for 6×6).
    #[arg(long, value_name = "RxC", help_heading = "Rules")]
    pub boxes: Option<String>,
}

/// How results are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Grids drawn with box lines, for people.
    #[default]
    Pretty,
    /// One line per puzzle.
    Line,
    /// One JSON object per line per puzzle, with stable fields (see the README).
    Json,
}

/// `satdoku solve`.
#[derive(Debug, ClapArgs)]
pub struct SolveArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,
    /// Output format.
    #[arg(long, short, value_enum, default_value_t)]
    pub format: Format,
}

/// `satdoku count`.
#[derive(Debug, ClapArgs)]
pub struct CountArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,
    /// Stop counting at this many solutions. [range: 1..]
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max: u64,
    /// Output format.
    #[arg(long, short, value_enum, default_value_t)]
    pub format: Format,
}

/// `satdoku check`.
#[derive(Debug, ClapArgs)]
pub struct CheckArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,
    /// Output format.
    #[arg(long, short, value_enum, default_value_t)]
    pub format: Format,
}

/// `satdoku encode`.
#[derive(Debug, ClapArgs)]
pub struct EncodeArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_arguments_are_well_formed() {
        super::Args::command().debug_assert();
    }
}
