"""The moves of a finished game in one or two characters each (magdagdon/moves.py): every move
its own characters, real games' moves round trip, nothing else is written or read."""

from __future__ import annotations

import pytest

from magdagdon.moves import MAX_MOVES, _move_tokens, decode_moves, encode_moves

from .mutation_run import plain
from .played_games import games


def some(count: int = 30) -> list:
    return list(games(count))


# -- the moves codec -------------------------------------------------------------------------------
def test_every_move_has_its_own_one_or_two_characters():
    tokens = _move_tokens()
    assert len(set(tokens.values())) == len(tokens) == 64 + 16 + 12 + 15 + 6
    assert all(1 <= len(token) <= 2 for token in tokens.values())
    assert all('"' not in token and "\\" not in token for token in tokens.values())
    for move, token in tokens.items():
        assert decode_moves(token) == (move,)
    verbs = {move.split()[0] for move in tokens}
    assert verbs == {
        "roll", "stage", "unstage", "clear", "confirm", "dec", "inc", "reroll", "accept",
        "cancel", "ruin", "hint",
    }  # fmt: skip


def test_the_moves_of_real_games_round_trip_in_about_one_character_each():
    total_moves = total_chars = 0
    for played in some(90):
        text = encode_moves(played.moves)
        assert decode_moves(text) == played.moves
        total_moves += len(played.moves)
        total_chars += len(text)
    assert total_chars < 1.2 * total_moves


@pytest.mark.parametrize(
    "move",
    ["reroll 2 0", "reroll 0 0", "stage 4 0", "stage 0 16", "ruin 16", "dec 4", "roll ", "?", 7],
)
def test_only_canonical_moves_can_be_encoded(move):
    with pytest.raises(ValueError):
        encode_moves(["roll", move])


@pytest.mark.parametrize(
    "text",
    ["#", "#g", "<4", ">", "%0", "^9", '"', "\\", " ", ".A!x\n", "é", "." * 501, 5, None],
    ids=plain,
)
def test_bad_moves_text_is_refused(text):
    with pytest.raises(ValueError):
        decode_moves(text)


def test_no_more_moves_than_a_saved_game_holds():
    assert len(decode_moves("?" * MAX_MOVES)) == MAX_MOVES
    with pytest.raises(ValueError):
        decode_moves("?" * (MAX_MOVES + 1))
