"""Where the time goes in one load: its milestones (ms after navigation start, from the probe's
data: navigation and resource timings, py:progress events, the game's performance marks) and
the same load cut into consecutive phases.
"""

from __future__ import annotations

from urllib.parse import urlsplit


def _resource(data: dict, suffix: str) -> dict | None:
    found = [r for r in data["resources"] if urlsplit(r["url"]).path.endswith(suffix)]
    return found[0] if found else None


def _progress(data: dict, text: str) -> float | None:
    return next((t for t, detail in data["progress"] if detail == text), None)


def milestones(data: dict) -> list[tuple[str, float]]:
    """The load's milestones, ms after navigation start, in order."""
    marks: list[tuple[str, float | None]] = [
        ("HTML received", data["nav"]["responseEnd"]),
        ("DOM parsed (DOMContentLoaded)", data["nav"]["domContentLoaded"]),
    ]
    core = [r["end"] for r in data["resources"] if "/pyscript/" in r["url"]]
    marks.append(("PyScript core.js + plugin chunks loaded", max(core) if core else None))
    for suffix, label in (
        ("pyodide.mjs", "pyodide.mjs loaded"),
        ("pyodide.asm.mjs", "pyodide.asm.mjs loaded"),
        ("pyodide-lock.json", "pyodide-lock.json loaded"),
        ("python_stdlib.zip", "python_stdlib.zip loaded"),
        ("python.zip.gz", "python.zip.gz (the start archive) loaded"),
        ("pyodide.asm.wasm", "pyodide.asm.wasm fetched"),
        ("pyodide.asm.wasm.gz", "pyodide.asm.wasm.gz fetched"),
    ):
        entry = _resource(data, suffix)
        marks.append((label, entry["end"] if entry else None))
    for text, label in (
        ("Loading Pyodide", "py:progress Loading Pyodide"),
        ("Loaded interpreter", "py:progress Loaded interpreter (wasm compiled, Python up)"),
        ("Loading files", "py:progress Loading files"),
        ("Loaded files", "py:progress Loaded files ([files] fetched)"),
        ("Loaded Pyodide", "py:progress Loaded Pyodide"),
    ):
        marks.append((label, _progress(data, text)))
    marks += [
        ("snapshot in memory (start.mjs)", data.get("marks", {}).get("snapshot-ready")),
        ("Python up (start.mjs: restored or started)", data.get("marks", {}).get("python-up")),
        ("py:ready (main script starts)", data["events"].get("py:ready")),
        ("board painted (16 cells visible)", data.get("cells")),
        ("first-contentful-paint", data["paint"].get("first-contentful-paint")),
        ("body[data-ready=true]", data.get("ready")),
        ("first tap accepted", data.get("tapAccepted")),
        ("py:done", data["events"].get("py:done")),
    ]
    return sorted(((k, v) for k, v in marks if v is not None), key=lambda kv: kv[1])


def phases(data: dict) -> list[tuple[str, float]]:
    """The load cut into consecutive phases (ms each), for the "biggest contributors" list."""
    p = lambda text: _progress(data, text)  # noqa: E731
    core = [r["end"] for r in data["resources"] if "/pyscript/" in r["url"]]
    wasm = _resource(data, "pyodide.asm.wasm.gz") or _resource(data, "pyodide.asm.wasm")
    stdlib = _resource(data, "python.zip.gz") or _resource(data, "python_stdlib.zip")
    downloads = max(r["end"] for r in (wasm, stdlib) if r) if (wasm or stdlib) else None
    end = data.get("tapAccepted") or data.get("ready")
    points = [
        ("navigation -> HTML received", data["nav"]["responseEnd"]),
        ("HTML -> PyScript core + plugin chunks loaded", max(core) if core else None),
        ("core -> 'Loading Pyodide'", p("Loading Pyodide")),
        ("Pyodide runtime download (mjs, wasm, stdlib)", downloads),
        ("wasm compile + Python start (-> Loaded interpreter)", p("Loaded interpreter")),
        ("-> 'Loading files'", p("Loading files")),
        ("[files] fetched and written", p("Loaded files")),
        ("-> py:ready", data["events"].get("py:ready")),
        ("main script: imports + app start (-> ready)", data.get("ready")),
        ("ready -> first tap accepted", end),
    ]
    out, last = [], 0.0
    for name, t in points:
        if t is None or t < last:
            continue
        out.append((name, t - last))
        last = t
    return out


def split(visit: dict, end: str) -> tuple[float, float, float]:
    """A load in three: until PyScript starts loading Pyodide, the interpreter's start (wasm
    compile, Python up: the same for game and floor), and from there to ``end``."""
    start = _progress(visit, "Loading Pyodide")
    loaded = _progress(visit, "Loaded interpreter")
    return start, loaded - start, visit[end] - loaded


def print_breakdown(game: dict, floor: dict) -> dict:
    """Milestones and phases of one run of each (the median one): cold and warm visits."""
    loads = {
        "game cold": game["cold"],
        "floor cold": floor["cold"],
        "game warm": game["warm"],
        "floor warm": floor["warm"],
    }
    marks = {name: dict(milestones(data)) for name, data in loads.items()}
    cuts = {name: dict(phases(data)) for name, data in loads.items()}
    head = "".join(f"{name:>11}" for name in loads)
    cell = lambda v: f"{'-' if v is None else f'{v:,.0f}':>11}"  # noqa: E731
    print("\nWhere the time goes (the median run of each; ms after navigation start):")
    print(f"  {'milestone':58}{head}")
    order = sorted(
        {m for table in marks.values() for m in table},
        key=lambda m: marks["game cold"].get(m, marks["floor cold"].get(m, 1e9)),
    )
    for m in order:
        print(f"  {m:58}" + "".join(cell(marks[name].get(m)) for name in loads))
    print("\n  Biggest contributors (consecutive phases, ms; sorted by the game's cold load):")
    print(f"  {'phase':58}{head}")
    order = sorted(
        {c for table in cuts.values() for c in table}, key=lambda c: -cuts["game cold"].get(c, 0)
    )
    for c in order:
        print(f"  {c:58}" + "".join(cell(cuts[name].get(c)) for name in loads))
    return {
        "milestones": {k: list(v.items()) for k, v in marks.items()},
        "phases": {k: list(v.items()) for k, v in cuts.items()},
    }
