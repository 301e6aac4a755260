// A game's lobby (docs/tables.md#lobby-and-rating). On each change changes.js reports
// (the stream's "changed": a player seated at a new table, one joining or leaving the
// queue, a lobby table ending; or a poll without the stream) the page asks for the
// counts, or, while its player waits, for the waiting part (a post: the match-maker
// runs), whose answer takes the player to the table once seated. The countdown to the
// bots counts here second by second from the server's deadline, and at its end the page
// asks at once; the server's figures stand without this script.
(function () {
  "use strict";

  const root = document.querySelector("main[data-lobby]");
  if (!root || !window.htmx) return;
  const streamUrl = root.dataset.streamUrl;
  const countsUrl = root.dataset.countsUrl;
  const waitingUrl = root.dataset.waitingUrl;
  const pollMs = Math.max(500, parseFloat(root.dataset.pollSeconds || "2") * 1000);
  let busy = false;
  let again = false;
  let offset = 0; // the server's clock minus ours
  let dueTimer = null;

  const queue = () => document.getElementById("queue");
  const queued = () => Boolean(queue() && queue().hasAttribute("data-queued"));

  // Once an answer sends the page to its table, it asks nothing more (an answer already
  // on its way cannot redirect again: static/js/site.js lets the first redirect stand).
  let leaving = false;
  document.addEventListener("site:redirect", () => {
    leaving = true;
  });
  window.addEventListener("pagehide", () => {
    leaving = true;
  });
  // Back from the table through the back-forward cache: the lobby is live again.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    leaving = false;
    refresh();
  });

  function refresh() {
    if (leaving) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    const asked = queued()
      ? htmx.ajax("POST", waitingUrl, { source: root, target: "#queue", swap: "outerHTML" })
      : htmx.ajax("GET", countsUrl, { source: root, target: "#lobby-counts", swap: "outerHTML" });
    asked
      .catch(() => {})
      .finally(() => {
        busy = false;
        if (again) {
          again = false;
          refresh();
        }
      });
  }

  function tick() {
    const clock = document.querySelector("#queue .lobby-countdown[data-deadline]");
    if (!clock) return;
    const left = Math.ceil((parseInt(clock.dataset.deadline, 10) - (Date.now() + offset)) / 1000);
    clock.querySelector(".lobby-seconds").textContent = String(Math.max(0, left));
  }

  // After every new waiting part: the clock's reference and the countdown's end.
  function arm() {
    const part = queue();
    const serverNow = parseInt((part && part.dataset.now) || "", 10);
    if (!isNaN(serverNow)) offset = serverNow - Date.now();
    clearTimeout(dueTimer);
    const clock = document.querySelector("#queue .lobby-countdown[data-deadline]");
    if (clock) {
      const due = parseInt(clock.dataset.deadline, 10) - (Date.now() + offset);
      // Past the end and still waiting (another process was seating it): ask again soon.
      dueTimer = setTimeout(refresh, due > 0 ? due + 200 : 1000);
    }
    tick();
  }

  document.addEventListener("htmx:afterSettle", arm);
  setInterval(tick, 250);
  arm();
  window.followChanges(root, { streamUrl, pollMs, onChange: refresh });
})();
