#!/usr/bin/env python3
"""Update an installed game from an older release to the working tree, as a player meets it.

    python3 tools/upgrade.py FROM [--keep DIR]      (FROM: any commit, e.g. c56f9a9)

1. builds release FROM from git history (a detached worktree, built by FROM's own
   tools/build.py with the vendored runtime) and the working tree's release;
2. publishes FROM at one local URL and plays it in Chromium on a profile kept on disk: one
   PEACEFUL game to its end by taps, then a new game left mid-turn (a die staged);
3. publishes the working tree's release at the same URL (every file with a fresh modification
   time, as a deploy gives), lets the browser find the update and taps "Update now";
4. prints what was kept and what the page then runs, and exits 1 if anything is off: every
   cached file the new release's bytes (hashed against its sw.js manifest), one release
   cache, Python started from the snapshot, the game in progress as left (board and dice),
   the old best score in BEST SCORES and in the statistics, no notice of damaged data, the
   practice record stored once the statistics looked at the old game, and every stored value
   the old release wrote still there;
5. publishes release FROM again and opens it on the newer release's stored data (a rollback)
   and checks that it keeps every value byte for byte, and the game in progress.

Needs what scripts/test.sh installs (.venv with Playwright, node_modules, Debian's Chromium).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e.harness import (  # noqa: E402
    BLOCK_OTHER_HOSTS,
    CACHES_JS,
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    Releases,
)
from tools import build as site_build  # noqa: E402

READY = "document.body?.dataset.ready === 'true'"
CONTROLLED = "navigator.serviceWorker.controller !== null"
PHASE = "document.body.dataset.phase"
BOARD_JS = """[...document.querySelectorAll('[data-cell]')].map(c =>
    [c.dataset.cell, c.dataset.state ?? null, c.dataset.value ?? null])"""
DICE_JS = "[...document.querySelectorAll('[data-die]')].map(d => d.dataset.value)"
STORAGE_JS = "Object.fromEntries(Object.entries(localStorage))"


#: The npm packages that are the game's runtime (vendored into static/vendor/ by tools/vendor.py).
RUNTIME = ("node_modules/pyodide", "node_modules/@pyscript/core")


def runtime(lock: bytes) -> list[object]:
    """What a package-lock.json pins of the runtime (RUNTIME): the build's own tools may differ."""
    packages = json.loads(lock).get("packages", {})
    return [packages.get(name) for name in RUNTIME]


def build_old(commit: str, work: Path, out: Path) -> str:
    """Release ``commit`` built by its own tools/build.py into ``out``; its short hash."""
    short = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", commit],
                           check=True, capture_output=True, text=True).stdout.strip()  # fmt: skip
    tree = work / f"tree-{short}"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f", str(tree), commit],
                   check=True, capture_output=True)  # fmt: skip
    try:
        lock = subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:package-lock.json"],
                              check=True, capture_output=True).stdout  # fmt: skip
        if runtime(lock) != runtime((ROOT / "package-lock.json").read_bytes()):
            raise SystemExit(f"upgrade: {short} pins another runtime: npm ci it by hand first")
        shutil.copytree(ROOT / "static" / "vendor", tree / "static" / "vendor")
        if (ROOT / "node_modules").is_dir():  # (the build's own tools: Zopfli for the runtime)
            (tree / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
        built = subprocess.run([sys.executable, "tools/build.py", "--out", str(out)], cwd=tree,
                               capture_output=True, text=True)  # fmt: skip
        if built.returncode:
            raise SystemExit(f"upgrade: {short}'s build failed:\n{built.stderr[-2000:]}")
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                       capture_output=True)  # fmt: skip
    return short


def play_a_game(page) -> int:
    """One whole game by taps (a legal cell at random, CONFIRM as soon as it may be pressed,
    MAGDAGDON accepted; the staged dice taken back from a dead end); returns the final score."""
    chooser = random.Random(2026)
    for _ in range(1000):
        phase = page.evaluate(PHASE)
        if phase == "over":
            return int(page.evaluate("document.querySelector('#score').textContent"))
        if phase == "roll":
            page.tap('[data-action="roll"]')
        elif phase == "magdagdon":
            page.tap('[data-action="accept-magdagdon"]')
        elif phase == "ruin":
            page.locator('[data-cell][data-legal="true"]').first.tap()
        elif page.locator('[data-action="confirm"]').is_disabled():
            stage_a_die(page, chooser)
        else:
            page.tap('[data-action="confirm"]')
    raise SystemExit("upgrade: the game on the old release did not end")


def stage_a_die(page, chooser: random.Random) -> None:
    """A die chosen at random, then a legal cell for it at random; the staged dice taken back
    when no die has a cell left (a dead end)."""
    dice = [d for d in page.locator("[data-die]").all() if d.is_enabled()]
    chooser.shuffle(dice)
    for die in dice:
        die.tap()
        legal = page.locator('[data-cell][data-legal="true"]')
        if legal.count():
            legal.nth(chooser.randrange(legal.count())).tap()
            return
    page.tap('.controls [data-action="undo"]')


def leave_mid_turn(page) -> None:
    """A new game (NEW GAME, or the game-over dialog's own button), rolled, one die staged."""
    # What the end of a first game opens is closed: the game-over sheet, then (a release of
    # the invitation to install) the sheet that follows it as that one closes.
    for _ in range(3):
        sheet = page.locator("dialog[open] [data-action='close']")
        with contextlib.suppress(Exception):
            sheet.first.wait_for(timeout=2000)
        if not sheet.count():
            break
        sheet.first.tap()
    page.tap('.controls [data-action="new-game"]')
    with contextlib.suppress(Exception):
        page.tap("dialog[open] [data-action='confirm-yes']", timeout=2000)
    page.wait_for_function(f"{PHASE} === 'roll'")
    page.tap('[data-action="roll"]')
    page.wait_for_function(f"['placing', 'magdagdon'].includes({PHASE})")
    if page.evaluate(PHASE) == "placing":
        page.tap('[data-cell][data-legal="true"]')


#: The practice record the statistics' look at the finished games stores (PRACTISE's).
PRACTICE_JS = "() => localStorage.getItem('magdagdon.v1.practice')"


def shown_best(page, score: int) -> dict[str, bool]:
    """Whether ``score`` is in BEST SCORES (PEACEFUL) and in the statistics."""
    found = {}
    page.tap('.top [data-action="scores"]')
    page.tap('#dialog-scores [data-action="scores-tab"][data-value="peaceful"]')
    found["best scores"] = str(score) in page.locator("#dialog-scores").inner_text()
    stats = page.locator('#dialog-scores [data-action="stats"]')
    if stats.count():
        stats.first.tap()
        page.wait_for_selector("#dialog-stats[open]")
        tab = page.locator('#dialog-stats [data-action="scores-tab"][data-value="peaceful"]')
        if tab.count():
            tab.first.tap()
        found["statistics"] = str(score) in page.locator("#dialog-stats").inner_text()
    else:
        found["statistics"] = False
    page.keyboard.press("Escape")
    return found


def rollback(playwright, server, old_site, work, newer, board, short, check) -> None:
    """Release ``short`` opening the newer release's stored data ``newer`` (a rollback, in a
    fresh profile: an old release's own service worker may not install whole): every value
    kept byte for byte, the game in progress as left."""
    server.publish(old_site)
    context = playwright.chromium.launch_persistent_context(
        str(work / "profile-rollback"), executable_path=CHROMIUM,
        args=CHROMIUM_ARGS + BLOCK_OTHER_HOSTS, service_workers="block", **PHONE,
    )  # fmt: skip
    context.add_init_script(
        "if (!sessionStorage.seeded) { sessionStorage.seeded = 1;"
        f"for (const [k, v] of Object.entries({json.dumps(newer)})) localStorage.setItem(k, v); }}"
    )
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(server.url)
    page.wait_for_function(READY, timeout=90_000)
    back = page.evaluate(STORAGE_JS)
    changed = sorted(k for k, v in newer.items() if back.get(k) != v)
    print(f"release {short} again (a rollback), opening the newer release's data:")
    check(not changed, f"every stored value kept byte for byte (changed: {changed or 'none'})")
    check(page.evaluate(BOARD_JS) == board, "the game in progress as left")
    context.close()


def upgrade(commit: str, work: Path) -> list[str]:
    """Play ``commit``'s release, update to the working tree's; returns the failed checks."""
    from playwright.sync_api import sync_playwright

    old_site, new_site = work / "old", work / "new"
    short = build_old(commit, work, old_site)
    release = site_build.build(out=new_site)
    worker = (new_site / "sw.js").read_text("utf-8")
    manifest = site_build.read_manifest(worker)
    files = {"/" + row[0][2:]: set(row[1:2] + row[3:]) for row in manifest}
    # (the extras, which the update brings where the old release kept its own: it did here)
    extras = {
        "/" + row[0][2:]: set(row[1:2] + row[3:])
        for row in site_build.read_manifest(worker, "EXTRAS")
    }
    files |= extras
    server = Releases(work / "server")
    failures: list[str] = []

    def check(ok: bool, what: str) -> None:
        print(f"  {'ok  ' if ok else 'FAIL'} {what}")
        if not ok:
            failures.append(what)

    try:
        server.publish(old_site)
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                str(work / "profile"), executable_path=CHROMIUM,
                args=CHROMIUM_ARGS + BLOCK_OTHER_HOSTS, service_workers="allow", **PHONE,
            )  # fmt: skip
            problems: list[str] = []
            context.on("console", lambda m: m.type == "error" and problems.append(m.text))
            context.on("weberror", lambda e: problems.append(str(e.error)))
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(server.url + "?seed=20261201&difficulty=peaceful")
            page.wait_for_function(READY, timeout=90_000)
            page.wait_for_function(CONTROLLED, timeout=90_000)
            print(f"release {short}: installed, {len(page.evaluate(CACHES_JS))} cache(s)")
            score = play_a_game(page)
            print(f"release {short}: one PEACEFUL game played by taps, {score} points")
            leave_mid_turn(page)
            board, dice = page.evaluate(BOARD_JS), page.evaluate(DICE_JS)
            before = page.evaluate(STORAGE_JS)
            staged = sum(1 for _, state, _ in board if state == "staged")
            print(f"release {short}: a new game left mid-turn (dice {dice}, {staged} staged)")
            print(f"  stored: {', '.join(sorted(before))}")

            server.publish(new_site)
            page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
            offer = page.locator('.notice [data-action="update"]')
            offer.first.wait_for(timeout=120_000)
            with page.expect_navigation(timeout=90_000):
                offer.first.tap()
            page.wait_for_function(READY, timeout=90_000)
            print(f"release {release} (working tree): after 'Update now'")
            cached = page.evaluate(CACHES_JS)
            check(list(cached) == [f"magdagdon-{release}"], f"one release cache: {list(cached)}")
            mine = cached.get(f"magdagdon-{release}", {})
            wrong = sorted(p for p, d in mine.items() if d not in files.get(p, ()))
            check(mine.keys() == files.keys() and not wrong,
                  f"every cached file is the new release's, its extras too ({len(mine)} of "
                  f"{len(files)}; "
                  f"wrong: {wrong or 'none'})")  # fmt: skip
            python = page.evaluate("document.documentElement.dataset.python ?? null")
            check(python == "snapshot", f"html[data-python] = {python}")
            check(page.evaluate(BOARD_JS) == board and page.evaluate(DICE_JS) == dice,
                  "the game in progress as left (board, staged die, dice)")  # fmt: skip
            notices = page.locator(".notice").all_inner_texts()
            check(not any("damaged" in n.lower() or "could not" in n.lower() for n in notices),
                  f"no notice of damaged data (notices: {notices or 'none'})")  # fmt: skip
            after = page.evaluate(STORAGE_JS)
            lost = sorted(k for k in before if k not in after)
            changed = sorted(k for k in before if k in after and after[k] != before[k])
            added = sorted(k for k in after if k not in before)
            check(not lost, f"every stored value kept (lost: {lost or 'none'})")
            print(f"  rewritten in the new format: {changed or 'none'}; added: {added or 'none'}")
            for where, ok in shown_best(page, score).items():
                check(ok, f"the old best score ({score}) in {where}")
            practised = page.wait_for_function(PRACTICE_JS, timeout=120_000).json_value()
            check(bool(practised), "the old game looked at for practice (its record stored)")
            check(not problems, f"no console or page error ({problems[:3] or 'none'})")
            newer = page.evaluate(STORAGE_JS)
            context.close()
            rollback(playwright, server, old_site, work, newer, board, short, check)
    finally:
        server.close()
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit", help="the release to update from (any commit)")
    parser.add_argument("--keep", type=Path, help="build and play in DIR, and keep it")
    args = parser.parse_args(argv)
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        failures = upgrade(args.commit, args.keep)
    else:
        with tempfile.TemporaryDirectory(prefix="magdagdon-upgrade-") as folder:
            failures = upgrade(args.commit, Path(folder))
    print("upgrade: " + ("everything kept" if not failures else f"{len(failures)} check(s) failed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
