"""What reaches the eye, from a screenshot: the colours inside a box counted, and the WCAG
contrast ratio between them. Pure (Pillow only, no browser).

A graphic's *face* is the colour most of its box shows; its *mark* (a pip, a ring, a line of
text) the colour, among those covering a fair share of the box, that stands out most from
the face. A box with nothing but its face has no mark: the ratio is then 1.

>>> round(contrast((0, 0, 0), (255, 255, 255)), 1)
21.0
>>> round(contrast((118, 118, 118), (255, 255, 255)), 2)  # the darkest grey at 4.5 : 1
4.54
>>> image = Image.new("RGB", (20, 20), (255, 255, 255))
>>> image.paste((0, 0, 0), (5, 5, 9, 9))  # a 4 x 4 pip
>>> face_and_mark(image, (0, 0, 20, 20))[:2]
((255, 255, 255), (0, 0, 0))
>>> face_and_mark(image, (10, 10, 20, 20))  # no pip in that corner
((255, 255, 255), (255, 255, 255), 1.0)
"""

from __future__ import annotations

from collections import Counter
from io import BytesIO

from PIL import Image

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]  # left, top, right, bottom (pixels of the image)

#: Colours this close (on every channel) are one colour: anti-aliasing and dithering aside.
TOLERANCE = 6
#: A mark covers at least this share of its box (and a few pixels): a stray edge pixel is none.
MIN_SHARE = 0.006
MIN_PIXELS = 6


def decode(png: bytes) -> Image.Image:
    return Image.open(BytesIO(png)).convert("RGB")


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb: RGB) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    r, g, b = (_channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2's contrast ratio, from 1 (the same) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def clusters(image: Image.Image, box: Box) -> list[tuple[RGB, int]]:
    """The colours of ``box`` merged within :data:`TOLERANCE`, commonest first: each the
    commonest exact colour of its group, with the group's count of pixels."""
    region = image.crop(box)
    counted = Counter(region.get_flattened_data()).most_common()
    groups: list[list] = []
    for colour, count in counted:
        for group in groups:
            if max(abs(x - y) for x, y in zip(colour, group[0], strict=True)) <= TOLERANCE:
                group[1] += count
                break
        else:
            groups.append([colour, count])
    groups.sort(key=lambda g: -g[1])
    return [(tuple(g[0]), g[1]) for g in groups]


def face_and_mark(image: Image.Image, box: Box) -> tuple[RGB, RGB, float]:
    """(face, mark, their contrast ratio) inside ``box``: see the module's docstring."""
    found = clusters(image, box)
    total = sum(count for _, count in found)
    face = found[0][0]
    enough = max(MIN_PIXELS, MIN_SHARE * total)
    marks = [colour for colour, count in found[1:] if count >= enough]
    if not marks:
        return face, face, 1.0
    mark = max(marks, key=lambda colour: contrast(colour, face))
    return face, mark, contrast(face, mark)


def mode(image: Image.Image, box: Box) -> RGB:
    """The commonest colour of ``box``."""
    return clusters(image, box)[0][0]


def hex_of(rgb: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)
