//! Tests of the vicinity search: reproducible, never worse than its seeds, checked seeds,
//! disjoint shards, streaming, limits, and the fewest-givens objective.

use super::*;
use crate::engine::minimise::{MinimiseOptions, minimise};

fn template(rules: &str, size: usize) -> Puzzle {
    format!("rules: {rules}\n{}", ".".repeat(size * size)).parse().unwrap()
}

fn lines(found: &[Found]) -> Vec<String> {
    found.iter().map(|f| f.puzzle.to_line()).collect()
}

/// The one-line forms of `found`, sorted.
fn sorted_lines(found: &[Found]) -> Vec<String> {
    let mut lines = lines(found);
    lines.sort();
    lines
}

/// Every puzzle reported, in order, and the search.
fn streamed(
    template: &Puzzle,
    seeds: &[Puzzle],
    options: &HardOptions,
) -> (Vec<Found>, HardSearch) {
    let mut found = Vec::new();
    let mut report = |report: Report| {
        if let Report::Found(puzzle) = report {
            found.push(puzzle.clone());
        }
    };
    let search = match search(template, seeds, options, &backtrack_score, &mut report) {
        Err(HardError::ScoreNotReached { search, .. }) => *search,
        result => result.unwrap(),
    };
    (found, search)
}

fn assert_unique_and_minimal(puzzle: &Puzzle) {
    assert!(crate::count_up_to(puzzle, 2).unwrap().is_unique(), "{}", puzzle.to_line());
    let again = minimise(puzzle, &MinimiseOptions::new()).unwrap().puzzle;
    assert_eq!(again.givens(), puzzle.givens(), "not minimal: {}", puzzle.to_line());
}

#[test]
fn the_search_is_reproducible_whatever_the_threads_and_never_worse_than_its_seeds() {
    let template = template("classic", 9);
    let options = HardOptions::new().seed(3).max_attempts(40).wanted(3);
    let on = |threads| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| search(&template, &[], &options, &backtrack_score, |_| {}).unwrap())
    };
    let (one, two) = (on(1), on(2));
    assert_eq!(lines(&one.best), lines(&two.best));
    assert_eq!((one.attempts, one.rated), (40, two.rated));
    assert!(one.best[0].score.order(&one.seed_score).is_ge());
    for found in &one.best {
        assert_eq!(found.score, Score::screened(backtrack_score(&found.puzzle)));
        assert_unique_and_minimal(&found.puzzle);
    }
    assert!(one.best.windows(2).all(|w| w[0].score.order(&w[1].score).is_ge()));
}

#[test]
fn the_first_seed_is_plain_generation() {
    use crate::engine::generate::generate;
    let template = template("classic", 6);
    let options = HardOptions::new().seed(4).self_seeds(1).max_attempts(1).wanted(100);
    let hard = search(&template, &[], &options, &backtrack_score, |_| {}).unwrap();
    let plain = generate(&template, 0, &GenerateOptions::new().seed(4)).unwrap().puzzle;
    assert!(hard.best.iter().any(|f| f.puzzle.givens() == plain.givens() && f.attempt == 0));
}

#[test]
fn new_puzzles_from_the_callers_seeds_are_unique_minimal_and_never_a_seed() {
    let template = template("diagonal", 6);
    let seeds: Vec<Puzzle> = (0..3)
        .map(|i| {
            let plain = crate::engine::generate::generate(&template, i, &GenerateOptions::new());
            plain.unwrap().puzzle
        })
        .collect();
    let options = HardOptions::new().max_attempts(30).min_score(Some(f64::MIN)).wanted(1000);
    let (found, hard) = streamed(&template, &seeds, &options);
    assert_eq!(found.len(), hard.found);
    assert!(!found.is_empty());
    for puzzle in &found {
        assert!(seeds.iter().all(|seed| seed.givens() != puzzle.puzzle.givens()));
        assert_unique_and_minimal(&puzzle.puzzle);
    }
}

#[test]
fn seeds_that_are_not_unique_or_follow_other_rules_are_refused_with_their_number() {
    let template = template("classic", 4);
    let plain = crate::engine::generate::generate(&template, 0, &GenerateOptions::new());
    let good = plain.unwrap().puzzle;
    let open = template.clone();
    let options = HardOptions::new();
    let error = search(&template, &[good.clone(), open], &options, &backtrack_score, |_| {});
    let error = error.unwrap_err();
    assert!(matches!(error, HardError::SeedNotUnique { index: 1, solutions: 2 }), "{error}");
    assert_eq!(
        error.to_string(),
        "seed puzzle 2 is not unique: expected 1 solution, found several"
    );
    let diagonal: Puzzle = format!("rules: diagonal\n{}", good.to_line()).parse().unwrap();
    let error = search(&template, &[good, diagonal], &options, &backtrack_score, |_| {});
    assert!(matches!(error.unwrap_err(), HardError::SeedRules { index: 1 }));
}

#[test]
fn every_move_belongs_to_one_shard_and_the_moves_of_a_parent_spread_over_them() {
    let parent =
        crate::engine::generate::generate(&template("classic", 9), 0, &GenerateOptions::new());
    let parent = parent.unwrap().puzzle;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut per_shard = [0; 3];
    for _ in 0..300 {
        let hash = Move::plan(&parent, 2, 2, &mut rng).hash(&parent);
        let owners: Vec<u64> = (1..=3).filter(|&k| Shard::new(k, 3).unwrap().holds(hash)).collect();
        let [owner] = owners[..] else { panic!("{owners:?}") };
        per_shard[owner as usize - 1] += 1;
    }
    assert!(per_shard.iter().all(|&n| (60..=140).contains(&n)), "{per_shard:?}");
}

#[test]
fn a_shard_makes_only_its_own_moves_and_keeps_every_candidate_they_make() {
    let template = template("classic", 6);
    let search_of = |shard| {
        let options = HardOptions::new()
            .seed(2)
            .max_attempts(40)
            .min_score(Some(f64::MIN))
            .wanted(1000)
            .shard(shard);
        streamed(&template, &[], &options)
    };
    let (_, whole) = search_of(Shard::default());
    let (one, first) = search_of(Shard::new(1, 2).unwrap());
    let (two, second) = search_of(Shard::new(2, 2).unwrap());
    // Each shard makes its 40 attempts from its own moves, and keeps about as many candidates
    // as the whole neighbourhood's search (it used to drop the other shard's half).
    for part in [&first, &second] {
        assert_eq!(part.attempts, 40);
        assert!(part.rated * 3 >= whole.rated * 2, "{} of {}", part.rated, whole.rated);
    }
    // The seeds it made are reported by their own shard only.
    let seeds = |found: &[Found]| {
        lines(&found.iter().filter(|f| f.attempt == 0).cloned().collect::<Vec<_>>())
    };
    let (one_seeds, two_seeds) = (seeds(&one), seeds(&two));
    assert_eq!(one_seeds.len() + two_seeds.len(), 4);
    assert!(one_seeds.iter().all(|line| !two_seeds.contains(line)));
    assert_ne!(lines(&one), lines(&two));
}

#[test]
fn lanes_are_the_shards_side_by_side_merged_and_the_same_every_time() {
    let template = template("classic", 6);
    let options =
        HardOptions::new().seed(2).max_attempts(41).min_score(Some(f64::MIN)).wanted(1000);
    let (found, lanes) = streamed(&template, &[], &options.clone().lanes(2));
    let (again, same) = streamed(&template, &[], &options.clone().lanes(2));
    // The lanes' finds interleave as they come; the puzzles, and the best, are the same.
    assert_eq!(sorted_lines(&found), sorted_lines(&again));
    assert_eq!(lines(&lanes.best), lines(&same.best));
    // Shards 1/2 (21 attempts) and 2/2 (20), merged: each puzzle once.
    let shard = |k, attempts| {
        let shard = Shard::new(k, 2).unwrap();
        streamed(&template, &[], &options.clone().shard(shard).max_attempts(attempts))
    };
    let ((one, first), (two, second)) = (shard(1, 21), shard(2, 20));
    let mut merged = [lines(&one), lines(&two)].concat();
    merged.sort();
    merged.dedup();
    assert_eq!(sorted_lines(&found), merged);
    assert_eq!((lanes.found, lanes.attempts), (found.len(), 41));
    assert_eq!(lanes.rated, first.rated + second.rated);
    assert!(lanes.best.windows(2).all(|w| w[0].score.order(&w[1].score).is_ge()));
}

#[test]
fn each_lane_scores_on_a_thread_of_its_own_and_they_stop_when_enough_are_found() {
    let template = template("classic", 6);
    let threads = std::sync::Mutex::new(HashSet::new());
    let scorer = |puzzle: &Puzzle| {
        threads.lock().unwrap().insert(std::thread::current().id());
        backtrack_score(puzzle)
    };
    let options = HardOptions::new().seed(1).max_attempts(80).lanes(2);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let hard = pool.install(|| search(&template, &[], &options, &scorer, |_| {})).unwrap();
    assert_eq!(hard.attempts, 80);
    // The seeds on the pool's one thread, each lane's candidates on its own.
    assert_eq!(threads.into_inner().unwrap().len(), 3);
    let enough = options.max_attempts(usize::MAX).min_score(Some(f64::MIN)).wanted(7);
    let (found, hard) = streamed(&template, &[], &enough);
    assert_eq!((found.len(), hard.found), (7, 7));
    let mut distinct = sorted_lines(&found);
    distinct.dedup();
    assert_eq!(distinct.len(), 7, "each puzzle once");
}

#[test]
fn puzzles_are_reported_as_soon_as_they_reach_the_score() {
    let template = template("classic", 6);
    let options = HardOptions::new().max_attempts(200).min_score(Some(f64::MIN)).wanted(5);
    let mut events = Vec::new();
    let mut report = |report: Report| {
        events.push(matches!(report, Report::Found(_)));
    };
    let hard = search(&template, &[], &options, &backtrack_score, &mut report).unwrap();
    // The four seeds are found before the first batch, the fifth in it, each reported as it
    // is scored; then the batch's progress, and the search stops.
    assert_eq!(hard.found, 5);
    assert_eq!(hard.attempts, BATCH);
    assert_eq!(events, [true, true, true, true, true, false]);
}

#[test]
fn an_unreachable_score_returns_what_the_search_did_as_an_error() {
    let template = template("classic", 4);
    let options = HardOptions::new().max_attempts(5).min_score(Some(1e9));
    let error = search(&template, &[], &options, &backtrack_score, |_| {}).unwrap_err();
    let HardError::ScoreNotReached { search, .. } = error else { panic!("{error}") };
    assert_eq!((search.attempts, search.found), (5, 0));
}

#[test]
fn a_limit_ends_the_search_with_the_best_so_far_or_an_error() {
    let template = template("classic", 9);
    let options = HardOptions::new().max_attempts(usize::MAX);
    let soon = Limits::new().timeout(Duration::from_millis(300));
    let hard = try_search(&template, &[], &options, &backtrack_score, |_| {}, &soon).unwrap();
    assert_eq!(hard.stopped, Some(Stop::Timeout));
    assert!(!hard.best.is_empty());
    let past = Limits::new().timeout(Duration::ZERO);
    let error = try_search(&template, &[], &options, &backtrack_score, |_| {}, &past).unwrap_err();
    let HardError::Solve(error) = error else { panic!("{error}") };
    assert_eq!(error.stop(), Some(Stop::Timeout));
}

#[test]
fn the_fewest_givens_search_reaches_the_4x4_bound_of_4() {
    // A unique 4×4 classic puzzle needs 4 givens, and 4 suffice.
    let template = template("classic", 4);
    let options = HardOptions::new().seed(1).max_attempts(2000).min_score(Some(-4.0));
    let hard = search(&template, &[], &options, &fewest_givens, |_| {}).unwrap();
    assert_eq!(hard.best[0].puzzle.givens().filled_count(), 4);
    assert_unique_and_minimal(&hard.best[0].puzzle);
}

#[test]
fn a_stale_pool_restarts_from_its_best() {
    let template = template("classic", 6);
    let options = HardOptions::new().seed(5).max_attempts(60).restart_after(Some(3));
    let hard = search(&template, &[], &options, &backtrack_score, |_| {}).unwrap();
    assert!(hard.restarts >= 1, "{hard:?}");
    let never = options.restart_after(None);
    assert_eq!(search(&template, &[], &never, &backtrack_score, |_| {}).unwrap().restarts, 0);
}

#[test]
fn the_time_limit_reaches_a_slow_scorer_and_ends_the_search_normally() {
    let template = template("classic", 6);
    // Scores the seeds at once (they are scored without a deadline), and every candidate
    // only when its deadline passes: the search ends only if the scorer sees `--time`.
    let slow = TwoStage {
        screen: |_: &Puzzle, limits: &Limits| {
            limits.get_deadline().is_none().then_some(Score::screened(1.0))
        },
        judge: |_: &Puzzle, limits: &Limits| {
            while limits.reached().is_none() {
                std::thread::sleep(Duration::from_millis(5));
            }
            9.0
        },
    };
    let options =
        HardOptions::new().max_attempts(usize::MAX).time_limit(Some(Duration::from_millis(300)));
    let hard = search(&template, &[], &options, &slow, |_| {}).unwrap();
    // The batch the deadline cut is dropped: the best are the seeds, and no stop is reported.
    assert_eq!((hard.stopped, hard.rated), (None, 0));
    assert!(hard.attempts > 0 && hard.best.iter().all(|f| f.attempt == 0), "{hard:?}");
}

#[test]
fn the_fewest_givens_search_with_its_sweeps_is_reproducible_and_prints_minimal_puzzles() {
    // Three moves in four are sweeps on anti-knight rules (0.1 s each): few attempts.
    let template = template("anti-knight", 9);
    let options = HardOptions::new().seed(2).max_attempts(24).wanted(3).moves(Moves::Fewer);
    let run = || search(&template, &[], &options, &fewest_givens, |_| {}).unwrap();
    let (one, two) = (run(), run());
    assert_eq!(lines(&one.best), lines(&two.best));
    assert!(one.best[0].score.order(&one.seed_score).is_gt(), "no fewer givens than the seeds");
    for found in &one.best {
        assert_unique_and_minimal(&found.puzzle);
    }
}
