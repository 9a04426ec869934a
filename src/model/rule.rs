//! The rules a puzzle adds to the classic ones: one enum variant per variant rule.
//!
//! Global rules (`AntiKing`, ...) hold on the whole grid and are named in `rules:`; rules with
//! cells (marks, cages, lines, dots) carry their cells, in the order that gives them meaning
//! (a thermometer from its bulb, an arrow's pill then its line).
//! [`check_shape`](super::shape::check_shape) says whether their cells fit a grid.

use std::fmt;

use super::digit::DigitSet;
use super::dot_relation::DotRelation;
use super::equal_totals::Total;
use super::geometry::Cell;
use super::look_and_say::DigitCount;

/// A rule on top of the classic ones (every row, column and box holds each digit once).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// The main diagonal r1c1..rNcN holds each digit once (f-puzzles `diagonal-`).
    MainDiagonal,
    /// The anti-diagonal rNc1..r1cN, bottom-left to top-right, holds each digit once
    /// (f-puzzles `diagonal+`).
    AntiDiagonal,
    /// Cells a king's move apart (diagonal neighbours) never hold the same digit.
    AntiKing,
    /// Cells a knight's move apart never hold the same digit.
    AntiKnight,
    /// Orthogonal neighbours never hold consecutive digits, unless a kropki dot lies between
    /// them (as in f-puzzles, where non-consecutive is the white dots' negative rule).
    NonConsecutive,
    /// These cells hold even digits.
    Even(Vec<Cell>),
    /// These cells hold odd digits.
    Odd(Vec<Cell>),
    /// The cell holds one of these digits: its given pencil marks (SudokuPad's given centre
    /// marks, f-puzzles' `givenPencilMarks`).
    Candidates {
        /// The cell.
        cell: Cell,
        /// The digits it may hold (at least one, of the grid's digits).
        digits: DigitSet,
    },
    /// A killer cage: its cells hold different digits, adding up to `sum` when it is given.
    Killer {
        /// The cage's cells.
        cells: Vec<Cell>,
        /// Their total, if the cage shows one.
        sum: Option<usize>,
    },
    /// A thermometer: digits increase from the bulb (the first cell) along the line; on a slow
    /// thermometer they never decrease.
    Thermo {
        /// The bulb, then the line, each cell a king's move from the one before.
        cells: Vec<Cell>,
        /// Whether equal neighbours are allowed.
        slow: bool,
    },
    /// An arrow: the digits on the line add up to the number in the pill (one to three cells
    /// read as a number, top-left digit first, as in f-puzzles).
    Arrow {
        /// The pill (the circle): one cell, or up to three in a row.
        pill: Vec<Cell>,
        /// The line, from the cell next to the pill to the tip.
        line: Vec<Cell>,
    },
    /// A dot (or letter) between two orthogonal neighbours: what their digits must satisfy.
    Dot {
        /// The two neighbours.
        cells: [Cell; 2],
        /// Which dot.
        dot: Dot,
    },
    /// Every dot of this kind is given: orthogonal neighbours without a dot of its family
    /// (kropki: white and black; XV: X and V) do not satisfy its relation.
    Negative(Dot),
    /// A dot whose relation is built from known ones ("either X or V": `x|v`), between two
    /// orthogonal neighbours.
    CombinedDot {
        /// The two neighbours.
        cells: [Cell; 2],
        /// What their digits satisfy.
        relation: DotRelation,
    },
    /// Every dot of a combined relation is given: orthogonal neighbours without any dot
    /// between them do not satisfy the relation.
    NegativeCombined(DotRelation),
    /// A whisper line: neighbours along the line differ by at least `gap` (German whispers 5,
    /// Dutch whispers 4, on 9×9).
    Whispers {
        /// The line, each cell a king's move from the one before.
        line: Vec<Cell>,
        /// The least difference between neighbours.
        gap: usize,
    },
    /// A renban: the digits of a connected set of cells (a line, or a branched line) are
    /// different and consecutive, in any order. Each cell after the first is a king's move
    /// from one before it; the drawing's strokes are [`layout::strokes`](super::layout::strokes).
    Renban(Vec<Cell>),
    /// A little killer clue: the digits along a diagonal (repeats allowed) add up to `sum`.
    LittleKiller {
        /// The diagonal's cells, from the clue inwards.
        cells: Vec<Cell>,
        /// Their total.
        sum: usize,
    },
    /// A region-sum line: each segment of the line within one box (or region) has the same
    /// sum. A branched line is listed a branch at a time, like a renban; a branch's first run
    /// joins the segment it leaves ([`layout::box_segments`](super::layout::box_segments)).
    RegionSum(Vec<Cell>),
    /// A minimum (or maximum) cell: its digit is less (greater) than each orthogonal
    /// neighbour's, other minima (maxima) aside.
    Extremum {
        /// The cell.
        cell: Cell,
        /// Greater than its neighbours, rather than less.
        maximum: bool,
    },
    /// A palindrome line: it reads the same digits from either end.
    Palindrome(Vec<Cell>),
    /// A quadruple: each listed digit appears in the cells (as often as it is listed).
    Quadruple {
        /// The cells, usually the 2×2 around a grid corner.
        cells: Vec<Cell>,
        /// The digits (values 1..=N), repeats meaning "at least that many times".
        digits: Vec<usize>,
    },
    /// Disjoint groups: cells in the same position of their boxes hold different digits.
    DisjointGroups,
    /// A clone: the cells hold the same digits as the copy, cell for cell.
    Clone {
        /// The original cells.
        cells: Vec<Cell>,
        /// Their copy, in the same order.
        copy: Vec<Cell>,
    },
    /// A between line: digits strictly between the two end cells' digits fill the middle.
    Between(Vec<Cell>),
    /// An extra region: its cells hold different digits (every digit, with N cells).
    ExtraRegion(Vec<Cell>),
    /// An entropic line: any three consecutive cells hold one low, one middle and one high
    /// digit (1–3, 4–6, 7–9 on 9×9: the thirds of 1..N).
    Entropic(Vec<Cell>),
    /// A modular line: any three consecutive cells hold digits of different remainders
    /// modulo 3.
    Modular(Vec<Cell>),
    /// A zipper line: cells the same distance from the centre add up to the same total (the
    /// centre's digit, on a line of odd length).
    Zipper(Vec<Cell>),
    /// A sandwich clue: the digits between the 1 and the N of the row or column add up to
    /// `sum`.
    Sandwich {
        /// The row or column, from the clue inwards.
        cells: Vec<Cell>,
        /// The total between the 1 and the N (0 when they touch).
        sum: usize,
    },
    /// An X-sum clue: the first X digits seen from the clue add up to `sum`, where X is the
    /// first of them.
    XSum {
        /// The row or column, from the clue inwards.
        cells: Vec<Cell>,
        /// The total of the first X digits.
        sum: usize,
    },
    /// A skyscraper clue: reading digits as heights from the clue, `count` of them are taller
    /// than every one before (the others are hidden).
    Skyscraper {
        /// The row or column, from the clue inwards.
        cells: Vec<Cell>,
        /// How many are seen.
        count: usize,
    },
    /// An inequality sign: the first cell's digit is greater than the second's.
    Greater([Cell; 2]),
    /// A parity line: neighbours along the line hold one even and one odd digit.
    ParityLine(Vec<Cell>),
    /// A lockout line: its two ends differ by at least `gap`, and no other digit on the line
    /// lies between them or equals one of them.
    Lockout {
        /// The line, from one end (a diamond) to the other.
        line: Vec<Cell>,
        /// The least difference between the ends.
        gap: usize,
    },
    /// A sum line: the line divides into consecutive segments that each add up to `sum`
    /// (10 lines: `sum` is 10). On a closed loop the segments go round from some cell.
    SumLine {
        /// The line, each cell a king's move from the one before (on a loop, the last cell
        /// also a king's move from the first).
        line: Vec<Cell>,
        /// Each segment's total.
        sum: usize,
        /// Whether the line is a closed loop: a segment may run on from its last cell to its
        /// first.
        closed: bool,
    },
    /// A sequence line: its digits step by one difference, not zero, from one end to the
    /// other (an arithmetic sequence: 1-4-7, 9-7-5).
    Sequence(Vec<Cell>),
    /// Counting circles: a digit in a circle appears in exactly as many circles as its value.
    CountingCircles(Vec<Cell>),
    /// A double arrow: a line between two circles (its first and last cells), whose digits
    /// between the circles add up to the two circles' digits together.
    DoubleArrow(Vec<Cell>),
    /// A numbered room clue: the D-th digit seen from the clue is `digit`, where D is the first
    /// digit seen.
    NumberedRoom {
        /// The row or column, from the clue inwards.
        cells: Vec<Cell>,
        /// The digit the D-th cell holds (value 1..=N).
        digit: usize,
    },
    /// A rellik cage: its cells hold different digits, and no set of one or more of them adds
    /// up to `sum`.
    Rellik {
        /// The cage's cells.
        cells: Vec<Cell>,
        /// The total no subset of its digits reaches.
        sum: usize,
    },
    /// An anti-leaper rule: cells a leap of `[a, b]` apart (a rows and b columns, or b rows and
    /// a columns, `1 <= a <= b`) never hold the same digit: anti-camel is `[1, 3]`, anti-zebra
    /// `[2, 3]`, anti-giraffe `[1, 4]` (the king's `[1, 1]` and the knight's `[1, 2]` are
    /// [`Rule::AntiKing`] and [`Rule::AntiKnight`]).
    AntiLeaper([usize; 2]),
    /// A differences-count line: the difference between two neighbours on the line is the
    /// number of neighbouring pairs on the line with that difference.
    DifferencesCount(Vec<Cell>),
    /// Anti-taxicab: a digit D never stands at taxicab distance D (D orthogonal steps, the
    /// rows and columns between them added) from another D.
    AntiTaxicab,
    /// The same digits in every house: each row, column and box (or region) holds the same
    /// set of N digits, out of the puzzle's `1..=M` (with M = N it always holds).
    SameDigits,
    /// An indexer: a digit X in one of these cells says where the cell's own row (column)
    /// number goes: in a column indexer, cell rRcC holding X means rRcX holds C; in a row
    /// indexer, rXcC holds R.
    Indexer {
        /// The indexing cells.
        cells: Vec<Cell>,
        /// Whether the digits index columns (a column indexer) rather than rows.
        columns: bool,
    },
    /// Equal totals: every line (a little-killer diagonal, from the arrow outside the grid
    /// inwards) has the same total, a sum or a product, which the puzzle does not give.
    /// Lines may cross; digits may repeat along a line where its cells share no house.
    EqualTotals {
        /// The lines, two or more, each a diagonal from the clue inwards.
        lines: Vec<Vec<Cell>>,
        /// Whether the lines' digits add up or multiply.
        total: Total,
    },
    /// A look-and-say clue: its digits read in pairs, "count, digit" (`2314`: two 3s and one
    /// 4), say how many of the cells hold each digit it names; other digits are free, and
    /// digits may repeat. On a diagonal from the grid's edge to its other edge the clue
    /// stands outside the grid, as a little killer's; on other cells it labels a cage (which
    /// does not keep its digits apart: a killer cage over the same cells does).
    LookAndSay {
        /// The cells: a group, or a diagonal from the clue inwards.
        cells: Vec<Cell>,
        /// The clue's pairs, in its order.
        counts: Vec<DigitCount>,
    },
}

/// What a dot between two orthogonal neighbours says about their digits `a` and `b`: the
/// kropki family (a difference or a ratio) or the XV family (a sum), each with its number.
/// The classic dots are [`Dot::WHITE`], [`Dot::BLACK`], [`Dot::X`] and [`Dot::V`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dot {
    /// Kropki: the digits differ by this much (`|a - b| = k`; a white dot: 1).
    Difference(usize),
    /// Kropki: one digit is this many times the other (a black dot: 2).
    Ratio(usize),
    /// XV: the digits add up to this (X: 10, V: 5).
    Sum(usize),
}

impl Dot {
    /// Kropki white dot: consecutive digits.
    pub const WHITE: Dot = Dot::Difference(1);
    /// Kropki black dot: one digit is double the other.
    pub const BLACK: Dot = Dot::Ratio(2);
    /// XV's X: the digits add up to 10.
    pub const X: Dot = Dot::Sum(10);
    /// XV's V: the digits add up to 5.
    pub const V: Dot = Dot::Sum(5);
    /// The four classic dots, in the order of their names (`kropki-white`, `kropki-black`,
    /// `x`, `v`).
    pub const ALL: [Dot; 4] = [Dot::WHITE, Dot::BLACK, Dot::X, Dot::V];

    /// Whether digits of values `a` and `b` satisfy the dot.
    pub fn holds(self, a: usize, b: usize) -> bool {
        match self {
            Dot::Difference(k) => a.abs_diff(b) == k,
            Dot::Ratio(k) => a == k * b || b == k * a,
            Dot::Sum(k) => a + b == k,
        }
    }

    /// The dot's key in the text format: `kropki-white`, `kropki-black`, `x` and `v` for the
    /// classic dots, else `difference`, `ratio` or `sum` (followed by the number).
    pub fn name(self) -> &'static str {
        match self {
            Dot::WHITE => "kropki-white",
            Dot::BLACK => "kropki-black",
            Dot::X => "x",
            Dot::V => "v",
            other => other.kind(),
        }
    }

    /// The dot's kind: `difference`, `ratio` or `sum`.
    pub fn kind(self) -> &'static str {
        match self {
            Dot::Difference(_) => "difference",
            Dot::Ratio(_) => "ratio",
            Dot::Sum(_) => "sum",
        }
    }

    /// The dot's number: the difference, the ratio or the sum.
    pub fn number(self) -> usize {
        match self {
            Dot::Difference(k) | Dot::Ratio(k) | Dot::Sum(k) => k,
        }
    }

    /// The dot of a text-format key and its number (`None` for the classic keys), the inverse
    /// of [`Dot::name`] and [`Dot::number`]; `None` for another key or a missing number.
    pub fn from_key(key: &str, number: Option<usize>) -> Option<Dot> {
        let dot = match (key, number) {
            ("kropki-white", None) => Dot::WHITE,
            ("kropki-black", None) => Dot::BLACK,
            ("x", None) => Dot::X,
            ("v", None) => Dot::V,
            ("difference", Some(k)) => Dot::Difference(k),
            ("ratio", Some(k)) => Dot::Ratio(k),
            ("sum", Some(k)) => Dot::Sum(k),
            _ => return None,
        };
        Some(dot)
    }

    /// Whether the dot is one of the four classic ones, named without a number.
    pub fn is_classic(self) -> bool {
        Dot::ALL.contains(&self)
    }

    /// Whether `other` is of the same family (kropki or XV), so that under [`Rule::Negative`]
    /// a pair marked by `other` is exempt.
    pub fn same_family(self, other: Dot) -> bool {
        matches!(self, Dot::Sum(_)) == matches!(other, Dot::Sum(_))
    }

    /// The numbers a dot of this kind can take on a grid of size `n` (differences 1 to N−1,
    /// ratios 2 to N, sums 3 to 2N−1), so that some two digits satisfy it.
    pub fn numbers(self, n: usize) -> std::ops::RangeInclusive<usize> {
        let most = match self {
            Dot::Difference(_) => n - 1,
            Dot::Ratio(_) => n,
            Dot::Sum(_) => 2 * n - 1,
        };
        self.least()..=most
    }

    /// The least number a dot of this kind can take on any grid: a difference of 1, a ratio
    /// of 2, a sum of 3.
    pub(crate) fn least(self) -> usize {
        match self {
            Dot::Difference(_) => 1,
            Dot::Ratio(_) => 2,
            Dot::Sum(_) => 3,
        }
    }
}

/// The names `rules:` and `--rules` accept, with what each means; `miracle` and `diagonal`
/// are presets of several rules, `classic` of none.
pub const RULE_NAMES: &[(&str, &str)] = &[
    ("classic", "rows, columns and boxes only (always on)"),
    ("diagonal", "both main diagonals hold each digit once (diagonal+ and diagonal-)"),
    ("diagonal+", "the anti-diagonal, bottom-left to top-right, holds each digit once"),
    ("diagonal-", "the main diagonal, top-left to bottom-right, holds each digit once"),
    ("anti-king", "cells a king's move apart never hold the same digit"),
    ("anti-knight", "cells a knight's move apart never hold the same digit"),
    ("non-consecutive", "orthogonal neighbours never hold consecutive digits"),
    ("miracle", "anti-king + anti-knight + non-consecutive"),
    ("negative-white", "neighbours without a kropki dot are not consecutive"),
    ("negative-black", "neighbours without a kropki dot are not in a 1:2 ratio"),
    ("negative-kropki", "negative-white + negative-black: every kropki dot is given"),
    ("negative-x", "neighbours without an X or a V do not add up to 10"),
    ("negative-v", "neighbours without an X or a V do not add up to 5"),
    ("negative-xv", "negative-x + negative-v: every X and V is given"),
    ("negative-difference-2", "neighbours without a kropki dot do not differ by 2 (any number)"),
    ("negative-ratio-3", "neighbours without a kropki dot are not in a 1:3 ratio (any number)"),
    ("negative-sum-7", "neighbours without an XV dot do not add up to 7 (any number)"),
    ("negative-x|v", "neighbours without a dot do not satisfy a combined dot's relation (any)"),
    ("disjoint-groups", "cells in the same position of their boxes hold different digits"),
    ("anti-camel", "cells a camel's leap (1, 3) apart never hold the same digit"),
    ("anti-zebra", "cells a zebra's leap (2, 3) apart never hold the same digit"),
    ("anti-giraffe", "cells a giraffe's leap (1, 4) apart never hold the same digit"),
    ("anti-leaper-2-2", "cells a leap of (2, 2) apart never hold the same digit (any leap)"),
    ("anti-taxicab", "a digit D never stands at taxicab distance D from another D"),
    ("same-digits", "every row, column and box holds the same set of digits (of 1 to M)"),
];

/// "expected one of classic, diagonal, ...": the end of every unknown-rule message.
pub fn expected_rule_names() -> String {
    let names: Vec<_> = RULE_NAMES.iter().map(|(name, _)| *name).collect();
    format!("expected one of {}", names.join(", "))
}

/// Why `name` is not a rule name: `even` and `odd` mark cells (they need the cells), any
/// other name is unknown.
pub fn unknown_rule_message(name: &str) -> String {
    match name.to_ascii_lowercase().as_str() {
        mark @ ("even" | "odd") => format!(
            "`{mark}` marks cells, it is not a rule of the whole grid: mark the cells in an \
             `{mark}:` section, or in a parity string after the givens (`e` even, `o` odd, \
             `.` unmarked, one per cell)"
        ),
        _ => format!("unknown rule `{name}`, {}", expected_rule_names()),
    }
}

impl Rule {
    /// The rules a name stands for (see [`RULE_NAMES`]); f-puzzles spellings without the
    /// hyphen (`antiking`, `antiknight`, `nonconsecutive`) and `x` for `diagonal` are accepted.
    /// `None` for an unknown name. Even and odd marks are sections of a puzzle, not names.
    pub fn from_name(name: &str) -> Option<Vec<Rule>> {
        let rules = match name.to_ascii_lowercase().as_str() {
            "classic" => vec![],
            "diagonal" | "x" | "sudoku-x" => vec![Rule::MainDiagonal, Rule::AntiDiagonal],
            "diagonal-" => vec![Rule::MainDiagonal],
            "diagonal+" => vec![Rule::AntiDiagonal],
            "anti-king" | "antiking" => vec![Rule::AntiKing],
            "anti-knight" | "antiknight" => vec![Rule::AntiKnight],
            "non-consecutive" | "nonconsecutive" => vec![Rule::NonConsecutive],
            "miracle" => vec![Rule::AntiKing, Rule::AntiKnight, Rule::NonConsecutive],
            "negative-white" => vec![Rule::Negative(Dot::WHITE)],
            "negative-black" => vec![Rule::Negative(Dot::BLACK)],
            "negative-kropki" => vec![Rule::Negative(Dot::WHITE), Rule::Negative(Dot::BLACK)],
            "negative-x" => vec![Rule::Negative(Dot::X)],
            "negative-v" => vec![Rule::Negative(Dot::V)],
            "negative-xv" => vec![Rule::Negative(Dot::X), Rule::Negative(Dot::V)],
            "disjoint-groups" | "disjointgroups" | "disjoint" => vec![Rule::DisjointGroups],
            "anti-camel" | "anticamel" => vec![Rule::AntiLeaper([1, 3])],
            "anti-zebra" | "antizebra" => vec![Rule::AntiLeaper([2, 3])],
            "anti-giraffe" | "antigiraffe" => vec![Rule::AntiLeaper([1, 4])],
            "anti-taxicab" | "antitaxicab" => vec![Rule::AntiTaxicab],
            "same-digits" => vec![Rule::SameDigits],
            other if other.starts_with("anti-leaper-") => vec![leaper(other)?],
            other => match negative_dot(other) {
                Some(dot) => vec![Rule::Negative(dot)],
                None => vec![Rule::NegativeCombined(negative_combined(other)?)],
            },
        };
        Some(rules)
    }

    /// Reads a list of rule names separated by commas or spaces. On an unknown name, gives
    /// back its byte offset in `list` and the name.
    pub fn from_list(list: &str) -> Result<Vec<Rule>, (usize, String)> {
        let mut rules = Vec::new();
        for (offset, name) in words(list) {
            let named = Rule::from_name(name).ok_or_else(|| (offset, name.to_string()))?;
            rules.extend(named);
        }
        Ok(rules)
    }

    /// The rule's name in [`RULE_NAMES`] for global rules, and for the others the key of its
    /// section or line in the text format (`even`, `cage`, `thermo`, `kropki-white`, ...).
    pub fn name(&self) -> &'static str {
        match self {
            Rule::MainDiagonal => "diagonal-",
            Rule::AntiDiagonal => "diagonal+",
            Rule::AntiKing => "anti-king",
            Rule::AntiKnight => "anti-knight",
            Rule::NonConsecutive => "non-consecutive",
            Rule::Even(_) => "even",
            Rule::Odd(_) => "odd",
            Rule::Candidates { .. } => "candidates",
            Rule::Killer { .. } => "cage",
            Rule::Thermo { slow: false, .. } => "thermo",
            Rule::Thermo { slow: true, .. } => "slow-thermo",
            Rule::Arrow { .. } => "arrow",
            Rule::Dot { dot, .. } => dot.name(),
            Rule::Negative(Dot::WHITE) => "negative-white",
            Rule::Negative(Dot::BLACK) => "negative-black",
            Rule::Negative(Dot::X) => "negative-x",
            Rule::Negative(Dot::V) => "negative-v",
            Rule::Negative(Dot::Difference(_)) => "negative-difference",
            Rule::Negative(Dot::Ratio(_)) => "negative-ratio",
            Rule::Negative(Dot::Sum(_)) => "negative-sum",
            Rule::CombinedDot { .. } => "combined-dot",
            Rule::NegativeCombined(_) => "negative-combined",
            Rule::Whispers { .. } => "whispers",
            Rule::Renban(_) => "renban",
            Rule::LittleKiller { .. } => "little-killer",
            Rule::RegionSum(_) => "region-sum",
            Rule::Extremum { maximum: false, .. } => "minimum",
            Rule::Extremum { maximum: true, .. } => "maximum",
            Rule::Palindrome(_) => "palindrome",
            Rule::Quadruple { .. } => "quadruple",
            Rule::DisjointGroups => "disjoint-groups",
            Rule::Clone { .. } => "clone",
            Rule::Between(_) => "between",
            Rule::ExtraRegion(_) => "extra-region",
            Rule::Entropic(_) => "entropic",
            Rule::Modular(_) => "modular",
            Rule::Zipper(_) => "zipper",
            Rule::Sandwich { .. } => "sandwich",
            Rule::XSum { .. } => "x-sum",
            Rule::Skyscraper { .. } => "skyscraper",
            Rule::Greater(_) => "greater",
            Rule::ParityLine(_) => "parity-line",
            Rule::Lockout { .. } => "lockout",
            Rule::SumLine { closed: false, .. } => "sum-line",
            Rule::SumLine { closed: true, .. } => "sum-loop",
            Rule::Sequence(_) => "sequence",
            Rule::CountingCircles(_) => "counting-circles",
            Rule::DoubleArrow(_) => "double-arrow",
            Rule::NumberedRoom { .. } => "numbered-room",
            Rule::Rellik { .. } => "rellik",
            Rule::AntiLeaper([1, 3]) => "anti-camel",
            Rule::AntiLeaper([2, 3]) => "anti-zebra",
            Rule::AntiLeaper([1, 4]) => "anti-giraffe",
            Rule::AntiLeaper(_) => "anti-leaper",
            Rule::AntiTaxicab => "anti-taxicab",
            Rule::SameDigits => "same-digits",
            Rule::DifferencesCount(_) => "differences-count",
            Rule::Indexer { columns: true, .. } => "column-indexer",
            Rule::Indexer { columns: false, .. } => "row-indexer",
            Rule::EqualTotals { total: Total::Sum, .. } => "equal-sums",
            Rule::EqualTotals { total: Total::Product, .. } => "equal-products",
            Rule::LookAndSay { .. } => "look-and-say",
        }
    }

    /// The rule's name in `rules:` for a global rule (its [`Rule::name`], with the number of a
    /// negative dot that has no name of its own, `negative-difference-2`, and the leap of a
    /// leaper without one, `anti-leaper-2-2`).
    pub fn global_name(&self) -> String {
        match self {
            Rule::Negative(dot) if !dot.is_classic() => format!("{}-{}", self.name(), dot.number()),
            Rule::NegativeCombined(relation) => format!("negative-{relation}"),
            Rule::AntiLeaper([a, b]) if self.name() == "anti-leaper" => {
                format!("anti-leaper-{a}-{b}")
            }
            rule => rule.name().to_string(),
        }
    }

    /// Whether a dot of `dot`'s family among `rules` lies between `a` and `b` (negative rules
    /// and non-consecutive leave such pairs alone).
    pub fn is_marked(rules: &[Rule], a: Cell, b: Cell, dot: Dot) -> bool {
        rules.iter().any(|rule| match rule {
            Rule::Dot { cells, dot: other } => other.same_family(dot) && joins(*cells, a, b),
            Rule::CombinedDot { cells, relation } => {
                relation.marks_family(dot) && joins(*cells, a, b)
            }
            _ => false,
        })
    }

    /// Whether any dot among `rules`, of any kind, lies between `a` and `b` (a negative
    /// combined rule leaves such pairs alone).
    pub fn has_dot(rules: &[Rule], a: Cell, b: Cell) -> bool {
        rules.iter().any(|rule| match rule {
            Rule::Dot { cells, .. } | Rule::CombinedDot { cells, .. } => joins(*cells, a, b),
            _ => false,
        })
    }

    /// Whether `cell` is an extremum of the same kind (minimum or maximum) among `rules`:
    /// two maxima (or minima) side by side do not compare.
    pub fn is_extremum(rules: &[Rule], cell: Cell, maximum: bool) -> bool {
        rules.contains(&Rule::Extremum { cell, maximum })
    }

    /// The digits the [`Rule::Candidates`] among `rules` leave `cell` (all of them together),
    /// or `None` when none names it.
    pub fn candidates_of(rules: &[Rule], cell: Cell) -> Option<DigitSet> {
        let mut marked = rules.iter().filter_map(|rule| match rule {
            Rule::Candidates { cell: at, digits } if *at == cell => Some(*digits),
            _ => None,
        });
        let first = marked.next()?;
        Some(marked.fold(first, DigitSet::intersection))
    }

    /// Whether the rule holds on the whole grid, so that `rules:` names it (rules with cells
    /// have their own sections and lines).
    pub fn is_global(&self) -> bool {
        self.cells().is_empty()
    }

    /// The cells the rule speaks of, in its order (empty for global rules; equal totals list
    /// their lines one after the other, a cell where two lines cross once per line).
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Rule::Even(cells)
            | Rule::Odd(cells)
            | Rule::Renban(cells)
            | Rule::RegionSum(cells)
            | Rule::Palindrome(cells)
            | Rule::Between(cells)
            | Rule::ExtraRegion(cells)
            | Rule::Entropic(cells)
            | Rule::Modular(cells)
            | Rule::ParityLine(cells)
            | Rule::Sequence(cells)
            | Rule::CountingCircles(cells)
            | Rule::DoubleArrow(cells)
            | Rule::DifferencesCount(cells)
            | Rule::Zipper(cells) => cells.clone(),
            Rule::Killer { cells, .. }
            | Rule::Sandwich { cells, .. }
            | Rule::XSum { cells, .. }
            | Rule::Skyscraper { cells, .. }
            | Rule::Indexer { cells, .. }
            | Rule::Thermo { cells, .. }
            | Rule::LittleKiller { cells, .. }
            | Rule::Quadruple { cells, .. }
            | Rule::NumberedRoom { cells, .. }
            | Rule::LookAndSay { cells, .. }
            | Rule::Rellik { cells, .. } => cells.clone(),
            Rule::Whispers { line, .. }
            | Rule::Lockout { line, .. }
            | Rule::SumLine { line, .. } => line.clone(),
            Rule::Arrow { pill, line } => pill.iter().chain(line).copied().collect(),
            Rule::Clone { cells, copy } => cells.iter().chain(copy).copied().collect(),
            Rule::Dot { cells, .. } | Rule::CombinedDot { cells, .. } | Rule::Greater(cells) => {
                cells.to_vec()
            }
            Rule::Extremum { cell, .. } | Rule::Candidates { cell, .. } => vec![*cell],
            Rule::EqualTotals { lines, .. } => lines.concat(),
            Rule::DisjointGroups
            | Rule::MainDiagonal
            | Rule::AntiDiagonal
            | Rule::AntiKing
            | Rule::AntiKnight
            | Rule::NonConsecutive
            | Rule::AntiLeaper(_)
            | Rule::AntiTaxicab
            | Rule::SameDigits
            | Rule::Negative(_)
            | Rule::NegativeCombined(_) => Vec::new(),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The dot of a negative rule named with its number (`negative-difference-2`,
/// `negative-ratio-3`, `negative-sum-7`).
fn negative_dot(name: &str) -> Option<Dot> {
    let rest = name.strip_prefix("negative-")?;
    let (key, number) = rest.rsplit_once('-')?;
    let dot = Dot::from_key(key, Some(number.parse().ok()?))?;
    (dot.number() >= dot.least()).then_some(dot)
}

/// The relation of a negative combined rule's name (`negative-x|v`): a relation that is
/// not a single dot's.
fn negative_combined(name: &str) -> Option<DotRelation> {
    let relation = DotRelation::from_name(name.strip_prefix("negative-")?)?;
    relation.dot().is_none().then_some(relation)
}

/// Whether the pair `cells` joins `a` and `b`, in either order.
fn joins(cells: [Cell; 2], a: Cell, b: Cell) -> bool {
    cells == [a, b] || cells == [b, a]
}

/// The leaper of a name `anti-leaper-A-B` (A and B from 1, in either order): the king's and
/// the knight's leaps are [`Rule::AntiKing`] and [`Rule::AntiKnight`].
fn leaper(name: &str) -> Option<Rule> {
    let (a, b) = name.strip_prefix("anti-leaper-")?.split_once('-')?;
    let (a, b): (usize, usize) = (a.parse().ok()?, b.parse().ok()?);
    let leap = [a.min(b), a.max(b)];
    Some(match leap {
        [0, _] => return None,
        [1, 1] => Rule::AntiKing,
        [1, 2] => Rule::AntiKnight,
        leap => Rule::AntiLeaper(leap),
    })
}

/// The words of `text` split at commas and white space, with their byte offsets.
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split([',', ' ', '\t'])
        .scan(0, |offset, word| {
            let start = *offset;
            *offset += word.len() + 1;
            Some((start, word))
        })
        .filter(|(_, word)| !word.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_expand() {
        let rules = Rule::from_list("miracle, diagonal+").unwrap();
        let names: Vec<_> = rules.iter().map(Rule::name).collect();
        assert_eq!(names, ["anti-king", "anti-knight", "non-consecutive", "diagonal+"]);
        assert_eq!(Rule::from_list("classic").unwrap(), vec![]);
    }

    #[test]
    fn unknown_names_point_at_themselves() {
        assert_eq!(Rule::from_list("diagonal, sandwich"), Err((10, "sandwich".to_string())));
    }

    #[test]
    fn leapers_are_named_by_their_leap() {
        let rules = Rule::from_list("anti-camel anti-leaper-4-1 anti-leaper-2-1 anti-leaper-3-3");
        let rules = rules.unwrap();
        assert_eq!(
            rules,
            [
                Rule::AntiLeaper([1, 3]),
                Rule::AntiLeaper([1, 4]),
                Rule::AntiKnight,
                Rule::AntiLeaper([3, 3])
            ]
        );
        let names: Vec<String> = rules.iter().map(Rule::global_name).collect();
        assert_eq!(names, ["anti-camel", "anti-giraffe", "anti-knight", "anti-leaper-3-3"]);
        assert_eq!(Rule::from_name("anti-leaper-0-2"), None);
        assert_eq!(Rule::from_name("anti-leaper-x-2"), None);
    }

    #[test]
    fn every_listed_name_is_known() {
        for (name, _) in RULE_NAMES {
            assert!(Rule::from_name(name).is_some(), "{name}");
        }
    }
}
