// My games: the rows again now and then (`?fragment=true`), so a "your turn" badge comes without a reload.
"use strict";
(() => {
  const rows = document.getElementById("my-games");
  async function refresh() {
    if (document.hidden) return;
    const r = await fetch("/my-games?fragment=true");
    if (!r.ok) return;
    const html = await r.text();
    if (html !== rows.innerHTML) rows.innerHTML = html;
  }
  setInterval(refresh, 5000);
})();
