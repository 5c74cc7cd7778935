"""Majda Powers by taps: −1, +1 and REROLL of two dice change the dice exactly as the engine
says; uses left, the next cost and the running score follow; the buttons are disabled on a 1
(−1) or a 6 (+1), when no power is left, and always in NIGHTMARE; a power rescues a MAGDAGDON."""

from __future__ import annotations

import functools

from magdagdon.game import Game, Phase, roll_dice

from .harness import shot
from .play import (
    confirm,
    expect_game,
    open_seeded,
    press,
    roll,
    select,
    stage,
    tap_die,
    view,
    wait_for,
)
from .strategy import (
    en,
    plan_turn,
    simulate,
)


def first_seed(good) -> int:
    return next(s for s in range(1, 5000) if good(s))


def check_powers_label(page, game: Game) -> None:
    label = view(page)["powersLeft"]
    left = en("label.powers_left", count=game.powers_left)
    assert left in label, (label, left)
    if game.next_power_cost is not None:
        cost = en("label.next_cost", cost=game.next_power_cost)
        assert cost in label, (label, cost)
    else:
        assert "−" not in label and "-" not in label, f"a next cost shown with none left: {label}"


def enter_reroll(page, game: Game) -> None:
    press(page, "power-reroll")
    wait_for(page, "() => !document.querySelector('[data-action=reroll-go]').hidden")
    v = expect_game(page, game, choosing=True)
    assert v["status"] == en("status.reroll"), v["status"]
    assert v["buttons"]["reroll-go"]["disabled"], "nothing chosen yet"
    assert v["buttons"]["reroll-go"]["text"] == en("button.reroll.pick")
    assert not v["buttons"]["cancel"]["hidden"]


def choose(page, game: Game, die: int, chosen: bool) -> dict:
    tap_die(page, die)
    wait_for(
        page,
        "([d, c]) => document.querySelector(`[data-die='${d}']`).dataset.chosen === String(c)",
        [die, chosen],
    )
    return expect_game(page, game, choosing=True)


def test_decrease_increase_and_reroll_in_peaceful(shared_page, site_url):
    page = shared_page
    seed = first_seed(lambda s: (d := roll_dice(s, 0, 0, 4))[0] == 1 and 6 in d[1:])
    game = open_seeded(page, site_url, seed, "peaceful")
    check_powers_label(page, game)  # 3 left · next −10; every power button disabled
    game = roll(page, game)
    check_powers_label(page, game)

    # Die 0 shows a 1: −1 is disabled, +1 enabled. A 6: +1 disabled, −1 enabled.
    v = view(page)
    assert v["dice"][0] == {"state": "selected", "value": 1, "chosen": False, "disabled": False}
    assert v["buttons"]["power-dec"]["disabled"] and not v["buttons"]["power-inc"]["disabled"]
    six = game.dice.index(6)
    v = select(page, game, six)
    assert v["buttons"]["power-inc"]["disabled"] and not v["buttons"]["power-dec"]["disabled"]

    # −1 on the 6: it shows 5; 2 uses left, next −20; the running score −10.
    press(page, "power-dec")
    game = game.apply(f"dec {six}")
    v = expect_game(page, game)
    assert v["dice"][six]["value"] == 5 and game.powers_used == 1
    assert v["score"] == "-10"
    check_powers_label(page, game)

    # +1 on the 1: it shows 2; 1 use left, next −40; −30.
    select(page, game, 0)
    press(page, "power-inc")
    game = game.apply("inc 0")
    v = expect_game(page, game)
    assert v["dice"][0]["value"] == 2
    assert v["score"] == "-30"
    check_powers_label(page, game)

    # Stage one die: a staged die cannot be chosen for REROLL.
    staged_die, cell = plan_turn(game)[0]
    game = stage(page, game, staged_die, cell)
    a, b = game.available[:2]

    # Choosing, then Cancel: no power is used.
    enter_reroll(page, game)
    choose(page, game, a, True)
    press(page, "cancel")
    wait_for(page, "() => document.querySelector('[data-action=reroll-go]').hidden")
    expect_game(page, game)

    # REROLL two dice: tapping toggles, the staged die stays out, the button counts.
    enter_reroll(page, game)
    tap_die(page, staged_die)
    v = expect_game(page, game, choosing=True)  # still staged, not chosen
    assert not v["dice"][staged_die]["chosen"]
    choose(page, game, a, True)
    v = choose(page, game, b, True)
    assert v["buttons"]["reroll-go"]["text"] == en("button.reroll.go", count=2)
    assert not v["buttons"]["reroll-go"]["disabled"]
    v = choose(page, game, b, False)
    assert v["buttons"]["reroll-go"]["text"] == en("button.reroll.go", count=1)
    v = choose(page, game, b, True)
    assert [d for d, die in enumerate(v["dice"]) if die["chosen"]] == sorted([a, b])
    shot(page, "phone-reroll-choosing", animations="disabled")
    before = game.dice
    press(page, "reroll-go")
    game = game.apply(f"reroll {min(a, b)} {max(a, b)}")
    v = expect_game(page, game)
    for d in range(4):
        if d not in (a, b):
            assert v["dice"][d]["value"] == before[d], f"die {d} changed without being chosen"
    assert [v["dice"][d]["value"] for d in (a, b)] == [game.dice[a], game.dice[b]]

    # No power left: every power button disabled whatever die is selected; −70 in all.
    assert game.powers_left == 0
    check_powers_label(page, game)
    assert int(v["score"]) == game.score == -70
    for d in game.available:
        v = select(page, game, d)
        for action in ("power-dec", "power-inc", "power-reroll"):
            assert v["buttons"][action]["disabled"], action
    shot(page, "phone-no-power-left", animations="disabled")

    # The turn still ends normally; the penalty stays in the score.
    if game.phase is Phase.PLACING:
        if game.dead_end:
            press(page, "undo")
            game = game.apply("clear")
            expect_game(page, game)
        for die, cell in plan_turn(game)[len(game.placements) :]:
            game = stage(page, game, die, cell)
        game = confirm(page, game)
        assert int(view(page)["score"]) == game.score == game.breakdown.base - 70


def test_survival_has_one_power_reroll_by_pressing_reroll_again(shared_page, site_url):
    page = shared_page
    game = roll(page, open_seeded(page, site_url, 11, "survival"))
    check_powers_label(page, game)  # 1 left · next −70
    enter_reroll(page, game)
    choose(page, game, 0, True)
    choose(page, game, 3, True)
    press(page, "power-reroll")  # the REROLL button again: reroll now
    game = game.apply("reroll 0 3")
    v = expect_game(page, game)
    assert v["score"] == "-70"
    check_powers_label(page, game)
    for d in game.available:
        v = select(page, game, d)
        for action in ("power-dec", "power-inc", "power-reroll"):
            assert v["buttons"][action]["disabled"], action


def test_nightmare_has_no_power(shared_page, site_url):
    page = shared_page
    game = roll(page, open_seeded(page, site_url, 5, "nightmare"))
    v = view(page)
    assert v["powersLeft"] == en("label.no_powers"), v["powersLeft"]
    for d in game.available:
        v = select(page, game, d)
        for action in ("power-dec", "power-inc", "power-reroll"):
            assert v["buttons"][action]["disabled"], action


@functools.cache
def rescue_seed() -> tuple[int, int]:
    """A PEACEFUL seed and turn where the strategy meets a MAGDAGDON that rerolling all four
    dice turns into a placeable roll."""
    for seed in range(1, 500):
        for turn, rolled in enumerate(simulate(Game.new("peaceful", seed))):
            if rolled.phase is Phase.MAGDAGDON:
                if rolled.apply("reroll 0 1 2 3").phase is Phase.PLACING:
                    return seed, turn
                break
    raise AssertionError("no rescuable MAGDAGDON in PEACEFUL seeds 1..499")


def test_a_power_rescues_a_magdagdon(shared_page, site_url):
    page = shared_page
    seed, turn = rescue_seed()
    game = open_seeded(page, site_url, seed, "peaceful")
    for _ in range(turn):
        game = roll(page, game)
        for die, cell in plan_turn(game):
            game = stage(page, game, die, cell)
        game = confirm(page, game)
    game = roll(page, game)
    assert game.phase is Phase.MAGDAGDON
    v = view(page)
    assert not v["buttons"]["power-reroll"]["disabled"], "a power may rescue a MAGDAGDON"
    assert not v["buttons"]["accept-magdagdon"]["hidden"]
    # −1/+1 act on a tapped die in MAGDAGDON too.
    v = select(page, game, 0)
    assert v["buttons"]["power-dec"]["disabled"] is not game.can_change(0, -1)
    assert v["buttons"]["power-inc"]["disabled"] is not game.can_change(0, 1)
    enter_reroll_magdagdon(page, game)
    for d in range(4):
        choose(page, game, d, True)
    press(page, "reroll-go")
    game = game.apply("reroll 0 1 2 3")
    assert game.phase is Phase.PLACING
    v = expect_game(page, game)
    assert v["phase"] == "placing"
    assert v["buttons"]["accept-magdagdon"]["hidden"]
    for die, cell in plan_turn(game):
        game = stage(page, game, die, cell)
    game = confirm(page, game)
    assert int(view(page)["score"]) == game.score


def enter_reroll_magdagdon(page, game: Game) -> None:
    press(page, "power-reroll")
    wait_for(page, "() => !document.querySelector('[data-action=reroll-go]').hidden")
    v = expect_game(page, game, choosing=True)
    assert v["buttons"]["accept-magdagdon"]["hidden"], "accept shown while choosing dice"
