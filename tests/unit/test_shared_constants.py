"""What the page's JavaScript shares with the game's Python is Python's: the constants the scripts
declare in their shared lines (boot.js, index.html's first script, the service worker) are the
values tools/build.py gives from the Python source; boot.js's placeholder filling and language
choice are Python's rules on the same cases; and the page's first script decides a first visit
from the one stored flag the session writes, as the session does."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from magdagdon import i18n
from magdagdon.frame import digest
from magdagdon.i18n import FALLBACK, LANGUAGES, PLACEHOLDER, Translator, fill, pick_language
from magdagdon.records import GAME_KEY, GUIDED, HISTORY_KEY, KEY_PREFIX, SETTINGS_KEY, MemoryStore
from magdagdon.ui.paint.words import Node, Words, node_json, said_json
from tools import build as site_build

from .greedy import end_turn
from .sessions import new_session

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")


def _source(name: str) -> str:
    return (ROOT / name).read_text("utf-8")


def _first_script() -> str:
    """index.html's first script (the one inline script that is run)."""
    page = _source("index.html")
    scripts = [code for kind, code in site_build.INLINE_SCRIPT.findall(page) if "json" not in kind]
    assert len(scripts) == 1
    return scripts[0]


def _node(script: str, tmp_path: Path) -> object:
    """What the ES module ``script`` prints (one JSON value), run in Node."""
    if not NODE:  # CI installs Node (npm): a machine without it cannot build the site either
        pytest.skip("node is not installed")
    module = tmp_path / "check.mjs"
    module.write_text(script, "utf-8")
    done = subprocess.run([NODE, str(module)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _boot_function(name: str) -> str:
    """A top-level function of static/boot.js, as written there."""
    found = re.search(rf"^function {name}\(.*?^}}$", _source("static/boot.js"), re.S | re.M)
    assert found, name
    return found[0]


def _shared_lines(text: str) -> str:
    return site_build.SHARED_BLOCK.search(text)[0]


@pytest.mark.parametrize("name", site_build.SHARED_FILES)
def test_each_scripts_shared_constants_are_pythons(name):
    declared = site_build.shared_declared(_source(name))
    assert declared  # (each file declares the ones it uses)
    python = site_build.shared_constants()
    assert declared == {key: python[key] for key in declared}, (
        f"run: tools/build.py --shared ({name})"
    )


def test_python_gives_the_values_the_scripts_read():
    shared = site_build.shared_constants()
    assert shared["LANGUAGES"] == list(LANGUAGES) and shared["FALLBACK"] == FALLBACK
    assert shared["SETTINGS_KEY"] == SETTINGS_KEY and shared["KEY_PREFIX"] == KEY_PREFIX
    assert shared["GUIDED"] == GUIDED == "guided"
    assert shared["PLACEHOLDER"] == PLACEHOLDER
    # the page's hand-over copy is deleted by the service worker's activation (same prefix)
    assert shared["ARRIVAL_CACHE"].startswith(shared["CACHE_PREFIX"])
    # what a script uses of them is declared in its own shared lines, nowhere else
    for name in site_build.SHARED_FILES:
        text = _first_script() if name == "index.html" else _source(name)
        rest = text.replace(_shared_lines(text), "")
        for key in site_build.shared_declared(text):
            assert not re.search(rf"\bconst {key}\b", rest), (name, key)
        for value in ("magdagdon.v1.", "magdagdon-arrival", "magdagdon:take-over", '"en"'):
            assert value not in rest, (name, value)


def test_the_build_writes_a_changed_constant_and_the_first_scripts_hash_with_it():
    page = _source("index.html")
    changed = dict(site_build.shared_constants(), SETTINGS_KEY="magdagdon.v2.settings")
    written = site_build.with_shared_page(page, changed)
    assert 'const SETTINGS_KEY = "magdagdon.v2.settings";' in written
    assert site_build.check_inline_scripts(written) == 1  # its hash moved with it
    assert site_build.script_hash(_first_script()) not in written
    assert site_build.with_shared_page(written) == page  # and back, byte for byte
    # a script the policy did not allow is not allowed by writing its shared lines
    refused = page.replace('dataset.newcomer = "";', 'dataset.newcomer = ""; alert(1);')
    with pytest.raises(site_build.BuildError, match="does not allow"):
        site_build.check_inline_scripts(site_build.with_shared_page(refused, changed))
    with pytest.raises(site_build.BuildError, match="does not give"):
        site_build.with_shared(_source("static/boot.js"), {"LANGUAGES": ["en"]})


def test_the_sources_are_what_the_shared_writer_would_write(tmp_path):
    for name in site_build.SHARED_FILES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(_source(name), "utf-8")
    assert site_build.write_shared(tmp_path) == []  # up to date: nothing to write
    stale = _source("static/boot.js").replace('const FALLBACK = "en";', 'const FALLBACK = "lt";')
    (tmp_path / "static/boot.js").write_text(stale, "utf-8")
    assert site_build.write_shared(tmp_path) == ["static/boot.js"]
    assert (tmp_path / "static/boot.js").read_text("utf-8") == _source("static/boot.js")


def _fill_cases() -> list[tuple[str, dict[str, object]]]:
    """Every text of every catalogue with placeholders, each filled with all its parameters, with
    none, and with one left out; and a few made-up texts."""
    cases: list[tuple[str, dict[str, object]]] = [
        ("{done} / {total} MB", {"done": "1.5", "total": "9.0"}),
        ("{n} of {n}, {total}", {"n": 1}),
        ("{not a name} {x_1} {}", {"x_1": "y", "not a name": "z"}),
        ("{count}{count}", {"count": 12, "other": 3}),
        ("no placeholders", {"n": 1}),
    ]
    for language in LANGUAGES:
        catalog = i18n.load_catalog(_source(f"i18n/{language}.json"))
        for entry in catalog.values():
            parts = entry if isinstance(entry, list) else [entry] if isinstance(entry, str) else []
            parts = parts + (list(entry.values()) if isinstance(entry, dict) else [])
            for text in parts:
                names = sorted(i18n.placeholders(text))
                if names:
                    every = {name: f"<{name}:{len(name)}>" for name in names}
                    cases += [(text, every), (text, {}), (text, dict(list(every.items())[1:]))]
    return cases


def test_the_page_fills_placeholders_as_python_does(tmp_path):
    cases = _fill_cases()
    assert len(cases) > 300
    script = "\n".join(
        [
            f"const PLACEHOLDER = {json.dumps(PLACEHOLDER)};",
            _boot_function("fill"),
            f"const cases = {json.dumps(cases, ensure_ascii=False)};",
            "console.log(JSON.stringify(cases.map(([text, params]) => fill(text, params))));",
        ]
    )
    assert _node(script, tmp_path) == [fill(text, params) for text, params in cases]
    # and Python's own filling is what it was (str.format_map, a missing name left as it is)
    for text, params in cases:
        if "{not a name}" not in text and "{}" not in text:
            assert fill(text, params) == text.format_map(_Kept(params)), text


class _Kept(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def test_the_page_picks_the_language_as_python_does(tmp_path):
    cases = [
        (None, []),
        (None, ["de-AT", "ca-ES", "en"]),
        ("lt", ["ca"]),
        ("xx", ["TA-in", "en"]),
        (None, ["pt-BR", "de"]),
        (5, ["lt-LT"]),
        ("", ["EN_us", "ca"]),
    ]
    script = "\n".join(
        [
            f"const LANGUAGES = {json.dumps(list(LANGUAGES))}, FALLBACK = {json.dumps(FALLBACK)};",
            _boot_function("pickLanguage"),
            f"const cases = {json.dumps(cases)};",
            "console.log(JSON.stringify(cases.map(([s, p]) => pickLanguage(s, p))));",
        ]
    )
    assert _node(script, tmp_path) == [pick_language(s, p) for s, p in cases]  # type: ignore[arg-type]


def _first_visit_in_js(stores: list[dict[str, str]], search: str, tmp_path: Path) -> list[bool]:
    """Whether index.html's first script marks each of ``stores`` (localStorage's contents) a
    first visit, at an address whose query is ``search``."""
    script = f"""
const stores = {json.dumps(stores)};
const marked = stores.map((data) => {{
  const keys = Object.keys(data);
  globalThis.localStorage = {{ length: keys.length, key: (i) => keys[i],
    getItem: (k) => (k in data ? data[k] : null) }};
  globalThis.location = {{ search: {json.dumps(search)} }};
  globalThis.document = {{ documentElement: {{ dataset: {{}} }} }};
  globalThis.window = globalThis;
  {_first_script()}
  return "newcomer" in document.documentElement.dataset;
}});
console.log(JSON.stringify(marked));
"""
    return _node(script, tmp_path)  # type: ignore[return-value]


def test_the_first_script_digests_a_stored_value_as_python_does(tmp_path):
    # (a frame holding the game-over sheet holds the digests of her history and the rest; the
    # page's script checks them before it paints, Python works them out with its help)
    values = ["", "magdagdon", "தமிழ் 😀 ąčę", '{"schema":1,"games":[]}' * 3000, "\u0000\uffff"]
    stored = {f"k{n}": value for n, value in enumerate(values)}
    script = f"""
const data = {json.dumps(stored)};
globalThis.localStorage = {{ length: 0, key: () => null,
  getItem: (k) => (k in data ? data[k] : null) }};
globalThis.location = {{ search: "?gift" }};
globalThis.document = {{ documentElement: {{ dataset: {{}} }} }};
globalThis.window = globalThis;
{_first_script()}
console.log(JSON.stringify([...Object.keys(data), "none"].map((k) => window.magdagdonDigest(k))));
"""
    expected = [digest(value) for value in values] + [digest(None)]
    assert _node(script, tmp_path) == expected
    assert len(set(expected)) == len(expected)


def _visits() -> list[dict[str, str]]:
    """What this release stores over a first visit: at once, rolled, a die staged, a turn
    played, the guide skipped; then an older release's data (no flag) of each kind."""
    stores = [{}]
    store = MemoryStore()
    session = new_session(store, seed=11)
    stores.append(dict(store.data))
    for move in ("roll", "stage 0 5"):
        session.apply(move)
        stores.append(dict(store.data))
    played = MemoryStore()
    session = new_session(played, seed=11)
    for move in end_turn(session.game).moves:
        session.apply(move)
    stores.append(dict(played.data))
    skipped = MemoryStore()
    new_session(skipped).change_settings(guided=True)
    stores.append(dict(skipped.data))
    older = json.dumps({"schema": 1, "difficulty": "peaceful", "language": None})
    stores.append({SETTINGS_KEY: older})
    stores.append({GAME_KEY: stores[2][GAME_KEY]})
    stores.append({HISTORY_KEY: '{"schema":1,"games":[]}', SETTINGS_KEY: older})
    stores.append({SETTINGS_KEY: "{not json"})
    return stores


def test_the_first_script_decides_a_first_visit_as_the_session_does(tmp_path):
    stores = _visits()
    marked = _first_visit_in_js(stores, "", tmp_path)
    # a reload before the first CONFIRM (rolled, a die staged) is a first visit on both sides
    assert marked[:6] == [True, True, True, True, False, False]
    for data, js in zip(stores[:6], marked[:6], strict=True):
        assert new_session(MemoryStore(dict(data))).newcomer is js, data
    # an older release's data: the first script leaves it to Python (no guide in the first
    # frame), which works the flag out without rewriting settings valid as they are; it goes
    # with their next change, and from then on both read it
    assert marked[6:] == [False] * (len(stores) - 6)
    for data in stores[6:]:
        store = MemoryStore(dict(data))
        session = new_session(store)
        first = _first_visit_in_js([store.data], "", tmp_path)
        assert first in ([False], [session.newcomer]), data  # left to Python, or agreeing
        session.change_settings(sound=False)
        assert _first_visit_in_js([store.data], "", tmp_path) == [session.newcomer], data
    # a gift link's card comes first
    assert _first_visit_in_js(stores[:3], "?gift=abc", tmp_path) == [False] * 3


def test_the_first_script_builds_a_painters_nodes_and_writes_a_day_that_is_not_as_it_is(tmp_path):
    # (the page's builder of a painter's nodes, Python's too since the frame's: a damaged stored
    # day reaches it as a token no calendar has; it is written as it is, as Python's formatting
    # writes it, instead of stopping the page's drawing; good tokens are written by Intl)
    w = Words(Translator(i18n.load_catalog(_source("i18n/en.json")), "en"), ["en-GB"])
    nodes = (
        Node(
            "tr", children=(Node("td", ("on ", w.date("2026-13-45"))), Node("td", w.decimal(2.5)))
        ),
        Node("p", ("from ", w.date("2026-12-06"), ", ", w.percent(0.25))),
    )
    script = f"""
globalThis.localStorage = {{ length: 0, key: () => null, getItem: () => null }};
globalThis.location = {{ search: "?gift" }};
const made = (tag) => ({{ tag, attrs: {{}}, children: [], textContent: "",
  setAttribute(k, v) {{ this.attrs[k] = v; }}, append(...c) {{ this.children.push(...c); }},
  replaceChildren(...c) {{ this.children = c; }} }});
globalThis.document = {{ documentElement: {{ dataset: {{}} }}, createElement: made }};
globalThis.window = globalThis;
{_first_script()}
const root = made("tbody");
window.magdagdonBuild(root, {json.dumps(json.dumps([node_json(n) for n in nodes]))}, false);
const text = (el) => [el.tag, el.textContent, el.children.map(text)];
const said = {json.dumps(json.dumps(said_json(nodes[1].text)))};
console.log(JSON.stringify([root.children.map(text), window.magdagdonText(said)]));
"""
    assert _node(script, tmp_path) == [
        [
            ["tr", "", [["td", "on 2026-13-45", []], ["td", "2.5", []]]],
            ["p", "from 06/12/2026, 25%", []],
        ],
        "from 06/12/2026, 25%",  # (Python's text writes, through the same writer)
    ]
