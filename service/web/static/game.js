// A game page: the board and the account of what happened, live from the frame stream; for a seat its
// moves in words (and by clicking the board: moves.js); in replay mode a slider over every version.
"use strict";
(() => {
  const { el } = caravan;
  const body = document.body;
  const game = body.dataset.game;
  const mode = body.dataset.mode;
  const $ = (id) => document.getElementById(id);
  const boardBox = $("board"), statusBox = $("status"), account = $("account"), notice = $("notice");
  let frame = JSON.parse($("frame0").textContent);
  let shownEvents = 0;  // the highest event version in the account
  let toldFor;  // the reader the account is told for (a seat, or null: a spectator)
  let lastBoard = null; // the board markup last drawn
  window.caravanRedraws = [];  // milliseconds each redraw took (read by the tests and the bench)

  function say(text, ok) { notice.textContent = text || ""; notice.classList.toggle("ok", !!ok); }
  const names = () => frame.players.map((p) => p.name);
  const who = (s) => (s === null || s === undefined ? "a spectator" : `${names()[s] ?? s} (seat ${s})`);

  // --- the header: players, turn, result, chance -------------------------------------------------------
  let notBack = null;  // the server's refusal of "I'm back" ({seat, detail}), said while the seat stays away
  let backButton = null;  // one element for good: the status box is drawn anew on every frame, and a click
  // must land on the button it began on while the AI plays the seat (a frame every few milliseconds)
  function drawStatus() {
    if (notBack && (notBack.seat !== frame.you || !(frame.absent || []).some((a) => a.seat === notBack.seat))) notBack = null;
    else if (notBack && frame.version > notBack.version && !spent(notBack.seat)) notBack = null;  // the game moved on, the
    // seat still away and time on its clock (per-decision: the AI made the decision that timed out): a retry can hold
    const acting = new Set(frame.actors || []);
    const list = el("ul", { class: "players" }, frame.players.map((p) =>
      el("li", { class: [acting.has(p.seat) ? "acting" : "", frame.you === p.seat ? "you" : ""].join(" ").trim(),
                 "data-seat": p.seat },
         `${p.seat}: ${p.name}${p.ai ? ` (ai-${p.ai})` : ""}${frame.you === p.seat ? " — you" : ""}`)));
    const bits = [list];
    const line = [`version ${frame.version}`];
    if (frame.status === "finished") line.push("finished");
    else if (frame.waiting_for === "chance") line.push(`waiting for chance: ${frame.chance || ""}`);
    else if (acting.size) line.push(`to act: ${[...acting].map((s) => names()[s]).join(", ")}`);
    bits.push(el("p", { class: "line" }, line.join(" · ")));
    if (frame.sealed) bits.push(el("p", { class: "small sealed" }, `Sealed: ${frame.sealed}.`));
    for (const a of frame.absent || []) {  // once the game is over nobody plays for anyone
      const over = frame.status !== "active";
      bits.push(el("p", { class: "small absent" }, `${who(a.seat)} ${a.resigned ? "resigned" : over ? "was away at the end" : "is away"}`
        + (over ? "." : `: ai-${a.ai} plays for it.`)));
      if (a.seat === frame.you && !a.resigned && !over) {  // the AI answers in moments: moving first rarely works
        // refused (409, e.g. no time left on the clock): the reason instead of the button, until a later frame
        // shows time on the seat's clock (drawStatus's first lines)
        if (notBack && notBack.seat === a.seat) bits.push(el("p", { class: "small refused", id: "come-back-refused" }, `Refused: ${notBack.detail}.`));
        else bits.push(backButton = backButton || el("button", { type: "button", id: "come-back", onclick: comeBack }, "I'm back: give me my seat"));
      }
    }
    if (frame.result) {
      const r = frame.result;
      const order = r.ranks.map((_, s) => s).sort((a, b) => r.ranks[a] - r.ranks[b]);
      bits.push(el("p", { class: "result" }, "Result: " + order.map((s) => `${r.ranks[s]}. ${names()[s]} (${r.scores[s]})`).join(", ")));
      if (r.said || r.detail) bits.push(el("p", { class: "small" }, r.said || r.detail));
    }
    statusBox.replaceChildren(...bits);
  }

  // --- the account of what happened ----------------------------------------------------------------------
  function addEvents(events, fresh) {
    for (const e of events) {
      if (e.version <= shownEvents) continue;
      shownEvents = e.version;
      const li = el("li", { value: e.version, "data-version": e.version, "data-kind": e.kind, class: fresh ? "new" : "" }, e.text);
      account.append(li);
      if (fresh) setTimeout(() => li.classList.remove("new"), 2500);
    }
    while (account.children.length > 200) account.firstElementChild.remove();
    account.scrollTop = account.scrollHeight;
  }

  // --- moves: grouped, in words, and by clicking the board (moves.js) --------------------------------------
  const moves = caravanMoves.setup({ board: boardBox, moves: $("moves"), frame: () => frame, play });
  async function play(m) {
    say("sending…", true);
    const r = await caravan.api("POST", `/games/${game}/moves`, game, { move: m.move, expected_version: frame.version });
    moves.reset();
    if (r.ok) { say(`played: ${m.text}`, true); await unlessLive(r.data && r.data.version); return; }  // live: the stream brings the new frame
    say(r.data ? `Refused: ${r.data.detail || r.data.error}` : `Refused (HTTP ${r.status})`);
    await refetch();
  }

  // --- clocks (clocks.js) and undo -----------------------------------------------------------------------------
  const clocks = caravanClocks.setup({ frame: () => frame, who });
  function drawUndo() {
    const box = $("undo");
    if (!box) return;
    const u = frame.undo;
    if (!u || frame.status !== "active") { box.replaceChildren(); box.hidden = true; return; }
    const kids = [], p = u.pending, you = frame.you;
    if (p) {
      const agreed = (p.consents || []).map((s) => names()[s]);
      const waiting = (p.waiting_for || []).map((s) => names()[s]);
      kids.push(el("p", { class: "pending", role: "status" }, `Undo asked by ${who(p.by)}: back to the position after event ${p.to}.`,
        agreed.length ? ` Agreed: ${agreed.join(", ")}.` : "", waiting.length ? ` Waiting for: ${waiting.join(", ")}.` : ""));
      if (you !== null && you !== undefined && p.by === you)
        kids.push(el("button", { type: "button", id: "undo-withdraw", onclick: () => undoVerb("withdraw", p.request, "undo withdrawn") }, "Withdraw my request"));
      else if (u.consent)
        kids.push(el("div", { class: "undo-answer" },
          el("button", { type: "button", id: "undo-consent", class: "primary", onclick: () => undoVerb("consent", u.request, "undo agreed") }, `Agree: back to event ${p.to}`),
          " ", el("button", { type: "button", id: "undo-decline", onclick: () => undoVerb("decline", u.request, "undo declined") }, "Decline")));
    } else if (u.possible) {
      kids.push(el("button", { type: "button", id: "undo-button", onclick: () => undoVerb("request", null, "undo asked") }, `Take back my move (to version ${u.to})`));
    } else if (you !== null && you !== undefined && u.why_not) {
      kids.push(el("p", { class: "small" }, `No undo now: ${u.why_not}.`));
    }
    box.hidden = !kids.length;
    box.replaceChildren(...kids);
  }
  function spent(seat) {  // no time on the seat's clock now (a Fischer main time spent, a decision timed out)
    const c = frame.clock && (frame.clock.seats || []).find((x) => x.seat === seat);
    return !!c && c.remaining !== null && c.remaining !== undefined && c.remaining <= 0;
  }
  async function comeBack() {
    const r = await caravan.api("POST", `/games/${game}/return`, game);
    if (!r.ok) {
      if (r.status === 409 && r.data && r.data.detail) notBack = { seat: frame.you, detail: r.data.detail, version: frame.version };
      say(r.data ? `Refused: ${r.data.detail}` : `Refused (HTTP ${r.status})`); await refetch();
    } else { notBack = null; say("Your seat is yours again.", true); await unlessLive(); }  // live: the stream brings the new frame
  }
  async function undoVerb(action, request, done) {
    const body = action === "request" ? {} : { action, request };  // an answer names the pending request
    const r = await caravan.api("POST", `/games/${game}/undo`, game, body);
    if (!r.ok) { say(r.data ? `Refused: ${r.data.detail}` : `Refused (HTTP ${r.status})`); await refetch(); }
    else {
      if (action === "request") asked = { after: frame.version, you: frame.you };
      say(done, true); await unlessLive();  // live: the stream brings the new frame
    }
  }
  // the seat that asked an undo is told how its request ended (the others answer it; the account says it too).
  // What it asked is kept apart from the frames: a stream sends at most a frame every so often, so the frame
  // that showed the request pending may never come (asked and declined between two frames)
  let asked = null;  // {after: a version before the request, you: the seat that asked}
  function undoSettled(old, f) {
    const p = old.undo && old.undo.pending;
    if (p && old.you === f.you && p.by === f.you) asked = { after: p.request - 1, you: f.you };
    if (!asked || asked.you !== f.you || f.you === null || f.you === undefined) return;
    const now = f.undo && f.undo.pending;
    if (now && now.by === f.you) { asked.after = now.request - 1; return; }  // still pending
    const since = asked.after;
    asked = null;
    const end = (f.events || []).find((e) => e.version > since && ["undo-declined", "undo", "undo-withdrawn"].includes(e.kind));
    if (!end) { if (notice.textContent === "undo asked") say("Your undo request is no longer pending."); return; }
    if (end.kind === "undo-declined") {
      const by = end.text.match(/^(.*) declines the undo asked at event \d+$/);  // the account's words (frames.py)
      say(`${by ? `${by[1]} declined your undo request` : "Your undo request was declined"}: nothing is taken back.`);
    }
    else if (end.kind === "undo") say(`Your undo request was agreed: ${end.text}.`, true);
  }

  // --- resigning: a seat leaves the game, after saying it means it -------------------------------------------
  let confirming = false, leaveDrawn = null;
  function drawLeave() {
    const box = $("leave");
    if (!box) return;
    const you = frame.you;
    const may = you !== null && you !== undefined && frame.status === "active" && !(frame.players[you] || {}).ai
      && !(frame.absent || []).some((a) => a.seat === you && a.resigned);
    if (!may) confirming = false;
    const key = JSON.stringify([may, confirming, you]);
    if (key === leaveDrawn) return;  // the same buttons (and the focus on one) stay
    leaveDrawn = key;
    box.hidden = !may;
    if (!may) { box.replaceChildren(); return; }
    if (!confirming) {
      box.replaceChildren(el("button", { type: "button", id: "resign", onclick: () => { confirming = true; drawLeave(); $("resign-cancel").focus(); } }, "Resign…"));
      return;
    }
    box.replaceChildren(
      el("p", { class: "confirm" }, "Resign this game? You will be ranked last among those still in, and an AI plays your remaining decisions. A resignation is final."),
      el("button", { type: "button", id: "resign-confirm", class: "primary", onclick: resign }, "Yes, resign"), " ",
      el("button", { type: "button", id: "resign-cancel", onclick: () => { confirming = false; drawLeave(); $("resign").focus(); } }, "No, keep playing"));
  }
  async function resign() {
    const r = await caravan.api("POST", `/games/${game}/resign`, game);
    confirming = false;
    if (!r.ok) { say(r.data ? `Refused: ${r.data.detail}` : `Refused (HTTP ${r.status})`); drawLeave(); await refetch(); return; }
    say("You resigned: you are ranked last among those still in, and an AI plays your remaining decisions.", true);
    drawLeave(); await unlessLive();  // live: the stream brings the new frame
  }

  // --- a redraw ----------------------------------------------------------------------------------------------
  // a live frame older than the one shown, for the same reader, is an answer the stream overtook (a refetch
  // slower under load than the next move and its frame): drawing it took the page back with nothing to come
  const readerOf = (f) => (f.you === undefined ? null : f.you);
  const older = (f) => mode === "live" && f.version < frame.version && readerOf(f) === readerOf(frame);
  function apply(f, fresh) {
    if (older(f)) return;
    const t0 = performance.now();
    if (f.you !== frame.you || f.version !== frame.version) moves.reset();
    const reader = readerOf(frame);
    if (mode === "live") undoSettled(frame, f);
    frame = f;
    if (f.server_time) clocks.serverTime(f.server_time);
    const focused = moves.focusKey();
    if (f.board !== lastBoard) { boardBox.innerHTML = f.board; lastBoard = f.board; }  // the same picture again (an undo note, a refetch) stays
    drawStatus(); moves.mark(); moves.draw(); clocks.draw(); drawUndo(); drawLeave();
    if (reader !== readerOf(f)) drawSeats();  // (signed in: the cookie's seat, said in the seat bar)
    moves.refocus(focused);
    if (mode === "live") {
      // the account is told for one reader: the page is first drawn for a spectator, and a seat's frames tell
      // the same events with what that seat may read (its own draws), so a new reader's account starts afresh
      if (f.you !== toldFor) { account.replaceChildren(); shownEvents = 0; toldFor = f.you; }
      addEvents(f.events, fresh);
    } else { account.replaceChildren(); shownEvents = 0; addEvents(f.events, false); }  // replay: the steps up to the one shown
    body.dataset.version = f.version;
    body.dataset.status = f.status;
    void boardBox.offsetHeight;  // the layout too, in the time measured
    window.caravanRedraws.push(performance.now() - t0);
  }

  // --- who am I -------------------------------------------------------------------------------------------------
  function drawSeats() {
    const held = caravan.seats(game);
    const chosen = caravan.chosen(game);
    const kids = [el("button", { type: "button", "aria-pressed": chosen === "" ? "true" : "false", onclick: () => switchTo(null) }, "Spectator")];
    for (const s of Object.keys(held))
      kids.push(el("button", { type: "button", "data-seat": s, "aria-pressed": chosen === s ? "true" : "false", onclick: () => switchTo(s) },
        `Seat ${s}${frame.players[s] ? ": " + frame.players[s].name : ""}`));
    $("seat-buttons").replaceChildren(...kids);
    const signedIn = chosen === "" && typeof frame.you === "number";  // the session cookie's account holds a seat
    $("as").textContent = signedIn ? `Playing as ${who(frame.you)}, signed in.`
      : chosen === "" ? "Watching as a spectator." : `Playing as ${who(Number(chosen))}.`;
  }
  function switchTo(seat) { caravan.choose(game, seat); drawSeats(); restart(); }
  $("seat-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const token = $("token-input").value.trim();
    if (!token) return;
    const r = await fetch(`/games/${game}/view/frame`, { headers: { Authorization: `Bearer ${token}`, Accept: "application/json" } });
    const data = await r.json();
    if (!r.ok || data.you === null || data.you === undefined) { say(r.ok ? "That token is not a seat of this game." : `Refused: ${data.detail}`); return; }
    $("token-input").value = "";
    caravan.keepSeat(game, data.you, token);
    say(`You hold seat ${data.you} in this browser.`, true);
    switchTo(data.you);
  });

  // --- live: the frame stream (stream.js) -----------------------------------------------------------------------
  let controller = null;
  async function refetch(fresh) {
    const path = mode === "replay" ? `/games/${game}/view/frame?at=${frame.version}` : `/games/${game}/view/frame`;
    const r = await fetch(path, { headers: caravan.headers(game) });
    if (r.ok) apply(await r.json(), !!fresh);
  }
  // `version`: the one an answer says the game reached; should the stream not bring it soon (a notice lost, a
  // stream stalled under load), the page asks for the frame itself
  const CATCH_UP_MS = 3000;
  async function unlessLive(version) {
    if (mode !== "live") return;
    if (body.dataset.live !== "yes") { await refetch(true); return; }
    if (version) setTimeout(() => { if (frame.version < version) refetch(true).catch(() => {}); }, CATCH_UP_MS);
  }
  const followed = { game, apply, refetch, say, notice: () => notice.textContent, over: () => frame.status !== "active",
    refused() {  // the stream refused the chosen seat's token (401)
      const c = caravan.chosen(game);
      if (c === "") {  // refused with no token at all: a private game, which has no spectator's view
        say("This game is private: only its own seats (with their token) and the arbiter may follow it."); return false;
      }
      caravan.dropSeat(game, c);
      say("This browser's token for that seat was refused; watching as a spectator."); drawSeats(); return true;
    } };
  function follow() {
    controller = new AbortController();
    caravanStream.follow(followed, controller.signal);
  }
  function restart() {
    if (controller) controller.abort();
    if (mode === "live") follow(); else refetch();
  }

  // --- replay ----------------------------------------------------------------------------------------------------
  function setupReplay() {
    const slider = $("slider"), out = $("at-out"), link = $("at-link"), step = $("step-text");
    let latest = Number(frame.latest || frame.version);
    let want = frame.version, busy = false;
    async function go(n) {
      want = Math.max(1, Math.min(latest, n));
      slider.value = want; out.textContent = want;
      link.href = `/games/${game}/replay?at=${want}`;
      history.replaceState(null, "", `/games/${game}/replay?at=${want}`);
      if (busy) return;
      busy = true;
      try {
        for (;;) {
          const target = want;
          const r = await fetch(`/games/${game}/view/frame?at=${target}`, { headers: caravan.headers(game) });
          if (r.ok) {
            const f = await r.json();
            apply(f, false); showStep();
            if (f.latest) latest = Math.max(latest, f.latest);
            slider.max = latest; $("latest").textContent = latest;
            analysis.setLatest(latest);
          }
          if (want === target) break;
        }
      } finally { busy = false; }
    }
    function showStep() {
      const e = frame.events.find((x) => x.version === frame.version) || frame.events[frame.events.length - 1];
      step.textContent = e ? `${e.version}. ${e.text}` : "";
      body.dataset.at = frame.version;
      analysis.show(frame.version);
    }
    const analysis = caravanAnalysis.setup({ game, box: $("analysis"), verdict: $("verdict"), latest, go,
      headers: () => caravan.headers(game), finished: () => (frame.status_now || frame.status) === "finished" });
    slider.addEventListener("input", () => go(Number(slider.value)));
    $("first").addEventListener("click", () => go(1));
    $("prev").addEventListener("click", () => go(Number(slider.value) - 1));
    $("next").addEventListener("click", () => go(Number(slider.value) + 1));
    $("last").addEventListener("click", () => go(latest));
    document.addEventListener("keydown", (ev) => {
      if (ev.target.closest("input[type=password], textarea")) return;
      const n = Number(slider.value);
      if (ev.key === "ArrowLeft") { ev.preventDefault(); go(n - 1); }
      else if (ev.key === "ArrowRight") { ev.preventDefault(); go(n + 1); }
      else if (ev.key === "Home") { ev.preventDefault(); go(1); }
      else if (ev.key === "End") { ev.preventDefault(); go(latest); }
    });
    showStep();
    fetch(`/games/${game}/verify`, { headers: caravan.headers(game) }).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);  // (refused or busy: not a verdict on the log)
      return r.json();
    }).then((v) => {
      const badge = $("verify");
      badge.classList.remove("badge-pending");
      if (v.ok) {
        badge.classList.add("badge-ok");
        badge.textContent = `verified: ${v.events} events — ${(v.checked || []).join("; ")}`;
      } else {
        badge.classList.add("badge-bad");
        badge.replaceChildren(`fails at version ${v.version}: ${v.reason} `, el("a", { href: `/games/${game}/replay?at=${v.version}` }, "go there"));
      }
      badge.dataset.ok = v.ok ? "yes" : "no";
    }).catch(() => { const badge = $("verify"); badge.classList.remove("badge-pending"); badge.textContent = "could not check the log now"; });
    if (caravan.token(game)) refetch().then(showStep);
  }

  drawSeats();
  apply(frame, false);
  if (mode === "live") follow(); else setupReplay();
})();
