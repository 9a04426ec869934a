//! The arguments, declared with clap: one struct per subcommand, doc comments as help.

use std::path::PathBuf;
use std::time::Duration;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args as ClapArgs, Parser, Subcommand, ValueEnum};
use satdoku::engine::hard::Shard;
use satdoku::logic::Grade;
use satdoku::model::symmetry::Symmetry;

/// Sudoku and its variants: solve, check and count them; list true candidates; explain and
/// rate them as a person would solve them; minimise, complete and generate puzzles; render
/// them as SVG; link them to f-puzzles and SudokuPad; encode them as CNF and verify proofs;
/// bench the engines; serve the f-puzzles solver userscript and a workbench page.
///
/// INPUT is a puzzle file, `-` for stdin (the default), a puzzle line, an f-puzzles link or a
/// bundled puzzle name; a file may hold many puzzles (one per line, or apart at blank lines).
#[derive(Debug, Parser)]
#[command(name = "satdoku", version, long_about = None, max_term_width = 100)]
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

/// The subcommands, in the order a newcomer meets them (`--help` lists them so).
#[derive(Debug, Subcommand)]
pub enum Command {
    /// A solution of each puzzle, and whether it is the only one.
    Solve(AnswerArgs),
    /// Whether each puzzle has exactly one solution (exit 0) or none or several (exit 1).
    Check(CheckArgs),
    /// The number of solutions of each puzzle, up to a bound.
    Count(CountArgs),
    /// The digits each cell takes in at least one solution (true candidates).
    Candidates(CandidatesArgs),
    /// The steps a person would take to solve each puzzle, one deduction per line.
    Explain(ExplainArgs),
    /// How hard each puzzle is for a person: score, grade, hardest technique, steps.
    Rate(RateArgs),
    /// A minimal puzzle with the same unique solution: every given left is needed.
    Minimise(MinimiseArgs),
    /// The puzzle made unique by adding givens from one of its solutions.
    Complete(CompleteArgs),
    /// New minimal puzzles with a unique solution under global rules (`--hard`: hard ones).
    Generate(GenerateArgs),
    /// One puzzle drawn as an SVG picture, optionally with its solution or true candidates.
    Render(RenderArgs),
    /// An f-puzzles link (or a SudokuPad link) for each puzzle, to open it in the browser.
    Link(LinkArgs),
    /// One puzzle as a DIMACS CNF for any SAT solver, each variable named by its placement.
    Encode(EncodeArgs),
    /// Whether a DRAT proof shows a DIMACS CNF unsatisfiable (exit 0 verified, 1 rejected).
    Verify(VerifyArgs),
    /// The engines timed on the same puzzles, as ratios to the first, checked to agree.
    Bench(BenchArgs),
    /// A local server for the f-puzzles solver userscript and the workbench page.
    Serve(ServeArgs),
    /// The rule names `--rules` and `rules:` accept.
    Rules,
    /// The bundled puzzles, which any command takes by name (`satdoku solve miracle`).
    Puzzles,
}

/// Where the puzzles come from and which rules they follow.
#[derive(Debug, ClapArgs)]
pub struct PuzzleArgs {
    /// Puzzle files, `-` for stdin, puzzles written out (a line of N×N cells), f-puzzles
    /// `?load=` links, or bundled puzzle names (`satdoku puzzles`); stdin when none.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<String>,
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Where the one puzzle of `render` and `encode` comes from and which rules it follows.
#[derive(Debug, ClapArgs)]
pub struct OnePuzzleArgs {
    /// One puzzle: a file holding one puzzle, `-` for stdin, a puzzle written out (a line of
    /// N×N cells), an f-puzzles `?load=` link, or a bundled puzzle name (`satdoku puzzles`);
    /// stdin when none.
    #[arg(value_name = "INPUT")]
    pub input: Option<String>,
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// The rules added to every puzzle read.
#[derive(Debug, ClapArgs)]
pub struct RuleArgs {
    /// Rules added to every puzzle, comma-separated (see `satdoku rules`); the puzzle's own
    /// `rules:` line adds to these.
    #[arg(long, value_name = "R,..", help_heading = "Rules")]
    pub rules: Option<String>,
    /// Box shape ROWSxCOLUMNS for puzzles that do not say (default: the usual boxes of the
    /// size, e.g. 2x3 for 6×6).
    #[arg(long, value_name = "RxC", help_heading = "Rules")]
    pub boxes: Option<String>,
    /// What lines of a colour mean in a SudokuPad or f-puzzles drawing, over what the rules
    /// text says: `green=whispers`, `grey=none` (repeatable; colours: white, black, grey, red,
    /// orange, yellow, green, cyan, blue, purple, pink, brown).
    #[arg(long, value_name = "COLOUR=RULE", help_heading = "Rules")]
    pub line: Vec<String>,
    /// What dots of a colour on a cell edge mean in a SudokuPad drawing, over what the rules
    /// text says: `white` (consecutive), `black` (1:2), `x` (sum 10), `v` (sum 5),
    /// `difference-K`, `ratio-K`, `sum-K` or `none`, or such dots, their negations
    /// (`not-x`, `non-consecutive`) and `same-parity`/`different-parity` combined with `|` (or)
    /// and `&` (and), e.g. `--dot grey=black`, `--dot blue=sum-7`, `--dot green='x|v'`
    /// (repeatable; colours as for --line).
    #[arg(long, value_name = "COLOUR=DOT", help_heading = "Rules")]
    pub dot: Vec<String>,
}

/// How many threads share a batch.
#[derive(Debug, ClapArgs)]
pub struct BatchArgs {
    /// Worker threads (default: every core); the output is the same, in the same order, for
    /// any number (but `generate --hard`, where `--jobs N` runs N lanes, one per thread: the
    /// same for the same N). [range: 1..=1024]
    #[arg(long, short, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub jobs: Option<u16>,
}

impl BatchArgs {
    /// The worker threads: `--jobs`, or one per core.
    pub fn threads(&self) -> usize {
        self.jobs.map_or_else(rayon::current_num_threads, usize::from).max(1)
    }

    /// The threads to use for `work` items: `--jobs` or every core, and no more than the work.
    pub fn threads_for(&self, work: usize) -> usize {
        self.threads().min(work).max(1)
    }
}

/// Reads a duration in seconds (`1.5`), refusing negative, infinite and not-a-number values.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds = text.trim().parse::<f64>().ok();
    seconds
        .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
        .ok_or_else(|| format!("expected a number of seconds ≥ 0, found `{text}`"))
}

/// Options of `serve`.
#[derive(Debug, ClapArgs)]
pub struct ServeArgs {
    /// The address to listen on; another than the loopback address lets other machines use
    /// the solver (a warning says so).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
    /// The port of the websocket (`ws://HOST:PORT/`) and of the page (`http://HOST:PORT/`);
    /// 0 picks a free one.
    #[arg(long, default_value_t = 4545)]
    pub port: u16,
    /// The longest any one request may run, in seconds; a request stopped by it says so.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, default_value = "60")]
    pub timeout: Duration,
    /// Open the workbench page in the browser once listening.
    #[arg(long)]
    pub open: bool,
}

/// Limits of a command that searches.
#[derive(Debug, ClapArgs)]
pub struct LimitArgs {
    /// Stop after this many seconds of the whole run: what was found so far is printed,
    /// labelled as partial, and the exit code is 4. [default: no limit]
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, help_heading = "Limits")]
    pub timeout: Option<Duration>,
}

/// Reads a score, refusing infinite and not-a-number values.
fn parse_score(text: &str) -> Result<f64, String> {
    let score = text.trim().parse::<f64>().ok().filter(|score| score.is_finite());
    score.ok_or_else(|| format!("expected a finite number, found `{text}`"))
}

/// How results are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Text for people.
    #[default]
    Pretty,
    /// One line per answer, for scripts.
    Line,
    /// One JSON object per line per answer, with stable fields (see docs/commands.md).
    Json,
}

/// How the commands that write puzzles (minimise, complete, generate) write them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum PuzzleFormat {
    /// The puzzle text format, under a `# summary` comment.
    #[default]
    Pretty,
    /// One line per puzzle.
    Line,
    /// One JSON object per line per puzzle, with stable fields (see docs/commands.md).
    Json,
    /// One f-puzzles JSON document per line (without the summary): `satdoku link -` turns it
    /// into a link, f-puzzles and SudokuPad open it.
    Fpuzzles,
    /// One SudokuPad link per line (`https://sudokupad.app/scl...`, without the summary).
    Sudokupad,
}

impl PuzzleFormat {
    /// The format of everything else the command writes (errors, JSON error records): an
    /// f-puzzles run reports as a pretty one does.
    pub fn base(self) -> Format {
        match self {
            PuzzleFormat::Pretty | PuzzleFormat::Fpuzzles | PuzzleFormat::Sudokupad => {
                Format::Pretty
            }
            PuzzleFormat::Line => Format::Line,
            PuzzleFormat::Json => Format::Json,
        }
    }
}

/// Which engine counts the solutions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Engine {
    /// The CNF encoding solved by varisat, with blocking clauses.
    #[default]
    Sat,
    /// Plain backtracking over the constraint IR, counting its backtracks (a baseline).
    Backtrack,
    /// Exact cover with dancing links (a baseline).
    Dlx,
    /// A plain recursive backtracking solver as taught in courses: first empty cell in
    /// reading order, digits ascending, counting backtracks (a baseline; see
    /// docs/researchers.md for the exact procedure).
    Textbook,
    /// The textbook solver with one pass of implications after each tried digit.
    TextbookImplications,
    /// The textbook solver with implications repeated until nothing changes.
    TextbookRepeat,
}

impl Engine {
    /// The name on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Sat => "sat",
            Engine::Backtrack => "backtrack",
            Engine::Dlx => "dlx",
            Engine::Textbook => "textbook",
            Engine::TextbookImplications => "textbook-implications",
            Engine::TextbookRepeat => "textbook-repeat",
        }
    }
}

/// `satdoku solve` and `satdoku check`: puzzles answered by one engine.
#[derive(Debug, ClapArgs)]
pub struct AnswerArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// The engine that counts: the SAT solver, or a baseline to compare with.
    #[arg(long, value_enum, default_value_t)]
    pub engine: Engine,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Count the SAT solver's conflicts (JSON `stats.conflicts`; about three times the solve
    /// time: every open puzzle then goes to the SAT solver, which writes its proof to be read).
    #[arg(long)]
    pub conflicts: bool,
    /// Output format: pretty draws each solution as a grid with box lines, then the verdict.
    #[arg(long, short, value_enum, default_value_t)]
    pub format: Format,
    /// Write a certificate for each puzzle whose count is exact into DIR: `puzzle-N.cnf`
    /// (the CNF that blocks every solution found) and `puzzle-N.drat` (varisat's proof that
    /// it is unsatisfiable). SAT engine only.
    #[arg(long, value_name = "DIR")]
    pub proof: Option<PathBuf>,
}

/// `satdoku check`.
#[derive(Debug, ClapArgs)]
pub struct CheckArgs {
    #[command(flatten)]
    pub answer: AnswerArgs,
    /// Certify each answer: make its certificate (as `--proof` does) and check it with the
    /// in-tree proof checker; a unique puzzle then says `unique (certified)`. SAT engine only.
    #[arg(long)]
    pub certify: bool,
}

/// `satdoku verify`.
#[derive(Debug, ClapArgs)]
pub struct VerifyArgs {
    /// The formula, DIMACS CNF.
    #[arg(value_name = "CNF")]
    pub cnf: PathBuf,
    /// The proof, text DRAT with RUP lemmas (DRUP), e.g. a `.drat` file of `--proof`.
    #[arg(value_name = "PROOF")]
    pub proof: PathBuf,
    /// Output format: pretty and line print the verdict on one line.
    #[arg(long, short, value_enum, default_value_t)]
    pub format: Format,
}

/// `satdoku count`.
#[derive(Debug, ClapArgs)]
pub struct CountArgs {
    #[command(flatten)]
    pub answer: AnswerArgs,
    /// Stop counting at this many solutions. [range: 1..]
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max: u64,
}

/// `satdoku encode`.
#[derive(Debug, ClapArgs)]
pub struct EncodeArgs {
    #[command(flatten)]
    pub puzzle: OnePuzzleArgs,
}

/// `satdoku bench`.
#[derive(Debug, ClapArgs)]
pub struct BenchArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,
    /// The engines to time, comma-separated; the first is the baseline of the ratios.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "sat,backtrack,dlx")]
    pub engines: Vec<Engine>,
    /// Rounds: time each puzzle this many times per engine, every engine in each round; the
    /// times and `vs first` use each puzzle's fastest, and the single rounds' ratios are
    /// shown beside it (median, min–max). [range: 1..=1000]
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub repeat: u64,
    /// Output format: pretty is a table with a row per engine, line one tab-separated line
    /// per engine.
    #[arg(long, short, value_enum, default_value_t)]
    pub format: Format,
}

/// `satdoku candidates`.
#[derive(Debug, ClapArgs)]
pub struct CandidatesArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Also count the solutions through each candidate, up to K. [range: 1..]
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub count_up_to: Option<u64>,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Output format: pretty draws each cell's candidates in a grid with box lines.
    #[arg(long, short, value_enum, default_value_t)]
    pub format: Format,
}

/// The order givens are tried for removal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum OrderArg {
    /// Reading order.
    Given,
    /// Reverse reading order.
    Reverse,
    /// Random, from --seed.
    #[default]
    Random,
}

/// `satdoku minimise`.
#[derive(Debug, ClapArgs)]
pub struct MinimiseArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Seed of the random removal order: the same seed gives the same result.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The order givens are tried in.
    #[arg(long, value_enum, default_value_t)]
    pub order: OrderArg,
    /// Remove givens related by this symmetry together.
    #[arg(long, default_value = "none", value_parser = symmetry_parser())]
    pub symmetry: Symmetry,
    /// Cells whose givens must stay, e.g. `r1c1,r5c5`.
    #[arg(long, value_name = "CELLS")]
    pub keep: Option<String>,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Output format: pretty is the puzzle text format, fpuzzles the f-puzzles JSON.
    #[arg(long, short, value_enum, default_value_t)]
    pub format: PuzzleFormat,
}

/// `satdoku complete`.
#[derive(Debug, ClapArgs)]
pub struct CompleteArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Then remove the added givens that became redundant (original givens stay).
    #[arg(long)]
    pub minimise: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Output format: pretty is the puzzle text format, fpuzzles the f-puzzles JSON.
    #[arg(long, short, value_enum, default_value_t)]
    pub format: PuzzleFormat,
}

/// The grid size `generate` makes without `--size` or `--regions`.
pub const DEFAULT_SIZE: usize = 9;

/// `satdoku generate`.
#[derive(Debug, ClapArgs)]
pub struct GenerateArgs {
    /// Rules of the puzzles, comma-separated (see `satdoku rules`).
    #[arg(long, value_name = "R,..", default_value = "classic", help_heading = "Rules")]
    pub rules: String,
    /// Grid size N (4, 6, 8, 9, 12, 16, ...) [default: 9, or the regions file's].
    #[arg(long, help_heading = "Rules")]
    pub size: Option<usize>,
    /// Box shape ROWSxCOLUMNS (default: the usual boxes of the size).
    #[arg(long, value_name = "RxC", help_heading = "Rules")]
    pub boxes: Option<String>,
    /// Irregular regions (jigsaw) instead of boxes: a file of N rows of N region symbols, as
    /// the `regions:` section of the text format; the size is the file's.
    #[arg(long, value_name = "FILE", help_heading = "Rules", conflicts_with = "boxes")]
    pub regions: Option<std::path::PathBuf>,
    /// The digits 1 to M instead of 1 to N (M from N to 35), as the text format's `digits:
    /// 1-M`: each house holds N different ones (with the rule same-digits, the same N in every
    /// house).
    #[arg(long, value_name = "M", help_heading = "Rules")]
    pub digits: Option<usize>,
    /// How many puzzles; with --hard, --min-score or --givens-at-most: stop after this many
    /// at the score (or givens) asked for, or without a target, print the best this many.
    #[arg(long, default_value_t = 1)]
    pub count: u64,
    /// Seed: the same seed gives the same puzzles, whatever --jobs (with --hard, for the same
    /// --jobs).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Symmetry of the givens.
    #[arg(long, default_value = "none", value_parser = symmetry_parser())]
    pub symmetry: Symmetry,
    /// Search for puzzles of at most N givens (the pool search with "fewer givens" as its
    /// score, as --fewest); with --symmetry, keep generating plain puzzles until one has.
    #[arg(long, value_name = "N")]
    pub givens_at_most: Option<usize>,
    /// With --givens-at-most and --symmetry: give up on a puzzle after this many tries; with
    /// the pool search: stop after this many moves. [range: 1..]
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub attempts: u64,
    /// With --givens-at-most or --hard: give up on a puzzle (or end the search) after this
    /// many seconds (--timeout stops the whole run instead); `--time` for short.
    #[arg(long, visible_alias = "time", value_name = "SECONDS", value_parser = parse_seconds)]
    pub puzzle_timeout: Option<Duration>,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Search for hard puzzles: a local search over minimal puzzles that keeps the hardest
    /// (see docs/hard-puzzles.md); each puzzle is printed with its score.
    #[arg(long, help_heading = "Hard puzzles")]
    pub hard: bool,
    /// With --hard (implied): print every new puzzle scoring at least S as it is found, and
    /// stop after --count of them; exit 1 when --attempts or --puzzle-timeout stops the
    /// search first.
    #[arg(long, value_name = "S", value_parser = parse_score, help_heading = "Hard puzzles")]
    pub min_score: Option<f64>,
    /// With --hard (implied): stop as soon as a puzzle reaches this grade (its lowest score,
    /// see the grades in docs/difficulty.md), as --min-score does.
    #[arg(long, value_name = "G", value_parser = grade_parser(), help_heading = "Hard puzzles", conflicts_with = "min_score")]
    pub grade: Option<Grade>,
    /// With --hard (implied): seed the search's pool with the puzzles of FILE (unique, all
    /// under the same rules, which then replace --rules and --size) instead of plain puzzles.
    #[arg(long, value_name = "FILE", help_heading = "Hard puzzles")]
    pub from: Option<PathBuf>,
    /// With --hard (implied): rate only shard K of N of the neighbourhood (1 <= K <= N), so
    /// that N processes search disjoint parts of it.
    #[arg(long, value_name = "K/N", value_parser = Shard::parse, help_heading = "Hard puzzles")]
    pub shard: Option<Shard>,
    /// Search for the fewest givens: the pool search with "fewer givens" as its score.
    #[arg(long, help_heading = "Hard puzzles")]
    pub fewest: bool,
    /// How many puzzles the search's pool keeps. [range: 1..]
    #[arg(long, value_name = "N", default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..), help_heading = "Hard puzzles")]
    pub pool: u64,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Output format: pretty is the puzzle text format, fpuzzles the f-puzzles JSON.
    #[arg(long, short, value_enum, default_value_t)]
    pub format: PuzzleFormat,
}

/// `satdoku explain`.
#[derive(Debug, ClapArgs)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Show only the first N steps. [range: 1..]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub until: Option<u64>,
    /// Show the next placement and only the steps it needs (what to look for when stuck).
    #[arg(long, conflicts_with = "until")]
    pub hint: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Output format: pretty is one numbered step per line, line one line per puzzle with
    /// the steps separated by ` | `.
    #[arg(long, short, value_enum, default_value_t)]
    pub format: Format,
}

/// `satdoku rate`.
#[derive(Debug, ClapArgs)]
pub struct RateArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,
    #[command(flatten)]
    pub batch: BatchArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Also count the textbook solver's backtracks to the first solution (the course's
    /// measure; up to 10 million, about a second, on grids up to 9×9): often far longer than
    /// the rating itself.
    #[arg(long)]
    pub backtracks: bool,
    /// Also rate at the top (Sudoku Explainer 9 to 12): where the logic with bifurcations of
    /// depth 1 gets stuck, the size of the nested forcing proofs that advance it, on a scale
    /// from 9.0 up (below 9 the depth-1 score); about a quarter of a second for an SE 11+
    /// puzzle.
    #[arg(long)]
    pub top: bool,
    /// Output format: pretty is two lines of figures (three with `--top`), line is
    /// `score<TAB>grade<TAB>hardest technique<TAB>outcome` (then `<TAB>top score` with
    /// `--top`, and `<TAB>(partial: timeout)` when a limit stopped it).
    #[arg(long, short, value_enum, default_value_t)]
    pub format: Format,
}

/// Reads a grade by its name (`easy` ... `extreme`), offering every name.
fn grade_parser() -> impl TypedValueParser<Value = Grade> {
    PossibleValuesParser::new(Grade::ALL.map(Grade::name)).map(|name| {
        *Grade::ALL.iter().find(|g| g.name() == name).expect("clap offers only listed names")
    })
}

/// Reads a symmetry by its library name, offering every name in `--help` and in errors.
fn symmetry_parser() -> impl TypedValueParser<Value = Symmetry> {
    PossibleValuesParser::new(Symmetry::ALL.map(Symmetry::name))
        .map(|name| Symmetry::from_name(&name).expect("clap offers only listed names"))
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_arguments_are_well_formed() {
        super::Args::command().debug_assert();
    }
}

/// `satdoku link`.
#[derive(Debug, ClapArgs)]
pub struct LinkArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,
    /// Print SudokuPad links (`https://sudokupad.app/scl...`) instead of f-puzzles links.
    #[arg(long)]
    pub sudokupad: bool,
}

/// `satdoku render`.
#[derive(Debug, ClapArgs)]
pub struct RenderArgs {
    #[command(flatten)]
    pub puzzle: OnePuzzleArgs,
    /// Draw the solution's digits (in blue); exit 1 when the puzzle has none or several.
    #[arg(long)]
    pub solution: bool,
    /// Draw each empty cell's true candidates as small digits; exit 1 when there is no
    /// solution.
    #[arg(long, conflicts_with = "solution")]
    pub candidates: bool,
    /// Write the SVG to this file (whole, or not at all) instead of stdout.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub limits: LimitArgs,
}
