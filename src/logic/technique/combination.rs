//! The search naked and hidden subsets and fish share: k items whose bit masks join into at
//! most k bits (k cells with k digits, k digits in k places, k base houses in k covers).

/// The first `size` items, in order, whose masks' union has at most `size` bits and for which
/// `accept` (given the chosen items and the union) returns something.
pub(super) fn first<T: Copy, R>(
    items: &[(T, u64)],
    size: usize,
    accept: &mut dyn FnMut(&[T], u64) -> Option<R>,
) -> Option<R> {
    extend(items, size, 0, 0, &mut Vec::with_capacity(size), accept)
}

/// Extends `chosen` with items from `from` on while their union stays within `size` bits.
fn extend<T: Copy, R>(
    items: &[(T, u64)],
    size: usize,
    from: usize,
    union: u64,
    chosen: &mut Vec<T>,
    accept: &mut dyn FnMut(&[T], u64) -> Option<R>,
) -> Option<R> {
    if chosen.len() == size {
        return accept(chosen, union);
    }
    for index in from..items.len() {
        let joined = union | items[index].1;
        if joined.count_ones() as usize > size {
            continue;
        }
        chosen.push(items[index].0);
        let found = extend(items, size, index + 1, joined, chosen, accept);
        chosen.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    #[test]
    fn finds_the_first_items_within_the_bound_that_are_accepted() {
        let items = [('a', 0b011), ('b', 0b110), ('c', 0b001), ('d', 0b010)];
        let pairs = super::first(&items, 2, &mut |chosen, union| {
            (chosen != ['a', 'c']).then(|| (chosen.to_vec(), union))
        });
        assert_eq!(pairs, Some((vec!['a', 'd'], 0b011)));
        assert_eq!(super::first(&items, 3, &mut |_, _| Some(())), Some(()));
        assert_eq!(super::first(&items[..2], 1, &mut |_, _| Some(())), None);
    }
}
