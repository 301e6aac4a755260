// Site-wide comforts; everything works without them. The header's and the game's menus
// (<details>) close on Escape, on a tap elsewhere and once an action in them is sent
// (the game goes on under them); a message fades by itself (site.css) and goes at once
// when tapped. Once an answer sends the page elsewhere (HX-Redirect), the first
// redirect stands: a later answer's (a tap racing the lobby's own ask, both seated at
// the same table) would cut that navigation short.
(function () {
  "use strict";

  function openMenus() {
    return document.querySelectorAll("details.menu[open], details.site-menu[open]");
  }

  document.addEventListener("click", (event) => {
    for (const menu of openMenus()) {
      if (!menu.contains(event.target)) menu.open = false;
    }
    const message = event.target.closest && event.target.closest(".messages");
    if (message) message.remove();
  });

  document.addEventListener("htmx:beforeRequest", (event) => {
    const menu = event.target.closest && event.target.closest("details.menu[open]");
    if (menu) menu.open = false;
  });

  // htmx tells of an answer (htmx:beforeOnLoad) on the element that asked, which a swap
  // may have taken out of the page since (a tap's form in a part the lobby replaced):
  // there the event reaches nothing above it, so the listener goes on that element as
  // it asks. The page hears "site:redirect" once, as it leaves.
  let redirecting = false;
  function firstRedirectStands(event) {
    const xhr = event.detail.xhr;
    if (event.target !== event.currentTarget || !xhr || !xhr.getResponseHeader("HX-Redirect")) {
      return;
    }
    if (redirecting) {
      event.preventDefault();
      return;
    }
    redirecting = true;
    document.dispatchEvent(new CustomEvent("site:redirect"));
  }
  document.addEventListener("htmx:beforeRequest", (event) => {
    event.detail.elt.addEventListener("htmx:beforeOnLoad", firstRedirectStands);
  });
  // A page shown again from the back-forward cache follows its answers afresh.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) redirecting = false;
  });

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const menu of openMenus()) {
      menu.open = false;
      menu.querySelector("summary")?.focus();
    }
  });
})();
