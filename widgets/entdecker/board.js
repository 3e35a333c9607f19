// Entdecker board renderer: draws the engine's JSON view as SVG.
// It knows no rules: it draws what `view` holds and marks what `choices` name. Every clickable element
// carries data-target (the Action.target of its choice); a click sends {type: "choose", id}.

const SIDES = "NESW";
const MID = { N: [50, 0], E: [100, 50], S: [50, 100], W: [0, 50] };
const DIR = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const CORNER = { NE: [100, 0], ES: [100, 100], SW: [0, 100], NW: [0, 0] };
const EVENT_ICON = { storm: "⚡", hostile: "⚔", friendly: "☺", pirates: "☠", ruins: "⌂", gold: "◆" };
const SEA = "#bfe3f5", DEEP = "#7f9fb8", LAND = "#b9cf86", LAND_EDGE = "#7d8f4e";
const S = 56;                         // square size
const X0 = 34, Y0 = 80;               // top-left of the grid (room for the banner and the edge circles)
const PANEL = 650;                    // left edge of the side panel
const WIDTH = 1000;
let uid = 0;

const rotateSides = (sides, turns) => [...sides].map((c) => SIDES[(SIDES.indexOf(c) + turns) % 4]).join("");

// Where a land area's shape meets in the middle, and where the ship's circle sits.
function hub(sides) {
  if (sides.length === 0) return [36, 36];
  if (sides.length === 4) return [50, 50];
  if (sides.length === 2 && (sides === "NS" || sides === "EW")) return [50, 50];
  const pts = [...sides].map((c) => MID[c]);
  if (sides.length === 1) return [(pts[0][0] + 50) / 2, (pts[0][1] + 50) / 2];
  const x = pts.reduce((a, p) => a + p[0], 0) / pts.length, y = pts.reduce((a, p) => a + p[1], 0) / pts.length;
  return [x, y];
}

function circleAt(tile) {
  const routes = tile.routes || "";
  let vx = 0, vy = 0;
  for (const c of routes) { vx += DIR[c][0]; vy += DIR[c][1]; }
  const islet = (tile.areas || []).includes("");
  const len = Math.hypot(vx, vy);
  if (!len) return islet ? [68, 68] : [50, 50];
  const d = routes.length >= 3 ? 24 : 34;
  return [50 + (d * vx) / len, 50 + (d * vy) / len];
}

function drawTile(g, tile, clipId, opts = {}) {
  // g is in tile units (0..100). Sea, land areas, water routes, the circle, and the event mark.
  el("rect", { x: 0, y: 0, width: 100, height: 100, fill: tile.reserve ? "#b3dcef" : SEA }, g);
  const land = el("g", { "clip-path": `url(#${clipId})` }, g);
  for (const sides of tile.areas || []) {
    const [hx, hy] = hub(sides);
    if (!sides) { el("circle", { cx: hx, cy: hy, r: 16, fill: LAND, stroke: LAND_EDGE, "stroke-width": 1.5 }, land); continue; }
    if (sides.length === 4) { el("rect", { x: 0, y: 0, width: 100, height: 100, fill: LAND }, land); continue; }
    for (const c of sides) {
      const [mx, my] = MID[c];
      el("path", { d: `M${mx + DIR[c][0] * 10},${my + DIR[c][1] * 10} L${hx},${hy}`, stroke: LAND, "stroke-width": 46,
                   "stroke-linecap": "round", fill: "none" }, land);
    }
    for (const [pair, [cx, cy]] of Object.entries(CORNER)) {      // land filling the corner between two land sides
      if (sides.includes(pair[0]) && sides.includes(pair[1])) {
        const a = MID[pair[0]], b = MID[pair[1]];
        el("polygon", { points: `${a[0]},${a[1]} ${cx},${cy} ${b[0]},${b[1]} ${hx},${hy}`, fill: LAND }, land);
      }
    }
  }
  const [cx, cy] = circleAt(tile);
  drawRoutes(g, tile);
  if ((tile.land || "").length < 4) el("circle", { cx, cy, r: 7, fill: "#fff", stroke: "#1f4e79", "stroke-width": 2 }, g);
  if (tile.event && !opts.plain) eventMark(g, tile.event);
  if (tile.reserve && !opts.plain) {          // a reserve tile: a small card with its pile's number
    el("rect", { x: 4, y: 70, width: 22, height: 26, rx: 3, fill: "#eaf2f8", stroke: "#1f4e79", "stroke-width": 1.5 }, g);
    el("text", { x: 15, y: 90, "font-size": 18, "text-anchor": "middle", fill: "#1f4e79" }, g, `${tile.reserve}`);
  }
  el("rect", { x: 0, y: 0, width: 100, height: 100, fill: "none", stroke: "#5d7b94", "stroke-width": 1 }, g);
}

// A tile's water routes: a dashed line from its circle across each sea side it leads through (tile units).
function drawRoutes(g, tile, halo = false) {
  const [cx, cy] = circleAt(tile);
  // over the ship, a light halo under every route keeps the dashes readable across the hull and the sails
  if (halo) for (const c of tile.routes || "") {
    el("line", { x1: cx, y1: cy, x2: MID[c][0], y2: MID[c][1], stroke: "#ffffff", "stroke-width": 7,
                 "stroke-opacity": 0.85, "stroke-linecap": "round" }, g);
  }
  for (const c of tile.routes || "") {
    el("line", { x1: cx, y1: cy, x2: MID[c][0], y2: MID[c][1], stroke: "#1f4e79", "stroke-width": 3,
                 "stroke-dasharray": "6 4", class: "ent-route" }, g);
  }
}

// A "?" tile's event, by its mark in the tile's corner (tile units).
function eventMark(g, event) {
  el("circle", { cx: 82, cy: 18, r: 16, fill: "#fff8e1", stroke: "#b9770e" }, g);
  el("text", { x: 82, y: 26, "font-size": 22, "text-anchor": "middle", fill: "#8a4b00" }, g, EVENT_ICON[event] || "?");
}

function unitShape(g, kind, x, y, colour) {
  const attrs = { fill: colour, stroke: "#222", "stroke-width": 1.6 };
  if (kind === "scout") return el("circle", { cx: x, cy: y, r: 9, ...attrs, class: "ent-unit" }, g);
  if (kind === "fort") return el("path", { d: `M${x - 10},${y + 10} V${y - 6} h4 v-4 h4 v4 h4 v-4 h4 v4 h4 v16 Z`, ...attrs, class: "ent-unit" }, g);
  return el("path", { d: `M${x - 12},${y + 11} V${y - 2} L${x},${y - 13} L${x + 12},${y - 2} V${y + 11} Z`, ...attrs, class: "ent-unit" }, g);
}

function ship(g, x, y, size = 1) {
  const s = el("g", { transform: `translate(${x},${y}) scale(${size})`, class: "ent-ship" }, g);
  el("path", { d: "M-15,3 L15,3 L10,11 L-10,11 Z", fill: "#6e3b1f", stroke: "#2b1509", "stroke-width": 1.2 }, s);
  el("path", { d: "M0,3 L0,-17 L12,-2 Z", fill: "#fdfefe", stroke: "#555", "stroke-width": 1 }, s);
  el("path", { d: "M-2,3 L-2,-13 L-11,0 Z", fill: "#f4f6f6", stroke: "#555", "stroke-width": 1 }, s);
  return s;
}

// -- the board, its parts in the order they are drawn (later parts lie on top of earlier ones) --------------

// Everything the parts of the board draw with, read once per drawing.
function drawingContext(model, tip, root) {
  const view = model.get("view") || {};
  const labels = model.get("labels") || {};
  const choices = model.get("choices") || [];
  const L = (key) => labels[key] ?? key;
  const list = (items) => items.join(L("ent.ui.list-sep"));   // the page language's list separator (、 in Chinese)
  const kit = boardKit(model, tip, choices);
  // The kit writes an option's name in the hover line above the board on mouseenter; clear it on mouseleave,
  // so that no stale "Draw from pile 1" stays there after the pointer has moved on.
  const offer = (group, target) => {
    const offered = kit.offer(group, target);
    if (offered) group.addEventListener("mouseleave", () => { tip.textContent = ""; });
    return offered;
  };
  const clipId = `ent-clip-${++uid}`;                // one clip path per drawing: ids must stay unique on the page
  const board = view.board || { columns: 10, rows: 7, squares: [], circles: [], islands: [] };
  const squareById = {};
  for (const sq of board.squares) squareById[sq.id] = sq;

  const svg = el("svg", { viewBox: `0 0 ${WIDTH} 100`, role: "img", "data-revision": model.get("revision") });
  // Where the pending decision is made with the buttons beside the grid (how many tiles to declare, which unit
  // to station), the square it concerns answers a click: it rings those buttons and says so (no "nothing here").
  const pointTo = (group, target, hint) => {
    group.classList.add("ent-points");
    group.addEventListener("click", (event) => {
      event.stopPropagation();
      pointAt(root, target);
      tip.textContent = hint;
    });
  };
  const defs = el("defs", {}, svg);
  el("rect", { x: 0, y: 0, width: 100, height: 100 }, el("clipPath", { id: clipId }, defs));

  return {
    view, labels, choices, L, list, kit, svg, clipId, board, squareById, root, tip,
    teacher: Boolean((model.get("options") || {}).teacher),     // the page's teacher view is on
    byTarget: kit.byTarget, offer, pointTo,
    cols: board.columns, rows: board.rows,
    turn: view.turn || {},
    players: view.players || [],
    sqXY: (sq) => [X0 + sq.col * S, Y0 + sq.row * S],
    button: (parent, x, y, w, h, text, target, opts = {}) => {
      const g = kit.button(parent, x, y, w, h, text, target, { size: 13, ...opts, cls: "ent-button" });
      g.addEventListener("mouseleave", () => { tip.textContent = ""; });
      return g;
    },
  };
}

// Stand-in notice, scenario.
function drawBanner({ view, labels, L, svg }) {
  const standIn = Object.values(view.stand_in || {}).some(Boolean);
  if (standIn) el("text", { x: 8, y: 14, "font-size": 11.5, fill: "#8a5a00", class: "ent-stand-in" }, svg, L("ent.ui.stand-in"));
  if (labels.scenario) el("text", { x: 8, y: 33, "font-size": 13, fill: "#1a5276", "font-style": "italic", class: "ent-scenario" }, svg, labels.scenario);
}

// The grid: frame, column and row names, each square with its tile (or unexplored).
function drawGrid({ view, L, svg, clipId, board, cols, rows, sqXY, turn, offer, choices, byTarget, pointTo }) {
  const unitsOffered = choices.some((c) => c.target && c.target.startsWith("unit."));
  el("rect", { x: X0 - 26, y: Y0 - 26, width: cols * S + 52, height: rows * S + 52, rx: 10, fill: "#d6eaf8",
               stroke: "#5d7b94", "stroke-width": 1.5 }, svg);
  for (let c = 0; c < cols; c++) el("text", { x: X0 + c * S + S / 2, y: Y0 - 30, "font-size": 13, "text-anchor": "middle", fill: "#456" }, svg, String.fromCharCode(65 + c));
  for (let r = 0; r < rows; r++) el("text", { x: X0 - 30, y: Y0 + r * S + S / 2 + 4, "font-size": 13, "text-anchor": "middle", fill: "#456" }, svg, `${r + 1}`);
  for (const sq of board.squares) {
    const [x, y] = sqXY(sq);
    const g = el("g", { class: "ent-square", "data-square": sq.id }, svg);
    if (sq.tile) {
      drawTile(el("g", { transform: `translate(${x},${y}) scale(${S / 100})` }, g), sq.tile, clipId);
      const t = sq.tile;
      let name = L(`ent.tile.${t.type}`);
      if (t.reserve) name += ` · ${fill(L("ent.ui.reserve-tile"), { pile: t.reserve })}`;
      if (unitsOffered && turn.fresh === sq.id) name += ` · ${L("ent.ui.units-hint")}`;
      el("title", {}, g, named(L, sq.id, name));
    } else {
      el("rect", { x, y, width: S, height: S, fill: DEEP, stroke: "#6f8ea6", "stroke-width": 0.6 }, g);
      el("title", {}, g, named(L, sq.id, L("ent.ui.unexplored")));
    }
    el("rect", { x: x + 1.5, y: y + 1.5, width: S - 3, height: S - 3, fill: "none", stroke: "none", class: "bgw-frame" }, g);
    offer(g, `sq.${sq.id}`);
    if (unitsOffered && turn.fresh === sq.id && !byTarget[`sq.${sq.id}`]) pointTo(g, "units", L("ent.ui.units-hint"));
    if (view.phase === "buy" && turn.ship === sq.id) pointTo(g, "declare", L("ent.ui.declare-hint"));
    if (turn.fresh === sq.id && view.phase === "explore") {
      el("rect", { x: x + 2, y: y + 2, width: S - 4, height: S - 4, fill: "none", stroke: "#e67e22", "stroke-width": 2.5,
                   "stroke-dasharray": "6 3" }, g);
    }
  }
}

// Each island's outline, styled by its state (the one being scored stands out), and its size in a badge.
function drawIslandOutlines({ view, L, svg, board, squareById, sqXY }) {
  const scoringIsland = view.scoring && view.scoring.stage !== "done" ? view.scoring.island : (view.scoring || {}).island;
  for (const island of board.islands || []) {
    const inside = new Set(island.squares);
    const active = island.name === scoringIsland && view.scoring;
    // the island being scored stands out in gold; once scored (stage "done"), in green like every scored island
    const style = active ? { stroke: island.state === "scored" ? "#2e7d32" : "#e8a317", "stroke-width": 4 }
      : island.state === "open" ? { stroke: "#6b4f1d", "stroke-width": 1.6, "stroke-dasharray": "4 3" }
      : island.state === "complete" ? { stroke: "#e8a317", "stroke-width": 2.5 }
      : { stroke: "#2e7d32", "stroke-width": 1.6 };
    if (island.tiles < 2 && !active && island.state === "open") continue;
    const g = el("g", { class: `ent-island ent-island-${island.state}`, "data-island": island.name, fill: "none", ...style }, svg);
    for (const id of island.squares) {
      const sq = squareById[id];
      const [x, y] = sqXY(sq);
      const n = (dc, dr) => `${String.fromCharCode(65 + sq.col + dc)}${sq.row + dr + 1}`;
      const inset = 2.5;
      if (!inside.has(n(0, -1))) el("line", { x1: x + inset, y1: y + inset, x2: x + S - inset, y2: y + inset }, g);
      if (!inside.has(n(1, 0))) el("line", { x1: x + S - inset, y1: y + inset, x2: x + S - inset, y2: y + S - inset }, g);
      if (!inside.has(n(0, 1))) el("line", { x1: x + inset, y1: y + S - inset, x2: x + S - inset, y2: y + S - inset }, g);
      if (!inside.has(n(-1, 0))) el("line", { x1: x + inset, y1: y + inset, x2: x + inset, y2: y + S - inset }, g);
    }
    el("title", {}, g, fill(L("ent.ui.island-size"), { name: island.name, tiles: island.tiles, state: L(`ent.ui.island.${island.state}`) }));
    if (island.tiles >= 2 || active) {
      const first = squareById[island.name];
      const [x, y] = sqXY(first);
      const badge = el("g", { class: "ent-badge", "data-island": island.name }, svg);
      el("circle", { cx: x + 10, cy: y + 10, r: 9.5, fill: "#fffbe6", stroke: style.stroke, "stroke-width": 1.2 }, badge);
      el("text", { x: x + 10, y: y + 14.5, "font-size": 12, "text-anchor": "middle", fill: "#333" }, badge, `${island.tiles}`);
      el("title", {}, badge, fill(L("ent.ui.island-size"), { name: island.name, tiles: island.tiles, state: L(`ent.ui.island.${island.state}`) }));
      // the badge shows its tooltip, and a click on it is a click on the square beneath
      const under = svg.querySelector(`[data-square="${island.name}"]`);
      badge.addEventListener("click", (event) => {
        event.stopPropagation();
        if (under) under.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      });
    }
  }
}

// The units on their land areas, and the badge that calls one back where that is offered.
function drawUnits({ L, svg, board, sqXY, byTarget, offer }) {
  for (const sq of board.squares) {
    if (!sq.unit || !sq.tile) continue;
    const [x, y] = sqXY(sq);
    const areas = sq.tile.areas || [];
    const [ax, ay] = hub(areas[sq.unit.area - 1] ?? "");
    // away from the centre, towards the coast, but well inside its own square: a unit on land that reaches a
    // corner was drawn on the grid line, beside its neighbour's, and read as two units in one square
    const inside = (v) => Math.min(70, Math.max(30, v));
    const [hx, hy] = [inside(ax + (ax - 50) * 0.4), inside(ay + (ay - 50) * 0.4)];
    // Over an offered square the unit lets clicks through to it (class ent-pass): what the highlight offers
    // is what a click anywhere on the square does.
    const ug = el("g", { class: byTarget[`sq.${sq.id}`] ? "ent-unit-g ent-pass" : "ent-unit-g",
                         "data-seat": sq.unit.seat, "data-kind": sq.unit.kind }, svg);
    const ux = x + (hx * S) / 100, uy = y + (hy * S) / 100;
    unitShape(el("g", { transform: `translate(${ux},${uy}) scale(0.82) translate(${-ux},${-uy})` }, ug),
              sq.unit.kind, ux, uy, SEAT_COLOURS[sq.unit.seat]);
    // the unit's shape says its kind: its seat is told by the seat's shape on a badge at its shoulder (issue 33)
    seatBadge(ug, sq.unit.seat, ux + 10, uy - 10, 4, SEAT_COLOURS[sq.unit.seat]);
    el("title", {}, ug, named(L, L(`seat.${sq.unit.seat}`), L(`ent.unit.${sq.unit.kind}`)));
    const recall = byTarget[`recall.${sq.id}`];
    if (recall && !recall.legal && !byTarget[`sq.${sq.id}`]) offer(ug, `recall.${sq.id}`);   // a fort: why it stays
    if (recall && recall.legal) {
      const rg = el("g", { class: "ent-recall" }, svg);
      el("circle", { cx: x + S - 10, cy: y + S - 10, r: 9, fill: "#fff", stroke: "#555", class: "bgw-frame" }, rg);
      el("text", { x: x + S - 10, y: y + S - 5.5, "font-size": 13, "text-anchor": "middle" }, rg, "↩");
      offer(rg, `recall.${sq.id}`);
    }
  }
}

// The circles on the grid's edge where a voyage may start, and the ship: on a tile's circle or on one of those.
function drawEdgeCirclesAndShip({ view, L, svg, board, squareById, sqXY, turn, byTarget, offer, pointTo }) {
  const circlePos = (c) => {
    const sq = squareById[c.square];
    const [x, y] = sqXY(sq);
    return { n: [x + S / 2, y - 13], s: [x + S / 2, y + S + 13], e: [x + S + 13, y + S / 2], w: [x - 13, y + S / 2] }[c.side];
  };
  for (const c of board.circles) {
    const [cx, cy] = circlePos(c);
    const g = el("g", { class: "ent-circle" }, svg);
    el("circle", { cx, cy, r: 6.5, fill: "#fff", stroke: "#1f4e79", "stroke-width": 1.3, class: "bgw-frame" }, g);
    el("title", {}, g, fill(L("ent.ui.edge-circle"), { square: c.square, side: L(`ent.side.${c.side.toUpperCase()}`) }));
    if (byTarget[`circle.${c.id}`] && byTarget[`circle.${c.id}`].legal) offer(g, `circle.${c.id}`);
    else g.setAttribute("data-target", `circle.${c.id}`);
    if (view.phase === "buy" && turn.ship === c.id) pointTo(g, "declare", L("ent.ui.declare-hint"));
  }
  if (turn.ship) {
    let x, y;
    const onSquare = squareById[turn.ship];
    if (onSquare) {
      const sq = squareById[turn.ship];
      const [sx, sy] = sqXY(sq);
      const [cx, cy] = circleAt(sq.tile || {});
      [x, y] = [sx + (cx * S) / 100, sy + (cy * S) / 100];
    } else {
      [x, y] = circlePos(board.circles.find((c) => c.id === turn.ship));
    }
    const s = ship(svg, x, y - 2, 0.95);
    el("title", {}, s, L("ent.ui.ship"));
    // the ship never hides the water routes, nor the event, of the tile it stands on
    const t = onSquare && onSquare.tile;
    if (t) {
      const [sx, sy] = sqXY(onSquare);
      const over = el("g", { transform: `translate(${sx},${sy}) scale(${S / 100})`, "pointer-events": "none" }, svg);
      drawRoutes(over, t, true);
      if (t.event) eventMark(over, t.event);
    }
  }
}

// Where the drawn tile may go: on each square offered, the tile turned each way it fits (four ways share
// the square in quarters).
function drawPlacements({ choices, svg, clipId, squareById, sqXY, turn, offer }) {
  const drawn = turn.tile;
  if (!drawn) return;
  const placeTargets = {};
  for (const c of choices) if (c.target && c.target.startsWith("place.")) {
    const [, sqId, deg] = c.target.split(".");
    (placeTargets[sqId] = placeTargets[sqId] || []).push({ ...c, degrees: Number(deg) });
  }
  for (const [sqId, options] of Object.entries(placeTargets)) {
    const sq = squareById[sqId];
    const [x, y] = sqXY(sq);
    options.sort((a, b) => a.degrees - b.degrees);
    const single = options.length === 1;
    options.forEach((o, i) => {
      const size = single ? S : S / 2;
      const ox = single ? x : x + (i % 2) * size, oy = single ? y : y + Math.floor(i / 2) * size;
      const g = el("g", { class: "ent-placement" }, svg);
      const turned = { ...drawn, land: rotateSides(drawn.land, o.degrees / 90), routes: rotateSides(drawn.routes, o.degrees / 90),
                       areas: (drawn.areas || []).map((a) => rotateSides(a, o.degrees / 90)) };
      drawTile(el("g", { transform: `translate(${ox},${oy}) scale(${size / 100})`, opacity: 0.92 }, g), turned, clipId, { plain: true });
      el("rect", { x: ox + 1, y: oy + 1, width: size - 2, height: size - 2, fill: "none", stroke: "none", class: "bgw-frame" }, g);
      el("text", { x: ox + size - 3, y: oy + size - 3, "font-size": single ? 12 : 11.5, "text-anchor": "end", fill: "#333" }, g, `${o.degrees}°`);
      offer(g, o.target);
    });
  }
}

// The score track under the grid, as wide as its frame. Returns the bottom of the left column.
function drawScoreTrack({ L, svg, cols, rows, players }) {
  const g = el("g", { class: "ent-score-track" }, svg);
  const below = scoreTrack(g, { x: X0 - 26, y: Y0 + rows * S + 44, width: cols * S + 40, boxHeight: 16, size: 12,
                                  heading: L("ent.ui.score-track"), scores: players.map((p) => p.score), L,
                                  colours: SEAT_COLOURS, markerClass: "ent-score-marker", seatName: (s) => L(`seat.${s}`) });
  return below + 10;
}

// -- the side panel, top to bottom: each part takes the y it starts at and returns the y under it -------------

// Round and whose turn (or the game's end), the phase, and a hostile island's warning.
function drawTurnHeader({ view, L, svg, turn }, py) {
  const px = PANEL;
  if (view.over) el("text", { x: px, y: py, "font-size": 15, "font-weight": 700 }, svg, L("ent.ui.final"));
  else if (turn.round) el("text", { x: px, y: py, "font-size": 15, "font-weight": 700 }, svg,
                          `${fill(L("ent.ui.round"), { n: turn.round })} · ${fill(L("ent.ui.turn"), { seat: L(`seat.${turn.seat}`) })}`);
  py += 18;
  el("text", { x: px, y: py, "font-size": 13, fill: "#444" }, svg,
     `${L(`ent.phase.${view.phase}`)}${turn.bought ? " · " + fill(L("ent.ui.declared"), { n: turn.bought }) : ""}`);
  if (turn.hostile) py += 15 * textBlock(svg, px, py + 15, `⚔ ${L("ent.ui.hostile")}`, WIDTH - px - 10, 12, { fill: "#922b21" });
  return py + 26;
}

// The spinner: its sectors, the pointer on the last spin, and what that spin gave.
function drawSpinner({ view, L, svg }, py) {
  const px = PANEL;
  const spin = view.spinner || { sectors: [], last: null };
  const scx = px + 40, scy = py + 38, sr = 34;
  const sg = el("g", { class: "ent-spinner" }, svg);
  spin.sectors.forEach((v, i) => {
    const a0 = (2 * Math.PI * i) / spin.sectors.length - Math.PI / 2, a1 = (2 * Math.PI * (i + 1)) / spin.sectors.length - Math.PI / 2;
    const path = `M${scx},${scy} L${scx + sr * Math.cos(a0)},${scy + sr * Math.sin(a0)} A${sr},${sr} 0 0 1 ${scx + sr * Math.cos(a1)},${scy + sr * Math.sin(a1)} Z`;
    el("path", { d: path, fill: v === spin.last ? "#f9e79f" : ["#fdfefe", "#eaf2f8"][i % 2], stroke: "#888" }, sg);
    const am = (a0 + a1) / 2;
    el("text", { x: scx + 22 * Math.cos(am), y: scy + 22 * Math.sin(am) + 5, "font-size": 14, "text-anchor": "middle", "font-weight": 700 }, sg, `${v}`);
  });
  if (spin.last) {
    const i = spin.sectors.indexOf(spin.last);
    const am = (2 * Math.PI * (i + 0.5)) / spin.sectors.length - Math.PI / 2;
    el("line", { x1: scx, y1: scy, x2: scx + 30 * Math.cos(am), y2: scy + 30 * Math.sin(am), stroke: "#c0392b", "stroke-width": 3, "stroke-linecap": "round" }, sg);
  }
  el("circle", { cx: scx, cy: scy, r: 4, fill: "#333" }, sg);
  el("text", { x: px + 84, y: py + 30, "font-size": 12, "font-weight": 700 }, svg, L("ent.ui.spinner"));
  if (spin.last) el("text", { x: px + 84, y: py + 50, "font-size": 22, "font-weight": 700, fill: "#b7950b" }, svg, `+${spin.last}`);
  return py + 86;
}

// One mat per player: name and score, the gold counter 0-12, the units left, and on a row of their own, named,
// the chips won (a chip in the units' row read as a unit, and many chips there were squeezed over each other).
const MAT = 92;
function drawPlayerMats({ view, L, svg, turn, players }, py) {
  const px = PANEL;
  players.forEach((p, seat) => {
    const colour = SEAT_COLOURS[seat];
    const g = el("g", { class: "ent-player", "data-seat": seat }, svg);
    const active = turn.seat === seat && !view.over;
    el("rect", { x: px - 4, y: py, width: WIDTH - px - 2, height: MAT, rx: 7, fill: "#fff", stroke: colour, "stroke-width": active ? 3.5 : 1.2 }, g);
    seatMark(g, seat, px + 10, py + 15, 7, colour);                 // the seat's shape: its pieces' badge
    el("text", { x: px + 22, y: py + 20, "font-size": 13, "font-weight": 700 }, g, L(`seat.${seat}`));
    el("text", { x: px + 110, y: py + 20, "font-size": 13 }, g, named(L, L("ent.ui.score"), p.score));
    if (p.first_turn) el("text", { x: WIDTH - 10, y: py + 19, "font-size": 12, fill: "#666", "text-anchor": "end" }, g, L("ent.ui.first-turn"));
    const max = (view.limits || {}).gold || 12;
    el("text", { x: px + 6, y: py + 41, "font-size": 12 }, g, L("ent.ui.gold"));
    const gw = 23;
    for (let i = 0; i <= max; i++) {
      const on = i === p.gold;
      el("rect", { x: px + 44 + i * gw, y: py + 27, width: gw - 2, height: 18, rx: 3, fill: on ? "#f4d03f" : "#fbfcfc",
                   stroke: on ? "#7d6608" : "#ccc", class: on ? "ent-gold-marker" : null }, g);
      el("text", { x: px + 44 + i * gw + (gw - 2) / 2, y: py + 40.5, "font-size": 12, "text-anchor": "middle", fill: on ? "#000" : "#888" }, g, `${i}`);
    }
    let ux = px + 6;
    el("text", { x: ux, y: py + 64, "font-size": 12 }, g, L("ent.ui.units-left"));
    ux += 78;
    for (const kind of ["scout", "fort", "settlement"]) {
      const n = (p.units || {})[kind] ?? 0;
      const shape = unitShape(g, kind, ux + 8, py + 59, n ? colour : "#eee");
      el("title", {}, shape, named(L, L(`ent.unit.${kind}`), n));
      el("text", { x: ux + 20, y: py + 64, "font-size": 12 }, g, `×${n}`);
      ux += 46;
    }
    // The chips won on islands, then, after the friendly natives' mark, the chips friendly natives gave: kept
    // apart, pale and dashed, for they count for no points (ent.event.friendly).
    const cy = py + 81;
    el("text", { x: px + 6, y: cy + 4.5, "font-size": 12 }, g, L("ent.ui.chips"));
    ux = px + 84;
    const chips = p.chips || [], gifts = p.gifts || [];
    const slots = chips.length + gifts.length + (gifts.length ? 1 : 0);
    const step = Math.min(21, (WIDTH - 16 - ux) / Math.max(1, slots));   // a great many chips overlap a little
    chips.forEach((c, i) => {
      const cg = el("g", { class: "ent-chip" }, g);
      el("circle", { cx: ux + 9 + i * step, cy, r: 9, fill: "#f5cba7", stroke: "#935116" }, cg);
      el("text", { x: ux + 9 + i * step, y: cy + 4.5, "font-size": 12, "text-anchor": "middle" }, cg, `${c.value}`);
      el("title", {}, cg, named(L, L(`ent.chip.${c.kind}`), c.value));
    });
    if (gifts.length) {
      const gx = ux + chips.length * step + (chips.length ? 4 : 0);
      const mark = el("g", { class: "ent-gifts" }, g);
      el("text", { x: gx + 8, y: cy + 6, "font-size": 17, "text-anchor": "middle", fill: "#8a4b00" }, mark, EVENT_ICON.friendly);
      el("title", {}, mark, L("ent.ui.gifts"));
      gifts.forEach((c, i) => {
        const x = gx + 9 + (i + 1) * step;
        const cg = el("g", { class: "ent-gift" }, g);
        el("circle", { cx: x, cy, r: 9, fill: "#f2f3f4", stroke: "#935116", "stroke-dasharray": "3 2" }, cg);
        el("text", { x, y: cy + 4.5, "font-size": 12, "text-anchor": "middle", fill: "#4d5656" }, cg, `${c.value}`);
        el("title", {}, cg, fill(L("ent.ui.gift"), { chip: L(`ent.chip.${c.kind}`), value: c.value }));
      });
    }
    py += MAT + 6;
  });
  return py;
}

// The supply: the draw piles, the reserve tiles by pattern, the chip piles and the tiles removed.
function drawSupply({ view, L, svg, clipId, offer, teacher }, py) {
  const px = PANEL;
  py += 6;
  // the discovery piles, heading included, are one element a lesson may bring into view (each pile, when
  // offered, is its own option inside it)
  const piles = el("g", { class: "ent-draw-piles", "data-target": "piles" }, svg);
  el("text", { x: px, y: py, "font-size": 12, "font-weight": 700 }, piles, L("ent.ui.piles"));
  py += 8;
  (view.piles || []).forEach((pile, i) => {
    const g = el("g", { class: "ent-pile" }, piles);
    const x = px + i * 68;
    for (let k = Math.min(3, Math.ceil(pile.count / 7)); k > 0; k--) el("rect", { x: x + k * 2, y: py + k * 2, width: 50, height: 50, rx: 4, fill: "#8d6e63", stroke: "#5d4037" }, g);
    el("rect", { x, y: py, width: 50, height: 50, rx: 4, fill: pile.count ? "#a1887f" : "#f2f3f4", stroke: "#5d4037", class: "bgw-frame" }, g);
    if (pile.top === "event") el("text", { x: x + 25, y: py + 34, "font-size": 26, "text-anchor": "middle", fill: "#fff8e1", "font-weight": 700 }, g, "?");
    el("text", { x: x + 25, y: py + 67, "font-size": 12, "text-anchor": "middle" }, g, named(L, i + 1, pile.count));
    el("title", {}, g, `${named(L, i + 1, pile.count)} · ${L(pile.top === "event" ? "ent.ui.top-event" : "ent.ui.top-plain")}`);
    offer(g, `pile.${i + 1}`);
  });
  py += 80;
  // the reserve piles, heading and counts included, are one element a lesson may bring into view
  const reserve = el("g", { class: "ent-reserve-piles", "data-target": "reserve" }, svg);
  el("text", { x: px, y: py, "font-size": 12, "font-weight": 700 }, reserve, L("ent.ui.reserve"));
  py += 6;
  (view.reserve || []).forEach((r, i) => {
    const x = px + i * 56;
    const sides = { sea: "", coast: "N", corner: "NE", strait: "NS", bay: "NES", land: "NESW" }[r.pattern];
    // drawn large enough to read where each kind's land lies (a lesson asks it of these pictures)
    const g = el("g", { class: "ent-reserve", transform: `translate(${x},${py}) scale(0.46)` }, reserve);
    drawTile(g, { land: sides, areas: sides ? [sides] : [], routes: "", reserve: r.number }, clipId, { plain: true });
    el("text", { x: x + 23, y: py + 61, "font-size": 12, "text-anchor": "middle" }, reserve, named(L, r.number, `×${r.count}`));
    el("title", {}, g, named(L, r.number, `${L(`ent.pattern.${r.pattern}`)} ×${r.count}`));
  });
  py += 74;
  // The name and the counts in parts of one line, so that the name is a text of its own (a lesson names it).
  const chipLine = el("text", { x: px, y: py, "font-size": 12, "font-weight": 700, "data-target": "chip-piles" }, svg);
  const [before, after] = L("ui.named-value").split("{value}");
  el("tspan", {}, chipLine, L("ent.ui.chip-piles"));
  el("tspan", {}, chipLine, before.replace("{name}", "") + (view.chip_piles || []).map((c) => c.count).join(L("ent.ui.plus")) + (after || ""));
  // The tiles out of the game: how many, and the last one that fitted nowhere, drawn small, so that a learner
  // sees the tile a draw removed at once (it never lay on the board); reserve tiles a position set aside are
  // counted, not drawn. The name is a part of its own (a lesson names it), the whole line one element.
  const last = view.removed_last;
  const shown = last && !last.reserve;
  const out = el("g", { class: "ent-removed", "data-target": "removed" }, svg);
  const outLine = el("text", { x: WIDTH - (shown ? 60 : 10), y: py, "font-size": 12, fill: "#666", "text-anchor": "end" }, out);
  el("tspan", {}, outLine, L("ent.ui.removed"));
  el("tspan", {}, outLine, before.replace("{name}", "") + (view.removed || []).length + (after || ""));
  if (shown) {
    const t = el("g", { class: "ent-removed-tile", transform: `translate(${WIDTH - 54},${py - 8}) scale(0.46)` }, out);
    drawTile(t, last, clipId);
    el("title", {}, t, named(L, L("ent.ui.removed"), L(`ent.tile.${last.type}`)));
  }
  return drawFaceDown({ view, L, svg, teacher }, py + (shown ? 42 : 16));
}

// The teacher's view lists what is still face down: every tile kind left in the discovery piles and every
// chip, with how many of each, so a demonstration can say what may come next. Only when the page's teacher
// view is on: the view of a table of bots alone (a gallery card) holds the counts too.
function drawFaceDown({ view, L, svg, teacher }, py) {
  const hidden = view.face_down;
  if (!hidden || !teacher) return py;
  const list = (counts, kind) => Object.entries(counts || {}).map(([name, n]) => `${L(`${kind}.${name}`)} ×${n}`).join(" · ");
  const text = fill(L("ent.ui.face-down"), { tiles: list(hidden.tiles, "ent.tile"), chips: list(hidden.chips, "ent.chip") });
  const lines = textBlock(svg, PANEL, py + 4, text, WIDTH - PANEL - 10, 12, { fill: "#5d4037", class: "ent-face-down" }, 3);
  return py + 4 + lines * 15;
}

// The decision of the moment: the tiles to declare, the drawn tile, the units to place, stop.
function drawDecision({ choices, L, svg, clipId, turn, byTarget, button }, py) {
  const px = PANEL;
  const buys = choices.filter((c) => c.target && c.target.startsWith("buy."));
  if (buys.length) {
    const g = el("g", { class: "ent-declare", "data-target": "declare" }, svg);
    heading(g, px, py + 12, L("ent.ui.declare"), L("ent.ui.declare-each"));
    py += 20;
    buys.forEach((c, i) => button(g, px + (i % 6) * 56, py + Math.floor(i / 6) * 32, 50, 26, `${c.target.slice(4)}`, c.target));
    py += Math.ceil(buys.length / 6) * 32 + 6;
  }
  const drawn = turn.tile;
  if (drawn) {
    el("text", { x: px, y: py + 12, "font-size": 12.5, "font-weight": 700 }, svg, named(L, L("ent.ui.drawn"), L(`ent.tile.${drawn.type}`)));
    drawTile(el("g", { transform: `translate(${px},${py + 20}) scale(0.7)` }, svg), drawn, clipId);
    if (choices.some((c) => c.target && c.target.startsWith("place."))) textBlock(svg, px + 80, py + 40, L("ent.ui.choose-place"), WIDTH - px - 90, 12, { fill: "#444" });
    py += 96;
  }
  const units = choices.filter((c) => c.target && c.target.startsWith("unit."));
  if (units.length) {
    const g = el("g", { class: "ent-units", "data-target": "units" }, svg);
    heading(g, px, py + 12, L("ent.ui.units"), fill(L("ent.ui.units-on"), { square: turn.fresh }));
    py += 20;
    const areas = [...new Set(units.map((c) => c.target.split(".")[3]))];
    areas.forEach((a) => {
      let x = px;
      if (areas.length > 1) { el("text", { x, y: py + 18, "font-size": 12 }, g, fill(L("ent.ui.land"), { n: a })); x += 52; }
      for (const kind of ["scout", "fort", "settlement"]) {
        const c = units.find((u) => u.target === `unit.${kind}.${turn.fresh}.${a}`);
        if (!c) continue;
        const b = button(g, x, py, 108, 28, "", c.target);
        unitShape(b, kind, x + 14, py + 14, SEAT_COLOURS[turn.seat]);
        const forbidden = !c.legal && kind === "settlement" && turn.hostile;     // no price: not allowed at all
        el("text", { x: x + 28, y: py + 19, "font-size": 12 }, b, forbidden ? L(`ent.unit.${kind}`) : `${L(`ent.unit.${kind}`)} ${c.params.cost}`);
        x += 113;
      }
      py += 34;
    });
  }
  if (byTarget.end) { button(svg, px, py, 190, 28, L("ent.ui.stop"), "end", { fill: "#fdebd0" }); py += 36; }
  return py;
}

// A heading whose first part is the name a lesson gives it ({@key}), the rest in a part of its own.
function heading(parent, x, y, name, rest) {
  const line = el("text", { x, y, "font-size": 12.5, "font-weight": 700 }, parent);
  el("tspan", {}, line, name);
  el("tspan", {}, line, rest);
  return line;
}

// An island's scoring, step by step as the engine reaches it: ranks, chips, the island's value, the points.
function drawIslandScoring({ view, L, list, svg }, py) {
  const sc = view.scoring;
  if (!sc) return py;
  const px = PANEL;
  py += 6;
  const g = el("g", { class: "ent-scoring", "data-stage": sc.stage }, svg);
  const lines = [];
  lines.push([fill(L(sc.final ? "ent.ui.scoring-final" : "ent.ui.scoring"), { island: sc.island, tiles: sc.tiles }), 700]);
  sc.ranks.forEach((r, i) => lines.push([fill(L("ent.ui.rank-line"), { rank: i + 1, seats: list(r.seats.map((s) => L(`seat.${s}`))),
                                                                          value: r.value, units: r.units }), 400]));
  if (!sc.eligible) lines.push([L("ent.ui.requirement"), 600]);       // scouts alone, or nobody at all
  const stageIndex = { chip: 1, points: 2, done: 3 }[sc.stage] ?? 0;
  if (sc.eligible && stageIndex >= 2) {
    if (sc.final) lines.push([L("ent.ui.chip-none-final"), 400]);
    else if (sc.shortage) lines.push([fill(L("ent.ui.chip-shortage"), { left: sc.chips_left, n: sc.ranks[0].seats.length }), 400]);
    else lines.push([fill(L("ent.ui.chip-line"), { chips: list(sc.chips.map((c) => named(L, L(`seat.${c.seat}`), aside(L, L(`ent.chip.${c.chip}`), c.value)))) }), 400]);
  }
  if (sc.eligible && stageIndex >= 3) {
    lines.push([fill(L(sc.chip_value ? "ent.ui.value-line" : "ent.ui.value-line.no-chip"), { tiles: sc.tiles, chip: sc.chip_value, value: sc.value }), 600]);
    const pts = [];
    sc.ranks.forEach((r) => pts.push(named(L, list(r.seats.map((s) => L(`seat.${s}`))), sc.points[String(r.seats[0])])));
    lines.push([fill(L("ent.ui.points-line"), { points: pts.join(" → ") }), 700]);
  }
  const box = el("rect", { x: px - 4, y: py, width: WIDTH - px - 2, height: 10, rx: 7, fill: "#fffbe6", stroke: "#e8a317", "stroke-width": 2 }, g);
  let ly = py + 18;
  for (const [text, weight] of lines) ly += 16 * textBlock(g, px + 4, ly, text, WIDTH - px - 16, 12, { "font-weight": weight }) + 2;
  box.setAttribute("height", ly - py - 4);
  return ly + 6;
}

// The grid with what stands on it and the score track on the left; the side panel on the right.
function draw(model, root, tip) {
  const ctx = drawingContext(model, tip, root);
  drawBanner(ctx);
  drawGrid(ctx);
  drawIslandOutlines(ctx);
  drawUnits(ctx);
  drawEdgeCirclesAndShip(ctx);
  drawPlacements(ctx);
  const leftBottom = drawScoreTrack(ctx);
  let py = drawTurnHeader(ctx, 74);
  py = drawSpinner(ctx, py);
  py = drawDecision(ctx, py);
  py = drawIslandScoring(ctx, py);
  py = drawPlayerMats(ctx, py);
  py = drawSupply(ctx, py);
  ctx.svg.setAttribute("viewBox", `0 0 ${WIDTH} ${Math.max(leftBottom, py) + 8}`);
  root.replaceChildren(ctx.svg);
}

export default {
  render({ model, el: host }) {
    return mountBoard(model, host, "ent-board", (root, tip) => draw(model, root, tip)).stop;
  },
};
