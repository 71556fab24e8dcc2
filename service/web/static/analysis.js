// A replay's analysis (GET /games/{id}/analysis): each seat's win chance after each of its decisions drawn
// as a graph under the slider (a line per seat, each with its own dash and marker shape, and a label), and
// the verdict on the step shown beside its description, saying who made the move where the seat did not choose it
// (the AI playing for an away person, the clock's default): those are not the seat's, so neither counted in its
// accuracy nor on its line, which breaks where they were. A finished game without one offers to start it. It asks
// the API only for what the page knows is there: never for a game in play (409), nor for a finished game whose
// replay frame says it has no analysis (`analysis: "none"`, 404).
"use strict";
const caravanAnalysis = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00"];  // Okabe-Ito: told apart without colour too
  const DASHES = ["", "7 4", "2 3", "9 3 2 3", "4 2"];
  const SHAPES = ["circle", "square", "triangle", "diamond", "cross"];
  const SYMBOL = { circle: "●", square: "■", triangle: "▲", diamond: "◆", cross: "✚" };
  const VERDICT = { best: "★ best", good: "✓ good", inaccuracy: "?! inaccuracy", mistake: "? mistake", blunder: "?? blunder", forced: "forced" };
  const W = 360, H = 170, L = 38, R = 6, T = 14, B = 18;  // L: room for "100%" left of the frame
  const LABEL_GAP = 20;  // between two end labels' baselines: their boxes (11 px type, its halo) never meet
  const OWN = ["person", "ai"];  // a row's `by` when the seat chose the move itself (an AI seat's AI is the seat)
  const pct = (x) => `${Math.round(x * 100)}%`;  // a half rounded up, as the CLI's pct does (0.485: 49%)
  const svg = (tag, attrs, ...kids) => {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined && v !== "") e.setAttribute(k, v);
    for (const k of kids) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  };
  function marker(shape, x, y, colour) {
    const r = 3.2;
    const a = { fill: colour, stroke: "#000", "stroke-width": 0.6 };
    switch (shape) {
      case "square": return svg("rect", { ...a, x: x - r, y: y - r, width: 2 * r, height: 2 * r });
      case "triangle": return svg("polygon", { ...a, points: `${x},${y - r - 1} ${x - r - 1},${y + r} ${x + r + 1},${y + r}` });
      case "diamond": return svg("polygon", { ...a, points: `${x},${y - r - 1} ${x + r + 1},${y} ${x},${y + r + 1} ${x - r - 1},${y}` });
      case "cross": return svg("path", { ...a, d: `M${x - r},${y - 1}h${2 * r}v2h${-2 * r}zM${x - 1},${y - r}h2v${2 * r}h-2z` });
      default: return svg("circle", { ...a, cx: x, cy: y, r });
    }
  }

  function setup({ game, box, verdict, latest, go, headers, finished }) {
    let report = null, at = 1, last = latest;
    const { el } = caravan;
    const xOf = (v) => L + (W - L - R) * (last <= 1 ? 0 : (v - 1) / (last - 1));
    const yOf = (w) => T + (H - T - B) * (1 - w);

    function graph() {
      const names = report.players.map((p) => p.name);
      const g = svg("svg", { viewBox: `0 0 ${W} ${H}`, id: "value-graph", role: "img", "aria-label": "each seat's win chance after each of its decisions" });
      g.append(svg("title", {}, "Win chance after each decision, by seat"));
      for (const w of [0, 0.5, 1]) {
        g.append(svg("line", { x1: L, x2: W - R, y1: yOf(w), y2: yOf(w), stroke: "#999", "stroke-width": 0.5, "stroke-dasharray": w === 0.5 ? "3 3" : "" }));
        g.append(svg("text", { x: L - 4, y: yOf(w) + 4, "text-anchor": "end", "font-size": 11 }, `${Math.round(w * 100)}%`));
      }
      g.append(svg("text", { x: L, y: H - 4, "font-size": 11 }, "1"), svg("text", { x: W - R, y: H - 4, "font-size": 11, "text-anchor": "end" }, String(last)));
      const labels = [];
      for (const s of report.seats) {
        const pts = (s.graph || []).filter((p) => p.win !== null && p.win !== undefined);
        if (!pts.length) continue;
        const i = s.seat % COLOURS.length;
        const line = svg("g", { class: "seat-line", "data-seat": s.seat });
        for (const run of runs(s.seat, pts))  // a piece per stretch of its own moves: none joins across moves made for it
          line.append(svg("polyline", { points: run.map((p) => `${xOf(p.version)},${yOf(p.win)}`).join(" "), fill: "none",
            stroke: COLOURS[i], "stroke-width": 2, "stroke-dasharray": DASHES[i] }));
        for (const p of pts) {
          const m = marker(SHAPES[i], xOf(p.version), yOf(p.win), COLOURS[i]);
          m.append(svg("title", {}, `${names[s.seat]} after event ${p.version}: ${pct(p.win)}`));
          line.append(m);
        }
        const endP = pts[pts.length - 1];  // the seat's name at its line's end, inside the frame
        labels.push({ line, i, name: names[s.seat], x: xOf(endP.version) - 2, y: endP.win > 0.85 ? yOf(endP.win) + 14 : yOf(endP.win) - 6 });
        g.append(line);
      }
      for (const l of spread(labels)) {  // the marker in the seat's colour, the name in the text's
        l.line.append(svg("text", { class: "end-label", x: l.x, y: l.y, "text-anchor": "end", "font-size": 11, fill: "currentColor",
          "paint-order": "stroke", stroke: "var(--bg)", "stroke-width": 3 },
          svg("tspan", { fill: COLOURS[l.i] }, SYMBOL[SHAPES[l.i]]), ` ${l.name}`));
      }
      g.append(svg("line", { id: "graph-cursor", x1: xOf(at), x2: xOf(at), y1: T, y2: H - B, stroke: "currentColor", "stroke-width": 1.5 }));
      g.addEventListener("click", (ev) => {  // a click on the graph goes to the version under it
        const box = g.getBoundingClientRect();
        const x = (ev.clientX - box.left) * (W / box.width);
        go(Math.round(1 + (x - L) / (W - L - R) * (last - 1)));
      });
      return g;
    }
    function runs(seat, pts) {  // the points cut wherever a move made for the seat (the AI's, the clock's) came between
      const made = report.rows.filter((r) => r.kind === "decision" && r.seat === seat && !OWN.includes(r.by)).map((r) => r.version);
      const out = [];
      pts.forEach((p, k) => {
        if (!k || made.some((v) => v > pts[k - 1].version && v < p.version)) out.push([]);
        out[out.length - 1].push(p);
      });
      return out;
    }
    function spread(labels) {  // end labels moved apart (in order, within the frame) where they would overlap
      labels.sort((a, b) => a.y - b.y);
      const top = T + 10, bottom = H - B - 2;
      for (let k = 0; k < labels.length; k++) labels[k].y = Math.max(labels[k].y, k ? labels[k - 1].y + LABEL_GAP : top);
      for (let k = labels.length - 1; k >= 0; k--) labels[k].y = Math.min(labels[k].y, k < labels.length - 1 ? labels[k + 1].y - LABEL_GAP : bottom);
      return labels;
    }
    function legend() {
      return el("ul", { class: "graph-legend" }, report.seats.map((s) => {
        const i = s.seat % COLOURS.length;
        const name = report.players[s.seat].name;
        const acc = s.accuracy !== null && s.accuracy !== undefined ? `accuracy ${s.accuracy}%`
          : s.decisions ? `nothing at stake in ${name}'s decisions` : `no decision of ${name}'s own judged`;
        const plural = { inaccuracy: "inaccuracies", mistake: "mistakes", blunder: "blunders" };
        const marks = ["inaccuracy", "mistake", "blunder"].map((c) => `${s.classes[c]} ${s.classes[c] === 1 ? c : plural[c]}`).join(", ");
        const moves = (n) => `${n} move${n === 1 ? "" : "s"}`;
        const apart = [s.by_ai ? `${moves(s.by_ai)} made by the AI for ${name}` : "", s.by_clock ? `${moves(s.by_clock)} the clock's default for ${name}` : ""]
          .filter(Boolean).join(", ");
        return el("li", { "data-seat": s.seat }, el("span", { style: `color:${COLOURS[i]}` }, `${SYMBOL[SHAPES[i]]} `),
          `${name}: ${acc} (${marks})` + (apart ? `; not counted: ${apart}` : ""));
      }));
    }
    function meaning() {  // the figures in words (the CLI's `caravan analyse` says the same)
      const e = report.engine;
      const search = e.iterations === null || e.iterations === undefined ? `${e.budget} s of search` : `at most ${e.iterations} search iterations`;
      return el("p", { class: "small", id: "analysis-meaning" },
        "Win chance: the mover's chance to win after its move, judged from what that player could see then "
        + "(calibrated: of moves shown at 70%, about 7 in 10 were won; 100% or 0%: already decided). "
        + "Accuracy: the share of what a player's decisions put at stake that its moves kept (100: the engine's pick every time; "
        + `0: no better than moving at random). Each figure comes from one search of ${search}: the fewer, the less sure.`);
    }
    function engineLine() {  // what made the verdicts, so anyone can make them again (the CLI's `caravan analyse` prints the same)
      const e = report.engine;
      const iters = e.iterations === null || e.iterations === undefined ? "" : `at most ${e.iterations} iterations`;
      const budget = e.budget === null || e.budget === undefined ? `${iters} a decision (no time bound)`  // as the CLI says it
        : `${e.budget} s a decision` + (iters ? `, ${iters}` : "");
      return el("p", { class: "small", id: "analysis-engine" },
        `engine ${e.engine} ${e.code || "(code not recorded)"}, ${budget}, seed ${e.seed}; `
        + `game head ${report.head.slice(0, 16)}… (event ${report.version})` + (report.stale ? "; the game has moved on since" : ""));
    }
    function draw() {
      if (!report) return;
      const kids = [el("h2", {}, "Analysis")];
      if (report.status !== "done") kids.push(el("p", { class: "small", id: "analysis-progress" }, `judging the decisions: ${report.done} of ${report.total}…`));
      kids.push(graph(), legend(), meaning(), engineLine());
      box.replaceChildren(...kids);
      box.dataset.status = report.status;
      show(at);
    }
    function show(version) {
      at = version;
      const cursor = document.getElementById("graph-cursor");
      if (cursor) { cursor.setAttribute("x1", xOf(at)); cursor.setAttribute("x2", xOf(at)); }
      if (!report) { verdict.replaceChildren(); return; }
      const row = report.rows.find((r) => r.version === version);
      verdict.removeAttribute("data-by");
      if (!row) { verdict.replaceChildren(); verdict.removeAttribute("data-class"); return; }
      const names = report.players.map((p) => p.name);
      if (row.kind === "chance") {
        verdict.dataset.class = "chance";
        verdict.replaceChildren(`chance: ${row.text}` + (row.odds ? ` — odds ${Math.round(row.odds * 1000) / 10}%${row.outcomes ? ` (one of ${row.outcomes})` : ""}` : ""));
        return;
      }
      verdict.dataset.class = row.class;
      const kids = [el("b", { class: `verdict verdict-${row.class}` }, VERDICT[row.class] || row.class),
        ` — ${row.by_text || names[row.seat]}`];  // who made it, where the seat did not choose it: "the clock's default for ann"
      verdict.dataset.by = row.by;
      if (row.win_played !== null && row.win_played !== undefined)
        kids.push(`: win chance ${pct(row.win_played)}` + (row.class !== "best" ? ` (the best move: ${pct(row.win_best)})` : "")
          + (row.iterations ? `, from ${row.iterations} search iterations` : ""));  // how sure: the search behind it
      if (row.best_text && !row.matches)  // both told alike: from the mover's view, naming the mover
        kids.push(el("br"), el("span", { class: "verdict-played" }, `played: ${row.text}`), el("br"),
          el("span", { class: "verdict-best-move" }, `best: ${row.best_text}`));
      verdict.replaceChildren(...kids);
    }
    function offer() {
      box.dataset.status = "none";
      box.replaceChildren(el("h2", {}, "Analysis"), el("p", { class: "small" }, "No analysis of this game yet. "),
        el("button", { type: "button", id: "analyse", onclick: start }, "Analyse this game (a quick search, ¼ s a decision)"));
    }
    function known() {  // what the replay's first frame says of the game's analysis: "none" | "running" | "done" (or not said)
      const f = document.getElementById("frame0");
      try { return f ? JSON.parse(f.textContent).analysis : undefined; } catch { return undefined; }
    }
    async function load() {
      if (!finished()) { box.replaceChildren(); return; }  // a game in play: nothing to ask (409 game-running)
      const r = await fetch(`/games/${game}/analysis`, { headers: headers() });
      if (r.ok) {
        report = await r.json();
        draw();
        if (report.status !== "done") setTimeout(load, 1500);  // a running analysis: its progress
        return;
      }
      if (r.status === 404) offer(); else box.replaceChildren();
    }
    async function start() {
      const r = await caravan.api("POST", `/games/${game}/analysis`, game, { budget: 0.25 });
      if (!r.ok) { box.append(el("p", { class: "notice" }, `Refused: ${r.data ? r.data.detail : r.status}`)); return; }
      load();
    }
    if (finished() && known() === "none") offer(); else load();
    return { show, setLatest: (n) => { if (n !== last) { last = n; draw(); } } };
  }
  return { setup };
})();
