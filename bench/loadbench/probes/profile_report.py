# Not imported: run in the game's own interpreter (runPython) once it is ready, after profile.js
# started a cProfile profiler there. Stops that profiler and leaves builtins._bench_report(profile,
# by), which returns, as JSON, the compile() calls by caller, the game's functions (magdagdon/*)
# sorted by self or cumulative time, and the modules loaded.
import builtins
import json
import pstats
import sys

builtins._bench_profile.disable()


def _bench_label(key):
    filename, line, name = key
    filename = filename.replace("/home/pyodide/", "").replace("/lib/python314.zip/", "stdlib:")
    return f"{filename}:{line}({name})" if line else name


def _bench_report(profile, by):
    stats = pstats.Stats(profile).stats
    compile_by_caller = {}
    for key, (_, _, _, _, callers) in stats.items():
        if key[2] == "<built-in method builtins.compile>":
            for caller, (_, nc, _, ct) in callers.items():
                compile_by_caller[_bench_label(caller)] = {"calls": nc, "ms": ct * 1000}
    column = 2 if by == "self" else 3
    game = sorted(
        (
            [_bench_label(k), v[1], v[2] * 1000, v[3] * 1000]
            for k, v in stats.items()
            if "magdagdon/" in k[0]
        ),
        key=lambda r: -r[column],
    )
    return json.dumps(
        {
            "profiled_ms": max(v[3] for v in stats.values()) * 1000,
            "compile": compile_by_caller,
            "game_functions": game[:25],  # [name, calls, self ms, cumulative ms]
            "modules": sorted(sys.modules),
        }
    )


builtins._bench_report = _bench_report
