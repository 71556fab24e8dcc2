// My games: the rows again now and then (`?fragment=true`), so a "your turn" badge or an invitation comes
// without a reload.
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
  // an invitation's Accept or Decline (POST /games/{id}/accept|decline with the session cookie and its CSRF
  // value, caravan.api); an accepted game in play (or started by this answer) opens
  const notice = document.getElementById("answer-notice");
  rows.addEventListener("click", async (ev) => {
    const button = ev.target.closest("button.answer");
    if (!button) return;
    button.disabled = true;
    const { game, answer } = button.dataset;
    const r = await caravan.api("POST", `/games/${game}/${answer}`, null, {});
    if (r.ok && answer === "accept" && ["active", "started"].includes(r.data.status)) { location.href = `/games/${game}/view`; return; }
    notice.textContent = r.ok ? (answer === "accept" ? `Accepted: ${game} starts once every seat is taken or answered.` : `Declined: ${game} is ${r.data.status} now.`)
      : `Not done: ${r.data ? r.data.detail : `HTTP ${r.status}`}`;
    notice.classList.toggle("ok", r.ok);
    await refresh();
  });
})();
