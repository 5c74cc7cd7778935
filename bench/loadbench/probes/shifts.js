// Installed before the page's scripts for the layout-shift measure: every layout-shift entry,
// with whether a tap had just happened (hadRecentInput), in window.__shifts.
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__shifts.push({ t: e.startTime, value: e.value, input: e.hadRecentInput,
      nodes: (e.sources || []).map((s) => s.node && s.node.nodeType === 1
        ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : "") });
  }
}).observe({ type: "layout-shift", buffered: true });
