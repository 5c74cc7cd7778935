// Boot: runs before Python. It paints the static labels in the player's language from
// i18n/*.json (so the page reads right during Pyodide's start), and shows a clear message
// if Python never becomes ready. Everything after that is Python's (magdagdon/web/).
const LANGUAGES = ["en", "lt", "ca", "ta"];
const SETTINGS_KEY = "magdagdon.v1.settings";
const READY_TIMEOUT_MS = 90000;

function savedLanguage() {
  try {
    const language = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}").language;
    if (LANGUAGES.includes(language)) return language;
  } catch (_) { /* unreadable or corrupted: fall through to the browser's choice */ }
  for (const tag of navigator.languages || []) {
    const base = String(tag).split("-")[0].toLowerCase();
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

async function catalog(language) {
  const response = await fetch(`./i18n/${language}.json`);
  if (!response.ok) throw new Error(`catalogue ${language}: ${response.status}`);
  return response.json();
}

function paint(texts) {
  for (const el of document.querySelectorAll("[data-i18n]")) {
    const text = texts[el.dataset.i18n];
    if (typeof text === "string") el.textContent = text;
  }
  for (const el of document.querySelectorAll("[data-i18n-aria]")) {
    const text = texts[el.dataset.i18nAria];
    if (typeof text === "string") el.setAttribute("aria-label", text);
  }
}

function ready() {
  return document.body.dataset.ready === "true";
}

function fail() {
  if (ready()) return;
  document.body.dataset.phase = "failed";
  document.getElementById("load-failed").hidden = false;
}

async function boot() {
  const language = savedLanguage();
  document.documentElement.lang = language;
  try {
    const texts = await catalog(language).catch(() => catalog("en"));
    if (!ready()) paint(texts);
  } catch (_) { /* the labels stay blank until Python paints them */ }
}

// -- offline: the service worker (only in a built site, whose index.html carries its release) --
let waitingWorker = null;
let takeOverAsked = false;

function offerUpdate(worker) {
  waitingWorker = worker;
  document.body.dataset.update = "ready";
  document.dispatchEvent(new CustomEvent("magdagdon:update"));
}

// Called by Python when the player accepts the update: the new release takes over, the page
// reloads into it. The game in progress and the best scores are in localStorage: kept.
window.magdagdonTakeOver = () => {
  if (!waitingWorker) return false;
  takeOverAsked = true;
  waitingWorker.postMessage("magdagdon:take-over");
  return true;
};

async function registerWorker() {
  const release = document.querySelector('meta[name="magdagdon-release"]');
  if (!release || !("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.register("./sw.js");
  if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
    });
  });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (takeOverAsked) location.reload();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(() => {});
  });
}

// Register once the game is ready, so that precaching never competes with the first load.
function whenReady(callback) {
  if (ready()) return callback();
  const observer = new MutationObserver(() => {
    if (ready()) { observer.disconnect(); callback(); }
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
}

// -- the runtime's big downloads, started as soon as the first frame is painted ---------------
// PyScript would ask for them only once its module and pyscript.toml are loaded and read. Asking
// now (preload links, which the runtime's own fetches then take over) saves that wait, and
// waiting for the first frame keeps them from competing with the page's first paint. The
// snapshot is start.mjs's to fetch: importing it now starts that. A built site names more in
// <meta name="magdagdon-preload">: its archive and the PyScript chunks every start imports.
const RUNTIME = "./static/vendor/pyodide/";
function downloads() {
  const files = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json", "pyodide.asm.mjs"];
  const more = document.querySelector('meta[name="magdagdon-preload"]')?.content.split(" ") ?? [];
  return [...files.map((f) => RUNTIME + f), ...more.filter(Boolean)];
}

function startDownloads() {
  downloads().forEach(preload);
  import("./start.mjs").catch(() => { /* PyScript imports it again, and reports a failure */ });
}

function preload(url) {
  const link = document.createElement("link");
  if (/\.m?js$/.test(url)) {
    link.rel = "modulepreload";
  } else {
    link.rel = "preload";
    link.as = "fetch";
    link.crossOrigin = "anonymous";
  }
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

document.getElementById("reload").addEventListener("click", () => location.reload());

// A tap on ROLL while Python is still starting is kept, not lost: the game carries it out as
// soon as it is ready (magdagdon/web/app.py reads body[data-queued]).
document.addEventListener("click", (event) => {
  const roll = event.target.closest('[data-action="roll"]');
  if (!roll || ready()) return;
  event.preventDefault();
  document.body.dataset.queued = "roll";
  roll.classList.add("queued");
  roll.setAttribute("aria-busy", "true");
}, true);
// Python failing to start shows up as a .py-error element (PyScript's error plugin) or as
// an error event before the game said it is ready; a hang shows up as the timeout.
new MutationObserver(() => { if (document.querySelector(".py-error")) fail(); })
  .observe(document.body, { childList: true, subtree: true });
window.addEventListener("error", () => fail());
window.addEventListener("unhandledrejection", () => fail());
setTimeout(fail, READY_TIMEOUT_MS);
boot();
