"""The Content Security Policy holds: the game runs under it with no violation, the page has
no inline handler and no inline script the policy does not name by its hash, and text from the
address or from storage is only ever text."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

from tools.build import script_hash

from .harness import REPO_ROOT, open_game

RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
"""


class _Scripts(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.inline: list[str] = []  # each inline script's code
        self.handlers: list[str] = []
        self.policy = ""
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "script" and "src" not in attributes:
            self.inline.append("")
            self._in_script = True
        self.handlers += [f"{tag}[{name}]" for name in attributes if name.startswith("on")]
        if tag == "meta" and attributes.get("http-equiv") == "Content-Security-Policy":
            self.policy = attributes["content"]

    def handle_data(self, data):
        if self._in_script:
            self.inline[-1] += data

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False


def test_the_page_has_a_strict_policy_and_nothing_inline_it_does_not_name():
    parser = _Scripts()
    parser.feed((REPO_ROOT / "index.html").read_text("utf-8"))
    assert parser.handlers == []
    # one inline script (a first visit's guide, shown before the first paint), allowed by its hash
    assert len(parser.inline) == 1 and "newcomer" in parser.inline[0]
    directives = dict(
        (part.split()[0], set(part.split()[1:]))
        for part in parser.policy.split(";")
        if part.strip()
    )
    assert directives["default-src"] == {"'self'"}
    hashes = {script_hash(code) for code in parser.inline}
    assert directives["script-src"] == {"'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"} | hashes
    assert directives["object-src"] == {"'none'"}
    assert directives["base-uri"] == {"'self'"}
    assert "'unsafe-inline'" not in parser.policy


def test_the_game_runs_under_the_policy_without_a_violation(site_url, new_context):
    context = new_context()
    context.add_init_script(RECORD_VIOLATIONS)
    page = open_game(context.new_page(), site_url, "?seed=41")
    page.tap('[data-action="roll"]')
    page.wait_for_function("['placing', 'magdagdon'].includes(document.body.dataset.phase)")
    if page.evaluate("document.body.dataset.phase") == "placing":
        page.tap('[data-cell][data-legal="true"]')
    for dialog in ("rules", "scores", "settings", "about"):
        page.tap(f'.top [data-action="{dialog}"]')
        page.tap(f'#dialog-{dialog} [data-action="close"]')
    assert page.evaluate("window.__csp") == []


def test_address_and_storage_text_is_never_html(site_url, new_context):
    context = new_context()
    context.add_init_script(RECORD_VIOLATIONS)
    hostile = '<img src=x onerror="window.__pwned=1">'
    entry = {"score": 5, "date": hostile, "turns": 3, "powers": 0}
    context.add_init_script(  # (init scripts also run on about:blank, which has no storage)
        "if (location.protocol.startsWith('http')) localStorage.setItem("
        + "'magdagdon.v1.best.peaceful', "
        + json.dumps(json.dumps({"schema": 1, "entries": [entry]}))
        + ")"
    )
    page = context.new_page()
    open_game(page, site_url, "?seed=" + re.sub(r"\s", "%20", hostile))
    page.tap('.top [data-action="scores"]')
    assert page.evaluate("window.__pwned") is None
    assert page.locator("img[src=x]").count() == 0
    notices = page.locator(".notice").all_inner_texts()
    assert any("not valid" in text for text in notices)  # the bad seed, said plainly
    assert any("damaged" in text for text in notices)  # the bad entry, dropped
