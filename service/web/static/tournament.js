// A tournament: redraws its standings and tables while it runs; a full-screen view for a projector.
"use strict";
(() => {
  const id = document.body.dataset.tournament;
  const box = document.getElementById("tournament");
  const button = document.getElementById("projector");
  function setProjector(on) {
    document.body.classList.toggle("projector", on);
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = on ? "Leave projector view" : "Projector view";
  }
  button.addEventListener("click", async () => {
    const on = !document.body.classList.contains("projector");
    setProjector(on);
    try { if (on) await document.documentElement.requestFullscreen(); else if (document.fullscreenElement) await document.exitFullscreen(); } catch { /* a full screen may be refused */ }
  });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape" && document.body.classList.contains("projector")) setProjector(false); });
  if (new URLSearchParams(location.search).has("projector")) setProjector(true);
  async function refresh() {
    const body = box.querySelector(".t-body");
    if (body && body.dataset.status === "finished") return;
    const r = await fetch(`/tournaments/${id}/view?fragment=true`);
    if (r.ok) {
      const html = await r.text();
      const now = box.querySelector(".t-body");
      const tmp = document.createElement("div"); tmp.innerHTML = html;
      const fresh = tmp.querySelector(".t-body");
      if (!now || !fresh || now.dataset.version !== fresh.dataset.version || now.outerHTML !== fresh.outerHTML) box.innerHTML = html;
    }
    setTimeout(refresh, 1500);
  }
  setTimeout(refresh, 1500);
})();
