// A game page's clocks: the time control in words and each seat's time left, ticking between the frames that
// bring the clocks as the server holds them (a seat's deadline and what it is due, or a deadline for all).
"use strict";
var caravanClocks = (() => {
  const mmss = (sec) => {
    const t = Math.max(0, Math.floor(sec));
    const h = Math.floor(t / 3600), m = Math.floor((t % 3600) / 60), s = String(t % 60).padStart(2, "0");
    return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
  };
  const span = (sec) => (sec >= 60 ? mmss(sec) : `${sec} s`);
  function controlWords(control) {  // "fischer 600+3: 10:00 for the game, 3 s more after each move"
    const [kind, rest] = control.split(":");
    if (kind === "fischer") {
      const [main, inc] = rest.split("+").map(Number);
      return `fischer ${rest}: ${span(main)} for the game` + (inc ? `, ${span(inc)} more after each move` : ", nothing added after a move");
    }
    if (kind === "per-decision") return `per-decision ${rest}: ${span(Number(rest))} for each decision`;
    return `time control ${control}`;
  }

  // `frame()`: the frame shown; `who(seat)`: a seat in words. `draw()` after each frame; `serverTime(t)` when a
  // frame says the server's time, so the deadlines are read on the server's clock
  function setup({ frame: shown, who }) {
    const { el } = caravan;
    let timer = null, skew = 0;  // skew: the server's clock minus this browser's (seconds)
    const clockTime = (unix) => new Date((unix - skew) * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
    function draw() {
      const box = document.getElementById("clock");
      if (!box) return;
      clearInterval(timer);
      const frame = shown();
      const c = frame.clock && frame.clock.control !== "none" ? frame.clock : null;
      if (frame.status !== "active" || (!c && !frame.deadline)) { box.hidden = true; box.replaceChildren(); return; }
      box.hidden = false;
      const rows = [];
      const kids = [el("h2", {}, "Clocks")];
      if (c) {
        const [rule, secs] = (c.no_show || "").split(":");
        kids.push(el("p", { class: "small rules" }, `${controlWords(c.control)}; a seat out of time ${c.absent === "default"
          ? "gets the rulebook's default move" : String(c.control).startsWith("fischer")
            ? `is played by an AI (${c.absent}) for the rest of the game (its time is spent: no way back)`
            : `is played by an AI (${c.absent}) until its player comes back`}`
          + (rule ? `; a seat without a first move after ${secs} s ${rule === "forfeit" ? "is forfeited (ranked last)" : "is taken over by an AI"}` : "")));
        const list = el("ul", { class: "clocks" });
        for (const s of c.seats) {
          const left = el("b", { class: "left" }), li = el("li", { "data-seat": s.seat, class: s.running ? "running" : "" },
            s.running ? "▶ " : "■ ", `${who(s.seat)}: `, left, s.running ? ` — running, to act until ${clockTime(s.deadline)}` : "",
            s.running && s.due === "no-show" ? ` to make a first move (no-show rule: ${rule === "forfeit" ? "forfeit" : "an AI takes over"}; ${mmss(s.remaining)} on the clock)` : "",
            s.running && s.due === "phase" ? ` (the phase's time limit; ${mmss(s.remaining)} on the clock)` : "",
            s.ai ? ` (played by ai-${s.ai})` : "");
          rows.push({ s, left, li });
          list.append(li);
        }
        kids.push(list);
      }
      const due = el("p", { class: "due" });
      const showDue = frame.deadline && !c;  // with seat clocks, each running seat's line says its deadline
      if (showDue) kids.push(due);
      box.replaceChildren(...kids);
      const tick = () => {
        const now = Date.now() / 1000 + skew;
        for (const { s, left, li } of rows) {
          const sec = s.running && s.deadline ? s.deadline - now : s.remaining;
          left.textContent = sec === null || sec === undefined ? "no limit" : mmss(sec);
          li.classList.toggle("low", s.running && sec < 10);
        }
        if (showDue) {
          const left = frame.deadline - now;
          due.textContent = `Deadline ${clockTime(frame.deadline)}: ${mmss(left)} left to act` + (frame.time_limit ? ` (${frame.time_limit} s in all for what is asked now)` : "");
          due.classList.toggle("low", left < 10);
        }
      };
      tick(); timer = setInterval(tick, 250);
    }
    return { draw, serverTime: (t) => { skew = t - Date.now() / 1000; } };
  }
  return { setup };
})();
