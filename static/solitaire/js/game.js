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
    const clock = document.getElementById("clock");
    if (clock) clock.setAttribute("datetime", `PT${clock.dataset.seconds}S`);
  });

  // The mark of a game dealt before the browser had a cookie has done its work once the
  // game shows: it leaves the address bar, so that a copied link is a plain one.
  if (new URLSearchParams(location.search).has("dealt")) history.replaceState(null, "", location.pathname);

  setInterval(() => {
    const clock = document.getElementById("clock");
    if (!clock || clock.dataset.running !== "1") return;
    const seconds = Number(clock.dataset.seconds) + 1;
    clock.dataset.seconds = seconds;
    clock.setAttribute("datetime", `PT${seconds}S`);
    clock.textContent = clockText(seconds);
  }, 1000);

  // "Copy game link", with visible feedback either way: the button and the line beside
  // it say "Link copied"; where the clipboard is refused the link is selected instead.
  // Without script the link stays selectable text.
  function said(button, text) {
    const line = document.getElementById(button.getAttribute("aria-describedby") || "");
    if (line) line.textContent = text;
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest(".copy-link");
    if (!button) return;
    const field = button.parentElement.querySelector(".share-link");
    const done = () => {
      button.classList.add("is-copied");
      said(button, button.dataset.copied);
      setTimeout(() => button.classList.remove("is-copied"), 2500);
    };
    const refused = () => {
      if (field) field.select();
      said(button, button.dataset.copyFailed);
    };
    if (!navigator.clipboard) return refused();
    navigator.clipboard.writeText(button.dataset.copy).then(done, refused);
  });

  // The win summary comes over the board: it takes the focus, and the page scrolls back
  // up to it should the player have scrolled down past the board.
  document.body.addEventListener("htmx:afterSettle", () => {
    const title = document.getElementById("summary-title");
    if (!title || title.dataset.shown) return;
    title.dataset.shown = "1";
    title.focus({ preventScroll: true });
    const summary = title.closest("section");
    if (summary.getBoundingClientRect().top < 0) summary.scrollIntoView({ block: "start" });
  });

  // Tiles that the answer turns free brighten at once (dimmed or not). The answer
  // carries them anyway; here they only get a short glow as they come in.
  document.body.addEventListener("htmx:oobBeforeSwap", (event) => {
    const old = event.detail.target;
    const fresh = event.detail.fragment.firstElementChild;
    if (old.dataset.free === "0" && fresh && fresh.dataset.free === "1") fresh.classList.add("is-freed");
  });
}
