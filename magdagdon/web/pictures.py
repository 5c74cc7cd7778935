"""The picture SHARE hands over, made in the browser: the SVG that magdagdon/picture.py draws
turned into a PNG file (an image of it drawn to a canvas), and whether the Web Share API takes
files here. Imported on first use (a game's end, in an idle moment); each step awaits the
browser (the image's decoding, the PNG's encoding), so the page's thread is held only for the
one drawing onto the canvas."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_once_callable
from pyscript.ffi import to_js

__all__ = ["can_share", "png_file"]


def _to_blob(window: Any, canvas: Any) -> Any:
    """A promise of the canvas's PNG (encoded by the browser away from the page's thread)."""

    def wait(resolve: Any, reject: Any) -> None:
        def done(blob: Any) -> None:
            if blob is None:
                reject(window.Error.new("canvas.toBlob: null"))
            else:
                resolve(blob)

        canvas.toBlob(create_once_callable(done), "image/png")

    return window.Promise.new(create_once_callable(wait))


async def png_file(window: Any, svg: str, width: int, height: int, name: str) -> Any:
    """``svg`` (``width`` × ``height``) as a PNG ``File`` named ``name``."""
    blob = window.Blob.new(to_js([svg]), to_js({"type": "image/svg+xml"}))
    url = window.URL.createObjectURL(blob)
    try:
        image = window.Image.new(width, height)
        image.src = url
        await image.decode()
        canvas = window.document.createElement("canvas")
        canvas.width, canvas.height = width, height
        canvas.getContext("2d").drawImage(image, 0, 0, width, height)
    finally:
        window.URL.revokeObjectURL(url)
    png = await _to_blob(window, canvas)
    return window.File.new(to_js([png]), name, to_js({"type": "image/png"}))


def can_share(navigator: Any, file: Any) -> bool:
    """Whether the Web Share API here takes ``file`` (Chromium on Android, Safari: yes;
    desktop Chromium on Linux: no share at all)."""
    if getattr(navigator, "canShare", None) is None:
        return False
    try:
        return bool(navigator.canShare(to_js({"files": [file]})))
    except Exception:  # a browser that refuses the question: no
        return False
