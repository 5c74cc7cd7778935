"""The README stays a reference: short enough to read, and every file it names is there."""

from __future__ import annotations

import re
from pathlib import Path

from .mutation_run import whole_tree

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text("utf-8")
#: A path as the README writes one: a known top folder, then a name with a suffix or a slash.
PATH = re.compile(
    r"(?<![\w/.])((?:magdagdon|tests|tools|bench|scripts|static|typings)/[\w./-]*[\w/])"
)


def test_the_readme_is_at_most_300_lines():
    lines = len(README.splitlines())
    assert lines <= 300, f"README.md has {lines} lines"


@whole_tree
def test_every_path_the_readme_names_exists():
    named = {m.group(1) for m in PATH.finditer(README)}
    made = {"tests/visual/output/", "build/site/", "static/python.zip"}  # made by a run
    missing = sorted(p for p in named if not any(p.startswith(m) for m in made)
                     and not (ROOT / p).exists())  # fmt: skip
    assert len(named) > 30 and not missing, missing


def test_the_readme_links_the_changelog_and_the_figures_page():
    for page in ("CHANGELOG.md", "bench/results/README.md"):
        assert f"]({page})" in README and (ROOT / page).exists()
