//! Bundles the curated puzzles of `puzzles/` into the binary, so that `satdoku solve miracle`
//! works from any directory: writes `bundled.rs`, a list of (name, text) pairs.

use std::fmt::Write;
use std::path::Path;

fn main() {
    println!("cargo::rerun-if-changed=puzzles");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("the puzzles folder")
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter_map(|name| name.strip_suffix(".txt").map(str::to_string))
        .collect();
    names.sort();
    let mut code = String::from("/// The bundled puzzles, by name: `puzzles/NAME.txt`.\n");
    code += "pub const BUNDLED: &[(&str, &str)] = &[\n";
    for name in names {
        let path = dir.join(format!("{name}.txt"));
        writeln!(code, "    ({name:?}, include_str!({:?})),", path.display().to_string())
            .expect("writing to a string");
    }
    code += "];\n";
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("bundled.rs");
    std::fs::write(out, code).expect("writing bundled.rs");
}
