"""One turn in detail, by taps on a phone: selecting dice, the highlighted cells, refusals that
explain, CONFIRM's enablement, taking back one die and all, a dead end, MAGDAGDON accepted
(and cancelled) and a ruin placed. Screenshots of each screen go to tests/e2e/screenshots/."""

from __future__ import annotations

from magdagdon.game import Game, Phase
from magdagdon.rules import neighbours

from .harness import shot
from .play import (
    accept,
    confirm,
    expect_game,
    open_seeded,
    press,
    roll,
    ruin,
    select,
    stage,
    tap_cell,
    tap_die,
    view,
    wait_for,
)
from .strategy import (
    en,
    find_seed,
    plan_turn,
)


def test_confirm_needs_the_minimum_and_dice_can_be_taken_back(shared_page, site_url):
    page = shared_page
    seed = find_seed("nightmare", "four dice placeable")
    game = open_seeded(page, site_url, seed, "nightmare")
    v = view(page)
    assert v["status"] == en("status.roll"), v["status"]
    assert v["buttons"]["confirm"]["hidden"], "CONFIRM is shown before ROLL"
    shot(page, "phone-roll", animations="disabled")

    # ROLL: four dice, the first one selected, every cell highlighted for the first die.
    game = roll(page, game)
    v = view(page)
    assert [d["state"] for d in v["dice"]] == ["selected", "available", "available", "available"]
    assert [d["value"] for d in v["dice"]] == list(game.dice)
    assert [c["legal"] for c in v["cells"]] == [True] * 16, "first die: any empty cell"
    assert v["buttons"]["confirm"]["disabled"], "CONFIRM enabled with nothing staged"
    assert v["more"] == en("button.confirm.more", count=3), v["more"]
    assert v["status"] == en("status.place", count=3), v["status"]
    shot(page, "phone-placing", animations="disabled")

    # Stage the engine's plan for all four dice, one at a time: CONFIRM counts down 3, 2, 1,
    # becomes enabled at the minimum and stays enabled with the fourth die staged.
    plan = plan_turn(game)
    assert len(plan) == 4, plan
    for n, (die, cell) in enumerate(plan, 1):
        game = stage(page, game, die, cell)  # expect_game checks CONFIRM and its .more text
        v = view(page)
        assert v["cells"][cell]["state"] == "staged"
        assert v["cells"][cell]["value"] == game.dice[die]
        assert v["dice"][die]["state"] == "staged"
        assert v["buttons"]["confirm"]["disabled"] is (n < 3), (n, v["buttons"]["confirm"])
        assert v["buttons"]["undo"]["disabled"] is False
        if n < 3:
            assert v["more"] == en("button.confirm.more", count=3 - n), v["more"]
        else:
            assert v["more"] == "", v["more"]
            assert v["status"] == en("status.ready"), v["status"]
        if n == 3:
            shot(page, "phone-staged", animations="disabled")

    # Take back one die by tapping its cell: it returns to the tray with its value.
    die, cell = plan[-1]
    tap_cell(page, cell)
    game = game.apply(f"unstage {die}")
    v = expect_game(page, game)
    assert v["cells"][cell]["state"] == "empty"
    assert v["dice"][die]["state"] in ("available", "selected")
    assert v["dice"][die]["value"] == game.dice[die]
    assert not v["buttons"]["confirm"]["disabled"], "3 staged: CONFIRM must stay enabled"

    # Take back one die by tapping the die itself: below the minimum again.
    die, cell = plan[1]
    tap_die(page, die)
    game = game.apply(f"unstage {die}")
    v = expect_game(page, game)
    assert v["cells"][cell]["state"] == "empty"
    assert v["buttons"]["confirm"]["disabled"]
    assert len(game.placements) < 3

    # Take back all: every die back on the tray, nothing staged, "3 more to stage".
    press(page, "undo")
    game = game.apply("clear")
    v = expect_game(page, game)
    assert [c["state"] for c in v["cells"]] == ["empty"] * 16
    assert [d["value"] for d in v["dice"]] == list(game.dice), "taking back changed the dice"
    assert v["buttons"]["undo"]["disabled"]
    assert v["more"] == en("button.confirm.more", count=3)

    # Stage again and CONFIRM: the numbers are permanent, the unstaged dice are gone.
    for die, cell in plan[:3]:
        game = stage(page, game, die, cell)
    game = confirm(page, game)
    v = view(page)
    assert game.phase is Phase.ROLL and game.turn == 1
    assert [d["state"] for d in v["dice"]] == ["blank"] * 4
    assert sorted(i for i, c in enumerate(v["cells"]) if c["state"] == "number") == sorted(
        c for _, c in plan[:3]
    )
    assert int(v["score"]) == game.score > 0


def test_an_illegal_cell_is_refused_with_the_reason(shared_page, site_url):
    page = shared_page
    seed = find_seed("nightmare", "four dice placeable")
    game = roll(page, open_seeded(page, site_url, seed, "nightmare"))
    first_die, first_cell = plan_turn(game)[0]
    game = stage(page, game, first_die, first_cell)

    # A die on a cell that touches no number: nothing happens but the explanation.
    die = game.available[0]
    v = select(page, game, die)
    far = next(c for c in range(16) if c != first_cell and c not in neighbours(first_cell))
    assert not v["cells"][far]["legal"]
    tap_cell(page, far)
    wait_status(page, en("reason.not-adjacent"))
    v = expect_game(page, game)  # nothing staged, nothing saved
    assert v["alert"]

    # A die next to a number it differs from by more than 1: refused, and the page says why.
    die, cell = next(
        (d, c)
        for d in game.available
        for c in neighbours(first_cell)
        if game.explain(d, c) == "too-far"
    )
    select(page, game, die)
    tap_cell(page, cell)
    direction = {-4: "reason.down", 4: "reason.up", -1: "reason.right", 1: "reason.left"}[
        cell - first_cell
    ]
    wait_status(
        page,
        en(
            "reason.too-far",
            value=game.dice[die],
            neighbour=game.dice[first_die],
            direction=en(direction),
        ),
    )
    expect_game(page, game)

    # A tap on the staged cell takes the die back instead.
    tap_cell(page, first_cell)
    game = game.apply(f"unstage {first_die}")
    expect_game(page, game)


def wait_status(page, text: str) -> None:
    try:
        wait_for(page, "t => document.querySelector('#status').textContent.trim() === t", text)
    except Exception:
        raise AssertionError(f"status line {view(page)['status']!r}, expected {text!r}") from None


def find_dead_end(game: Game) -> list[tuple[int, int]] | None:
    """Stagings (at most two) after which the minimum cannot be reached, though it could."""

    def search(g: Game, path: list[tuple[int, int]]) -> list[tuple[int, int]] | None:
        if g.dead_end:
            return path
        if len(path) == 2:
            return None
        for d in g.available:
            for c in g.legal[d]:
                found = search(g.apply(f"stage {d} {c}"), [*path, (d, c)])
                if found:
                    return found
        return None

    return search(game, [])


def test_a_dead_end_is_announced_and_taking_back_cures_it(shared_page, site_url):
    page = shared_page
    seed = next(
        s
        for s in range(1, 2000)
        if (g := Game.new("nightmare", s).apply("roll")).phase is Phase.PLACING and find_dead_end(g)
    )
    game = roll(page, open_seeded(page, site_url, seed, "nightmare"))
    path = find_dead_end(game)
    for die, cell in path:
        game = stage(page, game, die, cell)
    assert game.dead_end
    v = view(page)
    assert v["status"] == en("status.dead_end"), v["status"]
    assert v["alert"], "the dead end should be an alert"
    assert v["buttons"]["confirm"]["disabled"]
    assert v["buttons"]["accept-magdagdon"]["hidden"], "bad staging never causes MAGDAGDON"
    press(page, "undo")
    game = game.apply("clear")
    v = expect_game(page, game)
    assert v["status"] == en("status.place", count=3), v["status"]


def test_magdagdon_accepted_cancelled_and_a_ruin_placed(shared_page, site_url):
    page = shared_page
    seed = find_seed("nightmare", "a magdagdon first")
    game = roll(page, open_seeded(page, site_url, seed, "nightmare"))
    assert game.phase is Phase.MAGDAGDON
    v = view(page)
    assert v["phase"] == "magdagdon"
    assert v["alert"], "MAGDAGDON must be announced as an alert"
    assert v["status"].startswith(en("status.magdagdon")), v["status"]
    assert [d["value"] for d in v["dice"]] == list(game.dice), "the dice stay visible"
    assert not v["buttons"]["accept-magdagdon"]["hidden"]
    assert not v["buttons"]["accept-magdagdon"]["disabled"]
    for action in ("power-dec", "power-inc", "power-reroll"):
        assert v["buttons"][action]["disabled"], f"{action} usable in NIGHTMARE"
    shot(page, "phone-magdagdon", animations="disabled")
    # A cell tap does nothing in MAGDAGDON.
    tap_cell(page, 0)
    expect_game(page, game)

    # Accept: every empty cell is offered (reachable or not); CANCEL goes back.
    game = accept(page, game)
    v = view(page)
    assert [c["legal"] for c in v["cells"]] == [True] * 16
    assert not v["buttons"]["cancel"]["hidden"]
    assert v["buttons"]["accept-magdagdon"]["hidden"]
    assert v["status"] == en("status.ruin"), v["status"]
    shot(page, "phone-ruin", animations="disabled")
    press(page, "cancel")
    game = game.apply("cancel")
    v = expect_game(page, game)
    assert v["buttons"]["cancel"]["hidden"]
    assert not v["buttons"]["accept-magdagdon"]["hidden"]

    # Accept again and ruin cell 10: the turn ends, −15.
    game = ruin(page, accept(page, game), 10)
    v = view(page)
    assert v["cells"][10]["state"] == "ruin"
    assert game.phase is Phase.ROLL and game.turn == 1
    assert v["score"] == "-15"
    shot(page, "phone-after-ruin", animations="disabled")

    # A ruin is not a number: the next first die may go on any other empty cell.
    game = roll(page, game)
    if game.phase is Phase.PLACING:
        v = view(page)
        selected = [d for d, die in enumerate(v["dice"]) if die["state"] == "selected"]
        assert selected, "no die selected after ROLL"
        assert [i for i, c in enumerate(v["cells"]) if c["legal"]] == [
            i for i in range(16) if i != 10
        ]
        tap_cell(page, 10)  # the ruin: refused
        expect_game(page, game)
