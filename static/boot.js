// Boot: runs before Python. It paints the static labels in the player's language from
// i18n/*.json (so the page reads right during Pyodide's start), and shows a clear message
// if Python never becomes ready. Everything after that is Python's (magdagdon/web/).
// Shared with Python: tools/build.py --shared writes these lines (a test checks).
const LANGUAGES = ["en", "lt", "ca", "ta"];
const FALLBACK = "en";
const SETTINGS_KEY = "magdagdon.v1.settings";
const PLACEHOLDER = "\\{([A-Za-z0-9_]+)\\}";
const ARRIVAL_CACHE = "magdagdon-arrival";
const TAKE_OVER = "magdagdon:take-over";
// (end of the shared lines)
const READY_TIMEOUT_MS = 90000;

// The saved language, else the first of the browser's preferred ones the game speaks, else
// FALLBACK: magdagdon.i18n.pick_language (tests/unit/test_shared_constants.py runs both).
function pickLanguage(saved, preferred) {
  if (LANGUAGES.includes(saved)) return saved;
  for (const tag of preferred) {
    const base = String(tag).split("-")[0].toLowerCase();
    if (LANGUAGES.includes(base)) return base;
  }
  return FALLBACK;
}

function savedLanguage() {
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}").language;
  } catch (_) { /* unreadable or corrupted: the browser's choice */ }
  return pickLanguage(saved, navigator.languages || []);
}

// `text` with each PLACEHOLDER that `params` names replaced by its value, the others left as
// they are: magdagdon.i18n.fill (tests/unit/test_shared_constants.py runs both).
function fill(text, params) {
  return text.replace(new RegExp(PLACEHOLDER, "g"),
    (whole, name) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

// Each catalogue fetched once a visit (the first paint's, then SETTINGS' words reuse it); a
// failed fetch is forgotten, so that the next asks again.
const catalogs = new Map();
function catalog(language) {
  if (!catalogs.has(language)) {
    catalogs.set(language, fetch(`./i18n/${language}.json`).then((response) => {
      if (!response.ok) throw new Error(`catalogue ${language}: ${response.status}`);
      return response.json();
    }).catch((error) => { catalogs.delete(language); throw error; }));
  }
  return catalogs.get(language);
}

// (A text already right is left alone: no repaint, so the first paint stays the largest.) A
// page painted from the game's first frame (index.html: html[data-frame]) has its board
// screen's words already, and those of the sheet it opened: the rest are painted then (the
// loading card, the other dialogs), and the guide's while the frame hides it (shown, its words
// are the frame's).
function painted(el) {
  return !el.closest(".app, dialog[open]") || (el.dataset.firstI18n && el.closest("#guide")?.hidden);
}

function paint(texts) {
  const all = !framed();
  for (const el of document.querySelectorAll("[data-i18n], [data-first-i18n]")) {
    if (!all && !painted(el)) continue;
    let text = texts[el.dataset.firstI18n || el.dataset.i18n];
    if (typeof text !== "string") continue;
    const params = {}; // data-first-NAME: {name}
    for (const [name, value] of Object.entries(el.dataset)) {
      if (name.startsWith("first") && name !== "firstI18n") params[name.slice(5).toLowerCase()] = value;
    }
    text = fill(text, params);
    if (el.textContent !== text) el.textContent = text;
  }
  for (const el of document.querySelectorAll("[data-i18n-aria]")) {
    if (!all && !painted(el)) continue;
    const text = texts[el.dataset.i18nAria];
    if (typeof text === "string") el.setAttribute("aria-label", text);
  }
}

function ready() {
  return document.body.dataset.ready === "true";
}

function framed() {
  return "frame" in document.documentElement.dataset;
}

function fail() {
  if (ready()) return;
  document.body.dataset.phase = "failed";
  document.getElementById("load-failed").hidden = false;
}

let bootTexts = {};

// A first visit's guide, shown by the page's own first script (index.html: html[data-newcomer])
// from the first frame; from here on it is the guide's own state, as Python reads and draws it.
if ("newcomer" in document.documentElement.dataset) {
  const guide = document.getElementById("guide");
  guide.dataset.early = ""; // there from the first frame: no entrance
  guide.hidden = false;
  document.body.dataset.guide = "roll";
  delete document.documentElement.dataset.newcomer;
}

async function boot() {
  const language = savedLanguage();
  document.documentElement.lang = language;
  try {
    const texts = await catalog(language).catch(() => catalog(FALLBACK));
    bootTexts = texts;
    if (!ready()) paint(texts);
  } catch (_) { /* the labels stay blank until Python paints them */ }
}

// -- how much of the game has arrived: a first visit's progress bar ---------------------------
// The built page lists what a first start downloads, each file's size and what it takes on the
// wire (tools/build.py: magdagdon-downloads). Bytes are counted as they stream in: the runtime's
// fetches through a copy of each response (the response itself is left as it is), the snapshot
// by start.mjs's worker, anything else when it completes (Resource Timing). After a few seconds
// at a pace that leaves more than a few to go, the line says the connection is slow.
const SLOW_AFTER_MS = 4000;
const SLOW_LEFT_S = 6;

// -- the runtime's big files, asked for before the runtime asks for them ----------------------
// boot.js asks for them early (startDownloads, below) and the runtime's own request for one is
// handed that response, unread (the wasm still compiles while it streams). Not a
// <link rel=preload>: WebKit never gives a fetch() what a preload fetched, so every visit from
// the home screen read each of them twice from the service worker (the 9.6 MB wasm among them).
const fetchFirst = window.fetch;
const early = new Map(); // absolute URL → the response boot.js asked for before the runtime
// A first visit's progress bar (progressMeter) counts each response's bytes as they arrive, and
// says at once when one of the runtime's files cannot be had.
const fetchHooks = { arrived: (url, response) => response, failed: () => {} };

// -- files shipped gzipped whole (tools/build.py: PACKED): the start archive, the runtime's wasm --
// A request for one of them (NAME) asks for NAME.gz and inflates it as it arrives: the runtime
// gets NAME's bytes, as they stream in (the wasm still compiles while it streams). The service
// worker keeps them inflated: a response that is not gzip is handed over as it is. A browser
// without DecompressionStream asks for NAME itself.
const PACKED = new Set((document.querySelector('meta[name="magdagdon-packed"]')?.content ?? "")
  .split(" ").filter(Boolean).map((path) => new URL(path, document.baseURI).href));

function packedAs(absolute) {
  return PACKED.has(absolute) && "DecompressionStream" in window ? `${absolute}.gz` : null;
}

async function inflated(response, absolute) {
  if (!response.ok || !response.body) return response;
  const peek = response.clone().body.getReader();
  const { value } = await peek.read();
  peek.cancel().catch(() => {});
  if (value?.[0] !== 0x1f || value?.[1] !== 0x8b) return response; // (kept inflated)
  const type = absolute.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
  return new Response(response.body.pipeThrough(new DecompressionStream("gzip")),
    { status: 200, headers: { "Content-Type": type } });
}

// The response to a plain GET of `absolute` (a packed file's as above), counted as it arrives
// under the address that travels (fetchHooks); a failure is reported only when `last` (the
// runtime's own request, not boot.js's early one).
function fetchPlain(absolute, last) {
  const travels = packedAs(absolute) ?? absolute;
  const response = fetchFirst(travels).then((r) => fetchHooks.arrived(travels, r),
    (error) => { if (last) fetchHooks.failed(travels); throw error; });
  return travels === absolute ? response : response.then((r) => inflated(r, absolute));
}

function fetchEarly(url) {
  const absolute = new URL(url, document.baseURI).href;
  const response = fetchPlain(absolute, false);
  response.catch(() => early.delete(absolute)); // failed: the runtime asks again itself
  early.set(absolute, response);
}

window.fetch = (...args) => {
  const url = args[0] instanceof Request ? args[0].url : String(args[0]);
  const absolute = new URL(url, document.baseURI).href;
  const init = args[1] ?? {};
  const plain = !(args[0] instanceof Request) && (init.method ?? "GET") === "GET" && !init.integrity;
  const own = () => (plain && packedAs(absolute) ? fetchPlain(absolute, true) : fetchFirst(...args).then(
    (response) => fetchHooks.arrived(url, response), (error) => { fetchHooks.failed(url); throw error; }));
  if (plain && early.has(absolute)) {
    const response = early.get(absolute);
    early.delete(absolute);
    return response.catch(own); // as if the runtime's own request had been made now
  }
  return own();
};

function progressMeter() {
  const list = document.getElementById("magdagdon-downloads");
  const bar = document.getElementById("load-progress");
  if (!list || !bar || navigator.serviceWorker?.controller) return;
  let files;
  try { files = JSON.parse(list.textContent); } catch (_) { return; }
  const started = performance.now();
  let total = Object.values(files).reduce((sum, [, wire]) => sum + wire, 0);
  const arrived = new Map(); // url → the share of it that has arrived, 0..1
  const key = (url) => {
    const path = "./" + new URL(url, document.baseURI).pathname.slice(new URL(".", document.baseURI).pathname.length);
    return path in files ? path : null;
  };
  const note = (url, bytes) => {
    const path = key(url);
    if (path) arrived.set(path, Math.max(arrived.get(path) ?? 0, Math.min(1, bytes / files[path][0])));
  };
  const counted = async (url, response) => {
    if (key(url) && response.body) {
      const reader = response.clone().body.getReader();
      let bytes = 0;
      const pump = () => reader.read().then(({ done, value }) => {
        if (done) return note(url, Infinity);
        note(url, (bytes += value.length));
        return pump();
      });
      pump().catch(() => {});
    }
    return response;
  };
  // The runtime's big files are asked for early by boot.js (startDownloads): each byte is counted
  // as it arrives. One of the runtime's downloads failing twice means the game cannot start: said
  // at once (the runtime itself may wait for ever on a wasm it could not fetch). Not the
  // snapshot: without it Python starts the ordinary way (and start.mjs may have stopped it).
  fetchHooks.arrived = counted;
  fetchHooks.failed = (url) => {
    if (key(url) && !/\/snapshot-[0-9a-f]+\.gz$/.test(key(url))) fail();
  };
  document.addEventListener("magdagdon:arrived", ({ detail }) => note(detail.url, detail.bytes));
  // Python starts without the snapshot (a slow link: start.mjs): it is no longer waited for.
  document.addEventListener("magdagdon:without-snapshot", ({ detail }) => {
    const path = key(detail.url);
    if (!path) return;
    total -= files[path][1];
    arrived.delete(path);
    delete files[path];
  });
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) if (key(entry.name)) note(entry.name, Infinity);
  }).observe({ type: "resource", buffered: true });
  const mb = (bytes) => new Intl.NumberFormat(document.documentElement.lang || FALLBACK,
    { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1e6);
  const detail = document.getElementById("load-detail");
  let slow = false; // once said, it stays said
  let percent = 0;
  const doneBytes = () => {
    let done = 0;
    for (const [path, share] of arrived) done += share * files[path][1];
    return done;
  };
  // What has arrived so far and in how long: start.mjs judges by it whether to wait for the
  // snapshot.
  window.magdagdonArrival = () => ({ bytes: doneBytes(), ms: performance.now() - started });
  bar.hidden = false;
  const draw = () => {
    if (ready()) return clearInterval(timer);
    const done = doneBytes();
    // (never back: dropping the snapshot from the total may lower the share for a moment)
    percent = Math.max(percent, Math.min(100, Math.round((100 * done) / total)));
    const elapsed = performance.now() - started;
    const pace = done / Math.max(elapsed, 1); // bytes a millisecond
    slow ||= elapsed > SLOW_AFTER_MS && (total - done) / Math.max(pace, 1e-3) > SLOW_LEFT_S * 1000;
    const words = fill(bootTexts[slow ? "loading.slow" : "loading.progress"] || "{done} / {total} MB",
      { done: mb(done), total: mb(total) });
    bar.style.setProperty("--progress", `${percent}%`);
    bar.setAttribute("aria-valuenow", String(percent));
    bar.setAttribute("aria-valuetext", words);
    bar.dataset.slow = String(slow);
    detail.textContent = words;
  };
  const timer = setInterval(draw, 250);
  draw();
}
progressMeter();

// -- offline: the service worker (only in a built site, whose index.html carries its release) --
let waitingWorker = null;
let takeOverAsked = false;
let updatedElsewhere = false;

function offerUpdate(worker) {
  waitingWorker = worker;
  document.body.dataset.update = "ready";
  document.dispatchEvent(new CustomEvent("magdagdon:update"));
}

// Called by Python when the player accepts the update: the new release takes over, the page
// reloads into it. The game in progress and the best scores are in localStorage: kept. If
// another tab already let the new release in, this page only has to reload.
window.magdagdonTakeOver = () => {
  if (updatedElsewhere) {
    location.reload();
    return true;
  }
  if (!waitingWorker) return false;
  takeOverAsked = true;
  waitingWorker.postMessage(TAKE_OVER);
  return true;
};

// An update that could not be installed whole (the network failed, the server was halfway
// through a deploy, storage was full) is tried again later: in 30 s, then less and less often.
const RETRY_FIRST_MS = 30000;
const RETRY_MAX_MS = 30 * 60000;
let retryDelay = RETRY_FIRST_MS;
let retryTimer = 0;

function retryLater(registration) {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => registration.update().catch(() => {}), retryDelay);
  retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
}

function follow(registration, worker) {
  worker.addEventListener("statechange", () => {
    if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
    if (worker.state === "installed") retryDelay = RETRY_FIRST_MS;
    // An install that failed leaves the worker redundant without ever being installed.
    if (worker.state === "redundant" && registration.waiting !== worker && registration.active !== worker
        && !takeOverAsked) {
      document.body.dataset.update = "retrying";
      retryLater(registration);
    }
  });
}

// The address this page was opened at, before Python tidies its query away (a gift link's ?gift).
const ARRIVED = location.href;

// A first visit hands the service worker's install the page it already downloaded: the browser
// keeps it under the address it was opened at, which the install does not ask for (force-cache
// reads that copy; were it gone, this fetch costs what the install's own would). The install
// takes it only if its bytes are the release's (sw.template.js); its activation deletes it.
async function handOverThePage() {
  if (navigator.serviceWorker.controller || !("caches" in self)) return;
  const page = await fetch(ARRIVED, { cache: "force-cache" });
  if (page.ok) await (await caches.open(ARRIVAL_CACHE)).put("./", page);
}

async function registerWorker() {
  const release = document.querySelector('meta[name="magdagdon-release"]');
  if (!release || !("serviceWorker" in navigator)) return;
  await handOverThePage().catch(() => {});
  const registration = await navigator.serviceWorker.register("./sw.js");
  const controlled = Boolean(navigator.serviceWorker.controller);
  if (registration.waiting && controlled) offerUpdate(registration.waiting);
  if (registration.installing) follow(registration, registration.installing);
  registration.addEventListener("updatefound", () => follow(registration, registration.installing));
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (takeOverAsked) return location.reload();
    if (!controlled) return keepExtras().catch(() => {}); // the very first install taking charge: this page is its release
    // Another tab let a new release in: this page's files are no longer the ones served. A page
    // nobody looks at reloads into it at once (the game, staged dice included, is in
    // localStorage); one in view offers it, and its button reloads.
    updatedElsewhere = true;
    if (document.visibilityState === "hidden") return location.reload();
    if (document.body.dataset.update === "ready") return; // offered already: it now reloads
    document.body.dataset.update = "ready";
    document.dispatchEvent(new CustomEvent("magdagdon:update"));
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    if (updatedElsewhere) return location.reload();
    registration.update().catch(() => {});
  });
}

// -- what the game starts and plays without: kept once it costs nothing, or the link is fast ---
// The memory snapshot and the rest of the standard library (sw.template.js: EXTRAS) are not
// installed with the rest. The service worker keeps them when asked: on a visit that started
// from the snapshot (its bytes are here already), and on a later visit, in an idle moment after
// the first few seconds, where the browser says the link is not metered or the snapshot's own
// download keeps a fast pace (EXTRAS_PACE over EXTRAS_JUDGED_MS: else it is stopped, having cost
// what arrived by then). Never on a first visit that started without it, nor with Save-Data on.
const KEEP_EXTRAS = "magdagdon:extras";
const EXTRAS_AFTER_MS = 3000;
const EXTRAS_JUDGED_MS = 1500;
const EXTRAS_PACE = 5e6 / 8 / 1000; // bytes a millisecond: 5 Mbit/s
const controlledAtLoad = Boolean(navigator.serviceWorker?.controller);

function unmetered(connection) {
  return ["wifi", "ethernet"].includes(connection?.type);
}

// Whether `url` (a download of a few MB) is in the cache already, or arrives at a fast pace (then
// it arrives whole: the service worker takes it from the HTTP cache).
async function arrivesFast(url) {
  if (await caches.match(url)) return true;
  const stop = new AbortController();
  const started = performance.now();
  let bytes = 0;
  const judge = () => {
    const ms = performance.now() - started;
    if (ms >= EXTRAS_JUDGED_MS && bytes / ms < EXTRAS_PACE) stop.abort();
    else timer = setTimeout(judge, 250);
  };
  let timer = setTimeout(judge, EXTRAS_JUDGED_MS);
  try {
    const response = await fetchFirst(url, { signal: stop.signal, priority: "low" });
    if (!response.ok) return false;
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.length;
    return true;
  } catch (_) {
    return false; // too slow (stopped), or offline
  } finally {
    clearTimeout(timer);
  }
}

// What became of them on this visit: html[data-extras] is "kept" once the worker has them (or
// all it could have), "skipped" where it was not asked (read by the browser tests).
async function keepExtras() {
  const worker = navigator.serviceWorker?.controller;
  const meta = document.querySelector('meta[name="magdagdon-snapshot"]');
  const root = document.documentElement;
  if (!worker || !meta || !("caches" in self)) return;
  if (root.dataset.python !== "snapshot") {
    const connection = navigator.connection;
    const fast = controlledAtLoad && !connection?.saveData && (unmetered(connection)
      || (await arrivesFast(new URL(meta.content, document.baseURI).href)));
    if (!fast) { root.dataset.extras = "skipped"; return; }
  }
  navigator.serviceWorker.addEventListener("message", ({ data }) => {
    if (data?.extras !== undefined) root.dataset.extras = "kept";
  });
  worker.postMessage(KEEP_EXTRAS);
}

// Register once the game is ready, so that precaching never competes with the first load.
function whenReady(callback) {
  if (ready()) return callback();
  const observer = new MutationObserver(() => {
    if (ready()) { observer.disconnect(); callback(); }
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
}

// -- the invitation to install: what the browser says, its own prompt kept for her tap -------
// Chromium and Edge fire beforeinstallprompt once they would install the game, possibly before
// Python is ready: it is kept here (its default banner held back) and its prompt() called from
// her tap on INSTALL (magdagdon/ui/keeping.py asks by Effect.INSTALL). Safari on iPhone and
// iPad has no prompt, only Share, then Add to Home Screen; an iPad's says "Macintosh" (told by
// its touch points). Python reads window.magdagdonBrowser() and hears magdagdon:browser.
const installing = { event: null, installed: false, promised: false };

function runsInstalled() {
  return installing.installed || navigator.standalone === true ||
    matchMedia("(display-mode: standalone)").matches;
}

function browserSays() {
  const ua = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  const safari = ios || (/Safari\//.test(ua) && !/Chrome|Chromium|Edg|OPR|Android/.test(ua));
  let how = "none";
  if (installing.event) how = "prompt";
  else if (ios) how = "ios";
  else if (safari || (/Android/.test(ua) && /Firefox|SamsungBrowser/.test(ua))) how = "menu";
  return { installed: runsInstalled(), how, promised: installing.promised, safari };
}
window.magdagdonBrowser = browserSays;

function tellPython() {
  document.dispatchEvent(new CustomEvent("magdagdon:browser"));
}

window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  installing.event = event;
  tellPython();
});
window.addEventListener("appinstalled", () => {
  installing.event = null;
  installing.installed = true;
  tellPython();
});
matchMedia("(display-mode: standalone)").addEventListener?.("change", tellPython);

// Called from her tap (the click that pressed INSTALL is still being handled): the browser's
// own prompt. An event is used once; the browser may offer another later.
window.magdagdonInstall = () => {
  const event = installing.event;
  if (!event) return;
  installing.event = null;
  event.prompt().catch(() => {});
  event.userChoice?.then((choice) => {
    if (choice.outcome === "accepted") installing.installed = true;
    tellPython();
  }).catch(() => {});
};

// -- her data, kept for good: the browser is asked once she has finished a game -------------
// Persistent storage keeps the browser from clearing the game's data when space runs low
// (Chromium decides by itself, Firefox asks her: hence after a finished game, once a visit).
// Python is told whether the browser promised it (browserSays); SETTINGS' words on it are its
// (magdagdon.keeping.storage_words); a backup is the way to another phone.
let persistAsked = false;

async function tellStorageState() {
  const kept = Boolean(await navigator.storage?.persisted?.().catch(() => false));
  if (installing.promised !== kept) { installing.promised = kept; tellPython(); }
  return kept;
}

async function askToKeepTheData() {
  if (persistAsked || document.body.dataset.phase !== "over") return;
  persistAsked = true;
  if (!(await tellStorageState()) && navigator.storage?.persist) {
    await navigator.storage.persist().catch(() => false);
    await tellStorageState();
  }
}

whenReady(() => {
  tellStorageState().catch(() => {});
  new MutationObserver(() => askToKeepTheData().catch(() => {}))
    .observe(document.body, { attributes: true, attributeFilter: ["data-phase"] });
});

// -- the runtime's big downloads, started as soon as the first frame is painted ---------------
// PyScript would ask for them only once its module and pyscript.toml are loaded and read. Asking
// now (fetchEarly, whose responses the runtime's own fetches then take over; module preloads for
// the modules) saves that wait, and waiting for the first frame keeps them from competing with
// the page's first paint. The
// snapshot is start.mjs's to fetch: importing it now starts that. A built site names more in
// <meta name="magdagdon-preload">: its archive and the PyScript chunks every start imports.
const RUNTIME = "./static/vendor/pyodide/";
function downloads() {
  const files = ["pyodide.asm.wasm", "pyodide-lock.json", "pyodide.asm.mjs"];
  // A built site's standard library is its start-up part (start.mjs passes it to the runtime).
  const stdlib = document.querySelector('meta[name="magdagdon-stdlib"]')?.content;
  const more = document.querySelector('meta[name="magdagdon-preload"]')?.content.split(" ") ?? [];
  return [...files.map((f) => RUNTIME + f), stdlib ?? RUNTIME + "python_stdlib.zip",
    ...more.filter(Boolean)];
}

function startDownloads() {
  for (const url of downloads()) {
    if (/\.m?js$/.test(url)) modulePreload(url); else fetchEarly(url);
  }
  import("./start.mjs").catch(() => { /* PyScript imports it again, and reports a failure */ });
}

function modulePreload(url) {
  const link = document.createElement("link");
  link.rel = "modulepreload";
  link.href = url;
  document.head.append(link);
}

// A page served by this game's service worker reads them from its cache: no network to share
// with the first paint, so they are asked for at once.
if (navigator.serviceWorker?.controller) {
  startDownloads();
} else {
  requestAnimationFrame(() => setTimeout(() => {
    if (!ready()) startDownloads();
  }, 0));
}

whenReady(() => registerWorker().catch((error) => console.warn("MAGDAGDON: offline mode unavailable:", error)));
whenReady(() => {
  if (!controlledAtLoad) return; // (a first visit: once the service worker takes charge, above)
  setTimeout(() => (window.requestIdleCallback ?? setTimeout)(() => keepExtras().catch(() => {})),
    EXTRAS_AFTER_MS);
});

document.getElementById("reload").addEventListener("click", () => location.reload());

// Taps and keys while Python is still starting are kept, not lost, and carried out in order as
// soon as it is ready, as if made then (magdagdon/web/app.py reads window.magdagdonKept): on the
// first frame of her game (html[data-frame]) each tap on the board screen and its header, or on
// the sheet it opened, and each key; on the plain start, a ROLL (the one thing there to press).
window.magdagdonKept = [];
function keep(event, selector) {
  const kept = window.magdagdonKept;
  const target = event.target.closest?.(selector);
  if (ready() || !kept || !target?.closest(framed() ? ".app, dialog[open]" : ".app")) return;
  const { action = null, cell = null, die = null, value = null } = target.dataset;
  if (!framed() && (action !== "roll" || kept.length)) return;
  event.preventDefault();
  kept.push({ action, cell, die, value });
  target.classList.add("queued");
  target.setAttribute("aria-busy", "true");
}
document.addEventListener("click", (event) => keep(event, "[data-action],[data-cell],[data-die]"), true);
// A disabled button gets no click, only its pointer's events: on the first frame, where her
// taps so far are not carried out yet (CONFIRM stays as the frame shows it after the dice she
// staged), a tap on one is kept too, and Python says whether it could be pressed then.
document.addEventListener("pointerup", (event) => {
  if (framed()) keep(event, "button[data-action]:disabled");
}, true);
document.addEventListener("keydown", (event) => {
  const kept = window.magdagdonKept;
  if (ready() || !kept || !framed() || event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key;
  if (key === " " || (key.length !== 1 && key !== "Backspace" && key !== "Escape")) return;
  if (["INPUT", "TEXTAREA", "SELECT"].includes(event.target.tagName)) return;
  event.preventDefault();
  kept.push({ key });
}, true);
// Python failing to start shows up as a .py-error element (PyScript's error plugin) or as
// an error event before the game said it is ready; a hang shows up as the timeout.
new MutationObserver(() => { if (document.querySelector(".py-error")) fail(); })
  .observe(document.body, { childList: true, subtree: true });
window.addEventListener("error", () => fail());
window.addEventListener("unhandledrejection", () => fail());
setTimeout(fail, READY_TIMEOUT_MS);
// The browser's audio started while Python starts, in an idle moment (made on her first ROLL,
// it took that tap's sound a task of its own over 60 ms): suspended until a tap; Python's
// sounds (magdagdon/web/audio.py) take it. Not once the game is ready (Python makes its own
// then, in idle time), nor where she turned the sound off.
function audioAhead() {
  const Make = window.AudioContext || window.webkitAudioContext;
  if (ready() || !Make || window.magdagdonAudio) return;
  try {
    if (JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}")?.sound === false) return;
    if (navigator.audioSession) navigator.audioSession.type = "ambient"; // (her music plays on)
    window.magdagdonAudio = new Make();
  } catch (_) { /* no audio here, or no storage: Python's sounds decide */ }
}
if (window.requestIdleCallback) requestIdleCallback(audioAhead);
boot();
