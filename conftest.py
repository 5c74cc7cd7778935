"""Root pytest configuration: the browser layer runs only in Pyodide, so its modules are not
collected for doctests under CPython (tests/e2e drives them in Chromium instead)."""

collect_ignore = ["magdagdon/web", "node_modules", "static", "bench"]
