// How a live page learns that something changed (docs/tables.md#live-updates): the
// stream (an EventSource) says only "changed"; whenever it is gone the page polls
// instead, so updates only slow down. Used by the tables and rooms (live.js) and the
// lobby (lobby.js); each says what to ask for on a change.
//
// followChanges(root, {streamUrl, pollMs, onChange, stopped}) calls onChange() on every
// change the stream announces, or every pollMs without the stream, and keeps
// root.dataset.liveState: "stream", "polling", or "over" once stopped. It returns
// {stop}: a page with nothing more to learn (a finished table) closes its stream.
(function () {
  "use strict";

  const SILENT_MS = 50000; // the stream pings every 20 s: longer quiet means it is gone
  const MAX_BACKOFF_S = 30;

  window.followChanges = function (root, { streamUrl, pollMs, onChange, stopped = false }) {
    let poller = null;
    let source = null;
    let backoff = 1;
    let heard = Date.now();
    let watchdog = null;

    function poll(on) {
      if (on && !poller && !stopped) poller = setInterval(() => onChange(), pollMs);
      if (!on && poller) {
        clearInterval(poller);
        poller = null;
      }
      root.dataset.liveState = stopped ? "over" : poller ? "polling" : "stream";
    }

    function connect() {
      if (stopped) return;
      if (!streamUrl || !window.EventSource) {
        poll(true);
        return;
      }
      source = new EventSource(streamUrl);
      heard = Date.now();
      source.addEventListener("changed", () => {
        heard = Date.now();
        onChange();
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
          backoff = Math.min(backoff * 2, MAX_BACKOFF_S);
        }
      };
    }

    function stop() {
      stopped = true;
      if (source) source.close();
      source = null;
      clearInterval(watchdog);
      poll(false);
    }

    if (stopped) {
      poll(false);
    } else {
      watchdog = setInterval(() => {
        if (source && source.readyState === EventSource.OPEN && Date.now() - heard > SILENT_MS) {
          source.close();
          source = null;
          poll(true);
          connect();
        }
      }, 5000);
      connect();
    }
    return { stop };
  };
})();
