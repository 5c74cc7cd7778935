#!/usr/bin/env python3
"""An experiment, not product code: how small could the snapshot be on the wire?

    .venv/bin/python bench/snapshot_lever.py [--shipped SITE/static/snapshot-TAG.gz]

Makes the game's memory snapshot as tools/build.py does (tools/snapshot.mjs), and again with a
gc.collect() just before makeMemorySnapshot() (a copy of the tool with that one line added),
and prints the gzip size (level 9, as the build) of:

- the snapshot without its zero pages (the build's sparse form, before the build took this
  lever);
- the same with the heap XOR-ed, byte for byte, with the image of pyodide.asm.wasm's active data
  segments (the memory the wasm itself initialises, already downloaded with the wasm): where the
  heap still holds those bytes, it becomes zeros;

and, for a sense of what other coders would give, xz (preset 9) of the XOR-ed form. The build
now ships the XOR-ed form (tools/build.py, MIXED_MAGIC). With
--shipped, the same figures for a snapshot a build shipped (expanded from its sparse form).
"""

from __future__ import annotations

import gzip
import lzma
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.build import (  # noqa: E402
    MIXED_MAGIC,
    PYODIDE,
    SNAPSHOT_MODULES,
    SPARSE_MAGIC,
    archive,
    data_image,
    mixed,
    snapshot_tag,
    sparse,
)

TOOL = ROOT / "tools" / "snapshot.mjs"
#: The line of the tool before which the copy collects garbage.
SNAPSHOT_CALL = "const snapshot = pyodide.makeMemorySnapshot();"
COLLECT = 'pyodide.runPython("import gc; gc.collect(); gc.collect()");\n'


def tool(folder: Path, collect: bool) -> Path:
    """tools/snapshot.mjs, or (``collect``) a copy in ``folder`` that collects garbage first."""
    if not collect:
        return TOOL
    source = TOOL.read_text("utf-8")
    if SNAPSHOT_CALL not in source:
        raise SystemExit("tools/snapshot.mjs no longer makes the snapshot as expected")
    copy = folder / "snapshot-collected.mjs"
    copy.write_text(source.replace(SNAPSHOT_CALL, COLLECT + SNAPSHOT_CALL), "utf-8")
    return copy


def make(collect: bool) -> bytes:
    packed = archive(ROOT)
    tag = snapshot_tag(ROOT, packed)
    with tempfile.TemporaryDirectory(prefix="magdagdon-lever-") as tmp:
        zipped, raw = Path(tmp) / "game.zip", Path(tmp) / "snapshot.bin"
        zipped.write_bytes(packed)
        command = ["node", str(tool(Path(tmp), collect)), str(ROOT / PYODIDE), str(zipped),
                   str(raw), tag, *SNAPSHOT_MODULES]  # fmt: skip
        subprocess.run(command, check=True, capture_output=True, timeout=300)
        return raw.read_bytes()


def sizes(raw: bytes, image: bytes) -> dict[str, int]:
    plain, xored = sparse(raw), sparse(mixed(raw, image))
    return {
        "raw": len(raw),
        "sparse": len(plain),
        "gzip": len(gzip.compress(plain, compresslevel=9, mtime=0)),
        "xor sparse": len(xored),
        "xor gzip": len(gzip.compress(xored, compresslevel=9, mtime=0)),
        "xor xz": len(lzma.compress(xored, preset=9)),
    }


def expand(shipped: bytes, image: bytes) -> bytes:
    """A shipped snapshot (gzip of the sparse form, mixed or not) back to Pyodide's snapshot."""
    packed = gzip.decompress(shipped)
    assert packed.startswith((SPARSE_MAGIC, MIXED_MAGIC))
    length, runs = struct.unpack_from("<2I", packed, len(SPARSE_MAGIC))
    pairs = struct.unpack_from(f"<{2 * runs}I", packed, len(SPARSE_MAGIC) + 8)
    raw, at = bytearray(length), len(SPARSE_MAGIC) + 8 + 8 * runs
    for offset, size in zip(pairs[::2], pairs[1::2], strict=True):
        raw[offset : offset + size] = packed[at : at + size]
        at += size
    return mixed(bytes(raw), image) if packed.startswith(MIXED_MAGIC) else bytes(raw)


def main() -> int:
    image = data_image((ROOT / PYODIDE / "pyodide.asm.wasm").read_bytes())
    nonzero = sum(1 for b in image if b)
    print(f"pyodide.asm.wasm: active data segments' image {len(image) / 1e6:.2f} MB "
          f"({nonzero / 1e6:.2f} MB non-zero)")  # fmt: skip
    made: list[tuple[str, bytes]] = []
    if sys.argv[1:2] == ["--shipped"]:
        shipped = expand(Path(sys.argv[2]).read_bytes(), image)
        made.append((f"shipped {Path(sys.argv[2]).name}", shipped))
    made += [("made again, as built", make(False)), ("gc.collect() first", make(True))]
    for name, raw in made:
        figures = sizes(raw, image)
        print(f"\n{name}:")
        for key, value in figures.items():
            print(f"  {key:12} {value / 1e6:7.2f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
