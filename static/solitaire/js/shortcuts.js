// Keyboard shortcuts of the game (docs/solitaire.md#keyboard-shortcuts): each presses
// the button of the page that does the same, so the server decides as for a tap, and a
// disabled button stays disabled. ? opens the list of them.
(function () {
  "use strict";

  const dialog = document.getElementById("shortcuts");
  if (!dialog || !document.getElementById("board")) return;

  function action(event) {
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const command = event.ctrlKey || event.metaKey;
    if (command && !event.altKey) {
      if (key === "z") return event.shiftKey ? "redo-button" : "undo-button";
      if (key === "y") return "redo-button";
      return null;
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return null;
    return (
      { u: "undo-button", z: "undo-button", y: "redo-button", h: "hint-button", p: "pause-button", n: "new-game-button" }[key] ||
      (key === "?" ? "shortcuts" : null)
    );
  }

  function typing(target) {
    return target.closest && target.closest("input, select, textarea, [contenteditable]");
  }

  function showShortcuts() {
    if (!dialog.open) dialog.showModal();
  }

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || typing(event.target) || dialog.open) return;
    const id = action(event);
    if (!id) return;
    event.preventDefault();
    if (id === "shortcuts") return showShortcuts();
    const button = document.getElementById(id);
    if (!button || button.disabled) return;
    const board = document.getElementById("board");
    // A new game gives up this one: asked first once a move was made.
    if (id === "new-game-button" && board && board.dataset.moves !== "0" && !window.confirm(dialog.dataset.confirmNew)) return;
    button.click();
  });

  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("[data-shortcuts]");
    if (!link) return;
    event.preventDefault();
    link.closest("details")?.removeAttribute("open");
    showShortcuts();
  });
})();
