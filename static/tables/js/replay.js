// A replay that plays on by itself (docs/tables.md#replay-stepping). The page is a
// step of the replay with links back and on; this script shows Play/Pause and a speed
// (steps a second) and, while playing, fetches the next step's page and puts its table,
// its way through and its note in place of the shown ones, until the last step. The
// address follows, so a reload stays at the step shown. Space plays or pauses; the
// left and right arrow keys step back and on. The speed chosen is kept in this browser.
// Without this script the links step as ever.
(function () {
  "use strict";

  const SPEED_KEY = "tables.replaySpeed";
  const STEP_MS = 1000; // at 1×
  const SWAPPED = ["#table", ".replay-steps", ".replay-note"];

  const player = document.querySelector(".replay-player");
  if (!player) return;
  const button = player.querySelector(".replay-play");
  const speed = player.querySelector(".replay-speed");
  let timer = null;
  let playing = false;

  const stored = (() => {
    try {
      return window.localStorage.getItem(SPEED_KEY);
    } catch (error) {
      return null;
    }
  })();
  if (stored && speed.querySelector(`option[value="${stored}"]`)) speed.value = stored;
  player.hidden = false;

  const link = (step) => document.querySelector(`.replay-steps a[data-step="${step}"]`);
  const delay = () => STEP_MS / (parseFloat(speed.value) || 1);

  function show(on) {
    playing = on;
    button.textContent = on ? player.dataset.pauseLabel : player.dataset.playLabel;
    button.setAttribute("aria-pressed", on ? "true" : "false");
    clearTimeout(timer);
    if (on) timer = setTimeout(stepOn, delay());
  }

  async function stepOn() {
    const next = link("on");
    if (!playing) return;
    if (!next) return show(false); // the last step
    try {
      const answer = await fetch(next.href, { headers: { Accept: "text/html" } });
      if (!answer.ok) throw new Error(String(answer.status));
      const page = new DOMParser().parseFromString(await answer.text(), "text/html");
      if (!playing) return;
      for (const selector of SWAPPED) {
        const fresh = page.querySelector(selector);
        const old = document.querySelector(selector);
        if (fresh && old) old.replaceWith(document.importNode(fresh, true));
      }
      history.replaceState(null, "", next.href);
    } catch (error) {
      return show(false); // the next step could not be had: stay paused where we are
    }
    if (playing) timer = setTimeout(stepOn, delay());
  }

  button.addEventListener("click", () => show(!playing));
  speed.addEventListener("change", () => {
    try {
      window.localStorage.setItem(SPEED_KEY, speed.value);
    } catch (error) {
      // a browser that keeps nothing plays at the speed chosen on this page
    }
    if (playing) show(true);
  });

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target.closest && target.closest("input, textarea, select, button, a")) return;
    if (event.key === " ") {
      show(!playing);
      event.preventDefault();
    } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      const to = link(event.key === "ArrowLeft" ? "back" : "on");
      if (to) {
        show(false);
        to.click();
        event.preventDefault();
      }
    }
  });
})();
