"""The floor: Python is running. `js` (Pyodide's own module) rather than `pyscript`, so that the
floor pays for no Python import the runtime does not make by itself."""

from js import document

print("ready")
document.body.dataset.ready = "true"
