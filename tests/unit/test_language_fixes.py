"""The language fixes, one by one: Catalan's NIGHTMARE label, the take-back-all button, the
Tamil rules as complete as the Lithuanian and Catalan ones, plain words for the MAGDAGDON ruin,
texts put together by the catalogues, dates in the player's region, and a truthful notice
(once) for the best scores of a newer release."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from magdagdon.game import SCHEMA
from magdagdon.i18n import LANGUAGES, Translator, date_locale, placeholders
from magdagdon.notices import TOLD_KEY
from magdagdon.records import SETTINGS_KEY, Entry, MemoryStore, best_key
from magdagdon.rules import Difficulty
from magdagdon.session import Session

from .catalogues import CATALOGS
from .controllers import finished_ui
from .mutation_run import plain
from .sessions import new_session

ROOT = Path(__file__).resolve().parents[2]
RULE_SECTIONS = ("objective", "turn", "difficulty", "placement", "powers", "magdagdon")
RULE_SECTIONS += ("scoring", "end", "about")


def rules(lang: str, section: str) -> list[str]:
    return CATALOGS[lang][f"rules.{section}.body"]


# -- 1. Catalan: NIGHTMARE has no powers ---------------------------------------------------------
def test_catalan_says_nightmare_has_no_powers():
    text = CATALOGS["ca"]["label.no_powers"]
    assert "NIGHTMARE" in text
    assert not re.search(r"\ba NIGHTMARE\b", text), "not 'towards NIGHTMARE'"
    assert re.search(r"\b(no|sense)\b", text), text


# -- 2. The take-back-all button says "all" ------------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "all_"),
    [("en", "all"), ("lt", "visus"), ("ca", "tot"), ("ta", "எல்லாம்")],
    ids=plain,
)
def test_the_take_back_button_says_all(lang, all_):
    assert all_ in CATALOGS[lang]["button.undo"].split()


# -- 3. The Tamil rules say every rule the Lithuanian and Catalan ones say ------------------------
@pytest.mark.parametrize("section", RULE_SECTIONS)
def test_tamil_rules_have_a_paragraph_for_each_of_the_others(section):
    assert len(rules("ta", section)) == len(rules("lt", section)) == len(rules("ca", section))


def test_tamil_rules_say_the_first_die_of_the_game_goes_anywhere():
    first = rules("ta", "placement")[0]
    assert first.startswith("விளையாட்டின் முதல் பகடை")  # "the first die of the game"
    assert "காலி செல்லிலும்" in first  # "on any empty cell"


def test_tamil_rules_list_every_straight():
    straights = ("1-2-3-4", "2-3-4-5", "3-4-5-6", "4-3-2-1", "5-4-3-2", "6-5-4-3")
    line = next(p for p in rules("ta", "scoring") if "1-2-3-4" in p)
    assert all(s in line for s in straights), line
    # Lithuanian and Catalan give examples ("for example"); Tamil lists them all.
    assert "pavyzdžiui" in next(p for p in rules("lt", "scoring") if "1-2-3-4" in p)
    assert "per exemple" in next(p for p in rules("ca", "scoring") if "1-2-3-4" in p)


@pytest.mark.parametrize("section", ["difficulty", "powers", "scoring"])
def test_tamil_rules_say_the_penalties_follow_the_order_of_use(section):
    """Wherever the PEACEFUL penalties are listed, in the order the Powers are used (as the
    Lithuanian "panaudojimo tvarka" / "1-oji … 2-oji … 3-ioji" say)."""
    lt = [p for p in rules("lt", section) if "PEACEFUL" in p and ("40" in p)]
    ta = [p for p in rules("ta", section) if "PEACEFUL" in p and ("40" in p)]
    assert len(lt) == len(ta) == 1
    assert "tvarka" in lt[0] or "1-oji" in lt[0]
    assert "பயன்படுத்தும் வரிசைப்படி" in ta[0], ta[0]  # "in the order of use"


def test_tamil_rules_say_the_value_rule_is_orthogonal_too():
    third = rules("ta", "placement")[2]
    assert "ortogonaliai" in rules("lt", "placement")[2]
    assert "சாய்வாக உள்ளவை அல்ல" in third  # "not diagonal ones"


def test_tamil_rules_say_what_the_final_score_includes_and_where_it_is_kept():
    lt = rules("lt", "end")[0]
    ta = rules("ta", "end")[0]
    assert "įskaitant visas GRIUVĖSIŲ ir Majda Power baudas" in lt
    assert "தண்டனைகளும் அடங்கும்" in ta  # "every … penalty is included"
    assert "விளையாடிய சிரமத்தின்" in ta  # "of the difficulty played"


def test_no_tamil_sentence_starts_with_a_dangling_before():
    for section in RULE_SECTIONS:
        for paragraph in rules("ta", section):
            assert not re.search(r"(^|[.;:!?]\s+)முன்\s", paragraph), paragraph


def test_tamil_rules_give_every_number_the_others_give():
    """Every number (a score, a count, a straight) the Lithuanian and Catalan rules give is in
    the Tamil ones too, section by section."""
    for section in RULE_SECTIONS:
        numbers = {
            lang: set(re.findall(r"\d+(?:-\d+)*", " ".join(rules(lang, section))))
            for lang in ("lt", "ca", "ta")
        }
        ordinals = {"1", "2", "3", "20"}  # "1-oji", "2a", "20-uoju": words in Tamil
        assert numbers["lt"] - numbers["ta"] <= ordinals, (section, numbers["lt"] - numbers["ta"])
        assert numbers["ca"] - numbers["ta"] <= ordinals, (section, numbers["ca"] - numbers["ta"])


# -- 4. Plain words: "an empty cell on the board", not "an empty permanent cell" ----------------
@pytest.mark.parametrize(
    ("lang", "jargon"),
    [
        ("en", "permanent cell"),
        ("lt", "nuolatin"),
        ("ca", "buida permanent"),
        ("ta", "நிரந்தர காலி"),
    ],
    ids=plain,
)
def test_the_ruin_is_any_empty_cell_in_plain_words(lang, jargon):
    ruin = rules(lang, "magdagdon")[2]
    assert jargon not in ruin, ruin
    assert not any(jargon in p for s in RULE_SECTIONS for p in rules(lang, s))


def test_the_english_ruin_rule_reads_plainly():
    assert rules("en", "magdagdon")[2].startswith(
        "When you accept MAGDAGDON, choose any empty cell on the board."
    )


# -- 5. Texts put together by format strings ------------------------------------------------------
FORMATS = {
    "gameover.bonus_line": {"line", "bonus"},
    "scores.title.difficulty": {"difficulty"},
    "label.powers_next": {"left", "next"},
    "cell.label.note": {"label", "note"},
}


@pytest.mark.parametrize("key", FORMATS)
def test_the_joined_texts_are_format_strings_of_every_catalogue(key):
    paint = ROOT / "magdagdon" / "ui" / "paint"
    render = "".join(path.read_text("utf-8") for path in sorted(paint.glob("*.py")))
    assert f'"{key}"' in render
    for lang in LANGUAGES:
        assert placeholders(CATALOGS[lang][key]) == FORMATS[key], (lang, key)


def test_a_bonus_line_and_the_table_title_read_as_before_in_english():
    tr = Translator(CATALOGS, "en")
    line = tr.t("gameover.bonus_line", line=tr.t("line.row", n=2), bonus=tr.t("bonus.straight"))
    assert line == "Row 2 — STRAIGHT"
    title = tr.t("scores.title.difficulty", difficulty=tr.t("difficulty.survival"))
    assert title == "Best scores — SURVIVAL"
    left = tr.t("label.powers_left", count=2)
    assert tr.t("label.powers_next", left=left, next=tr.t("label.next_cost", cost=20)) == (
        "2 left · next −20"
    )


# -- 6. Dates (and figures) in the player's region -------------------------------------------------
@pytest.mark.parametrize(
    ("language", "browser", "locale"),
    [
        ("en", ["en-GB"], "en-GB"),
        ("en", ["en-US", "en"], "en-US"),
        ("en", ["en"], "en"),
        ("en", ["lt-LT", "en-AU"], "en-AU"),  # the first regional English of the list
        ("en", ["lt-LT"], "en"),  # a Lithuanian browser, the game in English
        ("lt", ["en-GB"], "lt"),
        ("lt", ["lt-LT"], "lt-LT"),
        ("ca", ["ca-ES-valencia"], "ca-ES-valencia"),
        ("ta", ["ta-LK", "en-GB"], "ta-LK"),
        ("ta", ["TA-in"], "TA-in"),  # case as the browser gives it (Intl accepts any)
        ("en", ["en-GB-u-ca-buddhist"], "en-GB"),  # extensions left out
        ("en", ["en_GB"], "en-GB"),
        ("en", [], "en"),
        ("en", ["eng-GB", "english", "en-", "en-G_B", "", None], "en"),  # nothing Intl takes
        ("en", ["ena-GB"], "en"),  # a language that only starts like English
    ],
)
def test_date_locale(language, browser, locale):
    assert date_locale(language, browser) == locale


def test_the_painters_write_dates_and_figures_for_intl_in_the_regional_locale():
    # (the page formats each token with Intl in its locale: the same call in Python's applier and
    # in the first frame's script)
    from magdagdon.ui.paint import Painter, Token, Words

    ui = finished_ui(day="2026-12-01")
    ui.press("stats")
    painter = Painter(Words(Translator(CATALOGS, "en"), ["en-GB", "en"]))
    writes = {(element, what): value for element, what, value in painter.draw(ui.view())}
    tokens = [token for token in _tokens(writes.values()) if token.kind != "date"]
    assert tokens and {t.locale for t in tokens} == {"en-GB"}
    ui.press("close")
    ui.press("details")
    writes = {(element, what): value for element, what, value in painter.draw(ui.view())}
    day = writes[("id:over-daily", "text")]
    assert Token("date", "2026-12-01", "medium", "en-GB") in day
    lithuanian = Painter(Words(Translator(CATALOGS, "lt"), ["en-GB"]))
    day = {(e, w): v for e, w, v in lithuanian.draw(ui.view())}[("id:over-daily", "text")]
    assert Token("date", "2026-12-01", "medium", "lt") in day  # (not the English region)


def _tokens(values: object) -> list[Any]:
    from magdagdon.ui.paint import Node, Token

    found: list[Any] = []
    for value in values if isinstance(values, list | tuple | type({}.values())) else [values]:
        if isinstance(value, Token):
            found.append(value)
        elif isinstance(value, Node):
            found += _tokens([value.text, *value.children])
        elif isinstance(value, tuple):
            found += _tokens(value)
    return found


# -- 7. A newer release's best scores: kept, said so truthfully, once -----------------------------
NEWER = json.dumps({"schema": SCHEMA + 1, "entries": [{"score": 300, "new": "field"}]})
TABLE = json.dumps(
    {"schema": SCHEMA, "entries": [{"score": 120, "date": "2026-11-29", "turns": 9, "powers": 1}]}
)


def session(store: MemoryStore) -> Session:
    return new_session(store, languages=LANGUAGES, seed=3)


def test_a_newer_releases_table_is_told_as_kept_not_as_removed():
    store = MemoryStore({best_key(Difficulty.SURVIVAL): NEWER})
    sess = session(store)
    assert sess.take_notices() == ["newer-scores"]
    assert store.get(best_key(Difficulty.SURVIVAL)) == NEWER  # kept, byte for byte
    english = CATALOGS["en"]["notice.newer-scores"]
    assert "kept" in english and "newer" in english
    assert not re.search(r"remov|damag|delet", english)


def test_a_newer_releases_table_is_told_once_not_at_every_visit():
    store = MemoryStore({best_key(Difficulty.SURVIVAL): NEWER})
    assert session(store).take_notices() == ["newer-scores"]
    assert json.loads(store.get(TOLD_KEY)) == [best_key(Difficulty.SURVIVAL)]
    told = store.get(TOLD_KEY)
    for _ in range(2):  # reloads
        assert session(store).take_notices() == []
    assert store.get(best_key(Difficulty.SURVIVAL)) == NEWER
    assert store.get(TOLD_KEY) == told
    # Another table of a newer release appears: told about (once) too.
    store.set(best_key(Difficulty.PEACEFUL), NEWER)
    assert session(store).take_notices() == ["newer-scores"]
    assert session(store).take_notices() == []
    assert store.get(best_key(Difficulty.PEACEFUL)) == NEWER


def test_a_damaged_table_beside_a_newer_one_is_still_told_as_damaged():
    store = MemoryStore(
        {best_key(Difficulty.SURVIVAL): NEWER, best_key(Difficulty.PEACEFUL): "{broken"}
    )
    assert sorted(session(store).take_notices()) == ["dropped-scores", "newer-scores"]
    assert session(store).take_notices() == []  # the damaged one cleaned, the newer one told


def test_valid_tables_and_settings_say_nothing_and_write_no_reminder():
    store = MemoryStore({best_key(Difficulty.PEACEFUL): TABLE, SETTINGS_KEY: "{broken"})
    assert session(store).take_notices() == ["dropped-settings"]
    assert TOLD_KEY not in store.data
    assert [e.score for e in session(store).history().best(Difficulty.PEACEFUL)] == [120]


def test_an_unreadable_reminder_only_means_telling_again():
    store = MemoryStore({best_key(Difficulty.NIGHTMARE): NEWER, TOLD_KEY: "{not json"})
    assert session(store).take_notices() == ["newer-scores"]
    assert session(store).take_notices() == []


def test_the_newer_tables_notice_says_the_same_in_every_language():
    for lang in LANGUAGES:
        assert "MAGDAGDON" in CATALOGS[lang]["notice.newer-scores"], lang
    assert Entry.parse(json.loads(NEWER)["entries"][0], Difficulty.SURVIVAL) is None
