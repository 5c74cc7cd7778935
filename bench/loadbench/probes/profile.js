// Diagnostics only (a separate, unmeasured load: importing core.js early changes the timing).
// Installed before the page's scripts: PyScript's JS hooks hand over the game's own interpreter
// (window.__benchInterpreter), and a cProfile profiler runs from onReady (just before main.py);
// profile_report.py stops it once body[data-ready="true"]. cProfile and pstats are not in the
// standard library's start-up part (tools/build.py, census): the rest is put on sys.path first,
// read synchronously (onReady does not wait for a promise).
import("./static/vendor/pyscript/core.js").then(({ hooks }) => {
  hooks.main.onReady.add((wrap) => {
    window.__benchInterpreter = wrap.interpreter;
    const rest = document.querySelector('meta[name="magdagdon-stdlib"]')?.dataset.rest;
    if (rest) {
      const request = new XMLHttpRequest();
      request.open("GET", rest, false);
      request.overrideMimeType("text/plain; charset=x-user-defined");
      request.send();
      const bytes = Uint8Array.from(request.responseText, (c) => c.charCodeAt(0) & 0xff);
      wrap.interpreter.FS.writeFile("/lib/bench-stdlib-rest.zip", bytes);
      wrap.interpreter.runPython("import sys\nsys.path.append('/lib/bench-stdlib-rest.zip')");
    }
    wrap.interpreter.runPython(
      "import builtins, cProfile\nbuiltins._bench_profile = cProfile.Profile()\n"
      + "builtins._bench_profile.enable()");
  });
});
