//! The README's table "Reading the code" points at lines of the two searches:
//! each cited line must still hold the comment of micro-Max's block it names,
//! so the table cannot go stale silently.

use std::fs;

/// The rows of the README's table: micro-Max's comment, then for each search
/// its file and the line cited.
fn cited_blocks() -> Vec<(String, Vec<(String, usize)>)> {
    let readme = fs::read_to_string("README.md").expect("README.md");
    let mut rows = Vec::new();
    let mut files = Vec::new();
    for line in readme.lines() {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        if cells.len() < 3 {
            continue;
        }
        if cells[0] == "micro-Max `D()` block" {
            // The header names the files, e.g. `src/engine/search/micromax.rs`.
            files = cells[1..]
                .iter()
                .map(|cell| cell.trim_matches('`').to_string())
                .collect();
            continue;
        }
        if files.is_empty() || !cells[0].starts_with('`') {
            continue;
        }
        let comment = cells[0].trim_matches('`').to_string();
        let cited = files
            .iter()
            .zip(&cells[1..])
            .filter_map(|(file, cell)| {
                let number = cell
                    .split(|c: char| !c.is_ascii_digit())
                    .find(|part| !part.is_empty())?;
                Some((file.clone(), number.parse().ok()?))
            })
            .collect();
        rows.push((comment, cited));
    }
    rows
}

#[test]
fn the_readmes_table_cites_the_lines_that_hold_each_block() {
    let rows = cited_blocks();
    assert!(rows.len() >= 10, "only {} rows found", rows.len());
    for (comment, cited) in rows {
        assert_eq!(cited.len(), 2, "{comment}: a line in each search");
        for (file, number) in cited {
            let text = fs::read_to_string(&file).unwrap_or_else(|_| panic!("{file}"));
            let line = text.lines().nth(number - 1).unwrap_or_default();
            assert!(
                line.to_lowercase().contains(&comment.to_lowercase()),
                "{file}:{number} does not hold `{comment}`: {line}"
            );
        }
    }
}
