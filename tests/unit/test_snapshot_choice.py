"""Whether a first visit waits for the memory snapshot (static/choice.mjs: worthWaiting, and
paceOnTheWire, the link's pace by the network's own clock), run in Node on figures a page
would hand it. The page's own choice on a slow and a fast link: tests/e2e/test_loading.py and
test_snapshot.py."""

from __future__ import annotations

import json

from .in_node import in_node

SITE = "http://127.0.0.1:8000/game/"
FILES = {  # "./path" → [size, bytes on the wire], as the built page lists its downloads
    "./static/vendor/pyodide/pyodide.asm.wasm": [9_600_000, 2_400_000],
    "./static/start.mjs": [10_000, 4_000],
    "./static/snapshot-0a1b.gz": [3_600_000, 3_600_000],
}
MB = 1_000_000
CHOICE = "static/choice.mjs"


def entry(path: str, size: int, start: float, end: float) -> dict:
    """A Resource Timing entry as the page reads it (only what paceOnTheWire looks at)."""
    timing = {"responseStart": start, "responseEnd": end}
    return {"name": SITE + path, "encodedBodySize": size, **timing}


def pace(tmp_path, entries: list[dict]) -> float:
    out = tmp_path / "pace.json"
    in_node(
        f"""import {{ writeFileSync }} from "node:fs";
const pace = s.paceOnTheWire({json.dumps(entries)}, {json.dumps(FILES)}, "/game/");
writeFileSync({json.dumps(str(out))}, JSON.stringify(pace));""",
        tmp_path,
        CHOICE,
    )
    return json.loads(out.read_text())


def waits(tmp_path, **choice: float) -> bool:
    out = tmp_path / "waits.json"
    in_node(
        f"""import {{ writeFileSync }} from "node:fs";
writeFileSync({json.dumps(str(out))}, JSON.stringify(s.worthWaiting({json.dumps(choice)})));""",
        tmp_path,
        CHOICE,
    )
    return json.loads(out.read_text())


def test_the_pace_on_the_wire_is_the_bytes_over_the_union_of_their_bodies_times(tmp_path):
    entries = [
        entry("static/vendor/pyodide/pyodide.asm.wasm", 2 * MB, 100, 300),
        entry("static/start.mjs", 1 * MB, 200, 400),  # overlaps the wasm's: 300 ms in all
        entry("static/start.mjs", 1 * MB, 1000, 1100),  # later, alone: 100 ms more
    ]
    assert pace(tmp_path, entries) == 4 * MB / 400


def test_the_pace_on_the_wire_leaves_out_what_the_page_does_not_download_or_is_not_told(
    tmp_path,
):
    entries = [
        entry("static/start.mjs", 1 * MB, 0, 100),
        entry("icons/icon-192.png", 50 * MB, 0, 1),  # not one of the start's downloads
        entry("static/vendor/pyodide/pyodide.asm.wasm", 0, 0, 1),  # size not told
        entry("static/snapshot-0a1b.gz", 9 * MB, 50, 50),  # no time taken (not told either)
    ]
    assert pace(tmp_path, entries) == 1 * MB / 100
    assert pace(tmp_path, []) == 0  # nothing finished yet: no measure


def test_a_fast_link_counted_slowly_by_a_busy_page_waits_for_the_snapshot(tmp_path):
    # The page's thread, busy compiling on a loaded CPU, had counted 3 MB/s; the downloads that
    # finished came at 20 MB/s: the 3.6 MB left take 180 ms, not 1.2 s.
    busy = {"left": 3.6 * MB, "counted": 3 * MB / 1000, "probeMs": 3}
    assert waits(tmp_path, **busy, onTheWire=20 * MB / 1000)
    assert not waits(tmp_path, **busy, onTheWire=0)  # a slow link, as counted: Python starts


def test_the_snapshot_is_worth_longer_waits_on_a_slower_cpu(tmp_path):
    # 2.4 s to wait: too long for a desktop (saves 0.4 s), worth it on a phone four times slower
    # (saves 1.6 s) only if it arrives within that; a second is always worth it.
    link = {"left": 3.6 * MB, "counted": 1.5 * MB / 1000, "onTheWire": 0}
    assert not waits(tmp_path, **link, probeMs=3)
    assert not waits(tmp_path, **link, probeMs=12)
    assert waits(tmp_path, **link, probeMs=20)  # saves 2.7 s
    assert waits(tmp_path, left=0.9 * MB, counted=1 * MB / 1000, onTheWire=0, probeMs=3)
