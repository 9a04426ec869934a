//! The examples of the README and of every chapter of the book (`docs/*.md`), run as a user
//! would run them: each `$ command` of a ```` ```console ```` block is run by bash in an empty
//! directory outside the repository (one per document), with `satdoku` on the PATH, and what it
//! prints (stdout and stderr, then `[exit N]` when N is not 0) must be the lines under it.
//! Times (`…_ms` fields, `ms` columns) vary between runs, so a command marked `# output varies`
//! is checked for its exit code only; a command naming `$SATDOKU_DATASETS` is skipped (and
//! counted) when the datasets are absent. A failure names the file and line of the command.
//! `SATDOKU_BLESS=1` writes what the commands print into the file they came from instead of
//! comparing. The relative links between the documents must lead to a file and a heading.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One `$ command` of a document and the output shown under it.
struct Example {
    line: usize,
    command: String,
    expected: String,
}

/// The examples of every ```` ```console ```` block, in order.
fn examples(document: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut in_console = false;
    for (index, line) in document.lines().enumerate() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                line: index + 1,
                command: command.into(),
                expected: String::new(),
            });
        } else if let Some(example) = examples.last_mut() {
            example.expected += line;
            example.expected.push('\n');
        }
    }
    examples
}

/// The crate's root, where README.md and docs/ are.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The chapters of the book: every `docs/*.md`, by name.
fn chapters() -> Vec<PathBuf> {
    let entries = std::fs::read_dir(root().join("docs")).expect("the docs folder");
    let mut chapters: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a docs entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    chapters.sort();
    chapters
}

/// A directory holding only a `satdoku` link to the binary under test, to put on the PATH.
fn bin_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("satdoku-readme-bin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let link = dir.join("satdoku");
    if !link.exists() {
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_satdoku"), &link).expect("a link");
    }
    dir
}

/// Runs `command` in bash in `cwd`: what it printed, then `[exit N]` for a failure.
fn run(command: &str, cwd: &Path, bin: &Path) -> String {
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let output = Command::new("bash")
        .arg("-c")
        .arg(format!("{command} 2>&1"))
        .current_dir(cwd)
        .env("PATH", path)
        .env("SATDOKU_DATASETS", crate::data::location())
        .env("NO_COLOR", "1")
        .output()
        .expect("bash runs");
    let mut printed = String::from_utf8_lossy(&output.stdout).into_owned();
    match output.status.code() {
        Some(0) => {}
        Some(code) => printed += &format!("[exit {code}]\n"),
        None => printed += "[killed]\n",
    }
    printed
}

/// Replaces the values of timing fields (`"time_ms":0.23`) with 0, so runs compare equal.
fn without_times(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("_ms\":") {
        let (head, tail) = rest.split_at(at + 5);
        out += head;
        let end = tail.find([',', '}']).unwrap_or(tail.len());
        out += "0";
        rest = &tail[end..];
    }
    out + rest
}

/// Runs the examples of the document at `path` (relative to the crate's root) in a fresh
/// directory: the failures, each naming the file and line, and how many examples ran. With
/// `SATDOKU_BLESS`, the document is rewritten with what the commands printed instead.
fn check_document(path: &Path, bin: &Path) -> (Vec<String>, usize) {
    let full = root().join(path);
    let document = std::fs::read_to_string(&full).expect("the document");
    let name = path.display().to_string();
    let cwd = std::env::temp_dir()
        .join(format!("satdoku-readme-cwd-{}", std::process::id()))
        .join(name.replace('/', "-"));
    std::fs::create_dir_all(&cwd).expect("a temporary directory");
    let has_data = crate::data::location().is_dir();
    let bless = std::env::var_os("SATDOKU_BLESS").is_some();
    let (mut failures, mut blessed, mut ran) = (Vec::new(), Vec::new(), 0);
    for example in examples(&document) {
        if example.command.contains("$SATDOKU_DATASETS") && !has_data {
            crate::data::datasets(&format!(
                "{name}:{}: an example needing the datasets",
                example.line
            ));
            continue;
        }
        let printed = run(&example.command, &cwd, bin);
        ran += 1;
        let varies = example.command.contains("# output varies");
        if bless && !varies {
            blessed.push((example.line, example.expected.lines().count(), printed));
            continue;
        }
        let matches = if varies {
            printed.lines().last().map(|l| l.starts_with("[exit"))
                == example.expected.lines().last().map(|l| l.starts_with("[exit"))
        } else {
            without_times(&printed) == without_times(&example.expected)
        };
        if !matches {
            failures.push(format!(
                "{name}:{}: $ {}\n--- shown:\n{}--- printed:\n{}",
                example.line, example.command, example.expected, printed
            ));
        }
    }
    if !blessed.is_empty() {
        write_blessed(&full, &document, &blessed);
    }
    (failures, ran)
}

/// Rewrites the document at `path` with the output printed under each command (at its 1-based
/// line, in place of the `shown` lines that followed it).
fn write_blessed(path: &Path, document: &str, printed: &[(usize, usize, String)]) {
    let mut lines: Vec<String> = document.lines().map(str::to_string).collect();
    for (line, shown, output) in printed.iter().rev() {
        let new: Vec<String> = output.lines().map(str::to_string).collect();
        lines.splice(*line..*line + shown, new);
    }
    std::fs::write(path, lines.join("\n") + "\n").expect("the document is written");
}

#[test]
fn every_readme_example_prints_what_the_readme_shows_from_any_directory() {
    let (failures, ran) = check_document(Path::new("README.md"), &bin_dir());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ran >= 10, "the README's tour shows its examples in console blocks");
}

#[test]
fn every_example_of_the_book_prints_what_the_book_shows() {
    let bin = bin_dir();
    let mut failures = Vec::new();
    let mut ran = 0;
    for chapter in chapters() {
        let relative = chapter.strip_prefix(root()).expect("a chapter of the crate");
        let (failed, count) = check_document(relative, &bin);
        failures.extend(failed);
        ran += count;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ran > 0, "the book shows no example");
}

/// The anchor GitHub gives a heading: lower case, spaces as `-`, other punctuation dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of the headings of a Markdown document (outside code blocks).
fn anchors(document: &str) -> Vec<String> {
    let mut in_code = false;
    let mut anchors = Vec::new();
    for line in document.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            anchors.push(slug(line.trim_start_matches('#')));
        }
    }
    anchors
}

/// The relative link targets (`](target)`) of a document: no `http`, no `mailto`.
fn relative_links(document: &str) -> Vec<String> {
    let mut links = Vec::new();
    let mut rest = document;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = &rest[..end];
        if !target.contains("://") && !target.starts_with("mailto:") {
            links.push(target.to_string());
        }
    }
    links
}

#[test]
fn every_link_between_the_documents_leads_to_a_file_and_a_heading() {
    let mut documents = vec![root().join("README.md")];
    documents.extend(chapters());
    let mut broken = Vec::new();
    for document in &documents {
        let text = std::fs::read_to_string(document).expect("the document");
        let dir = document.parent().expect("a folder");
        for link in relative_links(&text) {
            let (file, anchor) = link.split_once('#').unwrap_or((&link, ""));
            let target = if file.is_empty() { document.clone() } else { dir.join(file) };
            let Ok(target_text) = std::fs::read_to_string(&target) else {
                if !target.exists() {
                    broken.push(format!("{}: `{link}`: no such file", document.display()));
                }
                continue;
            };
            if !anchor.is_empty() && !anchors(&target_text).iter().any(|a| a == anchor) {
                broken.push(format!("{}: `{link}`: no such heading", document.display()));
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}
