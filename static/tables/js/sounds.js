// Sounds at a table (docs/tables.md#sounds), off unless the player switched them on
// (the table then carries data-sound). When a new table arrives (an answer, a live
// update) it may sound one short cue: a win or a riichi among the decisions since the
// page's version (data-cue, the server's reading), else, in a room, the player's turn
// come round (data-deciding, where the table before had none). Silent under the
// system's reduced motion and once the page has been hidden longer than one turn. The
// tones are made here with the Web Audio API: no AudioContext exists before the first
// cue, so none ever does while sounds are off.
(function () {
  "use strict";

  // Each tone: [frequency in Hz, start and length in seconds].
  const CUES = {
    turn: [[660, 0, 0.09]],
    riichi: [
      [523, 0, 0.08],
      [784, 0.09, 0.14],
    ],
    win: [
      [523, 0, 0.08],
      [659, 0.09, 0.08],
      [784, 0.18, 0.22],
    ],
  };
  const VOLUME = 0.08;

  const root = document.querySelector("main.table-page");
  const live = Boolean(root && "live" in root.dataset);
  const turnMs = parseInt((root && root.dataset.turnMs) || "", 10) || 15000;
  let context = null;
  let hiddenSince = document.hidden ? Date.now() : null;
  let shownTable = null;
  let wasDeciding = false;

  document.addEventListener("visibilitychange", () => {
    hiddenSince = document.hidden ? (hiddenSince ?? Date.now()) : null;
  });

  function silent() {
    if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      return true;
    }
    return hiddenSince !== null && Date.now() - hiddenSince > turnMs;
  }

  function sound(name) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    context = context || new Context();
    if (context.state === "suspended") context.resume().catch(() => {});
    const start = context.currentTime + 0.02;
    for (const [frequency, at, length] of CUES[name]) {
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(VOLUME, start + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      tone.connect(gain).connect(context.destination);
      tone.start(start + at);
      tone.stop(start + at + length + 0.02);
    }
    document.dispatchEvent(new CustomEvent("tables:sound", { detail: name }));
  }

  function arrived() {
    const table = document.getElementById("table");
    if (!table || table === shownTable) return;
    const first = shownTable === null;
    shownTable = table;
    const deciding = "deciding" in table.dataset;
    const turnCame = live && deciding && !wasDeciding;
    wasDeciding = deciding;
    if (first || !("sound" in table.dataset) || silent()) return;
    const cue = table.dataset.cue || (turnCame ? "turn" : "");
    if (CUES[cue]) sound(cue);
  }

  document.addEventListener("htmx:afterSettle", arrived);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", arrived);
  else arrived();
})();
