// The sign-up and sign-in forms: they post to the API (POST /accounts, then POST /sessions) with the
// password in the body, never in a URL. Signing in sets the session's HttpOnly cookie and the readable
// `caravan_csrf` cookie (both as long as the session), which the header's Sign out sends back as
// X-CSRF-Token (caravan.js): it survives reloads, and the page's script keeps nothing else.
"use strict";
(() => {
  const form = document.getElementById("account-form");
  const notice = document.getElementById("account-notice");
  const mode = form.dataset.mode;
  async function post(path, body) {
    const r = await fetch(path, { method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json" }, body: JSON.stringify(body) });
    let data = null;
    try { data = await r.json(); } catch { data = null; }
    return { ok: r.ok, status: r.status, data, retry: r.headers.get("Retry-After") };
  }
  function said(r) {  // the API's refusal in words
    const code = r.data && r.data.error, detail = r.data && r.data.detail ? r.data.detail : `HTTP ${r.status}`;
    if (r.status === 429) return `Too many failed sign-ins: try again in ${r.retry || "a few"} seconds.`;
    if (code === "name-taken") return `That name is taken: ${detail}`;
    if (code === "weak-password") return `Too weak a password: ${detail}`;
    if (mode === "signin" && r.status === 401) return "Wrong name or password.";
    return `Refused: ${detail}`;
  }
  function back() {  // where the form was opened from (`?next=`): a page of this site only, else the lobby
    let to;
    try { to = new URL(new URLSearchParams(location.search).get("next") || "/", location.origin); } catch { return "/"; }
    return to.origin === location.origin ? to.pathname : "/";
  }
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    notice.classList.remove("ok");
    const name = form.name.value.trim(), password = form.password.value;
    if (mode === "signup" && password !== form.again.value) { notice.textContent = "The two passwords differ."; return; }
    notice.textContent = mode === "signup" ? "Making the account…" : "Signing in…";
    if (mode === "signup") {
      const made = await post("/accounts", { name, password });
      if (!made.ok) { notice.textContent = said(made); return; }
    }
    const r = await post("/sessions", { name, password });
    if (!r.ok) { notice.textContent = said(r); return; }
    form.reset();
    notice.classList.add("ok");
    notice.textContent = `Signed in as ${r.data.name}.`;
    location.assign(back());
  });
})();
