//The page builds the tower by itself. The tiles fall face down level by level,
// then turn over in a wave, all within 2 s; a tap anywhere skips to the finished tower
// and selects nothing. It plays once for each new game (no move made yet) in this tab,
// never for those who asked for reduced motion. The motion itself is CSS (site.css,
// .board.is-building); this only sets each tile's delays and ends the build.
(function () {
  "use strict";

  const board = document.getElementById("board");
  if (!board) return;

  const LEVELS_MS = 400; // the top level starts falling this long after the bottom one
  const ROW_MS = 50; // a small left-to-right ripple within a level
  const FALL_MS = 300;
  const WAVE_MS = 500; // the last tile starts turning this long after the first
  const TURN_MS = 260;
  const TOTAL_MS = LEVELS_MS + ROW_MS + FALL_MS + WAVE_MS + TURN_MS; // 1510 ms
  const seen = `mahjong:built:${location.pathname}`;

  function remembered() {
    try {
      return sessionStorage.getItem(seen) !== null;
    } catch {
      return false;
    }
  }

  function remember() {
    try {
      sessionStorage.setItem(seen, "1");
    } catch {
      // Private mode without storage: the tower is built again on a reload, no harm.
    }
  }

  function isNewGame() {
    return (
      board.dataset.moves === "0" &&
      !board.classList.contains("paused") &&
      !board.querySelector('.tile[aria-pressed="true"]')
    );
  }

  function announce(ms, skipped) {
    board.dataset.built = String(Math.round(ms));
    document.dispatchEvent(new CustomEvent("mahjong:built", { detail: { ms, skipped } }));
  }

  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (reduced || !isNewGame() || remembered()) {
    announce(0, false);
    return;
  }

  const style = getComputedStyle(board);
  const width = Number(style.getPropertyValue("--w")) || 12;
  const height = Number(style.getPropertyValue("--h")) || 12;
  const levels = Number(style.getPropertyValue("--levels")) || 1;
  const levelGap = levels > 1 ? LEVELS_MS / (levels - 1) : 0;
  for (const tile of board.querySelectorAll(".tile")) {
    const x = Number(tile.dataset.x), y = Number(tile.dataset.y), z = Number(tile.dataset.z);
    const fall = z * levelGap + (x / width) * ROW_MS;
    const turn = LEVELS_MS + ROW_MS + FALL_MS + ((x + y) / (width + height)) * WAVE_MS;
    tile.style.setProperty("--fall", `${Math.round(fall)}ms`);
    tile.style.setProperty("--turn", `${Math.round(turn)}ms`);
  }

  const started = performance.now();
  let timer = 0;

  function finish(skipped) {
    clearTimeout(timer);
    window.removeEventListener("click", skip, true);
    window.removeEventListener("keydown", skipByKey, true);
    board.classList.remove("is-building");
    remember();
    announce(performance.now() - started, skipped);
  }

  // The skipping tap is swallowed before HTMX or the form can see it.
  function skip(event) {
    event.preventDefault();
    event.stopImmediatePropagation();
    finish(true);
  }

  // The skipping key does nothing else either (no tap, no shortcut); Tab still moves on.
  function skipByKey(event) {
    if (event.key !== "Tab") event.preventDefault();
    event.stopImmediatePropagation();
    finish(true);
  }

  board.classList.add("is-building");
  window.addEventListener("click", skip, true);
  window.addEventListener("keydown", skipByKey, true);
  timer = setTimeout(() => finish(false), TOTAL_MS);
})();
