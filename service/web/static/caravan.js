// Shared by every page: seat tokens kept in this browser (localStorage, never in a URL), and fetch with
// the chosen seat's token in the Authorization header.
"use strict";
const caravan = (() => {
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
  function choose(game, seat) { sessionStorage.setItem(asKey(game), seat === null ? "" : String(seat)); }
  function token(game) { const c = chosen(game); return c === "" ? null : (seats(game)[c] || null); }
  function headers(game, extra) {
    const h = Object.assign({ "Accept": "application/json" }, extra || {});
    const t = game ? token(game) : null;
    if (t) h["Authorization"] = `Bearer ${t}`;
    return h;
  }
  async function api(method, path, game, body) {
    const opts = { method, headers: headers(game, body !== undefined ? { "Content-Type": "application/json" } : {}) };
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
  return { seats, keepSeat, dropSeat, chosen, choose, token, headers, api, el };
})();
