"""MAGDAGDON's load and responsiveness benchmark, beside a bare PyScript "floor" (not a test).

    .venv/bin/python bench/load.py [--runs 7] [--slow-runs 3] [--json bench/results/load.json]
    .venv/bin/python bench/load.py network [--runs 3] [--quick] [--profile all|fast,slow,...]

It rebuilds the site first (tools.build.build() into a temporary folder: the current code is
measured) and copies bench/floor/ into it as floor/, so that the floor loads the very same
runtime URLs (../static/vendor/...). Then, in Debian's Chromium (tests/e2e/harness.py's
CHROMIUM, CHROMIUM_ARGS and PHONE), --runs times each, game and floor interleaved, medians
reported:

- cold load, on a brand-new browser profile (empty caches, service workers allowed): the game
  until body[data-ready="true"], until its first tap is accepted (an in-page probe taps
  [data-action="roll"] as soon as it is there and enabled, again if the tap was lost, and waits
  for body[data-phase] "placing" or "magdagdon"; the page keeps a ROLL tapped while Python
  starts), until first paint / first contentful paint, and until the first frame in which the
  16 [data-cell] buttons are laid out and visible; the floor (bench/floor/index.html: the same
  PyScript + Pyodide, print("ready")) until its body[data-ready="true"];
- warm load, a second visit on the same profile: the game once its service worker controls the
  page (saved game cleared, so that ROLL is there to tap again), the floor from the HTTP cache;
- the same loads with the CPU slowed 4x (Lighthouse's model of a phone: the Chrome DevTools
  Protocol's Emulation.setCPUThrottlingRate), --slow-runs times: the game cold and warm, the
  game without its snapshot cold (the same build, its snapshot <meta> removed, served apart as
  nosnap/) and the floor cold;
- layout shift: a cold load, then a whole turn played with real taps (ROLL, the dice placed,
  CONFIRM); the layout-shift entries not caused by a tap, added up (an upper bound of CLS);
- bytes: response bodies sent by the server from navigation until the first accepted tap (the
  floor: until ready); what the game's service worker precaches after that is counted apart.
  More bytes than the floor's + 300 KB pass only if they win on a slow phone: the seconds the
  snapshot saves with the CPU slowed 4x (the game without it minus the game) must exceed the
  time the extra bytes take at 10 Mbit/s;
- tap-to-render: a seeded game (?seed=N) played through the DOM by a seeded random player
  (rolls, die selections, stagings, unstagings, illegal taps, confirms, powers, MAGDAGDON,
  ruins, new games). Each tap is `el.click()` in the page: Python's delegated handler runs the
  engine and updates the DOM synchronously, timed by performance.now() around the call (and
  again after a forced style + layout);
- the engine inside Pyodide, on bench/floor/engine.html (see bench/floor/engine_timing.py);
- diagnostics, on one more (unmeasured) load: PyScript's JS hooks hand over the game's own
  interpreter; cProfile runs over its main script and over the random player's taps.

Other hosts are blocked in the browser's network stack (--host-resolver-rules and a dead proxy
for every non-loopback address) rather than with context.route() as the tests do: Playwright's
request interception turns the HTTP cache off (Network.setCacheDisabled) and adds a round trip
to the driver per request, which would turn the warm loads into cache-less ones and penalise
the game's many small requests. A fetch to another host is checked to fail.

The package, in reading order (bench/load.py runs cli.main()):

- cli.py: the options; measure, then report;
- runs.py: measure(): everything, in order; the cold and warm loads of the game and the floor;
- server.py: the site built and served, every response recorded (Hit) to count a load's bytes;
- browser.py: Chromium: brand-new profiles, the slowed CPU, one load timed by the probe;
- play.py: what one page of the shared browser measures: layout shift over a turn,
  tap-to-render, the engine in Pyodide, the cProfile diagnostics, the offline check;
- probes/: the JavaScript (and Python) evaluated in the page, as files;
- timeline.py: a load's milestones and phases ("where the time goes");
- targets.py: the figures (medians), the targets and the table of verdicts;
- report.py: everything printed, and the JSON file.

`bench/load.py network` measures a phone's first visit instead (the game against the floor over
modelled networks, and the warm open from the home screen):

- network.py: the server that compresses and caches as GitHub Pages does, through one shared
  throttled link (a token bucket) with a round trip per response, and its log of what it sent;
- netruns.py: the loads of each network profile, game and floor alternating, and the warm open;
- netreport.py: the table of targets and where the seconds go on each network.
"""
