// A one-time link to this page as a seat (`caravan game new` prints one): /games/ID/view#claim=CODE. The code
// is in the fragment, which a browser never sends; this script takes it out of the address at once, trades it
// once for the seat's token (POST /games/ID/claim), keeps the token as "Take the seat" does, and opens the
// page again as that seat (a private game's refusal page too: it opens the game with a seat it keeps). A code
// used already or expired is said, and the page stays as it was.
"use strict";
(() => {
  const m = /(?:^#|&)claim=([A-Za-z0-9_-]{1,128})(?:&|$)/.exec(location.hash);
  if (!m) return;
  const game = document.body.dataset.game;
  history.replaceState(history.state, "", location.pathname + location.search);
  const notice = () => document.getElementById("notice") || document.getElementById("private-notice");  // (a private game's refusal page)
  caravan.api("POST", `/games/${game}/claim`, null, { code: m[1] }).then((r) => {
    if (r.ok && r.data && typeof r.data.seat === "number" && typeof r.data.token === "string") {
      caravan.keepSeat(game, r.data.seat, r.data.token);
      caravan.choose(game, r.data.seat);
      location.reload();
      return;
    }
    const why = r.data && r.data.detail ? r.data.detail : `HTTP ${r.status}`;
    notice().textContent = `This link did not give a seat: ${why}.`;
    notice().dataset.claim = "refused";
  }).catch(() => { notice().textContent = "This link could not be used now: the server did not answer."; });
})();
