"""The statistics screen's plots as inline SVG strings, drawn here (no chart library).

Pure (standard library only), imported on first use by the statistics screen. Every plot:

- is ``<svg role="img" aria-label="…">`` whose label carries the plot's numbers, worded by the
  translator ``t(key, **params)`` passed in (the shape of :meth:`magdagdon.i18n.Translator.t`);
  the marks inside are presentational. Axis labels come from ``t`` too; numbers are written
  plainly (``-15``, ``212.5``). Lists inside a label are joined with ``"; "`` and ``", "``;
- takes its colours from the page's custom properties (``var(--accent)``, ``var(--ink)``,
  ``var(--ink-soft)``, ``var(--line)``, ``var(--surface)``) as presentation attributes, so it
  follows the light and the dark theme; no ``style`` attribute or element (the page's CSP,
  ``style-src 'self'``, would drop them). Each root has ``class="plot plot-<kind>"`` for CSS;
- is ``width="100%"`` with a ``viewBox`` 360 units wide: one unit a CSS pixel on a 360 px phone;
- is well-formed XML, every translated text escaped;
- is **None when there is nothing to draw** (no game): the interface then shows the sentence
  ``stats.plot.empty`` instead of an empty axis.

The translation keys used here (English texts; the parameters; the keys with ``count`` can be
plural objects, the catalogues' ``{"one": …, "other": …}``):

- ``stats.plot.empty``: "No games yet: finish one to see your figures." (for the interface)
- ``stats.plot.axis.score``: "Score"
- ``stats.plot.axis.games``: "Games"
- ``stats.plot.axis.game``: "Games, oldest first"
- ``stats.plot.histogram.title``: "Score distribution"
- ``stats.plot.histogram.desc`` (count, bins): "{count} games by score: {bins}."
- ``stats.plot.histogram.bin`` (count, low, high): "{count} from {low} to {high}"
- ``stats.plot.time.title``: "Scores over time"
- ``stats.plot.time.desc`` (count, first, last, low, high, window, mean): "{count} games, oldest
  first: the first scored {first}, the latest {last}; lowest {low}, highest {high}; mean of the
  last {window}: {mean}."
- ``stats.plot.time.mean`` (count): "Mean of the last {count} games"
- ``stats.plot.time.range`` (count): "Lowest to highest of every {count} games"
- ``stats.plot.heatmap.title``: "Ruins by cell"
- ``stats.plot.heatmap.desc`` (count, rows): "Ruins on each cell in {count} games, row by row
  from the top: {rows}."
- ``stats.plot.heatmap.row`` (row, cells): "row {row}: {cells}"
- ``stats.plot.heatmap.none`` (count): "No ruins in {count} games."
- ``stats.plot.axis.week``: "Weeks, oldest first"
- ``stats.plot.axis.share``: "% as the coach"
- ``stats.plot.progress.title``: "Decisions as good as the coach's, week by week"
- ``stats.plot.progress.week`` (date, percent): "week of {date}: {percent}%"
- ``stats.plot.progress.empty`` (date): "week of {date}: no game reviewed"

>>> t = lambda key, **params: key + repr(sorted(params.items()))
>>> svg = histogram([120, 135, 190], t)
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" class="plot plot-histogram"')
True
>>> histogram([], t) is None, over_time([], t) is None, heatmap([0] * 16, 0, t) is None
(True, True, True)
>>> progress([("2026-01-05", None), ("2026-01-12", None)], t) is None
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence

from .i18n import Translate

__all__ = [
    "Translate",
    "WIDTH",
    "MAX_BINS",
    "MIN_BINS",
    "MAX_POINTS",
    "bins",
    "ticks",
    "moving_means",
    "histogram",
    "over_time",
    "heatmap",
    "progress",
]

Scale = Callable[[float], float]

WIDTH = 360
HEIGHT = 200
MAX_BINS = 12
MIN_BINS = 5
#: Up to this many games the over-time plot draws a dot per game; beyond, it aggregates.
MAX_POINTS = 100
_LEFT, _RIGHT, _TOP, _BOTTOM = 40.0, 342.0, 14.0, 162.0


def escape(text: str) -> str:
    """``text`` as XML character data (what xml.sax.saxutils.escape does, without importing
    the xml package, a sixth of a second in the page).

    >>> escape("a < b & c > d")
    'a &lt; b &amp; c &gt; d'
    """
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def quoteattr(text: str) -> str:
    """``text`` as a double-quoted XML attribute value.

    >>> quoteattr('say "1 < 2"')
    '"say &quot;1 &lt; 2&quot;"'
    """
    text = escape(text)
    for char, entity in (('"', "&quot;"), ("\n", "&#10;"), ("\r", "&#13;"), ("\t", "&#9;")):
        text = text.replace(char, entity)
    return f'"{text}"'


def _f(value: float) -> str:
    """A coordinate: one decimal at most (``12``, ``12.5``)."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _num(value: float) -> str:
    """A number as the labels show it: whole numbers plainly, others to one decimal.

    >>> _num(212), _num(212.0), _num(-15.25), _num(2 / 3)
    ('212', '212', '-15.2', '0.7')
    """
    if isinstance(value, int) or float(value).is_integer():
        return str(int(value))
    return _f(value)


def _nice(least: int, mantissas: Sequence[float] = (1, 2, 5)) -> Iterator[int]:
    """Whole steps ``m × 10^k`` (m in ``mantissas``) from ``least`` up, ascending."""
    scale = 1
    while True:
        for m in mantissas:
            step = m * scale
            if step >= least and float(step).is_integer():
                yield int(step)
        scale *= 10


def bins(
    scores: Sequence[int], most: int = MAX_BINS, least: int = MIN_BINS
) -> tuple[int, int, list[int]]:
    """``(start, width, counts)``: at most ``most`` bins of a nice width (5, 10, 20, 25, 50,
    100, …; the narrowest that fits), aligned on multiples of it, with empty bins added on both
    sides up to ``least`` (so one game is not one bar as wide as the plot); bin ``i`` holds the
    scores from ``start + i × width`` to ``start + (i + 1) × width − 1``. ``scores`` must not be
    empty.

    >>> bins([120, 135, 190])
    (120, 10, [1, 1, 0, 0, 0, 0, 0, 1])
    >>> bins([-40, 5, 300])
    (-50, 50, [1, 1, 0, 0, 0, 0, 0, 1])
    >>> bins([150])
    (140, 5, [0, 0, 1, 0, 0])
    """
    low, high = min(scores), max(scores)
    for width in _nice(5, (1, 2, 2.5, 5)):
        first, count = low // width, high // width - low // width + 1
        if count <= most:
            break
    pad = max(0, least - count)
    first -= pad // 2
    counts = [0] * (count + pad)
    for score in scores:
        counts[score // width - first] += 1
    return first * width, width, counts


def ticks(low: float, high: float, most: int = 6) -> list[int]:
    """Evenly spaced whole ticks (steps 1, 2, 5, 10, 20, …) covering ``low``..``high`` with at
    most ``most`` steps.

    >>> ticks(0, 7), ticks(-35, 212), ticks(5, 5)
    ([0, 2, 4, 6, 8], [-50, 0, 50, 100, 150, 200, 250], [5, 6])
    """
    for step in _nice(1):
        first, last = math.floor(low / step), math.ceil(high / step)
        last = max(last, first + 1)
        if last - first <= most:
            return [k * step for k in range(first, last + 1)]
    raise AssertionError("unreachable")  # pragma: no cover


def moving_means(scores: Sequence[float], window: int) -> list[float]:
    """For each game, the mean of it and the ``window − 1`` games before it (fewer at first).

    >>> moving_means([10, 20, 30, 40], 2)
    [10.0, 15.0, 25.0, 35.0]
    """
    sums = [0.0]
    for score in scores:
        sums.append(sums[-1] + score)
    return [
        (sums[i + 1] - sums[max(0, i + 1 - window)]) / min(i + 1, window)
        for i in range(len(scores))
    ]


def _text(x: float, y: float, content: str, anchor: str = "middle", extra: str = "") -> str:
    return f'<text x="{_f(x)}" y="{_f(y)}" text-anchor="{anchor}"{extra}>{escape(content)}</text>'


def _svg(kind: str, height: int, label: str, body: Sequence[str]) -> str:
    """The root: responsive, an image for assistive technology, labelled with ``label``."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="plot plot-{kind}" '
        f'viewBox="0 0 {WIDTH} {height}" width="100%" role="img" aria-label={quoteattr(label)}>'
        '<g font-size="11" fill="var(--ink-soft)">' + "".join(body) + "</g></svg>"
    )


def _frame(t: Translate, x_label: str, y_label: str) -> list[str]:
    """The two axes and their labels."""
    mid = (_TOP + _BOTTOM) / 2
    return [
        f'<path d="M{_f(_LEFT)} {_f(_TOP)}V{_f(_BOTTOM)}H{_f(_RIGHT)}" fill="none" '
        'stroke="var(--line)"/>',
        _text((_LEFT + _RIGHT) / 2, HEIGHT - 4, t(x_label)),
        _text(11, mid, t(y_label), extra=f' transform="rotate(-90 11 {_f(mid)})"'),
    ]


def _y_axis(marks: Sequence[int], scale: Scale) -> list[str]:
    """Horizontal grid lines with their numbers at the left."""
    out = []
    for mark in marks:
        y = scale(mark)
        out.append(f'<path d="M{_f(_LEFT)} {_f(y)}H{_f(_RIGHT)}" stroke="var(--line)"/>')
        out.append(_text(_LEFT - 4, y + 4, _num(mark), anchor="end"))
    return out


def _linear(lo: float, hi: float, start: float, end: float) -> Scale:
    span = (hi - lo) or 1
    return lambda v: start + (v - lo) / span * (end - start)


def _histogram_label(t: Translate, start: int, width: int, counts: Sequence[int]) -> str:
    parts = [
        t(
            "stats.plot.histogram.bin",
            count=c,
            low=start + i * width,
            high=start + (i + 1) * width - 1,
        )
        for i, c in enumerate(counts)
        if c
    ]
    desc = t("stats.plot.histogram.desc", count=sum(counts), bins="; ".join(parts))
    return f"{t('stats.plot.histogram.title')}. {desc}"


def histogram(scores: Sequence[int], t: Translate) -> str | None:
    """The score distribution: a bar per bin (:func:`bins`), the number of games on y; the label
    lists the bins that hold games. None when ``scores`` is empty.

    >>> import xml.etree.ElementTree as ET
    >>> en = {"stats.plot.histogram.title": "Score distribution",
    ...       "stats.plot.histogram.desc": "{count} games by score: {bins}.",
    ...       "stats.plot.histogram.bin": "{count} from {low} to {high}"}
    >>> t = lambda key, **params: en.get(key, key).format(**params)
    >>> ET.fromstring(histogram([120, 135, 190], t)).get("aria-label")
    'Score distribution. 3 games by score: 1 from 120 to 129; 1 from 130 to 139; 1 from 190 to 199.'
    """
    if not scores:
        return None
    start, width, counts = bins(scores)
    marks = ticks(0, max(counts))
    y = _linear(0, marks[-1], _BOTTOM, _TOP)
    step = (_RIGHT - _LEFT) / len(counts)
    body = [*_frame(t, "stats.plot.axis.score", "stats.plot.axis.games"), *_y_axis(marks, y)]
    bars = [
        f'<rect x="{_f(_LEFT + i * step + 1)}" y="{_f(y(c))}" width="{_f(step - 2)}" '
        f'height="{_f(_BOTTOM - y(c))}"/>'
        for i, c in enumerate(counts)
        if c
    ]
    body.append('<g fill="var(--accent)">' + "".join(bars) + "</g>")
    every = math.ceil((len(counts) + 1) / 7)
    body += [
        _text(_LEFT + i * step, _BOTTOM + 14, _num(start + i * width))
        for i in range(0, len(counts) + 1, every)
    ]
    return _svg("histogram", HEIGHT, _histogram_label(t, start, width, counts), body)


def _buckets(count: int) -> list[range]:
    """The games (indices) each mark of the over-time plot stands for: one each up to
    :data:`MAX_POINTS`, else runs of equal size (the last may be shorter)."""
    size = math.ceil(count / MAX_POINTS) if count > MAX_POINTS else 1
    return [range(i, min(i + size, count)) for i in range(0, count, size)]


def _time_marks(scores: Sequence[int], groups: Sequence[range], x: Scale, y: Scale) -> str:
    """A dot per game, or (aggregated) a band from the lowest to the highest of each group."""
    if len(groups[0]) == 1:
        dots = "".join(
            f'<circle cx="{_f(x(i))}" cy="{_f(y(scores[i]))}" r="2.5"/>' for i in range(len(scores))
        )
        return f'<g fill="var(--accent)">{dots}</g>'
    centre = [(g[0] + g[-1]) / 2 for g in groups]
    top = [
        f"{_f(x(c))} {_f(y(max(scores[i] for i in g)))}"
        for c, g in zip(centre, groups, strict=True)
    ]
    low = [
        f"{_f(x(c))} {_f(y(min(scores[i] for i in g)))}"
        for c, g in zip(centre, groups, strict=True)
    ]
    points = " ".join(top + low[::-1])
    return f'<polygon points="{points}" fill="var(--accent)" fill-opacity="0.35"/>'


def _time_legend(t: Translate, window: int, size: int) -> list[str]:
    """The key below the plot, a line each: the mean line, and the band when games are grouped."""
    rows = [
        ('<path d="M{x} {y}h16" stroke="var(--ink)" stroke-width="2"/>', "stats.plot.time.mean"),
        (
            '<rect x="{x}" y="{top}" width="16" height="10" fill="var(--accent)" '
            'fill-opacity="0.35"/>',
            "stats.plot.time.range",
        ),
    ][: 2 if size > 1 else 1]
    out = []
    for k, (mark, key) in enumerate(rows):
        y = HEIGHT + 12 + 16 * k
        out.append(mark.format(x=_f(_LEFT), y=_f(y - 4), top=_f(y - 9)))
        out.append(_text(_LEFT + 22, y, t(key, count=window if k == 0 else size), anchor="start"))
    return out


def _time_label(t: Translate, scores: Sequence[int], window: int, mean: float) -> str:
    desc = t(
        "stats.plot.time.desc",
        count=len(scores),
        first=scores[0],
        last=scores[-1],
        low=min(scores),
        high=max(scores),
        window=window,
        mean=_num(mean),
    )
    return f"{t('stats.plot.time.title')}. {desc}"


def over_time(scores: Sequence[int], t: Translate, window: int = 10) -> str | None:
    """The scores in playing order (oldest first, e.g. :func:`magdagdon.stats.chronological`),
    game number on x, with the line of the mean of the last ``window`` games. Beyond
    :data:`MAX_POINTS` games the games are grouped (at most :data:`MAX_POINTS` groups), each
    drawn as a band from its lowest to its highest score, and the window grows to at least a
    group's size (the legend and the label give the window used), so 2,000 games stay a few
    kilobytes. None when ``scores`` is empty."""
    if not scores:
        return None
    n = len(scores)
    groups = _buckets(n)
    size = len(groups[0])
    window = max(window, size, 1)
    means = moving_means(scores, window)
    low, high = min(scores), max(scores)
    marks = ticks(low, high) if low < high else ticks(low - 10, high + 10)
    y = _linear(marks[0], marks[-1], _BOTTOM, _TOP)
    x = _linear(0, n - 1, _LEFT + 6, _RIGHT - 6) if n > 1 else (lambda _: (_LEFT + _RIGHT) / 2)
    body = [*_frame(t, "stats.plot.axis.game", "stats.plot.axis.score"), *_y_axis(marks, y)]
    body += [_text(x(g - 1), _BOTTOM + 14, str(g)) for g in ticks(1, n) if 1 <= g <= n]
    body.append(_time_marks(scores, groups, x, y))
    line = " ".join(f"{_f(x(g[-1]))},{_f(y(means[g[-1]]))}" for g in groups)
    body.append(f'<polyline points="{line}" fill="none" stroke="var(--ink)" stroke-width="2"/>')
    legend = _time_legend(t, window, size)
    body += legend
    height = HEIGHT + 8 * len(legend) + 4  # two elements, 16 units, a row
    label = _time_label(t, scores, min(window, n), means[-1])
    return _svg("time", height, label, body)


def _heatmap_label(t: Translate, cells: Sequence[int], games: int) -> str:
    if not any(cells):
        desc = t("stats.plot.heatmap.none", count=games)
    else:
        rows = [
            t(
                "stats.plot.heatmap.row",
                row=r + 1,
                cells=", ".join(map(str, cells[4 * r : 4 * r + 4])),
            )
            for r in range(4)
        ]
        desc = t("stats.plot.heatmap.desc", count=games, rows="; ".join(rows))
    return f"{t('stats.plot.heatmap.title')}. {desc}"


def heatmap(cells: Sequence[int], games: int, t: Translate) -> str | None:
    """The board as a 4×4 grid, each cell shaded by how many of ``games`` games had a ruin there
    (``cells``: 16 counts, cell 0 top-left, e.g. ``DifficultyStats.ruin_cells`` with
    ``DifficultyStats.detailed``), its count written in it. None when ``games`` is 0.
    ``ValueError`` unless there are 16 counts, each from 0 to ``games``."""
    if len(cells) != 16 or any(not 0 <= c <= games for c in cells):
        raise ValueError("a ruin heat map is 16 counts from 0 to the number of games")
    if not games:
        return None
    size, gap, top = 40, 4, 8
    left = (WIDTH - 4 * size - 3 * gap) / 2
    most = max(cells) or 1
    body = []
    for i, count in enumerate(cells):
        cx, cy = left + i % 4 * (size + gap), top + i // 4 * (size + gap)
        shade = (
            f'fill="var(--accent)" fill-opacity="{0.1 + 0.8 * count / most:.2f}"'
            if count
            else 'fill="none"'
        )
        body.append(
            f'<rect x="{_f(cx)}" y="{_f(cy)}" width="{size}" height="{size}" rx="6" '
            f'{shade} stroke="var(--line)"/>'
        )
        body.append(
            _text(
                cx + size / 2,
                cy + size / 2 + 5,
                str(count),
                extra=f' font-size="14" fill="var(--{"ink" if count else "ink-soft"})" '
                'stroke="var(--surface)" stroke-width="3" paint-order="stroke"',
            )
        )
    height = 2 * top + 4 * size + 3 * gap
    return _svg("heatmap", height, _heatmap_label(t, cells, games), body)


def _percent(share: float) -> int:
    """``share`` as a whole percentage, rounded down as the review rounds its own (``matched ×
    100 // total``): the float's error must not turn 29 % into 28 %.

    >>> _percent(0.29), int(0.29 * 100), _percent(0.999), _percent(1.0), _percent(0.0)
    (29, 28, 99, 100, 0)
    """
    return math.floor(share * 100 + 1e-9)


def _short_date(day: str) -> str:
    """An ISO date as the x axis writes it, ``MM-DD`` (any other text as it is).

    >>> _short_date("2026-01-05"), _short_date("week 2")
    ('01-05', 'week 2')
    """
    return day[5:] if len(day) == 10 and day[4] == day[7] == "-" else day


def _progress_label(t: Translate, weeks: Sequence[tuple[str, float | None]]) -> str:
    parts = [
        t("stats.plot.progress.empty", date=day)
        if share is None
        else t("stats.plot.progress.week", date=day, percent=_percent(share))
        for day, share in weeks
    ]
    return f"{t('stats.plot.progress.title')}. {'; '.join(parts)}."


def progress(weeks: Sequence[tuple[str, float | None]], t: Translate) -> str | None:
    """Her practice, week by week (e.g. :meth:`magdagdon.practice.Record.progress`: each week's
    Monday as an ISO date, oldest first, with the share of her decisions played as the coach
    would, None for a week without a reviewed game): a bar per week with a game, its height the
    share on a 0–100 % axis. A week at 0 % still shows a stub 2 units high on the baseline (a
    share under 1.4 % as well), so it differs from a week without a game, which draws nothing;
    the label gives every week, its percentage rounded down. The x axis writes a week's date
    (``MM-DD``) under every few bars, the latest always, never closer than 48 units to another
    or 16 to the y axis. None when no week has a game; ``ValueError`` for a share outside 0..1
    (tests/unit/test_plots.py)."""
    if any(share is not None and not 0 <= share <= 1 for _, share in weeks):
        raise ValueError("a week's share is from 0 to 1, or None")
    if all(share is None for _, share in weeks):
        return None
    marks = ticks(0, 100)
    y = _linear(0, 100, _BOTTOM, _TOP)
    step = (_RIGHT - _LEFT) / len(weeks)
    width = min(step * 0.7, 24)
    body = [*_frame(t, "stats.plot.axis.week", "stats.plot.axis.share"), *_y_axis(marks, y)]
    bars = []
    for i, (_, share) in enumerate(weeks):
        if share is None:
            continue
        height = max(_BOTTOM - y(share * 100), 2)
        bars.append(
            f'<rect x="{_f(_LEFT + (i + 0.5) * step - width / 2)}" y="{_f(_BOTTOM - height)}" '
            f'width="{_f(width)}" height="{_f(height)}"/>'
        )
    body.append('<g fill="var(--accent)">' + "".join(bars) + "</g>")
    every = math.ceil(48 / step)  # a date is about 30 units wide
    dated = [i for i in range(len(weeks) - 1, -1, -every) if (i + 0.5) * step >= 16]
    body += [
        _text(_LEFT + (i + 0.5) * step, _BOTTOM + 14, _short_date(weeks[i][0])) for i in dated[::-1]
    ]
    return _svg("progress", HEIGHT, _progress_label(t, weeks), body)
