//Keyboard play. The board is one stop in the tab order (a roving tabindex); the
// arrow keys move the focus to the nearest tile in that direction, among the tiles
// that nothing lies on (the top of each stack); Enter or Space taps, as on any button.
// When an answer takes the focused tile away, the focus moves to the nearest tile left.
(function () {
  "use strict";

  const STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  let current = null; // the id of the tile that holds the board's tab stop
  let lastSpot = null; // where the focused tile was when an action went out

  function tiles() {
    return Array.from(document.querySelectorAll("#board button.tile"));
  }

  function spot(tile) {
    return { x: Number(tile.dataset.x), y: Number(tile.dataset.y), z: Number(tile.dataset.z) };
  }

  // A tile covers another when it lies on a higher level and overlaps its footprint (docs/solitaire.md#the-free-rule).
  function tops(all) {
    const spots = all.map(spot);
    return all.filter((_, i) =>
      !spots.some((s, j) =>
        s.z > spots[i].z && Math.abs(s.x - spots[i].x) < 2 && Math.abs(s.y - spots[i].y) < 2));
  }

  function nearest(from, [dx, dy], candidates) {
    let best = null;
    let bestScore = Infinity;
    for (const tile of candidates) {
      if (tile === from) continue;
      const s = spot(tile);
      const along = (s.x - from.x) * dx + (s.y - from.y) * dy;
      if (along <= 0) continue;
      const across = Math.abs(dx ? s.y - from.y : s.x - from.x);
      const score = along + 2 * across - s.z / 100; // on a tie, the higher level
      if (score < bestScore) {
        best = tile;
        bestScore = score;
      }
    }
    return best;
  }

  function closestTo(where, candidates) {
    let best = null;
    let bestDistance = Infinity;
    for (const tile of candidates) {
      const s = spot(tile);
      const distance = Math.hypot(s.x - where.x, s.y - where.y) - s.z / 100;
      if (distance < bestDistance) {
        best = tile;
        bestDistance = distance;
      }
    }
    return best;
  }

  // Exactly one tile is tabbable: the focused one, or the one that had the focus last,
  // or the selected one, or the first free one.
  function rove() {
    const all = tiles();
    if (!all.length) return;
    const focused = all.find((tile) => tile === document.activeElement);
    const keep =
      focused ||
      all.find((tile) => tile.id === current) ||
      all.find((tile) => tile.getAttribute("aria-pressed") === "true") ||
      all.find((tile) => tile.dataset.free === "1") ||
      all[0];
    current = keep.id;
    for (const tile of all) tile.tabIndex = tile === keep ? 0 : -1;
  }

  document.addEventListener("keydown", (event) => {
    const step = STEPS[event.key];
    const from = event.target.closest && event.target.closest("#board button.tile");
    if (!step || !from || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const next = nearest(spot(from), step, tops(tiles()));
    if (next) {
      current = next.id;
      rove();
      next.focus();
    }
  });

  document.addEventListener("focusin", (event) => {
    if (event.target.matches && event.target.matches("#board button.tile")) {
      current = event.target.id;
      rove();
    }
  });

  document.body.addEventListener("htmx:beforeRequest", () => {
    const focused = document.activeElement;
    lastSpot = focused && focused.matches("#board button.tile") ? spot(focused) : null;
  });

  let pending = false;
  document.body.addEventListener("htmx:afterSettle", () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      const focusLost = !document.activeElement || document.activeElement === document.body;
      if (lastSpot && focusLost) {
        const next = closestTo(lastSpot, tops(tiles()));
        if (next) {
          current = next.id;
          next.focus();
        }
      }
      lastSpot = null;
      rove();
    });
  });

  rove();
})();
