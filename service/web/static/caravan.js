// Shared by every page: seat tokens kept in this browser (localStorage, never in a URL), and fetch with
// the chosen seat's token in the Authorization header. (`var`: a private game's page is written over its
// refusal page, in the same window, and runs this again.)
"use strict";
var caravan = (() => {
  const seatsKey = (game) => `caravan:seats:${game}`;
  const asKey = (game) => `caravan:as:${game}`;
  function seats(game) {  // {seat: token} for the seats of this game this browser holds
    try { return JSON.parse(localStorage.getItem(seatsKey(game)) || "{}"); } catch { return {}; }
  }
  function keepSeat(game, seat, token) {
    const s = seats(game); s[seat] = token; localStorage.setItem(seatsKey(game), JSON.stringify(s));
  }
  function dropSeat(game, seat) {
    const s = seats(game); delete s[seat]; localStorage.setItem(seatsKey(game), JSON.stringify(s));
    if (chosen(game) === String(seat)) sessionStorage.removeItem(asKey(game));
  }
  function chosen(game) {  // the seat this tab plays as ("" for a spectator)
    const c = sessionStorage.getItem(asKey(game));
    if (c !== null) return c;
    const held = Object.keys(seats(game));
    return held.length ? held[0] : "";
  }
  const privateKey = (game) => `caravan:private:${game}`;
  function choose(game, seat) {  // a private game has no spectator's view: its page stays with its seat
    if (seat === null && sessionStorage.getItem(privateKey(game))) return;
    sessionStorage.setItem(asKey(game), seat === null ? "" : String(seat));
  }
  function token(game) { const c = chosen(game); return c === "" ? null : (seats(game)[c] || null); }
  function headers(game, extra) {
    const h = Object.assign({ "Accept": "application/json" }, extra || {});
    const t = game ? token(game) : null;
    if (t) h["Authorization"] = `Bearer ${t}`;
    return h;
  }
  // The signed-in session's CSRF value (the readable cookie signing in set; "": signed out). A write the
  // session cookie signs (no Authorization header) sends it in X-CSRF-Token; a page of another site can't.
  const csrf = () => decodeURIComponent((document.cookie.split("; ").find((c) => c.startsWith("caravan_csrf=")) || "").slice(13));
  async function api(method, path, game, body, bearer) {  // `bearer`: this token instead of the game's chosen seat's
    const opts = { method, headers: headers(game, body !== undefined ? { "Content-Type": "application/json" } : {}) };
    if (method !== "GET" && csrf()) opts.headers["X-CSRF-Token"] = csrf();
    if (bearer) opts.headers["Authorization"] = `Bearer ${bearer}`;
    if (body !== undefined) opts.body = JSON.stringify(body);
    const r = await fetch(path, opts);
    let data = null;
    try { data = await r.json(); } catch { data = null; }
    return { ok: r.ok, status: r.status, data };
  }
  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
    }
    for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k instanceof Node ? k : String(k));
    return e;
  }
  // A private game's page (a fork made while its game was played) is refused to a browser opening it, which
  // sends no token; the refusal page asks again with a seat's token this browser keeps (or one pasted
  // there) in the Authorization header, and the game page that answers is written in its place.
  async function openPrivate(game) {
    const form = document.getElementById("private-form"), notice = document.getElementById("private-notice");
    async function open(token) {
      sessionStorage.setItem(privateKey(game), "1");
      const r = await fetch(location.href, { headers: { Authorization: `Bearer ${token}`, Accept: "text/html" } });
      if (!r.ok) return false;
      const html = await r.text();
      document.open(); document.write(html); document.close();
      return true;
    }
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const token = form.token.value.trim();
      if (!token) return;
      const r = await api("GET", `/games/${game}/view/frame`, null, undefined, token);
      if (!r.ok || typeof (r.data && r.data.you) !== "number") {
        notice.textContent = r.ok ? "That token is not a seat of this game (the arbiter reads it through the API or the CLI)."
          : `Refused: ${r.data ? r.data.detail : `HTTP ${r.status}`}`;
        return;
      }
      form.token.value = "";
      keepSeat(game, r.data.you, token); choose(game, r.data.you);
      notice.textContent = `Opening the game as seat ${r.data.you}…`;
      if (!(await open(token))) notice.textContent = "Refused: the game page did not open with that token.";
    });
    const held = seats(game), first = chosen(game);
    for (const seat of [first, ...Object.keys(held)].filter((s, i, all) => s !== "" && held[s] && all.indexOf(s) === i)) {
      notice.textContent = `Opening the game as seat ${seat}, whose token this browser keeps…`;
      choose(game, seat);
      if (await open(held[seat])) return;
      dropSeat(game, seat);
      notice.textContent = `This browser's token for seat ${seat} was refused.`;
    }
  }
  return { seats, keepSeat, dropSeat, chosen, choose, token, headers, api, el, openPrivate, csrf };
})();
// The header's account bar. Sign in and Sign up lead back to this page once done (`?next=` its path: never
// its query or fragment). Sign out (shown when the page was drawn for a signed-in reader): DELETE
// /sessions/current with the session's CSRF value (the readable `caravan_csrf` cookie signing in set) in
// X-CSRF-Token.
(() => {
  const here = location.pathname, back = ["/signin", "/signup"].includes(here)
    ? new URLSearchParams(location.search).get("next") : here;
  for (const a of document.querySelectorAll('a[href="/signin"], a[href="/signup"]'))
    if (back && back !== "/") a.href = `${a.pathname}?${new URLSearchParams({ next: back })}`;
  const out = document.getElementById("sign-out");
  if (!out) return;
  out.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const r = await fetch("/sessions/current", { method: "DELETE", credentials: "same-origin",
      headers: { "Accept": "application/json", "X-CSRF-Token": caravan.csrf() } });
    if (r.ok || r.status === 401) { location.reload(); return; }  // 401: the session had ended already
    let d = null;
    try { d = await r.json(); } catch { d = null; }
    document.getElementById("sign-out-notice").textContent = `Not signed out: ${d ? d.detail : `HTTP ${r.status}`}`;
  });
})();
