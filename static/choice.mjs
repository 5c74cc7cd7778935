// Whether a first visit waits for Python's memory snapshot (start.mjs asks, with its figures).
// No DOM here: tests/unit/test_snapshot_choice.py runs it in Node.
//
// Restoring the snapshot saves CPU time: over a second on a phone. Its bytes must come first,
// though (3.6 MB, as much as the wasm). So on a first visit the snapshot is waited for only if
// what is `left` of it (bytes) will arrive, at the pace this load has had so far, in less time
// than it saves on this CPU (`probeMs`: start.mjs's probe, scaled from a desktop's), or in under
// a second whatever the CPU (a fast link: Wi-Fi). Guessing wrong costs at most the difference.
// The pace is the better of two measures (bytes a millisecond): `counted`, what boot.js counted
// as the page read each response, and `onTheWire`, paceOnTheWire's. The count is made on the
// page's thread, so while that thread is busy (the runtime compiling on a loaded CPU) it lags a
// fast link; on a slow link it is exact, and nothing may have finished yet to time on the wire.
// Measured (bench/load.py's machine, loopback, 3 first visits each): ready 1.70-1.91 s from the
// snapshot and 1.83-2.00 s without it; with the CPU slowed 4x, 4.3-4.6 s and 5.1-6.4 s.
const SNAPSHOT_SAVES_MS = 400; // on a desktop
const ALWAYS_WAIT_MS = 1000;
const PROBE_DESKTOP_MS = 3; // the probe there

function worthWaiting({ left, counted, onTheWire, probeMs }) {
  const waitMs = left / Math.max(counted, onTheWire, 1e-6);
  const savesMs = SNAPSHOT_SAVES_MS * Math.max(1, probeMs / PROBE_DESKTOP_MS);
  return waitMs <= Math.max(savesMs, ALWAYS_WAIT_MS);
}

// The link's pace as the network saw it: the bytes of the finished downloads among `files`
// (start.mjs's list: "./path" → [size, bytes on the wire]) over the time their bodies took to
// arrive, by Resource Timing's own clock (`entries`; `here`: the site's folder, a path). Never
// more than the link gave: every byte of a finished body arrived within its own
// [responseStart, responseEnd], and the time is the union of those spans.
function paceOnTheWire(entries, files, here) {
  const spans = [];
  let bytes = 0;
  for (const entry of entries) {
    const path = "./" + new URL(entry.name).pathname.slice(here.length);
    if (!Object.hasOwn(files, path) || !entry.encodedBodySize) continue; // (0: not told)
    if (entry.responseEnd <= entry.responseStart) continue;
    bytes += entry.encodedBodySize;
    spans.push([entry.responseStart, entry.responseEnd]);
  }
  let ms = 0;
  let reached = -Infinity;
  for (const [start, end] of spans.sort((a, b) => a[0] - b[0])) {
    ms += Math.max(0, end - Math.max(start, reached));
    reached = Math.max(reached, end);
  }
  return ms > 0 ? bytes / ms : 0;
}

export { paceOnTheWire, worthWaiting };
