"""Sound and vibration, as data: what to play for what just happened, and how each sound is
made. Pure (standard library only), imported on first use; ``magdagdon.web.audio`` turns the
designs into Web Audio nodes and ``navigator.vibrate`` calls.

The engine knows nothing of sound: the controller's effects (:class:`~magdagdon.effects.Effect`:
rolled, staged, confirmed, power, ruined, over; a :class:`~magdagdon.effects.Shake` for a
refused cell) and the game before and after them decide which :class:`Cue` to play at each
refresh of the page.

>>> from magdagdon.game import Game
>>> before = Game.new("nightmare", seed=4)
>>> [cue.name for cue in cues(["rolled"], before, before.apply("roll"), new_best=False)]
['ROLL', 'MAGDAGDON']
>>> throttle = Throttle()
>>> [throttle.allow(Cue.PLACE, ms) for ms in (0.0, 30.0, 120.0)]
[True, False, True]
"""

from __future__ import annotations

import array
import enum
import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .effects import Effect, Shake
from .game import Phase

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "Cue",
    "IMPORTANT",
    "MAX_CUES",
    "cues",
    "won_bonuses",
    "timeline",
    "Throttle",
    "GAPS_MS",
    "Tone",
    "Noise",
    "DESIGNS",
    "duration",
    "MASTER_GAIN",
    "LOWPASS_HZ",
    "NOISE_SECONDS",
    "noise_samples",
    "vibration",
    "vibration_for",
]


class Cue(enum.Enum):
    """A sound (and its vibration); ``value`` names it (the bonus chords share their
    :class:`~magdagdon.rules.Bonus` value)."""

    ROLL = "roll"  # the dice rattle: ROLL pressed
    PLACE = "place"  # a die set down on a cell (staged)
    CONFIRM = "confirm"  # CONFIRM: the staged dice committed
    REFUSED = "refused"  # a tap on a cell the rules refuse (the cell shakes)
    POWER = "power"  # a Majda Power: −1, +1 or REROLL changed the dice
    MAGDAGDON = "magdagdon"  # the roll cannot be placed
    RUIN = "ruin"  # a cell ruined after MAGDAGDON
    STRAIGHT = "straight"  # a line completed as a straight
    FOUR_OF_A_KIND = "four-of-a-kind"  # a line completed as four of a kind
    TWO_PAIRS = "two-pairs"  # a line completed as two pairs
    OVER = "over"  # the game is over
    NEW_BEST = "new-best"  # the game is over with a new best score (instead of OVER)


#: Cues the throttle never drops.
IMPORTANT = frozenset(
    {Cue.MAGDAGDON, Cue.OVER, Cue.NEW_BEST, Cue.STRAIGHT, Cue.FOUR_OF_A_KIND, Cue.TWO_PAIRS}
)

#: Least to most important: when one refresh has more than :data:`MAX_CUES` cues, the least
#: important go; the vibration of a refresh is its most important cue's.
_RANK = (
    Cue.REFUSED,
    Cue.PLACE,
    Cue.POWER,
    Cue.ROLL,
    Cue.CONFIRM,
    Cue.RUIN,
    Cue.TWO_PAIRS,
    Cue.FOUR_OF_A_KIND,
    Cue.STRAIGHT,
    Cue.MAGDAGDON,
    Cue.OVER,
    Cue.NEW_BEST,
)
#: The most cues one refresh plays (one after the other: see :func:`timeline`).
MAX_CUES = 3


def _importance(cue: Cue) -> int:
    return _RANK.index(cue)


# -- what to play ----------------------------------------------------------------------------------
def won_bonuses(before: Game | None, after: Game) -> list[Cue]:
    """The bonus chords of the line bonuses ``after``'s committed board has and ``before``'s
    had not on the same line, each kind once, the best last (nothing when ``before`` is
    unknown).

    >>> from magdagdon.game import Game
    >>> before = Game.from_board("123./####/####/###.")
    >>> after = Game.from_board("1234/####/####/###.")
    >>> won_bonuses(before, after), won_bonuses(after, after), won_bonuses(None, after)
    ([<Cue.STRAIGHT: 'straight'>], [], [])
    """
    if before is None:
        return []
    won = {
        new.bonus
        for old, new in zip(before.breakdown.lines, after.breakdown.lines, strict=True)
        if new.bonus is not None and new.bonus != old.bonus
    }
    return [Cue(bonus.value) for bonus in sorted(won, key=lambda bonus: bonus.points)]


def _after_power(before: Game | None, after: Game, _: bool) -> list[Cue]:
    """POWER, then MAGDAGDON when the power made the roll unplaceable (a power that leaves
    MAGDAGDON as it was: only POWER)."""
    was = None if before is None else before.phase
    magdagdon = after.phase is Phase.MAGDAGDON and was is not Phase.MAGDAGDON
    return [Cue.POWER, Cue.MAGDAGDON] if magdagdon else [Cue.POWER]


#: The cues of each effect (from the games before and after it, and whether a new best).
_CUES: dict[Effect, Callable[[Game | None, Game, bool], list[Cue]]] = {
    Effect.ROLLED: lambda _, after, __: (
        [Cue.ROLL, Cue.MAGDAGDON] if after.phase is Phase.MAGDAGDON else [Cue.ROLL]
    ),
    Effect.STAGED: lambda *_: [Cue.PLACE],
    Effect.CONFIRMED: lambda before, after, _: [Cue.CONFIRM, *won_bonuses(before, after)],
    Effect.POWER: _after_power,
    Effect.RUINED: lambda *_: [Cue.RUIN],
    Effect.OVER: lambda _, __, new_best: [Cue.NEW_BEST if new_best else Cue.OVER],
}


def cues(
    effects: Iterable[Effect | Shake], before: Game | None, after: Game, *, new_best: bool = False
) -> list[Cue]:
    """What to play for one refresh of the page, in order: ``effects`` are the controller's
    (:meth:`magdagdon.ui.Controller.take_effects`; their strings will do), ``before`` the game
    the previous refresh showed (None: not known), ``after`` the game now, ``new_best`` whether
    the game just over set a new best score.

    ROLL, then MAGDAGDON when the roll cannot be placed; PLACE for a die staged; CONFIRM, then
    a chord for each kind of line bonus it won; POWER (then MAGDAGDON when the power made the
    roll unplaceable); RUIN; REFUSED for a refused cell; OVER or NEW_BEST last. Each cue once;
    at most :data:`MAX_CUES`, the least important dropped.

    >>> from magdagdon.game import Game
    >>> before = Game.from_board("123./###4/###4/###4").apply("roll")  # (dice 4, 6, 2, 4)
    >>> after = before.apply("stage 0 3").apply("confirm")
    >>> [c.name for c in cues(["staged", "confirmed", "over"], before, after, new_best=True)]
    ['FOUR_OF_A_KIND', 'STRAIGHT', 'NEW_BEST']
    """
    found: list[Cue] = []
    for effect in effects:
        if isinstance(effect, Shake):
            found.append(Cue.REFUSED)
        elif effect in _CUES:
            found += _CUES[effect](before, after, new_best)
    chosen = list(dict.fromkeys(found))
    while len(chosen) > MAX_CUES:
        chosen.remove(min(chosen, key=_importance))
    return chosen


#: Seconds from a cue's start to the start of the next cue of the same refresh.
_STEP = {
    Cue.ROLL: 0.22,  # MAGDAGDON comes as the dice land
    Cue.PLACE: 0.06,
    Cue.CONFIRM: 0.12,
    Cue.REFUSED: 0.08,
    Cue.POWER: 0.16,
    Cue.MAGDAGDON: 0.45,
    Cue.RUIN: 0.24,
    Cue.STRAIGHT: 0.3,
    Cue.FOUR_OF_A_KIND: 0.3,
    Cue.TWO_PAIRS: 0.3,
    Cue.OVER: 0.5,
    Cue.NEW_BEST: 0.5,
}


def timeline(played: Sequence[Cue]) -> list[tuple[float, Cue]]:
    """When each cue of one refresh starts (seconds from now): one after the other.

    >>> timeline([Cue.CONFIRM, Cue.STRAIGHT, Cue.OVER])
    [(0.0, <Cue.CONFIRM: 'confirm'>), (0.12, <Cue.STRAIGHT: 'straight'>),
     (0.42, <Cue.OVER: 'over'>)]
    """
    at, found = 0.0, []
    for cue in played:
        found.append((round(at, 3), cue))
        at += _STEP[cue]
    return found


#: Gaps longer than the throttle's ``gap_ms`` for some cues (a refusal repeated is a nag).
GAPS_MS = {Cue.REFUSED: 160.0, Cue.ROLL: 150.0}


# -- never a noise ---------------------------------------------------------------------------------
class Throttle:
    """Keeps fast taps from piling sounds up: a cue sounds at most once per ``gap_ms`` (longer
    for REFUSED), and at most ``voices`` cues start within any ``window_ms``; the
    :data:`IMPORTANT` cues always sound (and count as voices). The time is passed in
    (``performance.now()`` in the browser), so it is pure.

    >>> t = Throttle(voices=2)
    >>> [t.allow(cue, ms) for cue, ms in [(Cue.PLACE, 0), (Cue.POWER, 10), (Cue.CONFIRM, 20)]]
    [True, True, False]
    >>> t.allow(Cue.OVER, 30), t.allow(Cue.CONFIRM, 400)
    (True, True)
    """

    def __init__(self, *, gap_ms: float = 80.0, window_ms: float = 200.0, voices: int = 3) -> None:
        self.gap_ms = gap_ms
        self.window_ms = window_ms
        self.voices = voices
        self._started: list[tuple[float, Cue]] = []  # (when, cue): recent and scheduled ones

    def allow(self, cue: Cue, now_ms: float) -> bool:
        """Whether ``cue`` may start at ``now_ms`` (it is then remembered as started)."""
        horizon = max(self.gap_ms, self.window_ms, *GAPS_MS.values())
        self._started = [(t, c) for t, c in self._started if now_ms - t < horizon]
        if cue not in IMPORTANT:
            gap = GAPS_MS.get(cue, self.gap_ms)
            if any(c is cue and abs(now_ms - t) < gap for t, c in self._started):
                return False
            near = sum(1 for t, _ in self._started if abs(now_ms - t) < self.window_ms)
            if near >= self.voices:
                return False
        self._started.append((now_ms, cue))
        return True


# -- the sounds ------------------------------------------------------------------------------------
#: The master volume (every design's gains are relative to it): quiet by default.
MASTER_GAIN = 0.2
#: The gentle low-pass the whole mix goes through, for warmth.
LOWPASS_HZ = 4200.0
#: Length of the noise buffer the rattle's ticks are cut from.
NOISE_SECONDS = 0.5
#: Its sample rate: its highest frequency (half of it) is well above the low-pass, so nothing
#: that can be heard is missing, and it takes a third of a 48 kHz buffer's samples to make.
NOISE_RATE = 16_000


@dataclass(frozen=True)
class Tone:
    """One oscillator: ``freq`` Hz (gliding exponentially to ``glide`` Hz when given), from
    ``start`` s for ``duration`` s; its gain rises to ``gain`` in ``attack`` s, then falls
    exponentially to silence at the end."""

    freq: float
    start: float
    duration: float
    gain: float
    wave: str = "sine"  # "sine" or "triangle": warm
    glide: float | None = None
    attack: float = 0.01

    @property
    def end(self) -> float:
        return self.start + self.duration


@dataclass(frozen=True)
class Noise:
    """A burst of noise through a band-pass at ``centre`` Hz (quality ``q``): a tick of the
    rattle or the crumble of a ruin. The envelope is a :class:`Tone`'s."""

    centre: float
    start: float
    duration: float
    gain: float
    q: float = 1.0
    attack: float = 0.003

    @property
    def end(self) -> float:
        return self.start + self.duration


Part = Tone | Noise

# notes (Hz)
_A2, _EB3, _A3, _C4, _E4, _G4, _B4 = 110.0, 155.56, 220.0, 261.63, 329.63, 392.0, 493.88
_C5, _D5, _E5, _FS5, _G5, _A5 = 523.25, 587.33, 659.25, 739.99, 783.99, 880.0
_C6, _D6, _C7, _E7 = 1046.5, 1174.66, 2093.0, 2637.02

# The rattle: ticks at random-looking but fixed times, pitches and strengths, then the landing.
_TICKS = (
    (0.000, 2400, 0.032, 0.55),
    (0.031, 1700, 0.040, 0.35),
    (0.069, 3100, 0.028, 0.45),
    (0.094, 2000, 0.036, 0.30),
    (0.137, 2700, 0.030, 0.50),
    (0.171, 1500, 0.042, 0.32),
    (0.216, 2250, 0.034, 0.42),
)

#: Each cue's sound. Only sine and triangle waves; short (≤ 0.6 s, OVER and NEW_BEST ≤ 1.2 s);
#: the gains of the parts sounding at once never add up past 1.
DESIGNS: dict[Cue, tuple[Part, ...]] = {
    Cue.ROLL: (
        *(Noise(hz, at, length, gain, q=4.0) for at, hz, length, gain in _TICKS),
        Tone(210.0, 0.25, 0.08, 0.35, "sine", glide=160.0, attack=0.004),
    ),
    Cue.PLACE: (  # a soft wooden "tok"
        Tone(660.0, 0.0, 0.07, 0.5, "triangle", glide=520.0, attack=0.003),
        Tone(330.0, 0.0, 0.09, 0.35, "sine", glide=300.0, attack=0.003),
    ),
    Cue.CONFIRM: (  # up a fifth: done
        Tone(_C5, 0.0, 0.16, 0.35, "triangle"),
        Tone(_G5, 0.07, 0.22, 0.3, "sine"),
        Tone(_G4, 0.07, 0.22, 0.15, "sine"),
    ),
    Cue.REFUSED: (  # a soft low blip
        Tone(_A3, 0.0, 0.1, 0.28, "triangle", glide=185.0, attack=0.006),
    ),
    Cue.POWER: (  # a rising shimmer
        Tone(_D5, 0.0, 0.22, 0.3, "sine", glide=_A5),
        Tone(_A5, 0.04, 0.2, 0.2, "triangle", glide=1318.5),
        Tone(_D6, 0.08, 0.18, 0.14, "sine", glide=1760.0),
    ),
    Cue.MAGDAGDON: (  # a low diminished swell that beats like a tremolo, and a falling sigh
        Tone(_A2, 0.0, 0.6, 0.3, "triangle", attack=0.18),
        Tone(_A2 + 4.5, 0.0, 0.6, 0.2, "sine", attack=0.18),  # 4.5 Hz beats
        Tone(_EB3, 0.02, 0.58, 0.15, "triangle", attack=0.22),
        Tone(_A3, 0.04, 0.56, 0.12, "triangle", attack=0.24),
        Tone(_C4, 0.06, 0.54, 0.1, "sine", attack=0.26),
        Tone(440.0, 0.1, 0.5, 0.1, "sine", glide=_A3, attack=0.08),
    ),
    Cue.RUIN: (  # a crumble sinking away
        Noise(420.0, 0.0, 0.28, 0.3, q=0.8, attack=0.01),
        Tone(196.0, 0.0, 0.4, 0.45, "triangle", glide=98.0),
        Tone(146.83, 0.05, 0.35, 0.25, "sine", glide=73.42),
    ),
    Cue.STRAIGHT: tuple(  # a rising major arpeggio
        Tone(hz, 0.07 * n, 0.3, 0.24, "triangle", attack=0.008)
        for n, hz in enumerate((_C5, _E5, _G5, _C6))
    ),
    Cue.FOUR_OF_A_KIND: (  # a bright stacked chord
        Tone(_D5, 0.0, 0.45, 0.24, "triangle", attack=0.012),
        Tone(_FS5, 0.015, 0.435, 0.22, "sine", attack=0.012),
        Tone(_A5, 0.03, 0.42, 0.2, "triangle", attack=0.012),
        Tone(_D6, 0.045, 0.405, 0.18, "sine", attack=0.012),
        Tone(2349.32, 0.06, 0.25, 0.06, "sine", attack=0.012),
    ),
    Cue.TWO_PAIRS: (  # two dyads
        Tone(_G4, 0.0, 0.26, 0.24, "triangle"),
        Tone(_B4, 0.0, 0.26, 0.24, "sine"),
        Tone(_C5, 0.14, 0.26, 0.24, "triangle"),
        Tone(_E5, 0.14, 0.26, 0.24, "sine"),
    ),
    Cue.OVER: (  # a gentle cadence home
        Tone(_G4, 0.0, 0.3, 0.3, "triangle"),
        Tone(_E4, 0.16, 0.3, 0.28, "triangle"),
        Tone(_C4, 0.32, 0.8, 0.24, "triangle", attack=0.02),
        Tone(_E4, 0.32, 0.8, 0.18, "sine", attack=0.02),
        Tone(_G4, 0.32, 0.8, 0.16, "sine", attack=0.02),
        Tone(_C5, 0.32, 0.8, 0.1, "sine", attack=0.02),
    ),
    Cue.NEW_BEST: (  # a little fanfare with sparkles
        Tone(_C5, 0.0, 0.16, 0.26, "triangle"),
        Tone(_E5, 0.09, 0.16, 0.24, "triangle"),
        Tone(_G5, 0.18, 0.16, 0.22, "triangle"),
        Tone(_C6, 0.3, 0.8, 0.2, "triangle", attack=0.015),
        Tone(_G5, 0.3, 0.8, 0.18, "sine", attack=0.015),
        Tone(_E5, 0.3, 0.8, 0.16, "sine", attack=0.015),
        Tone(_C5, 0.3, 0.8, 0.16, "sine", attack=0.015),
        Tone(_C7, 0.34, 0.3, 0.06, "sine"),
        Tone(_E7, 0.44, 0.3, 0.05, "sine"),
    ),
}


def duration(cue: Cue) -> float:
    """How long ``cue`` sounds (s).

    >>> duration(Cue.PLACE), duration(Cue.NEW_BEST)
    (0.09, 1.1)
    """
    return round(max(part.end for part in DESIGNS[cue]), 6)


#: The noise's seed: the rattle sounds alike on every visit.
NOISE_SEED = 0x5EED


def noise_samples(count: int, seed: int = NOISE_SEED) -> list[float]:
    """``count`` samples of white noise in [−1, 1), the same every time (the rattle sounds
    alike on every visit; a generator of its own, so the game's other uses of ``random`` are
    untouched).

    >>> [round(s, 3) for s in noise_samples(3)]
    [-0.716, 0.227, -0.608]
    """
    return list(itertools.islice(_white(seed), count))


def _white(seed: int) -> Iterator[float]:
    """White noise in [−1, 1), drawn by a generator of its own seeded with ``seed``."""
    draw = random.Random(seed).random
    while True:
        yield draw() * 2.0 - 1.0


#: The noise made so far this visit (one buffer's samples, once whole).
_NOISE: list[array.array[float]] = []
#: Samples made a step (:func:`noise_steps`): a few ms of a phone's thread.
NOISE_STEP = 2048


def noise() -> array.array[float]:
    """The noise buffer's samples (:data:`NOISE_RATE` for :data:`NOISE_SECONDS`), made once a
    visit: ahead of the first ROLL's rattle, in the page's idle time (:mod:`magdagdon.ahead`),
    or in steps before its first sound (:func:`noise_steps`).

    >>> len(noise()) == NOISE_RATE * NOISE_SECONDS and noise() is noise()
    True
    """
    for _ in noise_steps():
        pass
    return _NOISE[0]


def noise_steps() -> Iterator[None]:
    """:func:`noise`'s samples made :data:`NOISE_STEP` a step (all at once took the first
    ROLL's sound 16 ms of the page's thread); nothing once they are made."""
    if _NOISE:
        return
    count, white = int(NOISE_RATE * NOISE_SECONDS), _white(NOISE_SEED)
    samples: array.array[float] = array.array("f")
    while len(samples) < count:
        if samples:
            yield
        samples.extend(itertools.islice(white, min(NOISE_STEP, count - len(samples))))
    if not _NOISE:  # (made meanwhile by another: that one stays the visit's)
        _NOISE.append(samples)


# -- vibration -------------------------------------------------------------------------------------
#: ``navigator.vibrate`` patterns (ms: on, off, on, ...): subtler than the sounds.
_VIBRATIONS: dict[Cue, tuple[int, ...]] = {
    Cue.ROLL: (12, 30, 12),
    Cue.PLACE: (8,),
    Cue.CONFIRM: (15,),
    Cue.REFUSED: (4, 30, 4),
    Cue.POWER: (8, 25, 8),
    Cue.MAGDAGDON: (60, 40, 90),
    Cue.RUIN: (35,),
    Cue.STRAIGHT: (10, 30, 10, 30, 20),
    Cue.FOUR_OF_A_KIND: (30,),
    Cue.TWO_PAIRS: (12, 40, 12),
    Cue.OVER: (30, 60, 50),
    Cue.NEW_BEST: (20, 40, 20, 40, 80),
}


def vibration(cue: Cue) -> list[int]:
    """``cue``'s vibration pattern (ms: on, off, on, ...).

    >>> vibration(Cue.MAGDAGDON)
    [60, 40, 90]
    """
    return list(_VIBRATIONS[cue])


def vibration_for(played: Iterable[Cue]) -> list[int]:
    """The one pattern for the cues of a refresh (a new pattern replaces the one running):
    the most important cue's; ``[]`` for none.

    >>> vibration_for([Cue.CONFIRM, Cue.OVER]), vibration_for([])
    ([30, 60, 50], [])
    """
    chosen = list(played)
    return vibration(max(chosen, key=_importance)) if chosen else []


@dataclass(frozen=True)
class Mix:
    """What the page's audio is made of beside the cues' designs: the master ``gain``, the
    low-pass's ``lowpass_hz``, the noise buffer's length and rate and its samples (``noise``)."""

    gain: float
    lowpass_hz: float
    noise_seconds: float
    noise_rate: int
    noise: Callable[[], array.array[float]]


#: The game's mix (the page's audio reads it from the shell's :class:`Feel`).
MIX = Mix(MASTER_GAIN, LOWPASS_HZ, NOISE_SECONDS, NOISE_RATE, noise)
