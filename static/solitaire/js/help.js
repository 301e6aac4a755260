// Gentle help. On a visitor's very first game a pair pulses softly after the
// build (the server says when: data-welcome on #help, told once, with its pair in
// data-pair). After data-idle seconds (20) without a move a free pair pulses, after as
// long again the hint button blinks; at most twice a game. None of it counts as a
// hint. The idle pair is asked for only then (POST data-nudge): the server hands one
// out only once it is due, so no page carries a pair before (docs/solitaire.md#gentle-help).
(function () {
  "use strict";

  if (!document.getElementById("board")) return;

  const MAX_NUDGES = 2;
  const PULSE_MS = 4000;
  const counted = `mahjong:nudges:${location.pathname}`;
  let quietSince = performance.now();
  let stage = "waiting"; // then "asking", "pulsed", "blinked" (or "spent"); a move starts over
  let built = false;

  function help() {
    return document.getElementById("help");
  }

  function nudgesGiven() {
    try {
      return Number(sessionStorage.getItem(counted)) || 0;
    } catch {
      return 0;
    }
  }

  function countNudge() {
    try {
      sessionStorage.setItem(counted, String(nudgesGiven() + 1));
    } catch {
      // Without storage the count lives as long as the page.
    }
  }

  function pairTiles() {
    const pair = (help()?.dataset.pair || "").split(" ").filter(Boolean);
    const tiles = pair.map((index) => document.getElementById(`tile-${index}`));
    return tiles.every((tile) => tile && tile.tagName === "BUTTON") ? tiles : [];
  }

  function tilesOf(pair) {
    const tiles = pair.map((index) => document.getElementById(`tile-${index}`));
    return tiles.length && tiles.every((tile) => tile && tile.tagName === "BUTTON") ? tiles : [];
  }

  function csrfToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch {
      return "";
    }
  }

  // The pair the server hands out now that the player has been idle, or none.
  async function askForPair() {
    const url = help()?.dataset.nudge;
    if (!url) return [];
    try {
      const answer = await fetch(url, {
        method: "POST",
        headers: { "X-CSRFToken": csrfToken() },
        credentials: "same-origin",
      });
      return answer.ok ? (await answer.json()).pair || [] : [];
    } catch {
      return [];
    }
  }

  function pulse(tiles) {
    for (const tile of tiles) {
      tile.classList.add("is-nudge");
      setTimeout(() => tile.classList.remove("is-nudge"), PULSE_MS);
    }
    return tiles.length > 0;
  }

  function hintButton() {
    return document.getElementById("hint-button");
  }

  function canHelp() {
    const board = document.getElementById("board");
    return (
      built &&
      board &&
      !board.classList.contains("paused") &&
      !document.querySelector("#summary h2") &&
      !document.querySelector("#stuck p")
    );
  }

  function tick() {
    const idleMs = (Number(help()?.dataset.idle) || 20) * 1000;
    const quiet = performance.now() - quietSince;
    if (!canHelp()) {
      quietSince = performance.now();
    } else if (stage === "waiting" && quiet >= idleMs && nudgesGiven() < MAX_NUDGES) {
      stage = "asking";
      askForPair().then((pair) => {
        if (stage !== "asking") return; // a move came meanwhile: the wait starts over
        if (pulse(tilesOf(pair))) {
          countNudge();
          stage = "pulsed";
        } else {
          stage = "spent"; // none due: no more asking until the next move
        }
      });
    } else if (stage === "pulsed" && quiet >= 2 * idleMs) {
      hintButton()?.classList.add("is-blinking");
      stage = "blinked";
    }
  }

  function startOver() {
    quietSince = performance.now();
    stage = "waiting";
    hintButton()?.classList.remove("is-blinking");
  }

  function onBuilt() {
    built = true;
    startOver();
    const welcome = help();
    if (welcome && welcome.dataset.welcome) {
      delete welcome.dataset.welcome;
      pulse(pairTiles());
    }
  }

  document.body.addEventListener("mahjong:board", startOver);
  if (document.getElementById("board").dataset.built !== undefined) onBuilt();
  else document.addEventListener("mahjong:built", onBuilt, { once: true });
  setInterval(tick, 250);
})();
