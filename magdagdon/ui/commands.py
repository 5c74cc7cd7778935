"""What the shell (:mod:`.shell`) asks the browser layer to do: data, carried out in order.
Each names what the page does, never how a screen decides it."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from .paint import Node, Said, Token, Write

__all__ = [
    "Announce",
    "Apply",
    "Call",
    "Command",
    "Copy",
    "Dismiss",
    "Download",
    "Feel",
    "Focus",
    "Log",
    "Motion",
    "Notice",
    "Picture",
    "Relabel",
    "Share",
    "Steps",
]


@dataclass(frozen=True)
class Apply:
    """Apply these writes to the page's elements (:mod:`magdagdon.ui.paint`)."""

    writes: tuple[Write, ...]


@dataclass(frozen=True)
class Relabel:
    """The page's fixed words in the language spoken now: ``texts`` (catalogue key → text) for
    every ``data-i18n`` text and ``data-i18n-aria`` label, the page's ``lang`` and ``title``."""

    lang: str
    title: str
    texts: Mapping[str, str]


@dataclass(frozen=True)
class Motion:
    """Start ``animation`` again on ``elements`` (named as writes name them)."""

    animation: str
    elements: tuple[str, ...]


@dataclass(frozen=True)
class Announce:
    """Say ``text`` in the polite live region (``fresh``: instead of what it said last, else
    after it)."""

    text: str
    fresh: bool


@dataclass(frozen=True)
class Notice:
    """Show ``node`` at the foot of the screen until dismissed."""

    node: Node


@dataclass(frozen=True)
class Dismiss:
    """Take away the notice whose button was tapped."""


@dataclass(frozen=True)
class Feel:
    """Sound ``cues`` (each at its time from now, s, with its design's parts:
    :func:`magdagdon.sounds.timeline`, :data:`~magdagdon.sounds.DESIGNS`) in ``mix``
    (:data:`magdagdon.sounds.MIX`) where ``sound`` allows, and vibrate ``pattern`` (ms), the
    browser's audio woken first (within her tap); or make the audio ahead (``prepare``), or
    let it sleep (``suspend``) and wake (``resume``) with the page."""

    cues: tuple[tuple[float, tuple[object, ...]], ...] = ()
    sound: bool = True
    pattern: tuple[int, ...] = ()
    mix: object = None
    prepare: bool = False
    suspend: bool = False
    resume: bool = False


@dataclass(frozen=True)
class Focus:
    """Move the keyboard's focus to the element named ``element``."""

    element: str


@dataclass(frozen=True)
class Copy:
    """Copy ``text`` to the clipboard; then show ``done`` (or ``failed``)."""

    text: str
    done: Notice
    failed: Notice


@dataclass(frozen=True)
class Download:
    """Save ``text`` as the file ``name`` (of type ``mime``)."""

    text: str
    name: str
    mime: str = "application/json"


@dataclass(frozen=True)
class Picture:
    """Make the picture ``key`` names ahead, in idle moments: ``draw`` gives its SVG and its
    size for the day ``date`` as the browser writes it; saved as ``name``. A newer one
    replaces it."""

    key: object
    date: Token
    draw: Callable[[str], tuple[str, int, int]]
    name: str


@dataclass(frozen=True)
class Share:
    """Hand ``title`` and ``text`` (and the picture ``picture`` names, if made) to the Web
    Share API, else the text to the clipboard; ``link`` is what is said when both fail."""

    title: str
    text: Said
    link: str
    picture: object


@dataclass(frozen=True)
class Call:
    """Call the page's own function ``name`` (its script's: the update, the install prompt)."""

    name: str


@dataclass(frozen=True)
class Log:
    """Say ``text`` in the console (a warning, or an error)."""

    text: str
    warn: bool = False


@dataclass(frozen=True)
class Steps:
    """Run ``steps`` on the page's thread: in slices of a few ms between its own tasks
    (``pace`` ``"slices"``), after an idle moment (``"idle"``), or one step an idle moment
    (``"idle-each"``); after ``delay`` seconds. At each step that yields True, ``at_mark``:
    ``"taps"`` lets the taps made meanwhile in first, ``"redraw"`` carries out a redraw. When
    done, what ``then`` gives is carried out; if a step raises (other than the store's
    refusal), the error is said in the console, named by ``name``, and ``failed`` carried
    out."""

    name: str
    steps: Iterator[object]
    then: Callable[[], list[Command]] | None = None
    failed: Callable[[], list[Command]] | None = None
    at_mark: str | None = None
    delay: float = 0.0
    pace: str = "slices"


Command = (
    Apply
    | Relabel
    | Motion
    | Announce
    | Notice
    | Dismiss
    | Feel
    | Focus
    | Copy
    | Download
    | Picture
    | Share
    | Call
    | Log
    | Steps
)
