// The daily check-in counts the player's own calendar date (docs/site.md#coins): the form
// sends the device's time zone (minutes ahead of UTC) and the server reads its own clock
// there, and once the last check-in was the local date the button gives way to "checked
// in". Without JavaScript the server counts UTC's date.
(function () {
  "use strict";

  function localDate(now = new Date()) {
    const pad = (value) => String(value).padStart(2, "0");
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  }

  const today = localDate();
  const offset = String(-new Date().getTimezoneOffset());
  for (const input of document.querySelectorAll("input[data-utc-offset]")) input.value = offset;
  for (const purse of document.querySelectorAll("[data-last-check-in]")) {
    const last = purse.dataset.lastCheckIn;
    if (!last || last < today) continue;
    purse.querySelector(".check-in-form").hidden = true;
    purse.querySelector(".checked-in").hidden = false;
  }
})();
