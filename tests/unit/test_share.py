"""What SHARE hands over (magdagdon/share.py): the board as die faces, the replay link, the
score's sign, and the whole text in every language, from real catalogues."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from magdagdon.game import Game
from magdagdon.i18n import LANGUAGES, Translator
from magdagdon.rules import CELLS, EMPTY, RUIN, SIZE, Difficulty
from magdagdon.share import compact_board, number, replay_query, share_text

from .catalogues import CATALOGS
from .greedy import finished
from .mutation_run import plain
from .sessions import new_session

PAGE = "https://cubiri.example/magdagdon/"


def test_the_shared_board_shows_each_cell_as_a_die_face_or_a_square():
    game = next(g for g in (finished("nightmare", s) for s in range(50)) if RUIN in g.board)
    lines = compact_board(game.board).split("\n")
    assert [len(line) for line in lines] == [SIZE] * SIZE
    for cell, value in enumerate(game.board):
        face = lines[cell // SIZE][cell % SIZE]
        assert face == ("⬛" if value == RUIN else chr(ord("⚀") + value - 1))
    assert compact_board((EMPTY,) * CELLS) == "\n".join(["⬜" * SIZE] * SIZE)


def test_the_replay_link_starts_the_same_game_again():
    query = replay_query(Difficulty.SURVIVAL, 1234)
    assert query.startswith("?")
    wishes = {name: values for name, [values] in parse_qs(query[1:]).items()}
    difficulty = Difficulty.parse(wishes["difficulty"])
    session = new_session(seed=int(wishes["seed"]), difficulty=difficulty)
    assert session.game == Game.new(Difficulty.SURVIVAL, 1234)


@pytest.mark.parametrize(
    ("n", "shown"), [(-70, "−70"), (-1, "−1"), (0, "0"), (212, "212")], ids=plain
)
def test_a_score_is_shown_with_a_true_minus_sign(n, shown):
    assert number(n) == shown


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_share_text_says_difficulty_score_board_and_link_in_each_language(language):
    tr = Translator(CATALOGS, language)
    game = finished("survival", 5)
    text, link = share_text(game, tr, PAGE)
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == PAGE
    assert parse_qs(parts.query) == {
        "seed": [str(game.seed)],
        "difficulty": ["survival"],
        "vs": [str(game.score)],  # a challenge: beat this score on the same dice
    }
    lines = text.split("\n")
    assert lines[0] == tr.t(
        "share.text", difficulty=tr.t("difficulty.survival"), score=number(game.score)
    )
    assert tr.t("difficulty.survival") in lines[0] and number(game.score) in lines[0]
    assert "\n".join(lines[1 : 1 + SIZE]) == compact_board(game.board)
    assert lines[1 + SIZE :] == tr.t("share.link", link=link).split("\n")
    assert link in lines[-1]
    assert "{" not in text, "a placeholder was left unfilled"


def test_a_negative_score_is_shared_with_its_minus_sign():
    game = next(g for g in (finished("nightmare", s) for s in range(200)) if g.score < 0)
    text, _ = share_text(game, Translator(CATALOGS, "en"), PAGE)
    assert number(game.score) in text.split("\n")[0]
    assert number(game.score).startswith("−")
