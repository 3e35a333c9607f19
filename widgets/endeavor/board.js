// Endeavor board renderer: draws the engine's JSON view as SVG.
// It knows no rules: it draws what `view` holds and marks what `choices` name.

const NS = "http://www.w3.org/2000/svg";
const SEAT_COLOURS = ["#c0392b", "#2e86c1", "#d4ac0d", "#7d3c98", "#229954"];
const ATTRIBUTES = ["industry", "culture", "wealth", "influence"];
const ATTRIBUTE_COLOURS = { industry: "#7f8c8d", culture: "#8e44ad", wealth: "#d4a017", influence: "#2471a3" };
const LEVELS = ["build", "growth", "salary", "card_limit"];
const WIDTH = 1000;

function el(tag, attrs = {}, parent = null, text = null) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

// Break a name into short lines: at spaces for English, every few characters for Chinese.
function wrap(text, width) {
  if (text.includes(" ")) return text.split(" ");
  const lines = [];
  for (let i = 0; i < text.length; i += width) lines.push(text.slice(i, i + width));
  return lines;
}

function draw(model, root, tip) {
  const view = model.get("view") || {};
  const labels = model.get("labels") || {};
  const choices = model.get("choices") || [];
  const L = (key) => labels[key] ?? key;
  const byTarget = {};
  for (const c of choices) if (c.target) byTarget[c.target] = c;

  const svg = el("svg", { viewBox: `0 0 ${WIDTH} 100`, role: "img", "data-revision": model.get("revision") });
  let y = 8;

  // Mark an element as a choice: highlighted and clickable if legal, dimmed with the reason if not.
  const offer = (group, target) => {
    const choice = byTarget[target];
    group.setAttribute("data-target", target);
    if (!choice) return;
    group.classList.add(choice.legal ? "bgw-legal" : "bgw-refused");
    group.setAttribute("data-action", choice.id);
    el("title", {}, group, choice.legal ? choice.label : `${choice.label}: ${choice.why}`);
    group.addEventListener("mouseenter", () => { tip.textContent = choice.legal ? choice.label : choice.why; });
    group.addEventListener("click", () => model.send({ type: "choose", id: choice.id }));
  };

  const icons = (parent, x, y0, b) => {
    let dx = 0;
    for (const a of ATTRIBUTES) {
      for (let i = 0; i < (b.icons?.[a] || 0); i++) {
        el("rect", { x: x + dx, y: y0, width: 11, height: 11, rx: 2, fill: ATTRIBUTE_COLOURS[a] }, parent)
          .appendChild(el("title", {}, null, L(`attribute.${a}`)));
        dx += 13;
      }
    }
    for (let i = 0; i < (b.glory || 0); i++) {
      el("text", { x: x + dx + 1, y: y0 + 10, "font-size": 12, fill: "#b9770e" }, parent, "★");
      dx += 13;
    }
    return dx;
  };

  const tile = (parent, x, y0, w, h, b, extra) => {
    const g = el("g", { class: "bgw-tile" }, parent);
    el("rect", { x, y: y0, width: w, height: h, rx: 6, fill: b.level === 0 ? "#fdebd0" : "#fbf7ee",
                 stroke: "#a67c52", "stroke-width": 1.2, class: "bgw-frame" }, g);
    el("text", { x: x + 6, y: y0 + 15, "font-size": 13, "font-weight": 600 }, g, L(`building.${b.id}`));
    if (extra) el("text", { x: x + w - 6, y: y0 + 15, "font-size": 11, "text-anchor": "end", fill: "#555" }, g, extra);
    const dx = icons(g, x + 6, y0 + 22, b);
    const acts = (b.actions || []).map((a) => L(`ui.action.${a}`)).join(` ${b.combine} `);
    if (acts) el("text", { x: x + 6, y: y0 + 48, "font-size": 11, fill: "#1a5276" }, g, acts);
    if (b.no_payment) el("text", { x: x + w - 8, y: y0 + 48, "font-size": 12, "text-anchor": "end", fill: "#922b21" }, g, "⊘")
      .appendChild(el("title", {}, null, L("ui.no-payment")));
    if (b.stand_in) el("text", { x: x + w - 6, y: y0 + h - 4, "font-size": 8, "text-anchor": "end", fill: "#b9770e" }, g, L("ui.stand-in-short"));
    return g;
  };

  // -- start tile choice ---------------------------------------------------
  const startChoices = choices.filter((c) => c.target && c.target.startsWith("start."));
  if (startChoices.length) {
    el("text", { x: 10, y: y + 16, "font-size": 16, "font-weight": 700 }, svg, L("ui.choose-start"));
    startChoices.forEach((c, i) => {
      const id = c.target.slice("start.".length);
      const g = tile(svg, 10 + i * 250, y + 26, 230, 58, { id, level: 0, icons: id === "merchants-dock" ? { wealth: 1 } : {} });
      offer(g, c.target);
    });
    y += 96;
  }

  // -- building tray: one column per level ----------------------------------
  el("text", { x: 10, y: y + 16, "font-size": 16, "font-weight": 700 }, svg, L("ui.tray"));
  y += 26;
  const colW = 194, tileH = 58;
  let deepest = 0;
  for (let level = 1; level <= 5; level++) {
    const x = 10 + (level - 1) * (colW + 4);
    el("text", { x, y: y + 12, "font-size": 12, fill: "#555" }, svg, `${L("ui.level")} ${level}`);
    const column = (view.tray || []).filter((b) => b.level === level);
    column.forEach((b, i) => {
      const g = tile(svg, x, y + 18 + i * (tileH + 6), colW, tileH, b, `×${b.left}`);
      if (!b.left) g.setAttribute("opacity", 0.35);
      offer(g, `tray.${b.id}`);
    });
    let rows = column.length;
    if (level === 5 && view.level5_face_down !== undefined) {
      const hidden = Array.isArray(view.level5_face_down) ? view.level5_face_down.map((b) => L(`building.${b}`)).join(", ")
                                                            : `${view.level5_face_down}`;
      el("text", { x, y: y + 18 + rows * (tileH + 6) + 12, "font-size": 11, fill: "#555" }, svg,
         `${L("ui.face-down")}: ${hidden}`);
      rows += 0.5;
    }
    deepest = Math.max(deepest, rows);
  }
  y += 18 + deepest * (tileH + 6) + 10;

  // -- player mats ------------------------------------------------------------
  (view.players || []).forEach((p, seat) => {
    const h = 132, colour = SEAT_COLOURS[seat];
    const mat_g = el("g", { class: "bgw-mat", "data-seat": seat }, svg);
    const active = view.to_move === seat || (view.step && view.step.seat === seat);
    el("rect", { x: 6, y, width: WIDTH - 12, height: h, rx: 8, fill: "#fff", stroke: colour,
                 "stroke-width": active ? 4 : 1.5 }, mat_g);
    el("circle", { cx: 24, cy: y + 20, r: 9, fill: colour }, mat_g);
    el("text", { x: 40, y: y + 25, "font-size": 15, "font-weight": 700 }, mat_g, L(`seat.${seat}`));
    if (view.crown === seat) el("text", { x: 120, y: y + 26, "font-size": 18, fill: "#b7950b" }, mat_g, "♛")
      .appendChild(el("title", {}, null, L("ui.crown")));
    // discs: harbor and supply
    el("text", { x: 16, y: y + 50, "font-size": 12 }, mat_g, `${L("ui.harbor")}: ${p.harbor}`);
    for (let i = 0; i < Math.min(p.harbor, 20); i++)
      el("circle", { cx: 20 + (i % 10) * 12, cy: y + 62 + Math.floor(i / 10) * 12, r: 5, fill: colour, stroke: "#333", "stroke-width": 0.5 }, mat_g);
    el("text", { x: 16, y: y + 100, "font-size": 12, fill: "#555" }, mat_g, `${L("ui.supply")}: ${p.supply}`);
    // four tracks: a cube on the value, level boundaries as thick ticks, glory spaces starred
    const track = view.mat_g || { thresholds: [], glory_spaces: [], printed_length: 15 };
    ATTRIBUTES.forEach((a, i) => {
      const ty = y + 12 + i * 29, tx = 150, value = p.attributes[a];
      const last = Math.max(track.printed_length, value);
      const cell = Math.min(11, 176 / (last + 1));
      el("text", { x: tx, y: ty + 11, "font-size": 11 }, mat_g, L(`attribute.${a}`));
      for (let s = 0; s <= last; s++) {
        const cx = tx + 52 + s * cell;
        el("rect", { x: cx, y: ty, width: cell - 1, height: 14, fill: s > track.printed_length ? "#f9ebea" : "#eef0f0" }, mat_g);
        if (track.glory_spaces.includes(s))
          el("text", { x: cx + cell / 2 - 0.5, y: ty + 10, "font-size": 7, "text-anchor": "middle", fill: "#b9770e" }, mat_g, "★");
        if (s > 0 && track.thresholds.includes(s))
          el("rect", { x: cx - 1, y: ty - 2, width: 1.5, height: 18, fill: "#555" }, mat_g);
      }
      el("rect", { x: tx + 52 + value * cell, y: ty - 1, width: cell - 1, height: 16, rx: 2,
                   fill: ATTRIBUTE_COLOURS[a], stroke: colour, "stroke-width": 2, class: "bgw-cube" }, mat_g)
        .appendChild(el("title", {}, null, `${L(`attribute.${a}`)} ${value}`));
      el("text", { x: tx + 52 + 16 * 11 + 4, y: ty + 11, "font-size": 11, "font-weight": 600 }, mat_g,
         `${value} → ${L(`level.${LEVELS[i]}`)} ${p.levels[LEVELS[i]]}`);
    });
    // coastline: 8 building slots
    const cx0 = 496, slotW = 58;
    el("text", { x: cx0, y: y + 14, "font-size": 11, fill: "#555" }, mat_g, L("ui.coastline"));
    for (let slot = 0; slot < 8; slot++) {
      const b = p.buildings.find((x) => x.slot === slot);
      const g = el("g", { class: "bgw-slot" }, mat_g);
      el("rect", { x: cx0 + slot * (slotW + 2), y: y + 20, width: slotW, height: 100, rx: 5,
                   fill: b ? (b.level === 0 ? "#fdebd0" : "#fbf7ee") : "#f4f6f6", stroke: "#a67c52",
                   "stroke-dasharray": b ? null : "3 3", class: "bgw-frame" }, g);
      if (b) {
        const words = wrap(L(`building.${b.id}`), 4);
        words.forEach((w, k) => el("text", { x: cx0 + slot * (slotW + 2) + slotW / 2, y: y + 38 + k * 13,
                                            "font-size": 11, "text-anchor": "middle" }, g, w));
        if (b.workers) el("circle", { cx: cx0 + slot * (slotW + 2) + slotW / 2, cy: y + 96, r: 9, fill: colour,
                                      stroke: "#222", "stroke-width": 1, class: "bgw-worker" }, g)
          .appendChild(el("title", {}, null, L("ui.worker")));
        else el("circle", { cx: cx0 + slot * (slotW + 2) + slotW / 2, cy: y + 96, r: 9, fill: "none",
                            stroke: "#aaa", "stroke-dasharray": "2 2" }, g);
      }
      offer(g, `mat_g.${seat}.slot.${slot}`);
    }
    y += h + 8;
  });

  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${y}`);
  root.replaceChildren(svg);
}

export default {
  render({ model, el: host }) {
    host.classList.add("bgw-board");
    const tip = document.createElement("div");
    tip.className = "bgw-tip";
    const root = document.createElement("div");
    root.className = "bgw-root";
    host.append(tip, root);
    const redraw = () => {
      tip.textContent = "";
      try {
        draw(model, root, tip);
      } catch (error) {   // a drawing bug is shown on the page, never a silent blank board
        root.textContent = `board error: ${error.message}`;
        console.error(error);
      }
    };
    model.on("change:revision", redraw);
    redraw();
    return () => model.off("change:revision", redraw);
  },
};
