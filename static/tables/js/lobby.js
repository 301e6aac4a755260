// A game's lobby (docs/tables.md#lobby-and-rating). The live stream (an EventSource)
// says only that the lobby changed: a player seated at a new table, one joining or
// leaving the queue, a lobby table ending. The page then asks for the counts, or, while
// its player waits, for the waiting part (a post: the match-maker runs), whose answer
// takes the player to the table once seated. Whenever the stream is gone the page polls
// instead. The countdown to the bots counts here second by second from the server's
// deadline, and at its end the page asks at once; the server's figures stand without
// this script.
(function () {
  "use strict";

  const root = document.querySelector("main[data-lobby]");
  if (!root || !window.htmx) return;
  const streamUrl = root.dataset.streamUrl;
  const countsUrl = root.dataset.countsUrl;
  const waitingUrl = root.dataset.waitingUrl;
  const pollMs = Math.max(500, parseFloat(root.dataset.pollSeconds || "2") * 1000);
  const SILENT_MS = 50000; // the stream pings every 20 s: longer quiet means it is gone
  let busy = false;
  let again = false;
  let poller = null;
  let source = null;
  let backoff = 1;
  let heard = Date.now();
  let offset = 0; // the server's clock minus ours
  let dueTimer = null;

  const queue = () => document.getElementById("queue");
  const queued = () => Boolean(queue() && queue().hasAttribute("data-queued"));

  // Once an answer sends the page to its table, it asks nothing more: a second answer's
  // redirect would cut the first navigation short.
  let leaving = false;
  document.body.addEventListener("htmx:beforeOnLoad", (event) => {
    const xhr = event.detail.xhr;
    if (xhr && xhr.getResponseHeader("HX-Redirect")) leaving = true;
  });
  window.addEventListener("pagehide", () => {
    leaving = true;
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

  // data-live-state says how the page keeps current: "stream" or "polling".
  function poll(on) {
    if (on && !poller) poller = setInterval(refresh, pollMs);
    if (!on && poller) {
      clearInterval(poller);
      poller = null;
    }
    root.dataset.liveState = poller ? "polling" : "stream";
  }

  function connect() {
    if (!streamUrl || !window.EventSource) {
      poll(true);
      return;
    }
    source = new EventSource(streamUrl);
    heard = Date.now();
    source.addEventListener("changed", () => {
      heard = Date.now();
      refresh();
    });
    source.addEventListener("ping", () => {
      heard = Date.now();
    });
    source.onopen = () => {
      heard = Date.now();
      backoff = 1;
      poll(false);
    };
    source.onerror = () => {
      poll(true); // until the stream is back
      if (source && source.readyState === EventSource.CLOSED) {
        source = null; // refused (docs/tables.md#what-the-stream-refuses): try again later
        setTimeout(connect, backoff * 1000);
        backoff = Math.min(backoff * 2, 30);
      }
    };
  }

  setInterval(() => {
    if (source && source.readyState === EventSource.OPEN && Date.now() - heard > SILENT_MS) {
      source.close();
      source = null;
      poll(true);
      connect();
    }
  }, 5000);

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
  connect();
})();
