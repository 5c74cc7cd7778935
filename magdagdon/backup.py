"""Export and import of all the player's data: every game of the history, the settings and
the practice record.

The data is a dict: ``"history"``, a list of :class:`~magdagdon.played.Played` records (oldest
first), ``"settings"``, a :class:`~magdagdon.records.Settings` or None, and ``"practice"`` a
:class:`~magdagdon.practice.Record` when there is one (:func:`collect` makes one; a practice
record this release cannot read is left out, and merged with the device's it loses no try).
It travels in two forms:

* **the code** (:func:`export`, :func:`parse`), one line of URL-safe text to copy and paste::

      MGD1.<body>.<check>

  ``MGD`` names the format and ``1`` is its version; ``<body>`` is the data as JSON
  (:func:`payload`), zlib at level 9, base64url without padding; ``<check>`` is the CRC-32 of
  ``MGD1.<body>`` in 8 hexadecimal digits (a code cut short reads as ``"truncated"``, not
  ``"damaged"``). A game takes about 35 characters of code (2,001 games: 70 KB).
* **the file** (:func:`export_file`, :func:`parse_file`): the same JSON as plain text, one
  game a line, for a ``.json`` file.

Both carry ``"format": "magdagdon-backup"`` and ``"schema"``. Whatever cannot be read raises
:class:`BackupError`, whose ``problem`` names why for the interface to translate: ``"empty"``,
``"foreign"`` (not a MAGDAGDON backup), ``"newer"`` (made by a newer release), ``"damaged"``,
``"truncated"``, ``"too-big"``. Huge or hostile input is refused quickly: its length is
checked before anything is decoded, and decompression stops at :data:`MAX_JSON` bytes.

A record that does not decode is dropped (counted in ``"dropped"``); the records a backup
brings in are replayed through the rules by :func:`merge` (those that do not replay to their
score are dropped too), so the file form needs no check of its own. A session's backup:
:func:`code_of`, :func:`file_of`, :func:`import_into` (:func:`import_read` once read).

>>> from magdagdon.played import decode
>>> from magdagdon.rules import Difficulty
>>> game = decode(["s", 5, ".AR!.C1!.Zj!.IX!.Gq!.bs!.Pd!.@#4.@#e", "2026-11-29", 166, 116, 1, 0, 1])
>>> code = export(collect([game], Settings(Difficulty.SURVIVAL, "lt")))
>>> code[:5]
'MGD1.'
>>> data = parse(code)
>>> data["history"] == [game], data["settings"].language, data["dropped"]
(True, 'lt', 0)
>>> parse(code[:-3])
Traceback (most recent call last):
...
magdagdon.backup.BackupError: the code is cut short
>>> merged = merge(collect([]), data)
>>> len(merged["history"]), merged["added"], merged["dropped"]
(1, 1, 0)
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Callable, Generator, Iterable
from contextlib import suppress
from typing import TYPE_CHECKING, NotRequired, TypedDict

from .answers import Answers
from .answers import Record as Answered
from .errors import MagdagdonError
from .history import BUDGET, merge_records, new_in
from .played import Played, decode, encode, verify
from .practice import Practice, Record
from .records import Settings
from .rules import is_whole

if TYPE_CHECKING:
    from .session import Session

__all__ = ["BackupError", "Data", "Read", "Merged", "FORMAT", "VERSION", "MAX_CODE", "MAX_JSON",
    "collect", "payload", "export", "export_file", "parse", "parse_file", "parse_any",
    "read_payload", "merge", "verify_steps", "code_of", "file_of", "import_into",
    "import_read"]  # fmt: skip

FORMAT = "magdagdon-backup"
#: The version of the backup format, in the code's prefix and as the JSON's ``"schema"``.
VERSION = 1
PREFIX = "MGD"
#: Text longer than this is refused before anything is decoded (characters).
MAX_CODE = 2_000_000
#: The most JSON a backup may hold (bytes): decompression stops there, a file longer is refused.
#: A history is at most :data:`~magdagdon.history.BUDGET` characters of the same JSON (and its
#: best games beyond it): half as much again is room enough, and nothing larger is parsed.
MAX_JSON = BUDGET + BUDGET // 2
#: The most games a backup may hold: a history's cap, and the best games it keeps beyond it
#: (a backup of more is not one the game made: refused before any is read).
MOST_GAMES = 6_000
_BODY = re.compile(r"[A-Za-z0-9_-]*")
_CHECK = re.compile(r"[0-9a-f]{8}")
#: A check cut short (a code copied without its last characters).
_CUT_CHECK = re.compile(r"[0-9a-f]{0,7}")


class BackupError(MagdagdonError):
    """A backup that cannot be read; ``problem`` says why (see the module's description)."""

    code = "backup"

    def __init__(self, message: str, problem: str) -> None:
        super().__init__(message, problem=problem)
        self.problem = problem


class Data(TypedDict):
    """The player's data (:func:`collect`): every finished game, oldest first, the settings,
    the practice record and the day's puzzles answered (None: none carried)."""

    history: list[Played]
    settings: Settings | None
    practice: NotRequired[Record | None]
    puzzles: NotRequired[Answered | None]


class Read(Data):
    """A backup read (:func:`parse`): its data, and how many of its records did not decode."""

    dropped: int


class Merged(Read):
    """A backup merged in (:func:`merge`): the games and settings, the games added and those
    dropped (no practice record: :func:`merge` leaves it to the stored one's keeper)."""

    added: int


# -- writing ---------------------------------------------------------------------------------------
def collect(
    history: Iterable[Played],
    settings: Settings | None = None,
    practice: Record | None = None,
    puzzles: Answered | None = None,
) -> Data:
    """The player's data as :func:`export` takes it (and :func:`parse` gives it back)."""
    data: Data = {"history": list(history), "settings": settings}
    if practice is not None:
        data["practice"] = practice
    if puzzles is not None:
        data["puzzles"] = puzzles
    return data


def _head(data: Data) -> dict[str, object]:
    """The JSON-able form of ``data`` without its games: format, schema, settings."""
    settings, practice = data.get("settings"), data.get("practice")
    return (
        {
            "format": FORMAT,
            "schema": VERSION,
            "settings": None
            if settings is None
            else {
                "difficulty": settings.difficulty.value,
                "language": settings.language,
                **settings.changed(),
            },
        }
        | ({} if practice is None else {"practice": practice.data()})
        | _puzzles(data)
    )


def _puzzles(data: Data) -> dict[str, object]:
    puzzles = data.get("puzzles")
    return {} if puzzles is None or not puzzles.days else {"puzzles": puzzles.data()}


def payload(data: Data) -> dict[str, object]:
    """The JSON-able form of ``data``: format, schema, settings, history records."""
    return {**_head(data), "history": [encode(played) for played in data["history"]]}


def _json(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def export(data: Data) -> str:
    """The code of ``data``: ``MGD1.<body>.<check>`` (see the module's description)."""
    packed = zlib.compress(_json(payload(data)).encode(), 9)
    body = base64.urlsafe_b64encode(packed).rstrip(b"=").decode()
    head = f"{PREFIX}{VERSION}.{body}"
    return f"{head}.{zlib.crc32(head.encode()):08x}"


def export_file(data: Data) -> str:
    """The text of the ``.json`` file of ``data``: the same JSON as the code holds, one game a
    line."""
    games = ",\n".join(_json(encode(played)) for played in data["history"])
    return f'{_json(_head(data))[:-1]},"history":[\n{games}\n]}}\n'


# -- reading ---------------------------------------------------------------------------------------
def _refuse(problem: str, message: str) -> BackupError:
    return BackupError(message, problem=problem)


def _text(text: object, limit: int, *, squeeze: bool = False) -> str:
    """``text`` trimmed (``squeeze``: without any of the white space a copy may have added);
    refused at once if it is not text, huge or empty."""
    if not isinstance(text, str):
        raise _refuse("foreign", f"a backup is text, not {type(text).__name__}")
    if len(text) > limit:
        raise _refuse("too-big", f"{len(text):,} characters: more than any backup ({limit:,})")
    text = "".join(text.split()) if squeeze else text.strip().lstrip("\ufeff")
    if not text:
        raise _refuse("empty", "there is nothing to read")
    return text


def _check_version(head: str) -> None:
    """``head`` (what comes before the first dot) is ``MGD1``, or the reason why not."""
    if PREFIX.startswith(head):
        raise _refuse("truncated", "the code is cut short")
    version = head[len(PREFIX) :]
    if not head.startswith(PREFIX) or not (version.isascii() and version.isdigit()):
        raise _refuse("foreign", "not a MAGDAGDON backup code")
    if len(version) > 6 or int(version) > VERSION:
        raise _refuse("newer", f"a code of version {version:.6}, made by a newer release")
    if int(version) < VERSION:
        raise _refuse("foreign", f"no release wrote a code of version {version}")


def _unpack(code: str) -> bytes:
    """The compressed JSON inside ``code``, its version and its check verified."""
    head, _, rest = code.partition(".")
    _check_version(head)
    body, _, check = rest.partition(".")
    if _CUT_CHECK.fullmatch(check):  # no check at all, or a part of one
        raise _refuse("truncated", "the code is cut short")
    if not (_CHECK.fullmatch(check) and _BODY.fullmatch(body)):
        raise _refuse("damaged", "the code holds characters no code has")
    if zlib.crc32(f"{head}.{body}".encode()) != int(check, 16):
        raise _refuse("damaged", "the code does not match its check: it was changed")
    try:
        return base64.urlsafe_b64decode(body + "==")  # padding beyond the need is ignored
    except (binascii.Error, ValueError):
        raise _refuse("damaged", "the code's body is not base64url") from None


def _inflate(packed: bytes) -> bytes:
    """The bytes zlib-compressed in ``packed``: at most :data:`MAX_JSON` of them."""
    inflater = zlib.decompressobj()
    try:
        data = inflater.decompress(packed, MAX_JSON)
    except zlib.error:
        raise _refuse("damaged", "the code's body does not decompress") from None
    if inflater.unconsumed_tail:
        raise _refuse("too-big", f"the code holds more than {MAX_JSON:,} bytes")
    if not inflater.eof or inflater.unused_data:
        raise _refuse("damaged", "the code's body is not one whole zlib stream")
    return data


def parse(code: object) -> Read:
    """The data of a code :func:`export` wrote: ``{"history": [Played, …], "settings":
    Settings | None, "dropped": records that did not decode}``; else :class:`BackupError`."""
    text = _text(code, MAX_CODE, squeeze=True)
    data = _inflate(_unpack(text))
    try:
        value = json.loads(data)
    except (ValueError, RecursionError):
        raise _refuse("damaged", "the code does not hold JSON") from None
    return read_payload(value)


def parse_file(text: object) -> Read:
    """The data of a ``.json`` file :func:`export_file` wrote, as :func:`parse` gives it."""
    text = _text(text, MAX_JSON)
    if not text.startswith("{"):
        raise _refuse("foreign", "not a MAGDAGDON backup file")
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        if not text.endswith("}"):
            raise _refuse("truncated", "the file is cut short") from None
        raise _refuse("damaged", "the file is not valid JSON") from None
    return read_payload(value)


def parse_any(text: object) -> Read:
    """A code or a file's text, whichever ``text`` is (a file's starts with ``{``)."""
    if isinstance(text, str) and text.lstrip().lstrip("\ufeff").startswith("{"):
        return parse_file(text)
    return parse(text)


def read_payload(value: object) -> Read:
    """The data in a backup's JSON value (see :func:`parse`); else :class:`BackupError`."""
    if not isinstance(value, dict) or value.get("format") != FORMAT:
        raise _refuse("foreign", "not a MAGDAGDON backup")
    schema = value.get("schema")
    if is_whole(schema, low=VERSION + 1):
        raise _refuse("newer", f"a backup of schema {schema}, made by a newer release")
    games = value.get("history")
    if schema != VERSION or not isinstance(games, list):
        raise _refuse("damaged", "the backup has no schema or no history")
    if len(games) > MOST_GAMES:
        raise _refuse("too-big", f"{len(games):,} games: more than any history ({MOST_GAMES:,})")
    history = []
    for raw in games:
        with suppress(ValueError):
            history.append(decode(raw))
    settings = Settings.carried(value.get("settings"))
    read: Read = {"history": history, "settings": settings, "dropped": len(games) - len(history)}
    practice = Record.carried(value.get("practice"))
    if practice is not None:
        read["practice"] = practice
    puzzles = Answered.carried(value.get("puzzles"))
    if puzzles is not None:
        read["puzzles"] = puzzles
    return read


# -- merging ---------------------------------------------------------------------------------------
def merge(
    mine: Data,
    theirs: Read,
    check: Callable[[Played], bool] | None = verify,
) -> Merged:
    """``theirs`` (a backup read) merged into ``mine`` (:func:`collect` of this device):
    ``{"history", "settings", "added", "dropped"}``. The practice record is not merged here:
    :func:`import_read` hands ``theirs``'s to :meth:`~magdagdon.practice.Practice.absorb`,
    which merges it with the one stored.
    Nothing of ``mine`` is lost and no game is counted twice (:func:`~magdagdon.history.identity`;
    merging the same backup again adds nothing). Each game only ``theirs`` has is first
    replayed by ``check`` (:func:`~magdagdon.played.verify`; None trusts them): those that fail
    are dropped and counted with those that did not decode. The settings stay ``mine``, but a
    language left unset there comes from ``theirs``."""
    ours = list(mine["history"])
    others = list(theirs["history"])
    fresh = new_in(ours, others)
    verdicts: dict[Played, bool] = {}  # (copies of one game are replayed once)
    if check is not None:
        for played in fresh:
            if played not in verdicts:
                verdicts[played] = check(played)
    false = {id(played) for played in fresh if not verdicts.get(played, True)}
    history = merge_records(ours, [played for played in others if id(played) not in false])
    merged: Merged = {
        "history": history,
        "settings": _merged_settings(mine.get("settings"), theirs.get("settings")),
        "added": len(fresh) - len(false),
        "dropped": len(false) + theirs.get("dropped", 0),
    }
    return merged


def verify_steps(mine: Data, theirs: Read) -> Generator[None, None, Callable[[Played], bool]]:
    """The games only ``theirs`` has, each replayed (:func:`~magdagdon.played.verify`) in a
    step of its own, so that a page merges a large backup between taps; returns the ``check``
    for :func:`merge`, which then replays none of them (a game it did not see, one another tab
    added meanwhile, is replayed then)."""
    verdicts: dict[Played, bool] = {}
    for played in new_in(mine["history"], theirs["history"]):
        if played not in verdicts:
            verdicts[played] = verify(played)
            yield
    return lambda played: verdicts[played] if played in verdicts else verify(played)


def _merged_settings(mine: Settings | None, theirs: Settings | None) -> Settings | None:
    if mine is None:
        return theirs
    if mine.language is None and theirs is not None and theirs.language is not None:
        return Settings(mine.difficulty, theirs.language)
    return mine


# -- a session's backup ----------------------------------------------------------------------------
def _kept(session: Session) -> Data:
    """All of ``session``'s player's data, the practice record as stored."""
    practice, puzzles = Practice(session.keeper).record, Answers(session.keeper).record
    return collect(session.history().records, session.settings, practice, puzzles)


def code_of(session: Session) -> str:
    """All of ``session``'s player's data as a backup code."""
    return export(_kept(session))


def file_of(session: Session) -> str:
    """The same data as the text of a ``.json`` file."""
    return export_file(_kept(session))


def import_into(session: Session, text: object) -> tuple[int, int]:
    """Merge a backup code or file into ``session``: nothing there is lost, no game counted
    twice. (games added, games refused); a backup that cannot be read raises
    :class:`BackupError` and changes nothing."""
    return import_read(session, parse_any(text))


def import_read(
    session: Session, theirs: Read, check: Callable[[Played], bool] | None = None
) -> tuple[int, int]:
    """:func:`import_into` of a backup already read; ``check`` tells a game only it has is
    true (:func:`verify_steps` made it; by default each is replayed). The settings' language
    comes along when the player has not chosen one; games added end the first-visit guide."""
    history = session.history()
    merged = merge(collect(history.records), theirs, check or verify)
    added = history.absorb(merged["history"])
    language = getattr(theirs.get("settings"), "language", None)
    if session.settings.language is None and language in session.records.languages:
        session.set_language(language)
    if added and not session.settings.guided:
        session.change_settings(guided=True)  # games played: not a first visit any more
    carried = theirs.get("practice")
    if carried is not None:
        Practice(session.keeper).absorb(carried)
    answered = theirs.get("puzzles")
    if answered is not None:
        Answers(session.keeper).absorb(answered)
    session.note_unsaved()
    return added, merged["dropped"]
