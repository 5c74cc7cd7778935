"""The browser layer: runs only in Pyodide under PyScript. Wiring, storage and drawing;
it never decides a rule (the engine and :mod:`magdagdon.ui` do)."""
