"""What the game says outside itself: the text SHARE hands over, the link that deals the same
dice again (a challenge: ``&vs=SCORE`` asks whoever opens it to beat the score), and what such
a link asks for (:func:`read_link`). Pure (the translator, the page's address and the date as
the player reads it are passed in), so CPython tests cover every word; the browser layer only
hands the result to the Web Share API or the clipboard.

>>> from magdagdon.game import Game
>>> from magdagdon.i18n import Translator
>>> tr = Translator({"en": {"share.text": "MAGDAGDON {difficulty}: {score}",
...                         "share.link": "Beat me with the same dice: {link}",
...                         "difficulty.nightmare": "NIGHTMARE"}}, "en")
>>> text, link = share_text(Game.new("nightmare", seed=7), tr, "https://example.org/magdagdon/")
>>> link
'https://example.org/magdagdon/?seed=7&difficulty=nightmare&vs=0'
>>> print(text)
MAGDAGDON NIGHTMARE: 0
⬜⬜⬜⬜
⬜⬜⬜⬜
⬜⬜⬜⬜
⬜⬜⬜⬜
Beat me with the same dice: https://example.org/magdagdon/?seed=7&difficulty=nightmare&vs=0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from .game import Game, parse_score, parse_seed
from .i18n import Translator
from .rules import EMPTY, RUIN, SIZE, Difficulty

if TYPE_CHECKING:
    from .puzzles import Puzzle

__all__ = [
    "Link",
    "compact_board",
    "daily_share_text",
    "number",
    "puzzle_text",
    "read_link",
    "replay_query",
    "share_text",
]


#: Die faces for the shared board; a RUIN is a black square, an empty cell a white one.
_FACES = {RUIN: "⬛", EMPTY: "⬜", 1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}


def number(n: int) -> str:
    """A score as shown: a true minus sign for negatives.

    >>> number(-39), number(0)
    ('−39', '0')
    """
    return f"−{-n}" if n < 0 else str(n)


def compact_board(board: tuple[int, ...]) -> str:
    """The board as four lines of die faces, for sharing.

    >>> print(compact_board((1, 2, 3, 4) * 3 + (-1, 0, 6, 5)))
    ⚀⚁⚂⚃
    ⚀⚁⚂⚃
    ⚀⚁⚂⚃
    ⬛⬜⚅⚄
    """
    return "\n".join(
        "".join(_FACES[v] for v in board[row : row + SIZE]) for row in range(0, SIZE * SIZE, SIZE)
    )


def replay_query(difficulty: Difficulty, seed: int, vs: int | None = None) -> str:
    """The query string that starts the same game (same dice) again; ``vs``: a score to beat.

    >>> replay_query(Difficulty.NIGHTMARE, 42), replay_query(Difficulty.PEACEFUL, 7, vs=-39)
    ('?seed=42&difficulty=nightmare', '?seed=7&difficulty=peaceful&vs=-39')
    """
    return f"?seed={seed}&difficulty={difficulty.value}" + ("" if vs is None else f"&vs={vs}")


def share_text(game: Game, tr: Translator, page: str) -> tuple[str, str]:
    """The text SHARE hands over (score, board, link) and the link alone, which deals the same
    dice and asks to beat the score: ``page`` is the game's address without its query (origin
    and path)."""
    link = page + replay_query(game.difficulty, game.seed, game.score)
    difficulty = tr.t(f"difficulty.{game.difficulty.value}")
    lines = [
        tr.t("share.text", difficulty=difficulty, score=number(game.score)),
        compact_board(game.board),
        tr.t("share.link", link=link),
    ]
    return "\n".join(lines), link


def daily_share_text(
    game: Game,
    tr: Translator,
    page: str,
    *,
    day: str,
    day_text: str,
    practice: bool,
    streak: int,
) -> tuple[str, str]:
    """The daily roll's text, as the word games share theirs: a title line with the day (as the
    player reads it, ``day_text``) and the score, the final board in die faces, the streak (not
    for practice), and the link to the same day's dice that asks to beat the score.

    >>> from magdagdon.i18n import Translator
    >>> tr = Translator({"en": {
    ...     "share.daily": "MAGDAGDON daily {date} — {score}",
    ...     "share.daily.practice": "MAGDAGDON daily {date} (practice) — {score}",
    ...     "share.daily.streak": "{count} days in a row",
    ...     "share.daily.link": "Beat me: {link}"}}, "en")
    >>> game = Game.new("survival", seed=3)
    >>> text, link = daily_share_text(game, tr, "https://m.example/", day="2026-12-01",
    ...                               day_text="12/1/2026", practice=False, streak=4)
    >>> print(text)
    MAGDAGDON daily 12/1/2026 — 0
    ⬜⬜⬜⬜
    ⬜⬜⬜⬜
    ⬜⬜⬜⬜
    ⬜⬜⬜⬜
    4 days in a row
    Beat me: https://m.example/?daily=2026-12-01&vs=0
    """
    link = f"{page}?daily={day}&vs={game.score}"
    title = "share.daily.practice" if practice else "share.daily"
    lines = [tr.t(title, date=day_text, score=number(game.score)), compact_board(game.board)]
    if not practice and streak:
        lines.append(tr.t("share.daily.streak", count=streak))
    lines.append(tr.t("share.daily.link", link=link))
    return "\n".join(lines), link


def puzzle_text(puzzle: Puzzle, tr: Translator, page: str) -> tuple[str, str]:
    """The text SEND hands over (what to do, the board and dice in die faces, the sender's
    loss when said, the link) and the link alone."""
    game = puzzle.game
    link = f"{page}?puzzle={puzzle.code}"
    faces = "".join("⚀⚁⚂⚃⚄⚅"[v - 1] for v in game.dice)
    lines = [tr.t("puzzle.send.text", difficulty=tr.t(f"difficulty.{game.difficulty.value}"))]
    lines += [compact_board(game.board), tr.t("puzzle.send.dice", dice=faces)]
    if puzzle.lost is not None:
        lines.append(tr.t("puzzle.send.lost", points=tr.t("review.points", count=puzzle.lost)))
    lines.append(tr.t("puzzle.send.link", link=link))
    return "\n".join(lines), link


class Link(NamedTuple):
    """What a link asks for: an ordinary game's ``seed`` and ``difficulty``, a daily roll's
    ``day``, a score to beat (``vs``), the birthday card (``gift``), a screen to open
    (``screen``, from ``open``: one of SCREENS); and the notices (codes under ``notice.``) for
    what it asked for wrongly, which is then ignored."""

    seed: int | None = None
    difficulty: Difficulty | None = None
    day: str | None = None
    vs: int | None = None
    gift: bool = False
    notices: tuple[str, ...] = ()
    screen: str | None = None
    #: A friend's puzzle (``puzzle=CODE``: :mod:`magdagdon.puzzles`).
    puzzle: Puzzle | None = None

    @property
    def opens(self) -> tuple[str, ...]:
        """The buttons that open the link's screen (none: no screen)."""
        return SCREENS.get(self.screen or "", ())


T = TypeVar("T")

#: The parameters a link may carry (they are removed from the address once read).
LINK_PARAMETERS = ("seed", "difficulty", "daily", "vs", "gift", "open", "puzzle")
#: The screens a link may open (``?open=rules``: the app's shortcuts), each as the buttons a
#: player presses to reach it, pressed once the game is on screen (the table decides, as for
#: taps: with nothing to practise, the statistics say so). Another value is left out without a
#: word: only a hand-made link has one.
SCREENS: dict[str, tuple[str, ...]] = {
    "rules": ("rules",),
    "scores": ("scores",),
    "practise": ("stats", "practise"),
    "puzzle": ("puzzle",),
}


def _read(
    params: Mapping[str, str],
    name: str,
    parse: Callable[[str], T],
    notices: list[str],
    notice: str | Callable[[ValueError], str],
) -> T | None:
    """Parameter ``name`` read by ``parse``; None when it is absent, or bad (then its notice,
    ``notice`` or what ``notice(error)`` says, is added to ``notices``)."""
    if name not in params:
        return None
    try:
        return parse(params[name])
    except ValueError as error:
        notices.append(notice(error) if callable(notice) else notice)
        return None


def _day(value: str, today: str) -> str:
    """A link's daily roll: today's (empty), or a past day (the daily module, on first use)."""
    from .daily import parse_day

    return parse_day(value or today, today)


def _puzzle(value: str) -> Puzzle:
    """A link's puzzle (the puzzle module, on first use)."""
    from .puzzles import decode

    return decode(value)


def _puzzle_notice(error: ValueError) -> str:
    return "impossible-puzzle" if getattr(error, "problem", "") == "impossible" else "bad-puzzle"


def _daily_notice(error: ValueError) -> str:
    return "future-daily" if "future" in str(error) else "bad-daily"


def read_link(params: Mapping[str, str], today: str) -> Link:
    """What the query ``params`` ask for, on the player's day ``today``. A bad value is
    ignored with a notice; a daily roll (``daily``: empty for today's, or a past day
    ``YYYY-MM-DD``) wins over a seed; a score to beat needs dice to beat it on.

    >>> link = read_link({"daily": "", "vs": "212"}, "2026-12-01")
    >>> link.day, link.vs, link.notices, link.puzzle
    ('2026-12-01', 212, (), None)
    >>> read_link({"seed": "x", "vs": "ten"}, "2026-12-01").notices
    ('bad-seed', 'bad-vs')
    >>> read_link({"daily": "2026-12-02"}, "2026-12-01").notices
    ('future-daily',)
    >>> [read_link({"open": screen}, "2026-12-01").screen for screen in ("rules", "x")]
    ['rules', None]
    """
    notices: list[str] = []
    seed = _read(params, "seed", parse_seed, notices, "bad-seed")
    difficulty = _read(params, "difficulty", Difficulty.parse, notices, "bad-difficulty")
    day = _read(params, "daily", lambda value: _day(value, today), notices, _daily_notice)
    vs = _read(params, "vs", parse_score, notices, "bad-vs")
    if vs is not None and seed is None and day is None:
        if not notices:  # a challenge with no dice to play (said once, with any other)
            notices.append("bad-vs")
        vs = None
    if day is not None:
        seed = difficulty = None
    screen = params.get("open")
    puzzle = _read(params, "puzzle", _puzzle, notices, _puzzle_notice)
    if puzzle is not None and (seed is not None or day is not None):
        puzzle = None  # (a link deals a game or a puzzle: the game wins)
    return Link(seed, difficulty, day, vs, "gift" in params, tuple(notices),
                screen if screen in SCREENS else None, puzzle)  # fmt: skip
