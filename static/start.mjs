// The game's Python runtime: Pyodide, started from a memory snapshot when the page has one.
//
// pyscript.toml's `interpreter` names this module; PyScript imports it and calls its
// `loadPyodide(options)` as it would Pyodide's own (polyscript/esm/interpreter/pyodide.js).
//
// A built site (tools/build.py) carries <meta name="magdagdon-snapshot" content=URL
// data-tag=TAG>: a gzipped memory snapshot of Pyodide taken right after the game's modules and
// the standard library the first ROLL needs were imported (tools/snapshot.mjs), made by the very
// same Pyodide. Restoring it skips Python's whole start and those imports. The snapshot is used
// only if everything checks out: it downloads and decompresses, Pyodide accepts it (its magic
// number and build id), and it is the game's own (magdagdon.__snapshot__ == TAG). Anything else
// (a stale cache, a damaged file, a browser without DecompressionStream) falls back to the
// ordinary start, which is what a page served from the sources always does.
import { loadPyodide as loadRuntime, version } from "./vendor/pyodide/pyodide.mjs";
import { paceOnTheWire, worthWaiting } from "./choice.mjs";

export { version };

// PyScript passes the folder of this module as indexURL: the runtime's files are elsewhere.
const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const meta = globalThis.document?.querySelector('meta[name="magdagdon-snapshot"]');
// A built site ships the standard library's start-up part (tools/build.py, census), compiled:
// the runtime installs that instead of its whole 2.5 MB zip; the game mounts the rest once ready.
const stdlib = globalThis.document?.querySelector('meta[name="magdagdon-stdlib"]');

// The snapshot is fetched, decompressed and expanded off the main thread when the browser can
// run a module worker (snapshot-worker.mjs), on it otherwise (snapshot.mjs is the code of both).
// Stops the snapshot's download (a first visit on a link too slow for it: see snapshotPays).
let stopSnapshot = () => {};

function inWorker(url) {
  return new Promise((resolve, reject) => {
    let worker;
    try {
      worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
      stopSnapshot = () => worker.terminate();
    } catch (error) {
      reject(new Error(`snapshot worker: ${error.message}`));
      return;
    }
    worker.onmessage = ({ data }) => {
      if (data.arrived !== undefined) return arrived(url, data.arrived);
      worker.terminate();
      if (data.error) reject(new Error(data.error)); else resolve(data.bytes);
    };
    worker.onerror = (event) => {
      worker.terminate();
      event.preventDefault();
      reject(new Error(`snapshot worker: ${event.message || "failed"}`));
    };
    worker.postMessage(String(url));
  });
}

// How much of the snapshot has arrived: for boot.js's progress bar (a first visit's), and for
// the choice whether to wait for it (snapshotPays).
let snapshotArrived = 0;
function arrived(url, bytes) {
  snapshotArrived = bytes;
  document.dispatchEvent(new CustomEvent("magdagdon:arrived", { detail: { url: String(url), bytes } }));
}

function fetchSnapshot(url) {
  return inWorker(url).catch((error) => {
    if (String(error.message).startsWith("snapshot worker")) {
      const stop = new AbortController();
      stopSnapshot = () => stop.abort();
      return import("./snapshot.mjs")
        .then(({ download }) => download(url, (n) => arrived(url, n), stop.signal));
    }
    throw error; // the worker ran: the snapshot itself is at fault
  });
}

// boot.js imports this module as soon as the first frame is painted (at once on a visit served
// by the service worker), before PyScript has read its configuration; PyScript's own import later
// finds the same module. The snapshot's download starts at once from the service worker's cache;
// on a first visit, only once the pace of the runtime's own downloads says that it pays
// (watchThePace, below): a slow link never spends a byte on it. A failure is kept for
// loadPyodide to see.
// performance marks (read by bench/load.py): when the snapshot is in memory, when Python is up.
const mark = (name) => performance.mark(`magdagdon:${name}`);
let snapshot = null;
function startSnapshot() {
  if (snapshot || !meta) return;
  mark("snapshot-asked");
  snapshot = fetchSnapshot(new URL(meta.content, document.baseURI)).then(
    (bytes) => { mark("snapshot-ready"); return { bytes }; },
    (error) => ({ error }),
  );
}

// Python run right after a restore: the snapshot must be this release's, and `random` (if the
// snapshot imported it) must not replay the same numbers on every visit.
const CHECK = `
import sys
_magdagdon = sys.modules.get("magdagdon")
if "random" in sys.modules:
    sys.modules["random"].seed()
getattr(_magdagdon, "__snapshot__", None)
`;

async function fromSnapshot(options) {
  // The runtime's own downloads and its JavaScript go on while the snapshot arrives.
  const bytes = snapshot.then(({ bytes, error }) => {
    if (error) throw error;
    return bytes;
  });
  // The runtime awaits it only after its own first steps: until then a failed download must not
  // count as an unhandled rejection (boot.js would take it for a failed start).
  bytes.catch(() => {});
  const pyodide = await loadRuntime({ ...options, _loadSnapshot: bytes });
  const tag = pyodide.runPython(CHECK);
  if (tag !== meta.dataset.tag) {
    throw new Error(`snapshot: made for ${tag}, this page is ${meta.dataset.tag}`);
  }
  return pyodide;
}

// -- whether this first visit should wait for the snapshot ------------------------------------
// choice.mjs's worthWaiting decides whether to wait, from what is left of the snapshot, the
// link's pace (as boot.js counted the bytes, and as the network's own timing saw them:
// paceOnTheWire) and this CPU's speed. If not, Python starts the ordinary way at once, the
// download stops, and the service worker fetches the snapshot after the game is ready.

// How fast this CPU is: a loop's time once the JIT has optimised it, the median of five runs
// spread over the first second of the load (a throttled CPU, as DevTools models a phone, lets a
// run through at full speed now and then, and a pause of the browser's makes one slow; runs
// far apart rarely share either). About 3 ms a run on a desktop, 12 on a phone.
const probeRuns = [];
let probeX = 1;
function probeStep(n) {
  let x = probeX;
  for (let i = 0; i < n; i++) x = (Math.imul(x, 31) + i) | 0;
  probeX = x;
}
function probeRun() {
  if (probeRuns.length === 0) for (let k = 0; k < 50; k++) probeStep(1e4); // the warm-up
  const t0 = performance.now();
  for (let k = 0; k < 200; k++) probeStep(1e4);
  probeRuns.push(performance.now() - t0 + (probeX === 0.5 ? 1 : 0));
}
let probing = Boolean(meta) && !navigator.serviceWorker?.controller; // until the choice is made
for (let run = 0; probing && run < 5; run++) {
  setTimeout(() => probing && probeRuns.length < 5 && probeRun(), 150 * run);
}
function cpuProbe() {
  while (probeRuns.length < 3) probeRun();
  const sorted = [...probeRuns].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

// Whether the snapshot is worth waiting for, judged after `after` ms of this load at least: true
// where it cannot be told (the choice's figures missing), null where the load is younger.
function snapshotPays(after = 300) {
  const downloads = document.getElementById("magdagdon-downloads");
  const arrival = globalThis.magdagdonArrival?.();
  let files, wire;
  try { files = JSON.parse(downloads.textContent); wire = files[meta.content]?.[1] ?? 0; } catch (_) { return true; }
  if (!wire || !arrival || snapshotArrived >= wire) return true;
  if (arrival.ms < after || !arrival.bytes) return null;
  const entries = performance.getEntriesByType("resource");
  const choice = {
    left: wire - snapshotArrived,
    counted: arrival.bytes / arrival.ms, // bytes a millisecond, over every download
    onTheWire: paceOnTheWire(entries, files, new URL(".", document.baseURI).pathname),
    probeMs: cpuProbe(),
  };
  if (after >= 300) performance.mark("magdagdon:snapshot-choice", { detail: choice }); // (what it was judged by)
  return worthWaiting(choice);
}

// A first visit's snapshot: asked for as soon as the downloads so far (WATCH_FROM_MS of them at
// least) say that it pays, or when Python is asked for (loadPyodide) if they say so then, or are
// too few to tell.
const WATCH_EVERY_MS = 50;
const WATCH_FROM_MS = 150;
let judged = null; // the last verdict of watchThePace
function watchThePace() {
  if (!probing) return; // (loadPyodide has been asked)
  judged = snapshotPays(WATCH_FROM_MS) ?? judged;
  if (judged) startSnapshot();
  else setTimeout(watchThePace, WATCH_EVERY_MS);
}
// A visit served by the service worker uses the snapshot where the worker keeps it (it keeps it
// once a visit could afford it: boot.js, keepExtras), and never downloads it to start.
const controlled = Boolean(navigator.serviceWorker?.controller);
const kept = meta && controlled
  ? Promise.resolve(globalThis.caches?.match(new URL(meta.content, document.baseURI).href))
    .then(Boolean, () => false)
  : null;
if (kept) kept.then((hit) => hit && startSnapshot());
else if (meta && !globalThis.magdagdonArrival) startSnapshot(); // (no figures to judge by)
else if (meta) setTimeout(watchThePace, WATCH_EVERY_MS);

export async function loadPyodide(options = {}) {
  mark("runtime-asked");
  probing = false; // (the choice is made now, if at all)
  const settings = { ...options, indexURL: INDEX_URL };
  if (stdlib) settings.stdLibURL = new URL(stdlib.content, document.baseURI).href;
  // (a load too young to judge: as the pace was judged so far, or waited for)
  const wanted = kept ? await kept : Boolean(meta) && (snapshotPays() ?? judged ?? true);
  if (wanted) startSnapshot(); // (if not under way yet)
  if (meta && !wanted) {
    stopSnapshot();
    document.documentElement.dataset.snapshot = "later";
    document.dispatchEvent(new CustomEvent("magdagdon:without-snapshot", { detail: { url: meta.content } }));
  } else if (snapshot) {
    try {
      const pyodide = await fromSnapshot(settings);
      document.documentElement.dataset.python = "snapshot";
      mark("python-up");
      return pyodide;
    } catch (error) {
      console.warn("MAGDAGDON: starting Python without its snapshot:", error);
    }
  }
  document.documentElement.dataset.python = "fresh";
  const pyodide = await loadRuntime(settings);
  mark("python-up");
  return pyodide;
}
