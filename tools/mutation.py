"""Mutation testing of the engine with mutmut (a test dependency; not run by CI).

    python3 tools/mutation.py                     run mutmut, then print the figures per module
    python3 tools/mutation.py --max-children 1    the same with one worker (any ``mutmut run``
                                                  argument is passed on, e.g. mutant names)
    python3 tools/mutation.py --report            the figures of the last run only
    python3 tools/mutation.py --survivors         the mutants still alive, one a line
    python3 tools/mutation.py --retest            run those again (after new tests: mutmut
                                                  keeps every result it has, survivors too)

What is mutated and which tests judge it is ``[tool.mutmut]`` in pyproject.toml (tests/unit
only). The run sets ``MAGDAGDON_MUTATION=1``, which tests/unit/mutation_run.py reads: the
Hypothesis example counts of test_properties.py and test_coach.py and the games of the long
backup round trip are divided by ten, and the checks of import statements (which no mutant
changes) are skipped. mutmut keeps its work in ``mutants/`` and tests again only the functions
that changed, never because a test changed: after new tests, ``--retest``. ``--retest`` runs
only the mutants it names, so after a change to the code run once without it first (that tests
the changed functions' new mutants), then ``--retest``. Delete that folder
for a run from scratch (about an hour and a half on two cores).

Equivalent mutants (none can change what the player or the next module sees) are listed with
their reasons in tools/mutation-equivalent.md.

The figures come from mutmut's ``mutants/<module>.meta`` files (the exit code of each mutant's
test run). The killed share counts timeouts as killed, as mutmut's own score does; "other" is
a mutant no test reaches, or one not tested yet.
"""

from __future__ import annotations

import fnmatch
import json
import os
import resource
import subprocess
import sys
import time
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTMUT = ROOT / ".venv" / "bin" / "mutmut"
#: mutmut's exit codes (mutmut/stats.py), by what they mean here. A timeout is the CPU limit
#: (SIGXCPU), or a SIGKILL (-9: mutmut says "segfault"), e.g. a loop that never ends. mutmut
#: counts 255 as a timeout too, but its forkserver writes 255 when running the tests raised
#: (a test id pytest no longer finds, say): that is an error here, never a kill.
KILLED, TIMEOUT, SURVIVED = {1, 3}, {24, -24, 36, 152, -9, -11}, {0}
COLUMNS = ("mutants", "killed", "timeout", "survived", "other")
#: The memory each process of the run may map: a mutant that fills a list forever fails its
#: test with a MemoryError, instead of taking the machine's memory (then the kernel kills).
MEMORY = 3 * 2**30


def modules() -> list[str]:
    """The mutated modules, in the order pyproject.toml lists them (a pattern: each module it
    matches, as mutmut matches it, in the order of their paths)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["mutmut"]
    found: list[str] = []
    for pattern in config["only_mutate"]:
        if not any(c in pattern for c in "*?["):
            found.append(pattern)
            continue
        paths = sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("magdagdon/**/*.py"))
        found += [p for p in paths if fnmatch.fnmatch(p, pattern) and p not in found]
    return found


def exit_codes(module: str) -> dict[str, int | None]:
    """Mutant name → exit code of its test run (None: not tested yet), from the last run."""
    meta = ROOT / "mutants" / f"{module}.meta"
    if not meta.exists():
        return {}
    return json.loads(meta.read_text("utf-8"))["exit_code_by_key"]


def status(code: int | None) -> str:
    if code in KILLED:
        return "killed"
    if code in TIMEOUT:
        return "timeout"
    if code in SURVIVED:
        return "survived"
    return "other"  # not tested yet, no test reaches it, suspicious, ...


def report() -> None:
    rows, total = [], Counter()
    for module in modules():
        counts = Counter(status(code) for code in exit_codes(module).values())
        counts["mutants"] = sum(counts.values())
        total.update(counts)
        rows.append((module, counts))
    rows.append(("all", total))
    print(f"{'module':<32}" + "".join(f"{c:>10}" for c in COLUMNS) + f"{'killed %':>10}")
    for name, counts in rows:
        share = (counts["killed"] + counts["timeout"]) / max(counts["mutants"], 1)
        cells = "".join(f"{counts[c]:>10,}" for c in COLUMNS)
        print(f"{name:<32}{cells}{share:>10.1%}")


def survivors() -> dict[str, str]:
    """Every mutant neither killed nor timed out → what became of it."""
    others = {None: "not checked", 5: "no tests", 33: "no tests", 34: "skipped", 255: "error"}
    return {
        name: "survived" if code in SURVIVED else others.get(code, f"exit {code}")
        for module in modules()
        for name, code in exit_codes(module).items()
        if status(code) in ("survived", "other")
    }


def limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def main(args: list[str]) -> int:
    if args == ["--report"]:
        report()
        return 0
    if args == ["--survivors"]:
        for name, what in survivors().items():
            print(name, what)
        return 0
    if args and args[0] == "--retest":
        args = [*args[1:], *survivors()]
        if not args:
            print("no mutant to test again")
            return 0
    started = time.monotonic()
    env = {**os.environ, "MAGDAGDON_MUTATION": "1"}
    code = subprocess.call([str(MUTMUT), "run", *args], cwd=ROOT, env=env, preexec_fn=limit)
    print(f"\nmutmut run: exit {code} after {time.monotonic() - started:,.0f} s\n")
    report()
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
