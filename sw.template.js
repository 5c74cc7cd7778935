// MAGDAGDON's service worker. tools/build.py writes sw.js from this template: RELEASE is a
// hash of every file of the site and FILES lists each file with the SHA-256 and size of its
// bytes, so each release has its own cache and knows exactly what belongs in it.
//
// Install: a release is installed whole or not at all. Each file is taken from the first of
//   1. a copy already in Cache Storage (an earlier release's, or this release's own from an
//      install that was interrupted) whose bytes hash to the build's;
//   2. the network through the HTTP cache (a first visit's downloads are not made twice);
//   3. the network bypassing the HTTP cache (a copy left there by an earlier release);
// and is stored only once its bytes hash to the build's. If a file cannot be had with the
// right bytes (the network failing, a server still serving the previous deploy, storage full),
// the install fails: the installed release stays whole and in charge, the page tries the update
// again later, and what was verified so far is kept for that next try (unless storage was full).
// Fetch: answered from this release's cache first (navigations ignore the query string, so
// ?gift and ?seed links work offline; a folder's address, gift/, is its index.html).
// A new release waits until the page asks it to take over (the player chooses when).
// A file that travels gzipped (Python's memory snapshot, the start archive, the runtime's wasm:
// FILES gives the hash of both forms) is kept decompressed (static/start.mjs and boot.js tell
// the two apart by their first bytes), so that no later visit pays for decompressing it again.
// Shared with Python: tools/build.py --shared writes these lines (a test checks).
const CACHE_PREFIX = "magdagdon-";
const TAKE_OVER = "magdagdon:take-over";
// (end of the shared lines)
const RELEASE = "__RELEASE__";
const CACHE = `${CACHE_PREFIX}${RELEASE}`;
// [url, sha256 of its bytes, size in bytes, and for a gzipped file the sha256 of its decompressed form]
const FILES = [/*__FILES__*/];
// What the game starts and plays without (the same rows): Python's memory snapshot, which makes a
// start faster, and the rest of the standard library (an import nobody foresaw). Installed only
// where an earlier release's cache has their bytes; otherwise kept when the page asks
// (KEEP_EXTRAS), which it does once they cost nothing more (the visit downloaded them) or on a
// later visit whose link is fast: a slow first visit never pays for 5 MB it did not use.
const EXTRAS = [/*__EXTRAS__*/];
const KEEP_EXTRAS = "magdagdon:extras";
// Present in a cache while its install is under way: a cache that still has it was left by an
// install that failed, and is either completed by its own release's next try or deleted.
const UNFINISHED = "./magdagdon-install-unfinished";

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// Whether `response` is a whole 200 whose bytes hash to `hash` (or to `rawHash`, the snapshot's
// decompressed form); the bytes are read from a copy, `response` itself stays unread.
async function matches(response, hash, rawHash) {
  if (!response || response.status !== 200 || response.type === "opaque") return false;
  const bytes = await response.clone().arrayBuffer().catch(() => null);
  if (!bytes) return false;
  const digest = await sha256(bytes);
  return digest === hash || (Boolean(rawHash) && digest === rawHash);
}

// A gzipped file decompressed, if the browser can and the result is the build's; else as it
// came. (The wasm as application/wasm: the runtime compiles it as it streams from the cache.)
async function decompressed(response, rawHash, url) {
  if (!("DecompressionStream" in self)) return response;
  const stream = response.clone().body.pipeThrough(new DecompressionStream("gzip"));
  const raw = await new Response(stream).arrayBuffer().catch(() => null);
  if (!raw || (await sha256(raw)) !== rawHash) return response;
  const type = url.endsWith(".wasm.gz") ? "application/wasm" : "application/octet-stream";
  return new Response(raw, { headers: { "Content-Type": type } });
}

// A copy in Cache Storage (an earlier release's, say) with the build's bytes, or null.
async function fromCaches(url, hash, rawHash) {
  for (const key of await caches.keys()) {
    if (!key.startsWith(CACHE_PREFIX)) continue;
    const hit = await (await caches.open(key)).match(url);
    if (await matches(hit, hash, rawHash)) return hit;
  }
  return null;
}

// The network's copy with the build's bytes: through the HTTP cache, then bypassing it.
async function fromNetwork(url, hash, rawHash) {
  for (const mode of ["default", "reload"]) {
    const response = await fetch(new Request(url, { cache: mode }));
    if (await matches(response, hash)) return rawHash ? decompressed(response, rawHash, url) : response;
  }
  throw new Error(`${url}: the server does not have this release's bytes (yet)`);
}

async function install(cache) {
  await cache.put(UNFINISHED, new Response(RELEASE));
  const queue = [...FILES];
  // A few files at a time: the big ones are not all held in memory at once. Once one file has
  // failed, the others stop taking new files: this try is over.
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const [url, hash, , rawHash] = file;
      if (await cache.match(url)) continue; // verified by an earlier try of this install
      try {
        const copy = (await fromCaches(url, hash, rawHash)) ?? (await fromNetwork(url, hash, rawHash));
        await cache.put(url, copy);
      } catch (error) {
        queue.length = 0;
        throw error;
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  // The extras: from an earlier release's cache where it has their bytes; from the network where
  // it kept its own (this device keeps them: its link was fast once); else left for the page.
  const keeps = await keptBefore();
  for (const [url, hash, , rawHash] of EXTRAS) {
    try {
      const copy = (await fromCaches(url, hash, rawHash)) ?? (keeps ? await fromNetwork(url, hash, rawHash) : null);
      if (copy) await cache.put(url, copy);
    } catch (_) { /* not needed to play: a later visit asks again */ }
  }
  await cache.delete(UNFINISHED);
}

// Whether an earlier release's cache holds one of the extras (the rest of the standard library
// keeps its address from release to release).
async function keptBefore() {
  for (const key of await caches.keys()) {
    if (!key.startsWith(CACHE_PREFIX) || key === CACHE) continue;
    const cache = await caches.open(key);
    for (const [url] of EXTRAS) if (await cache.match(url)) return true;
  }
  return false;
}

// The extras, into this release's cache (through the HTTP cache: what the page downloaded is not
// downloaded again). One that cannot be had is left for another visit to ask for.
async function keepExtras() {
  const cache = await caches.open(CACHE);
  let kept = 0;
  for (const [url, hash, , rawHash] of EXTRAS) {
    if (await cache.match(url)) { kept += 1; continue; }
    try {
      await cache.put(url, (await fromCaches(url, hash, rawHash)) ?? (await fromNetwork(url, hash, rawHash)));
      kept += 1;
    } catch (_) { /* offline, or storage full: another visit asks again */ }
  }
  return kept;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    // Caches that other releases' failed installs left behind free their space first.
    for (const key of await caches.keys()) {
      if (key.startsWith(CACHE_PREFIX) && key !== CACHE && (await (await caches.open(key)).match(UNFINISHED))) {
        await caches.delete(key);
      }
    }
    const cache = await caches.open(CACHE);
    try {
      await install(cache);
    } catch (error) {
      // Storage full: give the space back. Otherwise the verified files wait for the next try.
      if (error?.name === "QuotaExceededError") await caches.delete(CACHE);
      throw error;
    }
    if (!self.registration.active) await self.skipWaiting(); // the very first install
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(CACHE_PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === TAKE_OVER) self.skipWaiting();
  if (event.data === "magdagdon:release" && event.source) {
    event.source.postMessage({ release: RELEASE });
  }
  if (event.data === KEEP_EXTRAS) {
    event.waitUntil(keepExtras().then((kept) => event.source?.postMessage({ extras: kept })));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const navigate = request.mode === "navigate";
    const hit = await cache.match(request, { ignoreSearch: navigate });
    if (hit) return hit;
    // A folder's page (the gift link's gift/) is precached under its index.html.
    const folder = navigate && new URL(request.url).pathname.endsWith("/");
    const index = folder && (await cache.match(new URL("index.html", request.url).href));
    if (index) return index;
    try {
      return await fetch(request);
    } catch (error) {
      if (navigate) {
        const page = await cache.match("./index.html");
        if (page) return page;
      }
      throw error;
    }
  })());
});
