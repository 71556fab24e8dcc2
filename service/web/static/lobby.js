// The lobby: refreshes its lists now and then; creates a game and keeps its seats' tokens in this browser.
"use strict";
(() => {
  const rows = document.getElementById("lobby-rows");
  async function refresh() {
    if (document.hidden) return;
    const q = new URLSearchParams(location.search); q.set("fragment", "true");
    const r = await fetch(`/?${q}`);
    if (!r.ok) return;
    const html = await r.text();
    if (html === rows.innerHTML) return;
    const a = document.activeElement, href = a && rows.contains(a) ? a.getAttribute("href") : null;
    rows.innerHTML = html;
    if (href) { const again = [...rows.querySelectorAll("a")].find((x) => x.getAttribute("href") === href); if (again) again.focus({ preventScroll: true }); }
  }
  setInterval(refresh, 5000);
  // Join (an open seat, signed in): POST /games/{id}/join with the session cookie and its CSRF value
  // (caravan.api); the join that fills the last open seat starts the game, and the page goes there
  const joinNotice = document.getElementById("join-notice");
  rows.addEventListener("click", async (ev) => {
    const button = ev.target.closest("button.join");
    if (!button) return;
    button.disabled = true;
    const game = button.dataset.game;
    const r = await caravan.api("POST", `/games/${game}/join`, null, {});
    if (r.ok && r.data.status === "started") { location.href = `/games/${game}/view`; return; }
    joinNotice.textContent = r.ok ? `You hold seat ${r.data.seat} of ${game}: it starts once its other open seats are taken.`
      : `Not joined: ${r.data ? r.data.detail : `HTTP ${r.status}`}`;
    joinNotice.classList.toggle("ok", r.ok);
    await refresh();
  });
  const form = document.getElementById("new-game");
  const notice = document.getElementById("new-game-notice");
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const players = form.players.value.split(/\r?\n/).map((s) => s.trim()).filter(Boolean);  // a name may hold a comma
    const r = await caravan.api("POST", "/games", null, { type: form.type.value, players });
    if (!r.ok) { notice.textContent = r.data ? `${r.data.error}: ${r.data.detail}` : `refused (${r.status})`; return; }
    for (const s of r.data.seats) if (s.token) caravan.keepSeat(r.data.id, s.seat, s.token);
    const first = r.data.seats.find((s) => s.token);
    caravan.choose(r.data.id, first ? first.seat : null);
    location.href = `/games/${r.data.id}/view`;
  });
})();
