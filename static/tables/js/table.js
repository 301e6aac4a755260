// Keyboard play at every table game (docs/tables.md#tiles-on-the-page). The hand is one stop
// in the tab order: the arrow keys move along it, Enter or Space discards the tile in
// focus (it is a button). Letter keys press the action buttons that carry them
// (data-key). After an answer replaces the table, the focus comes back to the hand at
// the same place, so a game plays by keyboard alone. Everything works without this.
(function () {
  "use strict";

  let focusedIndex = null; // where the focus was in the hand when a decision went out

  function handTiles() {
    return Array.from(document.querySelectorAll("#table .hand .hand-tile"));
  }

  // A roving tab stop: only one hand tile is tabbable, the one last focused (or the
  // drawn tile, which is what most turns discard).
  function rove(index) {
    const tiles = handTiles();
    if (!tiles.length) return;
    const at = Math.max(0, Math.min(index ?? tiles.length - 1, tiles.length - 1));
    tiles.forEach((tile, i) => tile.setAttribute("tabindex", i === at ? "0" : "-1"));
    return tiles[at];
  }

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const table = document.getElementById("table");
    if (!table || document.querySelector(".rules-panel:not(:empty)")) return;
    const target = event.target;
    if (target.matches && target.matches("input, textarea, select")) return;
    const tiles = handTiles();
    const at = tiles.indexOf(target);
    if (at >= 0 && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      const next = rove(at + (event.key === "ArrowLeft" ? -1 : 1));
      if (next) next.focus();
      event.preventDefault();
      return;
    }
    const key = event.key.length === 1 ? event.key.toLowerCase() : "";
    const button = key && table.querySelector(`[data-key="${key}"]`);
    if (button) {
      button.click();
      event.preventDefault();
    }
  });

  document.addEventListener("focusin", (event) => {
    const at = handTiles().indexOf(event.target);
    if (at >= 0) rove(at);
  });

  document.addEventListener("htmx:beforeRequest", () => {
    const at = handTiles().indexOf(document.activeElement);
    focusedIndex = at >= 0 ? at : focusedIndex;
  });

  document.addEventListener("htmx:afterSwap", (event) => {
    if (event.detail.target && event.detail.target.id === "rules-panel") {
      const close = document.querySelector("[data-close-rules]");
      if (close) close.focus();
      return;
    }
    const next = document.querySelector("#table .action-next");
    if (next) {
      next.focus();
      return;
    }
    const tile = rove(focusedIndex);
    if (tile && focusedIndex !== null) tile.focus({ preventScroll: true });
  });

  document.addEventListener("click", (event) => {
    const close = event.target.closest && event.target.closest("[data-close-rules]");
    if (!close) return;
    event.preventDefault();
    const panel = document.getElementById("rules-panel");
    panel.replaceChildren();
    const link = document.querySelector(".rules-link");
    if (link) link.focus();
  });

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const panel = document.getElementById("rules-panel");
    if (panel && panel.children.length) {
      panel.replaceChildren();
      event.preventDefault();
    }
  });

  // Taps that cannot misfire (docs/tables.md#taps-that-cannot-misfire). Every table
  // arrives guarded (data-guarded): after a new one (an answer, a live update) no button
  // acts for GUARD_MS, and the form's "seen" field keeps naming the version shown before
  // until then, so that the server refuses a tap on what the player could not have
  // seen. Unless the player chose one-tap play, a first tap on a hand tile raises it and
  // a second on it discards it; Enter and Space discard the tile in focus at once, and
  // without this script every tile discards on the first press.
  const GUARD_MS = 400;
  let seenTimer = null;
  let shownTable = null;
  let seenVersion = null;

  const tableForm = () => {
    const found = document.getElementById("table");
    return found && found.tagName === "FORM" ? found : null;
  };

  function markSeen() {
    const form = tableForm();
    if (!form) return;
    seenVersion = form.dataset.version;
    delete form.dataset.guarded;
    const seen = form.querySelector('input[name="seen"]');
    if (seen) seen.value = seenVersion;
  }

  function guardNewTable() {
    const form = tableForm();
    if (!form || form === shownTable) return;
    const first = shownTable === null;
    shownTable = form;
    const seen = form.querySelector('input[name="seen"]');
    if (seen && !first && seenVersion !== null) seen.value = seenVersion;
    clearTimeout(seenTimer);
    seenTimer = setTimeout(markSeen, GUARD_MS);
  }

  document.addEventListener("htmx:afterSwap", guardNewTable);
  document.addEventListener("htmx:afterSettle", guardNewTable);

  function lower(form) {
    form.querySelectorAll(".hand-tile.is-raised").forEach((tile) => {
      tile.classList.remove("is-raised");
      tile.removeAttribute("aria-pressed");
    });
  }

  document.addEventListener(
    "click",
    (event) => {
      const form = tableForm();
      const button = form && event.target.closest && event.target.closest("button");
      if (!button || !form.contains(button) || button.classList.contains("toggle")) return;
      const stop = () => {
        event.preventDefault();
        event.stopImmediatePropagation();
      };
      if ("guarded" in form.dataset) {
        guardNewTable(); // a table no event told of yet starts its guard now
        return stop();
      }
      const pointer = event.detail > 0; // Enter and Space click with detail 0
      if (!button.matches(".hand-tile[name]") || "oneTap" in form.dataset || !pointer) return;
      if (button.classList.contains("is-raised")) return; // the second tap discards it
      stop();
      lower(form);
      button.classList.add("is-raised");
      button.setAttribute("aria-pressed", "true");
      showHelper(button);
    },
    true,
  );

  // The discard helper (docs/tables.md#the-discard-helper): the line of the tile raised
  // (or in focus) shows in place of the summary.
  function showHelper(tile) {
    const helper = document.querySelector("#table .helper");
    if (!helper) return;
    const kind = tile ? tile.dataset.tile.replace(/^(5[DBC])r$/, "$1") : "";
    let shown = false;
    helper.querySelectorAll(".helper-line").forEach((line) => {
      line.hidden = line.dataset.for !== kind;
      shown = shown || !line.hidden;
    });
    helper.classList.toggle("is-pointing", shown);
  }

  document.addEventListener("focusin", (event) => {
    if (event.target.matches && event.target.matches("#table .hand-tile")) showHelper(event.target);
  });
  document.addEventListener("focusout", () => showHelper(document.querySelector("#table .hand-tile.is-raised")));

  document.addEventListener("DOMContentLoaded", () => {
    rove(null);
    guardNewTable();
  });
})();
