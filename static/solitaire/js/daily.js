// The daily puzzle's code from the calendar date alone (docs/solitaire.md#the-seed-of-a-day): the same function as
// seed_for in games/solitaire/daily.py (its docstring spells it out), so the page names the
// player's puzzle for their own local date without asking the server. SplitMix64 needs
// exact 64-bit arithmetic, hence BigInt. Also loadable from Node (tests compare it
// with the Python version).
(function () {
  "use strict";

  const MASK64 = (1n << 64n) - 1n;
  const LAYOUT_LETTER = "b";

  // "YYYY-MM-DD" -> the seed, an integer below 100 000 000.
  function dailySeed(isoDate) {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
    if (!match) throw new Error(`not a date: ${isoDate}`);
    const n = BigInt(match[1]) * 10000n + BigInt(match[2]) * 100n + BigInt(match[3]);
    let z = (n + 0x9e3779b97f4a7c15n) & MASK64;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    z ^= z >> 31n;
    return Number(z % 100000000n);
  }

  function dailyCode(isoDate) {
    return `${dailySeed(isoDate)}-${LAYOUT_LETTER}`;
  }

  // The player's calendar date, from their device's clock and time zone.
  function localDate(now = new Date()) {
    const pad = (value) => String(value).padStart(2, "0");
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  }

  // Point every daily link at the player's date, with its code and solved mark.
  function updateDailyLinks(root, today = localDate()) {
    for (const link of root.querySelectorAll("[data-daily-link]")) {
      link.href = `${link.dataset.dailyBase}/${today}`;
      const code = link.querySelector("[data-daily-code]");
      if (code) code.textContent = dailyCode(today);
      const mark = link.querySelector("[data-daily-mark]");
      const solved = (link.dataset.solved || "").split(" ").includes(today);
      if (mark) mark.textContent = solved ? mark.dataset.solvedText : "";
    }
  }

  if (typeof module !== "undefined" && module.exports) {
    module.exports = { dailySeed, dailyCode, localDate, updateDailyLinks };
  }
  if (typeof document !== "undefined") {
    updateDailyLinks(document);
    // Menus and summaries swapped in by HTMX may carry the link as well.
    document.addEventListener("htmx:afterSettle", () => updateDailyLinks(document));
  }
})();
