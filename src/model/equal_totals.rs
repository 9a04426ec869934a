//! Equal totals: lines (little-killer diagonals marked by arrows without a number) whose
//! digits all add up to, or multiply to, one total the puzzle does not give. The totals a line
//! can reach, cell by cell, are what the lowering, the logic engine and the shape check share.

use std::collections::BTreeSet;

/// How a line's digits make its total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Total {
    /// The digits add up.
    Sum,
    /// The digits multiply.
    Product,
}

/// The most totals a product line may reach: past this the totals a line reaches are too
/// many to name one by one (a 9-cell diagonal of 1 to 9 reaches 3,025 products; a 12-cell
/// one of 1 to 12, 38,402).
pub const MAX_TOTALS: usize = 10_000;

impl Total {
    /// The total's word: `sum` or `product`.
    pub fn word(self) -> &'static str {
        match self {
            Total::Sum => "sum",
            Total::Product => "product",
        }
    }

    /// The word of the rule's name: `sums` or `products` (`equal-sums`).
    pub fn plural(self) -> &'static str {
        match self {
            Total::Sum => "sums",
            Total::Product => "products",
        }
    }

    /// The total of no digits: 0 for a sum, 1 for a product.
    pub fn empty(self) -> u128 {
        match self {
            Total::Sum => 0,
            Total::Product => 1,
        }
    }

    /// `total` with one more digit of value `digit`; `None` past `u128`.
    pub fn with(self, total: u128, digit: usize) -> Option<u128> {
        match self {
            Total::Sum => total.checked_add(digit as u128),
            Total::Product => total.checked_mul(digit as u128),
        }
    }

    /// The total of `digits` (values).
    pub fn of(self, digits: &[usize]) -> Option<u128> {
        digits.iter().try_fold(self.empty(), |total, &digit| self.with(total, digit))
    }

    /// The totals of the first k cells, for k from 0 to the line's length, when cell i holds
    /// one of `domains[i]` (values); `None` when some set passes [`MAX_TOTALS`] (or `u128`).
    pub fn prefixes(self, domains: &[Vec<usize>]) -> Option<Vec<BTreeSet<u128>>> {
        let mut sets = vec![BTreeSet::from([self.empty()])];
        for domain in domains {
            let last = sets.last().expect("the empty prefix");
            let mut next = BTreeSet::new();
            for &total in last {
                for &digit in domain {
                    next.insert(self.with(total, digit)?);
                }
            }
            if next.len() > MAX_TOTALS {
                return None;
            }
            sets.push(next);
        }
        Some(sets)
    }

    /// The totals every line reaches (each line given by its cells' `domains`); `None` when
    /// a line's totals pass [`MAX_TOTALS`].
    pub fn common(self, lines: &[Vec<Vec<usize>>]) -> Option<BTreeSet<u128>> {
        let mut common: Option<BTreeSet<u128>> = None;
        for line in lines {
            let reached = self.prefixes(line)?.pop().expect("the whole line");
            common = Some(match common {
                None => reached,
                Some(before) => before.intersection(&reached).copied().collect(),
            });
        }
        Some(common.unwrap_or_default())
    }

    /// The partial totals of a line (its cells' `domains`) that lead to one of `targets`: for
    /// k from 0 to the line's length, the totals of the first k cells from which the other
    /// cells can still reach a target (forwards what the first cells reach, then backwards
    /// what leads on); `None` past [`MAX_TOTALS`].
    pub fn alive(
        self,
        domains: &[Vec<usize>],
        targets: &BTreeSet<u128>,
    ) -> Option<Vec<BTreeSet<u128>>> {
        let mut alive = self.prefixes(domains)?;
        alive[domains.len()].retain(|v| targets.contains(v));
        for k in (0..domains.len()).rev() {
            let (before, after) = alive.split_at_mut(k + 1);
            before[k].retain(|&u| domains[k].iter().any(|&d| self.leads(u, d, &after[0])));
        }
        Some(alive)
    }

    /// For each cell of a line (its `domains`), the digits of its domain that some filling of
    /// the line with a total in `targets` uses; `None` past [`MAX_TOTALS`].
    pub fn supported(
        self,
        domains: &[Vec<usize>],
        targets: &BTreeSet<u128>,
    ) -> Option<Vec<Vec<usize>>> {
        let alive = self.alive(domains, targets)?;
        let kept = domains.iter().enumerate().map(|(k, domain)| {
            let fits = |d: &usize| alive[k].iter().any(|&u| self.leads(u, *d, &alive[k + 1]));
            domain.iter().copied().filter(fits).collect()
        });
        Some(kept.collect())
    }

    /// Whether `total` with the digit `digit` is one of `next`.
    pub fn leads(self, total: u128, digit: usize, next: &BTreeSet<u128>) -> bool {
        self.with(total, digit).is_some_and(|v| next.contains(&v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_totals_are_those_every_line_reaches() {
        let all = vec![1, 2, 3, 4];
        // Two cells reach products 1..16 of two digits; one cell only 1 to 4.
        let common = Total::Product.common(&[vec![all.clone(), all.clone()], vec![all.clone()]]);
        assert_eq!(common.unwrap().into_iter().collect::<Vec<_>>(), [1, 2, 3, 4]);
        let sums = Total::Sum.common(&[vec![all.clone(), all.clone()], vec![vec![4]]]);
        assert_eq!(sums.unwrap().into_iter().collect::<Vec<_>>(), [4]);
    }

    #[test]
    fn digits_that_reach_no_target_are_unsupported() {
        let all = vec![1, 2, 3, 4];
        let targets = BTreeSet::from([12]);
        let supported = Total::Product.supported(&[all.clone(), all.clone()], &targets).unwrap();
        assert_eq!(supported, [vec![3, 4], vec![3, 4]]);
        let targets = BTreeSet::from([2]);
        let supported = Total::Sum.supported(&[all.clone(), all], &targets).unwrap();
        assert_eq!(supported, [vec![1], vec![1]]);
    }

    #[test]
    fn long_product_lines_pass_the_limit() {
        let all: Vec<usize> = (1..=16).collect();
        assert!(Total::Product.prefixes(&vec![all.clone(); 16]).is_none());
        assert!(Total::Product.prefixes(&vec![(1..=9).collect(); 9]).is_some());
        assert!(Total::Sum.prefixes(&vec![all; 16]).is_some());
    }
}
