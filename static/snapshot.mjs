// Python's memory snapshot, from its URL to the bytes Pyodide restores (static/start.mjs uses it,
// in a worker — snapshot-worker.mjs — when it can). No DOM here: it runs in both places.
// The snapshot arrives gzipped from the server, and already decompressed from the service worker
// (sw.js keeps it so) or from a server that decoded it on the way: its first bytes say which.
function isGzip(chunk) {
  return chunk.length >= 2 && chunk[0] === 0x1f && chunk[1] === 0x8b;
}

// `progress(bytes)`, if given, hears how many bytes have arrived so far (boot.js's meter).
export async function download(url, progress = () => {}, signal = undefined) {
  // Read straight from the service worker's cache when it has it (no trip through sw.js).
  const cached = await globalThis.caches?.match(url).catch(() => undefined);
  const response = cached ?? await fetch(url, { signal });
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const first = await reader.read();
  if (first.done) throw new Error("snapshot: empty");
  let arrived = first.value.length;
  progress(arrived);
  const body = new ReadableStream({
    start(controller) { controller.enqueue(first.value); },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      arrived += value.length;
      progress(arrived);
      controller.enqueue(value);
    },
  });
  const stream = isGzip(first.value) ? body.pipeThrough(new DecompressionStream("gzip")) : body;
  return expand(new Uint8Array(await new Response(stream).arrayBuffer()));
}

// tools/build.py ships the snapshot without its zero pages: "MGDSPRS1", then little-endian u32s
// (full length, number of runs, offset and length of each run), then the runs' bytes.
const SPARSE = new TextEncoder().encode("MGDSPRS1");

function expand(packed) {
  if (!SPARSE.every((byte, i) => packed[i] === byte)) return packed; // a plain snapshot
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const u32 = (i) => view.getUint32(SPARSE.length + 4 * i, true);
  const memory = new Uint8Array(u32(0));
  const runs = u32(1);
  let from = SPARSE.length + 4 * (2 + 2 * runs);
  for (let r = 0; r < runs; r++) {
    const offset = u32(2 + 2 * r), length = u32(3 + 2 * r);
    if (offset + length > memory.length || from + length > packed.length) {
      throw new Error("snapshot: damaged");
    }
    memory.set(packed.subarray(from, from + length), offset);
    from += length;
  }
  if (from !== packed.length) throw new Error("snapshot: damaged");
  return memory;
}

