"""The pure parts of bench/load.py network (bench/loadbench/network.py, netreport.py): the shared
link's rate arithmetic, what is gzipped like GitHub Pages does, conditional requests, and the
table's verdicts. No timing: the token bucket is driven with explicit clock values."""

from __future__ import annotations

import gzip
import itertools
import urllib.error
import urllib.request

import pytest

from bench.loadbench.netreport import rows, verdict, warm_rows
from bench.loadbench.network import (
    PROFILES,
    TokenBucket,
    accepts_gzip,
    bits_to_bytes,
    etag_matches,
    gzipped,
    serve_pages,
)


# -- the token bucket -----------------------------------------------------------------------------
def drain(bucket: TokenBucket, sizes: list[int], now: float) -> list[float]:
    """Reserve each size at the same instant: the wait of each."""
    return [bucket.take(n, now=now) for n in sizes]


def test_ten_megabits_send_one_and_a_quarter_megabytes_a_second():
    rate = bits_to_bytes(10e6)
    assert rate == 1_250_000
    bucket = TokenBucket(rate, burst=0, now=0.0)
    waits = drain(bucket, [8192] * 1000, now=0.0)
    # 8,192,000 bytes at 1.25 MB/s: the last piece leaves after 6.55 s, the waits grow evenly.
    assert waits[-1] == pytest.approx(8_192_000 / 1_250_000)
    assert waits[0] == pytest.approx(8192 / 1_250_000)
    assert all(b > a for a, b in itertools.pairwise(waits))


def test_the_slow_profile_is_lighthouses_slow_4g():
    slow = PROFILES["slow"]
    assert slow.rate == 200_000 and slow.rtt_s == 0.150 and slow.cpu == 4
    assert PROFILES["fast"].rate == 1_250_000 and PROFILES["fast"].rtt_s == 0.040
    assert PROFILES["loopback"].rate is None and PROFILES["loopback"].cpu == 1


def test_every_connection_draws_from_the_same_bucket():
    """Two downloads at once take twice as long as one: the bandwidth is shared, not doubled."""
    bucket = TokenBucket(1000, burst=0, now=0.0)
    alone = drain(TokenBucket(1000, burst=0, now=0.0), [100] * 10, now=0.0)[-1]
    interleaved = [bucket.take(100, now=0.0) for _ in range(10) for _connection in range(2)]
    assert alone == pytest.approx(1.0)
    assert interleaved[-1] == pytest.approx(2.0)
    assert interleaved[-2] == pytest.approx(1.9)


def test_an_idle_link_refills_up_to_the_burst_only():
    bucket = TokenBucket(1000, burst=500, now=0.0)
    assert bucket.take(500, now=0.0) == 0.0  # a full bucket at the start
    assert bucket.take(100, now=0.0) == pytest.approx(0.1)  # then in debt: wait
    # An hour idle saves only the burst, not an hour of bandwidth.
    assert bucket.take(500, now=3600.0) == 0.0
    assert bucket.take(1000, now=3600.0) == pytest.approx(1.0)


def test_time_passing_pays_the_debt_back():
    bucket = TokenBucket(1000, burst=0, now=0.0)
    assert bucket.take(1000, now=0.0) == pytest.approx(1.0)
    # Half a second later, half of it is paid: the next 1000 bytes wait 0.5 + 1 s.
    assert bucket.take(1000, now=0.5) == pytest.approx(1.5)
    # Once paid, a new reservation waits only for itself.
    assert bucket.take(1000, now=10.0) == pytest.approx(1.0)


def test_a_reset_forgets_the_debt_of_the_previous_load():
    bucket = TokenBucket(1000, burst=200, now=0.0)
    bucket.take(50_000, now=0.0)
    bucket.reset(now=1.0)
    assert bucket.take(200, now=1.0) == 0.0


def test_a_link_needs_a_positive_rate():
    with pytest.raises(ValueError):
        TokenBucket(0)


# -- what GitHub Pages compresses -----------------------------------------------------------------
@pytest.mark.parametrize(
    "name",
    ["index.html", "boot.js", "start.mjs", "game.css", "pyodide-lock.json", "pyodide.asm.wasm",
     "manifest.webmanifest", "icon.svg", "INDEX.HTML"],
)  # fmt: skip
def test_text_and_wasm_are_gzipped_on_the_fly(name):
    assert gzipped(name)


@pytest.mark.parametrize(
    "name",
    ["snapshot-4a94.gz", "python_stdlib.zip", "magdagdon.zip", "icon-192.png", "pyscript.toml",
     "main.py", "archive.json.gz", "README"],
)  # fmt: skip
def test_archives_and_other_files_go_as_they_are(name):
    assert not gzipped(name)


@pytest.mark.parametrize(
    ("header", "ok"),
    [("gzip, deflate, br, zstd", True), ("br", False), (None, False), ("", False),
     ("gzip;q=0, br", False), ("GZIP", True), ("*", True), ("deflate, gzip;q=0.5", True)],
)  # fmt: skip
def test_gzip_only_when_the_request_accepts_it(header, ok):
    assert accepts_gzip(header) is ok


def test_an_etag_matches_strongly_or_weakly_and_only_itself():
    assert etag_matches('"a-1"', '"a-1"')
    assert etag_matches('W/"a-1"', 'W/"a-1"')
    assert etag_matches('"x", W/"a-1"', '"a-1"')
    assert etag_matches("*", '"a-1"')
    assert not etag_matches('"a-2"', '"a-1"')
    assert not etag_matches('"a-1x"', '"a-1"')


# -- the report's verdicts ------------------------------------------------------------------------
def load(seconds: float, mb: float) -> dict:
    return {"seconds": seconds, "bytes": mb * 1e6}


def test_a_ratio_at_the_target_passes_and_above_it_misses():
    assert verdict(0.70, 0.70) == "PASS"
    assert verdict(0.7001, 0.70) == "MISS"
    assert verdict(None, 0.70) == "-"


def test_rows_take_medians_and_their_ratio_against_each_networks_target():
    networks = {
        "slow": {"game": [load(70, 13), load(60, 13.4), load(80, 13.2)],
                 "bare": [load(40, 6.4), load(42, 6.4), load(50, 6.5)]},
        "fast": {"game": [load(6.2, 6)], "bare": [load(10, 6.4)]},
        "loopback": {"game": [load(1.5, 13)], "bare": [load(3.0, 6.4)]},
    }  # fmt: skip
    table = {r["profile"]: r for r in rows(networks)}
    assert [r["profile"] for r in rows(networks)] == ["fast", "slow", "loopback"]
    slow = table["slow"]
    assert (slow["game_s"], slow["bare_s"], slow["runs"]) == (70, 42, 3)
    assert slow["game_mb"] == pytest.approx(13.2) and slow["bare_mb"] == pytest.approx(6.4)
    assert slow["ratio"] == pytest.approx(70 / 42) and slow["verdict"] == "MISS"
    assert table["fast"]["ratio"] == pytest.approx(0.62) and table["fast"]["verdict"] == "PASS"
    assert table["fast"]["target"] == 0.62 and slow["target"] == 0.70
    assert table["loopback"]["target"] == 0.5 and table["loopback"]["verdict"] == "PASS"


def test_the_bytes_are_judged_to_the_first_roll_and_in_all_on_the_slow_link():
    from bench.loadbench.netreport import bytes_rows

    table = [
        {"profile": "fast", "network": "fast", "game_mb": 4.8, "after_mb": 9.0},
        {"profile": "slow", "network": "slow", "game_mb": 4.6, "after_mb": 1.8},
        {"profile": "loopback", "network": "loopback", "game_mb": 9.0, "after_mb": 9.0},
    ]
    judged = [(r["network"], r["what"], r["mb"], r["verdict"]) for r in bytes_rows(table)]
    assert judged == [
        ("fast", "to the first ROLL", 4.8, "MISS"),
        ("slow", "to the first ROLL", 4.6, "PASS"),
        ("slow", "in all, 100 s after it", pytest.approx(6.4), "PASS"),
    ]


def test_the_warm_open_is_judged_against_its_own_seconds():
    warm = {"cpu1": [{"seconds": 0.9}, {"seconds": 0.45}, {"seconds": 0.5}],
            "cpu4": [{"seconds": 1.8}]}  # fmt: skip
    by_cpu = {r["cpu"]: r for r in warm_rows(warm)}
    assert by_cpu["cpu1"]["seconds"] == 0.5 and by_cpu["cpu1"]["verdict"] == "PASS"
    assert by_cpu["cpu4"]["target"] == 1.2 and by_cpu["cpu4"]["verdict"] == "MISS"
    assert warm_rows(None) == []


# -- the server, unthrottled (what it sends, not how fast) ----------------------------------------
def fetch(base: str, path: str, **headers: str) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(base + path, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), b""


@pytest.fixture
def served(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html>" + "x" * 5000, "utf-8")
    (tmp_path / "snapshot-1.gz").write_bytes(gzip.compress(b"heap" * 1000))
    (tmp_path / "stdlib.zip").write_bytes(b"PK" + bytes(3000))
    server = serve_pages(tmp_path, PROFILES["loopback"], lifetime_s=60)
    yield server
    server.stop()


def test_the_server_compresses_as_github_pages_and_counts_what_it_sends(served):
    status, headers, body = fetch(served.base, "index.html", **{"Accept-Encoding": "gzip, br"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert headers["Cache-Control"] == "max-age=600" and headers["Vary"] == "Accept-Encoding"
    assert gzip.decompress(body).startswith(b"<!doctype html>xxx")
    status, headers, body = fetch(served.base, "snapshot-1.gz", **{"Accept-Encoding": "gzip"})
    assert headers["Content-Type"] == "application/octet-stream"
    assert "Content-Encoding" not in headers and gzip.decompress(body) == b"heap" * 1000
    status, headers, body = fetch(served.base, "stdlib.zip", **{"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in headers and body == b"PK" + bytes(3000)
    _, headers, plain = fetch(served.base, "index.html")  # no Accept-Encoding: as it is
    assert "Content-Encoding" not in headers and len(plain) == 5015
    served.quiet()
    hits = {h.path: h for h in served.log.hits}
    assert hits["/stdlib.zip"].bytes > 3002  # the body and the headers
    assert sum(n for _, n in served.log.sent) == sum(h.bytes for h in served.log.hits)


def test_the_server_answers_conditional_requests_with_304(served):
    _, headers, _ = fetch(served.base, "index.html", **{"Accept-Encoding": "gzip"})
    etag, modified = headers["ETag"], headers["Last-Modified"]
    assert etag.startswith('W/"')  # a compressed body's tag is weak
    assert fetch(served.base, "index.html", **{"If-None-Match": etag})[0] == 304
    assert fetch(served.base, "index.html", **{"If-Modified-Since": modified})[0] == 304
    assert fetch(served.base, "index.html", **{"If-None-Match": '"other"'})[0] == 200
    assert fetch(served.base, "missing.js")[0] == 404
    assert served.base.startswith("http://127.0.0.1:")
