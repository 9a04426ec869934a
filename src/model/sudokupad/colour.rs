//! Colours of SudokuPad drawings (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`) and the plain
//! names a rules text calls them by ("the green line", "grey circles").

use serde_json::Value;

/// A colour; fully transparent when unsaid or unreadable.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Colour {
    /// Red, green, blue, 0 to 255.
    pub rgb: (u8, u8, u8),
    /// Opacity from 0 (invisible) to 255.
    pub alpha: u8,
}

/// Colour families, with the words a rules text may use for each.
const FAMILIES: [(&str, &[&str]); 12] = [
    ("white", &["white"]),
    ("black", &["black"]),
    ("grey", &["grey", "gray", "silver"]),
    ("red", &["red", "crimson", "maroon"]),
    ("orange", &["orange", "amber", "peach", "apricot"]),
    ("yellow", &["yellow", "gold", "golden"]),
    ("green", &["green", "lime"]),
    ("cyan", &["cyan", "teal", "turquoise", "aqua", "light blue", "light-blue"]),
    ("blue", &["blue", "navy"]),
    ("purple", &["purple", "violet", "lavender", "lilac", "indigo", "magenta"]),
    ("pink", &["pink", "magenta", "fuchsia", "purple"]),
    ("brown", &["brown"]),
];

impl Colour {
    /// The colour a JSON value spells (a `#...` string), transparent otherwise.
    pub fn from_json(value: Option<&Value>) -> Colour {
        value.and_then(Value::as_str).and_then(Colour::parse).unwrap_or(Colour::NONE)
    }

    /// The family names, as [`Colour::name`] gives them.
    pub const FAMILY_NAMES: [&'static str; 12] = [
        "white", "black", "grey", "red", "orange", "yellow", "green", "cyan", "blue", "purple",
        "pink", "brown",
    ];

    /// No colour.
    pub const NONE: Colour = Colour { rgb: (0, 0, 0), alpha: 0 };

    /// Parses `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`.
    pub fn parse(text: &str) -> Option<Colour> {
        let hex = text.trim().strip_prefix('#')?;
        let digit = |i: usize| u8::from_str_radix(hex.get(i..=i)?, 16).ok();
        let pair = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
        let (r, g, b, a) = match hex.len() {
            3 | 4 => (
                digit(0)? * 17,
                digit(1)? * 17,
                digit(2)? * 17,
                if hex.len() == 4 { digit(3)? * 17 } else { 255 },
            ),
            6 | 8 => (pair(0)?, pair(2)?, pair(4)?, if hex.len() == 8 { pair(6)? } else { 255 }),
            _ => return None,
        };
        Some(Colour { rgb: (r, g, b), alpha: a })
    }

    /// Whether it can be seen at all.
    pub fn visible(self) -> bool {
        self.alpha > 24
    }

    /// The family name: `green`, `grey`, ... (`none` when invisible).
    pub fn name(self) -> &'static str {
        if !self.visible() {
            return "none";
        }
        let (r, g, b) = self.rgb;
        let (r, g, b) = (f64::from(r) / 255.0, f64::from(g) / 255.0, f64::from(b) / 255.0);
        let max = r.max(g).max(b);
        let min = r.min(g).min(b);
        let light = (max + min) / 2.0;
        let chroma = max - min;
        if chroma < 0.12 {
            return match light {
                l if l > 0.9 => "white",
                l if l < 0.2 => "black",
                _ => "grey",
            };
        }
        let hue = if max == r {
            60.0 * ((g - b) / chroma).rem_euclid(6.0)
        } else if max == g {
            60.0 * ((b - r) / chroma + 2.0)
        } else {
            60.0 * ((r - g) / chroma + 4.0)
        };
        match hue {
            h if !(15.0..345.0).contains(&h) => "red",
            h if h < 45.0 && light < 0.45 => "brown",
            h if h < 45.0 => "orange",
            h if h < 70.0 => "yellow",
            h if h < 160.0 => "green",
            h if h < 200.0 => "cyan",
            h if h < 255.0 => "blue",
            h if h < 290.0 => "purple",
            _ => "pink",
        }
    }

    /// The families a sentence names by their words (`green`, `purple` and `pink`, ...).
    pub fn families_in(sentence: &str) -> Vec<&'static str> {
        FAMILIES
            .iter()
            .filter(|(_, words)| words.iter().any(|word| super::text::has_word(sentence, word)))
            .map(|(family, _)| *family)
            .collect()
    }

    /// The colours a sentence spells out (`a grey (#808080) line`), as [`Colour::parse`]
    /// reads them.
    pub fn written_in(sentence: &str) -> Vec<Colour> {
        let words = sentence.split(|c: char| !(c.is_ascii_alphanumeric() || c == '#'));
        words.filter(|word| word.starts_with('#')).filter_map(Colour::parse).collect()
    }

    /// The words a rules text may call this colour by.
    pub fn words(self) -> &'static [&'static str] {
        words_of(self.name())
    }
}

/// The first answer `find` gives for the words of `family`, then for those of each family
/// next to it, whose words setters also use for it (a cyan line called blue, a pink one
/// lavender, a lavender one blue or purple).
pub fn by_family_words<T>(
    family: &str,
    find: impl FnMut(&'static [&'static str]) -> Option<T>,
) -> Option<T> {
    let near = NEAR.iter().filter(|(a, _)| *a == family).map(|(_, b)| *b);
    std::iter::once(family).chain(near).map(words_of).find_map(find)
}

/// The family next to `family` on the colour wheel that rules texts confuse it with.
pub fn near_family(family: &str) -> Option<&'static str> {
    NEAR.iter().find(|(a, _)| *a == family).map(|(_, b)| *b)
}

/// Families a rules text may name for each other, the nearer first.
const NEAR: [(&str, &str); 5] = [
    ("cyan", "blue"),
    ("blue", "cyan"),
    ("blue", "purple"),
    ("pink", "purple"),
    ("purple", "pink"),
];

/// The words of a family.
fn words_of(family: &str) -> &'static [&'static str] {
    FAMILIES.iter().find(|(name, _)| *name == family).map_or(&[], |(_, words)| words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_named_as_a_rules_text_would() {
        let name = |text: &str| Colour::parse(text).unwrap().name();
        assert_eq!(name("#67f067ff"), "green");
        assert_eq!(name("#CFCFCF"), "grey");
        assert_eq!(name("#cccf"), "grey");
        assert_eq!(name("#f067f0"), "pink");
        assert_eq!(name("#000"), "black");
        assert_eq!(name("#FFFFFF"), "white");
        assert_eq!(name("#2ecbff"), "cyan");
        assert_eq!(name("#1e90ff"), "blue");
        assert_eq!(name("#c060f0"), "purple");
        assert_eq!(Colour::parse("#fff0").unwrap().name(), "none");
        assert!(Colour::parse("red").is_none());
    }
}
