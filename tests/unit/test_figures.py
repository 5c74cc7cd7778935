"""The figures page (tools/figures.py): made from the benchmarks' result files, and the page in
git is the one the command makes from the files in git."""

from __future__ import annotations

import json

from bench.results import write_result
from tools.figures import RESULTS, page


def test_the_page_in_git_is_the_one_the_command_makes():
    made = page(RESULTS)
    kept = (RESULTS / "README.md").read_text("utf-8")
    assert kept == made, "bench/results/README.md is stale: run python3 tools/figures.py"


def test_each_result_file_is_a_dated_table_of_its_summary(tmp_path):
    record = write_result(tmp_path / "coach.json", {"summary": {"mean": 394.0}, "runs": [1]})
    text = page(tmp_path)
    assert "## coach\n" in text
    assert f"on commit {record['commit']}" in text
    assert record["date"].replace("T", " ")[:16] in text
    assert " / ".join(str(x) for x in record["load"]) in text
    assert "| mean | 394 |" in text
    assert "runs" not in text.split("## coach")[1]  # only the summary is shown


def test_a_file_without_a_summary_shows_its_top_level_figures(tmp_path):
    record = {
        "date": "2026-12-02T07:00:00+00:00",
        "commit": "abc",
        "load": [0.5],
        "cpus": 2,
        "figures": {"release": "r1", "p95_ms": 12.25, "rows": [{"x": 1}]},
    }
    (tmp_path / "taps.json").write_text(json.dumps(record))
    text = page(tmp_path)
    assert "| release | r1 |" in text and "| p95_ms | 12.25 |" in text
    assert "rows" not in text


def test_the_earlier_figures_close_the_page(tmp_path):
    (tmp_path / "earlier.md").write_text("## Before\n\nhand-kept\n")
    write_result(tmp_path / "a.json", {"summary": {"x": 1}})
    text = page(tmp_path)
    assert text.index("## a") < text.index("## Before")
    assert text.endswith("hand-kept\n")
