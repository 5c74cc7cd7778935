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

from magdagdon.i18n import LANGUAGES, Translator, placeholders

from .catalogues import CATALOGS
from .mutation_run import reads_sources

ROOT = Path(__file__).resolve().parents[2]
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


#: Where the rules screen departs from the client's text, on purpose, and only there: a line
#: of the seed (its bullet left out) that is itself wrong, with the line shown instead.
CORRECTED = {
    "lt": {
        # "any empty permanent cell" → "any empty cell of the board" (plain words)
        "Priėmęs MAGDAGDON pasirink bet kurį tuščią nuolatinį langelį. Jis tampa GRIUVĖSIAIS "
        "likusiai žaidimo daliai, o ėjimas baigiasi.": "Priėmęs MAGDAGDON pasirink bet kurį "
        "tuščią lentos langelį. Jis tampa GRIUVĖSIAIS likusiai žaidimo daliai, o ėjimas baigiasi.",
    },
    "ca": {
        # "any empty permanent cell" → "any empty cell of the board" (plain words)
        "Quan acceptes MAGDAGDON, tria qualsevol casella buida permanent. Es converteix en una "
        "RUÏNA per a la resta de la partida i el torn acaba.": "Quan acceptes MAGDAGDON, tria "
        "qualsevol casella buida del tauler. Es converteix en una RUÏNA per a la resta de la "
        "partida i el torn acaba.",
    },
    "ta": {
        # "… Before [dangling] you can place more dice …" → "Before confirming you can place
        # more dice"
        "தேவையான குறைந்தபட்சம் வைக்கப்பட்டதும் உறுதிப்படுத்து செயலில் வரும். முன் மேலும் "
        "பகடைகள் வைக்கலாம்; உறுதிப்படுத்தியதும் பயன்படுத்தாதவை தானாக நீக்கப்படும்.": "தேவையான "
        "குறைந்தபட்சம் வைக்கப்பட்டதும் உறுதிப்படுத்து செயலில் வரும். உறுதிப்படுத்தும் முன் "
        "மேலும் பகடைகள் வைக்கலாம்; உறுதிப்படுத்தியதும் பயன்படுத்தாதவை தானாக நீக்கப்படும்.",
        # "The first die may go on any empty cell." (of every turn?) → "The first die of the
        # game may go on any empty cell."
        "முதல் பகடை எந்த காலி செல்லிலும் வைக்கலாம்.": "விளையாட்டின் முதல் பகடை எந்த காலி செல்லிலும் வைக்கலாம்.",
        # "any permanent empty cell" → "any empty cell on the board" (plain words)
        "MAGDAGDON ஐ ஏற்றதும் எந்த நிரந்தர காலி செல்லையும் தேர்ந்தெடுக்கவும். அது மீதமுள்ள "
        "விளையாட்டுக்கு சிதைவாகி முறை முடியும்.": "MAGDAGDON ஐ ஏற்றதும் பலகையில் உள்ள எந்த "
        "காலி செல்லையும் தேர்ந்தெடுக்கவும். அது மீதமுள்ள விளையாட்டுக்கு சிதைவாகி முறை முடியும்.",
        # The straights listed as if 2-3-4-5 were not one → all six of them
        "ஸ்ட்ரெய்ட் ஒரே திசையில் துல்லியமாக நான்கு தொடர்ச்சியான மதிப்புகள்: 1-2-3-4, 3-4-5-6, "
        "4-3-2-1 அல்லது 6-5-4-3.": "ஸ்ட்ரெய்ட் ஒரே திசையில் துல்லியமாக நான்கு தொடர்ச்சியான "
        "மதிப்புகள்: 1-2-3-4, 2-3-4-5, 3-4-5-6, 4-3-2-1, 5-4-3-2 அல்லது 6-5-4-3.",
    },
}
#: Sentences added after a line of the seed (which stays whole), so that the Tamil rules state
#: every rule the Lithuanian and Catalan ones state (its seed is shorter).
COMPLETED = {
    "lt": {},
    "ca": {},
    "ta": {
        # PEACEFUL's penalties: "These are imposed in the order the Powers are used."
        "PEACEFUL: 3 Majda Powers; ஒவ்வொரு முறையிலும் குறைந்தது 2 பகடைகள்; தண்டனைகள் −10, "
        "−20, −40.": "இவை Powers பயன்படுத்தும் வரிசைப்படி விதிக்கப்படும்.",
        # "Here too only the numbers above, below, left and right count; not diagonal ones."
        "புதிய மதிப்பு ஒவ்வொரு அருகிலுள்ள எண்ணிலிருந்தும் அதிகபட்சம் 1 மட்டுமே வேறுபடலாம். சம "
        "மதிப்பு செல்லுபடியாகும்.": "இங்கும் மேல், கீழ், இடது, வலப்புறத்தில் உள்ள எண்கள் "
        "மட்டுமே கணக்கில் எடுக்கப்படும்; சாய்வாக உள்ளவை அல்ல.",
        # "In the order of use: the first Power 10 points, the second 20 more, the third 40
        # more."
        "PEACEFUL இல் Powers 10, 20, 40 புள்ளிகள்; மூன்றும் சேர்த்து 70.": "பயன்படுத்தும் "
        "வரிசைப்படி: முதல் Power 10 புள்ளிகள், இரண்டாவது மேலும் 20, மூன்றாவது மேலும் 40.",
        # "In PEACEFUL these follow the order of use; in SURVIVAL the −70 is for its only use."
        "பின் Majda Power தண்டனைகள்: PEACEFUL −10 / −20 / −40; SURVIVAL −70; NIGHTMARE 0.": "PEACEFUL "
        "இல் இவை பயன்படுத்தும் வரிசைப்படி; SURVIVAL இல் −70 அதன் ஒரே பயன்பாட்டுக்கு.",
        # "The final score includes every ruin and Majda Power penalty; it is saved in the
        # best-scores table of the difficulty played."
        "16 செல்களிலும் எண் அல்லது சிதைவு இருந்தால் விளையாட்டு முடியும். இறுதி மதிப்பெண் உடனே "
        "கணக்கிடப்பட்டு தேதி, முறைகள் மற்றும் பயன்படுத்திய Majda Powers உடன் தொடர்புடைய உயர் "
        "மதிப்பெண்ணில் தானாக சேமிக்கப்படும்.": "இறுதி மதிப்பெண்ணில் எல்லா சிதைவு மற்றும் Majda "
        "Power தண்டனைகளும் அடங்கும்; அது விளையாடிய சிரமத்தின் உயர் மதிப்பெண் பட்டியலில் "
        "சேமிக்கப்படும்.",
    },
}


def _seed_lines(lang: str) -> list[str]:
    """The client's text, line by line (bullets and the game's name left out)."""
    return [
        line.strip().removeprefix("• ").strip()
        for line in (SEEDS / SEED_FILES[lang]).read_text("utf-8").splitlines()
        if line.strip()
    ][1:]  # the first line is the game's name


def _rules(lang: str) -> list[str]:
    """Every paragraph of the rules screen taken from the seed (the keyboard's are not)."""
    return [
        t
        for k, v in CATALOGS[lang].items()
        if k.startswith("rules.")
        and not k.startswith("rules.keys")
        and k.endswith((".title", ".body"))
        and k != "rules.title"
        for t in _texts(v)
    ]


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the client's seeds are not beside the repo")
@pytest.mark.parametrize("lang", list(SEED_FILES))
def test_rules_text_is_the_clients_own_words(lang):
    """Every line of the client's text (but the title) is a paragraph of the rules, word for
    word, and the rules say nothing else, except the corrections and completions above: a wrong
    line replaced by its correction, a line completed by sentences after it (kept whole)."""
    seed = _seed_lines(lang)
    assert set(CORRECTED[lang]) | set(COMPLETED[lang]) <= set(seed)
    assert not set(CORRECTED[lang]) & set(COMPLETED[lang])
    wanted = [
        f"{line} {COMPLETED[lang][line]}"
        if line in COMPLETED[lang]
        else CORRECTED[lang].get(line, line)
        for line in seed
    ]
    assert sorted(_rules(lang)) == sorted(wanted)


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
    keys = set(re.findall(r'data-(?:first-)?i18n(?:-aria)?="([^"]+)"', html))
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


@reads_sources
def test_python_layer_writes_no_prose():
    """Whatever the interface shows comes from the translator: no string literal of two or
    more words stands in the interface's modules (console messages aside)."""
    interface = [ROOT / "magdagdon" / name for name in ("hints.py", "message.py", "share.py")]
    interface += sorted((ROOT / "magdagdon" / "ui").glob("*.py"))
    offenders = [
        f"{path.name}: {text!r}"
        for path in [*interface, *(ROOT / "magdagdon" / "web").glob("*.py")]
        for text in _string_constants(path)
        if re.search(r"[^\W\d_]{2,} [^\W\d_]{2,}", text)
    ]
    assert offenders == []


def test_python_layer_glues_no_texts_with_punctuation():
    """Texts put together are one catalogue format string ("{line} — {bonus}"), which each
    language orders and punctuates as it reads best: no dash or middle dot beside a space in a
    string literal (f-strings' pieces included) of the interface's modules."""
    interface = [ROOT / "magdagdon" / name for name in ("hints.py", "message.py", "share.py")]
    interface += sorted((ROOT / "magdagdon" / "ui").glob("*.py"))
    offenders = [
        f"{path.name}: {text!r}"
        for path in [*interface, *(ROOT / "magdagdon" / "web").glob("*.py")]
        for text in _string_constants(path)
        if re.search(r"\s[—–·]|[—–·]\s", text)
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
