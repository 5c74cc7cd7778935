"""SETTINGS (difficulty, language, sound, vibration), RULES, ABOUT, the birthday card, the
new release's offer, and closing whichever dialog is open."""

from __future__ import annotations

from dataclasses import dataclass

from ..effects import Effect
from .controls import Control
from .state import Part

__all__ = ["Settings", "SettingsView"]


@dataclass(frozen=True)
class SettingsView:
    """The difficulty of the game on screen, the language chosen ("" when the browser's is
    followed), whether sound and vibration are on, and the catalogue key of what this browser
    may do with her data (:func:`magdagdon.keeping.storage_words`)."""

    difficulty: str
    language: str
    sound: bool
    vibration: bool
    storage: str = "settings.storage.may-clear"


class Settings(Part):
    ACTIONS: tuple[str, ...] = ("settings", "sound", "vibration", "language", "rules", "about")
    ACTIONS += ("gift", "update", "close")
    DIALOGS = ("settings", "rules", "about", "gift")

    def controls(self) -> dict[str, Control]:
        settings = self.session.settings
        return {
            "sound": Control(pressed=settings.sound),
            "vibration": Control(pressed=settings.vibration),
            "close": Control(enabled=self.ui.dialog is not None),
        }

    def view(self, dialog: str) -> SettingsView | None:
        if dialog != "settings":
            return None  # (RULES is filled in the player's language, whatever the game)
        from ..keeping import storage_words

        settings, storage = self.session.settings, storage_words(self.ui.browser)
        difficulty = self.game.difficulty.value
        return SettingsView(difficulty, self.language, settings.sound, settings.vibration, storage)

    @property
    def language(self) -> str:
        """The language chosen in SETTINGS ("" when the browser's is followed)."""
        return self.session.settings.language or ""

    def _press_settings(self, _: str | None) -> None:
        self.ui.open("settings")

    def _press_rules(self, _: str | None) -> None:
        self.ui.open("rules")

    def _press_about(self, _: str | None) -> None:
        self.ui.open("about")

    def _press_gift(self, _: str | None) -> None:
        self.ui.open("gift")

    def _press_sound(self, _: str | None) -> None:
        """SETTINGS: the game's sounds on or off."""
        self.session.change_settings(sound=not self.session.settings.sound)

    def _press_vibration(self, _: str | None) -> None:
        """SETTINGS: vibration on or off."""
        self.session.change_settings(vibration=not self.session.settings.vibration)

    def _press_language(self, value: str | None) -> None:
        self.session.set_language(value or None)

    def _press_update(self, _: str | None) -> None:
        self.ui.emit(Effect.UPDATE)

    def _press_close(self, _: str | None) -> None:
        self.ui.close()
