// Python's memory snapshot, from its URL to the bytes Pyodide restores (static/start.mjs uses it,
// in a worker — snapshot-worker.mjs — when it can). No DOM here: it runs in both places.
// The snapshot arrives gzipped from the server, and already decompressed from the service worker
// (sw.js keeps it so) or from a server that decoded it on the way: its first bytes say which.
function isGzip(chunk) {
  return chunk.length >= 2 && chunk[0] === 0x1f && chunk[1] === 0x8b;
}

// Read straight from the service worker's cache when it has it (no trip through sw.js). Asked
// with a Request: on the page (no worker), boot.js's counting fetch then leaves the runtime's
// own early responses to the runtime.
async function get(url, signal) {
  const cached = await globalThis.caches?.match(url).catch(() => undefined);
  return cached ?? fetch(new Request(url, { signal }));
}

// `progress(bytes)`, if given, hears how many bytes have arrived so far (boot.js's meter).
export async function download(url, progress = () => {}, signal = undefined) {
  // The runtime's wasm, asked for at once: a mixed snapshot needs its data image (below). On a
  // first visit the page's own request for it is under way: the HTTP cache gives both the same
  // bytes. It travels gzipped (tools/build.py: PACKED), and comes inflated from the service
  // worker.
  const wasm = get(`${WASM}.gz`, signal).then(async (r) => {
    if (!r.ok) throw new Error(`snapshot: the wasm: HTTP ${r.status}`);
    const bytes = new Uint8Array(await r.arrayBuffer());
    if (!isGzip(bytes)) return bytes;
    const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(inflated).arrayBuffer());
  });
  wasm.catch(() => {}); // awaited only for a mixed snapshot
  const response = await get(url, signal);
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
  const packed = new Uint8Array(await new Response(stream).arrayBuffer());
  const memory = expand(packed);
  if (magic(packed, MIXED)) unmix(memory, dataImage(await wasm));
  return memory;
}

// tools/build.py ships the snapshot without its zero pages: "MGDSPRS1", then little-endian u32s
// (full length, number of runs, offset and length of each run), then the runs' bytes.
// "MGDSPRX1" is the same form of a snapshot whose heap was XOR-ed with the wasm's data image.
const SPARSE = new TextEncoder().encode("MGDSPRS1");
const MIXED = new TextEncoder().encode("MGDSPRX1");
const WASM = new URL("./vendor/pyodide/pyodide.asm.wasm", import.meta.url).href;
const magic = (packed, which) => which.every((byte, i) => packed[i] === byte);

function expand(packed) {
  if (!magic(packed, SPARSE) && !magic(packed, MIXED)) return packed; // a plain snapshot
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

// -- the wasm's data image (tools/build.py's data_image and mixed, the same steps) ------------
// The memory a wasm module initialises itself: its active data segments (memory 0, each at a
// constant offset), laid out at their offsets.
function dataImage(wasm) {
  if (wasm[0] !== 0 || wasm[1] !== 0x61 || wasm[2] !== 0x73 || wasm[3] !== 0x6d) {
    throw new Error("snapshot: the wasm is not a wasm module");
  }
  let at = 8;
  // (in Numbers, not BigInts: exact for the 32-bit values here, and the runtime's 14,000-odd
  // segments take a few milliseconds, not tens)
  const leb = (signed = false) => {
    let result = 0, scale = 1, byte;
    do {
      byte = wasm[at++];
      result += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte & 0x80);
    if (signed && byte & 0x40) result -= scale;
    return result;
  };
  const segments = [];
  while (at < wasm.length) {
    const section = wasm[at++];
    const size = leb();
    const end = at + size;
    if (section === 11) {
      for (let count = leb(); count > 0; count--) {
        const flags = leb();
        if (flags === 1) { at += leb(); continue; } // passive: not in memory at start
        if (flags === 2) leb(); // memory index
        if ((flags !== 0 && flags !== 2) || wasm[at++] !== 0x41) throw new Error("snapshot: a data segment's offset is not a constant");
        const offset = leb(true);
        if (wasm[at++] !== 0x0b) throw new Error("snapshot: a data segment's offset is not a lone constant");
        const length = leb();
        segments.push([offset, at, length]);
        at += length;
      }
    }
    at = end;
  }
  let size = 0;
  for (const [offset, , length] of segments) size = Math.max(size, offset + length);
  const image = new Uint8Array(size);
  for (const [offset, from, length] of segments) image.set(wasm.subarray(from, from + length), offset);
  return image;
}

// The heap (from the offset Pyodide's header gives, its second u32) XOR-ed with the image.
// (Four bytes at a time where both line up, as they do: a few milliseconds, not tens.)
function unmix(memory, image) {
  const heapAt = new DataView(memory.buffer, memory.byteOffset).getUint32(4, true);
  const n = Math.min(image.length, memory.length - heapAt);
  let i = 0;
  if ((memory.byteOffset + heapAt) % 4 === 0 && image.byteOffset % 4 === 0) {
    const words = n >>> 2;
    const heap = new Uint32Array(memory.buffer, memory.byteOffset + heapAt, words);
    const data = new Uint32Array(image.buffer, image.byteOffset, words);
    for (let w = 0; w < words; w++) heap[w] ^= data[w];
    i = words * 4;
  }
  for (; i < n; i++) memory[heapAt + i] ^= image[i];
}

// (for tests/unit/test_deploy.py, which runs them in Node against tools/build.py's own steps)
export { dataImage, expand, unmix };
