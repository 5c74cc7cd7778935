"""What the page says and moves beyond its elements (magdagdon/ui/paint/said.py): the words a
screen reader hears of what just happened, the motion each effect starts, a notice's tree and
the page's fixed words, read in CPython in English and Lithuanian."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from magdagdon.effects import Effect, Shake
from magdagdon.game import Game, Phase
from magdagdon.hints import Hint
from magdagdon.i18n import Translator
from magdagdon.message import Message
from magdagdon.rules import Difficulty
from magdagdon.ui.controls import Held
from magdagdon.ui.paint import Node, Words
from magdagdon.ui.paint.said import Said, announcement, fixed, motion, notice

from .catalogues import CATALOGS

EN = CATALOGS["en"]


def words(language: str = "en") -> Words:
    return Words(Translator(CATALOGS, language), ["en-GB"])


def rolled(seed: int = 3) -> Game:
    return Game.new(Difficulty.PEACEFUL, seed=seed).apply("roll")


def view(game: Game | None = None, hint: Hint | None = None, status: Message | None = None):
    game = game if game is not None else rolled()
    return SimpleNamespace(game=game, hint=hint, status=status or Message("status.roll"))


def fill(key: str, **params: object) -> str:
    return EN[key].format(**params)


# -- what a screen reader hears ------------------------------------------------------------------
def test_a_roll_says_the_dice_and_replaces_what_was_said():
    shown = view()
    dice = ", ".join(map(str, shown.game.dice))
    assert announcement(words(), shown, [Effect.ROLLED], None) == Said(
        fill("announce.roll", dice=dice), True
    )


def test_a_roll_that_cannot_be_placed_says_magdagdon_after_the_dice():
    game = rolled()
    shown = SimpleNamespace(
        game=SimpleNamespace(dice=game.dice, phase=Phase.MAGDAGDON, score=0),
        hint=None,
        status=Message("status.roll"),
    )
    said = announcement(words(), shown, [Effect.ROLLED], None)
    dice = ", ".join(map(str, game.dice))
    assert said == Said(f"{fill('announce.roll', dice=dice)} {EN['status.magdagdon']}", True)


@pytest.mark.parametrize(
    ("effect", "key", "params"),
    [
        (Effect.CONFIRMED, "announce.confirm", {"score": 41}),
        (Effect.RUINED, "status.ruin", {}),
        (Effect.OVER, "announce.over", {"score": 41}),
    ],
)
def test_each_effect_has_its_own_words(effect, key, params):
    shown = view(SimpleNamespace(dice=(1, 2, 3, 4), phase=Phase.PLACING, score=41))
    assert announcement(words(), shown, [effect], None) == Said(fill(key, **params), True)


def test_a_power_says_the_dice_it_left():
    shown = view(SimpleNamespace(dice=(6, 5, 4, 3), phase=Phase.PLACING, score=0))
    said = announcement(words(), shown, [Effect.POWER], None)
    assert said == Said(fill("announce.power", dice="6, 5, 4, 3"), True)


def test_a_hint_says_its_line_then_each_die_where_it_goes_by_cell_then_why():
    hint = Hint(
        actions=(),
        ghosts={6: 2, 0: 5, 15: 1},
        dice=frozenset(),
        ruin=None,
        say=Message("status.ruin"),
        why="hint.why.power-reroll",
    )
    said = announcement(words(), view(hint=hint), [Effect.HINTED], None)
    stages = [
        fill("hint.say.stage", value=5, row=1, column=1),
        fill("hint.say.stage", value=2, row=2, column=3),
        fill("hint.say.stage", value=1, row=4, column=4),
    ]
    expected = " ".join([EN["status.ruin"], *stages, EN["hint.why.power-reroll"]])
    assert said == Said(expected, True)
    unexplained = Hint((), {1: 4}, frozenset(), None, Message("status.ruin"))
    said = announcement(words(), view(hint=unexplained), [Effect.HINTED], None)
    assert said == Said(
        f"{EN['status.ruin']} {fill('hint.say.stage', value=4, row=1, column=2)}", True
    )
    # (a hint gone by the time it is said: nothing)
    assert announcement(words(), view(), [Effect.HINTED], None) is None


def test_a_held_tap_says_the_status_line():
    shown = view(status=Message("status.ruin"))
    assert announcement(words(), shown, [Held("confirm")], None) == Said(EN["status.ruin"], True)


def test_the_guide_and_its_news_are_added_to_what_the_turn_said():
    shown = view(SimpleNamespace(dice=(1, 2, 3, 4), phase=Phase.PLACING, score=7))
    said = announcement(words(), shown, [Effect.CONFIRMED, Effect.GUIDED], "And more.")
    assert said == Said(f"{fill('announce.confirm', score=7)} {EN['guide.done']} And more.", True)
    # the guide alone adds to what was said before; so does its news alone
    assert announcement(words(), shown, [Effect.GUIDED], None) == Said(EN["guide.done"], False)
    assert announcement(words(), shown, [], "News.") == Said("News.", False)
    # a later effect that replaces comes after the guide's words: they are gone
    said = announcement(words(), shown, [Effect.GUIDED, Effect.RUINED], None)
    assert said == Said(EN["status.ruin"], True)


def test_nothing_new_says_nothing():
    assert announcement(words(), view(), [], None) is None
    assert announcement(words(), view(), [Shake(3)], "") is None


def test_announcements_are_in_the_language_spoken():
    shown = view(SimpleNamespace(dice=(1, 2, 3, 4), phase=Phase.PLACING, score=9))
    said = announcement(words("lt"), shown, [Effect.OVER], None)
    assert said == Said(CATALOGS["lt"]["announce.over"].format(score=9), True)
    assert said.text != fill("announce.over", score=9)


# -- motion --------------------------------------------------------------------------------------
def test_motion_rolls_every_die_a_power_only_those_left_and_shakes_the_cell_refused():
    shown = view(SimpleNamespace(available=(0, 2)))
    assert motion(shown, [Effect.ROLLED]) == [("rolling", ("die:0", "die:1", "die:2", "die:3"))]
    assert motion(shown, [Effect.POWER]) == [("rolling", ("die:0", "die:2"))]
    assert motion(shown, [Shake(9), Effect.CONFIRMED]) == [("shake", ("cell:9",))]
    assert motion(shown, [Effect.CONFIRMED, Effect.OVER]) == []


# -- notices and fixed words ---------------------------------------------------------------------
def test_a_notice_is_its_words_an_action_button_and_a_labelled_close_button():
    made = notice(words(), "update.ready", "update", "update.reload")
    assert made == Node(
        "div",
        "",
        (("class", "notice"),),
        (
            Node("p", EN["update.ready"]),
            Node(
                "button",
                EN["update.reload"],
                (("type", "button"), ("class", "notice-action"), ("data-action", "update")),
            ),
            Node(
                "button",
                "",
                (
                    ("type", "button"),
                    ("class", "icon-btn close"),
                    ("data-action", "dismiss"),
                    ("aria-label", EN["button.close"]),
                ),
            ),
        ),
    )


def test_a_notice_without_an_action_has_only_its_close_button_and_fills_its_words():
    made = notice(words("lt"), "notice.bad-seed")
    assert [child.tag for child in made.children] == ["p", "button"]
    assert made.children[0].text == CATALOGS["lt"]["notice.bad-seed"]
    assert dict(made.children[1].attrs)["data-action"] == "dismiss"
    assert dict(made.children[1].attrs)["aria-label"] == CATALOGS["lt"]["button.close"]
    unlabelled = notice(words(), "notice.bad-seed", "update")
    assert unlabelled.children[1].text == ""
    assert dict(unlabelled.children[1].attrs)["data-action"] == "update"


def test_the_fixed_words_are_each_key_once_and_the_title():
    assert fixed(words(), ["button.roll", "button.close", "button.roll"]) == {
        "button.roll": EN["button.roll"],
        "button.close": EN["button.close"],
        "app.title": EN["app.title"],
    }
    assert list(fixed(words("lt"), [])) == ["app.title"]
