// Installed in every document of a measured context before any of its scripts (the cold and
// warm loads): records the milestones of the load against performance.now() (0 = navigation
// start) in window.__bench and, on the game, taps ROLL like an impatient player: as soon as the
// button is there and enabled, and again (every 50 ms) while a tap has neither been taken into
// account (phase "placing"/"magdagdon") nor kept for later (the page keeps a ROLL tapped while
// Python starts: it pulses, class "queued"). On an open with her game kept, it notes the first
// frame that shows her game (a die on the tray or a cell not empty): herBoard.
(() => {
  if (window.top !== window || window.__bench) return;
  const B = (window.__bench = {
    progress: [], events: {}, ready: null, cells: null, lcp: null,
    tapFirst: null, tapSent: null, tapTries: 0, tapQueued: null, tapAccepted: null,
    herBoard: null,
  });
  const now = () => performance.now();
  addEventListener("py:progress", (e) => B.progress.push([now(), String(e.detail)]));
  for (const type of ["py:ready", "py:done", "py:all-done", "DOMContentLoaded", "load"]) {
    addEventListener(type, () => { if (!(type in B.events)) B.events[type] = now(); }, true);
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.lcp = e.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  } catch (_) { /* not supported */ }

  const accepted = (body) => /^(placing|magdagdon)$/.test(body.dataset.phase || "");
  const check = () => {
    const body = document.body;
    if (!body) return;
    if (B.ready === null && body.dataset.ready === "true") B.ready = now();
    if (B.tapSent !== null && B.tapAccepted === null && accepted(body)) B.tapAccepted = now();
    const roll = document.querySelector('[data-action="roll"]');
    if (B.tapAccepted === null && B.tapQueued === null && roll && !roll.disabled && !roll.hidden
        && (B.tapSent === null || now() - B.tapSent >= 50)) {
      B.tapSent = now();
      if (B.tapFirst === null) B.tapFirst = B.tapSent;
      B.tapTries++;
      roll.click(); // after ready, Python's click handler runs (and draws) synchronously
      if (roll.classList.contains("queued")) B.tapQueued = now();
      if (accepted(body)) B.tapAccepted = now();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {
    subtree: true, childList: true, attributes: true,
    attributeFilter: ["data-ready", "data-phase", "disabled", "hidden"],
  });

  // Retries of a lost tap: a cheap timer, not requestAnimationFrame (which would make an idle
  // page produce frames). Stops once ready and, on the game, once the tap is accepted.
  const has = (selector) => document.querySelector(selector) !== null;
  const poll = () => {
    check();
    if (B.ready !== null && (B.tapAccepted !== null || !has('[data-action="roll"]'))) {
      observer.disconnect();
    } else {
      setTimeout(poll, 50);
    }
  };
  setTimeout(poll, 50);

  // The board is "painted" in the first frame where its 16 cells are laid out and visible.
  const cellsShown = () => {
    const cells = document.querySelectorAll("[data-cell]");
    if (cells.length !== 16) return false;
    for (const c of cells) {
      const r = c.getBoundingClientRect();
      if (!(r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight)) return false;
      if (!c.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    }
    return true;
  };
  const frame = () => {
    if (cellsShown()) B.cells = now();
    // Until found, or until the parsed page turns out to have none (the floor).
    else if (document.readyState === "loading" || has("[data-cell]")) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  // Her game: the first frame whose tray or board shows a die, a number or a ruin (an open with
  // her game kept; looked for until two seconds after ready).
  const mine = '[data-die]:not([data-state="blank"]), [data-cell]:not([data-state="empty"])';
  const hers = () => {
    if (cellsShown() && has(mine)) B.herBoard = now();
    else if (B.ready === null || now() - B.ready < 2000) requestAnimationFrame(hers);
  };
  requestAnimationFrame(hers);
})();
