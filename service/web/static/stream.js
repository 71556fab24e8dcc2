// A live game page's frame stream: asked for with fetch (so a seat's token goes in a header) and read as
// server-sent events, each frame handed to the page. After a drop it is asked for again (pausing longer each
// time), and so it is after a silence of three keep-alives (a connection that stalled): the first frame of a
// stream is the game as it is, so the page catches up. When the server refuses the stream (503: too many
// streams in all; 429: from this address), the page says so and asks for the frame every few seconds
// instead, asking for the stream again after its Retry-After.
"use strict";
var caravanStream = (() => {
  const POLL_MS = 2500, REFUSED = "Live updates are refused for now";
  const STALL_MS = 45000;  // the server sends a keep-alive every 15 s (CARAVAN_STREAM_KEEPALIVE) while the game is quiet
  const sleep = (ms) => new Promise((res) => setTimeout(res, ms));
  function readOrStall(reader) {  // the next chunk, or {stalled: true} when nothing came for STALL_MS
    let timer;
    const stall = new Promise((res) => { timer = setTimeout(() => res({ stalled: true }), STALL_MS); });
    return Promise.race([reader.read(), stall]).finally(() => clearTimeout(timer));
  }
  async function withoutStream(r, signal, page) {
    let detail = "";
    try { detail = (await r.json()).detail || ""; } catch (e) { detail = ""; }  // (not JSON: said without it)
    page.say(`${REFUSED}${detail ? ` (${detail})` : ""}: this page asks for the game every few seconds instead.`);
    const after = Number(r.headers.get("Retry-After")) || 5;
    const until = Date.now() + Math.min(Math.max(after, 2), 60) * 1000;
    for (let first = true; !signal.aborted; first = false) {
      try { await page.refetch(!first); } catch (e) { /* the server is away: asked again in a moment */ }
      if (signal.aborted || page.over() || Date.now() >= until) return;
      await sleep(POLL_MS);
    }
  }
  async function read(r, page) {  // the stream's frames to the page, until it ends or stalls
    const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = "", fresh = false;  // the first frame of a connection is the game as it is, not news
    for (;;) {
      const { value, done, stalled } = await readOrStall(reader);
      if (stalled) { reader.cancel().catch(() => {}); return; }  // not even a keep-alive: connect again
      if (done) return;
      buf += value;
      let cut;
      while ((cut = buf.search(/\r?\n\r?\n/)) >= 0) {
        const block = buf.slice(0, cut); buf = buf.slice(cut).replace(/^\r?\n\r?\n/, "");
        const data = block.split(/\r?\n/).filter((l) => l.startsWith("data:")).map((l) => l.slice(5).replace(/^ /, "")).join("\n");
        if (data) { page.apply(JSON.parse(data), fresh); fresh = true; }
      }
    }
  }
  // `page`: {game, apply(frame, fresh), refetch(fresh), say(text, ok), notice() (its text), over() (the game
  // has ended: nothing more will come), refused() (401 for the seat chosen: true to go on as a spectator)}
  async function follow(page, signal) {
    const body = document.body;
    let delay = 500;
    while (!signal.aborted) {
      try {
        const r = await fetch(`/games/${page.game}/view/stream`, { headers: Object.assign(caravan.headers(page.game), { Accept: "text/event-stream" }), signal });
        if (r.status === 401) { if (page.refused()) continue; return; }
        if (r.status === 503 || r.status === 429) {
          await withoutStream(r, signal, page);
          if (page.over()) return;
          continue;
        }
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        body.dataset.live = "yes";
        delay = 500;
        if (page.notice().startsWith(REFUSED)) page.say("Live updates are back.", true);
        await read(r, page);
      } catch (e) {
        if (signal.aborted) return;
        if (!(e instanceof TypeError && /network|fetch/i.test(e.message))) {
          (window.caravanErrors = window.caravanErrors || []).push(String(e && e.stack || e));
          console.error("frame stream:", e);
        }
      }
      body.dataset.live = "no";
      if (page.over()) return;  // the stream ends with the game (finished or abandoned)
      await sleep(delay);
      delay = Math.min(delay * 2, 8000);
    }
  }
  return { follow };
})();
