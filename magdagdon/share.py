"""What the game says outside itself: the text SHARE hands over, and the link that deals the
same dice again. Pure (the translator and the page's address are passed in), so CPython tests
cover every word; the browser layer only hands the result to the Web Share API or the clipboard.

>>> from magdagdon.game import Game
>>> from magdagdon.i18n import Translator
>>> tr = Translator({"en": {"share.text": "MAGDAGDON {difficulty}: {score}",
...                         "share.link": "Same dice: {link}",
...                         "difficulty.nightmare": "NIGHTMARE"}}, "en")
>>> text, link = share_text(Game.new("nightmare", seed=7), tr, "https://example.org/magdagdon/")
>>> link
'https://example.org/magdagdon/?seed=7&difficulty=nightmare'
>>> print(text)
MAGDAGDON NIGHTMARE: 0
⬜⬜⬜⬜
⬜⬜⬜⬜
⬜⬜⬜⬜
⬜⬜⬜⬜
Same dice: https://example.org/magdagdon/?seed=7&difficulty=nightmare
"""

from __future__ import annotations

from .game import Game
from .i18n import Translator
from .rules import EMPTY, RUIN, SIZE, Difficulty

__all__ = ["compact_board", "number", "replay_query", "share_text"]

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


def replay_query(difficulty: Difficulty, seed: int) -> str:
    """The query string that starts the same game (same dice) again.

    >>> replay_query(Difficulty.NIGHTMARE, 42)
    '?seed=42&difficulty=nightmare'
    """
    return f"?seed={seed}&difficulty={difficulty.value}"


def share_text(game: Game, tr: Translator, page: str) -> tuple[str, str]:
    """The text SHARE hands over (score, board, link) and the link alone, which replays the same
    dice: ``page`` is the game's address without its query (origin and path)."""
    link = page + replay_query(game.difficulty, game.seed)
    difficulty = tr.t(f"difficulty.{game.difficulty.value}")
    lines = [
        tr.t("share.text", difficulty=difficulty, score=number(game.score)),
        compact_board(game.board),
        tr.t("share.link", link=link),
    ]
    return "\n".join(lines), link
