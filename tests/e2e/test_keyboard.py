"""A whole game by keyboard alone: shortcuts, number keys for dice, arrow keys across the
board, Enter to stage or ruin — and the polite live region saying what happened."""

from __future__ import annotations

from .harness import fresh_start


def _phase(page) -> str:
    return page.evaluate("document.body.dataset.phase")


def _focused_cell(page) -> int | None:
    value = page.evaluate("document.activeElement?.dataset?.cell ?? null")
    return None if value is None else int(value)


def _walk_to(page, target: int) -> None:
    """Arrow keys from the focused cell to ``target`` (rows first, then columns)."""
    here = _focused_cell(page)
    assert here is not None, "the focus should be on the board"
    rows, columns = target // 4 - here // 4, target % 4 - here % 4
    for _ in range(abs(rows)):
        page.keyboard.press("ArrowDown" if rows > 0 else "ArrowUp")
    for _ in range(abs(columns)):
        page.keyboard.press("ArrowRight" if columns > 0 else "ArrowLeft")
    assert _focused_cell(page) == target


def _legal(page) -> list[int]:
    return page.evaluate(
        "[...document.querySelectorAll('[data-cell][data-legal=true]')].map(c => +c.dataset.cell)"
    )


def test_a_whole_game_by_keyboard_alone(site_url, shared_page):
    page = shared_page
    fresh_start(page, site_url, {}, "?seed=31&difficulty=survival")
    page.keyboard.press("Tab")  # the keyboard user arrives
    announced = set()
    for _ in range(400):
        phase = _phase(page)
        if phase == "over":
            break
        if phase == "roll":
            page.keyboard.press("r")
        elif phase == "magdagdon":
            page.keyboard.press("a")
        elif phase == "ruin":
            if _focused_cell(page) is None:
                page.keyboard.press("Escape")  # back to MAGDAGDON …
                page.keyboard.press("a")  # … and accept again: the focus comes to the board
            _walk_to(page, _legal(page)[0])
            page.keyboard.press("Enter")
        elif page.locator('[data-action="confirm"]').is_enabled():
            page.keyboard.press("c")
        else:
            dice = page.evaluate(
                "[...document.querySelectorAll('[data-die][data-state=available],"
                "[data-die][data-state=selected]')].map(d => +d.dataset.die)"
            )
            for die in dice:
                page.keyboard.press(str(die + 1))
                if _legal(page):
                    break
            else:
                page.keyboard.press("u")  # a dead end: take every staged die back
                continue
            if _focused_cell(page) is None:
                page.locator(f'[data-cell="{_legal(page)[0]}"]').focus()
            _walk_to(page, _legal(page)[0])
            page.keyboard.press("Enter")
        announced.add(page.locator("#announce").inner_text())
    assert _phase(page) == "over"
    assert page.locator("#dialog-over").is_visible()
    assert any(text.startswith("Rolled") for text in announced)
    assert any(text.startswith("Confirmed") for text in announced)
    assert page.locator("#announce").inner_text().startswith("Game over. Final score")


def test_cells_and_dice_have_spoken_names(site_url, shared_page):
    page = shared_page
    fresh_start(page, site_url, {}, "?seed=32")
    page.keyboard.press("r")
    page.keyboard.press("1")
    first_legal = _legal(page)[0]
    page.locator(f'[data-cell="{first_legal}"]').focus()
    page.keyboard.press("Enter")
    staged = page.locator('[data-cell][data-state="staged"]')
    row, column = first_legal // 4 + 1, first_legal % 4 + 1
    label = staged.get_attribute("aria-label")
    assert label.startswith(f"Row {row}, column {column}: ") and label.endswith(", staged")
    assert page.get_attribute('[data-die="0"]', "aria-label").endswith(", staged")


def test_the_focus_is_visible(site_url, shared_page):
    page = shared_page
    fresh_start(page, site_url, {})
    page.keyboard.press("Tab")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("", "none")
