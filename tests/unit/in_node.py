"""Runs a check written in JavaScript against one of the page's own modules, in Node."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")


def in_node(script: str, tmp_path: Path, module: str = "static/snapshot.mjs") -> None:
    """Runs ``script`` (an ES module, ``module`` imported as ``s``) in Node; it passes unless the
    script throws."""
    if not NODE:  # CI installs Node (npm): a machine without it cannot build the site either
        pytest.skip("node is not installed")
    check = tmp_path / "check.mjs"
    url = (ROOT / module).as_uri()
    check.write_text(f"import * as s from {json.dumps(url)};\n{script}", "utf-8")
    done = subprocess.run([NODE, str(check)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
