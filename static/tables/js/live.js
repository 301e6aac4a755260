// Live pages (docs/tables.md#live-updates). A table of several humans keeps itself
// current, and so does a room before its game. On each change changes.js reports (the
// stream's "changed" with the table's version, or a poll without the stream) the page
// asks for its own seat's view, which answers 304 while nothing changed for this seat.
// At the table's next deadline the page posts to the table's overdue address: the
// server then plays for a seat out of time, even where no task runs (a plain page view
// never does). The clocks count down here; the server's figures stand without this
// script.
(function () {
  "use strict";

  // A part that carries its tag asks only for a change.
  document.addEventListener("htmx:configRequest", (event) => {
    const target = event.detail.target;
    if (event.detail.verb === "get" && target && target.dataset && target.dataset.tag) {
      event.detail.headers["If-None-Match"] = target.dataset.tag;
    }
  });

  document.addEventListener("htmx:beforeSwap", (event) => {
    const xhr = event.detail.xhr;
    if (xhr.status === 304) {
      event.detail.shouldSwap = false;
      return;
    }
    // A live answer that lost the race with the answer to one's own decision is older
    // than the table shown: keep the newer one.
    const version = parseInt(xhr.getResponseHeader("X-Table-Version") || "", 10);
    const table = document.getElementById("table");
    if (!isNaN(version) && table && version < parseInt(table.dataset.version || "0", 10)) {
      event.detail.shouldSwap = false;
    }
  });

  const root = document.querySelector("main[data-live]");
  if (!root || !window.htmx) return;
  const viewUrl = root.dataset.viewUrl;
  const overdueUrl = root.dataset.overdueUrl;
  const quietCheckMs = parseInt(root.dataset.quietCheckMs || "0", 10);
  const streamUrl = root.dataset.streamUrl;
  const pollMs = Math.max(500, parseFloat(root.dataset.pollSeconds || "2") * 1000);
  let busy = false;
  let again = false;
  let deadlineTimer = null;
  let offset = 0; // the server's clock minus ours

  const table = () => document.getElementById("table");
  const shown = () => parseInt((table() && table().dataset.version) || "0", 10);
  const over = () => (table() && table().dataset.phase) === "game-end";

  // At a deadline the page posts (the server may play for a seat), else it asks.
  function refresh(atDeadline) {
    if (busy) {
      again = again === "deadline" || atDeadline === true ? "deadline" : true;
      return;
    }
    busy = true;
    const [verb, url] = atDeadline === true && overdueUrl ? ["POST", overdueUrl] : ["GET", viewUrl];
    htmx
      .ajax(verb, `${url}?since=${shown()}`, { source: root, target: "#table", swap: "outerHTML" })
      .catch(() => {})
      .finally(() => {
        busy = false;
        if (again) {
          const atNext = again === "deadline";
          again = false;
          refresh(atNext);
        }
      });
  }

  const changes = window.followChanges(root, {
    streamUrl,
    pollMs,
    onChange: refresh,
    stopped: over(),
  });

  function tick() {
    const now = Date.now() + offset;
    document.querySelectorAll("#table .clock[data-deadline]").forEach((clock) => {
      const left = Math.max(0, Math.ceil((parseInt(clock.dataset.deadline, 10) - now) / 1000));
      clock.textContent = String(left);
      clock.classList.toggle("is-short", left <= 3);
    });
  }

  // After every new table, the clocks' reference and the next deadline.
  function arm() {
    const t = table();
    if (!t) return;
    const serverNow = parseInt(t.dataset.now || "", 10);
    if (!isNaN(serverNow)) offset = serverNow - Date.now();
    clearTimeout(deadlineTimer);
    const due = parseInt(t.dataset.deadline || "", 10);
    if (!isNaN(due)) {
      const wait = Math.max(0, due - (Date.now() + offset)) + 300;
      deadlineTimer = setTimeout(() => refresh(true), wait);
    } else if (quietCheckMs && !over()) {
      // No deadline this page may see: another seat may be answering an offer.
      deadlineTimer = setTimeout(() => refresh(true), quietCheckMs);
    }
    if (over()) changes.stop();
    tick();
  }

  document.addEventListener("htmx:afterSettle", arm);
  setInterval(tick, 250);
  arm();
})();
