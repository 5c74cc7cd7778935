// Evaluated once a load is over (page.evaluate): the probe's window.__bench, with the page's
// performance entries (navigation, paint, resources, the game's "magdagdon:" marks), whether a
// service worker controls the page and how many PyScript errors it shows.
() => {
  const B = window.__bench || {};
  const marks = Object.fromEntries(performance.getEntriesByType("mark")
    .filter((m) => m.name.startsWith("magdagdon:")).map((m) => [m.name.slice(10), m.startTime]));
  const nav = performance.getEntriesByType("navigation")[0];
  const paint = Object.fromEntries(performance.getEntriesByType("paint")
    .map((e) => [e.name, e.startTime]));
  const resources = performance.getEntriesByType("resource").map((e) => ({
    url: e.name, start: e.startTime, responseStart: e.responseStart, end: e.responseEnd,
    transfer: e.transferSize, body: e.encodedBodySize, initiator: e.initiatorType,
  }));
  return {
    ...B, timeOrigin: performance.timeOrigin, paint, resources, marks,
    python: document.documentElement.dataset.python || null,
    // "later": the snapshot did not pay on this link and was left for the next visit
    snapshot: document.documentElement.dataset.snapshot || null,
    nav: nav ? {
      responseEnd: nav.responseEnd, domInteractive: nav.domInteractive,
      domContentLoaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd,
      transfer: nav.transferSize, body: nav.encodedBodySize,
    } : null,
    controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
    pyErrors: document.querySelectorAll(".py-error").length,
  };
}
