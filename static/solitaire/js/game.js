// The few lines of script the game needs; everything also works without them
// (docs/solitaire.md#without-javascript).

// The clock: the server measures time; the page only counts on between answers, in
// the format of games/solitaire/clock.py (a test holds the two together).
function clockText(seconds) {
  const h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
  const mm = h ? String(m).padStart(2, "0") : String(m);
  return (h ? `${h}:` : "") + `${mm}:${String(s).padStart(2, "0")}`;
}

if (typeof module !== "undefined" && module.exports) module.exports = { clockText };

if (typeof document !== "undefined") {
  // Keep the page's board version and move count in step with the server's answer.
  document.body.addEventListener("mahjong:board", (event) => {
    const { moves, version, selected } = event.detail;
    for (const input of document.querySelectorAll("input[name=version]")) input.value = version;
    const seen = document.querySelector("#board input[name=selected]");
    if (seen) seen.value = selected ?? "";
    const board = document.getElementById("board");
    if (board) board.dataset.moves = moves;
  });

  setInterval(() => {
    const clock = document.getElementById("clock");
    if (!clock || clock.dataset.running !== "1") return;
    const seconds = Number(clock.dataset.seconds) + 1;
    clock.dataset.seconds = seconds;
    clock.textContent = clockText(seconds);
  }, 1000);

  // "Copy game link"; without script the link stays selectable text.
  document.addEventListener("click", (event) => {
    const button = event.target.closest(".copy-link");
    if (!button || !navigator.clipboard) return;
    navigator.clipboard.writeText(button.dataset.copy).then(() => {
      button.classList.add("is-copied");
    });
  });

  // Tiles that the answer turns free brighten at once (dimmed or not). The answer
  // carries them anyway; here they only get a short glow as they come in.
  document.body.addEventListener("htmx:oobBeforeSwap", (event) => {
    const old = event.detail.target;
    const fresh = event.detail.fragment.firstElementChild;
    if (old.dataset.free === "0" && fresh && fresh.dataset.free === "1") fresh.classList.add("is-freed");
  });
}
