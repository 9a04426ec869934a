//! The README's examples, run as a user would run them: each `$ command` of a ```` ```console ````
//! block is run by bash in an empty directory outside the repository, with `satdoku` on the
//! PATH, and what it prints (stdout and stderr, then `[exit N]` when N is not 0) must be the
//! lines under it. Times (`…_ms` fields, `ms` columns) vary between runs, so a command marked
//! `# output varies` is checked for its exit code only; a command naming `$SATDOKU_DATASETS`
//! is skipped (and counted) when the datasets are absent. `SATDOKU_BLESS=1` writes what the
//! commands print into the README instead of comparing.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One `$ command` of the README and the output shown under it.
struct Example {
    line: usize,
    command: String,
    expected: String,
}

/// The examples of every ```` ```console ```` block, in order.
fn examples(readme: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut in_console = false;
    for (index, line) in readme.lines().enumerate() {
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

#[test]
fn every_readme_example_prints_what_the_readme_shows_from_any_directory() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("the README");
    let examples = examples(&readme);
    assert!(examples.len() >= 10, "the README shows its examples in console blocks");
    let bin = bin_dir();
    let cwd = std::env::temp_dir().join(format!("satdoku-readme-cwd-{}", std::process::id()));
    std::fs::create_dir_all(&cwd).expect("a temporary directory");
    let has_data = crate::data::location().is_dir();
    let mut failures = Vec::new();
    let mut blessed = Vec::new();
    for example in &examples {
        if example.command.contains("$SATDOKU_DATASETS") && !has_data {
            crate::data::datasets("readme example needing the datasets");
            continue;
        }
        let printed = run(&example.command, &cwd, &bin);
        if std::env::var_os("SATDOKU_BLESS").is_some()
            && !example.command.contains("# output varies")
        {
            blessed.push((example.line, example.expected.lines().count(), printed));
            continue;
        }
        let matches = if example.command.contains("# output varies") {
            printed.lines().last().map(|l| l.starts_with("[exit"))
                == example.expected.lines().last().map(|l| l.starts_with("[exit"))
        } else {
            without_times(&printed) == without_times(&example.expected)
        };
        if !matches {
            failures.push(format!(
                "README.md:{}: $ {}\n--- shown:\n{}--- printed:\n{}",
                example.line, example.command, example.expected, printed
            ));
        }
    }
    if !blessed.is_empty() {
        bless(&readme, &blessed);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Rewrites the README with the output printed under each command (at its 1-based line, in
/// place of the `shown` lines that followed it).
fn bless(readme: &str, printed: &[(usize, usize, String)]) {
    let mut lines: Vec<String> = readme.lines().map(str::to_string).collect();
    for (line, shown, output) in printed.iter().rev() {
        let new: Vec<String> = output.lines().map(str::to_string).collect();
        lines.splice(*line..*line + shown, new);
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
    std::fs::write(path, lines.join("\n") + "\n").expect("the README is written");
}
