// MAGDAGDON's service worker. tools/build.py writes sw.js from this template: RELEASE is a
// hash of every file of the site and PRECACHE lists them, so each release has its own cache.
// Strategy: everything is precached on install; requests are answered from this release's
// cache first (navigations ignore the query string, so ?gift and ?seed links work offline).
// A new release waits until the page asks it to take over (the player chooses when).
// Python's memory snapshot is kept decompressed (static/start.mjs tells the two apart by their
// first bytes), so that no later visit pays for decompressing it again.
const RELEASE = "__RELEASE__";
const CACHE = `magdagdon-${RELEASE}`;
const PRECACHE = [/*__PRECACHE__*/];
const SNAPSHOT = /\/static\/snapshot-[0-9a-f]+\.gz$/;

async function keepDecompressed(cache, url) {
  const stored = await cache.match(url);
  const raw = stored.body.pipeThrough(new DecompressionStream("gzip"));
  const headers = { "Content-Type": "application/octet-stream" };
  await cache.put(url, new Response(await new Response(raw).blob(), { headers }));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // force-cache: take what the first visit already downloaded rather than fetch it twice.
    await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "force-cache" })));
    if ("DecompressionStream" in self) {
      for (const url of PRECACHE.filter((u) => SNAPSHOT.test(u))) {
        // Kept as it came if this fails: the page decompresses it then.
        await keepDecompressed(cache, url).catch(() => {});
      }
    }
    if (!self.registration.active) await self.skipWaiting(); // the very first install
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("magdagdon-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "magdagdon:take-over") self.skipWaiting();
  if (event.data === "magdagdon:release" && event.source) {
    event.source.postMessage({ release: RELEASE });
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
