"""magdagdon.plots: the statistics screen's SVG, checked as XML (no browser)."""

from __future__ import annotations

import itertools
import random
import re
import xml.etree.ElementTree as ET
from datetime import date, timedelta
from pathlib import Path

import pytest

from magdagdon import plots
from magdagdon.i18n import Translator
from magdagdon.played import Played
from magdagdon.plots import bins, heatmap, histogram, moving_means, over_time, progress, ticks
from magdagdon.rules import Difficulty
from magdagdon.stats import chronological, figures

SVG = "{http://www.w3.org/2000/svg}"

#: The English texts plots.py's docstring lists (the lead copies them into i18n/en.json).
EN = {
    "stats.plot.empty": "No games yet: finish one to see your figures.",
    "stats.plot.axis.score": "Score",
    "stats.plot.axis.games": "Games",
    "stats.plot.axis.game": "Games, oldest first",
    "stats.plot.histogram.title": "Score distribution",
    "stats.plot.histogram.desc": {
        "one": "{count} game by score: {bins}.",
        "other": "{count} games by score: {bins}.",
    },
    "stats.plot.histogram.bin": "{count} from {low} to {high}",
    "stats.plot.time.title": "Scores over time",
    "stats.plot.time.desc": {
        "one": "{count} game, oldest first: the first scored {first}, the latest {last}; "
        "lowest {low}, highest {high}; mean of the last {window}: {mean}.",
        "other": "{count} games, oldest first: the first scored {first}, the latest {last}; "
        "lowest {low}, highest {high}; mean of the last {window}: {mean}.",
    },
    "stats.plot.time.mean": {
        "one": "Mean of the last {count} game",
        "other": "Mean of the last {count} games",
    },
    "stats.plot.time.range": {
        "one": "Lowest to highest of every {count} game",
        "other": "Lowest to highest of every {count} games",
    },
    "stats.plot.heatmap.title": "Ruins by cell",
    "stats.plot.heatmap.desc": {
        "one": "Ruins on each cell in {count} game, row by row from the top: {rows}.",
        "other": "Ruins on each cell in {count} games, row by row from the top: {rows}.",
    },
    "stats.plot.heatmap.row": "row {row}: {cells}",
    "stats.plot.heatmap.none": {
        "one": "No ruins in {count} game.",
        "other": "No ruins in {count} games.",
    },
    "stats.plot.axis.week": "Weeks, oldest first",
    "stats.plot.axis.share": "% as the coach",
    "stats.plot.progress.title": "Decisions as good as the coach's, week by week",
    "stats.plot.progress.week": "week of {date}: {percent}%",
    "stats.plot.progress.empty": "week of {date}: no game reviewed",
}
t = Translator({"en": EN}, "en").t

HOSTILE = '<script>alert("x")</script> & \' ]]> \n'


def hostile(key: str, **params) -> str:
    return f"{HOSTILE}{key}{params}"


def mondays(count: int, first: str = "2025-10-13") -> list[str]:
    start = date.fromisoformat(first)
    return [(start + timedelta(weeks=k)).isoformat() for k in range(count)]


#: Twelve weeks as the practice record gives them: two without a reviewed game, one at 0 %.
WEEKS = list(
    zip(
        mondays(12),
        [None, 0.42, 0.0, 0.55, None, 0.61, 0.25, 0.7, 0.72, 0.5, 0.9, 1.0],
        strict=True,
    )
)


def sample_plots(translate=t) -> dict[str, str]:
    rng = random.Random(7)
    many = [rng.randint(-60, 420) for _ in range(250)]
    cells = [0, 1, 2, 3, 0, 0, 5, 0, 0, 0, 0, 0, 7, 0, 0, 1]
    return {
        "histogram-one": histogram([150], translate),
        "histogram-many": histogram(many, translate),
        "time-one": over_time([150], translate),
        "time-two-equal": over_time([80, 80], translate),
        "time-many": over_time(many, translate),
        "heatmap": heatmap(cells, 9, translate),
        "heatmap-none": heatmap([0] * 16, 3, translate),
        "progress": progress(WEEKS, translate),
        "progress-one-week": progress([("2026-01-05", 0.0)], translate),
    }


def label(svg: str) -> str:
    return ET.fromstring(svg).get("aria-label")


# -- the parts -------------------------------------------------------------------------------


def test_bins_by_hand():
    assert bins([120, 135, 190]) == (120, 10, [1, 1, 0, 0, 0, 0, 0, 1])
    assert bins([150]) == (140, 5, [0, 0, 1, 0, 0])
    assert bins([150], least=1) == (150, 5, [1])
    assert bins([-7, -3]) == (-15, 5, [0, 1, 1, 0, 0])  # -7 in -10..-6, -3 in -5..-1
    start, width, counts = bins(list(range(0, 1000)))
    assert (start, width, len(counts), sum(counts)) == (0, 100, 10, 1000)
    assert bins(list(range(0, 241)))[1] == 25


def test_ticks_cover_the_range_in_nice_steps():
    assert ticks(0, 1) == [0, 1]
    assert ticks(0, 9) == [0, 2, 4, 6, 8, 10]
    assert ticks(0, 9, most=4) == [0, 5, 10]
    assert ticks(-35, 212) == [-50, 0, 50, 100, 150, 200, 250]
    assert ticks(-60, 420) == [-100, 0, 100, 200, 300, 400, 500]
    assert ticks(7, 7) == [7, 8]


def test_moving_means():
    assert moving_means([], 10) == []
    assert moving_means([4, 8, 0, 4], 3) == [4.0, 6.0, 4.0, 4.0]


# -- the histogram ---------------------------------------------------------------------------


def test_histogram_by_hand():
    svg = histogram([120, 135, 190], t)
    root = ET.fromstring(svg)
    assert label(svg) == (
        "Score distribution. 3 games by score: "
        "1 from 120 to 129; 1 from 130 to 139; 1 from 190 to 199."
    )
    bars = root.findall(f"{SVG}g/{SVG}g/{SVG}rect")
    assert len(bars) == 3  # empty bins draw no bar
    assert {b.get("height") for b in bars} == {b.get("height") for b in bars[:1]}
    texts = [e.text for e in root.iter(f"{SVG}text")]
    assert "Score" in texts and "Games" in texts and "120" in texts


def test_histogram_of_one_game_reads_singular():
    assert label(histogram([-15], t)) == "Score distribution. 1 game by score: 1 from -15 to -11."


# -- scores over time ------------------------------------------------------------------------


def test_over_time_by_hand():
    svg = over_time([100, 200, 150], t)
    assert label(svg) == (
        "Scores over time. 3 games, oldest first: the first scored 100, the latest 150; "
        "lowest 100, highest 200; mean of the last 3: 150."
    )
    root = ET.fromstring(svg)
    assert len(root.findall(f".//{SVG}circle")) == 3
    assert len(root.find(f".//{SVG}polyline").get("points").split()) == 3
    assert "Mean of the last 10 games" in [e.text for e in root.iter(f"{SVG}text")]


def test_over_time_of_equal_scores_centres_them():
    root = ET.fromstring(over_time([150], t))
    numbers = [e.text for e in root.iter(f"{SVG}text") if e.text.lstrip("-").isdigit()]
    assert numbers[:5] == ["140", "145", "150", "155", "160"]
    assert numbers[5:] == ["1"]  # the x axis: game 1


def test_over_time_mean_is_of_the_last_window():
    scores = [0] * 5 + [10] * 10
    assert "mean of the last 10: 10." in label(over_time(scores, t))
    assert "mean of the last 4: 7.5." in label(over_time([0, 10, 10, 10], t, window=4))


def test_over_time_draws_a_dot_per_game_up_to_the_limit_then_groups():
    root = ET.fromstring(over_time(list(range(plots.MAX_POINTS)), t))
    assert len(root.findall(f".//{SVG}circle")) == plots.MAX_POINTS
    assert root.find(f".//{SVG}polygon") is None
    root = ET.fromstring(over_time(list(range(2000)), t))
    assert root.findall(f".//{SVG}circle") == []
    assert root.find(f".//{SVG}polygon") is not None
    assert len(root.find(f".//{SVG}polyline").get("points").split()) == 100
    texts = [e.text for e in root.iter(f"{SVG}text")]
    assert "Lowest to highest of every 20 games" in texts
    assert "Mean of the last 20 games" in texts  # the window grows to a group
    assert "mean of the last 20: 1989.5." in root.get("aria-label")


def test_two_thousand_games_stay_small():
    rng = random.Random(2000)
    games = [
        Played(
            Difficulty.PEACEFUL, i, (), rng.randint(-100, 500), f"20{20 + i // 365}-01-01", 14, 0
        )
        for i in range(2000)
    ]
    scores = [p.score for p in chronological(games, "peaceful")]
    for svg in (over_time(scores, t), histogram(scores, t)):
        assert len(svg.encode()) < 30_000
        ET.fromstring(svg)
    assert len(over_time(scores, t).encode()) < 12_000


# -- the ruin heat map -----------------------------------------------------------------------


def test_heatmap_by_hand():
    cells = [0, 1, 2, 3, 0, 0, 5, 0, 0, 0, 0, 0, 7, 0, 0, 1]
    svg = heatmap(cells, 9, t)
    assert label(svg) == (
        "Ruins by cell. Ruins on each cell in 9 games, row by row from the top: "
        "row 1: 0, 1, 2, 3; row 2: 0, 0, 5, 0; row 3: 0, 0, 0, 0; row 4: 7, 0, 0, 1."
    )
    root = ET.fromstring(svg)
    rects = root.findall(f".//{SVG}rect")
    assert len(rects) == 16
    assert [e.text for e in root.iter(f"{SVG}text")] == [str(c) for c in cells]
    assert rects[0].get("fill") == "none"  # no ruin there
    opacities = {i: float(rects[i].get("fill-opacity")) for i, c in enumerate(cells) if c}
    assert opacities[12] == max(opacities.values()) and opacities[1] == min(opacities.values())


def test_heatmap_without_ruins_says_so():
    assert label(heatmap([0] * 16, 1, t)) == "Ruins by cell. No ruins in 1 game."


def test_heatmap_from_the_statistics():
    games = [
        Played(Difficulty.SURVIVAL, 1, (), 99, "2026-01-01", 14, 0, base=140, ruins=0b1001),
        Played(Difficulty.SURVIVAL, None, (), 250, "2025-01-01", 10, 0),  # no breakdown
    ]
    s = figures(games, "survival", "2026-01-01")
    assert "in 1 game, row by row from the top: row 1: 1, 0, 0, 1;" in label(
        heatmap(s.ruin_cells, s.detailed, t)
    )


@pytest.mark.parametrize("cells", [[0] * 15, [0] * 17, [-1] + [0] * 15, [4] + [0] * 15])
def test_heatmap_refuses_counts_that_cannot_be(cells):
    with pytest.raises(ValueError):
        heatmap(cells, 3, t)


# -- practice, week by week -----------------------------------------------------------------


def bars_of(svg: str) -> list[ET.Element]:
    return ET.fromstring(svg).findall(f"{SVG}g/{SVG}g/{SVG}rect")


def x_labels(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [e for e in root.iter(f"{SVG}text") if re.fullmatch(r"\d\d-\d\d", e.text)]


def test_progress_by_hand():
    svg = progress(WEEKS, t)
    assert label(svg) == (
        "Decisions as good as the coach's, week by week. "
        "week of 2025-10-13: no game reviewed; week of 2025-10-20: 42%; "
        "week of 2025-10-27: 0%; week of 2025-11-03: 55%; "
        "week of 2025-11-10: no game reviewed; week of 2025-11-17: 61%; "
        "week of 2025-11-24: 25%; week of 2025-12-01: 70%; week of 2025-12-08: 72%; "
        "week of 2025-12-15: 50%; week of 2025-12-22: 90%; week of 2025-12-29: 100%."
    )
    root = ET.fromstring(svg)
    assert root.get("class") == "plot plot-progress"
    texts = [e.text for e in root.iter(f"{SVG}text")]
    assert texts[:2] == ["Weeks, oldest first", "% as the coach"]
    assert texts[2:8] == ["0", "20", "40", "60", "80", "100"]


def test_progress_of_no_reviewed_game_is_none():
    assert progress([(day, None) for day in mondays(12)], t) is None
    assert progress([], t) is None


def test_progress_draws_a_bar_per_week_with_a_game():
    assert len(bars_of(progress(WEEKS, t))) == 10
    assert len(bars_of(progress([(day, 0.5) for day in mondays(12)], t))) == 12
    assert len(bars_of(progress([("2026-01-05", None), ("2026-01-12", 0.3)], t))) == 1


def test_progress_bars_stand_on_the_baseline_their_height_the_share():
    weeks = list(zip(mondays(5), [0.25, 0.5, None, 1.0, 0.75], strict=True))
    bars = bars_of(progress(weeks, t))
    heights = [float(b.get("height")) for b in bars]
    assert heights[2] == 148  # 100 % fills the axis, from 0 (y 162) to 100 (y 14)
    assert [h / heights[2] for h in heights] == [0.25, 0.5, 1.0, 0.75]
    assert {float(b.get("y")) + float(b.get("height")) for b in bars} == {162}
    # one bar per slot, the gap where the week without a game would be
    lefts = [float(b.get("x")) for b in bars]
    step = (lefts[1] - lefts[0], lefts[2] - lefts[1], lefts[3] - lefts[2])
    assert step[1] == pytest.approx(2 * step[0]) and step[2] == pytest.approx(step[0])
    # each bar centred over its slot, where its week's date would be written
    dates = {e.text: float(e.get("x")) for e in x_labels(progress(weeks, t))}
    centres = [float(b.get("x")) + float(b.get("width")) / 2 for b in bars]
    assert dates
    for day, centre in zip([d for d, s in weeks if s is not None], centres, strict=True):
        if day[5:] in dates:
            assert centre == pytest.approx(dates[day[5:]], abs=0.1)
    assert centres[0] == pytest.approx(40 + 302 / 10, abs=0.1)  # five slots from 40 to 342


def test_progress_at_zero_shows_a_stub_a_week_without_a_game_nothing():
    zero = bars_of(progress([("2026-01-05", 0.0), ("2026-01-12", None)], t))
    assert len(zero) == 1
    assert float(zero[0].get("height")) == 2 and float(zero[0].get("width")) > 10
    assert float(zero[0].get("y")) + 2 == 162  # on the baseline, inside the plot
    none_first = bars_of(progress([("2026-01-05", None), ("2026-01-12", 0.0)], t))
    assert float(none_first[0].get("x")) > float(zero[0].get("x"))  # drawn in its own week


def test_progress_percent_rounds_down_as_the_review_does():
    weeks = [("2026-01-05", 29 / 100), ("2026-01-12", 199 / 200), ("2026-01-19", 57 / 100)]
    assert label(progress(weeks, t)).endswith(
        "week of 2026-01-05: 29%; week of 2026-01-12: 99%; week of 2026-01-19: 57%."
    )  # int(share * 100) would say 28 % and 56 %: the review says 29 % and 57 %


@pytest.mark.parametrize("count", [1, 2, 5, 12, 26, 52])
def test_progress_dates_are_sparse_enough_never_to_overlap(count):
    weeks = [(day, 0.5) for day in mondays(count)]
    labels = x_labels(progress(weeks, t))
    xs = [float(e.get("x")) for e in labels]
    assert labels[-1].text == weeks[-1][0][5:]  # the latest week is always dated
    assert all(b - a >= 48 for a, b in itertools.pairwise(xs))  # "12-29" is about 30 units wide
    assert all(40 + 16 <= x <= 360 - 16 for x in xs)  # clear of the y axis and the edge
    assert len(labels) >= min(count, 5)
    if count == 12:
        assert [e.text for e in labels] == ["10-20", "11-03", "11-17", "12-01", "12-15", "12-29"]


@pytest.mark.parametrize("share", [-0.01, 1.01, float("nan")])
def test_progress_refuses_a_share_that_cannot_be(share):
    with pytest.raises(ValueError):
        progress([("2026-01-05", 0.5), ("2026-01-12", share)], t)


def test_progress_stays_small():
    assert len(progress(WEEKS, t).encode()) < 3_000
    a_year = [(day, (k % 10) / 9) for k, day in enumerate(mondays(52))]
    svg = progress(a_year, t)
    assert len(svg.encode()) < 8_000
    assert len(bars_of(svg)) == 52


# -- every plot ------------------------------------------------------------------------------


def test_no_game_gives_none_for_the_interface_to_word():
    assert histogram([], t) is None
    assert over_time([], t) is None
    assert heatmap([0] * 16, 0, t) is None


@pytest.mark.parametrize("name", list(sample_plots()))
def test_every_plot_is_an_accessible_responsive_image(name):
    svg = sample_plots()[name]
    root = ET.fromstring(svg)  # well-formed
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("width") == "100%" and root.get("height") is None
    assert root.get("viewBox").startswith("0 0 360 ")
    assert re.search(r"\d", root.get("aria-label"))  # it carries numbers
    assert "stats.plot" not in svg  # every key has its English text


@pytest.mark.parametrize("name", list(sample_plots()))
def test_colours_come_from_the_theme(name):
    svg = sample_plots()[name]
    assert not re.search(r"#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?)\(", svg)
    root = ET.fromstring(svg)
    for element in root.iter():
        for attribute in ("fill", "stroke", "color", "stop-color"):
            value = element.get(attribute)
            assert (
                value is None or value in ("none", "currentColor") or value.startswith("var(--")
            ), (element.tag, attribute, value)
        assert element.get("style") is None  # the page's CSP drops style attributes
    assert root.find(f".//{SVG}style") is None


@pytest.mark.parametrize("name", list(sample_plots(hostile)))
def test_translated_text_is_escaped(name):
    svg = sample_plots(hostile)[name]
    root = ET.fromstring(svg)  # a hostile text cannot break the XML
    assert root.get("aria-label").startswith(HOSTILE)  # newline and all, intact
    assert all(e.tag.startswith(SVG) for e in root.iter())
    assert not any(e.tag.endswith("script") for e in root.iter())
    assert "<script>" not in svg
    if not name.startswith("heatmap"):  # the heat map writes only numbers on the picture
        texts = [e.text for e in root.iter(f"{SVG}text") if e.text and e.text.startswith(HOSTILE)]
        assert texts  # the axis labels and the legend went through t() and came out intact


def test_the_docstring_lists_every_key_the_module_uses():
    source = Path(plots.__file__).read_text("utf-8")
    used = set(re.findall(r'"(stats\.plot\.[a-z.]+)"', source))
    listed = set(re.findall(r"``(stats\.plot\.[a-z.]+)``", plots.__doc__))
    assert used <= listed
    assert listed == set(EN)
