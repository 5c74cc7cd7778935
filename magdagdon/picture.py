"""The picture SHARE hands over: a finished game as an SVG string, drawn here (no library).

Pure (standard library only), imported on first use (a game's end, ahead in idle time); the
browser turns the SVG into a PNG (an ``<img>`` drawn to a canvas) and hands it to the Web
Share API, or offers to save it. What it shows, in the player's words and script:

- the game's name and its logo die, then what it was: a daily roll's name
  (``gameover.daily.title``, and ``daily.chip.practice`` for practice), the difficulty
  (``difficulty.<name>``) and the date as the player reads it (passed in), joined by `` · ``;
- the board as the game draws it: dice with pips, dark cracked ruins, empty cells; each row's
  sum at its end and each column's under it, a line's bonus in purple with its points and its
  name (``bonus.<kind>``);
- the final score under ``gameover.total``, and the challenge ``picture.beat`` (score):
  "Beat {score}?";
- as its label (``role="img"``), ``share.text`` (difficulty, score).

Unlike the statistics' plots it lives outside the page (an ``<img>`` of its own, then a
file), so its colours are the light theme's values written out (static/css/game.css), not the
page's custom properties, and its fonts are the system's (an SVG drawn as an image loads no web
font): the page's stack with Tamil-capable fonts in it. SVG text does not wrap: each text's
width is estimated from its characters and its size lowered until it fits its room.

>>> from magdagdon.game import Game
>>> t = lambda key, **params: key.upper() + "".join(f" {v}" for v in params.values())
>>> svg = picture(Game.new("survival", seed=1), t, date="1 Dec 2026")
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" class="picture" width="1080"')
True
>>> "BEAT 0" in svg and "1 Dec 2026" in svg
True
"""

from __future__ import annotations

from collections.abc import Sequence

from .game import Game
from .i18n import Translate
from .rules import EMPTY, RUIN, SIZE, LineScore
from .share import number

__all__ = [
    "COLOURS",
    "FONT",
    "HEIGHT",
    "PIPS",
    "WIDTH",
    "cell_box",
    "fit",
    "picture",
    "text_width",
]

WIDTH = 1080
HEIGHT = 1520
#: The light theme's colours (static/css/game.css :root), written out: an image has no CSS.
COLOURS = {
    "bg": "#f6e7d8",
    "bg2": "#f1dcc7",
    "surface": "#fffaf4",
    "ink": "#3a2630",
    "ink-soft": "#6e5560",
    "line": "#e2cbb6",
    "accent": "#c8344f",
    "accent-ink": "#ffffff",
    "die": "#fffdf8",
    "die-edge": "#e9d9c9",
    "pip": "#3a2630",
    "ruin": "#3d3237",
    "ruin-crack": "#9b8890",
    "bonus": "#7a3fb0",
}
#: The page's text stack (--font), Tamil-capable fonts included; the system's, never a web font.
FONT = (
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Tamil', "
    "'Nirmala UI', 'Latha', 'Tamil Sangam MN', sans-serif"
)
#: Where a die's pips are (fractions of its side), as the page's CSS puts them.
_A, _M, _Z = 0.27, 0.5, 0.73
PIPS = {
    1: ((_M, _M),),
    2: ((_Z, _A), (_A, _Z)),
    3: ((_Z, _A), (_M, _M), (_A, _Z)),
    4: ((_A, _A), (_Z, _A), (_A, _Z), (_Z, _Z)),
    5: ((_A, _A), (_Z, _A), (_M, _M), (_A, _Z), (_Z, _Z)),
    6: ((_A, _A), (_Z, _A), (_A, _M), (_Z, _M), (_A, _Z), (_Z, _Z)),
}
#: The board's geometry: its panel's left and top, padding, cell, gap, the sums' column
#: width and row height.
_PAD, _CELL, _GAP, _SUM_W, _SUM_H = 24, 172, 14, 170, 128
_PANEL_W = 2 * _PAD + SIZE * _CELL + SIZE * _GAP + _SUM_W
_PANEL_H = 2 * _PAD + SIZE * _CELL + SIZE * _GAP + _SUM_H
_LEFT, _TOP = (WIDTH - _PANEL_W) // 2, 236
#: A ruin's crack (fractions of its side): a zigzag and a branch.
_CRACK = ((0.2, 0.12), (0.44, 0.4), (0.34, 0.56), (0.62, 0.8), (0.8, 0.9))
_BRANCH = ((0.44, 0.4), (0.66, 0.34), (0.86, 0.22))


def escape(text: str) -> str:
    """``text`` as XML character data (as :func:`magdagdon.plots.escape`, which is not imported:
    the statistics' plots stay unloaded until they are shown).

    >>> escape("a < b & c")
    'a &lt; b &amp; c'
    """
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def quoteattr(text: str) -> str:
    """``text`` as a double-quoted XML attribute value.

    >>> quoteattr('say "1 < 2"')
    '"say &quot;1 &lt; 2&quot;"'
    """
    return '"' + escape(text).replace('"', "&quot;").replace("\n", "&#10;") + '"'


def text_width(text: str, size: float) -> float:
    """An estimate (generous) of ``text``'s width at ``size`` in a bold system font: capitals
    and digits wider than small letters, a Tamil letter wider still, its vowel signs narrower.

    >>> text_width("MAGDAGDON", 10) > text_width("magdagdon", 10)
    True
    """
    em = 0.0
    for char in text:
        code = ord(char)
        if 0x0B80 <= code <= 0x0BFF:
            em += 0.45 if 0x0BBE <= code <= 0x0BCD or code in (0x0B82, 0x0BD7) else 0.9
        elif char == " ":
            em += 0.3
        elif char.isupper() or char.isdigit() or code > 0x2000:
            em += 0.72
        else:
            em += 0.58
    return em * size


def fit(text: str, size: float, room: float) -> float:
    """The largest size up to ``size`` at which ``text`` fits ``room`` (by :func:`text_width`).

    >>> fit("SURVIVAL", 40, 1000), fit("SURVIVAL", 40, 100) < 40
    (40, True)
    """
    width = text_width(text, size)
    return size if width <= room else round(size * room / width, 1)


def _f(value: float) -> str:
    """A coordinate: one decimal at most."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _text(x: float, y: float, content: str, size: float, fill: str, extra: str = "") -> str:
    return (
        f'<text x="{_f(x)}" y="{_f(y)}" font-size="{_f(size)}" fill="{COLOURS[fill]}"'
        f"{extra}>{escape(content)}</text>"
    )


def _logo(x: float, y: float, side: float) -> str:
    """The game's logo: a tilted accent die showing three in white."""
    pips = "".join(
        f'<circle cx="{_f(x + px * side)}" cy="{_f(y + py * side)}" r="{_f(side * 0.12)}" '
        'fill="#ffffff"/>'
        for px, py in ((0.28, 0.28), (0.5, 0.5), (0.72, 0.72))
    )
    centre = f"{_f(x + side / 2)} {_f(y + side / 2)}"
    return (
        f'<g class="logo" transform="rotate(-8 {centre})"><rect x="{_f(x)}" y="{_f(y)}" '
        f'width="{_f(side)}" height="{_f(side)}" rx="{_f(side * 0.27)}" '
        f'fill="{COLOURS["accent"]}"/>{pips}</g>'
    )


def _die(x: float, y: float, side: float, value: int, cell: int) -> str:
    """A die as the page draws it: a rounded light face, a soft edge and shadow, dark pips."""
    pips = "".join(
        f'<circle cx="{_f(x + px * side)}" cy="{_f(y + py * side)}" r="{_f(side * 0.095)}" '
        f'fill="{COLOURS["pip"]}"/>'
        for px, py in PIPS[value]
    )
    return (
        f'<g class="die" data-cell="{cell}" data-value="{value}">'
        f'<rect x="{_f(x)}" y="{_f(y + 5)}" width="{_f(side)}" height="{_f(side)}" rx="30" '
        'fill="#3a2630" fill-opacity="0.12"/>'
        f'<rect x="{_f(x + 2)}" y="{_f(y + 2)}" width="{_f(side - 4)}" height="{_f(side - 4)}" '
        f'rx="28" fill="{COLOURS["die"]}" stroke="{COLOURS["die-edge"]}" stroke-width="4"/>'
        f"{pips}</g>"
    )


def _points(x: float, y: float, side: float, points: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{_f(x + px * side)},{_f(y + py * side)}" for px, py in points)


def _ruin(x: float, y: float, side: float, cell: int) -> str:
    """A ruin: a dark tile with a light crack."""
    crack = (
        f'fill="none" stroke="{COLOURS["ruin-crack"]}" stroke-width="6" '
        'stroke-linecap="round" stroke-linejoin="round"'
    )
    return (
        f'<g class="ruin" data-cell="{cell}"><rect x="{_f(x)}" y="{_f(y)}" width="{_f(side)}" '
        f'height="{_f(side)}" rx="30" fill="{COLOURS["ruin"]}"/>'
        f'<polyline points="{_points(x, y, side, _CRACK)}" {crack}/>'
        f'<polyline points="{_points(x, y, side, _BRANCH)}" {crack}/></g>'
    )


def _empty(x: float, y: float, side: float, cell: int) -> str:
    return (
        f'<rect class="empty" data-cell="{cell}" x="{_f(x + 2)}" y="{_f(y + 2)}" '
        f'width="{_f(side - 4)}" height="{_f(side - 4)}" rx="28" fill="{COLOURS["bg"]}" '
        f'stroke="{COLOURS["line"]}" stroke-width="4"/>'
    )


def cell_box(cell: int) -> tuple[int, int, int, int]:
    """Where ``cell`` is drawn: (left, top, right, bottom), in the picture's pixels.

    >>> cell_box(0)[2] - cell_box(0)[0], cell_box(5)[0] - cell_box(4)[0] > 172
    (172, True)
    """
    x = _LEFT + _PAD + (cell % SIZE) * (_CELL + _GAP)
    y = _TOP + _PAD + (cell // SIZE) * (_CELL + _GAP)
    return x, y, x + _CELL, y + _CELL


def _cell(board: Sequence[int], cell: int) -> str:
    x, y, _, _ = cell_box(cell)
    value = board[cell]
    if value == RUIN:
        return _ruin(x, y, _CELL, cell)
    if value == EMPTY:
        return _empty(x, y, _CELL, cell)
    return _die(x, y, _CELL, value, cell)


def _lines_of(name: str, width: float, size: float) -> list[tuple[str, float]]:
    """A bonus's name on one line, or two broken at the space nearest its middle, each at the
    size that fits ``width``."""
    if fit(name, size, width) >= size * 0.8 or " " not in name:
        return [(name, fit(name, size, width))]
    spaces = [i for i, char in enumerate(name) if char == " "]
    cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
    halves = name[:cut], name[cut + 1 :]
    least = min(fit(half, size, width) for half in halves)
    return [(half, least) for half in halves]


def _sum(line: LineScore, t: Translate) -> str:
    """A line's sum at its end (a row's) or under it (a column's); a bonus in purple."""
    across = line.kind == "row"
    step = line.index * (_CELL + _GAP)
    x = _LEFT + _PAD + (SIZE * (_CELL + _GAP) if across else step)
    y = _TOP + _PAD + (step if across else SIZE * (_CELL + _GAP))
    width, height = (_SUM_W, _CELL) if across else (_CELL, _SUM_H)
    won = line.bonus
    name = f"{line.kind}-{line.index}"
    ink = "surface" if won else "ink"
    out = [f'<g class="sum" data-line="{name}" data-bonus="{won.value if won else ""}">']
    if won:
        out.append(
            f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(width)}" height="{_f(height)}" '
            f'rx="22" fill="{COLOURS["bonus"]}"/>'
        )
    words = _lines_of(f"+{won.points} {t('bonus.' + won.value)}", width - 16, 24) if won else []
    number_y = y + height / 2 + 17 - 14 * len(words)
    middle = ' text-anchor="middle" font-weight="800"'
    out.append(_text(x + width / 2, number_y, str(line.total), 50, ink, middle))
    for n, (said, size) in enumerate(words):
        out.append(_text(x + width / 2, number_y + 34 + n * 28, said, size, ink, middle))
    out.append("</g>")
    return "".join(out)


def _header(game: Game, t: Translate, date: str, daily: bool, practice: bool) -> list[str]:
    """The logo and the name, then what the game was: its kind, difficulty and date."""
    kinds = [t("gameover.daily.title")] if daily else []
    kinds += [t("daily.chip.practice")] if daily and practice else []
    said = " · ".join([*kinds, t(f"difficulty.{game.difficulty.value}"), date])
    room = WIDTH - 2 * _LEFT
    bold = ' font-weight="700"'
    return [
        _logo(_LEFT + 8, 56, 88),
        _text(_LEFT + 124, 134, "MAGDAGDON", 84, "ink", ' font-weight="900" letter-spacing="5"'),
        _text(_LEFT + 8, 206, said, fit(said, 40, room), "ink-soft", bold),
    ]


def _footer(game: Game, t: Translate) -> list[str]:
    """The final score under its label, then the challenge on an accent pill."""
    top = _TOP + _PANEL_H
    room = WIDTH - 2 * _LEFT
    label, beat = t("gameover.total"), t("picture.beat", score=number(game.score))
    middle = ' text-anchor="middle"'
    heavy = middle + ' font-weight="900"'
    pill_y, pill_w = top + 198, WIDTH - 2 * _LEFT - 120
    return [
        _text(WIDTH / 2, top + 62, label, fit(label, 40, room), "ink-soft", middle),
        _text(WIDTH / 2, top + 170, number(game.score), 120, "ink", heavy),
        f'<rect x="{_f((WIDTH - pill_w) / 2)}" y="{_f(pill_y)}" width="{_f(pill_w)}" '
        f'height="96" rx="48" fill="{COLOURS["accent"]}"/>',
        _text(WIDTH / 2, pill_y + 66, beat, fit(beat, 54, pill_w - 60), "accent-ink", heavy),
    ]


def picture(
    game: Game,
    t: Translate,
    *,
    date: str,
    daily: bool = False,
    practice: bool = False,
    language: str = "en",
) -> str:
    """``game`` (finished) as the SVG SHARE hands over, worded by ``t`` in ``language``;
    ``date``: the day as the player reads it; ``daily``/``practice``: a daily roll's game."""
    breakdown = game.breakdown
    label = t(
        "share.text", difficulty=t(f"difficulty.{game.difficulty.value}"), score=number(game.score)
    )
    body = [
        '<defs><radialGradient id="bg" cx="50%" cy="0%" r="120%">'
        f'<stop offset="0" stop-color="{COLOURS["bg2"]}"/>'
        f'<stop offset="0.6" stop-color="{COLOURS["bg"]}"/></radialGradient></defs>',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="url(#bg)"/>',
        *_header(game, t, date, daily, practice),
        f'<rect x="{_LEFT}" y="{_TOP + 6}" width="{_PANEL_W}" height="{_PANEL_H}" rx="40" '
        'fill="#3a2630" fill-opacity="0.1"/>',
        f'<rect class="board" x="{_LEFT}" y="{_TOP}" width="{_PANEL_W}" height="{_PANEL_H}" '
        f'rx="40" fill="{COLOURS["surface"]}"/>',
        *(_cell(game.board, cell) for cell in range(SIZE * SIZE)),
        *(_sum(line, t) for line in breakdown.lines),
        *_footer(game, t),
    ]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="picture" width="{WIDTH}" '
        f'height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" xml:lang={quoteattr(language)} '
        f'role="img" aria-label={quoteattr(label)} font-family={quoteattr(FONT)}>'
        + "".join(body)
        + "</svg>"
    )
