"""The game's catalogues as the tests read them: every language's, from i18n/ (read once)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from magdagdon.i18n import LANGUAGES, load_catalog

I18N = Path(__file__).resolve().parents[2] / "i18n"
CATALOGS: dict[str, dict[str, Any]] = {
    language: load_catalog((I18N / f"{language}.json").read_text("utf-8")) for language in LANGUAGES
}
