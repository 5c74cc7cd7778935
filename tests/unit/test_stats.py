"""magdagdon.stats: the figures of a list of finished games, worked out by hand."""

from __future__ import annotations

import ast

import pytest

from magdagdon.played import Played
from magdagdon.rules import Bonus, Difficulty
from magdagdon.stats import BonusRate, DifficultyStats, chronological, figures, streaks

from .import_check import PACKAGE, imported_modules, module_name, problems_of
from .mutation_run import reads_imports

P, S, N = Difficulty.PEACEFUL, Difficulty.SURVIVAL, Difficulty.NIGHTMARE


def game(score, date, difficulty=P, *, powers=0, hints=0, base=0, s=0, f=0, p=0, ruins=0):
    """A detailed game (``base=None``: a best score carried over from an older release)."""
    seed, moves = (None, ()) if base is None else (1, ("r",))
    return Played(
        difficulty,
        seed,
        moves,
        score,
        date,
        turns=12,
        powers=powers,
        hints=hints,
        base=base,
        straights=s,
        fours=f,
        pairs=p,
        ruins=ruins,
    )


# -- scores ------------------------------------------------------------------------------------


def test_figures_of_a_small_list_by_hand():
    games = [
        game(100, "2026-05-01", powers=1, hints=3, base=110, s=1, p=2, ruins=0b1000_0000_0000_0001),
        game(200, "2026-05-02", powers=0, base=150, f=1, ruins=0b1),
        game(90, "2026-05-02", powers=2, hints=1, base=140, s=2),
        game(400, "2026-05-01", N),  # another difficulty: left out
    ]
    s = figures(games, P, today="2026-05-03")
    assert isinstance(s, DifficultyStats)
    assert s.difficulty is P
    assert s.games == 3 and s.detailed == 3
    assert s.mean == pytest.approx(130.0)  # (100 + 200 + 90) / 3
    assert s.median == 100.0
    assert s.best == 200
    assert s.last10_mean == pytest.approx(130.0)
    assert s.powers_per_game == 1.0  # 3 / 3
    assert s.hints_per_game == pytest.approx(4 / 3)
    assert s.bonuses == (
        BonusRate(Bonus.STRAIGHT, lines=3, games=2, per_game=1.0, share=pytest.approx(2 / 3)),
        BonusRate(Bonus.FOUR_OF_A_KIND, lines=1, games=1, per_game=pytest.approx(1 / 3),
                  share=pytest.approx(1 / 3)),
        BonusRate(Bonus.TWO_PAIRS, lines=2, games=1, per_game=pytest.approx(2 / 3),
                  share=pytest.approx(1 / 3)),
    )  # fmt: skip
    assert s.bonus(Bonus.TWO_PAIRS).lines == 2
    assert s.ruins_per_game == 1.0  # 2 + 1 + 0 ruins
    assert s.ruin_cells == (2, *[0] * 14, 1)
    assert (s.days, s.streak, s.longest_streak) == (2, 2, 2)


def test_the_difficulty_may_be_named_and_none_means_every_difficulty():
    games = [game(10, "2026-01-01"), game(30, "2026-01-01", S), game(50, "2026-01-02", N)]
    assert figures(games, "Survival", "2026-01-02").games == 1
    everything = figures(games, None, "2026-01-02")
    assert (everything.difficulty, everything.games, everything.mean) == (None, 3, 30.0)
    with pytest.raises(ValueError):
        figures(games, "easy", "2026-01-02")


def test_median_of_an_even_count_is_the_middle_twos_mean():
    games = [game(s, "2026-01-01") for s in (-20, 10, 40, 300)]
    assert figures(games, P, "2026-01-01").median == 25.0


def test_scores_may_be_negative():
    s = figures([game(-45, "2026-01-01"), game(-15, "2026-01-01")], P, "2026-01-01")
    assert (s.best, s.mean, s.median) == (-15, -30.0, -30.0)


def test_last10_are_the_ten_latest_by_date_then_by_order_in_the_list():
    # 12 games listed newest first: the two oldest (scores 0 and 1) are not in the last 10.
    dates = [f"2026-02-{d:02d}" for d in range(12, 0, -1)]
    games = [game(100 - i, date) for i, date in enumerate(dates)]  # 2026-02-01 scores 89
    s = figures(games, P, "2026-02-12")
    assert s.last10_mean == pytest.approx(sum(range(91, 101)) / 10)
    # Same day: the list's order decides (the later in the list is the more recent).
    same = [game(0, "2026-03-01")] + [game(10, "2026-03-01")] * 10
    assert figures(same, P, "2026-03-01").last10_mean == 10.0
    same = [game(10, "2026-03-01")] * 10 + [game(0, "2026-02-28")]
    assert figures(same, P, "2026-03-01").last10_mean == 10.0


def test_chronological_is_stable_and_filters():
    games = [game(1, "2026-01-02"), game(2, "2026-01-01", S), game(3, "2026-01-01")]
    assert [g.score for g in chronological(games, P)] == [3, 1]
    assert [g.score for g in chronological(games, None)] == [2, 3, 1]


# -- legacy records ---------------------------------------------------------------------------


def test_legacy_records_count_for_scores_but_not_for_the_breakdown():
    games = [
        game(300, "2025-06-01", base=None, powers=2, hints=1),
        game(100, "2025-06-02", base=120, s=1, ruins=0b10),
    ]
    s = figures(games, P, "2025-06-02")
    assert (s.games, s.detailed) == (2, 1)
    assert (s.mean, s.best, s.median) == (200.0, 300, 200.0)
    assert s.powers_per_game == 1.0 and s.hints_per_game == 0.5  # every game
    assert s.bonus(Bonus.STRAIGHT) == BonusRate(Bonus.STRAIGHT, 1, 1, 1.0, 1.0)  # detailed only
    assert s.ruins_per_game == 1.0 and s.ruin_cells[1] == 1 and sum(s.ruin_cells) == 1


def test_only_legacy_records_have_no_breakdown_rates():
    s = figures([game(250, "2025-06-01", base=None)], P, "2025-06-01")
    assert (s.games, s.detailed, s.best) == (1, 0, 250)
    assert s.ruins_per_game is None
    assert all(r.per_game is None and r.share is None and r.lines == 0 for r in s.bonuses)
    assert s.ruin_cells == (0,) * 16


# -- the empty case ---------------------------------------------------------------------------


def test_no_game_gives_zeros_and_nones():
    s = figures([], S, "2026-01-01")
    assert (s.games, s.detailed, s.days, s.streak, s.longest_streak) == (0, 0, 0, 0, 0)
    assert (s.mean, s.median, s.best, s.last10_mean) == (None, None, None, None)
    assert (s.powers_per_game, s.hints_per_game, s.ruins_per_game) == (None, None, None)
    assert [r.bonus for r in s.bonuses] == [Bonus.STRAIGHT, Bonus.FOUR_OF_A_KIND, Bonus.TWO_PAIRS]
    assert s.ruin_cells == (0,) * 16


def test_the_result_is_frozen():
    s = figures([], S, "2026-01-01")
    with pytest.raises(AttributeError):
        s.games = 3  # type: ignore[misc]


# -- streaks ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dates", "today", "expected"),
    [
        ([], "2026-01-01", (0, 0)),
        (["2026-01-01"], "2026-01-01", (1, 1)),
        (["2025-12-31"], "2026-01-01", (1, 1)),  # yesterday keeps the streak alive
        (["2025-12-30"], "2026-01-01", (0, 1)),  # the day before yesterday does not
        # across a year's end
        (["2025-12-30", "2025-12-31", "2026-01-01"], "2026-01-01", (3, 3)),
        # across a month's end (February of a leap year, then of a common year)
        (["2024-02-28", "2024-02-29", "2024-03-01"], "2024-03-02", (3, 3)),
        (["2025-02-27", "2025-02-28", "2025-03-01"], "2025-03-01", (3, 3)),
        (["2025-04-30", "2025-05-01"], "2025-05-01", (2, 2)),
        # a gap: the current streak is the latest run, the longest an older one
        (["2025-03-01", "2025-03-02", "2025-03-03", "2025-03-05", "2025-03-06"], "2025-03-06",
         (2, 3)),
        # several games a day count once; date-times count by their day
        (["2025-03-01", "2025-03-01", "2025-03-02T23:59", "2025-03-03T00:01"], "2025-03-03",
         (3, 3)),
        # a game dated after today (a clock set back) does not extend the current streak
        (["2025-03-02", "2025-03-03", "2025-03-04"], "2025-03-03", (2, 3)),
        # an unreadable date is ignored
        (["2025-03-03", "bogus", ""], "2025-03-03", (1, 1)),
    ],
)  # fmt: skip
def test_streaks(dates, today, expected):
    assert streaks(dates, today) == expected


def test_streaks_in_figures_are_per_difficulty():
    games = [game(1, "2026-01-01"), game(1, "2026-01-02", S), game(1, "2026-01-03")]
    s = figures(games, P, "2026-01-03")
    assert (s.days, s.streak, s.longest_streak) == (2, 1, 1)
    assert figures(games, None, "2026-01-03").streak == 3


def test_today_must_be_an_iso_date():
    with pytest.raises(ValueError):
        figures([], P, "yesterday")


# -- the project's rules ----------------------------------------------------------------------


def test_functions_are_at_most_40_lines():
    for name in ("stats.py", "plots.py"):
        tree = ast.parse((PACKAGE / name).read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                assert node.end_lineno - node.lineno + 1 <= 40, (name, node.name)


@reads_imports
def test_stats_and_plots_are_imported_on_first_use_only():
    """No module of the package (the web layer included) imports them when it is imported."""
    for path in PACKAGE.rglob("*.py"):
        source = path.read_text("utf-8")
        name = module_name(path)
        found = imported_modules(source, name, path.name == "__init__.py", at_import=True)
        assert not found & {"magdagdon.stats", "magdagdon.plots"}, name


@reads_imports
def test_stats_and_plots_import_only_the_standard_library():
    for name in ("stats.py", "plots.py"):
        assert problems_of(PACKAGE / name) == []
    assert "TYPE_CHECKING" in (PACKAGE / "stats.py").read_text("utf-8")  # history: types only
