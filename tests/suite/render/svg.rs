//! Reads the SVG subset `render_svg` writes: one `<svg>` with a size and a viewBox of that
//! size (its origin left of and above the grid's corner by the margins),
//! holding `<title>`, `<rect>` (with `rx`), `<circle>`, `<path>` (M, L and Z), and `<text>`,
//! painted by hex colours with round-capped, optionally dashed strokes. Anything else is an
//! error naming the element or attribute, so a picture these tests read is one they can draw.

use super::raster::Point;

/// What one element draws.
#[derive(Debug)]
pub(super) enum Shape {
    /// A rectangle from its top-left corner, its size, its corners' radius.
    Rect { at: Point, size: Point, radius: f64 },
    /// A circle: centre and radius.
    Circle { centre: Point, radius: f64 },
    /// Polylines, each closed (`Z`) or not.
    Path(Vec<(Vec<Point>, bool)>),
    /// A line of text centred on `at`'s x with its baseline at `at`'s y.
    Text { at: Point, size: f64, bold: bool, text: String },
}

impl Shape {
    /// The same shape in the raster's pixels, whose (0, 0) is the viewBox's corner `origin`.
    pub(super) fn moved(&self, (ox, oy): Point) -> Shape {
        let at = |(x, y): Point| (x - ox, y - oy);
        match self {
            Shape::Rect { at: corner, size, radius } => {
                Shape::Rect { at: at(*corner), size: *size, radius: *radius }
            }
            Shape::Circle { centre, radius } => {
                Shape::Circle { centre: at(*centre), radius: *radius }
            }
            Shape::Path(polylines) => Shape::Path(
                polylines
                    .iter()
                    .map(|(points, closed)| (points.iter().map(|&p| at(p)).collect(), *closed))
                    .collect(),
            ),
            Shape::Text { at: baseline, size, bold, text } => {
                Shape::Text { at: at(*baseline), size: *size, bold: *bold, text: text.clone() }
            }
        }
    }
}

/// How an element is painted.
#[derive(Debug, Default)]
pub(super) struct Paint {
    /// The fill colour (none when `None`).
    pub(super) fill: Option<[u8; 3]>,
    /// The stroke colour and width in pixels.
    pub(super) stroke: Option<([u8; 3], f64)>,
    /// The dash length (on and off alike), when dashed.
    pub(super) dash: Option<f64>,
}

/// A parsed picture: its size in pixels and its elements in painting order.
pub(super) struct Svg {
    /// Width and height, in pixels.
    pub(super) size: (usize, usize),
    /// The viewBox's top-left corner, in pixels: where the picture starts, the grid's corner
    /// being the origin.
    pub(super) origin: Point,
    /// The shapes, bottom first.
    pub(super) elements: Vec<(Shape, Paint)>,
}

/// One tag: its name, attributes, whether it closes itself, and the text after it.
struct Tag<'a> {
    name: &'a str,
    attributes: Vec<(&'a str, String)>,
    closes: bool,
    text: &'a str,
}

impl Svg {
    /// Parses `source`, or says which element or attribute is outside the subset.
    pub(super) fn parse(source: &str) -> Result<Svg, String> {
        let mut tags = tags(source)?.into_iter();
        let root = tags.next().ok_or("no elements")?;
        if root.name != "svg" {
            return Err(format!("expected <svg>, found <{}>", root.name));
        }
        let (size, origin) = root_size(&root)?;
        let mut elements = Vec::new();
        let mut closed = false;
        let mut open_text: Option<Tag> = None;
        for tag in tags {
            if closed {
                return Err(format!("<{}> after </svg>", tag.name));
            }
            match (tag.name, open_text.take()) {
                ("/svg", None) => closed = true,
                ("/text", Some(text)) => elements.push(text_element(&text)?),
                ("/title", None) => {}
                ("title", None) => {}
                ("text", None) if tag.closes => elements.push(text_element(&tag)?),
                ("text", None) => open_text = Some(tag),
                (_, Some(text)) => return Err(format!("<{}> inside <{}>", tag.name, text.name)),
                _ => elements.push(shape_element(&tag)?),
            }
        }
        if !closed {
            return Err("no </svg>".to_string());
        }
        Ok(Svg { size, origin, elements })
    }
}

/// The tags of `source` in order (a self-closing tag is one), with the text following each.
fn tags(source: &str) -> Result<Vec<Tag<'_>>, String> {
    let mut found = Vec::new();
    let mut rest = source.trim_start();
    while let Some(after) = rest.strip_prefix('<') {
        let end = after.find('>').ok_or("a tag without `>`")?;
        let closes = after[..end].ends_with('/');
        let inside = after[..end].strip_suffix('/').unwrap_or(&after[..end]);
        let (name, attributes) = inside.split_once(' ').unwrap_or((inside, ""));
        let next = after[end + 1..].find('<').map_or(after.len(), |i| end + 1 + i);
        let text = &after[end + 1..next];
        found.push(Tag { name, attributes: attributes_of(attributes)?, closes, text });
        rest = &after[next..];
    }
    if !rest.trim().is_empty() {
        return Err(format!("text outside the elements: `{}`", rest.trim()));
    }
    Ok(found)
}

/// The `name="value"` pairs of a tag, with the XML escapes undone.
fn attributes_of(mut text: &str) -> Result<Vec<(&str, String)>, String> {
    let mut attributes = Vec::new();
    while !text.trim().is_empty() {
        let (name, after) = text.trim_start().split_once("=\"").ok_or("expected name=\"value\"")?;
        let (value, after) = after.split_once('"').ok_or("an attribute value without `\"`")?;
        attributes.push((name, unescape(value)));
        text = after;
    }
    Ok(attributes)
}

/// `text` with `&amp;`, `&lt;` and `&gt;` read back.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
}

/// The picture's size from `<svg>`, and its viewBox's origin; the viewBox must be the same
/// size.
fn root_size(root: &Tag) -> Result<((usize, usize), Point), String> {
    let mut attributes = Attributes::of(root, &["xmlns", "font-family"]);
    let width = attributes.number("width")?;
    let height = attributes.number("height")?;
    let view_box = attributes.text("viewBox")?;
    attributes.finish()?;
    let numbers: Vec<f64> = view_box.split(' ').map(number).collect::<Result<_, _>>()?;
    let [x, y, box_width, box_height] = numbers[..] else {
        return Err(format!("expected a viewBox `x y width height`, found `{view_box}`"));
    };
    if (box_width, box_height) != (width, height) {
        return Err(format!("expected a viewBox {width}×{height}, found `{view_box}`"));
    }
    if width < 1.0 || height < 1.0 || width.fract() != 0.0 || height.fract() != 0.0 {
        return Err(format!("expected a whole number of pixels, found {width}×{height}"));
    }
    Ok(((width as usize, height as usize), (x, y)))
}

/// A `<rect>`, `<circle>` or `<path>`.
fn shape_element(tag: &Tag) -> Result<(Shape, Paint), String> {
    let mut attributes = Attributes::of(tag, &[]);
    let shape = match tag.name {
        "rect" => Shape::Rect {
            at: (attributes.number_or("x", 0.0)?, attributes.number_or("y", 0.0)?),
            size: (attributes.number("width")?, attributes.number("height")?),
            radius: attributes.number_or("rx", 0.0)?,
        },
        "circle" => Shape::Circle {
            centre: (attributes.number("cx")?, attributes.number("cy")?),
            radius: attributes.number("r")?,
        },
        "path" => Shape::Path(path_data(&attributes.text("d")?)?),
        other => return Err(format!("unexpected element <{other}>")),
    };
    let paint = paint(&mut attributes)?;
    attributes.finish()?;
    Ok((shape, paint))
}

/// A `<text>` element, with its content.
fn text_element(tag: &Tag) -> Result<(Shape, Paint), String> {
    let mut attributes = Attributes::of(tag, &[]);
    let at = (attributes.number("x")?, attributes.number("y")?);
    let size = attributes.number("font-size")?;
    if attributes.text("text-anchor")? != "middle" {
        return Err("expected text-anchor=\"middle\"".to_string());
    }
    let bold = match attributes.take("font-weight") {
        None => false,
        Some(weight) if weight == "bold" => true,
        Some(weight) => return Err(format!("expected font-weight bold, found `{weight}`")),
    };
    let paint = paint(&mut attributes)?;
    attributes.finish()?;
    if paint.stroke.is_some() {
        return Err("a stroked <text>".to_string());
    }
    let text = if tag.closes { String::new() } else { unescape(tag.text) };
    Ok((Shape::Text { at, size, bold, text }, paint))
}

/// The fill, stroke and dashes of an element; strokes must have round caps and joins.
fn paint(attributes: &mut Attributes) -> Result<Paint, String> {
    let fill = match attributes.take("fill") {
        None => Some([0, 0, 0]),
        Some(fill) => colour(&fill)?,
    };
    let stroke = match attributes.take("stroke") {
        None => None,
        Some(stroke) => colour(&stroke)?.map(|c| (c, 1.0)),
    };
    let stroke = match (stroke, attributes.take("stroke-width")) {
        (Some((c, _)), Some(width)) => Some((c, number(&width)?)),
        (stroke, _) => stroke,
    };
    for name in ["stroke-linecap", "stroke-linejoin"] {
        match attributes.take(name) {
            Some(value) if value != "round" => {
                return Err(format!("expected {name}=\"round\", found `{value}`"));
            }
            _ => {}
        }
    }
    let dash = match attributes.take("stroke-dasharray") {
        None => None,
        Some(dashes) => match dashes.split_once(' ') {
            Some((on, off)) if on == off => Some(number(on)?),
            _ => return Err(format!("expected equal dashes and gaps, found `{dashes}`")),
        },
    };
    Ok(Paint { fill, stroke, dash })
}

/// `#RRGGBB`, or `None` for `none`.
fn colour(text: &str) -> Result<Option<[u8; 3]>, String> {
    if text == "none" {
        return Ok(None);
    }
    let hex = text.strip_prefix('#').filter(|hex| hex.len() == 6);
    let channel = |i: usize| hex.and_then(|hex| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok());
    match (channel(0), channel(2), channel(4)) {
        (Some(r), Some(g), Some(b)) => Ok(Some([r, g, b])),
        _ => Err(format!("expected a colour #RRGGBB or none, found `{text}`")),
    }
}

/// A finite number.
fn number(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|n| n.is_finite())
        .ok_or_else(|| format!("expected a number, found `{text}`"))
}

/// Path data of absolute `M x y`, `L x y` and `Z` commands.
fn path_data(data: &str) -> Result<Vec<(Vec<Point>, bool)>, String> {
    let mut polylines: Vec<(Vec<Point>, bool)> = Vec::new();
    let mut words = data.split_whitespace();
    while let Some(word) = words.next() {
        let (command, x) = word.split_at(word.chars().next().map_or(0, char::len_utf8));
        match command {
            "Z" if x.is_empty() => match polylines.last_mut() {
                Some(last) if !last.1 => last.1 = true,
                _ => return Err(format!("`Z` without an open path in `{data}`")),
            },
            "M" | "L" => {
                let y = words.next().ok_or_else(|| format!("`{word}` without y in `{data}`"))?;
                let point = (number(x)?, number(y)?);
                match (command, polylines.last_mut()) {
                    ("L", Some((points, false))) => points.push(point),
                    ("M", _) => polylines.push((vec![point], false)),
                    _ => return Err(format!("`L` without a current point in `{data}`")),
                }
            }
            _ => return Err(format!("unexpected path command `{word}` in `{data}`")),
        }
    }
    Ok(polylines)
}

/// A tag's attributes, taken one by one; `finish` refuses any left over.
struct Attributes<'a> {
    element: &'a str,
    left: Vec<(&'a str, String)>,
}

impl<'a> Attributes<'a> {
    /// The attributes of `tag`, less those in `ignored`.
    fn of(tag: &Tag<'a>, ignored: &[&str]) -> Attributes<'a> {
        let left =
            tag.attributes.iter().filter(|(name, _)| !ignored.contains(name)).cloned().collect();
        Attributes { element: tag.name, left }
    }

    fn take(&mut self, name: &str) -> Option<String> {
        let at = self.left.iter().position(|(n, _)| *n == name)?;
        Some(self.left.remove(at).1)
    }

    fn text(&mut self, name: &str) -> Result<String, String> {
        self.take(name).ok_or_else(|| format!("<{}> without {name}", self.element))
    }

    fn number(&mut self, name: &str) -> Result<f64, String> {
        number(&self.text(name)?)
    }

    fn number_or(&mut self, name: &str, default: f64) -> Result<f64, String> {
        self.take(name).map_or(Ok(default), |value| number(&value))
    }

    fn finish(self) -> Result<(), String> {
        match self.left.first() {
            None => Ok(()),
            Some((name, _)) => Err(format!("<{}> has an unexpected {name}", self.element)),
        }
    }
}
