"""The translation logic of magdagdon/i18n.py (the catalogue files are tested elsewhere)."""

from __future__ import annotations

import json

import pytest

from magdagdon.i18n import (
    FALLBACK,
    LANGUAGES,
    Translator,
    load_catalog,
    pick_language,
    placeholders,
    plural_category,
)

DICE = {"one": "{count} die", "other": "{count} dice"}
KAULIUKAI = {"one": "{count} kauliukas", "few": "{count} kauliukai", "other": "{count} kauliukų"}

CATALOGS = {
    "en": {
        "title": "MAGDAGDON",
        "greeting": "Hello, {name}!",
        "dice": DICE,
        "rules": ["First paragraph.", "Second paragraph."],
        "only-english": "Only in English",
        "score": "{points} points in {turns} turns",
    },
    "lt": {
        "title": "MAGDAGDONAS",
        "greeting": "Labas, {name}!",
        "dice": KAULIUKAI,
    },
    "ca": {"title": "MAGDAGDON (ca)"},
}


def tr(language: str) -> Translator:
    return Translator(CATALOGS, language)


# -- plural rules ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("n", "category"),
    [
        (0, "other"),
        (1, "one"),
        (2, "few"),
        (5, "few"),
        (9, "few"),
        (10, "other"),
        (11, "other"),
        (12, "other"),
        (15, "other"),
        (19, "other"),
        (20, "other"),
        (21, "one"),
        (22, "few"),
        (29, "few"),
        (30, "other"),
        (31, "one"),
        (100, "other"),
        (101, "one"),
        (111, "other"),
        (112, "other"),
        (121, "one"),
        (122, "few"),
        (1001, "one"),
        (1011, "other"),
    ],
)
def test_lithuanian_plurals_one_few_other(n, category):
    # CLDR lt, integers: one = n%10 is 1 and n%100 not 11..19; few = n%10 in 2..9 and n%100
    # not 11..19; other = the rest (0, 10..20, 30, ...).
    assert plural_category("lt", n) == category


@pytest.mark.parametrize("language", ["en", "ca", "ta"])
@pytest.mark.parametrize(("n", "category"), [(0, "other"), (1, "one"), (2, "other"), (21, "other")])
def test_english_catalan_tamil_plurals_one_other(language, n, category):
    assert plural_category(language, n) == category


def test_an_unknown_language_uses_the_english_plural_rule():
    assert plural_category("xx", 1) == "one"
    assert plural_category("xx", 2) == "other"


def test_negative_counts_take_the_category_of_their_size():
    assert plural_category("lt", -1) == "one"
    assert plural_category("lt", -3) == "few"
    assert plural_category("en", -1) == "one"


def test_t_picks_the_plural_form_by_count():
    assert tr("en").t("dice", count=1) == "1 die"
    assert tr("en").t("dice", count=0) == "0 dice"
    assert tr("en").t("dice", count=4) == "4 dice"
    assert tr("lt").t("dice", count=1) == "1 kauliukas"
    assert tr("lt").t("dice", count=3) == "3 kauliukai"
    assert tr("lt").t("dice", count=11) == "11 kauliukų"
    assert tr("lt").t("dice", count=21) == "21 kauliukas"


def test_a_missing_plural_form_uses_other():
    catalogs = {"en": {"dice": DICE}, "lt": {"dice": {"one": "{count} k.", "other": "{count} kk."}}}
    assert Translator(catalogs, "lt").t("dice", count=3) == "3 kk."


def test_a_plural_without_count_uses_the_form_of_zero():
    assert tr("en").t("dice") == "{count} dice"
    assert tr("lt").t("dice", name="x") == "{count} kauliukų"


# -- lookup and fallback ---------------------------------------------------------------------------
def test_t_returns_the_text_of_the_language():
    assert tr("lt").t("title") == "MAGDAGDONAS"
    assert tr("ca").t("title") == "MAGDAGDON (ca)"


def test_a_key_missing_from_a_catalogue_falls_back_to_english():
    assert tr("lt").t("only-english") == "Only in English"
    assert tr("ca").t("dice", count=2) == "2 dice"  # English forms, Catalan rule (also one/other)


def test_an_english_plural_under_the_lithuanian_rule_falls_back_to_other():
    catalogs = {"en": {"dice": DICE}, "lt": {}}
    assert Translator(catalogs, "lt").t("dice", count=3) == "3 dice"  # "few" is not in English
    assert Translator(catalogs, "lt").t("dice", count=1) == "1 die"


def test_a_language_without_a_catalogue_falls_back_to_english():
    translator = tr("ta")
    assert translator.language == FALLBACK == "en"
    assert translator.t("title") == "MAGDAGDON"


def test_a_key_missing_from_english_shows_the_key():
    assert tr("lt").t("no.such.key") == "no.such.key"
    assert tr("en").t("no.such.key", count=2) == "no.such.key"


# -- placeholders ----------------------------------------------------------------------------------
def test_placeholders_are_filled():
    assert tr("lt").t("greeting", name="Majda") == "Labas, Majda!"
    assert tr("en").t("score", points=120, turns=9) == "120 points in 9 turns"


def test_a_missing_placeholder_value_stays_visible():
    assert tr("en").t("score", points=120) == "120 points in {turns} turns"


def test_extra_parameters_are_ignored():
    assert tr("en").t("greeting", name="Majda", unused=1) == "Hello, Majda!"


def test_a_text_without_parameters_is_returned_as_written():
    assert tr("en").t("greeting") == "Hello, {name}!"


def test_placeholders_lists_the_names():
    assert placeholders("{count} of {total}, {count}") == {"count", "total"}
    assert placeholders("no names") == set()


# -- lists of paragraphs ---------------------------------------------------------------------------
def test_a_list_entry_gives_paragraphs_or_joined_text():
    assert tr("lt").paragraphs("rules") == ["First paragraph.", "Second paragraph."]
    assert tr("en").t("rules") == "First paragraph.\nSecond paragraph."
    assert tr("en").paragraphs("title") == ["MAGDAGDON"]


# -- pick_language ---------------------------------------------------------------------------------
def test_languages_the_game_speaks():
    assert LANGUAGES == ("en", "lt", "ca", "ta")


@pytest.mark.parametrize(
    ("saved", "preferred", "expected"),
    [
        ("lt", ["ca-ES", "en"], "lt"),  # the saved choice wins
        (None, ["de-AT", "ca-ES", "en"], "ca"),  # else the first spoken preference
        (None, ["LT-lt"], "lt"),  # tags are case-insensitive
        (None, ["ta-IN", "lt"], "ta"),
        (None, ["pt-BR", "de"], "en"),  # else English
        (None, [], "en"),
        ("de", ["lt"], "lt"),  # a saved language the game does not speak is ignored
        ("", [], "en"),
    ],
)
def test_pick_language(saved, preferred, expected):
    assert pick_language(saved, preferred) == expected


def test_pick_language_accepts_any_iterable():
    assert pick_language(None, iter(["fr", "ca"])) == "ca"


# -- load_catalog ----------------------------------------------------------------------------------
def test_load_catalog_accepts_texts_lists_and_plurals():
    data = {"a": "text {x}", "b": ["p1", "p2"], "c": {"one": "1", "other": "n"}, "d": []}
    assert load_catalog(json.dumps(data)) == data


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        "[]",
        '"a string"',
        "null",
        json.dumps({"a": 1}),
        json.dumps({"a": None}),
        json.dumps({"a": True}),
        json.dumps({"a": ["ok", 2]}),
        json.dumps({"a": [["nested"]]}),
        json.dumps({"a": {"one": "1"}}),  # a plural needs "other"
        json.dumps({"a": {"one": "1", "other": 2}}),
        json.dumps({"a": {"other": {"deeper": "x"}}}),
    ],
)
def test_load_catalog_rejects_what_is_not_a_flat_object_of_texts(text):
    with pytest.raises(ValueError):
        load_catalog(text)


def test_load_catalog_names_the_bad_entry():
    with pytest.raises(ValueError, match="'bad'"):
        load_catalog(json.dumps({"good": "x", "bad": 3}))


def test_a_catalogue_is_read_by_the_packages_own_loader_from_a_folder_or_a_zip(tmp_path):
    import json
    import subprocess
    import sys
    import zipfile
    from pathlib import Path

    from magdagdon.i18n import read_catalog

    root = Path(__file__).resolve().parents[2]
    assert read_catalog("lt") == json.loads((root / "i18n" / "lt.json").read_text("utf-8"))
    assert read_catalog("xx") is None
    # As the built site has it: the package and the catalogues inside one zip on Python's path.
    zipped = tmp_path / "python.zip"
    with zipfile.ZipFile(zipped, "w") as zf:
        for path in [*root.glob("magdagdon/*.py"), *root.glob("i18n/*.json")]:
            zf.write(path, path.relative_to(root).as_posix())
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import magdagdon.i18n as i;"
        "print(i.__file__.startswith(sys.argv[1]), len(i.read_catalog('ta')), i.read_catalog('xx'))"
    )
    done = subprocess.run([sys.executable, "-I", "-c", code, str(zipped)], capture_output=True,
                          text=True, check=True)  # fmt: skip
    assert done.stdout.split() == ["True", str(len(read_catalog("ta") or {})), "None"]
