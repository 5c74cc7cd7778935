"""Benchmark of the backup's refusals (not a test): thousands of mutated and crafted backup codes
and files read by ``parse_any`` and merged into a session, each one timed.

    python3 bench/backup_fuzz.py [--inputs N] [--json PATH]

The figures go to bench/results/backup_fuzz.json (stamped with the date, the commit and the
machine's load; bench/results.py) unless --json says otherwise.

The inputs start from real backups: codes and files of real finished games
(tests/unit/played_games.py) with settings, and a code and a file an older release wrote
(:data:`OLDER`: release 55e56e1, with best scores carried over from the first offline release,
dailies and a practice round; release 53d1d2e, the first with backups). Each input is one of
them changed by :func:`mutate`: characters changed, cut, inserted, deleted or repeated, the
base64 alphabet's games (``+/`` for ``-_``, padding, case), the version changed, the
compressed body changed under a recomputed check (the damage reaches zlib), or the JSON inside
changed under a recomputed check, or in a file (:func:`bend`: records with fields of the wrong
type, huge numbers, NaN and Infinity, unicode, deep nesting, fields missing or added, the
15-field records of an older release, records that add up but do not replay, copies, duplicate
keys, enormous numbers, the head's fields broken). :func:`crafted` adds the hostile inputs
made on purpose: zip bombs, texts past every length limit, and tiny codes that inflate to
millions of records (:data:`MASSES`).

Each input is read by ``parse_any`` (timed), then imported into a session that has games of
its own (``Session.import_backup``: read and merged, timed too; a game of its own lost is a
defect).
What counts: the outcome (read, or refused with a problem), anything else raised (a defect),
and the time per input (median, p99, max), in processor time (the machine is shared: what an
input costs is the question, not what the others running meanwhile cost). Target: every input
read or refused, and merged, within 0.25 s ("well under a second"): PASS or MISS.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import statistics
import sys
import time
import zlib
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.results import write_result  # noqa: E402
from magdagdon import backup  # noqa: E402
from magdagdon.backup import (  # noqa: E402
    MAX_CODE,
    MAX_JSON,
    BackupError,
    collect,
    export,
    export_file,
    parse_any,
)
from magdagdon.played import identity  # noqa: E402
from magdagdon.records import MemoryStore, Settings  # noqa: E402
from magdagdon.rules import Difficulty  # noqa: E402
from magdagdon.session import Session  # noqa: E402
from tests.unit.played_games import games  # noqa: E402

TARGET_S = 0.25
TODAY = "2026-12-01"

#: Backups older releases wrote (made by each release's own code, then kept here as they are).
OLDER = {
    # 55e56e1: two best scores carried over from the first offline release's tables (one with
    # its board), three ordinary games, the daily of 2026-11-30 and its practice round; the
    # settings NIGHTMARE, Lithuanian, sound off.
    "55e56e1 code": "MGD1.eNq9kFtPwkAQhX_LDq_bYXe7XS5PGBTRB28xhkCIWaA3Ka3S1gQJ_91pi4kBn0076XZ2z"
    "zfn7B6CbLuxBfRhY8MVvVnqLOxyXb4Dh3wZ-RsLfUlLvyjiNMyhv4dVHATxskyKHcnSOIyKjd36dD6xaVja0Kd2Ul"
    "T6rExX0A9skvsHDlGcF9mWRLMZED4tk4QDHVNCeY5QjpTAjWz6on7qpZS__ub8L63rCNJKJc7EPV6ppXG7moNUrm5"
    "TeW0q09ZeS8MR6HLAiyeGwy-Gg5bG0ZThOGNoOwzvcob-a9U3zURDVh1XVBMN2TP1OFWRcuDeD0kynL4xvJkwvP5g"
    "uCDKw6qhD1r-Kck0pNptRUqBdytStGN4OVkzfNma2gJVF_0e0W4_2QlFC95pwoujm66nXOV1tFY9oXSPLgEfI4ZXF"
    "G1IEZ_HDEeW4bJo2PdB9V2cxVRkTjUxj3f_e_9fh8n5_PAN6nWp3w.a33718a2",
    "55e56e1 file": '{"format":"magdagdon-backup","schema":1,"settings":{"difficulty":"nightmare"'
    ',"language":"lt","sound":false},"history":[\n'
    '["p",null,"","2025-02-11",61,null,0,0,0,null,11,0,0,0,null],\n'
    '["p",null,"","2025-03-01",120,null,0,0,0,null,9,1,0,16384,"1234/2345/3456/45#4"],\n'
    '["p",3,".AR!.Cz!.@#4.FZ!.Ho!.a7!.Ns!.e_!.@#6","2026-11-30",126,116,0,0,2],\n'
    '["s",5,".AR!.C1!.Zj!.IX!.Gq!.bs!.Pd!.@#4.@#e","2026-11-30",166,116,1,0,1],\n'
    '["n",8,".Ahy!.DXk!.Vr6!.@#6.@#8.e9s!.Jv!","2026-11-30",40,70,0,0,0],\n'
    '["s",8523257442902494,".Qh!.Eo!.CZ!.TH!.Fa!.ct!.@#6.Of!.@#b","2026-11-30",122,112,0,0,2,'
    'null,"2026-11-30",0],\n'
    '["s",8523257442902494,".Qh!.Eo!.CZ!.TH!.Fa!.ct!.@#6.Of!.@#b","2026-11-30",122,112,0,0,2,'
    'null,"2026-11-30",1]\n]}\n',
    # 53d1d2e: a best score carried over (no board), four real games; no settings.
    "53d1d2e code": "MGD1.eNp1j9tOwkAQQL9lhvg2ney2227bB8UYEaMSL_GChIcC5SLQmrYkoPHfnRZ8IXF3Jtnd7"
    "Jw5843TvFgnFca4TmYTiTxzRsl4uflEwnI8T9cJxlqOaVUtslmJcbZZrQjni7LKix3GgwGWSNYSSoGrXN9REgYpVN"
    "R8Vc1ujtolTe7hNqQBShPtesYPbBgR8vkj8NnzArj_AfxSAvc2wDcjeWy3Am63rGQkOd23Mo7SEsIIyYb7RjVVfLS"
    "nm6Vq6hz4QoAn084rcHcJ_F4AXyfA9xMQ2lgyPSJ6hqwR2QMxq4mhDXzj6cZzB3zZXwGXvbRGeHz1VsDBLjk2dKVa"
    "G4r2QP03uAmMjqzvCvBhC_z0JYp-R_S6OfCdqN2mtXQ9-qn6H-0EpJVpptfD4c8vqORwIQ.fc53226d",
}


# -- codes inside out ------------------------------------------------------------------------------
def code_around(packed: bytes) -> str:
    """A code with the right check around any body ``packed`` (compressed or not)."""
    head = "MGD1." + base64.urlsafe_b64encode(packed).rstrip(b"=").decode()
    return f"{head}.{zlib.crc32(head.encode()):08x}"


def code_of(text: str) -> str:
    """The code of any JSON ``text``, as export() packs it (the check right)."""
    return code_around(zlib.compress(text.encode("utf-8", "surrogatepass"), 9))


def inside(code: str) -> str:
    """The JSON text a code holds."""
    body = code.split(".")[1]
    return zlib.decompress(base64.urlsafe_b64decode(body + "==")).decode()


def real_backups() -> list[str]:
    """Codes and files of real finished games (a few sizes, with and without settings) and
    those of :data:`OLDER`."""
    records = games(40)
    datas = [
        collect(records[:6], Settings(Difficulty.SURVIVAL, "lt", sound=False)),
        collect(records[10:30], Settings(Difficulty.NIGHTMARE, "pt-BR", guided=True)),
        collect(records[2:3]),
        collect([]),
    ]
    return [text for data in datas for text in (export(data), export_file(data))] + list(
        OLDER.values()
    )


# -- changes to any text ---------------------------------------------------------------------------
POOLS = (
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
    "0123456789abcdef",
    '+/=.{}[]",:\\ \n\t\r',
    "é中\u0663\uff11\u200b\ufeff\u00a0\U0001f3b2\x00\x7f",
)


def piece(rng: random.Random) -> str:
    """A few characters of one of :data:`POOLS`."""
    pool = rng.choice(POOLS)
    return "".join(rng.choice(pool) for _ in range(rng.choice((1, 1, 2, 5, 40))))


def spot(text: str, rng: random.Random) -> int:
    return rng.randrange(len(text) + 1)


def flip(text: str, rng: random.Random) -> str:
    at = spot(text, rng)
    return text[:at] + piece(rng)[:1] + text[at + 1 :]


def cut(text: str, rng: random.Random) -> str:
    return text[: spot(text, rng)]


def insert(text: str, rng: random.Random) -> str:
    at = spot(text, rng)
    return text[:at] + piece(rng) + text[at:]


def delete(text: str, rng: random.Random) -> str:
    at = spot(text, rng)
    return text[:at] + text[at + rng.choice((1, 2, 7, 100)) :]


def repeat(text: str, rng: random.Random) -> str:
    at = spot(text, rng)
    end = min(len(text), at + rng.choice((1, 4, 50, len(text))))
    return text[:end] + text[at:end] * rng.choice((1, 2, 50)) + text[end:]


def alphabet(text: str, rng: random.Random) -> str:
    """The base64 alphabet's games: standard for URL-safe, padding, case, a version changed."""
    kind = rng.randrange(6)
    if kind == 0:
        return text.replace("-", "+").replace("_", "/")
    if kind == 1:
        head, _, rest = text.rpartition(".")
        return f"{head}{'=' * rng.randint(1, 3)}.{rest}"
    if kind == 2:
        return text.swapcase() if rng.random() < 0.3 else text.upper()
    if kind == 3:
        return rng.choice(("MGD2", "MGD0", "mgd1", "MGD01", "MGD\u0661", "MGD1.")) + text[4:]
    if kind == 4:
        return "\n".join(text[i : i + 76] for i in range(0, len(text), 76))
    return text.replace(".", rng.choice(("", "..", ",", " ")), 1)


TEXT_CHANGES: tuple[Callable[[str, random.Random], str], ...] = (
    flip,
    cut,
    insert,
    delete,
    repeat,
    alphabet,
)


# -- changes to the JSON inside --------------------------------------------------------------------
def junk(rng: random.Random, depth: int = 0) -> object:
    """A JSON value of the wrong kind: huge and odd numbers, NaN, unicode, lists, objects."""
    kind = rng.randrange(12 if depth < 2 else 9)
    if kind < 9:
        return (
            None,
            True,
            rng.choice((-1, 0, 10 ** rng.randint(5, 4000), -(10**19), 2**63)),
            rng.choice((0.5, 1e308, -0.0, 4.0, float("nan"), float("inf"), float("-inf"))),
            "",
            rng.choice(("２０２６-１１-３０", "2026-02-30", "\ud800", "p", "peaceful", "MGD1")),
            "x" * rng.choice((1, 1000, 100_000)),
            rng.choice(("1234/2345/3456/45#4", ".A!", "2026-11-30T25:00", "n")),
            False,
        )[kind]
    if kind == 9:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(5))]
    if kind == 10:
        return {piece(rng): junk(rng, depth + 1) for _ in range(rng.randrange(4))}
    nested: list[object] = []
    for _ in range(rng.choice((10, 200))):  # (deeper than the parser goes: nest())
        nested = [nested]
    return nested


def nest(rng: random.Random) -> str:
    """Deeply nested JSON text, within the parser's reach or beyond it."""
    depth = rng.choice((50, 900, 990, 1_000, 100_000))
    return "[" * depth + "]" * depth


def bend_record(record: object, rng: random.Random, others: list) -> object:
    """One record made wrong: a field of the wrong kind, one too few or too many, the old
    15-field form, moves of another game (it then adds up but does not replay)."""
    if not isinstance(record, list) or not record:
        return junk(rng)
    record = list(record)
    kind = rng.randrange(6)
    at = rng.randrange(len(record))
    if kind == 0:
        record[at] = junk(rng)
    elif kind == 1:
        del record[at]
    elif kind == 2:
        record.insert(at, junk(rng))
    elif kind == 3:  # the form older releases carried best scores over in
        record = [*record[:2], "", *record[3:9], None, 9, 1, 0, 0, rng.choice((None, "1"))][:15]
    elif kind == 4 and len(record) > 5 and all(type(v) is int for v in record[4:6]):  # adds up
        record[4] += 2
        record[5] += 2  # (and does not replay)
    elif others and len(record) > 2:
        other = rng.choice(others)
        if isinstance(other, list) and len(other) > 2:
            record[2] = other[2]
    return record


def bend(value: object, rng: random.Random) -> object:
    """The JSON of a backup made wrong in one place (or in many records)."""
    if not isinstance(value, dict):
        return junk(rng)
    value = dict(value)
    history = value.get("history")
    kind = rng.randrange(5)
    if kind == 0 or not isinstance(history, list) or not history:
        key = rng.choice(("format", "schema", "settings", "history", piece(rng)))
        value[key] = junk(rng)
        return value
    history = list(history)
    if kind == 1:
        at = rng.randrange(len(history))
        history[at] = bend_record(history[at], rng, history)
    elif kind == 2:
        history = [bend_record(r, rng, history) for r in history]
    elif kind == 3:
        history = history * rng.choice((2, 30))
    else:
        history.insert(rng.randrange(len(history) + 1), junk(rng))
    value["history"] = history
    return value


def bend_text(text: str, rng: random.Random) -> str:
    """JSON text changed as text: duplicate keys, enormous numbers, deep nesting, NaN."""
    kind = rng.randrange(4)
    body = text.rstrip()
    if kind == 0 and body.endswith("}"):
        key = rng.choice(("format", "schema", "history", "settings"))
        return body[:-1] + f',"{key}":{json.dumps(junk(rng))}}}'
    if kind == 1:
        return text.replace("[", "[" + "9" * rng.choice((20, 4_400, 100_000)) + ",", 2)
    if kind == 2:
        return text.replace('"history":[', f'"history":[{nest(rng)},', 1)
    return text.replace(",0", rng.choice((",NaN", ",Infinity", ",-Infinity", ",1e999")), 3)


def reach_json(text: str, rng: random.Random) -> str:
    """``text`` (a code or a file) with the JSON it holds changed, as a code or a file (a
    code's check recomputed, so that the damage reaches what is inside)."""
    raw = inside(text) if text.startswith("MGD1.") else text
    kind = rng.randrange(3)
    if kind == 0:
        changed = json.dumps(bend(json.loads(raw), rng), separators=(",", ":"))
    elif kind == 1:
        changed = bend_text(raw, rng)
    else:
        changed = rng.choice(TEXT_CHANGES)(raw, rng)
    return code_of(changed) if rng.random() < 0.6 else changed


def reach_zlib(text: str, rng: random.Random) -> str:
    """A code whose compressed body is changed under a recomputed check."""
    packed = bytearray(zlib.compress(inside(text).encode(), 9) if text.startswith("MGD") else b"")
    for _ in range(rng.choice((1, 1, 3))):
        if packed:
            packed[rng.randrange(len(packed))] = rng.randrange(256)
    cut_at = len(packed) - rng.choice((0, 0, 1, 4))
    return code_around(bytes(packed[:cut_at]) + rng.choice((b"", b"", b"\x00more")))


def mutate(text: str, rng: random.Random) -> str:
    """``text`` (a real backup's code or file) changed by one to three changes."""
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        kind = rng.randrange(10)
        if kind < 5:
            text = rng.choice(TEXT_CHANGES)(text, rng)
        elif kind < 9 and _readable(text):
            text = reach_json(text, rng)
        elif text.startswith("MGD1.") and _readable(text):
            text = reach_zlib(text, rng)
    return text


def _readable(text: str) -> bool:
    """Whether ``text`` is a code or a file whose JSON can be taken apart."""
    try:
        json.loads(inside(text) if text.startswith("MGD1.") else text)
    except (ValueError, IndexError, RecursionError, zlib.error):
        return False
    return True


# -- made on purpose -------------------------------------------------------------------------------
HEAD = '{"format":"magdagdon-backup","schema":1,"settings":null,"history":['
#: A real game's record (from :data:`OLDER`).
GAME = '["p",3,".AR!.Cz!.@#4.FZ!.Ho!.a7!.Ns!.e_!.@#6","2026-11-30",126,116,0,0,2]'


def mass(record: str, limit: int = MAX_JSON) -> str:
    """A backup's JSON holding as many copies of ``record`` as fit in ``limit`` characters."""
    count = (limit - len(HEAD) - 2) // (len(record) + 1)
    return HEAD + ",".join([record] * count) + "]}"


#: Codes of a few KB that inflate to just under the limit: millions of records that are not
#: records, or tens of thousands of copies of one real game.
MASSES = {
    "2.0 million records 0 (code)": lambda: code_of(mass("0")),
    "1.3 million records [] (code)": lambda: code_of(mass("[]")),
    "54,053 copies of one real game (code)": lambda: code_of(mass(GAME)),
    "2.0 million records 0 (file)": lambda: mass("0"),
}


def bombs() -> dict[str, str]:
    """Zip bombs: a code of 64 MB of zeros, one of spaces one byte past the limit, one of
    JSON white space right at it."""
    packer = zlib.compressobj(9)
    zeros = b"".join(packer.compress(bytes(1 << 20)) for _ in range(64)) + packer.flush()
    tail = '"history":[]}'
    padded = HEAD[: -len('"history":[')] + " " * (MAX_JSON - len(HEAD) + 11 - len(tail)) + tail
    return {
        "zip bomb, 64 MB of zeros": code_around(zeros),
        "zip bomb, one byte past the limit": code_around(zlib.compress(b" " * (MAX_JSON + 1), 9)),
        "a code inflating to the limit, white space": code_of(padded),
    }


def crafted() -> dict[str, object]:
    """The hostile inputs made on purpose (beside :data:`MASSES`)."""
    longest = "MGD1." + "A" * (MAX_CODE - 14)
    longest += f".{zlib.crc32(longest.encode()):08x}"
    return {
        **bombs(),
        "a code one past the length limit": "A" * (MAX_CODE + 1),
        "a code of the greatest length": longest,
        "a file one past the length limit": "{" + " " * MAX_JSON,
        "ten million spaces": " " * 10_000_000,
        "a file nested 100,000 deep": "{" + "[" * 100_000 + "}",
        "not text: None": None,
        "not text: bytes": b"MGD1.",
        "not text: a list": ["MGD1."],
        "a lone surrogate": "MGD1.\ud800.00000000",
    }


# -- reading and merging, timed --------------------------------------------------------------------
def imported(session: Session, text: object) -> tuple[int, int]:
    """``text`` imported into ``session``: (games added, games refused), or BackupError. (The
    session's own ``import_backup``, or the backup module's ``import_into`` where the backup
    has left the session.)"""
    into = getattr(backup, "import_into", None)
    return into(session, text) if into else session.import_backup(text)


def records_of(session: Session) -> tuple:
    """Every finished game ``session`` keeps (its history a property, or a method)."""
    history = session.history
    return (history() if callable(history) else history).records


#: The session's own games: some of them are in the real backups too.
OWN = games(40)[:12]


def own_store() -> dict[str, str]:
    """The stored data of a session that finished the games :data:`OWN`."""
    store = MemoryStore()
    imported(Session(store, today=lambda: TODAY), export(collect(OWN)))
    return dict(store.data)


def read(text: object) -> tuple[str, float]:
    """What ``parse_any`` made of ``text`` ("read", a problem, or what else it raised), timed."""
    start = time.process_time()
    try:
        parse_any(text)
        what = "read"
    except BackupError as error:
        what = error.problem
    except Exception as error:  # a defect: counted and shown
        what = f"RAISED {type(error).__name__}"
    return what, time.process_time() - start


def merged(text: object, stored: dict[str, str]) -> tuple[str, float]:
    """``text`` imported into a session holding ``stored``: "merged", "refused", "LOST" (a game
    of the session's own gone) or what else was raised; timed."""
    store = MemoryStore(dict(stored))
    session = Session(store, today=lambda: TODAY)
    start = time.process_time()
    try:
        imported(session, text)
        what = "merged"
    except BackupError:
        what = "refused"
    except Exception as error:  # a defect: counted and shown
        what = f"RAISED {type(error).__name__}"
    took = time.process_time() - start
    again = Session(store, today=lambda: TODAY)
    if Counter(map(identity, OWN)) - Counter(map(identity, records_of(again))):
        what = "LOST"
    return what, took


# -- the run ---------------------------------------------------------------------------------------
def inputs(count: int, seed: int = 20261202) -> list[tuple[str, object]]:
    """``count`` inputs: real backups mutated (named by what they started from), then every
    crafted one."""
    rng = random.Random(seed)
    sources = real_backups()
    made: list[tuple[str, object]] = []
    while len(made) < count:
        source = rng.randrange(len(sources))
        form = "code" if sources[source].startswith("MGD") else "file"
        made.append((f"mutated {form}", mutate(sources[source], rng)))
    made += [(f"crafted: {name}", text) for name, text in crafted().items()]
    made += [(f"crafted: {name}", make()) for name, make in MASSES.items()]
    return made


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(count: int) -> dict:
    started = time.perf_counter()
    stored = own_store()
    outcomes: Counter[str] = Counter()
    merges: Counter[str] = Counter()
    reads, totals, slow, defects = [], [], [], []
    for kind, text in inputs(count):
        what, read_s = read(text)
        merge, merge_s = merged(text, stored)
        outcomes[what] += 1
        merges[merge] += 1
        reads.append(read_s)
        totals.append(merge_s)
        if what.startswith("RAISED") or merge in ("LOST",) or merge.startswith("RAISED"):
            defects.append({"input": kind, "read": what, "merge": merge, "text": repr(text)[:300]})
        if max(read_s, merge_s) > TARGET_S:
            slow.append({"input": kind, "read_s": read_s, "merge_s": merge_s, "read": what})
    return {
        "inputs": len(reads),
        "outcomes": dict(outcomes.most_common()),
        "merges": dict(merges.most_common()),
        "read_s": figures(reads),
        "merge_s": figures(totals),
        "target_s": TARGET_S,
        "slow": slow,
        "defects": defects,
        "verdict": "PASS" if not slow and not defects else "MISS",
        "seconds": time.perf_counter() - started,
    }


def figures(times: list[float]) -> dict[str, float]:
    return {
        "median": statistics.median(times),
        "p99": percentile(times, 0.99),
        "max": max(times),
    }


def report(results: dict) -> str:
    lines = [f"{results['inputs']:,} inputs (mutated real backups, then crafted ones)"]
    lines.append(
        "read by parse_any: " + ", ".join(f"{k} {v}" for k, v in results["outcomes"].items())
    )
    lines.append(
        "merged into a session: " + ", ".join(f"{k} {v}" for k, v in results["merges"].items())
    )
    for name in ("read_s", "merge_s"):
        f = results[name]
        lines.append(
            f"{'read' if name == 'read_s' else 'import (read + merge)'}: median "
            f"{f['median'] * 1000:.2f} ms, p99 {f['p99'] * 1000:.2f} ms, "
            f"max {f['max'] * 1000:.0f} ms"
        )
    for each in results["slow"]:
        lines.append(
            f"  SLOW {each['input']}: read {each['read_s']:.2f} s ({each['read']}), "
            f"import {each['merge_s']:.2f} s"
        )
    for each in results["defects"]:
        lines.append(f"  DEFECT {each['input']}: read {each['read']}, merge {each['merge']}")
    lines.append(
        f"target: every input read or refused and merged within {TARGET_S} s: "
        f"{results['verdict']} ({len(results['slow'])} slow, {len(results['defects'])} defects; "
        f"{results['seconds']:.0f} s in all)"
    )
    return "\n".join(lines)


def summary(results: dict) -> dict[str, object]:
    """The figures page's lines: outcomes, processor times, what was slow (by kind), verdict."""

    def ms(name: str) -> str:
        f = results[name]
        return f"{f['median'] * 1000:.2f} / {f['p99'] * 1000:.2f} / {f['max'] * 1000:.0f}"

    slow = Counter(each["input"] for each in results["slow"])
    return {
        "inputs": results["inputs"],
        "read by parse_any": ", ".join(f"{k} {v}" for k, v in results["outcomes"].items()),
        "merged into a session": ", ".join(f"{k} {v}" for k, v in results["merges"].items()),
        "read, processor time: median / p99 / max (ms)": ms("read_s"),
        "import (read + merge), processor time: median / p99 / max (ms)": ms("merge_s"),
        f"inputs slower than {TARGET_S} s": "; ".join(f"{k} × {v}" for k, v in slow.items())
        or "none",
        "anything but a BackupError raised, or a game lost": len(results["defects"]),
        f"every input within {TARGET_S} s": results["verdict"],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--json",
        type=Path,
        default=ROOT / "bench/results/backup_fuzz.json",
        help="the figures' file",
    )
    parser.add_argument("--inputs", type=int, default=5_000, help="mutated inputs (beside crafted)")
    args = parser.parse_args(argv)
    results = run(args.inputs)
    print(report(results))
    write_result(args.json, {"summary": summary(results), **results})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
