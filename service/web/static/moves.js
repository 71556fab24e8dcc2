// A game page's moves: the seat's legal moves grouped and in words, each group with the one line that says why
// it is offered (the game's guide.py WHY), and the parts of the board a click chooses moves by. A board click
// that would play a move shows it first: the move is marked in the list, "click again or press Enter to play"
// is said, and a second click on the same part (or Enter) plays it; Escape cancels. "Play board clicks at
// once" (kept in localStorage) turns this off. A click on a move in the list plays it at once.
"use strict";
var caravanMoves = (() => {
  const AT_ONCE = "caravan:board-at-once";
  const atOnce = () => localStorage.getItem(AT_ONCE) === "yes";

  // `board`: the board's element; `moves`: the list's (absent in a replay); `frame()`: the frame shown;
  // `play(entry)`: plays a move entry
  function setup({ board, moves, frame, play }) {
    const { el } = caravan;
    let picked = null;   // a board target the player clicked, narrowing the moves shown
    let pending = null;  // {target, entry}: a board click's move, shown and waiting for a second click or Enter
    let drawn = null;    // what the list was last drawn from

    const targets = () => new Set(frame().moves.filter((m) => m.target).map((m) => m.target));
    function mark() {
      const can = targets();
      for (const t of board.querySelectorAll("[data-target]")) {
        const on = can.has(t.dataset.target);
        t.classList.toggle("can", on);
        t.classList.toggle("chosen", on && (t.dataset.target === picked || (pending && t.dataset.target === pending.target)));
        if (on) { t.setAttribute("tabindex", "0"); t.setAttribute("role", "button"); }
        else { t.removeAttribute("tabindex"); t.removeAttribute("role"); }
      }
    }
    function redraw() { draw(); mark(); }
    function cancel() { if (pending) { pending = null; redraw(); } }
    function reset() { picked = null; pending = null; }
    // the confirmation, and the setting that turns it off
    function confirmBar() {
      if (!pending) return null;
      return el("p", { class: "confirm-move", id: "confirm-move", role: "status" },
        `Click again or press Enter to play: ${pending.entry.text} `,
        el("button", { type: "button", id: "confirm-play", class: "primary", onclick: () => go(pending.entry) }, "Play it"), " ",
        el("button", { type: "button", id: "confirm-cancel", onclick: cancel }, "Cancel (Esc)"));
    }
    function setting() {
      const box = el("input", { type: "checkbox", id: "board-at-once" });
      box.checked = atOnce();
      box.addEventListener("change", () => { localStorage.setItem(AT_ONCE, box.checked ? "yes" : "no"); cancel(); });
      return el("p", { class: "small" }, el("label", {}, box, " play board clicks at once (no second click)"));
    }
    function draw() {
      if (!moves) return;
      const f = frame();
      const key = JSON.stringify([f.you, f.status, picked, pending && pending.entry.text, f.moves.map((m) => [m.group, m.choice || m.text])]);
      if (key === drawn) return;  // the same list: its buttons (and the focus on one) stay
      drawn = key;
      if (f.you === null || f.you === undefined) { moves.replaceChildren(); return; }
      if (!f.moves.length) {
        moves.replaceChildren(el("p", {}, f.status === "finished" ? "The game is over." : "Nothing for you to do now."));
        return;
      }
      const shown = picked ? f.moves.filter((m) => m.target === picked) : f.moves;
      const groups = new Map();
      shown.forEach((m) => { if (!groups.has(m.group)) groups.set(m.group, []); groups.get(m.group).push(m); });
      const kids = [el("h2", {}, `Your move (${shown.length})`)];
      const bar = confirmBar();
      if (bar) kids.push(bar);
      if (picked) kids.push(el("p", {}, `Moves for the part of the board you chose. `,
        el("button", { type: "button", onclick: () => { picked = null; redraw(); } }, "Show all moves")));
      for (const [g, ms] of groups) {
        const why = ms[0].why ? [el("p", { class: "why small" }, ms[0].why)] : [];  // the group's first move's type
        kids.push(el("fieldset", { class: "moves-group" }, el("legend", {}, `${g} (${ms.length})`), ...why,
          el("ul", {}, ms.map((m) => el("li", {}, el("button", { type: "button", title: m.text, onclick: () => go(m),
            class: isPending(m) ? "move pending" : "move", "aria-current": isPending(m) ? "true" : "false" },
            m.choice || m.text))))));
      }
      kids.push(setting());
      moves.replaceChildren(...kids);
    }
    // a redraw keeps the keyboard where it was: on the same move or board part when it is still there, else on
    // the first move of the list (after a move played with Enter), never back at the top of the page
    function focusKey() {
      const a = document.activeElement;
      if (!a || a === document.body) return null;
      if (a.matches("#moves button.move")) return { move: a.textContent };
      if (a.closest("#moves")) return { moves: true };  // the list's box, or a button of it not a move
      const t = a.closest("#board [data-target]");
      return t ? { target: t.dataset.target } : null;
    }
    function refocus(key) {
      const a = document.activeElement;  // (the list's box holds the focus while there is no move in it)
      if (!key || (a && a !== document.body && !(a === moves && key.moves))) return;
      const buttons = [...document.querySelectorAll("#moves button.move")];
      const target = key.target ? [...board.querySelectorAll("[data-target].can")].find((t) => t.dataset.target === key.target) : null;
      const again = target || buttons.find((b) => b.textContent === key.move) || buttons[0]
        || board.querySelector("[data-target].can") || moves;
      if (again) { if (again === moves) again.setAttribute("tabindex", "-1"); again.focus({ preventScroll: true }); }
    }
    const isPending = (m) => !!pending && pending.entry.text === m.text && pending.target === m.target;
    function go(entry) { pending = null; play(entry); }
    function click(ev) {
      const t = ev.target.closest("[data-target]");
      if (!t || !t.classList.contains("can")) return;
      const ms = frame().moves.filter((m) => m.target === t.dataset.target);
      if (ms.length === 1) {
        if (atOnce() || (pending && pending.target === t.dataset.target && pending.entry.text === ms[0].text)) { go(ms[0]); return; }
        pending = { target: t.dataset.target, entry: ms[0] }; picked = null; redraw();
        t.focus({ preventScroll: true });
        return;
      }
      pending = null; picked = t.dataset.target; redraw();
      const first = moves && moves.querySelector("button.move"); if (first) first.focus();
    }
    board.addEventListener("click", click);
    board.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); click(ev); } });
    document.addEventListener("keydown", (ev) => {
      if (!pending || ev.target.closest("input, textarea, #board")) return;  // (on the board its own Enter confirms)
      if (ev.key === "Escape") { ev.preventDefault(); cancel(); }
      else if (ev.key === "Enter" && !ev.target.closest("button")) { ev.preventDefault(); go(pending.entry); }
    });
    board.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && pending) { ev.preventDefault(); cancel(); } });
    return { draw, mark, reset, focusKey, refocus };
  }
  return { setup };
})();
