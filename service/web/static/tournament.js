// A tournament: follows its live stream (GET /tournaments/{id}/stream) and redraws its standings and tables
// after each of its events; the projector view (?projector=true) may also take the whole screen.
"use strict";
(() => {
  const id = document.body.dataset.tournament;
  const box = document.getElementById("tournament");
  const live = document.getElementById("t-live");
  const full = document.getElementById("fullscreen");
  window.caravanTournamentUpdates = 0;  // redraws from the stream (read by the tests)
  if (document.body.classList.contains("projector") && document.documentElement.requestFullscreen) {
    full.hidden = false;
    full.addEventListener("click", async () => {
      try {
        if (document.fullscreenElement) await document.exitFullscreen(); else await document.documentElement.requestFullscreen();
      } catch { /* a full screen may be refused: the projector view stays as it is */ }
    });
    document.addEventListener("fullscreenchange", () => { full.textContent = document.fullscreenElement ? "Leave full screen" : "Full screen"; });
  }
  const shown = () => Number((box.querySelector(".t-body") || {}).dataset?.version || 0);
  let busy = false, wanted = 0;
  async function redraw(version) {
    wanted = Math.max(wanted, version);
    if (busy) return;
    busy = true;
    try {
      while (wanted > shown()) {
        const r = await fetch(`/tournaments/${id}/view?fragment=true`);
        if (!r.ok) break;
        const html = await r.text();
        const tmp = document.createElement("div"); tmp.innerHTML = html;
        const fresh = tmp.querySelector(".t-body");
        if (!fresh || Number(fresh.dataset.version) <= shown()) break;
        box.replaceChildren(...tmp.childNodes);
        window.caravanTournamentUpdates += 1;
      }
    } finally { busy = false; }
  }
  const over = (t) => t.status === "finished" || (t.status === "cancelled" && t.games.every((g) => g.status !== "active"));
  if (box.querySelector(".t-body").dataset.over === "yes") { live.textContent = box.querySelector(".t-body").dataset.status; return; }
  const source = new EventSource(`/tournaments/${id}/stream`);
  source.addEventListener("open", () => { live.textContent = "live"; document.body.dataset.live = "yes"; });
  source.addEventListener("error", () => { live.textContent = "reconnecting…"; document.body.dataset.live = "no"; });
  source.addEventListener("tournament", (ev) => {
    const t = JSON.parse(ev.data);
    if (over(t)) { source.close(); live.textContent = t.status; document.body.dataset.live = "no"; }
    if (t.version > shown()) redraw(t.version);
  });
})();
