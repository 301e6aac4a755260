// A room's copy and share buttons (docs/tables.md#rooms): copy its link or its code,
// saying "Copied" beside them, and open the system's share sheet where the browser has
// one (navigator.share). Without the script the buttons stay hidden; the link and the
// code are on the page to copy by hand.
(function () {
  "use strict";

  const box = document.querySelector(".room-share");
  if (!box) return;
  const feedback = box.querySelector(".copy-feedback");
  let clear = null;

  const say = (text) => {
    feedback.textContent = text;
    clearTimeout(clear);
    clear = setTimeout(() => { feedback.textContent = ""; }, 3000);
  };

  // An older browser, or a page not served securely, has no clipboard API: copy
  // through a selected text field instead.
  const copyByHand = (text) => {
    const field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.style.position = "fixed";
    field.style.opacity = "0";
    document.body.appendChild(field);
    field.select();
    let done = false;
    try { done = document.execCommand("copy"); } catch (error) { done = false; }
    field.remove();
    return done;
  };

  const copy = async (text) => {
    if (navigator.clipboard && window.isSecureContext) {
      try { await navigator.clipboard.writeText(text); return true; } catch (error) { /* by hand */ }
    }
    return copyByHand(text);
  };

  box.querySelectorAll("[data-copy]").forEach((button) => {
    button.hidden = false;
    button.addEventListener("click", async () => {
      const done = await copy(button.dataset.copy);
      say(done ? box.dataset.copied : box.dataset.notCopied);
    });
  });

  const share = box.querySelector("[data-share-url]");
  if (share && navigator.share) {
    share.hidden = false;
    share.addEventListener("click", () => {
      navigator.share({
        title: share.dataset.shareTitle,
        text: share.dataset.shareText,
        url: share.dataset.shareUrl,
      }).catch(() => { /* the player closed the sheet */ });
    });
  }
})();
