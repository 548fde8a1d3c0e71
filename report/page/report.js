// umpire report: draws the game embedded in #game-data and steps through it.
// Plain JavaScript, nothing fetched: the page works offline.
"use strict";
(function () {
  const game = JSON.parse(document.getElementById("game-data").textContent);
  const SVG = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);
  const el = (tag, attrs, text) => {
    const e = document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const sv = (tag, attrs, parent) => {
    const e = document.createElementNS(SVG, tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  };
  const sideColour = (s) => `var(--side${s % 4})`;

  // The board after each frame: frame k holds only the units it changed.
  const boards = [];
  {
    let board = game.units.map((_, u) => ({ unit: u, on: false, facing: 0, at: [0, 0] }));
    for (const f of game.frames) {
      board = board.slice();
      for (const v of f.units) board[v.unit] = v;
      boards.push(board);
    }
  }

  // ---- header ------------------------------------------------------------
  const title = game.scenario || game.file;
  $("title").textContent = title;
  document.title = `${title}: umpire report`;
  const sides = game.sides.map((s) => s.name || s.id).join(" against ");
  $("subtitle").textContent = [game.ruleset.name, sides, game.event, game.date, game.file]
    .filter((x) => x).join(" \u00b7 ");
  const v = game.verdict;
  const badges = [];
  if (!v.replayed) badges.push(["not_checked", v.no_engine ? "no engine: not checked" : "not replayed"]);
  else if (v.violations === 0) badges.push(["clean", "follows the rules checked"]);
  if (v.violations > 0) badges.push(["error", `${v.violations} broken`]);
  if (v.agreed > 0) badges.push(["warning", `${v.agreed} agreed`]);
  if (v.not_checked > 0) badges.push(["not_checked", `${v.not_checked} not checked`]);
  for (const [cls, text] of badges) $("verdict").appendChild(el("span", { class: `badge ${cls}` }, text));

  // ---- geometry ----------------------------------------------------------
  const bf = game.battlefield;
  const board = $("board");
  let toScreen, unitShape, fieldSize;
  if (bf.kind === "hex") {
    const s = 20, w = Math.sqrt(3) * s, pad = s;
    const centre = (c, r) => [pad + (c - 1) * w + (r % 2 === 0 ? w / 2 : 0) + w / 2,
                              pad + (bf.rows - r) * 1.5 * s + s];
    fieldSize = [2 * pad + (bf.columns + 0.5) * w, 2 * pad + (bf.rows - 1) * 1.5 * s + 2 * s];
    const hexPoints = ([x, y], k) => [0, 1, 2, 3, 4, 5].map((i) => {
      const a = Math.PI / 3 * i; return `${x + k * s * Math.sin(a)},${y - k * s * Math.cos(a)}`;
    }).join(" ");
    toScreen = (view) => centre(view.hex[0], view.hex[1]);
    const terrainColour = { wood: "#7fa36b", forest: "#7fa36b", hill: "#c9b98a", village: "#b59b86",
      town: "#b59b86", marsh: "#9dbfb0", river: "#8bb5d9", lake: "#8bb5d9", rough: "#bdb39a" };
    const g = sv("g", { id: "terrain" }, board);
    for (let r = 1; r <= bf.rows; ++r)
      for (let c = 1; c <= bf.columns; ++c)
        sv("polygon", { points: hexPoints(centre(c, r), 1), fill: "#eef0e6", stroke: "#c8ccc0" }, g);
    for (const h of bf.hexes) {
      const p = sv("polygon", { class: "terrain", points: hexPoints(centre(h.column, h.row), 1),
        fill: terrainColour[h.kinds[h.kinds.length - 1]] || "#d8d2bf" }, g);
      sv("title", {}, p).textContent = `${h.kinds.join("+")} ${h.name || ""} (${h.column},${h.row})`;
    }
    for (const hs of bf.hexsides) {
      const [a, b] = [centre(...hs.a), centre(...hs.b)];
      const m = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], d = [b[1] - a[1], a[0] - b[0]];
      const n = Math.hypot(...d) || 1, k = s / 2 / n;
      const line = sv("line", { x1: m[0] - d[0] * k, y1: m[1] - d[1] * k, x2: m[0] + d[0] * k,
        y2: m[1] + d[1] * k, stroke: "#4a6fa5", "stroke-width": 4 }, g);
      sv("title", {}, line).textContent = hs.feature;
    }
    unitShape = (gu, view) => {
      const body = sv("polygon", { class: "unit-body", points: hexPoints(toScreen(view), 0.78) }, gu);
      if (view.hex2) sv("polygon", { class: "unit-body", points: hexPoints(centre(...view.hex2), 0.78) }, gu);
      return [body, 0.78 * s];
    };
  } else if (bf.kind === "tabletop") {
    const k = 900 / Math.max(bf.width, 1), pad = 10;
    fieldSize = [bf.width * k + 2 * pad, bf.depth * k + 2 * pad];
    const pt = ([x, y]) => [pad + x * k, pad + (bf.depth - y) * k];
    toScreen = (view) => pt(view.at);
    sv("rect", { x: pad, y: pad, width: bf.width * k, height: bf.depth * k, fill: "#e4e8d4", stroke: "#999" }, board);
    const colour = { wood: "#7fa36b", hill: "#c9b98a", river: "#8bb5d9", stream: "#8bb5d9", lake: "#8bb5d9",
      rough: "#bdb39a", building: "#a08a78", village: "#b59b86", marsh: "#9dbfb0", road: "#d9cfb4" };
    for (const t of bf.terrain) {
      const p = sv("polygon", { class: "terrain", points: t.outline.map((q) => pt(q).join(",")).join(" "),
        fill: colour[t.kind] || "#d8d2bf" }, board);
      sv("title", {}, p).textContent = `${t.kind} ${t.name || ""}`;
    }
    unitShape = (gu, view, unit) => {
      // The log places a unit by the centre of its front edge; the base
      // (millimetres) lies behind it.
      const base = unit.base || [120, 40];
      const fw = base[0] / 25.4 * k, fd = base[1] / 25.4 * k;
      const [x, y] = toScreen(view);
      const body = sv("rect", { class: "unit-body", x: x - fw / 2, y, width: fw, height: fd,
        transform: `rotate(${view.facing} ${x} ${y})` }, gu);
      return [body, fd];
    };
  } else {
    fieldSize = [400, 60];
    toScreen = () => [0, 0];
    unitShape = () => [null, 0];
    sv("text", { x: 10, y: 30 }, board).textContent = "No battlefield written in this log.";
  }
  board.setAttribute("viewBox", `0 0 ${fieldSize[0]} ${fieldSize[1]}`);
  const defs = sv("defs", {}, board);
  const marker = sv("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: 9, refY: 5,
    markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" }, defs);
  sv("path", { d: "M0,0 L10,5 L0,10 z", fill: "context-stroke" }, marker);
  const unitLayer = sv("g", { id: "unit-layer" }, board);
  const arrowLayer = sv("g", { id: "arrow-layer" }, board);

  function drawUnits(k) {
    unitLayer.replaceChildren();
    const frame = game.frames[k];
    for (const view of boards[k]) {
      const unit = game.units[view.unit];
      const marks = view.marks || [];
      const cls = ["unit", ...marks];
      if (!view.on) cls.push("off");
      if (frame.actors.includes(view.unit)) cls.push("actor");
      if (frame.targets.includes(view.unit)) cls.push("target");
      const gu = sv("g", { class: cls.join(" "), "data-unit": unit.id }, unitLayer);
      if (!view.on || (!view.hex && bf.kind === "hex")) { gu.classList.add("off"); continue; }
      gu.style.fill = sideColour(unit.side);  // every part of its body, both hexes of a line
      const [, r] = unitShape(gu, view, unit);
      const [x, y] = toScreen(view);
      const a = view.facing * Math.PI / 180;
      // The facing: a small white wedge pointing out of the front.
      const at = (d, side) => [x + Math.sin(a) * d + Math.cos(a) * side, y - Math.cos(a) * d + Math.sin(a) * side];
      const nose = bf.kind === "hex" ? r * 1.02 : r * 0.25, back = bf.kind === "hex" ? r * 0.62 : -r * 0.05;
      sv("polygon", { class: "facing", points: [at(nose, 0), at(back, -r * 0.28), at(back, r * 0.28)]
        .map((p) => p.join(",")).join(" "), fill: "#fff" }, gu);
      const label = view.strength ? `${unit.id} ${view.strength[0]}` : unit.id;
      // On a tabletop the base lies behind the point the log writes.
      const [lx, ly] = bf.kind === "hex" ? [x, y + 3.5] : at(-r * 0.45, 0).map((c, i) => c + (i ? 3.5 : 0));
      sv("text", { x: lx, y: ly, "text-anchor": "middle", fill: "#fff" }, gu).textContent = label;
      // Losses of this event: the strength it lost, in red beside it.
      const before = k > 0 ? boards[k - 1][view.unit] : null;
      if (before && before.strength && view.strength && view.strength[0] < before.strength[0])
        sv("text", { class: "loss", x: x + r * 0.9, y: y - r * 0.6, "text-anchor": "start" }, gu)
          .textContent = `\u2212${before.strength[0] - view.strength[0]}`;
      const tip = [`${unit.name || unit.id} (${unit.id})`, unit.type, view.formation,
        view.strength ? `strength ${view.strength[0]} of ${view.strength[1]}` : "", marks.join(", ")];
      sv("title", {}, gu).textContent = tip.filter((t) => t).join("\n");
    }
  }

  function drawArrows(k) {
    arrowLayer.replaceChildren();
    const frame = game.frames[k];
    const before = k > 0 ? boards[k - 1] : null;
    const now = boards[k];
    const arrow = (kind, from, to) => {
      const d = [to[0] - from[0], to[1] - from[1]];
      if (Math.hypot(...d) < 1) return;
      sv("path", { class: `arrow ${kind}`, d: `M${from[0]},${from[1]} L${to[0]},${to[1]}` }, arrowLayer);
    };
    if (before)
      for (const view of frame.units) {
        const old = before[view.unit];
        if (old && old.on && view.on && (old.hex || bf.kind !== "hex"))
          arrow(frame.kind === "charge" || frame.kind === "pursue" ? frame.kind : "move",
                toScreen(old), toScreen(view));
      }
    if (["shoot", "attack", "support", "charge", "assault"].includes(frame.kind))
      for (const a of frame.actors)
        for (const t of frame.targets) {
          const [va, vt] = [now[a], now[t]];
          if (va && vt && va.on && vt.on && (bf.kind !== "hex" || (va.hex && vt.hex)))
            arrow(frame.kind, toScreen(va), toScreen(vt));
        }
    for (const d of diagsByFrame[k] || []) {
      if (d.severity !== "error") continue;
      const who = frame.actors[0];
      const view = who !== undefined ? now[who] : null;
      if (view && view.on && (bf.kind !== "hex" || view.hex)) {
        const [x, y] = toScreen(view);
        const pin = sv("circle", { class: "pin", cx: x + 10, cy: y - 10, r: 6 }, arrowLayer);
        sv("title", {}, pin).textContent = d.message;
        break;
      }
    }
  }

  // ---- diagnostics ---------------------------------------------------------
  const diagsByFrame = {};
  function diagnosticItem(d, i) {
    const li = el("li", { class: d.severity, "data-frame": d.frame, "data-index": i });
    const head = el("div", { class: "diag-head" }, d.message);
    li.appendChild(head);
    const where = d.line ? `line ${d.line}:${d.column} \u00b7 ` : "";
    li.appendChild(el("div", { class: "diag-where" }, `${where}${d.severity.replace("_", " ")} \u00b7 ${d.id}`));
    if (d.notes) {
      const ul = el("ul", { class: "diag-notes" });
      for (const n of d.notes) ul.appendChild(el("li", {}, n));
      li.appendChild(ul);
    }
    if (d.rule) li.appendChild(el("div", { class: "diag-rule" }, `rule: ${d.rule}`));
    if (d.hint) li.appendChild(el("div", { class: "diag-hint" }, `hint: ${d.hint}`));
    li.addEventListener("click", () => show(d.frame));
    return li;
  }
  game.diagnostics.forEach((d, i) => {
    (diagsByFrame[d.frame] = diagsByFrame[d.frame] || []).push(d);
    $("all-diagnostics").appendChild(diagnosticItem(d, i));
  });
  if (game.diagnostics.length === 0)
    $("all-diagnostics").appendChild(el("li", {}, "No diagnostic: nothing to report."));

  // ---- log -----------------------------------------------------------------
  const frameOfLine = {};
  game.frames.forEach((f, k) => { if (f.line && !(f.line in frameOfLine)) frameOfLine[f.line] = k; });
  const flagged = new Set(game.diagnostics.filter((d) => d.severity === "error").map((d) => d.line));
  const logItems = game.lines.map((text, i) => {
    const li = el("li", {}, text || "\u00a0");
    if (flagged.has(i + 1)) li.classList.add("flagged");
    if (frameOfLine[i + 1] !== undefined) li.addEventListener("click", () => show(frameOfLine[i + 1]));
    $("log").appendChild(li);
    return li;
  });

  // ---- units table -----------------------------------------------------------
  function unitsTable(k) {
    const t = $("unit-table");
    t.replaceChildren();
    const head = el("tr");
    for (const h of ["unit", "side", "type", "formation", "strength", "state"]) head.appendChild(el("th", {}, h));
    t.appendChild(head);
    for (const view of boards[k]) {
      const u = game.units[view.unit];
      const tr = el("tr");
      const side = game.sides[u.side];
      const cells = [`${u.id} ${u.name || ""}`, side ? side.id : "", u.type, view.formation || "",
        view.strength ? `${view.strength[0]}/${view.strength[1]}` : "",
        [...(view.on ? [] : ["off table"]), ...(view.marks || [])].join(", ")];
      for (const c of cells) tr.appendChild(el("td", {}, c));
      t.appendChild(tr);
    }
  }

  // ---- luck ------------------------------------------------------------------------
  const luck = game.luck || { rolls: [], sides: [], decisive: [] };
  const pct = (x) => `${(100 * x).toFixed(x < 0.01 || x > 0.99 ? 1 : 0)}%`;
  const sideName = (s) => (game.sides[s] ? game.sides[s].name || game.sides[s].id : `side ${s}`);
  function rollText(r) {
    const test = r.pass_chance !== undefined
      ? `; ${r.passed ? "passed" : "failed"} (a ${pct(r.pass_chance)} chance to pass)` : "";
    return `${r.what}: ${r.dice} = ${r.faces.join(",")} (${r.reads} ${r.score}); ` +
      `${pct(r.as_well)} chance of doing at least as well${test}`;
  }
  const rollsByFrame = {};
  luck.rolls.forEach((r) => (rollsByFrame[r.frame] = rollsByFrame[r.frame] || []).push(r));
  {
    const t = $("luck-sides");
    const head = el("tr");
    for (const h of ["side", "rolls", "mean percentile", "how unusual", "tests passed"])
      head.appendChild(el("th", {}, h));
    t.appendChild(head);
    luck.sides.forEach((s, i) => {
      const tr = el("tr");
      const mood = s.rolls === 0 ? "" : s.z > 0 ? "lucky" : "unlucky";
      const unusual = s.rolls === 0 ? "" : `${s.z >= 0 ? "+" : ""}${s.z.toFixed(2)} sd (${pct(s.as_extreme)} of games as far out)`;
      for (const [text, cls] of [[sideName(i), ""], [s.rolls, "num"], [s.rolls ? pct(s.mean_percentile) : "", `num ${mood}`],
        [unusual, ""], [s.tests ? `${s.passed} of ${s.tests} (${s.expected_passes.toFixed(1)} expected)` : "", ""]])
        tr.appendChild(el("td", { class: cls }, String(text)));
      t.appendChild(tr);
    });
    // Each side's percentiles in tenths: fair dice spread them evenly.
    const hist = $("luck-histograms");
    luck.sides.forEach((s, i) => {
      if (s.rolls === 0) return;
      const bins = new Array(10).fill(0);
      for (const r of luck.rolls) if (r.side === i) bins[Math.min(9, Math.floor(r.percentile * 10))] += 1;
      const most = Math.max(...bins, 1), w = 22, h = 60;
      const svg = sv("svg", { viewBox: `0 0 ${10 * w + 70} ${h + 28}`, width: 10 * w + 70, height: h + 28,
        role: "img", "aria-label": `percentiles of ${sideName(i)}'s rolls` });
      sv("text", { x: 0, y: 12 }, svg).textContent = sideName(i);
      bins.forEach((n, b) => {
        const bh = (n / most) * (h - 14);
        const bar = sv("rect", { x: 60 + b * w, y: h - bh, width: w - 2, height: bh, fill: sideColour(i) }, svg);
        sv("title", {}, bar).textContent = `${n} rolls between ${b * 10}% and ${b * 10 + 10}%`;
      });
      sv("line", { class: "luck-axis", x1: 58, y1: h, x2: 60 + 10 * w, y2: h }, svg);
      sv("text", { x: 60, y: h + 12 }, svg).textContent = "unlucky";
      sv("text", { x: 60 + 10 * w, y: h + 12, "text-anchor": "end" }, svg).textContent = "lucky";
      hist.appendChild(svg);
    });
    for (const i of luck.decisive) {
      const r = luck.rolls[i];
      const f = game.frames[r.frame];
      const li = el("li", {}, `line ${f.line}, ${sideName(r.side)}: ${rollText(r)}`);
      li.addEventListener("click", () => show(r.frame));
      $("luck-decisive").appendChild(li);
    }
    if (luck.rolls.length === 0)
      $("luck-decisive").appendChild(el("li", {}, game.ruleset.replayed
        ? "No roll was read by the engine." : "The game was not replayed: no roll was read."));
    const rt = $("luck-rolls");
    const rh = el("tr");
    for (const h of ["line", "side", "roll", "dice", "at least as well", "percentile"]) rh.appendChild(el("th", {}, h));
    rt.appendChild(rh);
    for (const r of luck.rolls) {
      const tr = el("tr", { "data-frame": r.frame });
      for (const [text, cls] of [[game.frames[r.frame].line, "num"], [sideName(r.side), ""], [r.what, ""],
        [`${r.dice} = ${r.faces.join(",")}`, ""], [pct(r.as_well), "num"], [pct(r.percentile), "num"]])
        tr.appendChild(el("td", { class: cls }, String(text)));
      tr.addEventListener("click", () => show(r.frame));
      rt.appendChild(tr);
    }
  }

  // ---- stepping ----------------------------------------------------------------
  const slider = $("slider");
  slider.max = game.frames.length - 1;
  let current = -1;
  function show(k) {
    k = Math.max(0, Math.min(game.frames.length - 1, k));
    current = k;
    slider.value = k;
    const f = game.frames[k];
    $("event").textContent = `${k} / ${game.frames.length - 1}  ${f.line ? `line ${f.line}: ` : ""}${f.text}`;
    drawUnits(k);
    drawArrows(k);
    unitsTable(k);
    const rolls = $("event-rolls");
    rolls.replaceChildren();
    for (const r of rollsByFrame[k] || []) rolls.appendChild(el("li", {}, `\u{1F3B2} ${rollText(r)}`));
    const list = $("event-diagnostics");
    list.replaceChildren();
    for (const d of diagsByFrame[k] || []) list.appendChild(diagnosticItem(d, -1));
    for (const li of document.querySelectorAll("#all-diagnostics li"))
      li.classList.toggle("current", Number(li.dataset.frame) === k);
    logItems.forEach((li, i) => li.classList.toggle("current", i + 1 === f.line));
    // Keep the event's line in sight in the log, without scrolling the page.
    const box = $("tab-log"), line = f.line && logItems[f.line - 1];
    if (line && box.classList.contains("active")) {
      const top = line.offsetTop - box.offsetTop;
      if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - 20)
        box.scrollTop = Math.max(0, top - box.clientHeight / 3);
    }
    document.body.dataset.frame = k;
  }
  slider.addEventListener("input", () => show(Number(slider.value)));
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(current - 1));
  $("next").addEventListener("click", () => show(current + 1));
  $("last").addEventListener("click", () => show(game.frames.length - 1));
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" && e.target !== slider) return;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 }[e.key];
    if (step) { show(current + step); e.preventDefault(); }
    else if (e.key === "Home") { show(0); e.preventDefault(); }
    else if (e.key === "End") { show(game.frames.length - 1); e.preventDefault(); }
  });
  for (const b of document.querySelectorAll("#tabs button"))
    b.addEventListener("click", () => {
      for (const x of document.querySelectorAll("#tabs button, .tab")) x.classList.remove("active");
      b.classList.add("active");
      $(`tab-${b.dataset.tab}`).classList.add("active");
      show(current);  // the log scrolls to the event's line
    });

  window.umpireReport = { game, show, frames: game.frames.length, current: () => current };
  // `page.html#last` opens on the last event, `#12` on event 12.
  const wanted = location.hash.slice(1);
  show(wanted === "last" ? game.frames.length - 1 : Number(wanted) || 0);
})();
