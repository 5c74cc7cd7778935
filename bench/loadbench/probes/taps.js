// A seeded random player that taps the page as a person would; returns one sample per tap.
// Evaluated with { seed, count } (page.evaluate): each tap is el.click(), timed by
// performance.now() around the call (Python's delegated handler runs the engine and updates the
// DOM synchronously) and again after a forced style + layout. One tap per frame.
async ({ seed, count }) => {
  let state = seed >>> 0;  // mulberry32
  const random = () => {
    state = (state + 0x6D2B79F5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const q = (s) => document.querySelector(s);
  const all = (s) => [...document.querySelectorAll(s)];
  const button = (action) => q(`.controls [data-action="${action}"]`);
  const usable = (el) => el && !el.hidden && !el.disabled;
  const nextFrame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));

  const choose = () => {
    const phase = document.body.dataset.phase;
    const cells = all("[data-cell]");
    const legal = cells.filter((c) => c.dataset.legal === "true");
    const dice = all("[data-die]");
    const available = dice.filter((d) => d.dataset.state === "available" && !d.disabled);
    const staged = [...dice.filter((d) => d.dataset.state === "staged"),
                    ...cells.filter((c) => c.dataset.state === "staged")];
    const choosing = !button("reroll-go").hidden;
    if (phase === "over") return ["new-game", q('#dialog-over [data-action="new-game"]')];
    if (phase === "roll") return ["roll", button("roll")];
    if (choosing) {
      const pickable = dice.filter((d) => d.dataset.state !== "staged" && !d.disabled);
      if (usable(button("reroll-go")) && (random() < 0.5 || !pickable.length))
        return ["power", button("reroll-go")];
      return ["reroll-pick", pick(pickable)];
    }
    if (phase === "magdagdon") {
      if (usable(button("power-reroll")) && random() < 0.35)
        return ["power-mode", button("power-reroll")];
      return ["accept", button("accept-magdagdon")];
    }
    if (phase === "ruin") return ["ruin", pick(legal)];
    // placing
    const r = random();
    if (r < 0.04 && usable(button("power-inc"))) return ["power", button("power-inc")];
    if (r < 0.07 && usable(button("power-dec"))) return ["power", button("power-dec")];
    if (r < 0.09 && usable(button("power-reroll"))) return ["power-mode", button("power-reroll")];
    if (r < 0.17 && staged.length) return ["unstage", pick(staged)];
    if (r < 0.27 && available.length) return ["select", pick(available)];
    const illegal = cells.filter((c) => c.dataset.state === "empty" && c.dataset.legal !== "true");
    if (r < 0.30 && illegal.length) return ["illegal", pick(illegal)];
    if (usable(button("confirm")) && (random() < 0.45 || !legal.length))
      return ["confirm", button("confirm")];
    if (legal.length) return ["stage", pick(legal)];
    if (usable(button("undo")) && random() < 0.5) return ["undo", button("undo")];
    if (available.length) return ["select", pick(available)];
    return ["undo", button("undo")];
  };

  const samples = [];
  let games = 0, errors = 0;
  for (let i = 0; samples.length < count && i < count * 4; i++) {
    await nextFrame();  // one tap per frame: the previous tap's rendering is done
    const [kind, el] = choose();
    if (!el || el.disabled) continue;
    const before = document.body.dataset.phase;
    const t0 = performance.now();
    el.click();  // Python's delegated click handler: engine call + DOM update, synchronous
    const t1 = performance.now();
    void document.body.offsetHeight;  // style + layout of that update
    const t2 = performance.now();
    samples.push({ kind, handler: t1 - t0, layout: t2 - t0, phase: before });
    if (kind === "new-game") games++;
    if (document.querySelector(".py-error")) errors++;
  }
  return { samples, games, errors };
}
