"""The four catalogues in i18n/ and the files the page ships: parity, placeholders, plurals,
the rules text from the client's seeds, and no user-visible text outside i18n/."""

from __future__ import annotations

import ast
import json
import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from magdagdon.i18n import LANGUAGES, Translator, load_catalog, placeholders

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = {
    lang: load_catalog((ROOT / "i18n" / f"{lang}.json").read_text("utf-8")) for lang in LANGUAGES
}
SEEDS = ROOT.parent / "shared" / "seeds"
PLURAL_FORMS = {
    "en": {"one", "other"},
    "ca": {"one", "other"},
    "ta": {"one", "other"},
    "lt": {"one", "few", "other"},
}


def _texts(value) -> list[str]:
    if isinstance(value, dict):
        return list(value.values())
    return list(value) if isinstance(value, list) else [value]


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_catalogue_has_exactly_the_english_keys(lang):
    assert list(CATALOGS[lang]) == list(CATALOGS["en"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_match_english_in_every_form(lang):
    for key, english in CATALOGS["en"].items():
        wanted = set().union(*(placeholders(t) for t in _texts(english)))
        for text in _texts(CATALOGS[lang][key]):
            assert placeholders(text) == wanted, (lang, key, text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_entries_have_the_languages_forms(lang):
    for key, value in CATALOGS["en"].items():
        if isinstance(value, dict):
            assert set(CATALOGS[lang][key]) == PLURAL_FORMS[lang], (lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_entries_are_not_blank(lang):
    for key, value in CATALOGS[lang].items():
        assert all(t.strip() for t in _texts(value)), (lang, key)


def test_lithuanian_has_three_plural_forms_in_use():
    tr = Translator(CATALOGS, "lt")
    forms = {tr.t("gameover.turns", count=n) for n in (1, 2, 10)}
    assert len(forms) == 3


SEED_FILES = {
    "lt": "000_82823678538f6a9c.txt",
    "ca": "001_333753d017a7e37b.txt",
    "ta": "002_8230df3370b98ceb.txt",
}


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the client's seeds are not beside the repo")
@pytest.mark.parametrize("lang", list(SEED_FILES))
def test_rules_text_is_the_clients_own_words(lang):
    """Every rules paragraph of lt/ca/ta is a line of the client's text, and every line of the
    client's text (but the title) is somewhere in the rules."""
    seed_lines = [
        line.strip().removeprefix("• ").strip()
        for line in (SEEDS / SEED_FILES[lang]).read_text("utf-8").splitlines()
        if line.strip()
    ][1:]  # the first line is the game's name
    rules = [
        t
        for k, v in CATALOGS[lang].items()
        if k.startswith("rules.") and not k.startswith("rules.keys") and k != "rules.title"
        for t in _texts(v)
    ]
    assert sorted(rules) == sorted(seed_lines)


def test_pyscript_config_ships_every_module_and_catalogue():
    config = tomllib.loads((ROOT / "pyscript.toml").read_text("utf-8"))
    assert "packages" not in config  # even [] makes PyScript fetch micropip
    shipped = {Path(target.removeprefix("./")) for target in config["files"].values()}
    entry = Path("magdagdon/web/main.py")  # the page's <script src>, fetched by PyScript itself
    wanted = {p.relative_to(ROOT) for p in (ROOT / "magdagdon").rglob("*.py")} - {entry}
    wanted |= {Path("i18n") / f"{lang}.json" for lang in LANGUAGES}
    assert shipped == wanted
    assert all(source == target for source, target in config["files"].items())


class _TextFinder(HTMLParser):
    """Collects text nodes and text-bearing attributes outside <script>/<style>."""

    def __init__(self) -> None:
        super().__init__()
        self.skip = 0
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        for name, value in attrs:
            if name in ("aria-label", "title", "alt", "placeholder") and value:
                self.found.append(f"{tag}[{name}]={value}")

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip and data.strip():
            self.found.append(data.strip())


def test_the_page_carries_no_prose_only_keys():
    finder = _TextFinder()
    finder.feed((ROOT / "index.html").read_text("utf-8"))
    prose = [text for text in finder.found if not text.isdigit() and text != "MAGDAGDON"]
    assert prose == []


def test_every_key_the_page_names_exists():
    html = (ROOT / "index.html").read_text("utf-8")
    keys = set(re.findall(r'data-i18n(?:-aria)?="([^"]+)"', html))
    assert keys and keys <= set(CATALOGS["en"])


def _string_constants(path: Path) -> list[str]:
    """String literals of a module, its docstrings and f-string glue left out."""
    tree = ast.parse(path.read_text("utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def test_python_layer_writes_no_prose():
    """Whatever the interface shows comes from the translator: no string literal of two or
    more words stands in the interface's modules (console messages aside)."""
    interface = [ROOT / "magdagdon" / name for name in ("ui.py", "hints.py", "share.py")]
    offenders = [
        f"{path.name}: {text!r}"
        for path in [*interface, *(ROOT / "magdagdon" / "web").glob("*.py")]
        for text in _string_constants(path)
        if re.search(r"[^\W\d_]{2,} [^\W\d_]{2,}", text)
    ]
    assert offenders == []


def test_key_codes_the_engine_emits_have_texts():
    from magdagdon import errors
    from magdagdon.rules import Bonus, Difficulty

    codes = {
        cls.code
        for cls in vars(errors).values()
        if isinstance(cls, type) and issubclass(cls, errors.MagdagdonError)
    }
    keys = set(CATALOGS["en"])
    missing = {f"error.{c}" for c in codes if c not in ("error", "saved-game")} - keys
    missing |= {f"bonus.{b.value}" for b in Bonus} - keys
    missing |= {f"difficulty.{d.value}" for d in Difficulty} - keys
    missing |= {f"reason.{r}" for r in ("not-empty", "not-adjacent", "too-far", "no-die")} - keys
    assert missing == set()


def test_catalogues_are_tidy_json():
    for lang in LANGUAGES:
        raw = (ROOT / "i18n" / f"{lang}.json").read_text("utf-8")
        assert raw == json.dumps(json.loads(raw), ensure_ascii=False, indent=2) + "\n", lang
