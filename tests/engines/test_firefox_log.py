"""What test_firefox.py counts as the page's errors on Firefox's log (page_errors): every error of
the page's, and not what a page says after Firefox stopped its script as its tab closed. The
lines are Firefox's own, as its log printed them on a run where the first visit's tab closed
while Python worked."""

from __future__ import annotations

from .test_firefox import page_errors

SITE = "http://127.0.0.1:33337/static/vendor/pyodide"
STOPPED = [
    f"JavaScript warning: {SITE}/pyodide.asm.wasm, line 828760: Script terminated by timeout at:",
    f"@{SITE}/pyodide.asm.wasm:wasm-function[1391]:0xca558",
    f"promisingApply@{SITE}/pyodide.asm.mjs:1:688045",
]
UNDEFINED = "JavaScript error: , line 0: uncaught exception: undefined"
THREAD_STATE = (
    f"JavaScript error: {SITE}/pyodide.asm.mjs, line 1: PythonError: SystemError: Cannot enter a"
    " promising task from inside another running promising task. This is a bug in Pyodide."
)
PAGE_ERROR = "console.error: MAGDAGDON/ahead: KeyError: 'best'"
READY = 'console.debug: "[pyscript/main] PyScript Ready"'


def test_what_a_stopped_page_says_after_the_stop_is_not_an_error_of_the_page():
    said = [READY, *STOPPED, UNDEFINED, READY, THREAD_STATE, THREAD_STATE]
    assert page_errors(said) == []


def test_the_same_words_without_a_stop_are_errors():
    said = [READY, UNDEFINED, THREAD_STATE]
    assert page_errors(said) == [UNDEFINED, THREAD_STATE]


def test_the_page_s_own_errors_count_before_and_after_a_stop():
    said = [PAGE_ERROR, *STOPPED, UNDEFINED, PAGE_ERROR]
    assert page_errors(said) == [PAGE_ERROR, PAGE_ERROR]


def test_the_browser_s_own_errors_never_count():
    said = [
        "console.error: RSLoader:\n  Failed (resource://services-settings/RemoteSettings.sys.mjs)"
    ]
    assert page_errors(said) == []
