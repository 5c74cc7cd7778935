"""index.html's first script paints a kept frame exactly when Python's :meth:`Frame.holds` says
it is what a fresh start draws now: its board on the frame's day or a later one, its sheet on
the frame's day only and while the values the sheet shows are those it was drawn from. The
script's rule is the one decision the page makes before Python; this runs it in Node over the
cases Hypothesis makes and compares it with Python's."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from magdagdon.frame import FRAME_KEY, FRAME_KEYS, SHEET_KEYS, Frame, digest

from .test_shared_constants import _first_script, _node

DAYS = ("2026-12-05", "2026-12-06", "2026-12-07")
VALUES = (None, '{"seed": 7}', '{"language": "lt"}')
LANGUAGES = (("en",), ("en", "lt"), ("ca",))
RELEASES = (None, "r1", "r2")
QUERIES = ("", "?seed=4", "?utm=x", "?open=scores")

stored = st.fixed_dictionaries({key: st.sampled_from(VALUES) for key in FRAME_KEYS + SHEET_KEYS})


@st.composite
def cases(draw: st.DrawFn) -> dict[str, object]:
    kept = draw(stored)
    sheet = draw(st.booleans())
    frame = Frame(
        release=draw(st.sampled_from(RELEASES[:2])),
        day=draw(st.sampled_from(DAYS)),
        languages=",".join(draw(st.sampled_from(LANGUAGES))),
        keys={key: kept[key] for key in FRAME_KEYS},
        lang="en",
        title="MAGDAGDON",
        texts={"label.score": "SCORE"},
        labels={"nav.rules": "Rules"},
        screen={"score": {"text": "12"}, "daily": {"data-waiting": "false"}},
        later={"daily": {"data-waiting": "true"}},
        sheet={"dialog:over": {"open": True}} if sheet else {},
        digests={key: digest(kept[key]) for key in SHEET_KEYS} if sheet else {},
    )
    record = json.loads(frame.to_json())
    if draw(st.integers(0, 7)) == 0:  # (a forged record: digests of some values only)
        record["digests"] = dict(list(record["digests"].items())[: draw(st.integers(0, 2))])
    # now: mostly what the frame was drawn for, sometimes a value, the day or the browser changed
    now = {
        key: kept[key] if draw(st.integers(0, 3)) else draw(st.sampled_from(VALUES)) for key in kept
    }
    return {
        "frame": json.dumps(record),
        "stored": now,
        "day": draw(st.sampled_from(DAYS)),
        "release": frame.release if draw(st.booleans()) else draw(st.sampled_from(RELEASES)),
        "languages": list(frame.languages.split(","))
        if draw(st.booleans())
        else list(draw(st.sampled_from(LANGUAGES))),
        "search": draw(st.sampled_from(QUERIES)) if not draw(st.integers(0, 3)) else "",
    }


def python_says(case: dict[str, object]) -> list[bool]:
    """[painted, with its sheet] as Python's Frame.holds says for ``case``."""
    frame = Frame.parse(str(case["frame"]))
    if frame is None:
        return [False, False]
    stored = dict(case["stored"])  # type: ignore[call-overload]
    search = str(case["search"])
    asks = any(f"{name}=" in search for name in ("seed", "open"))  # (link parameters that do)
    now = {
        "day": str(case["day"]),
        "release": case["release"],
        "languages": ",".join(case["languages"]),  # type: ignore[call-overload]
    }
    board = replace(frame, sheet={}, digests={})
    painted = not asks and board.holds(stored, **now)  # type: ignore[arg-type]
    sums = {key: digest(stored[key]) for key in SHEET_KEYS}
    sheet = painted and bool(frame.sheet) and frame.holds(stored, **now, digests=sums)  # type: ignore[arg-type]
    return [painted, sheet]


def script_says(batch: list[dict[str, object]], tmp_path: Path) -> list[list[bool]]:
    script = f"""
const RealDate = Date;
const cases = {json.dumps(batch)};
const said = cases.map((c) => {{
  const data = {{ ...c.stored, {json.dumps(FRAME_KEY)}: c.frame }};
  globalThis.localStorage = {{ getItem: (k) => data[k] ?? null, length: 0, key: () => null }};
  globalThis.location = {{ search: c.search }};
  globalThis.navigator = {{ languages: c.languages }};
  const noon = `${{c.day}}T12:00`; // (today, for the script)
  globalThis.Date = class extends RealDate {{
    constructor(...a) {{ super(...(a.length ? a : [noon])); }}
  }};
  const meta = c.release === null ? null : {{ content: c.release }};
  globalThis.document = {{ documentElement: {{ dataset: {{}} }}, querySelector: () => meta,
    addEventListener() {{}} }};
  globalThis.MutationObserver = class {{ observe() {{}} disconnect() {{}} }};
  globalThis.window = globalThis;
  delete globalThis.magdagdonSheet;
  {_first_script()}
  return ["frame" in document.documentElement.dataset, window.magdagdonSheet === true];
}});
console.log(JSON.stringify(said));
"""
    return _node(script, tmp_path)  # type: ignore[return-value]


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(cases(), min_size=1, max_size=80))
def test_the_first_script_paints_a_frame_when_python_says_it_holds(tmp_path, batch):
    assert script_says(batch, tmp_path) == [python_says(case) for case in batch]


def test_the_rule_is_met_both_ways(tmp_path):
    # (the comparison above means something only if both answers come up: a frame painted with
    # its sheet, the board alone on a later day, and the plain start)
    frame = Frame(
        None,
        DAYS[1],
        "en",
        dict.fromkeys(FRAME_KEYS),
        "en",
        "M",
        {},
        {},
        {},
        {},
        {"dialog:over": {"open": True}},
        {key: digest(None) for key in SHEET_KEYS},
    )
    base = {
        "frame": frame.to_json(),
        "stored": dict.fromkeys(FRAME_KEYS + SHEET_KEYS),
        "release": None,
        "languages": ["en"],
        "search": "",
    }
    batch = [{**base, "day": day} for day in DAYS]
    assert script_says(batch, tmp_path) == [[False, False], [True, True], [True, False]]
    assert [python_says(case) for case in batch] == [[False, False], [True, True], [True, False]]
