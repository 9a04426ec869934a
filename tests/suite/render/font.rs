//! Glyph outlines from a TrueType font file, for drawing the pictures' text: the few tables a
//! left-to-right line of digits and letters needs (`cmap` format 4, `hmtx`, `loca`, `glyf`
//! with simple and composite glyphs), read in place; no hinting, kerning or shaping.
//! Reference: the OpenType specification, <https://learn.microsoft.com/typography/opentype/spec/>.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::raster::Point;

/// A TrueType font: its file's bytes and where its tables are.
pub(super) struct Font {
    data: Vec<u8>,
    units_per_em: f64,
    long_offsets: bool,
    metrics: u16,
    cmap: usize,
    hmtx: usize,
    loca: usize,
    glyf: usize,
}

/// The tables a glyph's outline and advance come from.
const TABLES: [&[u8; 4]; 6] = [b"head", b"hhea", b"cmap", b"hmtx", b"loca", b"glyf"];

impl Font {
    /// The font in `path`, or `None` when the file is absent or not a TrueType font with the
    /// tables above.
    pub(super) fn load(path: &Path) -> Option<Font> {
        Font::parse(fs::read(path).ok()?)
    }

    fn parse(data: Vec<u8>) -> Option<Font> {
        let tables = read_u16(&data, 4)? as usize;
        let table = |tag: &[u8; 4]| {
            (0..tables).map(|i| 12 + 16 * i).find_map(|record| {
                let found = data.get(record..record + 4)? == tag;
                found.then(|| read_u32(&data, record + 8)).flatten().map(|at| at as usize)
            })
        };
        let [head, hhea, cmap, hmtx, loca, glyf] = TABLES.map(table);
        let (head, hhea) = (head?, hhea?);
        Some(Font {
            units_per_em: f64::from(read_u16(&data, head + 18)?),
            long_offsets: read_u16(&data, head + 50)? == 1,
            metrics: read_u16(&data, hhea + 34)?,
            cmap: unicode_subtable(&data, cmap?)?,
            hmtx: hmtx?,
            loca: loca?,
            glyf: glyf?,
            data,
        })
    }

    /// The outline of `text` set `size` pixels tall, centred on `x` with its baseline at `y`
    /// (y down, as in the picture): closed contours, filled by the non-zero rule.
    pub(super) fn outline(&self, text: &str, size: f64, (x, y): Point) -> Vec<Vec<Point>> {
        let scale = size / self.units_per_em;
        let glyphs: Vec<u16> = text.chars().map(|c| self.glyph(c)).collect();
        let width: f64 = glyphs.iter().map(|&g| self.advance(g)).sum::<f64>() * scale;
        let mut pen = x - width / 2.0;
        let mut contours = Vec::new();
        for glyph in glyphs {
            let place = |(u, v): Point| (pen + u * scale, y - v * scale);
            let mut outline = Vec::new();
            self.contours(glyph, Transform::IDENTITY, 0, &mut outline);
            contours.extend(outline.iter().map(|c| flatten(c).into_iter().map(place).collect()));
            pen += self.advance(glyph) * scale;
        }
        contours
    }

    /// The glyph of a character (0, the missing glyph, when the font has none).
    fn glyph(&self, c: char) -> u16 {
        let Ok(code) = u16::try_from(u32::from(c)) else { return 0 };
        self.cmap_format4(code).unwrap_or(0)
    }

    /// Looks a character up in a `cmap` format 4 subtable: segments of codes, each mapped by a
    /// delta or through an array of glyph indices.
    fn cmap_format4(&self, code: u16) -> Option<u16> {
        let (data, table) = (&self.data, self.cmap);
        let segments = read_u16(data, table + 6)? as usize / 2;
        let ends = table + 14;
        let starts = ends + 2 * segments + 2;
        let deltas = starts + 2 * segments;
        let ranges = deltas + 2 * segments;
        let segment = (0..segments).find(|&i| read_u16(data, ends + 2 * i) >= Some(code))?;
        let start = read_u16(data, starts + 2 * segment)?;
        if code < start {
            return None;
        }
        let delta = read_u16(data, deltas + 2 * segment)?;
        let range_at = ranges + 2 * segment;
        let range = read_u16(data, range_at)? as usize;
        if range == 0 {
            return Some(code.wrapping_add(delta));
        }
        let glyph = read_u16(data, range_at + range + 2 * usize::from(code - start))?;
        (glyph != 0).then(|| glyph.wrapping_add(delta))
    }

    /// A glyph's advance width, in font units.
    fn advance(&self, glyph: u16) -> f64 {
        let metric = glyph.min(self.metrics.saturating_sub(1));
        f64::from(read_u16(&self.data, self.hmtx + 4 * usize::from(metric)).unwrap_or(0))
    }

    /// The bytes of a glyph's `glyf` entry (empty for a blank glyph such as the space).
    fn glyph_data(&self, glyph: u16) -> &[u8] {
        let offset = |i: usize| {
            if self.long_offsets {
                read_u32(&self.data, self.loca + 4 * i).map(|o| o as usize)
            } else {
                read_u16(&self.data, self.loca + 2 * i).map(|o| 2 * o as usize)
            }
        };
        let i = usize::from(glyph);
        match (offset(i), offset(i + 1)) {
            (Some(from), Some(to)) if from < to => {
                self.data.get(self.glyf + from..self.glyf + to).unwrap_or(&[])
            }
            _ => &[],
        }
    }

    /// Appends a glyph's contours (points in font units with their on-curve flag), placed by
    /// `transform`; composite glyphs add their components, `depth` levels deep at most 8.
    fn contours(&self, glyph: u16, transform: Transform, depth: u8, out: &mut Vec<Contour>) {
        let data = self.glyph_data(glyph);
        let Some(count) = read_u16(data, 0).map(|n| n as i16) else { return };
        if count >= 0 {
            let contours = simple_glyph(data, count as usize).unwrap_or_default();
            out.extend(contours.into_iter().map(|contour| {
                contour.into_iter().map(|(point, on)| (transform.apply(point), on)).collect()
            }));
        } else if depth < 8 {
            for (component, placed) in components(data) {
                self.contours(component, transform.then(placed), depth + 1, out);
            }
        }
    }
}

/// The offset of the font's Unicode BMP subtable of `cmap` (platform 3 encoding 1, or platform
/// 0), when it has format 4.
fn unicode_subtable(data: &[u8], cmap: usize) -> Option<usize> {
    let records = read_u16(data, cmap + 2)? as usize;
    (0..records).map(|i| cmap + 4 + 8 * i).find_map(|record| {
        let (platform, encoding) = (read_u16(data, record)?, read_u16(data, record + 2)?);
        let table = cmap + read_u32(data, record + 4)? as usize;
        let unicode = platform == 0 || (platform == 3 && encoding == 1);
        (unicode && read_u16(data, table)? == 4).then_some(table)
    })
}

/// A contour: its points in font units (y up), each on or off the curve.
type Contour = Vec<(Point, bool)>;

/// The contours of a simple glyph with `count` contours: flags (with repeats), then x and y
/// deltas, each a byte with a sign flag, a repeat of the last value, or a 16-bit word.
fn simple_glyph(data: &[u8], count: usize) -> Option<Vec<Contour>> {
    let ends: Vec<usize> =
        (0..count).map(|i| read_u16(data, 10 + 2 * i).map(usize::from)).collect::<Option<_>>()?;
    let points = ends.last().map_or(0, |&end| end + 1);
    let instructions = read_u16(data, 10 + 2 * count)? as usize;
    let mut at = 12 + 2 * count + instructions;
    let mut flags = Vec::with_capacity(points);
    while flags.len() < points {
        let flag = *data.get(at)?;
        at += 1;
        let mut repeat = 1;
        if flag & 0x08 != 0 {
            repeat += usize::from(*data.get(at)?);
            at += 1;
        }
        flags.extend(std::iter::repeat_n(flag, repeat));
    }
    flags.truncate(points);
    let xs = coordinates(data, &mut at, &flags, 0x02, 0x10)?;
    let ys = coordinates(data, &mut at, &flags, 0x04, 0x20)?;
    let mut contours = Vec::with_capacity(count);
    let mut first = 0;
    for end in ends {
        let contour = (first..=end).map(|i| ((xs[i], ys[i]), flags[i] & 0x01 != 0)).collect();
        contours.push(contour);
        first = end + 1;
    }
    Some(contours)
}

/// One axis of a simple glyph's points, summed from their deltas: a byte when `short` is set
/// (positive when `same` is set), otherwise the previous value when `same` is set or a word.
fn coordinates(data: &[u8], at: &mut usize, flags: &[u8], short: u8, same: u8) -> Option<Vec<f64>> {
    let mut value = 0i32;
    let mut values = Vec::with_capacity(flags.len());
    for &flag in flags {
        if flag & short != 0 {
            let byte = i32::from(*data.get(*at)?);
            *at += 1;
            value += if flag & same != 0 { byte } else { -byte };
        } else if flag & same == 0 {
            value += i32::from(read_u16(data, *at)? as i16);
            *at += 2;
        }
        values.push(f64::from(value));
    }
    Some(values)
}

/// The components of a composite glyph, each with the transform placing it (offsets and the
/// optional scale or 2×2 matrix; components placed by matching points are skipped).
fn components(data: &[u8]) -> Vec<(u16, Transform)> {
    let mut found = Vec::new();
    let mut at = 10;
    while let (Some(flags), Some(glyph)) = (read_u16(data, at), read_u16(data, at + 2)) {
        at += 4;
        let word = |at: usize| read_u16(data, at).map(|v| f64::from(v as i16));
        let byte = |at: usize| data.get(at).map(|&v| f64::from(v as i8));
        let (dx, dy) = if flags & 0x0001 != 0 {
            at += 4;
            (word(at - 4), word(at - 2))
        } else {
            at += 2;
            (byte(at - 2), byte(at - 1))
        };
        let fixed = |at: usize| word(at).map(|v| v / 16384.0);
        let (mut a, mut b, mut c, mut d) = (Some(1.0), Some(0.0), Some(0.0), Some(1.0));
        if flags & 0x0008 != 0 {
            (a, d) = (fixed(at), fixed(at));
            at += 2;
        } else if flags & 0x0040 != 0 {
            (a, d) = (fixed(at), fixed(at + 2));
            at += 4;
        } else if flags & 0x0080 != 0 {
            (a, b, c, d) = (fixed(at), fixed(at + 2), fixed(at + 4), fixed(at + 6));
            at += 8;
        }
        let matrix = [a, b, c, d, dx, dy].into_iter().collect::<Option<Vec<f64>>>();
        if let (Some(m), true) = (matrix, flags & 0x0002 != 0) {
            found.push((glyph, Transform([m[0], m[1], m[2], m[3], m[4], m[5]])));
        }
        if flags & 0x0020 == 0 {
            break;
        }
    }
    found
}

/// An affine map of font units: `[a, b, c, d, dx, dy]` takes (x, y) to
/// (a·x + c·y + dx, b·x + d·y + dy).
#[derive(Clone, Copy)]
struct Transform([f64; 6]);

impl Transform {
    const IDENTITY: Transform = Transform([1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);

    fn apply(self, (x, y): Point) -> Point {
        let [a, b, c, d, dx, dy] = self.0;
        (a * x + c * y + dx, b * x + d * y + dy)
    }

    /// This transform applied after `inner`.
    fn then(self, inner: Transform) -> Transform {
        let [a, b, c, d, dx, dy] = inner.0;
        let (e, f) = self.apply((dx, dy));
        let (a2, b2) = self.apply((a, b));
        let (c2, d2) = self.apply((c, d));
        let (ox, oy) = self.apply((0.0, 0.0));
        Transform([a2 - ox, b2 - oy, c2 - ox, d2 - oy, e, f])
    }
}

/// A closed contour as a polygon: quadratic curves between on-curve points split into short
/// lines, with the implied on-curve point halfway between two off-curve points.
fn flatten(contour: &Contour) -> Vec<Point> {
    let midpoint = |a: Point, b: Point| ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let n = contour.len();
    let Some(first_on) = (0..n).find(|&i| contour[i].1) else {
        // All points off the curve: start halfway between the first two.
        let start = midpoint(contour[0].0, contour[1 % n].0);
        return quadratic_run(start, (1..=n).map(|i| contour[i % n]), midpoint);
    };
    let start = contour[first_on].0;
    quadratic_run(start, (1..=n).map(|i| contour[(first_on + i) % n]), midpoint)
}

/// The polygon from `start` through `points` (the contour once round, back to `start`).
fn quadratic_run(
    start: Point,
    points: impl Iterator<Item = (Point, bool)>,
    midpoint: impl Fn(Point, Point) -> Point,
) -> Vec<Point> {
    const STEPS: usize = 6;
    let mut polygon = vec![start];
    let mut control: Option<Point> = None;
    let curve = |from: Point, via: Point, to: Point, polygon: &mut Vec<Point>| {
        for step in 1..=STEPS {
            let t = step as f64 / STEPS as f64;
            let (u, v, w) = ((1.0 - t) * (1.0 - t), 2.0 * t * (1.0 - t), t * t);
            polygon.push((u * from.0 + v * via.0 + w * to.0, u * from.1 + v * via.1 + w * to.1));
        }
    };
    for (point, on) in points {
        let last = *polygon.last().expect("the start");
        match (control, on) {
            (None, true) => polygon.push(point),
            (None, false) => control = Some(point),
            (Some(via), true) => {
                curve(last, via, point, &mut polygon);
                control = None;
            }
            (Some(via), false) => {
                curve(last, via, midpoint(via, point), &mut polygon);
                control = Some(point);
            }
        }
    }
    if let Some(via) = control {
        let last = *polygon.last().expect("the start");
        curve(last, via, start, &mut polygon);
    }
    polygon
}

/// A big-endian u16 at `at`, if the data reach that far.
fn read_u16(data: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes(data.get(at..at + 2)?.try_into().ok()?))
}

/// A big-endian u32 at `at`, if the data reach that far.
fn read_u32(data: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(data.get(at..at + 4)?.try_into().ok()?))
}

/// The fonts the pictures name first (DejaVu Sans, else Arial) in their regular and bold
/// weights, found once among the system's fonts; `None` when neither is installed.
pub(super) fn system_fonts() -> Option<&'static [Font; 2]> {
    static FONTS: OnceLock<Option<[Font; 2]>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let regular = find(&["DejaVuSans.ttf", "Arial.ttf", "arial.ttf"])?;
            let bold = find(&["DejaVuSans-Bold.ttf", "Arial Bold.ttf", "arialbd.ttf"]);
            Some([
                Font::load(&regular)?,
                bold.and_then(|b| Font::load(&b)).or(Font::load(&regular))?,
            ])
        })
        .as_ref()
}

/// The first file named one of `names` (in that order of preference) in the usual font folders.
fn find(names: &[&str]) -> Option<PathBuf> {
    let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_default();
    let folders = [
        PathBuf::from("/usr/share/fonts"),
        PathBuf::from("/usr/local/share/fonts"),
        home.join(".local/share/fonts"),
        home.join(".fonts"),
        PathBuf::from("/Library/Fonts"),
        PathBuf::from("/System/Library/Fonts/Supplemental"),
        PathBuf::from("C:\\Windows\\Fonts"),
    ];
    let mut files = Vec::new();
    for folder in folders {
        walk(&folder, 4, &mut files);
    }
    names
        .iter()
        .find_map(|name| files.iter().find(|file| file.file_name() == Some(name.as_ref())))
        .cloned()
}

/// Adds the files under `folder`, `depth` levels down at most, to `files`.
fn walk(folder: &Path, depth: usize, files: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(folder) else { return };
    for path in entries.flatten().map(|entry| entry.path()) {
        if path.is_dir() && depth > 0 {
            walk(&path, depth - 1, files);
        } else {
            files.push(path);
        }
    }
}
