// Stepping through a replay by keyboard: the arrow keys, Home and End press the
// stepper's buttons (docs/solitaire.md#export-and-replay). The buttons work without it.
(function () {
  "use strict";

  const KEYS = { ArrowLeft: "step-back", ArrowRight: "step-forward", Home: "step-start", End: "step-end" };

  document.addEventListener("keydown", (event) => {
    const id = KEYS[event.key];
    if (!id || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    const button = document.getElementById(id);
    if (!button || button.disabled) return;
    event.preventDefault();
    button.click();
  });

  // The stepper is swapped whole: keep the focus on the button that was pressed.
  let pressed = null;
  document.body.addEventListener("htmx:beforeRequest", () => {
    pressed = document.activeElement && document.activeElement.id;
  });
  document.body.addEventListener("htmx:afterSettle", () => {
    const again = pressed && document.getElementById(pressed);
    if (again && !again.disabled) again.focus();
    else document.querySelector("#stepper button:not([disabled])")?.focus();
  });
})();
