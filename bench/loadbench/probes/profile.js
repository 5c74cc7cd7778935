// Diagnostics only (a separate, unmeasured load: importing core.js early changes the timing).
// Installed before the page's scripts: PyScript's JS hooks hand over the game's own interpreter
// (window.__benchInterpreter), and a cProfile profiler runs from onReady (just before main.py);
// profile_report.py stops it once body[data-ready="true"].
import("./static/vendor/pyscript/core.js").then(({ hooks }) => {
  hooks.main.onReady.add((wrap) => {
    window.__benchInterpreter = wrap.interpreter;
    wrap.interpreter.runPython(
      "import builtins, cProfile\nbuiltins._bench_profile = cProfile.Profile()\n"
      + "builtins._bench_profile.enable()");
  });
});
