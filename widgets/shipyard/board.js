// Shipyard board renderer: draws the engine's JSON view as SVG.
// It knows no rules: it draws what `view` holds and marks what `choices` name. Every clickable element
// carries data-target (the Action.target of its choice); a click sends {type: "choose", id}.

const FAMILY_COLOURS = { trader: "#e6b0aa", builder: "#aed6f1", engineer: "#ccd1d1", recruiter: "#abebc6",
                         rondel: "#f9e79f", speed: "#d6eaf8" };
const GOOD_COLOURS = { coal: "#2c3e50", timber: "#a0522d", cloth: "#85c1e9" };
const ITEMS = ["sail", "engine", "cannon", "crane", "captain", "merchant", "soldier", "stoker"];
const FEATURES = ["cabins", "boilers", "masts", "guns", "cranes", "lanterns", "lifeboats", "buoys"];
// The drawing is 860 units wide, the markets and rondels in rows: on a laptop the shell gives the board about
// 960 px, so that an 11-unit text is drawn at 12 px (at 1280 units it was 8).
const WIDTH = 860;
const TILE_W = 74, TILE_H = 78, TILE_GAP = 5;     // an action tile, and the gap between two
const MARKET_X = 20;                              // left edge of the markets and of the supply under them
const RONDEL_X = 534;                             // left edge of the equipment and crew rondels, right of the markets
const CANAL_CELL = 24;                            // a canal space on a player's mat
const CONTRACT_ROW = 66;                          // a row of the viewer's contract cards on their mat
const CONTRACT_X = 476, CONTRACT_W = 176;         // the contracts' column on a mat, two cards a row
const EMP_W = 26, EMP_H = 34;                     // an employee tile on the rondel: its glyph, level and cost legible
const EMP_RING = 132;                             // the employee rondel's radius: room for its eight stops of three

// -- glyphs: equipment, crew, goods, part features, checkpoints (s: size in px, centred on x, y) ------------
function itemGlyph(g, item, x, y, s = 16) {
  const r = s / 2;
  const k = el("g", { class: `sy-glyph sy-item-${item}` }, g);
  if (item === "sail") {
    el("line", { x1: x - r * 0.6, y1: y + r, x2: x - r * 0.6, y2: y - r, stroke: "#6e3b1f", "stroke-width": 1.5 }, k);
    el("path", { d: `M${x - r * 0.5},${y - r} L${x + r},${y + r * 0.7} L${x - r * 0.5},${y + r * 0.7} Z`, fill: "#fdfefe", stroke: "#555" }, k);
  } else if (item === "engine") {
    el("rect", { x: x - r * 0.45, y: y - r * 0.4, width: r * 0.9, height: r * 1.4, fill: "#566573", stroke: "#222" }, k);
    el("circle", { cx: x + r * 0.2, cy: y - r * 0.75, r: r * 0.35, fill: "#bdc3c7" }, k);
  } else if (item === "cannon") {
    el("rect", { x: x - r * 0.9, y: y - r * 0.3, width: r * 1.5, height: r * 0.55, fill: "#1c2833", transform: `rotate(-20 ${x} ${y})` }, k);
    el("circle", { cx: x - r * 0.1, cy: y + r * 0.45, r: r * 0.45, fill: "#7b241c" }, k);
  } else if (item === "crane") {
    el("path", { d: `M${x - r * 0.6},${y + r} V${y - r} H${x + r * 0.8} M${x + r * 0.6},${y - r} V${y}`, stroke: "#b9770e",
                 "stroke-width": 2, fill: "none" }, k);
  } else {
    const colour = { captain: "#1b4f72", merchant: "#1e8449", soldier: "#922b21", stoker: "#4d3319" }[item] || "#777";
    el("circle", { cx: x, cy: y - r * 0.35, r: r * 0.45, fill: "#f5cba7", stroke: "#555", "stroke-width": 0.6 }, k);
    el("path", { d: `M${x - r * 0.8},${y + r} Q${x},${y - r * 0.1} ${x + r * 0.8},${y + r} Z`, fill: colour }, k);
    if (item === "captain") el("rect", { x: x - r * 0.55, y: y - r * 0.95, width: r * 1.1, height: r * 0.3, fill: "#1b2631" }, k);
    if (item === "soldier") el("rect", { x: x - r * 0.45, y: y - r * 1.0, width: r * 0.9, height: r * 0.35, fill: "#922b21" }, k);
  }
  return k;
}

function goodGlyph(g, good, x, y, s = 12) {
  return el("rect", { x: x - s / 2, y: y - s / 2, width: s, height: s, rx: good === "cloth" ? s / 2 : 2, fill: GOOD_COLOURS[good] || "#999",
                      stroke: "#222", "stroke-width": 0.7, class: `sy-good sy-good-${good}` }, g);
}

function featureGlyph(g, feature, x, y, s = 9) {
  const h = s / 2;
  if (feature === "cabins") return el("rect", { x: x - h, y: y - h, width: s, height: s, fill: "#fff", stroke: "#34495e" }, g);
  if (feature === "boilers") return el("rect", { x: x - h, y: y - h, width: s, height: s, fill: "#e67e22", stroke: "#6e2c00" }, g);
  if (feature === "masts") return el("path", { d: `M${x},${y + h} V${y - h} M${x - h},${y - h * 0.3} H${x + h}`, stroke: "#6e3b1f", "stroke-width": 1.6 }, g);
  if (feature === "guns") return el("circle", { cx: x, cy: y, r: h * 0.8, fill: "#1c2833" }, g);
  if (feature === "cranes") return el("path", { d: `M${x - h * 0.6},${y + h} V${y - h} H${x + h}`, stroke: "#b9770e", "stroke-width": 1.6, fill: "none" }, g);
  if (feature === "lanterns") return el("circle", { cx: x, cy: y, r: h * 0.8, fill: "#f4d03f", stroke: "#9a7d0a" }, g);
  if (feature === "lifeboats") return el("path", { d: `M${x - h},${y - h * 0.2} H${x + h} L${x + h * 0.5},${y + h * 0.6} H${x - h * 0.5} Z`, fill: "#f39c12", stroke: "#7e5109" }, g);
  return el("circle", { cx: x, cy: y, r: h * 0.75, fill: "none", stroke: "#c0392b", "stroke-width": 2.2, "stroke-dasharray": "2.2 1.6" }, g);
}

function checkpointGlyph(g, icon, x, y, s = 16) {
  if (!icon) return null;
  if (icon === "military") return itemGlyph(g, "cannon", x, y, s * 0.8);
  if (icon === "economic") return itemGlyph(g, "crane", x, y, s * 0.8);
  if (icon === "riband") {
    const k = el("g", { class: "sy-glyph" }, g);
    el("circle", { cx: x, cy: y - s * 0.1, r: s * 0.3, fill: "#2e86c1", stroke: "#1b4f72" }, k);
    el("path", { d: `M${x - s * 0.25},${y + s * 0.1} L${x - s * 0.35},${y + s * 0.45} L${x},${y + s * 0.3} L${x + s * 0.35},${y + s * 0.45} L${x + s * 0.25},${y + s * 0.1}`, fill: "#2e86c1" }, k);
    return k;
  }
  return featureGlyph(g, `${icon}s`, x, y, s * 0.7);
}

// A ship part: a bow points left, a stern is squared with a rudder; its mounts, cabins and icons inside.
function drawPart(g, part, x, y, w, h, L) {
  const hull = part.part === "bow" ? `M${x + 2},${y + h / 2} L${x + w * 0.35},${y + 3} H${x + w - 1} V${y + h - 3} H${x + w * 0.35} Z`
    : part.part === "stern" ? `M${x + 1},${y + 3} H${x + w - 5} L${x + w - 2},${y + h * 0.4} V${y + h - 3} H${x + 1} Z`
      : `M${x + 1},${y + 3} H${x + w - 1} V${y + h - 3} H${x + 1} Z`;
  el("path", { d: hull, fill: "#d5b895", stroke: "#6e4c2a", "stroke-width": 1.2, class: "bgw-frame" }, g);
  const icons = [];
  for (const f of FEATURES) for (let i = 0; i < (part[f] || 0); i++) icons.push(f);
  const x0 = x + (part.part === "bow" ? w * 0.42 : 8);
  const room = x + w - 6 - x0;
  const step = icons.length > 1 ? Math.min(13, room / icons.length) : 0;
  icons.forEach((f, i) => featureGlyph(g, f, x0 + 4 + i * step, y + h / 2, 9));
  const names = [...new Set(icons)].map((f) => `${L(`sy.ui.feature.${f}`)} ×${icons.filter((v) => v === f).length}`);
  el("title", {}, g, names.length ? named(L, L(`sy.part.${part.id}`), listed(L, names)) : L(`sy.part.${part.id}`));
}

function drawCanalTile(g, tile, x, y, cell, L, opts = {}) {
  tile.spaces.forEach((icon, i) => {
    el("rect", { x: x + i * cell, y, width: cell, height: cell, fill: "#aed6f1", stroke: "#1f618d", "stroke-width": 0.8 }, g);
    if (icon) checkpointGlyph(g, icon, x + i * cell + cell / 2, y + cell / 2, cell * 0.72);
  });
  if (tile.exits > 1 && opts.fork) {      // a fork: the canal branches after this tile
    const ex = x + tile.spaces.length * cell;
    el("path", { d: `M${ex},${y + cell / 2} l${cell * 0.4},${-cell * 0.35} M${ex},${y + cell / 2} l${cell * 0.4},${cell * 0.35}`,
                 stroke: "#1f618d", "stroke-width": 2, fill: "none" }, g);
  }
  const icons = tile.spaces.filter(Boolean).map((i) => L(`sy.ui.checkpoint.${i}`));
  el("title", {}, g, icons.length ? named(L, L(`sy.canal.${tile.id}`), listed(L, icons)) : L(`sy.canal.${tile.id}`));
}

// -- the board, its parts top to bottom: each takes where it starts and, where a later part depends on it,
// returns where it ends ------------------------------------------------------------------------------------------

// Everything the parts of the board draw with, read once per drawing.
function drawingContext(model, tip) {
  const view = model.get("view") || {};
  const labels = model.get("labels") || {};
  const choices = model.get("choices") || [];
  const L = (key) => labels[key] ?? key;
  const kit = boardKit(model, tip, choices);
  // A click on an element that is no choice now says why in the hover line: `why` if given, else that the
  // highlighted options are the choices of this moment.
  const phase = L(`sy.phase.${view.phase}`);
  const explainClick = (group, why) => {
    group.classList.add("sy-explained");
    group.addEventListener("click", (event) => {
      event.stopPropagation();
      tip.textContent = why || fill(L("sy.ui.why.not-now"), { phase });
    });
    group.addEventListener("mouseleave", () => { tip.textContent = ""; });
  };
  const offer = (group, target, why) => {
    const offered = kit.offer(group, target);
    if (offered) group.addEventListener("mouseleave", () => { tip.textContent = ""; });   // no stale name stays
    else explainClick(group, why);
    return offered;
  };
  return {
    view, labels, choices, L, kit, explainClick,
    byTarget: kit.byTarget, offer,
    focus: String(model.get("focus") || "").split("#")[0],        // the element a lesson step is about
    // whose view the board shows: the first seat whose contracts it may read (the learner's, until the end)
    viewer: (view.players || []).findIndex((p) => (p.contracts || {}).visible),
    players: view.players || [],
    cruise: view.cruise,
    seatName: (s) => L(`seat.${s}`),
    svg: el("svg", { viewBox: `0 0 ${WIDTH} 100`, role: "img", "data-revision": model.get("revision") }),
  };
}

// Stand-in notice, scenario, then the stage, whose turn and the phase (and who triggered the game's end).
function drawBanner({ view, labels, L, svg, seatName }) {
  let top = 14;
  if (Object.values(view.stand_in || {}).some(Boolean)) {
    const note = el("g", { class: "sy-stand-in" }, svg);          // one notice, however many lines it takes
    top += 14 * textBlock(note, 8, top, L("sy.ui.stand-in"), WIDTH - 20, 11, { fill: "#8a5a00" }, 3);
  }
  if (labels.scenario) top += 15 * textBlock(el("g", { class: "sy-scenario" }, svg), 8, top + 4, labels.scenario, WIDTH - 20, 12.5, { fill: "#1a5276", "font-style": "italic" }, 3) + 4;
  const stage = view.over ? L("sy.ui.over") : view.stage === "final-action" ? L("sy.ui.final-action")
    : view.stage === "final-build" ? L("sy.ui.final-build") : view.stage === "scoring" ? L("sy.ui.scoring")
      : fill(L("sy.ui.round"), { n: view.game_round || 1 });
  el("text", { x: 8, y: top + 14, "font-size": 15, "font-weight": 700, class: "sy-status" }, svg,
     view.over ? stage : `${stage} · ${fill(L("sy.ui.turn"), { seat: seatName(view.seat) })} · ${L(`sy.phase.${view.phase}`)}`);
  if (view.end && view.end.ender !== null && view.end.ender !== undefined) {
    top += 16 * textBlock(el("g", { class: "sy-trigger" }, svg), 8, top + 32, fill(L(`sy.ui.trigger.${view.end.reason}`), { seat: seatName(view.end.ender) }),
                          WIDTH - 20, 12, { fill: "#922b21" }, 4);
  }
  return top + 26;
}

// The action track: one tile per action, its cube and coins, and the bonus where one is offered.
// Returns where the track ends on the right.
function drawActionTrack({ view, L, svg, byTarget, offer }, y) {
  const track = view.track || [];
  const TW = TILE_W, TH = TILE_H, TG = TILE_GAP;
  el("text", { x: 20, y: y - 4, "font-size": 12, "font-weight": 700 }, svg, L("sy.ui.action-track"));
  track.forEach((tile, i) => {
    const x = 20 + i * (TW + TG);
    const g = el("g", { class: "sy-tile", "data-tile": tile.id }, svg);
    const chosen = view.chosen === tile.id;
    el("rect", { x, y, width: TW, height: TH, rx: 6, fill: chosen ? "#fcf3cf" : "#fbeee0", stroke: chosen ? "#b9770e" : "#a67c52",
                 "stroke-width": chosen ? 2.5 : 1.2, class: "bgw-frame" }, g);
    textBlock(g, x + 5, y + 14, L(`sy.action.${tile.id}`), TW - 8, 11, { "font-weight": 600 }, 2);
    if (tile.cube >= 0) {
      // the seat's cube in the seat's shape (seatMark), so that whose it is shows without its colour
      seatMark(g, tile.cube, x + TW / 2, y + TH - 19, 9, SEAT_COLOURS[tile.cube], { class: "sy-cube", "data-seat": tile.cube });
    }
    if (tile.coins) {
      el("circle", { cx: x + TW - 12, cy: y + TH - 12, r: 9, fill: "#f4d03f", stroke: "#9a7d0a", class: "sy-coins" }, g);
      el("text", { x: x + TW - 12, y: y + TH - 8, "font-size": 11, "text-anchor": "middle", "font-weight": 700 }, g, `${tile.coins}`);
    }
    if (i === track.length - 1) el("text", { x: x + 4, y: y + TH - 4, "font-size": 11, fill: "#7d6608" }, g, L("sy.ui.by-gear"));
    offer(g, `tile.${tile.id}`);
    if (byTarget[`bonus.${tile.id}`]) {
      const b = el("g", { class: "sy-bonus" }, svg);
      el("rect", { x: x + TW / 2 - 17, y: y + TH + 4, width: 34, height: 17, rx: 4, fill: "#fff", stroke: "#a67c52", class: "bgw-frame" }, b);
      el("text", { x: x + TW / 2, y: y + TH + 16.5, "font-size": 11, "text-anchor": "middle" }, b, L("sy.ui.bonus"));
      offer(b, `bonus.${tile.id}`);
    }
  });
  return 20 + track.length * (TW + TG);
}

// The gear beside the track: one notch per action tile; its cube rides round and drops into the hole at the
// bottom. Returns the gear's centre x.
function drawGear({ view, L, svg }, x, y) {
  const gear = view.gear || { notches: 8, notch: 0, cube: true };
  const gx = x + 46, gy = y + 40, gr = 32;
  const gg = el("g", { class: "sy-gear", "data-notch": gear.notch }, svg);
  el("circle", { cx: gx, cy: gy, r: gr + 6, fill: "#d5dbdb", stroke: "#7f8c8d", "stroke-width": 2 }, gg);
  for (let n = 0; n < gear.notches; n++) {
    const a = Math.PI / 2 - (2 * Math.PI * n) / gear.notches;           // notch 0 by the hole, at the bottom
    el("line", { x1: gx + (gr - 4) * Math.cos(a), y1: gy + (gr - 4) * Math.sin(a), x2: gx + (gr + 6) * Math.cos(a),
                 y2: gy + (gr + 6) * Math.sin(a), stroke: "#7f8c8d", "stroke-width": 3 }, gg);
  }
  el("circle", { cx: gx, cy: gy + gr + 12, r: 6, fill: "#17202a" }, gg);                       // the hole
  if (gear.cube) {
    const a = Math.PI / 2 - (2 * Math.PI * gear.notch) / gear.notches;
    el("rect", { x: gx + (gr - 12) * Math.cos(a) - 6, y: gy + (gr - 12) * Math.sin(a) - 6, width: 12, height: 12, fill: "#f0f3f4",
                 stroke: "#222", class: "sy-gear-cube" }, gg);
  }
  el("title", {}, gg, gear.cube ? fill(L("sy.ui.gear"), { n: gear.notch, m: gear.notches }) : L("sy.ui.gear-empty"));
  el("text", { x: gx, y: y - 4, "font-size": 11, "text-anchor": "middle" }, svg,
     gear.cube ? fill(L("sy.ui.gear"), { n: gear.notch, m: gear.notches }) : gear.dropped ? L("sy.ui.dropped") : L("sy.ui.gear-empty"));
  return gx;
}

// The turn track: the cubes left, the rightmost goes first; the marked one calls for the discard.
function drawTurnTrack({ view, L, svg }, tx, y) {
  const tt = view.turn_track || { cubes: 0, total: 0, marked: 0 };
  el("text", { x: tx, y: y + 8, "font-size": 11 }, svg, fill(L("sy.ui.turn-track"), { n: tt.cubes }));
  const perRow = Math.max(1, Math.floor((WIDTH - 6 - tx) / 13));   // one row where it fits: "rightmost" is plain
  for (let i = 0; i < tt.total; i++) {
    const fromRight = tt.total - i;                 // cube numbered from the right
    const present = i < tt.cubes;
    const marked = fromRight === tt.marked;
    const c = el("rect", { x: tx + (i % perRow) * 13, y: y + 16 + Math.floor(i / perRow) * 13, width: 11, height: 11, rx: 2, fill: present ? "#f0f3f4" : "none",
                           stroke: marked ? "#c0392b" : "#555", "stroke-width": marked ? 2 : 1, "stroke-dasharray": present ? null : "2 2",
                           class: present ? "sy-turn-cube" : "sy-turn-gone" }, svg);
    if (marked) el("title", {}, c, L("sy.ui.marked"));
  }
}

// The ship-part market: a column per kind of part, the cheap row at the bottom, the prices beside, the stacks
// left under it. Returns where it ends: { right, bottom }.
function drawPartMarket({ view, L, svg, offer }, y) {
  const market = view.market || { prices: [], columns: [], stacks: {} };
  const CW = 74, CH = 40, rows = market.prices.length;
  const mx = MARKET_X;
  el("text", { x: mx, y: y + 2, "font-size": 12, "font-weight": 700 }, svg, L("sy.ui.market"));
  market.columns.forEach((col, c) => {
    const x = mx + c * (CW + 4);
    el("text", { x: x + CW / 2, y: y + 17, "font-size": 11, "text-anchor": "middle" }, svg, L(`sy.partname.${col.kind}`));
    col.tiles.forEach((part, r) => {
      const cy = y + 22 + (rows - 1 - r) * (CH + 3);
      const g = el("g", { class: "sy-market", "data-place": `${col.name}.${r + 1}` }, svg);
      if (part) drawPart(g, part, x, cy, CW, CH, L);
      else el("rect", { x, y: cy, width: CW, height: CH, fill: "none", stroke: "#ccc", "stroke-dasharray": "3 3", class: "bgw-frame" }, g);
      offer(g, `market.${col.name}.${r + 1}`);
    });
  });
  market.prices.forEach((p, r) => {
    const cy = y + 22 + (rows - 1 - r) * (CH + 3);
    el("text", { x: mx + market.columns.length * (CW + 4) + 4, y: cy + CH / 2 + 5, "font-size": 13, "font-weight": 700, fill: "#7d6608" }, svg, `${p}`);
  });
  const stacksY = y + 22 + rows * (CH + 3) + 10;
  const stacks = Object.entries(market.stacks || {});      // one line each: legible, never overlapping
  stacks.forEach(([kind, [i, ii]], k) => {
    el("text", { x: mx, y: stacksY + k * 15, "font-size": 11, fill: "#555" }, svg, `${L(`sy.partname.${kind}`)} ${fill(L("sy.ui.stacks"), { i, ii })}`);
  });
  // the legend: every icon a part may carry, drawn as on the parts and named (the lesson names them by it)
  const legendY = stacksY + Math.max(0, stacks.length - 1) * 15 + 20;
  const lg = el("g", { class: "sy-legend", "data-place": "legend" }, svg);
  el("text", { x: mx, y: legendY, "font-size": 11, "font-weight": 700 }, lg, L("sy.ui.legend"));
  const half = Math.ceil(FEATURES.length / 2), colW = (market.columns.length * (CW + 4)) / 2;
  FEATURES.forEach((f, k) => {
    const lx = mx + (k < half ? 0 : colW), ly = legendY + 14 + (k % half) * 14;
    featureGlyph(lg, f, lx + 5, ly - 4, 9);
    el("text", { x: lx + 14, y: ly, "font-size": 11, fill: "#333" }, lg, L(`sy.ui.legend.${f}`));
  });
  // and the equipment and crew, as the rondels, the dock and the swaps draw them
  const itemsY = legendY + 14 + half * 14 + 8;
  const ig = el("g", { class: "sy-legend", "data-place": "legend-items" }, svg);
  el("text", { x: mx, y: itemsY, "font-size": 11, "font-weight": 700 }, ig, L("sy.ui.legend.items"));
  const ihalf = Math.ceil(ITEMS.length / 2);
  ITEMS.forEach((item, k) => {
    const lx = mx + (k < ihalf ? 0 : colW), ly = itemsY + 16 + (k % ihalf) * 16;
    itemGlyph(ig, item, lx + 6, ly - 4, 13);
    el("text", { x: lx + 16, y: ly, "font-size": 11, fill: "#333" }, ig, L(`sy.item.${item}`));
  });
  return { right: mx + market.columns.length * (CW + 4), bottom: itemsY + 16 + (ihalf - 1) * 16 + 12 };
}

// The canal tiles for sale, the cheap end first, each named under it (the log names the tile rented).
// Returns the y under them.
const CANAL_ROW = 40;
function drawCanalMarket({ view, L, svg, offer }, cx0, y) {
  el("text", { x: cx0, y: y + 2, "font-size": 12, "font-weight": 700 }, svg, fill(L("sy.ui.canal-market"), { n: view.canal_supply ?? 0 }));
  (view.canal_market || []).forEach((slot, i) => {
    const cy = y + 12 + i * CANAL_ROW;
    const g = el("g", { class: "sy-canal-offer" }, svg);
    el("rect", { x: cx0 - 2, y: cy - 2, width: 150, height: CANAL_ROW - 4, rx: 3, fill: "#fff", stroke: "#d0d3d4", class: "bgw-frame" }, g);
    el("text", { x: cx0 + 4, y: cy + 16, "font-size": 12, "font-weight": 700, fill: "#7d6608" }, g, `${slot.price}`);
    if (slot.tile) {
      drawCanalTile(g, slot.tile, cx0 + 18, cy + 1, 20, L, { fork: true });
      el("text", { x: cx0 + 18, y: cy + 32, "font-size": 11, fill: "#333", class: "sy-canal-name" }, g, L(`sy.canal.${slot.tile.id}`));
    }
    offer(g, `canal.${i + 1}`, L("sy.ui.why.canal-market"));
  });
  return y + 12 + (view.canal_market || []).length * CANAL_ROW;
}

// The legend of the canal: every checkpoint a canal space may show, drawn as on the tiles and named with what
// it scores, and the fork; under the goods market (the lesson names it by its heading).
const CANAL_ICONS = ["military", "economic", "lantern", "lifeboat", "buoy", "riband"];
function drawCanalLegend({ L, svg }, cx0, y) {
  const lg = el("g", { class: "sy-legend", "data-place": "canal-legend" }, svg);
  el("text", { x: cx0, y, "font-size": 11, "font-weight": 700 }, lg, L("sy.ui.canal-legend"));
  CANAL_ICONS.forEach((icon, k) => {
    const ly = y + 15 + k * 15;
    el("rect", { x: cx0, y: ly - 11, width: 14, height: 14, fill: "#aed6f1", stroke: "#1f618d", "stroke-width": 0.6 }, lg);
    checkpointGlyph(lg, icon, cx0 + 7, ly - 4, 10);
    el("text", { x: cx0 + 19, y: ly, "font-size": 11, fill: "#333" }, lg, L(`sy.ui.canal-legend.${icon}`));
  });
  const fy = y + 15 + CANAL_ICONS.length * 15;
  el("path", { d: `M${cx0 + 2},${fy - 4} l10,-5 M${cx0 + 2},${fy - 4} l10,5`, stroke: "#1f618d", "stroke-width": 2, fill: "none" }, lg);
  el("text", { x: cx0 + 19, y: fy, "font-size": 11, fill: "#333" }, lg, L("sy.ui.canal-legend.fork"));
  return fy + 8;
}

// The goods tiles for sale, the cheap row at the bottom. Returns the y under them.
function drawGoodsMarket({ view, L, svg, offer }, cx0, gy0) {
  el("text", { x: cx0, y: gy0, "font-size": 12, "font-weight": 700 }, svg, fill(L("sy.ui.goods-market"), { n: view.goods_supply ?? 0 }));
  const goodsRows = view.goods_market || [];
  goodsRows.forEach((slot, r) => {
    const cy = gy0 + 8 + (goodsRows.length - 1 - r) * 24;
    const g = el("g", { class: "sy-goods-offer" }, svg);
    el("rect", { x: cx0 - 2, y: cy, width: 100, height: 21, rx: 3, fill: "#fff", stroke: "#d0d3d4", class: "bgw-frame" }, g);
    el("text", { x: cx0 + 4, y: cy + 15, "font-size": 12, "font-weight": 700, fill: "#7d6608" }, g, `${slot.price}`);
    if (slot.tile) {
      slot.tile.goods.forEach((good, k) => goodGlyph(g, good, cx0 + 28 + k * 16, cy + 10.5));
      el("title", {}, g, `${L(`sy.goods-tile.${slot.tile.id}`)} · ${slot.price}`);
    }
    offer(g, `goods.${r + 1}`);
  });
  return gy0 + 14 + goodsRows.length * 24;
}

// -- the rondels, right of the markets ----------------------------------------------------------------------------

// A stop's number, `out` units beyond the stop's centre on the line from the rondel's centre (negative: towards
// the centre), so that "stop 5" in a text can be found on the board.
function stopNumber(g, n, cx, cy, sx, sy, out) {
  const d = Math.hypot(sx - cx, sy - cy) || 1;
  el("text", { x: sx + ((sx - cx) / d) * out, y: sy + ((sy - cy) / d) * out + 4, "font-size": 11, "font-weight": 700,
               "text-anchor": "middle", fill: "#6e2c00", class: "sy-stop-number" }, g, `${n}`);
}

// A rondel: its ring, its name in the middle, and each stop drawn by `drawStop` at its place round the ring.
function rondelRing({ L, svg }, name, cxr, cyr, r, stops, drawStop) {
  el("circle", { cx: cxr, cy: cyr, r, fill: "none", stroke: "#d5d8dc", "stroke-width": 10 }, svg);
  el("text", { x: cxr, y: cyr + 4, "font-size": 12, "font-weight": 700, "text-anchor": "middle" }, svg, L(`sy.ui.rondel.${name}`));
  stops.forEach((stop, i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / stops.length;
    drawStop(stop, i, cxr + r * Math.cos(a), cyr + r * Math.sin(a));
  });
}

// The equipment or the crew rondel: an item at each stop, the marker on the current one.
function drawItemRondel(ctx, name, cxr, cyr) {
  const { view, L, svg, offer } = ctx;
  const data = (view.rondels || {})[name] || { at: 0, stops: [] };
  rondelRing(ctx, name, cxr, cyr, 52, data.stops, (item, i, sx, sy) => {
    const g = el("g", { class: "sy-stop", "data-rondel": name, "data-stop": i + 1 }, svg);
    el("circle", { cx: sx, cy: sy, r: 14, fill: data.at === i ? "#fdebd0" : "#fff", stroke: data.at === i ? "#ca6f1e" : "#999",
                   "stroke-width": data.at === i ? 3 : 1, class: "bgw-frame" }, g);
    itemGlyph(g, item, sx, sy + 1, 17);
    stopNumber(g, i + 1, cxr, cyr, sx, sy, 21);
    el("title", {}, g, named(L, `${i + 1}`, aside(L, L(`sy.item.${item}`), `${(view.supply || {})[item] ?? "?"}`)));
    if (data.at === i) el("rect", { x: sx + 8, y: sy - 17, width: 9, height: 9, fill: "#ca6f1e", stroke: "#222", class: "sy-marker" }, g);
    offer(g, `rondel.${name}.${i + 1}`);
  });
}

// The trade rondel: the three goods' prices at each stop.
function drawTradeRondel(ctx, cxr, cyr) {
  const { view, L, svg } = ctx;
  const trade = (view.rondels || {}).trade || { at: 0, stops: [] };
  rondelRing(ctx, "trade", cxr, cyr, 52, trade.stops, (prices, i, sx, sy) => {
    const g = el("g", { class: "sy-stop sy-trade-stop" }, svg);
    el("rect", { x: sx - 17, y: sy - 14, width: 34, height: 28, rx: 4, fill: trade.at === i ? "#fdebd0" : "#fff",
                 stroke: trade.at === i ? "#ca6f1e" : "#999", "stroke-width": trade.at === i ? 3 : 1 }, g);
    ["coal", "timber", "cloth"].forEach((good, k) => {
      goodGlyph(g, good, sx - 11 + k * 11, sy - 5, 7);
      el("text", { x: sx - 11 + k * 11, y: sy + 11, "font-size": 11, "text-anchor": "middle" }, g, `${prices[good]}`);
    });
    stopNumber(g, i + 1, cxr, cyr, sx, sy, 29);
    el("title", {}, g, named(L, `${i + 1}`, listed(L, ["coal", "timber", "cloth"].map((good) => `${L(`sy.good.${good}`)} ${prices[good]}`))));
  });
}

// What an employee tile shows, on the rondel and on a mat (a tile of w x h at x, y; s: the glyph's size): the
// equipment, crew or good it is about in the middle (a builder of masts or cabins: that icon of the parts), and
// bottom left a trader's level (I, II), + for a builder, » for a speed employee: the marks the lesson names.
// A rondel helper shows ⟳ in the middle and, under it, a small mark of the rondel it helps: a sail for the
// equipment rondel, a captain for the crew rondel, a small employee tile for the employee rondel.
// Engineers and recruiters are told by their colour.
const HELPED = { equipment: "sail", crew: "captain" };
function employeeFace(g, e, x, y, w, h, s) {
  const mid = x + w / 2, gy = y + s * 0.5 + 4;
  const item = e.item === "steam" ? "engine" : e.item;
  if (e.family === "rondel") {
    el("text", { x: mid, y: gy + s * 0.2, "font-size": s * 0.8, "text-anchor": "middle" }, g, "⟳");
    const my = y + h * 0.74, ms = Math.min(10, h * 0.3);
    const helped = el("g", { class: `sy-helped sy-helped-${e.item}` }, g);
    if (HELPED[e.item]) itemGlyph(helped, HELPED[e.item], mid, my, ms);
    else el("rect", { x: mid - ms * 0.35, y: my - ms * 0.5, width: ms * 0.7, height: ms, rx: 1, fill: "#fff", stroke: "#555", "stroke-width": 0.8 }, helped);
  }
  else if (item && ITEMS.includes(item)) itemGlyph(g, item, mid, gy, s);
  else if (e.item === "mast") featureGlyph(g, "masts", mid, gy, s * 0.75);
  else if (e.item === "crew") featureGlyph(g, "cabins", mid, gy, s * 0.6);
  else if (e.good) goodGlyph(g, e.good, mid, gy, s * 0.75);
  const mark = e.level ? (e.level === 2 ? "II" : "I") : { builder: "+", speed: "»" }[e.family];
  if (mark) el("text", { x: x + 2, y: y + h - 3, "font-size": 11, "font-weight": 700, class: "sy-family-mark" }, g, mark);
}

// The employee rondel: eight stops of three stacks, each employee on top (what lies under it only hinted).
function drawEmployeeRondel(ctx, ecx, ecy) {
  const { view, L, svg, offer } = ctx;
  const emp = (view.rondels || {}).employee || { at: 0, stops: [] };
  const half = (3 * (EMP_W + 2) + 4) / 2;              // half a stop's width: three tiles side by side
  rondelRing(ctx, "employee", ecx, ecy, EMP_RING, emp.stops, (stack, i, sx, sy) => {
    const box = el("g", { class: "sy-emp-stop", "data-stop": i + 1 }, svg);
    el("rect", { x: sx - half, y: sy - EMP_H / 2 - 3, width: 2 * half, height: EMP_H + 6, rx: 4, fill: emp.at === i ? "#fdebd0" : "#fbfcfc",
                 stroke: emp.at === i ? "#ca6f1e" : "#aaa", "stroke-width": emp.at === i ? 3 : 1 }, box);
    stack.forEach((e, t) => {
      const g = el("g", { class: "sy-employee" }, svg);
      const ex = sx - half + 3 + t * (EMP_W + 2), ey = sy - EMP_H / 2, mid = ex + EMP_W / 2;
      if (e.id) {
        el("rect", { x: ex, y: ey, width: EMP_W, height: EMP_H, rx: 2, fill: FAMILY_COLOURS[e.family] || "#eee", stroke: e.under ? "#555" : "#aaa",
                     "stroke-width": e.under ? 1.6 : 0.8, class: "bgw-frame" }, g);
        employeeFace(g, e, ex, ey, EMP_W, EMP_H, 16);
        // an extra hiring cost bottom right (in the tooltip too)
        if (e.cost) el("text", { x: ex + EMP_W - 1, y: ey + EMP_H - 3, "font-size": 11, "font-weight": 700, "text-anchor": "end", fill: "#922b21" }, g, `+${e.cost}`);
        el("title", {}, g, `${L(`sy.employee.${e.id}`)}${e.cost ? " · " + fill(L("sy.ui.employee-cost"), { n: e.cost }) : ""}${e.under ? " · " + L("sy.ui.hidden-below") : ""}`);
      } else {
        el("rect", { x: ex, y: ey, width: EMP_W, height: EMP_H, rx: 2, fill: "none", stroke: "#ddd", "stroke-dasharray": "2 2", class: "bgw-frame" }, g);
      }
      offer(g, `employee.${i + 1}.${t + 1}`);
    });
    if (emp.at === i) el("rect", { x: sx + half - 7, y: sy - EMP_H / 2 - 10, width: 10, height: 10, fill: "#ca6f1e", stroke: "#222", class: "sy-marker" }, box);
    const a = -Math.PI / 2 + (2 * Math.PI * i) / emp.stops.length;      // the number inside the ring, by the stop
    stopNumber(box, i + 1, ecx, ecy, sx, sy, -(Math.abs(Math.cos(a)) * half + Math.abs(Math.sin(a)) * (EMP_H / 2 + 3) + 9));
  });
  // The employee a lesson step asks the learner to hire, named in the middle of the rondel with a line to its
  // tile: a name the text asks for is read on the board, not only in a tooltip.
  const focused = /^employee\.(\d+)\.(\d+)$/.exec(ctx.focus || "");
  const tile = focused && ctx.byTarget[focused[0]] && ((emp.stops[focused[1] - 1] || [])[focused[2] - 1]);
  if (tile && tile.id) {
    const i = focused[1] - 1, t = focused[2] - 1;
    const a = -Math.PI / 2 + (2 * Math.PI * i) / emp.stops.length;
    const sx = ecx + EMP_RING * Math.cos(a), sy = ecy + EMP_RING * Math.sin(a);
    const tx = sx - half + 3 + t * (EMP_W + 2) + EMP_W / 2;
    const below = sy >= ecy - 1;                     // the caption under the rondel's name, or over it
    const cy = below ? ecy + 22 : ecy - 14;
    const g = el("g", { class: "sy-emp-caption" }, svg);
    el("line", { x1: ecx, y1: below ? cy + 5 : cy - 13, x2: tx, y2: sy < cy ? sy + EMP_H / 2 : sy - EMP_H / 2, stroke: "#7d3c98",
                 "stroke-width": 1.5, "stroke-dasharray": "4 3" }, g);
    el("text", { x: ecx, y: cy, "font-size": 12, "font-weight": 700, "text-anchor": "middle", fill: "#7d3c98" }, g,
       L(`sy.employee.${tile.id}`));
  }
}

// The equipment, crew and trade rondels right of the markets, from `y`. Returns the y under them.
function drawRondels(ctx, y) {
  drawItemRondel(ctx, "equipment", RONDEL_X + 66, y + 72);
  drawItemRondel(ctx, "crew", RONDEL_X + 238, y + 72);
  drawTradeRondel(ctx, RONDEL_X + 152, y + 232);
  return y + 232 + 94;
}

// The employee rondel, its top at `y`, at the left. Returns the y under it.
function drawEmployees(ctx, y) {
  const half = (3 * (EMP_W + 2) + 4) / 2;
  const ecy = y + EMP_RING + EMP_H / 2 + 12;
  drawEmployeeRondel(ctx, MARKET_X + EMP_RING + half, ecy);
  return ecy + EMP_RING + EMP_H / 2 + 12;
}

// The corner swaps: a good for an item, each used once; right of the employee rondel, from `y`.
function drawSwaps(ctx, y) {
  const { view, L, svg, offer } = ctx;
  const sx0 = MARKET_X + 2 * EMP_RING + 3 * (EMP_W + 2) + 4 + 40, sy0 = y + 40;
  el("text", { x: sx0, y: sy0, "font-size": 12, "font-weight": 700 }, svg, L("sy.ui.swaps"));
  (view.swaps || []).forEach((corner, k) => {
    const yy = sy0 + 10 + k * 30;
    el("text", { x: sx0, y: yy + 16, "font-size": 11 }, svg, L(`sy.ui.corner.${corner.corner}`));
    corner.swaps.forEach((s, j) => {
      const x = sx0 + 74 + j * 70;
      const g = el("g", { class: "sy-swap", "data-swap": s.name }, svg);
      el("rect", { x, y: yy, width: 64, height: 24, rx: 4, fill: s.used ? "#eaecee" : "#fff", stroke: "#999", class: "bgw-frame" }, g);
      goodGlyph(g, s.good, x + 12, yy + 12, 11);
      el("text", { x: x + 26, y: yy + 16, "font-size": 11 }, g, "→");
      itemGlyph(g, s.item, x + 48, yy + 12, 16);
      el("title", {}, g, `${L(`sy.good.${s.good}`)} → ${L(`sy.item.${s.item}`)}`);
      offer(g, `swap.${s.name}`);
    });
  });
  return drawEmployeeLegend(ctx, sx0, sy0 + 10 + (view.swaps || []).length * 30 + 24);
}

// The marks an employee tile may carry, drawn as on the tiles and named: + (a builder) and the red extra
// hiring cost (+2) look alike at a glance, so the list says which is which (the lesson names it by its heading).
// Each kind's tile colour is drawn beside it, engineers and recruiters (told by colour alone) included.
// Returns the y under the list.
function drawEmployeeLegend({ view, L, svg }, x, y) {
  const lg = el("g", { class: "sy-legend", "data-place": "employee-legend" }, svg);
  el("text", { x, y, "font-size": 11, "font-weight": 700 }, lg, L("sy.ui.employee-legend"));
  const costs = ((view.rondels || {}).employee || { stops: [] }).stops.flat().map((e) => e.cost || 0).filter((c) => c > 0);
  const rows = [["", "#222", "engineer", "engineer"], ["", "#222", "recruiter", "recruiter"], ["+", "#222", "builder", "builder"],
                ["»", "#222", "speed", "speed"], ["⟳", "#222", "rondel", "rondel"], ["I, II", "#222", "level", "trader"]];
  if (costs.length) rows.push([`+${Math.min(...costs)}`, "#922b21", "cost", null]);
  rows.forEach(([mark, colour, name, family], k) => {
    const ly = y + 15 + k * 15;
    if (family) el("rect", { x, y: ly - 9, width: 10, height: 10, rx: 2, fill: FAMILY_COLOURS[family], stroke: "#888", "stroke-width": 0.8 }, lg);
    el("text", { x: x + 14, y: ly, "font-size": 11, "font-weight": 700, fill: colour }, lg, mark);
    el("text", { x: x + 42, y: ly, "font-size": 11, fill: "#333" }, lg, L(`sy.ui.employee-legend.${name}`));
  });
  return y + 15 + (rows.length - 1) * 15 + 6;
}

// -- under the markets: the supply; then the decision of the moment and the test cruise -------------------------

// The supply of equipment and crew, under the markets. Returns the y under it.
function drawSupply({ view, L, svg }, supplyY) {
  const mx = MARKET_X;
  el("text", { x: mx, y: supplyY + 4, "font-size": 11, "font-weight": 700 }, svg, L("sy.ui.supply"));
  ITEMS.forEach((item, k) => {
    const x = mx + 62 + k * 40;
    itemGlyph(svg, item, x, supplyY, 15);
    el("text", { x: x + 9, y: supplyY + 5, "font-size": 11 }, svg, `${(view.supply || {})[item] ?? 0}`);
  });
  return supplyY + 24;
}

// The decision of the moment, in a band of its own right under the action track (where the eye is when a turn
// begins, and near the markets and rondels the action uses): its buttons, then what is in hand, the trade or
// the discard. The band keeps its height when empty, so the board below never jumps. Set sail is drawn with
// the test cruise instead.
const DECISION_H = 34;
function drawDecision({ view, choices, L, kit, svg, byTarget, seatName }, y) {
  const turn = view.turn || {};
  const panel = [];
  if (turn.holding) panel.push(fill(L("sy.ui.holding"), { name: L(turn.holding.spaces ? `sy.canal.${turn.holding.id}` : `sy.part.${turn.holding.id}`) }));
  if (turn.trading) {
    const t = turn.trading;
    panel.push(fill(L("sy.ui.trading"), { tile: L(`sy.goods-tile.${t.tile.id}`), n: t.at + 1, m: t.goods.length, good: L(`sy.good.${t.goods[t.at]}`) }));
  }
  if ((view.discarding || []).length && choices.some((c) => (c.target || "").startsWith("contract."))) {
    const colour = choices.find((c) => (c.target || "").startsWith("contract.")).target.split(".")[1];
    panel.push(fill(L("sy.ui.discard"), { seat: seatName(view.discarding[0]), colour: L(`sy.colour.${colour}`) }));
  }
  let bx = 20;
  for (const [target, key] of [["done", "sy.ui.done"], ["end", "sy.ui.end"], ["pass", "sy.ui.pass"],
                               ["sell", "sy.ui.sell"], ["subsidy", "sy.ui.subsidy"]]) {
    if (!byTarget[target]) continue;
    const text = target === "sell" ? byTarget[target].label : L(key);
    const w = Math.max(120, textWidth(text, 12.5) + 24);
    kit.button(svg, bx, y + 2, w, 28, text, target, { fill: "#fdebd0", cls: "sy-button" });
    bx += w + 12;
  }
  let py = y + 12;
  panel.forEach((line) => { py += 15 * textBlock(svg, bx, py, line, WIDTH - 20 - bx, 12, { fill: "#1a5276", "font-weight": 600, class: "sy-prompt" }, 3); });
  return y + DECISION_H;
}

// The width a text takes at `size` (the estimate textBlock wraps by: CJK characters square, Latin ones narrower).
const textWidth = (text, size) => [...String(text)].reduce((a, ch) => a + (/[\u2e80-\uffff]/.test(ch) ? size : size * 0.6), 0);

// The test cruise, step by step: the ship and what is aboard, its room and speed, the path sailed, the result.
function drawCruise({ L, svg, cruise, seatName, kit, byTarget }, y) {
  if (!cruise) return y;
  const g = el("g", { class: "sy-cruise", "data-stage": cruise.stage, "data-step": cruise.step }, svg);
  const box = el("rect", { x: 12, y, width: WIDTH - 24, height: 10, rx: 8, fill: "#eef6fb", stroke: "#2e86c1", "stroke-width": 2 }, g);
  let cy = y + 20;
  el("text", { x: 24, y: cy, "font-size": 14, "font-weight": 700 }, g, fill(L("sy.ui.cruise"), { seat: seatName(cruise.seat) }));
  if (byTarget.launch) {                            // set sail, beside what is being fitted out
    const w = Math.max(120, textWidth(L("sy.ui.launch"), 12.5) + 24);
    kit.button(g, WIDTH - 24 - w, y + 6, w, 28, L("sy.ui.launch"), "launch", { fill: "#fdebd0", cls: "sy-button" });
  }
  // the ship, its room, what is aboard
  cruise.parts.forEach((part, i) => drawPart(el("g", {}, g), part, 24 + i * 58, cy + 6, 56, 32, L));
  let ix = 24 + cruise.parts.length * 58 + 16;
  ITEMS.forEach((item) => {
    const n = cruise.fitted[item] || 0;
    for (let k = 0; k < n; k++) { itemGlyph(g, item, ix, cy + 21, 18).classList.add("sy-aboard"); ix += 20; }
  });
  cy += 46;
  if (cruise.stage === "fit") cy += 15 * textBlock(g, 24, cy, L("sy.ui.fitting"), WIDTH - 48, 12, { fill: "#1a5276" }, 3);
  cy += 15 * textBlock(g, 24, cy, fill(L("sy.ui.room"), cruise.room), WIDTH - 48, 11.5, { fill: "#444" }, 3);
  if (cruise.stage !== "fit") {
    const sp = cruise.speed_parts || {};
    const driven = Object.entries(sp).some(([k, v]) => k !== "base" && v);   // else nothing aboard drives it
    const key = "engines" in sp ? "sy.ui.speed-steam" : driven ? "sy.ui.speed-sail" : "sy.ui.speed-plain";
    cy += 16 * textBlock(g, 24, cy + 2, fill(L(key), { speed: cruise.speed, ...sp }), WIDTH - 48, 12.5, { "font-weight": 700, class: "sy-speed" }, 3);
  }
  if (cruise.path.length) {
    cruise.path.forEach((p, i) => {
      const x = 24 + i * 58;
      const step = el("g", { class: "sy-path-step" }, g);
      el("rect", { x, y: cy + 2, width: 54, height: 30, rx: 4, fill: p.icon ? "#fef9e7" : "#fff", stroke: "#85929e" }, step);
      el("text", { x: x + 4, y: cy + 13, "font-size": 11, fill: "#555" }, step, fill(L("sy.ui.step"), { n: p.step }));
      if (p.icon) {
        checkpointGlyph(step, p.icon, x + 14, cy + 24, 14);
        el("text", { x: x + 26, y: cy + 28, "font-size": 11, "font-weight": 700, fill: "#1e8449" }, step,
           p.icon === "riband" ? `${p.step}` : fill(L("sy.ui.checkpoint"), { n: p.points }));
        el("title", {}, step, L(`sy.ui.checkpoint.${p.icon}`));
      }
    });
    cy += 40;
  }
  if (cruise.stage === "done") {
    if (cruise.result === "scored") {
      const pts = cruise.points;
      const total = pts.crew + pts.equipment + pts.speed + pts.checkpoints;
      el("text", { x: 24, y: cy + 6, "font-size": 13.5, "font-weight": 700, fill: "#1e8449", class: "sy-cruise-result" }, g,
         fill(L("sy.ui.result"), { ...pts, total }));
    } else {
      el("text", { x: 24, y: cy + 6, "font-size": 13.5, "font-weight": 700, fill: "#922b21", class: "sy-cruise-result" }, g,
         L(`sy.ui.lost-${cruise.result}`));
    }
    cy += 16;
  }
  box.setAttribute("height", cy - y + 8);
  return cy + 18;
}

// -- a player's mat: its parts, drawn into the mat's group `g` ----------------------------------------------------

// The mat's first line: seat, money, points (their sources in the tooltip), the fleet launched.
function drawMatHeader({ L, seatName }, g, p, seat, y) {
  seatMark(g, seat, 28, y + 16, 7, SEAT_COLOURS[seat]);           // the seat's shape, as on its cubes
  el("text", { x: 42, y: y + 21, "font-size": 14, "font-weight": 700 }, g, seatName(seat));
  el("text", { x: 120, y: y + 21, "font-size": 13 }, g, fill(L("sy.ui.money"), { n: p.money }));
  const pts = el("text", { x: 210, y: y + 21, "font-size": 13, "font-weight": 700, class: "sy-score" }, g, fill(L("sy.ui.points"), { n: p.score }));
  el("title", {}, pts, Object.entries(p.parts || {}).map(([k, v]) => `${L(`sy.score.${k}`)} ${v}`).join(" · "));
  el("text", { x: 300, y: y + 21, "font-size": 12, fill: "#555" }, g,
     (p.fleet || []).length ? fill(L("sy.ui.fleet-points"), { n: p.fleet.length, points: p.fleet.map((s) => s.points).join(" + ") })
       : fill(L("sy.ui.fleet"), { n: 0 }));
}

// The yard: its numbered spaces with the parts built, a bracket over each complete ship.
function drawYard({ view, L, byTarget, offer }, g, p, seat, yy) {
  el("text", { x: 24, y: yy + 12, "font-size": 11, "font-weight": 700 }, g, L("sy.ui.yard"));
  const SW = 58, SH = 34;
  (p.yard || []).forEach((part, i) => {
    const x = 70 + i * (SW + 3);
    const s = el("g", { class: "sy-yard-space", "data-space": i + 1 }, g);
    if (part) drawPart(s, part, x, yy, SW, SH, L);
    else el("rect", { x, y: yy + 2, width: SW, height: SH - 4, rx: 3, fill: "#fbfcfc", stroke: "#aab7b8", "stroke-dasharray": "4 3", class: "bgw-frame" }, s);
    el("text", { x: x + SW / 2, y: yy + SH + 11, "font-size": 11, "text-anchor": "middle", fill: "#888" }, s, `${i + 1}`);
    if (seat === view.seat) offer(s, `yard.${i + 1}`);
  });
  (p.ships || []).forEach((ship) => {
    const x1 = 70 + (ship.bow - 1) * (SW + 3), x2 = 70 + ship.stern * (SW + 3) - 3;
    el("path", { d: `M${x1},${yy - 2} V${yy - 6} H${x2} V${yy - 2}`, stroke: "#1e8449", "stroke-width": 2.5, fill: "none", class: "sy-complete" }, g);
    if (seat === view.seat && byTarget[`ship.${ship.bow}`]) {
      const b = el("g", { class: "sy-ship-pick" }, g);
      el("rect", { x: x1, y: yy - 10, width: x2 - x1, height: SH + 12, rx: 4, fill: "none", stroke: "none", class: "bgw-frame" }, b);
      offer(b, `ship.${ship.bow}`);
    }
  });
}

// The dock: how many of each item wait there (offered while this player fits a ship for its cruise).
function drawDock({ view, L, cruise, offer }, g, p, seat, yy) {
  const dx = 24;
  el("text", { x: dx, y: yy + 19, "font-size": 11, "font-weight": 700 }, g, L("sy.ui.dock"));
  ITEMS.forEach((item, k) => {
    const x = dx + 74 + k * 44;
    const n = (p.dock || {})[item] || 0;
    const d = el("g", { class: "sy-dock-item", "data-item": item }, g);
    el("rect", { x: x - 14, y: yy, width: 40, height: 30, rx: 4, fill: n ? "#fef9e7" : "#f8f9f9", stroke: n ? "#b7950b" : "#e5e7e9", class: "bgw-frame" }, d);
    itemGlyph(d, item, x, yy + 15, 18);
    el("text", { x: x + 12, y: yy + 25, "font-size": 11, "font-weight": 700, fill: n ? "#000" : "#bbb" }, d, `${n}`);
    el("title", {}, d, `${L(`sy.item.${item}`)} ×${n}`);
    if ((cruise && cruise.seat === seat) || seat === view.seat) offer(d, `dock.${item}`, L("sy.ui.why.dock"));
  });
}

// The employees hired, then the goods tiles held (a row each, from `ey`). Returns the y under them.
function drawStaffAndGoods({ view, L, offer, viewer }, g, p, seat, ey) {
  el("text", { x: 24, y: ey + 12, "font-size": 11, "font-weight": 700 }, g, L("sy.ui.staff"));
  (p.staff || []).forEach((e, k) => {
    const x = 100 + k * 32;
    const s = el("g", { class: "sy-staff" }, g);
    el("rect", { x, y: ey - 4, width: 28, height: 28, rx: 3, fill: FAMILY_COLOURS[e.family] || "#eee", stroke: "#888" }, s);
    employeeFace(s, e, x, ey - 4, 28, 28, 14);
    el("title", {}, s, L(`sy.employee.${e.id}`));
    if (seat === viewer) s.setAttribute("data-target", `staff.${k + 1}`);   // a lesson step may bring them into view
  });
  const gy = ey + 34, gx0 = 24;
  el("text", { x: gx0, y: gy + 12, "font-size": 11, "font-weight": 700 }, g, L("sy.ui.goods"));
  (p.goods || []).forEach((tile, k) => {
    const x = gx0 + 76 + k * 58;
    const s = el("g", { class: "sy-my-goods", "data-goods": k + 1 }, g);
    el("rect", { x, y: gy - 2, width: 54, height: 22, rx: 3, fill: "#fdfefe", stroke: "#aab7b8", class: "bgw-frame" }, s);
    tile.goods.forEach((good, j) => goodGlyph(s, good, x + 10 + j * 16, gy + 9));
    el("title", {}, s, L(`sy.goods-tile.${tile.id}`));
    if (seat === view.seat) offer(s, `mygoods.${k + 1}`);
  });
  return gy + 26;
}

// The canal: a branching line of tiles, the ship marker where it stands (sliding in from its last step during
// a cruise, so that the cruise reads as movement). Returns the number of rows the branches take.
function drawCanal({ view, L, cruise, offer, explainClick, choices }, g, p, seat, cy0) {
  el("text", { x: 24, y: cy0 + 14, "font-size": 11, "font-weight": 700 }, g, fill(L("sy.ui.canal"), { n: p.kept }));
  const canalG = el("g", { class: "sy-canal", "data-seat": seat }, g);
  const pieces = {};
  for (const piece of p.canal.pieces || []) pieces[piece.slot] = piece;
  const CELL = CANAL_CELL, ROW = CANAL_CELL + 16;
  const exitsOffered = choices.some((c) => (c.target || "").startsWith("exit."));
  const spacePos = {};
  let canalRows = 1;
  // a piece at (x, row), then each of its exits and what follows them, each branch on its own rows;
  // returns the rows used
  const layout = (slot, x, row) => {
    const piece = pieces[slot];
    const py = cy0 + row * ROW;
    const tg = el("g", { class: "sy-canal-piece", "data-piece": slot }, canalG);
    drawCanalTile(tg, piece.tile, x, py, CELL, L);
    explainClick(tg, L(exitsOffered ? "sy.ui.why.canal-exit" : "sy.ui.why.canal-piece"));
    el("text", { x: x + CELL * piece.tile.spaces.length / 2, y: py + CELL + 11, "font-size": 11, fill: "#888",
                 "text-anchor": "middle" }, tg, `#${slot}`);
    piece.tile.spaces.forEach((_, i) => { spacePos[`${slot}.${i + 1}`] = [x + i * CELL + CELL / 2, py + CELL / 2]; });
    spacePos[`${slot}.0`] = [x - 6, py + CELL / 2];
    const end = x + piece.tile.spaces.length * CELL;
    let rowsUsed = 0;
    piece.next.forEach((nxt, e) => {
      const ex = end + 14, ey2 = py + rowsUsed * ROW + CELL / 2;
      const eg = el("g", { class: "sy-exit", "data-exit": `${slot}.${e + 1}` }, canalG);
      el("line", { x1: end, y1: py + CELL / 2, x2: ex, y2: ey2, stroke: "#1f618d", "stroke-width": 2 }, eg);
      el("circle", { cx: ex, cy: ey2, r: 6, fill: nxt ? "#1f618d" : "#fff", stroke: "#1f618d", "stroke-width": 1.5, class: "bgw-frame" }, eg);
      if (seat === view.seat || (cruise && cruise.seat === seat)) offer(eg, `exit.${slot}.${e + 1}`);
      if (nxt && pieces[nxt]) rowsUsed += layout(nxt, ex + 10, row + rowsUsed);
      else rowsUsed += 1;
    });
    const used = Math.max(1, rowsUsed);
    canalRows = Math.max(canalRows, row + used);
    return used;
  };
  if (p.canal.root) {
    layout(p.canal.root, 130, 0);
    const at = p.canal.ship ? spacePos[`${p.canal.root}.${p.canal.ship}`] : spacePos[`${p.canal.root}.0`];
    if (at && p.canal.ship) {
      // the space the marker stands on, framed in the player's colour: the boat is then plainly on that space,
      // not at the canal's entry (a learner read a marker on space 1 as one still waiting to enter)
      el("rect", { x: at[0] - CELL / 2 + 1.5, y: at[1] - CELL / 2 + 1.5, width: CELL - 3, height: CELL - 3, rx: 2,
                   fill: "none", stroke: SEAT_COLOURS[seat], "stroke-width": 3, class: "sy-ship-space",
                   "pointer-events": "none" }, canalG);
    }
    if (at) {
      const marker = el("g", { class: "sy-ship-marker", "data-seat": seat }, canalG);
      el("path", { d: `M${at[0] - 10},${at[1] + 2} H${at[0] + 10} L${at[0] + 6},${at[1] + 8} H${at[0] - 6} Z`, fill: SEAT_COLOURS[seat], stroke: "#222" }, marker);
      el("path", { d: `M${at[0]},${at[1] + 2} V${at[1] - 11} L${at[0] + 8},${at[1]} Z`, fill: "#fff", stroke: "#222", "stroke-width": 0.8 }, marker);
      seatBadge(marker, seat, at[0] - 6, at[1] - 6, 3.5, SEAT_COLOURS[seat]);    // whose ship, without its colour
      if (cruise && cruise.seat === seat && cruise.path.length && cruise.stage !== "done") {
        const last = cruise.path[cruise.path.length - 1];
        const prev = cruise.path.length > 1 ? cruise.path[cruise.path.length - 2] : null;
        const from = prev ? spacePos[`${prev.piece}.${prev.space}`] : null;
        if (from && last) {
          marker.style.setProperty("--dx", `${from[0] - at[0]}px`);
          marker.style.setProperty("--dy", `${from[1] - at[1]}px`);
          marker.classList.add("sy-sailing");
        }
      }
    }
  } else {
    el("text", { x: 130, y: cy0 + 16, "font-size": 11, fill: "#888" }, canalG, L("sy.ui.no-canal"));
    if (seat === view.seat) {
      const sg = el("g", { class: "sy-exit", "data-exit": "start" }, canalG);
      el("circle", { cx: 240, cy: cy0 + 12, r: 8, fill: "#fff", stroke: "#1f618d", "stroke-width": 1.5, class: "bgw-frame" }, sg);
      offer(sg, "exit.start");
    }
  }
  if (p.canal.root && p.canal.ship === null) {
    const at = spacePos[`${p.canal.root}.0`];
    el("text", { x: at[0] - 6, y: at[1] + 24, "font-size": 11, fill: "#888", "text-anchor": "middle" }, canalG, L("sy.ui.entry"));
  }
  return canalRows;
}

// The contracts: the viewer's own face up, the others' as backs. Returns the height the cards take.
function drawContracts({ L, offer }, g, p, y, ey) {
  const kx = CONTRACT_X;
  el("text", { x: kx, y: ey + 12, "font-size": 11, "font-weight": 700 }, g, L("sy.ui.contracts"));
  const con = p.contracts || {};
  if (con.visible && con.cards) {
    const count = { red: 0, blue: 0 };
    con.cards.forEach((card, k) => {
      count[card.colour] += 1;
      const x = kx + (k % 2) * (CONTRACT_W + 6), cy = ey + 18 + Math.floor(k / 2) * CONTRACT_ROW;
      const c = el("g", { class: `sy-contract sy-contract-${card.colour}` }, g);
      el("rect", { x, y: cy, width: CONTRACT_W, height: CONTRACT_ROW - 4, rx: 4, fill: card.colour === "red" ? "#fdedec" : "#ebf5fb",
                   stroke: card.colour === "red" ? "#c0392b" : "#2e86c1", "stroke-width": 1.5, class: "bgw-frame" }, c);
      textBlock(c, x + 5, cy + 14, L(`sy.contract.${card.id}`), CONTRACT_W - 12, 11, {}, 3);
      el("text", { x: x + CONTRACT_W - 5, y: cy + CONTRACT_ROW - 8, "font-size": 11, "text-anchor": "end", fill: "#555" }, c, fill(L("sy.ui.now-worth"), { n: card.points }));
      el("title", {}, c, L(`sy.contract.${card.id}`));
      offer(c, `contract.${card.colour}.${count[card.colour]}`);
    });
  } else {
    el("text", { x: kx + 80, y: ey + 12, "font-size": 11, fill: "#555" }, g, fill(L("sy.ui.secret"), { red: con.red || 0, blue: con.blue || 0 }));
    for (let k = 0; k < (con.red || 0) + (con.blue || 0); k++) {
      const red = k < (con.red || 0);
      el("rect", { x: kx + k * 26, y: ey + 20, width: 22, height: 30, rx: 3, fill: red ? "#c0392b" : "#2e86c1", stroke: "#222", class: "sy-contract-back" }, g);
    }
  }
  if (con.discarded) el("text", { x: WIDTH - 24, y: y + 21, "font-size": 11, fill: "#888", "text-anchor": "end" }, g, fill(L("sy.ui.discarded"), { n: con.discarded }));
  return con.visible && con.cards ? 18 + Math.ceil(con.cards.length / 2) * CONTRACT_ROW : 54;
}

// A player's mat: its frame (as tall as its parts turn out, hence set last) round the header, the yard and
// the dock, the employees and goods, the canal and the contracts. Returns the y under it.
function drawPlayerMat(ctx, p, seat, y) {
  const { view, svg } = ctx;
  const g = el("g", { class: "sy-player", "data-seat": seat }, svg);
  const active = view.seat === seat && !view.over;
  const frame = el("rect", { x: 12, y, width: WIDTH - 24, height: 10, rx: 8, fill: "#fff", stroke: SEAT_COLOURS[seat], "stroke-width": active ? 3.5 : 1.2 }, g);
  drawMatHeader(ctx, g, p, seat, y);
  const yy = y + 34;
  drawYard(ctx, g, p, seat, yy);
  const dy = yy + 54;                             // the dock, employees and goods at the left, contracts right
  drawDock(ctx, g, p, seat, dy);
  const goodsBottom = drawStaffAndGoods(ctx, g, p, seat, dy + 42);
  const contractsBottom = dy - 4 + drawContracts(ctx, g, p, y, dy - 4);
  const cy0 = Math.max(goodsBottom, contractsBottom) + 6;
  const canalRows = drawCanal(ctx, g, p, seat, cy0);
  const bottom = cy0 + canalRows * (CANAL_CELL + 16) + 6;
  frame.setAttribute("height", bottom - y);
  return bottom + 10;
}

// The final scoring: each player's contracts and traders. Returns the y under it.
function drawFinalScores({ view, L, svg, seatName }, y) {
  for (const e of (view.end || {}).final_scores || []) {
    const contracts = e.contracts.map((c) => c.points).reduce((a, b) => a + b, 0);
    el("text", { x: 20, y: y + 14, "font-size": 13, class: "sy-final" }, svg, fill(L("sy.ui.final-scores"), { seat: seatName(e.seat), contracts, traders: e.traders }));
    y += 18;
  }
  return y;
}

// The banner; the action track with the gear and the turn track, the decision of the moment under it; the
// markets left, the equipment, crew and trade rondels right, the supply under the markets; the employee rondel
// and the corner swaps; then the cruise, the players' mats, the final scoring.
function draw(model, root, tip) {
  const ctx = drawingContext(model, tip);
  const top = drawBanner(ctx);
  let y = top + 16;
  const trackEnd = drawActionTrack(ctx, y);
  const gearX = drawGear(ctx, trackEnd, y);
  drawTurnTrack(ctx, gearX + 50, y);
  y = drawDecision(ctx, y + TILE_H + 26) + 16;
  const market = drawPartMarket(ctx, y);
  const sideX = market.right + 30;                // the canal and goods markets, beside the part market
  const goodsY = drawCanalMarket(ctx, sideX, y) + 14;
  const goodsBottom = drawGoodsMarket(ctx, sideX, goodsY);
  const marketBottom = Math.max(market.bottom, drawCanalLegend(ctx, sideX, goodsBottom + 8));
  const rondelsBottom = drawRondels(ctx, y);
  y = Math.max(drawSupply(ctx, marketBottom + 12), rondelsBottom) + 6;
  const swapsBottom = drawSwaps(ctx, y);
  y = Math.max(drawEmployees(ctx, y), swapsBottom) + 6;
  y = drawCruise(ctx, y);
  ctx.players.forEach((p, seat) => { y = drawPlayerMat(ctx, p, seat, y); });
  y = drawFinalScores(ctx, y);
  ctx.svg.setAttribute("viewBox", `0 0 ${WIDTH} ${y + 10}`);
  root.replaceChildren(ctx.svg);
}

export default {
  render({ model, el: host }) {
    return mountBoard(model, host, "sy-board", (root, tip) => draw(model, root, tip)).stop;
  },
};
