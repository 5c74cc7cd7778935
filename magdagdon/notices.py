"""What the player is told once about her stored data at the start of a visit: values found
damaged and dropped, and values a newer release wrote (kept as they are, and told once in
this browser, not at every visit). Codes under ``notice.`` in i18n.

>>> from magdagdon.records import Records, best_key
>>> from magdagdon.store import MemoryStore
>>> newer = {best_key(Difficulty.NIGHTMARE): '{"schema": 9}'}
>>> store = MemoryStore({"magdagdon.v1.settings": "{", **newer})
>>> records = Records(store)
>>> first_notices(records), first_notices(Records(store))  # cleaned, and told once
(['dropped-settings', 'newer-scores'], [])
"""

from __future__ import annotations

import json

from .records import KEY_PREFIX, Records, best_key
from .rules import Difficulty
from .store import load_json

__all__ = ["first_notices", "TOLD_KEY"]

#: The keys of the values a newer release wrote that the player was told about (told once).
TOLD_KEY = KEY_PREFIX + "told"


def first_notices(records: Records) -> list[str]:
    """The notices of a visit's start: the settings' problems (:class:`Records` read them),
    then every best-scores table an older release stored, read now so that one notice covers
    them all; a table a newer release wrote is told about once in this browser."""
    found = list(records.problems)
    newer: list[str] = []
    for each in Difficulty:
        known = len(records.problems)
        records.old_table(each)
        if best_key(each) in records.keeper.newer_keys:
            newer.append(best_key(each))  # kept as it is, not damaged
        else:
            found += records.problems[known:]
    problems = dict.fromkeys(p for p in found if p != "storage-unreadable")
    notices = [f"dropped-{p}" for p in problems]
    if _first_told(records, newer):
        notices.append("newer-scores")
    return notices


def _first_told(records: Records, newer: list[str]) -> bool:
    """Whether one of the keys ``newer`` (a newer release's values) was never told about in
    this browser; the keys told about are remembered under :data:`TOLD_KEY`."""
    if not newer:
        return False
    try:
        told = load_json(records.read(TOLD_KEY))
    except ValueError:
        told = []
    told = [key for key in told if isinstance(key, str)] if isinstance(told, list) else []
    if set(newer) <= set(told):
        return False
    records.write(TOLD_KEY, json.dumps(sorted({*told, *newer})))
    return True
