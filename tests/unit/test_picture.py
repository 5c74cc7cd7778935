"""magdagdon.picture: SHARE's picture as SVG, checked as XML (no browser)."""

from __future__ import annotations

import ast
import dataclasses
import json
import xml.etree.ElementTree as ET
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from magdagdon.game import Game
from magdagdon.i18n import LANGUAGES, Translator, load_catalog
from magdagdon.picture import HEIGHT, PIPS, WIDTH, fit, picture, text_width
from magdagdon.rules import EMPTY, RUIN, SIZE
from magdagdon.share import number

from .import_check import imported_modules, module_name, problems_of
from .mutation_run import reads_imports

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "magdagdon"
CATALOGS = {
    lang: load_catalog((ROOT / "i18n" / f"{lang}.json").read_text("utf-8")) for lang in LANGUAGES
}
#: Four full rows: a straight, four of a kind, two pairs, then a ruin and an empty cell.
BOARD = (1, 2, 3, 4, 5, 5, 5, 5, 2, 3, 3, 2, RUIN, EMPTY, 6, 6)


def _game(board=BOARD, score_seed: int = 7) -> Game:
    return dataclasses.replace(Game.new("survival", seed=score_seed), board=board)


def _tr(language: str) -> Translator:
    return Translator(CATALOGS, language)


def _root(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _texts(root: ET.Element) -> list[str]:
    return [el.text or "" for el in root.iter(f"{SVG}text")]


def test_the_picture_is_a_svg_of_its_size_labelled_for_assistive_technology():
    tr = _tr("en")
    root = _root(picture(_game(), tr.t, date="5 December 2026"))
    assert root.tag == f"{SVG}svg"
    assert (root.get("width"), root.get("height")) == (str(WIDTH), str(HEIGHT))
    assert WIDTH >= 1080 and root.get("viewBox") == f"0 0 {WIDTH} {HEIGHT}"
    assert root.get("role") == "img"
    score = number(_game().score)
    assert root.get("aria-label") == tr.t("share.text", difficulty="SURVIVAL", score=score)


def test_every_cell_is_drawn_as_the_game_draws_it():
    root = _root(picture(_game(), _tr("en").t, date="d"))
    cells = {int(el.get("data-cell")): el for el in root.iter() if el.get("data-cell")}
    assert sorted(cells) == list(range(SIZE * SIZE))
    for cell, value in enumerate(BOARD):
        el = cells[cell]
        if value > 0:
            assert el.get("class") == "die" and el.get("data-value") == str(value)
            assert len(el.findall(f"{SVG}circle")) == len(PIPS[value]) == value
        elif value == RUIN:
            assert el.get("class") == "ruin" and el.findall(f"{SVG}polyline")
        else:
            assert el.get("class") == "empty"


def test_every_line_sum_and_bonus_is_shown_in_the_players_words():
    tr = _tr("en")
    game = _game()
    root = _root(picture(game, tr.t, date="d"))
    sums = {el.get("data-line"): el for el in root.iter() if el.get("class") == "sum"}
    assert len(sums) == 2 * SIZE
    for line in game.breakdown.lines:
        el = sums[f"{line.kind}-{line.index}"]
        said = " ".join(text.text or "" for text in el.iter(f"{SVG}text"))
        assert said.split()[0] == str(line.total)
        bonus = line.bonus
        assert el.get("data-bonus") == (bonus.value if bonus else "")
        if bonus:
            assert f"+{bonus.points}" in said
            assert tr.t(f"bonus.{bonus.value}").split() == said.split()[2:]


def test_score_difficulty_date_and_challenge_in_each_language():
    game = _game()
    score = number(game.score)
    for language in LANGUAGES:
        tr = _tr(language)
        texts = _texts(_root(picture(game, tr.t, date="DATE", language=language)))
        assert "MAGDAGDON" in texts and score in texts
        assert f"{tr.t('difficulty.survival')} · DATE" in texts
        assert tr.t("gameover.total") in texts
        assert tr.t("picture.beat", score=score) in texts
    beat = {language: _tr(language).t("picture.beat", score=1) for language in LANGUAGES}
    assert len(set(beat.values())) == len(LANGUAGES)  # every language its own words


def test_a_daily_roll_says_so_and_a_negative_score_has_a_true_minus():
    tr = _tr("ta")
    board = (RUIN,) * 16
    texts = _texts(_root(picture(_game(board), tr.t, date="D", daily=True, practice=True)))
    said = " · ".join([tr.t("gameover.daily.title"), tr.t("daily.chip.practice"), "SURVIVAL", "D"])
    assert said in texts and "−240" in texts


def test_texts_are_escaped():
    t = lambda key, **params: "<b>&" + key + "\"'" + str(params)  # noqa: E731
    svg = picture(_game(), t, date="<script>alert(1)</script>", language='x"y')
    root = _root(svg)  # well-formed
    assert "<script>" not in svg and "<b>" not in svg
    assert any("<script>alert(1)</script>" in text for text in _texts(root))
    assert root.get("{http://www.w3.org/XML/1998/namespace}lang") == 'x"y'


def test_long_words_are_fitted_to_their_room():
    assert fit("x" * 10, 40, 10_000) == 40
    small = fit("W" * 100, 40, 500)
    assert small < 40 and text_width("W" * 100, small) <= 500 + 1
    assert text_width("நான்கு", 10) > text_width("abc", 10)
    tr = Translator({"en": {**CATALOGS["en"], "picture.beat": "x" * 200}}, "en")
    root = _root(picture(_game(), tr.t, date="d"))
    [pill] = [el for el in root.iter(f"{SVG}text") if el.text == "x" * 200]
    assert float(pill.get("font-size")) < 20


@settings(max_examples=60, deadline=None)
@given(
    st.tuples(*[st.sampled_from([RUIN, EMPTY, 1, 2, 3, 4, 5, 6])] * 16),
    st.sampled_from(LANGUAGES),
    st.booleans(),
)
def test_any_board_gives_one_well_formed_picture(board, language, daily):
    tr = _tr(language)
    game = _game(board)
    first = picture(game, tr.t, date="2026-12-05", daily=daily, language=language)
    assert first == picture(game, tr.t, date="2026-12-05", daily=daily, language=language)
    root = _root(first)
    circles = sum(
        1 for el in root.iter() if el.get("class") == "die" for _ in el.iter(f"{SVG}circle")
    )
    assert circles == sum(value for value in board if value > 0)


def test_the_catalogues_have_the_new_words_in_every_language():
    for key in ("picture.beat", "button.save_picture", "share.picture"):
        texts = {language: CATALOGS[language][key] for language in LANGUAGES}
        assert all(texts.values()) and len(set(texts.values())) == len(LANGUAGES), key
    assert any("\u0b80" <= char <= "\u0bff" for char in CATALOGS["ta"]["picture.beat"])
    assert json.loads((ROOT / "i18n" / "ta.json").read_text("utf-8"))["button.save_picture"]


@reads_imports
def test_the_picture_is_imported_on_first_use_only():
    for path in PACKAGE.rglob("*.py"):
        source = path.read_text("utf-8")
        name = module_name(path)
        found = imported_modules(source, name, path.name == "__init__.py", at_import=True)
        assert not found & {"magdagdon.picture", "magdagdon.web.pictures"}, name


def test_the_picture_imports_only_the_standard_library_and_keeps_functions_short():
    assert problems_of(PACKAGE / "picture.py") == []
    tree = ast.parse((PACKAGE / "picture.py").read_text("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            assert node.end_lineno - node.lineno + 1 <= 40, node.name
