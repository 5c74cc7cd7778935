"""Sound and vibration as data (``magdagdon.sounds``): which cues the controller's effects make
(with real games: the dice are found by the engine through seeds, never guessed), the
throttle that keeps fast taps from piling up, the sound designs' limits (short, quiet, warm),
the vibration patterns, and the module's place in the layers (standard library only, imported
on first use). The browser side (``magdagdon/web/audio.py``) is driven by the browser tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import pairwise

import pytest

from magdagdon.effects import Shake
from magdagdon.game import Game, Phase
from magdagdon.records import MemoryStore
from magdagdon.rules import EMPTY, Bonus, Difficulty
from magdagdon.sounds import (
    DESIGNS,
    IMPORTANT,
    LOWPASS_HZ,
    MASTER_GAIN,
    MAX_CUES,
    NOISE_SECONDS,
    Cue,
    Noise,
    Throttle,
    Tone,
    cues,
    duration,
    noise_samples,
    timeline,
    vibration,
    vibration_for,
    won_bonuses,
)
from magdagdon.ui import Controller

from .greedy import stage_minimum
from .import_check import PACKAGE, imported_modules, module_name, problems_of
from .mutation_run import reads_imports
from .sessions import new_session

CHORDS = {Cue.STRAIGHT, Cue.FOUR_OF_A_KIND, Cue.TWO_PAIRS}


# -- games the engine finds ------------------------------------------------------------------------
def rolled(board: str, values: Iterable[int], difficulty: str = "peaceful") -> Game:
    """The game on ``board`` just after a ROLL that placed and holds ``values`` among its dice
    (the first seed that deals them)."""
    wanted = Counter(values)
    for seed in range(5000):
        game = Game.from_board(board, difficulty, seed).apply("roll")
        if game.phase is Phase.PLACING and wanted <= Counter(game.dice):
            return game
    raise LookupError((board, wanted))


def staged(game: Game, *placements: tuple[int, int]) -> Game:
    """``game`` with a die of each ``(value, cell)`` staged on its cell, in order."""
    for value, cell in placements:
        die = next(d for d in game.available if game.dice[d] == value)
        game = game.apply(f"stage {die} {cell}")
    return game


def confirmed(board: str, *placements: tuple[int, int]) -> tuple[Game, Game]:
    """The game before a CONFIRM of ``placements`` on ``board`` and the game after it."""
    before = rolled(board, [value for value, _ in placements])
    return before, staged(before, *placements).apply("confirm")


def names(found: list[Cue]) -> list[str]:
    return [cue.name for cue in found]


# -- each effect its cue ---------------------------------------------------------------------------
def test_each_effect_makes_its_cue():
    start = Game.new("nightmare", seed=2)
    placing = start.apply("roll")  # (4, 3, 4, 5): places
    assert placing.phase is Phase.PLACING
    one = placing.apply("stage 0 5")
    assert cues(["rolled"], start, placing) == [Cue.ROLL]
    assert cues(["staged"], placing, one) == [Cue.PLACE]
    assert cues([Shake(9)], one, one) == [Cue.REFUSED]
    assert cues(["ruined"], one, one) == [Cue.RUIN]
    assert cues(["over"], one, one) == [Cue.OVER]
    assert cues(["over"], one, one, new_best=True) == [Cue.NEW_BEST]
    after = one.apply("stage 1 6").apply("stage 2 7").apply("confirm")
    assert cues(["staged", "staged", "confirmed"], one, after) == [Cue.PLACE, Cue.CONFIRM]


def test_a_power_sounds_and_only_the_known_effects_do():
    game = Game.new("peaceful", seed=2).apply("roll")
    changed = game.apply("reroll 0")
    assert changed.phase is Phase.PLACING
    assert cues(["power"], game, changed) == [Cue.POWER]
    quiet = ["hinted", "coached", "think", "share", "watch-play", "focus-import", "update"]
    assert cues(quiet, game, changed) == []
    assert cues([], game, changed) == []


def test_a_roll_into_magdagdon_sounds_it_after_the_rattle():
    start = Game.new("nightmare", seed=4)
    after = start.apply("roll")
    assert after.phase is Phase.MAGDAGDON
    assert cues(["rolled"], start, after) == [Cue.ROLL, Cue.MAGDAGDON]
    assert cues(["rolled"], None, after) == [Cue.ROLL, Cue.MAGDAGDON]


def test_a_later_roll_into_magdagdon_sounds_it_too():
    for seed in range(300):
        game = Game.new("nightmare", seed)
        while not game.is_over:
            before, game = game, game.apply("roll")
            if game.phase is Phase.MAGDAGDON and game.turn > 0:
                assert cues(["rolled"], before, game) == [Cue.ROLL, Cue.MAGDAGDON]
                return
            if game.phase is Phase.MAGDAGDON:
                game = game.apply("accept").apply(f"ruin {game.board.index(EMPTY)}")
            else:
                game = stage_minimum(game).apply("confirm")
    raise LookupError("no later MAGDAGDON")


def _power_into_magdagdon() -> tuple[Game, Game]:
    """A roll on "111./####/####/####" (only a 1 or a 2 fits cell 3) with one 2 and no other
    1 or 2: +1 on the 2 leaves nothing to place."""
    for seed in range(5000):
        game = Game.from_board("111./####/####/####", "peaceful", seed).apply("roll")
        fitting = [d for d, v in enumerate(game.dice) if v <= 2]
        if len(fitting) == 1 and game.dice[fitting[0]] == 2:
            return game, game.apply(f"inc {fitting[0]}")
    raise LookupError("no such roll")


def test_a_power_that_makes_a_magdagdon_sounds_it_and_one_that_leaves_it_does_not():
    before, after = _power_into_magdagdon()
    assert (before.phase, after.phase) == (Phase.PLACING, Phase.MAGDAGDON)
    assert cues(["power"], before, after) == [Cue.POWER, Cue.MAGDAGDON]
    die = next(d for d in after.available if after.can_change(d, 1))
    still = after.apply(f"inc {die}")
    assert still.phase is Phase.MAGDAGDON  # (nothing but a 1 or a 2 fits)
    assert cues(["power"], after, still) == [Cue.POWER]


# -- bonus chords ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("board", "placements", "chord"),
    [
        ("12../####/####/###.", [(3, 2), (4, 3)], Cue.STRAIGHT),  # 1 2 3 4
        ("44../####/####/###.", [(4, 2), (4, 3)], Cue.FOUR_OF_A_KIND),  # 4 4 4 4
        ("34../####/####/###.", [(4, 2), (3, 3)], Cue.TWO_PAIRS),  # 3 4 4 3
        ("12../####/####/###.", [(2, 2), (3, 3)], None),  # 1 2 2 3: full, no bonus
    ],
    ids=["straight", "four-of-a-kind", "two-pairs", "no-bonus"],
)
def test_a_confirm_that_completes_a_bonus_line_plays_its_chord(board, placements, chord):
    before, after = confirmed(board, *placements)
    assert after.phase is Phase.ROLL and after.breakdown.lines[0].full
    expected = [Cue.CONFIRM] if chord is None else [Cue.CONFIRM, chord]
    assert cues(["staged", "staged", "confirmed"], before, after) == [Cue.PLACE, *expected]
    assert cues(["confirmed"], before, after) == expected


def test_a_bonus_won_before_is_not_played_again():
    # row 0 is a straight before and after; column 0 becomes 1 2 2 2: no bonus
    before, after = confirmed("1234/2###/.###/.###", (2, 8), (2, 12))
    assert after.breakdown.lines[0].bonus is Bonus.STRAIGHT
    assert cues(["confirmed"], before, after) == [Cue.CONFIRM]
    assert won_bonuses(after, after) == []


def test_without_the_game_before_no_chord_is_guessed():
    _, after = confirmed("12../####/####/###.", (3, 2), (4, 3))
    assert cues(["confirmed"], None, after) == [Cue.CONFIRM]


def test_the_last_confirm_plays_its_chords_best_last_then_the_end():
    # row 0 becomes 1 2 3 4 and column 3 becomes 4 4 4 4; the board is full
    before, after = confirmed("123./###4/###4/###4", (4, 3))
    assert after.is_over
    effects = ["staged", "confirmed", "over"]
    assert names(cues(effects, before, after)) == ["FOUR_OF_A_KIND", "STRAIGHT", "OVER"]
    assert names(cues(effects, before, after, new_best=True)) == [
        "FOUR_OF_A_KIND",
        "STRAIGHT",
        "NEW_BEST",
    ]


def test_two_lines_of_one_bonus_play_its_chord_once():
    # row 0 becomes 1 2 3 4 and column 3 4 3 2 1: two straights
    before, after = confirmed("123./###3/###2/###1", (4, 3))
    assert [line.bonus for line in after.breakdown.lines].count(Bonus.STRAIGHT) == 2
    assert cues(["confirmed", "over"], before, after) == [Cue.CONFIRM, Cue.STRAIGHT, Cue.OVER]


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_in_played_games_a_chord_sounds_exactly_when_a_line_completes_with_its_bonus(difficulty):
    """Greedy games through many seeds: at every CONFIRM the chords are the bonuses of the
    lines that were not full before it and are after (said another way than the module does)."""
    heard: set[Cue] = set()
    for seed in range(40):
        game = Game.new(difficulty, seed)
        while not game.is_over:
            game = game.apply("roll")
            if game.phase is Phase.MAGDAGDON:
                game = game.apply("accept").apply(f"ruin {game.board.index(EMPTY)}")
                continue
            after = stage_minimum(game).apply("confirm")
            completed = {
                Cue(new.bonus.value)
                for old, new in zip(game.breakdown.lines, after.breakdown.lines, strict=True)
                if new.full and not old.full and new.bonus is not None
            }
            found = cues(["staged", "confirmed"], game, after)
            assert set(found) & CHORDS == completed
            assert found[: len(found) - len(completed)] in ([Cue.PLACE, Cue.CONFIRM], [Cue.CONFIRM])
            heard |= completed
            game = after
    assert len(heard) >= 2, "hardly a bonus was completed: the test would prove little"


# -- several at once -------------------------------------------------------------------------------
def test_a_refresh_plays_each_cue_once_and_at_most_a_few():
    game = Game.new("peaceful", seed=2).apply("roll")
    effects = ["power", "staged", "staged", "power", "confirmed", "ruined", Shake(3), "over"]
    found = cues(effects, game, game)
    assert len(found) == MAX_CUES == 3
    assert len(set(found)) == len(found)
    assert found[-1] is Cue.OVER
    assert found == [Cue.CONFIRM, Cue.RUIN, Cue.OVER]  # the least important went, order kept


def test_the_cues_of_a_refresh_follow_one_another():
    played = [Cue.CONFIRM, Cue.STRAIGHT, Cue.NEW_BEST]
    times = timeline(played)
    assert [cue for _, cue in times] == played
    starts = [at for at, _ in times]
    assert starts[0] == 0.0 and starts == sorted(starts) and len(set(starts)) == 3
    assert starts[-1] < 1.0
    # MAGDAGDON comes as the rattle's dice land, not after the whole rattle
    (_, _), (magdagdon, _) = timeline([Cue.ROLL, Cue.MAGDAGDON])
    assert 0.1 < magdagdon <= duration(Cue.ROLL)


def test_the_vibration_of_a_refresh_is_its_most_important_cues():
    assert vibration_for([Cue.CONFIRM, Cue.STRAIGHT, Cue.NEW_BEST]) == vibration(Cue.NEW_BEST)
    assert vibration_for([Cue.ROLL, Cue.MAGDAGDON]) == vibration(Cue.MAGDAGDON)
    assert vibration_for([Cue.PLACE]) == vibration(Cue.PLACE)
    assert vibration_for([]) == []


# -- a whole game through the controller -----------------------------------------------------------
def controller(store: MemoryStore, seed: int, difficulty: str = "nightmare") -> Controller:
    return Controller(new_session(store, seed=seed, difficulty=Difficulty.parse(difficulty)))


def _refresh(ui: Controller, before: Game) -> list[Cue]:
    """What the page plays after a tap: the controller's effects, the games around them."""
    return cues(ui.take_effects(), before, ui.game, new_best=ui.session.rank() == 1)


def _play_by_taps(ui: Controller) -> list[tuple[str, list[Cue]]]:
    """A greedy game played by taps, as the page does: each tap and the cues of its refresh."""
    heard = []

    def tap(what: str, *taps) -> None:
        before = ui.game
        for method, *args in taps:
            getattr(ui, method)(*args)
        heard.append((what, _refresh(ui, before)))

    while not ui.game.is_over:
        tap("roll", ("press", "roll"))
        if ui.game.phase is Phase.MAGDAGDON:
            tap("accept", ("press", "accept-magdagdon"))
            tap("ruin", ("tap_cell", ui.game.board.index(EMPTY)))
            continue
        for die, cell in stage_minimum(ui.game).placements:
            tap("stage", ("tap_die", die), ("tap_cell", cell))
        tap("confirm", ("press", "confirm"))
    return heard


def test_a_game_played_by_taps_sounds_every_moment_and_ends_with_a_new_best():
    ui = controller(MemoryStore(), 4)
    heard = _play_by_taps(ui)
    assert heard[0] == ("roll", [Cue.ROLL, Cue.MAGDAGDON])  # seed 4 rolls MAGDAGDON first
    assert heard[1] == ("accept", [])  # accepting it is silent: the ruin sounds next
    assert heard[2] == ("ruin", [Cue.RUIN])
    first = {"roll": Cue.ROLL, "stage": Cue.PLACE, "confirm": Cue.CONFIRM, "ruin": Cue.RUIN}
    for what, found in heard[:-1]:
        assert len(found) <= MAX_CUES
        assert found[:1] == ([first[what]] if what in first else [])
    what, found = heard[-1]
    assert found[-1] is Cue.NEW_BEST  # the first game on this store is its best
    flat = [cue for _, found in heard for cue in found]
    assert Cue.OVER not in flat and flat.count(Cue.NEW_BEST) == 1


def test_a_refused_tap_sounds_the_soft_blip():
    ui = controller(MemoryStore(), 2, "peaceful")
    ui.press("roll")
    ui.tap_cell(5)  # the first die staged: the next must join it
    ui.take_effects()
    refused = next(i for i, c in enumerate(ui.controls().cells) if not c.enabled)
    before = ui.game
    ui.tap_cell(refused)
    assert _refresh(ui, before) == [Cue.REFUSED]


def test_a_worse_game_on_the_same_store_ends_with_plain_over(store):
    _play_by_taps(controller(store, 4))
    for seed in range(5, 40):
        ui = controller(store, seed)
        heard = _play_by_taps(ui)
        if ui.session.rank() != 1:
            assert heard[-1][1][-1] is Cue.OVER
            return
    raise LookupError("every game was a new best")


# -- the throttle ----------------------------------------------------------------------------------
def test_fast_repeated_taps_are_thinned_and_allowed_again_after_the_gap():
    throttle = Throttle()
    taps = [throttle.allow(Cue.PLACE, ms) for ms in (0, 20, 40, 60)]
    assert taps == [True, False, False, False]
    assert throttle.allow(Cue.PLACE, 80 + 1)
    assert not throttle.allow(Cue.PLACE, 100)
    # a storm of taps every 10 ms sounds at most once per 80 ms
    throttle = Throttle()
    allowed = [ms for ms in range(0, 1000, 10) if throttle.allow(Cue.PLACE, ms)]
    assert all(b - a >= 80 for a, b in pairwise(allowed))
    assert 8 <= len(allowed) <= 13


def test_refusals_repeated_are_thinned_more():
    throttle = Throttle()
    assert throttle.allow(Cue.REFUSED, 0)
    assert not throttle.allow(Cue.REFUSED, 100)
    assert throttle.allow(Cue.REFUSED, 170)


def test_few_voices_start_within_a_window():
    throttle = Throttle(window_ms=200, voices=3)
    assert throttle.allow(Cue.PLACE, 0)
    assert throttle.allow(Cue.POWER, 10)
    assert throttle.allow(Cue.REFUSED, 20)
    assert not throttle.allow(Cue.CONFIRM, 30)  # a fourth voice
    assert not throttle.allow(Cue.ROLL, 150)
    assert throttle.allow(Cue.CONFIRM, 215)  # the first two are out of the window
    # cues scheduled ahead (a refresh's later cues) count where they will sound
    throttle = Throttle(window_ms=200, voices=2)
    assert throttle.allow(Cue.CONFIRM, 1000 + 120)
    assert throttle.allow(Cue.PLACE, 1000)
    assert not throttle.allow(Cue.POWER, 1050)


def test_important_cues_are_never_dropped():
    assert {Cue.MAGDAGDON, Cue.OVER, Cue.NEW_BEST} | CHORDS == IMPORTANT
    throttle = Throttle()
    for cue in IMPORTANT:
        assert all(throttle.allow(cue, ms) for ms in (0, 1, 2, 3, 4, 5))
    assert not throttle.allow(Cue.CONFIRM, 5)  # (the important ones took the voices)
    assert throttle.allow(Cue.CONFIRM, 600)


def test_the_throttle_forgets_what_is_long_past():
    throttle = Throttle()
    for n in range(1000):
        throttle.allow(Cue.PLACE, n * 100.0)
    assert len(throttle._started) <= 3


# -- the sounds ------------------------------------------------------------------------------------
def test_every_cue_has_a_sound_and_a_vibration():
    for cue in Cue:
        assert DESIGNS[cue], cue
        assert vibration(cue), cue


def test_the_master_is_quiet_and_warm():
    assert 0.15 <= MASTER_GAIN <= 0.25
    assert 2000 <= LOWPASS_HZ <= 8000


@pytest.mark.parametrize("cue", list(Cue), ids=lambda c: c.name)
def test_each_sound_is_short_warm_and_never_adds_up_past_one(cue):
    longest = 1.2 if cue in (Cue.OVER, Cue.NEW_BEST) else 0.6
    assert 0.05 <= duration(cue) <= longest
    for part in DESIGNS[cue]:
        assert isinstance(part, Tone | Noise)
        assert part.start >= 0 and part.duration > 0
        assert 0 < part.gain <= 1
        assert 0 < part.attack < part.duration
        if isinstance(part, Tone):
            assert part.wave in ("sine", "triangle")
            assert 20 <= part.freq <= LOWPASS_HZ
            assert part.glide is None or 20 <= part.glide <= LOWPASS_HZ
        else:
            assert 20 <= part.centre <= LOWPASS_HZ and part.q > 0
            assert part.duration + 0.02 <= NOISE_SECONDS  # cut from the noise buffer
    # at every moment a part starts, the parts sounding then add up to at most 1
    for moment in {part.start for part in DESIGNS[cue]}:
        sounding = [p.gain for p in DESIGNS[cue] if p.start <= moment < p.end]
        assert sum(sounding) <= 1.0 + 1e-9, (cue, moment)


def test_the_sounds_are_told_apart():
    # the three chords differ, MAGDAGDON is the lowest sound, REFUSED is soft
    def notes(cue: Cue) -> tuple:
        return tuple(sorted((p.freq, p.start) for p in DESIGNS[cue] if isinstance(p, Tone)))

    assert len({notes(c) for c in CHORDS}) == 3
    lows = {cue: min(p.freq for p in DESIGNS[cue] if isinstance(p, Tone)) for cue in Cue}
    assert lows[Cue.MAGDAGDON] == min(lows.values())
    loudest = {cue: max(p.gain for p in DESIGNS[cue]) for cue in Cue}
    assert loudest[Cue.REFUSED] <= min(loudest[c] for c in (Cue.PLACE, Cue.CONFIRM, Cue.ROLL))
    # STRAIGHT rises note by note; FOUR OF A KIND is stacked at once; TWO PAIRS is two dyads
    straight = [p for p in DESIGNS[Cue.STRAIGHT] if isinstance(p, Tone)]
    assert [p.start for p in straight] == sorted({p.start for p in straight})
    assert [p.freq for p in straight] == sorted(p.freq for p in straight)
    assert max(p.start for p in DESIGNS[Cue.FOUR_OF_A_KIND]) < 0.1
    assert sorted(Counter(p.start for p in DESIGNS[Cue.TWO_PAIRS]).values()) == [2, 2]
    # the rattle is made of noise ticks
    assert sum(isinstance(p, Noise) for p in DESIGNS[Cue.ROLL]) >= 4


def test_the_noise_is_the_same_every_time_and_in_range():
    samples = noise_samples(48_000)
    assert samples == noise_samples(48_000)
    assert all(-1.0 <= s < 1.0 for s in samples)
    assert abs(sum(samples) / len(samples)) < 0.02
    assert len(set(samples)) > 40_000


@pytest.mark.parametrize("cue", list(Cue), ids=lambda c: c.name)
def test_each_vibration_is_short_and_subtler_than_its_sound(cue):
    pattern = vibration(cue)
    assert 1 <= len(pattern) <= 5
    assert all(isinstance(ms, int) and ms > 0 for ms in pattern)
    assert sum(pattern) < duration(cue) * 1000
    assert sum(pattern[::2]) <= 160  # buzzing a moment at most
    assert vibration(cue) is not vibration(cue)  # a fresh list: the caller may change it


def test_the_vibrations_grow_with_the_moment():
    buzz = {cue: sum(vibration(cue)[::2]) for cue in Cue}
    assert buzz[Cue.PLACE] <= buzz[Cue.CONFIRM] < buzz[Cue.MAGDAGDON]
    assert buzz[Cue.REFUSED] <= buzz[Cue.PLACE]
    assert buzz[Cue.OVER] < buzz[Cue.NEW_BEST]


# -- the module's place ----------------------------------------------------------------------------
def test_sounds_imports_only_the_standard_library_and_magdagdon():
    assert problems_of(PACKAGE / "sounds.py") == []


@reads_imports
def test_sounds_is_imported_on_first_use_only():
    """No module of the package (the web layer included) imports it when it is imported: the
    page starts without it."""
    for path in PACKAGE.rglob("*.py"):
        source = path.read_text("utf-8")
        name = module_name(path)
        found = imported_modules(source, name, path.name == "__init__.py", at_import=True)
        assert "magdagdon.sounds" not in found, name
    shell = (PACKAGE / "ui" / "shell" / "work.py").read_text("utf-8")
    assert "magdagdon.sounds" in imported_modules(shell, "magdagdon.ui.shell.work")


def test_the_noise_buffer_loses_nothing_the_low_pass_lets_through():
    """The rattle's noise is made at NOISE_RATE, a third of the samples of a 48 kHz buffer:
    its highest frequency is still well above the mix's low-pass."""
    from magdagdon.sounds import LOWPASS_HZ, NOISE_RATE, noise

    assert NOISE_RATE / 2 >= 1.5 * LOWPASS_HZ
    assert list(noise()) == pytest.approx(noise_samples(len(noise())), abs=1e-6)
    assert len(noise()) == int(NOISE_RATE * NOISE_SECONDS)


def test_the_noise_is_made_in_small_steps_the_same_as_at_once(monkeypatch):
    from magdagdon import sounds

    monkeypatch.setattr(sounds, "_NOISE", [])
    steps = sum(1 for _ in sounds.noise_steps())
    count = int(sounds.NOISE_RATE * NOISE_SECONDS)
    assert steps == -(-count // sounds.NOISE_STEP) - 1 > 1  # (a step between each part)
    made = sounds.noise()
    assert list(made) == pytest.approx(noise_samples(count), abs=1e-6) and len(made) == count
    assert list(sounds.noise_steps()) == [] and sounds.noise() is made  # (made once a visit)
