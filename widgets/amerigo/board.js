// Amerigo board renderer: draws the engine's JSON view as SVG.
// It knows no rules: it draws what `view` holds and marks what `choices` name. Every clickable element
// carries data-target (the Action.target of its choice); a click sends {type: "choose", id}. Two things
// are the page's own: which planned tile (and which way round) and which ship the learner is looking at;
// they only filter which of the offered choices are drawn on the islands.

const SEAT = ["#d9342b", "#e6b800", "#2f6fd0", "#f2f2f2"];           // the rulebook's red, yellow, blue, white
const SEAT_DARK = ["#8e1d17", "#8a6d00", "#18407d", "#555"];
const CUBE = { blue: "#2e6fd6", black: "#2b2b2b", red: "#c0392b", brown: "#8b5a2b", green: "#2e8b3d",
               yellow: "#e3b505", white: "#f7f7f7" };
const GOODS = { cotton: "#fafafa", tea: "#7aa33a", sugar: "#e0c48c", coconut: "#8b5a2b", coffee: "#4b2e14" };
const GOODS_INK = { cotton: "#333", tea: "#fff", sugar: "#333", coconut: "#fff", coffee: "#fff" };
const SEA = "#bfe3f5", ANCHOR_SEA = "#a9d6ee", LAND = "#b7d08a", POST_LAND = "#cbdc9f", FRAME = "#8cc4e3";
const NEUTRAL = "#d8b77a", FRAME_SHORT = "#d4ebf7";
const WIDTH = 1200;
const PANEL = 640;                                                   // left edge of the side panel
// Text sizes in viewBox units. The board is drawn at its container's width: about 964 px for these 1200 units
// on a 1366x768 laptop, where 14 units are 11 px, the smallest the team reads comfortably; headings a
// little larger. What does not fit at this size is left to a tooltip (a goods name, a tile's id).
const FS = 14, FH = 15.5;
const CO = 18;                                                       // the margin of the square coordinates
const LABEL_W = 96;                                                  // the labels of a player sheet's tracks
const PROGRESS_KIND_MARK = { permanent: "∞", once: "1x", end: "E" };

const colName = (c) => String.fromCharCode(65 + c);
const sqName = (q, W) => `${colName(q % W)}${Math.floor(q / W) + 1}`;

function cube(parent, x, y, colour, size = 12, attrs = {}) {
  return el("rect", { x, y, width: size, height: size, rx: 2, fill: CUBE[colour], stroke: colour === "white" ? "#888" : "#111",
                      "stroke-width": 0.8, ...attrs }, parent);
}

function shapeIcon(parent, x, y, cells, unit, colour, attrs = {}) {
  const g = el("g", attrs, parent);
  for (const [r, c] of cells) el("rect", { x: x + c * unit, y: y + r * unit, width: unit - 1, height: unit - 1, fill: colour, stroke: "#5b4a2a", "stroke-width": 0.7 }, g);
  return g;
}

// A ship, drawn 1.4 times its size so that its number (10 units) reads at the board's smallest text size.
function ship(parent, x, y, colour, number) {
  const g = el("g", { transform: `translate(${x},${y}) scale(1.4)`, class: "am-ship" }, parent);
  el("path", { d: "M-9,2 L9,2 L6,7 L-6,7 Z", fill: colour, stroke: "#222", "stroke-width": 1 }, g);
  el("path", { d: "M0,2 L0,-9 L7,0 Z", fill: "#fff", stroke: "#444", "stroke-width": 0.8 }, g);
  el("text", { x: -4, y: 1, "font-size": FS / 1.4, "font-weight": 700, "text-anchor": "middle", fill: "#222", stroke: "#fff",
               "stroke-width": 2, "paint-order": "stroke" }, g, `${number}`);
  return g;
}

function post(parent, x, y, colour, size) {
  const s = size;
  return el("path", { d: `M${x - s},${y + s} V${y - s * 0.2} L${x},${y - s} L${x + s},${y - s * 0.2} V${y + s} Z`,
                      fill: colour, stroke: "#222", "stroke-width": 1, class: "am-post" }, parent);
}

// -- the board, its parts in the order they are drawn (later parts lie on top of earlier ones) ----------------

// Everything the parts of the board draw with, read once per drawing. The page's own picks (`ui`) are
// brought in line with what is offered here, before anything is drawn: the tile shape and the way round
// it is shown must be ones that can be laid.
function drawingContext(model, root, tip, ui) {
  const view = model.get("view") || {};
  const labels = model.get("labels") || {};
  const choices = model.get("choices") || [];
  const L = (key) => labels[key] ?? key;
  const kit = boardKit(model, tip, choices);
  const isl = view.islands || { width: 12, height: 12, kind: [], frames: [], list: [], pieces: [], ships: [] };
  const W = isl.width, H = isl.height;
  const turn = view.turn || {};
  const players = view.players || [];
  const acting = turn.seat;
  const F = 24;                                  // frame thickness
  // squares as large as the left column allows (the panel starts at PANEL), at most 40 px
  const S = Math.min(40, Math.floor((PANEL - 24 - CO - 2 * F) / W), Math.floor(560 / H));
  const svg = el("svg", { viewBox: `0 0 ${WIDTH} 100`, role: "img", "data-revision": model.get("revision") });
  const top = drawBanner({ view, labels, L, svg });
  const X0 = 4 + CO + F, Y0 = top + CO + F;
  const index = {};
  for (let q = 0; q < W * H; q++) index[sqName(q, W)] = q;

  const layChoices = choices.filter((c) => c.target && c.target.startsWith("lay."));
  const layShapes = [...new Set(layChoices.map((c) => c.target.split(".")[1]))];
  // A lesson that points at a lay ("Show me", or a step's focus) picks its tile and its way, once per focus,
  // so that the square it rings is drawn: a lay is drawn only for the tile and way picked.
  const focus = (model.get("focus") || "").split("#")[0].replace(/!$/, "");
  if (focus.startsWith("lay.") && focus !== ui.focusPicked) {
    const [, shape, , way] = focus.split(".");
    if (layShapes.includes(shape)) { ui.shape = shape; ui.way = Number(way); ui.focusPicked = focus; }
  }
  if (layChoices.length && !layShapes.includes(ui.shape)) { ui.shape = layShapes[0]; ui.way = null; }
  const waysWithLays = new Set(layChoices.filter((c) => c.target.split(".")[1] === ui.shape).map((c) => Number(c.target.split(".")[3])));
  if (layChoices.length && (ui.way === null || !waysWithLays.has(ui.way))) ui.way = Math.min(...waysWithLays);

  return {
    view, labels, choices, L, kit, ui, isl, W, H, turn, players, acting, F, S, top, X0, Y0, index,
    held: !!(model.get("options") || {}).score_held,   // a lesson's question would be answered by the final table
    layShapes, waysWithLays,
    byTarget: kit.byTarget, offer: kit.offer,
    n: isl.tile_size || 4,                        // squares along an island tile's side
    shapes: view.shapes || {},
    colours: (view.cubes || {}).colours || Object.keys(CUBE),
    sqXY: (q) => [X0 + (q % W) * S, Y0 + Math.floor(q / W) * S],
    svg,
    button: (parent, x, y, w, h, text, target, opts = {}) => kit.button(parent, x, y, w, h, text, target, {
      size: FS, ...opts, cls: `am-button ${opts.cls || ""}`,
      icon: opts.swatch ? (g, bx, by, bh) => cube(g, bx + 5, by + (bh - 12) / 2, opts.swatch) : null }),
    redraw: () => ui.redraw(),                     // after a pick of the page's own (the kit's redraw)
    send: (message) => model.send(message),
  };
}

// Stand-in notice, scenario. Returns the y under them, where the islands' coordinates start.
function drawBanner({ view, labels, L, svg }) {
  let y = 16;
  const standIn = Object.values(view.stand_in || {}).some(Boolean);
  if (standIn) y += (FS + 4) * textBlock(svg, 8, y, L("am.ui.stand-in"), WIDTH - 20, FS, { fill: "#8a5a00", class: "am-stand-in" });
  if (labels.scenario) y += (FS + 4) * textBlock(svg, 8, y + 4, labels.scenario, WIDTH - 20, FS, { fill: "#1a5276", "font-style": "italic", class: "am-scenario" }) + 4;
  return y + 6;
}

// -- the island area: the sea frame, the squares, the tiles laid, posts, chests, ships, time ----------------

// The frame pieces the frame squares belong to: a thick line where one piece meets the next, and a long piece
// that turns a corner filled across it, so that a long frame reads as one piece of 3 frame squares and a short
// one as a piece of 1 (the key under the island area names them).
function drawFramePieces(frames, frameRect, { W, H, S, F, X0, Y0 }, area) {
  const N = frames.length;
  const corner = { "N>E": [X0 + W * S, Y0 - F], "E>S": [X0 + W * S, Y0 + H * S], "S>W": [X0 - F, Y0 + H * S], "W>N": [X0 - F, Y0 - F] };
  const seam = { stroke: "#1b3f5c", "stroke-width": 3.5, "stroke-linecap": "square", class: "am-frame-seam", "pointer-events": "none" };
  // the edge of a frame square where the ring enters it (start) or leaves it (end), clockwise
  const edge = (f, end) => {
    const [x, y, w, h] = frameRect(f);
    const side = f.side;
    const at = (side === "N" || side === "E") === end ? "far" : "near";
    if (side === "N" || side === "S") { const ex = at === "far" ? x + w : x; return [ex, y, ex, y + h]; }
    const ey = at === "far" ? y + h : y; return [x, ey, x + w, ey];
  };
  for (let i = 0; i < N; i++) {
    const f = frames[i], g = frames[(i + 1) % N];
    if (f.side !== g.side) {
      const [cx, cy] = corner[`${f.side}>${g.side}`] || [null, null];
      if (cx !== null && f.piece === g.piece)
        el("rect", { x: cx + 1, y: cy + 1, width: F - 2, height: F - 2, fill: f.long ? FRAME : FRAME_SHORT, "pointer-events": "none" }, area);
    }
    if (f.piece !== g.piece) {
      const [a1, b1, a2, b2] = edge(f, true);
      el("line", { x1: a1, y1: b1, x2: a2, y2: b2, ...seam }, area);
      const [c1, d1, c2, d2] = edge(g, false);
      el("line", { x1: c1, y1: d1, x2: c2, y2: d2, ...seam }, area);
    }
  }
}

// The frame squares, one beside each outer tile edge. Returns where each one's middle is (ships stand there).
function drawFrameSquares({ L, ui, isl, W, H, n, S, F, X0, Y0, offer }, area) {
  const frameRect = (f) => {
    const t = f.tile;
    if (f.side === "N") return [X0 + t * n * S, Y0 - F, n * S, F];
    if (f.side === "S") return [X0 + t * n * S, Y0 + H * S, n * S, F];
    if (f.side === "E") return [X0 + W * S, Y0 + t * n * S, F, n * S];
    return [X0 - F, Y0 + t * n * S, F, n * S];
  };
  const framePos = {};
  for (const f of isl.frames) {
    const [x, y, w, h] = frameRect(f);
    framePos[f.name] = { x: x + w / 2, y: y + h / 2, across: w >= h, half: Math.max(w, h) / 2 };
    const g = el("g", { class: "am-frame", "data-frame": f.name }, area);
    el("rect", { x: x + 1, y: y + 1, width: w - 2, height: h - 2, fill: f.long ? FRAME : FRAME_SHORT, stroke: "#4a7fa3",
                 "stroke-width": 0.8, class: "bgw-frame" }, g);
    el("text", { x: x + w / 2, y: y + h / 2 + FS * 0.36, "font-size": FS, "text-anchor": "middle", fill: "#24506e" }, g,
       fill(L("am.ui.frame-short"), { n: f.name.slice(5) }));
    el("title", {}, g, aside(L, L(`am.pos.${f.name}`), L(f.long ? "am.ui.frame-long" : "am.ui.frame-short-piece")));
    if (!offer(g, `pos.${f.name}`)) offer(g, `move.${ui.ship}.${f.name}`);
  }
  drawFramePieces(isl.frames, frameRect, { W, H, S, F, X0, Y0 }, area);
  return framePos;
}

// The squares: sea, anchorage or land, printed goods, an empty post space. Each is the choice offered on it:
// the square itself, the picked ship's move there, or laying the picked tile there (whose hover shows the
// tile's squares in `ghost`).
function drawSquares({ L, ui, isl, W, H, S, acting, turn, shapes, sqXY, byTarget, offer, send }, area, ghost) {
  for (let q = 0; q < W * H; q++) {
    const [x, y] = sqXY(q);
    const kind = isl.kind[q];
    const name = sqName(q, W);
    const g = el("g", { class: `am-square am-${kind}`, "data-square": name }, area);
    const land = kind === "land" || kind === "post";
    el("rect", { x, y, width: S, height: S, fill: kind === "sea" ? SEA : kind === "anchor" ? ANCHOR_SEA : kind === "post" ? POST_LAND : LAND,
                 stroke: land ? "#8aa65c" : "#9fcbe3", "stroke-width": 0.5 }, g);
    if (kind === "anchor") el("text", { x: x + S / 2, y: y + S / 2 + 4, "font-size": S * 0.42, "text-anchor": "middle", fill: "#2c5f86" }, g, "⚓");
    if (kind === "post" && isl.post[q] < 0 && isl.cover[q] < 0) {
      el("rect", { x: x + S * 0.3, y: y + S * 0.3, width: S * 0.4, height: S * 0.4, fill: "none", stroke: "#6b5b2e", "stroke-dasharray": "2 2" }, g);
    }
    const printed = isl.printed[q];
    if (printed && isl.goods[q] && isl.cover[q] < 0) {
      el("circle", { cx: x + S / 2, cy: y + S / 2, r: Math.max(S * 0.36, FS * 0.85), fill: GOODS[printed], stroke: "#333", "stroke-width": 0.8, class: "am-goods" }, g);
      el("text", { x: x + S / 2, y: y + S / 2 + FS * 0.36, "font-size": FS, "text-anchor": "middle", fill: GOODS_INK[printed] }, g,
         L(`am.ui.goods-mark.${printed}`));
    }
    // the square's own name stays on its frame when a move or a lay offered there names the group: a lesson
    // may point at the square whatever is offered on it
    el("rect", { x: x + 1, y: y + 1, width: S - 2, height: S - 2, fill: "none", stroke: "none", class: "bgw-frame",
                 "data-target": `sq.${name}` }, g);
    const tile = (isl.tiles || [])[Math.floor(Math.floor(q / W) / (isl.tile_size || 4)) * isl.tile_columns + Math.floor((q % W) / (isl.tile_size || 4))];
    el("title", {}, g, named(L, name, `${L(`am.ui.kind.${kind}`)}${printed ? ` · ${L(`am.goods.${printed}`)}` : ""}`) +
       (tile ? ` · ${named(L, L("am.ui.tile"), `${tile.id}${tile.stand_in ? "*" : ""}`)}` : ""));
    if (offer(g, `sq.${name}`)) continue;
    if (offer(g, `move.${ui.ship}.${name}`)) continue;
    if (ui.shape !== null && turn.sub === "build") {
      const target = `lay.${ui.shape}.${name}.${ui.way}`;
      if (!byTarget[target]) {
        // not a place for the picked tile, the way it lies: the click asks the engine why not, and the
        // page says it (the same answer as a refused option's)
        g.classList.add("am-lay-elsewhere");
        g.addEventListener("click", (event) => {
          event.preventDefault();
          event.stopPropagation();
          send({ type: "choose", id: `lay:${ui.shape}:${name}:${ui.way}` });
        });
      } else {
        offer(g, target);
        const way = ((shapes[ui.shape] || {}).ways || [])[ui.way] || [];
        g.addEventListener("mouseenter", () => {
          ghost.replaceChildren();
          const r0 = way[0][0], c0 = way[0][1];
          for (const [r, c] of way) {
            const qq = q + (r - r0) * W + (c - c0);
            const [gx, gy] = sqXY(qq);
            el("rect", { x: gx + 2, y: gy + 2, width: S - 4, height: S - 4, fill: ui.shape.startsWith("n") ? NEUTRAL : SEAT[acting] || NEUTRAL, opacity: 0.65, stroke: "#222" }, ghost);
          }
        });
        g.addEventListener("mouseleave", () => ghost.replaceChildren());
      }
    }
  }
}

// The island tiles' boundaries (each tile's id, * for a stand-in, in the tooltip of its squares), and the
// squares' coordinates outside the frame: letters for the columns above, numbers for the rows on the left,
// so that "C1" in a lesson or the log is a square one can find.
function drawTileBoundaries({ isl, W, H, n, S, F, X0, Y0 }, area) {
  for (let c = 0; c <= W; c += n) el("line", { x1: X0 + c * S, y1: Y0, x2: X0 + c * S, y2: Y0 + H * S, stroke: "#4a7fa3", "stroke-width": 1.4, "pointer-events": "none" }, area);
  for (let r = 0; r <= H; r += n) el("line", { x1: X0, y1: Y0 + r * S, x2: X0 + W * S, y2: Y0 + r * S, stroke: "#4a7fa3", "stroke-width": 1.4, "pointer-events": "none" }, area);
  const coords = el("g", { class: "am-coords", fill: "#3d5a70", "font-size": FS, "text-anchor": "middle", "pointer-events": "none" }, area);
  for (let c = 0; c < W; c++) el("text", { x: X0 + c * S + S / 2, y: Y0 - F - 5 }, coords, colName(c));
  for (let r = 0; r < H; r++) el("text", { x: X0 - F - CO / 2 - 1, y: Y0 + r * S + S / 2 + FS * 0.36 }, coords, `${r + 1}`);
}

// The island area's frame, squares and tile boundaries; the ghost of a hovered lay lies above them (the
// squares stay clickable through it). Returns where each frame square's middle is.
function drawIslands(ctx) {
  const { isl, W, H, S, F, X0, Y0, svg } = ctx;
  const area = el("g", { class: "am-islands" }, svg);
  el("rect", { x: X0 - F, y: Y0 - F, width: W * S + 2 * F, height: H * S + 2 * F, rx: 8, fill: "#e8f4fb", stroke: "#5d7b94" }, area);
  const framePos = drawFrameSquares(ctx, area);
  const ghost = el("g", { class: "am-ghost", "pointer-events": "none" }, svg);
  drawSquares(ctx, area, ghost);
  drawTileBoundaries(ctx, area);
  return framePos;
}

// The landscape tiles laid: each a shape outlined round its outer edges, neutral or in its village's colour.
function drawPlacedTiles({ L, isl, W, S, index, sqXY, svg }) {
  const pieces = el("g", { class: "am-pieces", "pointer-events": "none" }, svg);
  (isl.pieces || []).forEach((p) => {
    const colour = p.kind === "neutral" ? NEUTRAL : SEAT[p.seat];
    const set = new Set(p.squares);
    const g = el("g", { class: `am-piece am-piece-${p.kind}`, "data-seat": p.seat, "data-shape": p.shape }, pieces);
    for (const name of p.squares) {
      const q = index[name];
      const [x, y] = sqXY(q);
      el("rect", { x: x + 1, y: y + 1, width: S - 2, height: S - 2, fill: colour, opacity: p.kind === "neutral" ? 0.95 : 0.8 }, g);
      const edge = (dx, dy) => !set.has(sqName(q + dy * W + dx, W)) || (dx && (q % W) + dx < 0) || (dx && (q % W) + dx >= W);
      const st = { stroke: p.kind === "neutral" ? "#7a5a1e" : SEAT_DARK[p.seat], "stroke-width": 2 };
      if (edge(0, -1)) el("line", { x1: x + 1, y1: y + 1, x2: x + S - 1, y2: y + 1, ...st }, g);
      if (edge(0, 1)) el("line", { x1: x + 1, y1: y + S - 1, x2: x + S - 1, y2: y + S - 1, ...st }, g);
      if (edge(-1, 0)) el("line", { x1: x + 1, y1: y + 1, x2: x + 1, y2: y + S - 1, ...st }, g);
      if (edge(1, 0)) el("line", { x1: x + S - 1, y1: y + 1, x2: x + S - 1, y2: y + S - 1, ...st }, g);
    }
    // a village's tile: its seat's shape in the corner of its first square (the colour alone would not say whose)
    if (p.kind === "village" && p.squares.length) {
      const [x, y] = sqXY(index[p.squares[0]]);
      seatBadge(g, p.seat, x + 7, y + 7, 3, SEAT[p.seat]);
    }
    el("title", {}, g, `${L(`am.shape.${p.shape}`)}${p.kind === "village" ? ` · ${L(`seat.${p.seat}`)}` : ""}`);
  });
}

// The trading posts, the treasure chests, and a tick on each completed island.
function drawPostsAndChests({ L, isl, W, H, S, index, sqXY, svg }) {
  for (let q = 0; q < W * H; q++) {
    if (isl.post[q] >= 0) {
      const [x, y] = sqXY(q);
      const g = el("g", { class: "am-post-g", "data-seat": isl.post[q], "pointer-events": "none" }, svg);
      post(g, x + S / 2, y + S / 2, SEAT[isl.post[q]], S * 0.3);
      seatBadge(g, isl.post[q], x + S * 0.8, y + S * 0.22, 3.2, SEAT[isl.post[q]]);   // whose post, by its shape
    }
  }
  for (const island of isl.list || []) {
    if (island.chest && island.chest_square) {
      const [x, y] = sqXY(index[island.chest_square]);
      const g = el("g", { class: "am-chest", "pointer-events": "none" }, svg);
      el("rect", { x: x + S * 0.18, y: y + S * 0.3, width: S * 0.64, height: S * 0.42, rx: 2, fill: "#7b4a12", stroke: "#e3b505", "stroke-width": 1.5 }, g);
      el("title", {}, g, L("am.ui.chest"));
    }
    if (island.done) {
      const [x, y] = sqXY(index[island.name]);
      // a green badge with a white tick, which reads on a tile of any colour
      const g = el("g", { class: "am-done", "pointer-events": "none" }, svg);
      el("circle", { cx: x + 10, cy: y + 10, r: 9, fill: "#1e8a3a", stroke: "#fff", "stroke-width": 1.5 }, g);
      el("text", { x: x + 10, y: y + 10 + FS * 0.36, "font-size": FS, fill: "#fff", "font-weight": 700, "text-anchor": "middle" }, g, "✓");
      el("title", {}, g, L("am.ui.island-done"));
    }
  }
}

// Where the ships on one frame square go: in a row along it, left and right of (or above and below) the
// square's own number, which stays readable (two ships' numbers side by side would read as another frame's).
function frameSlots(frame, count) {
  const gap = frame.across ? 30 : 24, size = frame.across ? 26 : 24;
  const ranks = Math.ceil(count / 2);
  const step = ranks > 1 ? Math.min(size, (frame.half - gap - 13) / (ranks - 1)) : 0;
  return Array.from({ length: count }, (_, i) => {
    const d = (i % 2 ? 1 : -1) * (gap + Math.floor(i / 2) * step);
    return frame.across ? [frame.x + d, frame.y] : [frame.x, frame.y + d];
  });
}

// The ships, on frame squares or at sea. Clicking one of the acting player's ships picks it (the page's own
// choice, not a move).
function drawShips({ L, ui, isl, turn, acting, S, index, sqXY, svg, redraw }, framePos) {
  const onFrame = {};                                  // frame name -> its ships, in seat order
  isl.ships.forEach((ships, seat) => ships.forEach((pos, k) => {
    if (pos && pos in framePos) (onFrame[pos] = onFrame[pos] || []).push(`${seat}.${k}`);
  }));
  const framePlace = {};
  for (const [name, list] of Object.entries(onFrame)) {
    frameSlots(framePos[name], list.length).forEach((xy, i) => { framePlace[list[i]] = xy; });
  }
  isl.ships.forEach((ships, seat) => ships.forEach((pos, k) => {
    if (!pos) return;
    let x, y;
    if (pos in framePos) {
      [x, y] = framePlace[`${seat}.${k}`];
    } else {
      [x, y] = sqXY(index[pos]);
      x += S / 2; y += S / 2 + 2;
    }
    const g = ship(svg, x, y, SEAT[seat], k + 1);
    seatBadge(g, seat, 11, -4, 2.8, SEAT[seat]);          // whose ship, by the seat's shape (its number is the ship's)
    g.setAttribute("data-seat", seat);
    g.setAttribute("data-ship", k + 1);
    const shipName = fill(L("am.ui.ship"), { seat: L(`seat.${seat}`), n: k + 1 });
    if (seat === acting && turn.sub === "move" && !(turn.stopped || [])[k]) {   // a ship that built a post is no pick
      g.classList.add("am-ship-pick");
      if (ui.ship === k + 1 && !(turn.stopped || []).some((s) => s)) el("circle", { cx: 0, cy: -1, r: 12, fill: "none", stroke: "#e8a317", "stroke-width": 2.5 }, g);
      ownControl(g, `ship.${k + 1}`, shipName, () => { ui.ship = k + 1; redraw(); });   // a pick of the page's, no move
    } else {
      el("title", {}, g, shipName);
    }
  }));
}

// The time marker under the island area. Returns the bottom of the left column.
function drawTime({ view, L, H, S, F, X0, Y0, svg }) {
  const t = view.time || {};
  el("text", { x: X0 - F, y: Y0 + H * S + F + 20, "font-size": FS, class: "am-time", "data-target": "time" }, svg,   // a lesson may point at it
     named(L, L("am.ui.time-marker"), fill(L("am.ui.time"), { value: t.value, markers: (t.markers || []).join(" · ") || "—" })));
  return drawKey({ L, svg }, X0 - F, Y0 + H * S + F + 34);
}

// The key under the island area: which goods each disc's mark stands for.
function drawKey({ L, svg }, x0, y) {
  const key = el("g", { class: "am-key" }, svg);
  let x = x0;
  // drawn detached: no measuring, an estimate from the characters
  const width = (text) => [...text].reduce((w, ch) => w + (ch.codePointAt(0) > 0x2e80 ? FS : FS * 0.58), 0);
  const word = (text, bold) => {
    el("text", { x, y: y + 14, "font-size": FS, "font-weight": bold ? 700 : null }, key, text);
    x += width(text) + 10;
  };
  word(L("am.ui.goods-key"), true);
  for (const goods of Object.keys(GOODS)) {
    const g = el("g", { class: "am-key-goods", "data-goods": goods }, key);
    el("circle", { cx: x + 11, cy: y + 9, r: 11, fill: GOODS[goods], stroke: "#333", "stroke-width": 0.8 }, g);
    el("text", { x: x + 11, y: y + 9 + FS * 0.36, "font-size": FS, "text-anchor": "middle", fill: GOODS_INK[goods] }, g,
       L(`am.ui.goods-mark.${goods}`));
    x += 26;
    word(L(`am.goods.${goods}`));
  }
  // No key for the frame's long and short pieces: a frame square is 1 step whatever its piece, and a learner
  // read the legend as a rule to learn (zh-Hans try-out v10, step 11).
  return y + 30;
}

// -- the side panel, top to bottom: each part takes the y it starts at and returns the y under it -------------

// Round and phase.
function drawPanelHead({ view, L, top, svg }) {
  const head = view.round ? `${fill(L("am.ui.round"), { n: view.round, rounds: view.rounds || 5 })} · ` : "";
  el("text", { x: PANEL, y: top + 14, "font-size": FH + 1, "font-weight": 700 }, svg, `${head}${L(`am.phase.${view.phase}`)}`);
  return top + 22;
}

// The action circle: storage by colour around, this phase's drop in the middle (falling cube by cube when it
// is new), and the action points it gives.
function drawActionCircle({ view, L, ui, turn, colours, svg }, py) {
  const px = PANEL;
  const cubes = view.cubes || {};
  const cx = px + 92, cy = py + 92, R = 70;
  const circle = el("g", { class: "am-circle" }, svg);
  el("circle", { cx, cy, r: R + 18, fill: "#fbf7ee", stroke: "#a67c52" }, circle);
  el("circle", { cx, cy, r: 40, fill: "#fff", stroke: "#a67c52", "stroke-dasharray": "3 2" }, circle);
  colours.forEach((colour, i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / colours.length;
    const sx = cx + R * Math.cos(a), sy = cy + R * Math.sin(a);
    const g = el("g", { class: "am-storage", "data-colour": colour }, circle);
    const active = view.phase === colour;
    el("circle", { cx: sx, cy: sy, r: 16, fill: CUBE[colour], opacity: 0.25, stroke: active ? "#e8a317" : CUBE[colour], "stroke-width": active ? 3 : 1 }, g);
    const count = (cubes.storage || [])[i] || 0;
    for (let k = 0; k < count; k++) cube(g, sx - 11 + (k % 4) * 6, sy - 8 + Math.floor(k / 4) * 7, colour, 5.5);
    // the count beside its storage space, on the side away from the middle
    const out = Math.cos(a) >= 0 ? 1 : -1;
    el("text", { x: sx + out * 19, y: sy + FS * 0.36, "font-size": FS, "text-anchor": out > 0 ? "start" : "end" }, g, `${count}`);
    el("title", {}, g, named(L, L(`am.colour.${colour}`), count));
  });
  // the middle: this phase's drop, cube by cube
  const fell = cubes.central || [];
  const order = [];
  fell.forEach((k, i) => { for (let j = 0; j < k; j++) order.push(colours[i]); });
  const signature = `${view.round}:${view.phase}:${(cubes.fell || []).join(",")}`;
  const animate = ui.lastDrop !== null && ui.lastDrop !== signature && order.length > 0;
  ui.lastDrop = signature;
  const middle = el("g", { class: "am-central" }, circle);
  order.forEach((colour, i) => {
    const x = cx - 33 + (i % 6) * 11, y = cy - 22 + Math.floor(i / 6) * 11;
    cube(middle, x, y, colour, 10, { class: animate ? "am-falling" : "am-cube", style: animate ? `animation-delay: ${i * 140}ms` : null });
  });
  el("title", {}, middle, named(L, L("am.ui.middle"), order.length));
  if (turn.ap) el("text", { x: cx, y: cy + 30, "font-size": FS, "font-weight": 700, "text-anchor": "middle", class: "am-ap" }, circle, fill(L("am.ui.ap"), { n: turn.ap }));
}

// The tower (its cubes when the view shows them, else hidden) and the tray under it.
function drawTowerAndTray({ view, L, colours, svg }, py) {
  const cubes = view.cubes || {};
  const tx = PANEL + 212;
  el("text", { x: tx, y: py + 16, "font-size": FS, "font-weight": 700 }, svg, L("am.ui.tower"));
  const tower = el("g", { class: "am-tower" }, svg);
  el("path", { d: `M${tx},${py + 100} L${tx + 8},${py + 26} L${tx + 40},${py + 26} L${tx + 48},${py + 100} Z`, fill: "#d9c7a3", stroke: "#6b5b2e" }, tower);
  if (cubes.tower) {
    let k = 0;
    cubes.tower.forEach((count, i) => { for (let j = 0; j < count; j++, k++) cube(tower, tx + 12 + (k % 3) * 9, py + 34 + Math.floor(k / 3) * 9, colours[i], 8); });
    textBlock(svg, tx + 56, py + 44, fill(L("am.ui.inside"), { n: cubes.inside }), 126, FS, { class: "am-tower-count" });
  } else {
    el("text", { x: tx + 24, y: py + 70, "font-size": 20, "text-anchor": "middle", fill: "#6b5b2e" }, tower, "?");
    textBlock(svg, tx + 56, py + 44, L("am.ui.tower-hidden"), 126, FS, { fill: "#555" });
  }
  const tray = cubes.tray || [];
  el("text", { x: tx, y: py + 140, "font-size": FS }, svg, L("am.ui.tray"));
  let k2 = 0;
  tray.forEach((count, i) => { for (let j = 0; j < count; j++, k2++) cube(svg, tx + 50 + (k2 % 9) * 12, py + 130 + Math.floor(k2 / 9) * 12, colours[i], 10); });
  if (!k2) el("text", { x: tx + 50, y: py + 140, "font-size": FS, fill: "#888" }, svg, "—");
}

// The pirate tiles: revealed ones with their strength, face-down ones as "?", and their total.
function drawPirates({ view, L, svg }, py) {
  const pir = view.pirates || { revealed: [], face_down: 0 };
  const pxp = PANEL + 402;
  el("text", { x: pxp, y: py + 16, "font-size": FS, "font-weight": 700 }, svg, L("am.ui.pirates"));
  const pg = el("g", { class: "am-pirates", "data-target": "pirates" }, svg);
  [...pir.revealed, ...Array(pir.face_down).fill(null)].forEach((v, i) => {
    el("rect", { x: pxp + i * 29, y: py + 24, width: 27, height: 27, rx: 13.5, fill: v === null ? "#555" : "#1d1d1d", stroke: "#c0392b", "stroke-width": 1.5 }, pg);
    el("text", { x: pxp + i * 29 + 13.5, y: py + 42.5, "font-size": FS, "text-anchor": "middle", fill: "#fff" }, pg, v === null ? "?" : `${v}`);
  });
  textBlock(svg, pxp, py + 74, fill(L("am.ui.pirates-total"), { n: pir.total }), WIDTH - 10 - pxp, FS);
}

// While building: the tile shapes that can be laid, then the ways the picked one can lie (picks of the
// page's own, which choose the lays offered on the islands). Each way is drawn in the tile's colour with its
// name ("horizontal", "gap at the top left"...), and a dot on the square that goes where the learner clicks.
function drawLayPicker({ ui, acting, shapes, layShapes, waysWithLays, L, redraw }, decide, py) {
  const px = PANEL;
  const perRow = 7;
  const colourOf = (id) => (id.startsWith("n") ? NEUTRAL : SEAT[acting]);
  layShapes.forEach((id, i) => {
    const x = px + (i % perRow) * 70, y = py + Math.floor(i / perRow) * 50;
    const g = el("g", { class: "am-pick-shape", "data-shape": id }, decide);   // a pick of the page's
    el("rect", { x, y, width: 64, height: 44, rx: 4, fill: id === ui.shape ? "#fff1c1" : "#fff", stroke: id === ui.shape ? "#e8a317" : "#a67c52",
                 "stroke-width": id === ui.shape ? 2.5 : 1, class: "bgw-frame" }, g);
    shapeIcon(g, x + 6, y + 6, (shapes[id] || {}).cells || [], 9, colourOf(id));
    ownControl(g, `shape.${id}`, L(`am.shape.${id}`), () => { ui.shape = id; ui.way = null; redraw(); });
  });
  py += 50 * Math.ceil(layShapes.length / perRow);
  const shape = shapes[ui.shape] || {};
  const names = shape.way_names || [];
  const shown = (shape.ways || []).map((cells, o) => [cells, o]).filter(([, o]) => waysWithLays.has(o));
  if (!shown.length || !names[shown[0][1]]) return py;          // a tile with one way only: nothing to pick
  el("text", { x: px, y: py + 13, "font-size": FS, fill: "#444" }, decide, L("am.ui.ways"));
  py += 20;
  const BW = 180, BH = 46, unit = 9;
  shown.forEach(([cells, o], i) => {
    const x = px + (i % 3) * (BW + 6), y = py + Math.floor(i / 3) * (BH + 6);
    const picked = o === ui.way;
    const name = L(names[o]);
    const g = el("g", { class: "am-pick-way", "data-way": o, "data-way-name": names[o] }, decide);
    el("rect", { x, y, width: BW, height: BH, rx: 4, fill: picked ? "#fff1c1" : "#fff", stroke: picked ? "#e8a317" : "#a67c52",
                 "stroke-width": picked ? 2.5 : 1, class: "bgw-frame" }, g);
    const left = Math.min(...cells.map(([, c]) => c));
    const drawn = cells.map(([r, c]) => [r, c - left]);
    shapeIcon(g, x + 5, y + 5, drawn, unit, colourOf(ui.shape));
    el("circle", { cx: x + 5 + drawn[0][1] * unit + (unit - 1) / 2, cy: y + 5 + drawn[0][0] * unit + (unit - 1) / 2, r: 2.3, fill: "#222" }, g);
    textBlock(g, x + 48, y + 19, name, BW - 52, FS);
    ownControl(g, `way.${o}`, name, () => { ui.way = o; redraw(); });
  });
  return py + Math.ceil(shown.length / 3) * (BH + 6) + 4;
}

// The decision of the moment: who acts and in which step, the buttons and amounts offered, what to do on the
// islands (or, at the end, the final scoring's title).
function drawDecision(ctx, py) {
  const { view, choices, L, ui, turn, acting, colours, layShapes, byTarget, button, svg } = ctx;
  const px = PANEL, PW = WIDTH - PANEL - 10;
  const decide = el("g", { class: "am-decision" }, svg);
  if (acting !== null && acting !== undefined && !view.over) {
    el("text", { x: px, y: py + 6, "font-size": FH, "font-weight": 700 }, decide,
       `${fill(L("am.ui.acting"), { seat: L(`seat.${acting}`) })} · ${L(`am.sub.${turn.sub}`)}`);
    py += 14;
    if (turn.action) {
      // sailing: the points count for each ship (the line under the ships says how many each has used)
      const line = turn.action === "blue" ? fill(L("am.ui.points-each"), { points: turn.points, gold: turn.gold })
        : fill(L("am.ui.points-left"), { left: turn.left, gold: turn.gold });
      el("text", { x: px, y: py + 12, "font-size": FS }, decide, line);
      py += 20;
    }
    py += 4;
    if (turn.sub === "choose") {
      const bw = (PW - 6) / 2;
      // another player's choice (none offered to the viewer): the colours not in the middle are greyed as the
      // viewer's own refused ones would be, so that the buttons say the same thing whoever is choosing
      const watching = !choices.length, middle = turn.offered || [];
      colours.forEach((colour, i) => button(decide, px + (i % 2) * (bw + 6), py + Math.floor(i / 2) * 34, bw, 28,
        L(`am.action.${colour}`), `act.${colour}`,
        watching && !middle.includes(colour) ? { swatch: colour, fill: "#eeeeee", ink: "#888" } : { swatch: colour }));
      py += 34 * Math.ceil(colours.length / 2);
      // the gold it gives, whether or not it is offered to the viewer (the acting player's amount)
      const goldLabel = (byTarget.gold || {}).label || (Number.isInteger(turn.gold_instead) ? fill(L("am.ui.gold-n"), { gold: turn.gold_instead }) : L("am.ui.gold"));
      button(decide, px, py, bw, 28, goldLabel, "gold", { fill: "#fff4c2" });
      if (byTarget["score-cubes"]) button(decide, px + bw + 6, py, bw, 28, byTarget["score-cubes"].label, "score-cubes");
      py += 38;
    }
    for (const verb of ["load", "develop", "order"]) {
      const amounts = choices.filter((c) => c.target && c.target.startsWith(`${verb}.`));
      if (!amounts.length) continue;
      el("text", { x: px, y: py + 19, "font-size": FS }, decide, L(`am.ui.amount.${verb}`));
      // on the special-action track, each amount carries the colour of the space it leads to: the track lies
      // further down the panel, and a player who stops on a colour on purpose reads it off the button
      const spec = (view.tracks || {}).special || { colours: [] };
      const from = ((view.players || [])[acting] || {}).special || 0;
      const swatch = (c) => verb === "order" && !c.target.endsWith(".0") ? spec.colours[from + Number(c.target.split(".")[1])] : null;
      amounts.forEach((c, i) => button(decide, px + 150 + (i % 10) * 40, py + Math.floor(i / 10) * 34, 36, 28,
        c.target.endsWith(".0") ? "2💰" : c.target.split(".")[1], c.target, swatch(c) ? { swatch: swatch(c) } : {}));
      py += Math.ceil(amounts.length / 10) * 34 + 4;
    }
    if (byTarget.special) { button(decide, px, py, 420, 28, byTarget.special.label, "special"); py += 36; }
    for (const use of ["use.ships8", "use.first"]) if (byTarget[use]) { button(decide, px, py, 420, 28, byTarget[use].label, use, { fill: "#e8f6ff" }); py += 36; }
    const say = (text) => { py += (FS + 4) * textBlock(decide, px, py + 14, text, PW, FS, { fill: "#444" }) + 6; };
    if (turn.sub === "launch") say(fill(L("am.ui.launch"), { n: turn.launching }));
    if (turn.sub === "move") {
      const stopped = turn.stopped || [];
      stopped.forEach((s, k) => { if (s) say(fill(L("am.ui.move-stopped"), { n: k + 1 })); });
      // with the other ship stopped there is nothing to pick: say which ship may still sail, not "selected"
      const last = stopped.some((s) => s);
      if (!stopped[ui.ship - 1]) say(fill(L(last ? "am.ui.move-last" : "am.ui.move"), { n: ui.ship, moved: (turn.moved || [])[ui.ship - 1], points: turn.points }));
    }
    if (turn.sub === "build" && layShapes.length) {
      say(L("am.ui.build"));
      py = drawLayPicker(ctx, decide, py);
    }
    if (byTarget.done) {
      const refused = !byTarget.done.legal;
      button(decide, px, py, 190, 28, L("am.ui.done"), "done", { fill: refused ? "#eeeeee" : "#fdebd0", ink: refused ? "#777" : "#222" });
      py += 36;
      if (refused) say(L("am.ui.done-refused"));       // a ship shares an island sea square: why the action cannot end
    }
  } else if (view.over && !ctx.held) {
    py = drawFinalTable(ctx, decide, py);
  }
  return py + 6;
}

// At the end: the final scoring, a row per part of the score and a column per player, the totals last (the
// parts are the score's own: what the log's final lines added up). A lesson may point at it ("final").
const SCORE_PARTS = ["islands", "gold", "pirates", "progress", "goods", "development", "order"];
function drawFinalTable({ view, L, players }, decide, py) {
  const px = PANEL, PW = WIDTH - PANEL - 10;
  const g = el("g", { class: "am-final", "data-target": "final" }, decide);
  el("text", { x: px, y: py + 6, "font-size": FH, "font-weight": 700 }, g, L("am.ui.final"));
  py += 14;
  const colW = 74, labelW = PW - colW * players.length - 6;
  const colX = (seat) => px + labelW + 6 + seat * colW + colW - 8;
  players.forEach((p, seat) => el("text", { x: colX(seat), y: py + 12, "font-size": FS, "font-weight": 700, "text-anchor": "end",
                                             fill: SEAT_DARK[seat] }, g, L(`seat.${seat}`)));
  py += 18;
  const row = (label, values, bold) => {
    const top = py;
    const lines = textBlock(g, px + 4, py + 12, label, labelW - 4, FS, bold ? { "font-weight": 700 } : {});
    values.forEach((v, seat) => el("text", { x: colX(seat), y: py + 12, "font-size": FS, "text-anchor": "end",
                                              "font-weight": bold ? 700 : null }, g, `${v}`));
    py += lines * (FS + 4) + 3;
    el("line", { x1: px, y1: py - 1, x2: px + PW, y2: py - 1, stroke: bold ? "#555" : "#ddd" }, g);
    return top;
  };
  SCORE_PARTS.forEach((part) => row(L(`am.score.${part}`), players.map((p) => (p.parts || {})[part] || 0)));
  row(L("am.ui.final-total"), players.map((p) => p.score), true);
  return py + 4;
}

// A progress tile, in the display or on a player's sheet: its kind (∞ permanent, 1x once, E end of game; * a
// stand-in) and its name on the first line, what it does under it (in as many lines as it takes), so that no
// tile's meaning is left to a tooltip. The kinds' marks are explained by the display's key.
const TILE_W = 272, TILE_LINE = FS + 4;
function progressSays({ view, L }, id) {
  const info = ((view.progress || {}).tiles || {})[id] || {};
  const colours = (info.colours || []).map((c) => L(`am.colour.${c}`));
  const either = colours.length > 1 ? fill(L("am.ui.says-or"), { a: colours[0], b: colours[1] }) : (colours[0] || "");
  const others = info.effect === "pirates" && (view.options || {}).pirate_tile === "others";
  return fill(L(`am.ui.says.${info.effect}${others ? "-others" : ""}`), { n: info.amount, colours: either });
}
// The height of a tile: its name line and its meaning's lines (the same line breaking as textBlock).
function tileLines(ctx, id, w = TILE_W) {
  const width = w - 12, size = FS;
  const cw = (ch) => (/[\u2e80-\uffff]/.test(ch) ? size : size * 0.56);
  let lines = 0, lineW = 0, line = "";
  for (const token of progressSays(ctx, id).match(/[\u2e80-\uffff]|[^\s\u2e80-\uffff]+\s*|\s+/g) || []) {
    const tw = [...token].reduce((a, ch) => a + cw(ch), 0);
    if (lineW + tw > width && line.trim()) { lines += 1; line = token.trimStart(); lineW = [...line].reduce((a, ch) => a + cw(ch), 0); }
    else { line += token; lineW += tw; }
  }
  return lines + (line.trim() ? 1 : 0);
}
const tileHeight = (ctx, id, w = TILE_W) => 28 + TILE_LINE * tileLines(ctx, id, w);
function progressTile(ctx, parent, x, y, id, used = false, w = TILE_W, h = null) {
  const { view, L, offer } = ctx;
  const info = ((view.progress || {}).tiles || {})[id] || {};
  const g = el("g", { class: "am-progress", "data-tile": id }, parent);
  el("rect", { x, y, width: w, height: h || tileHeight(ctx, id, w), rx: 4, fill: used ? "#ddd" : "#fffaf0", stroke: "#8b5a2b", class: "bgw-frame" }, g);
  el("text", { x: x + 5, y: y + 19, "font-size": FS, "font-weight": 700, fill: "#8b5a2b" }, g, `${PROGRESS_KIND_MARK[info.kind] || ""}${info.stand_in ? "*" : ""}`);
  el("text", { x: x + 34, y: y + 19, "font-size": FS }, g, L(`am.progress-tile.${id}`));
  textBlock(g, x + 6, y + 19 + TILE_LINE, progressSays(ctx, id), w - 12, FS, { fill: "#444", class: "am-progress-says" });
  el("title", {}, g, `${aside(L, L(`am.progress-tile.${id}`), L(`am.ui.kind-${info.kind}`))}${used ? ` · ${L("am.ui.used")}` : ""}`);
  offer(g, `progress.${id}`);
  return g;
}
// Tiles two to a row: each row as tall as its taller tile. Returns the rows' heights.
function tileRows(ctx, ids, w = TILE_W) {
  const rows = [];
  ids.forEach((id, i) => {
    const r = Math.floor(i / 2);
    rows[r] = Math.max(rows[r] || 28, id ? tileHeight(ctx, id, w) : 28);
  });
  return rows;
}

// The progress display: a key to the kinds' marks, then its left half and right half side by side, one tile
// a line, empty places dashed.
function drawProgressDisplay(ctx, py) {
  const { view, L, svg } = ctx;
  const px = PANEL;
  const prog = view.progress || { left: [], right: [], tiles: {} };
  el("text", { x: px, y: py + 14, "font-size": FH, "font-weight": 700, "data-target": "progress" }, svg,   // a lesson may point at it
     fill(L("am.ui.progress"), { n: prog.face_down }));
  py += 22;
  const key = ["permanent", "once", "end"].map((k) => L(`am.ui.kind-${k}`)).concat(prog.tiles && Object.values(prog.tiles).some((t) => t.stand_in) ? [L("am.ui.kind-stand-in")] : []);
  py += (FS + 4) * textBlock(svg, px, py + 12, key.join(" · "), WIDTH - PANEL - 10, FS, { fill: "#8b5a2b", class: "am-progress-key" });
  const rows = Math.max((prog.left || []).length, (prog.right || []).length);
  const heights = [];
  for (let i = 0; i < rows; i++) {
    heights.push(Math.max(...["left", "right"].map((half) => ((prog[half] || [])[i] ? tileHeight(ctx, prog[half][i]) : 28))));
  }
  ["left", "right"].forEach((half, h) => {
    const x = px + h * 278;
    el("text", { x, y: py + 12, "font-size": FS, fill: "#555" }, svg, L(`am.ui.half-${half}`));
    let y = py + 18;
    (prog[half] || []).forEach((id, i) => {
      if (id) progressTile(ctx, svg, x, y, id, false, TILE_W, heights[i]);
      else el("rect", { x, y, width: TILE_W, height: heights[i], rx: 4, fill: "none", stroke: "#ccc", "stroke-dasharray": "3 2" }, svg);
      y += heights[i] + 4;
    });
  });
  return py + 18 + heights.reduce((a, b) => a + b + 4, 0) + 4;
}

// The production display: a slot per goods tile offered, its goods and cost, and the stack it came from.
function drawProductionDisplay({ view, L, svg, offer }, py) {
  const px = PANEL, perRow = 8;
  const prod = view.production || { slots: [] };
  el("text", { x: px, y: py + 14, "font-size": FH, "font-weight": 700, "data-target": "production" }, svg, L("am.ui.production"));   // a lesson may point at it
  py += 22;
  prod.slots.forEach((slot, i) => {
    const x = px + (i % perRow) * 68, y = py + Math.floor(i / perRow) * 72;
    const g = el("g", { class: "am-production-slot", "data-slot": i }, svg);
    el("rect", { x, y, width: 62, height: 48, rx: 4, fill: slot.goods ? GOODS[slot.goods] : "none", stroke: slot.goods ? "#333" : "#ccc",
                 "stroke-dasharray": slot.goods ? null : "3 2", class: "bgw-frame" }, g);
    if (slot.goods) {
      textBlock(g, x + 4, y + 16, L(`am.goods.${slot.goods}`), 56, FS, { fill: GOODS_INK[slot.goods] });
      el("text", { x: x + 58, y: y + 44, "font-size": FH, "font-weight": 700, "text-anchor": "end", fill: GOODS_INK[slot.goods] }, g, `${slot.cost}`);
      el("title", {}, g, fill(L("am.ui.production-slot"), { goods: L(`am.goods.${slot.goods}`), cost: slot.cost, stack: L(`am.stack.${slot.stack}`) }));
    }
    el("text", { x: x + 31, y: y + 64, "font-size": FS, "text-anchor": "middle", fill: "#666" }, svg, fill(L("am.ui.pile"), { stack: L(`am.stack.${slot.stack}`) }));
    offer(g, `production.${i}`);
  });
  return py + 72 * Math.ceil(prod.slots.length / perRow);
}

// A row of landscape tiles to plan: each shape, how many are left, its cost in the tooltip.
function landscapeRow({ L, shapes, svg, offer }, entries, y0, colour) {
  entries.forEach(([id, count], i) => {
    const x = PANEL + i * 68;
    const g = el("g", { class: "am-supply", "data-shape": id }, svg);
    el("rect", { x, y: y0, width: 62, height: 44, rx: 4, fill: "#fff", stroke: "#c8b48c", class: "bgw-frame" }, g);
    shapeIcon(g, x + 4, y0 + 4, (shapes[id] || {}).cells || [], 8, colour);
    if (colour === NEUTRAL)                            // a neutral tile's squares, which is its cost
      el("text", { x: x + 58, y: y0 + 16, "font-size": FH, "font-weight": 700, "text-anchor": "end", class: "am-supply-cost" }, g,
         `${((shapes[id] || {}).cells || []).length}`);
    el("text", { x: x + 58, y: y0 + 40, "font-size": FS, "text-anchor": "end" }, g, `×${count}`);
    el("title", {}, g, `${L(`am.shape.${id}`)} ×${count} · ${fill(L("am.ui.shape-cost"), (shapes[id] || {}))}`);
    offer(g, `plan.${id}`);
  });
}

// The neutral landscape tiles (and, while planning, the acting player's village tiles).
function drawLandscapeSupply(ctx, py) {
  const { view, L, turn, acting, players, svg } = ctx;
  const px = PANEL;
  el("text", { x: px, y: py + 14, "font-size": FH, "font-weight": 700, "data-target": "neutral" }, svg, L("am.ui.neutral"));   // a lesson may point at it
  py += 22;
  landscapeRow(ctx, Object.entries(view.neutral || {}), py, NEUTRAL);
  py += 50;
  if (turn.sub === "plan" && acting !== null) {
    el("text", { x: px, y: py + 14, "font-size": FS }, svg, fill(L("am.ui.village-left"), { seat: L(`seat.${acting}`) }));
    py += 20;
    landscapeRow(ctx, Object.entries((players[acting] || {}).village || {}), py, SEAT[acting]);
    py += 50;
  }
  return py;
}

// The special-action track: its spaces in their colours, their printed numbers, the players' order discs
// stacked on it (the disc on top plays first).
function drawSpecialTrack({ view, L, players, svg }, py) {
  const px = PANEL;
  const spec = (view.tracks || {}).special || { spaces: 12, colours: [], numbers: {} };
  el("text", { x: px, y: py + 14, "font-size": FH, "font-weight": 700 }, svg, L("am.track.special"));
  py += 22;
  const cw = Math.min(42, Math.floor((WIDTH - PANEL - 10) / (spec.spaces + 1)));
  const track = el("g", { class: "am-special-track", "data-target": "track.special" }, svg);   // a lesson may point at it
  for (let s = 0; s <= spec.spaces; s++) {
    const x = px + s * cw;
    const g = el("g", { class: "am-special-space", "data-space": s }, track);
    el("rect", { x, y: py, width: cw - 2, height: 36, fill: CUBE[spec.colours[s]] || "#eee", opacity: 0.45, stroke: "#666" }, g);
    if (spec.numbers[String(s)] !== undefined) el("text", { x: x + cw / 2 - 1, y: py + 14, "font-size": FS, "text-anchor": "middle", "font-weight": 700 }, g, spec.numbers[String(s)]);
    const number = spec.numbers[String(s)];
    el("title", {}, g, fill(L(number === undefined ? "am.ui.special-space" : "am.ui.special-space-number"),
                            { colour: L(`am.colour.${spec.colours[s]}`), number }));
  }
  const stacks = {};
  (view.order || []).slice().reverse().forEach((seat) => {
    const s = players[seat].special;
    const h = (stacks[s] = (stacks[s] || 0) + 1);
    seatMark(svg, seat, px + s * cw + cw / 2 - 1, py + 36 - h * 8, 4.5, SEAT[seat], { class: "am-order-disc", "data-seat": seat });
  });
  return py + 44;
}

// The score track, as wide as the panel; its boxes low, to leave the panel's height to the sheets.
function drawScoreTrack({ L, players, svg }, py) {
  const g = el("g", { class: "am-score-track" }, svg);
  const below = scoreTrack(g, { x: PANEL, y: py + 16, width: WIDTH - PANEL - 20, boxHeight: 12, size: FS,
                                heading: L("am.ui.score-track"), scores: players.map((p) => p.score), L,
                                colours: SEAT, markerClass: "am-score-marker", seatName: (s) => L(`seat.${s}`) });
  return below + 16;
}

// One line of a player sheet's tracks: its label, then a box per space, the player's value filled in `tint`
// (printed numbers, where the track has them, instead of the space's own).
function sheetTrack(g, y, label, spaces, value, numbers, tint, x0, cell) {
  el("text", { x: x0, y: y + 13, "font-size": FS, fill: "#444" }, g, label);
  for (let s = 0; s <= spaces; s++) {
    const x = x0 + LABEL_W + s * cell;
    const on = value === s;
    const num = numbers ? numbers[String(s)] : undefined;
    el("rect", { x, y, width: cell - 2, height: 17, fill: on ? tint : num !== undefined ? "#f3e2c7" : "#fafafa", stroke: "#c8b48c" }, g);
    const label2 = numbers ? num : s;
    if (label2 !== undefined) el("text", { x: x + cell / 2 - 1, y: y + 13.5, "font-size": FS, "text-anchor": "middle", fill: on ? "#fff" : "#555",
                                         "letter-spacing": String(label2).length > 1 ? -0.8 : null }, g, label2);
  }
}

// A player sheet at (px, py): score and place; the development, cannon and gold tracks; goods × production;
// planned tiles; progress tiles. Returns the y under it.
function drawPlayerSheet(ctx, p, seat, px, py) {
  const { view, L, acting, shapes, svg } = ctx;
  const tracks = view.tracks || {};
  const SHEET_W = WIDTH - PANEL - 6;
  const colour = SEAT[seat];
  const g = el("g", { class: "am-player", "data-seat": seat, "data-target": `sheet.${seat}` }, svg);   // a lesson may point at it
  const tileIds = (p.progress || []).map((t) => t.id);
  const heights = tileRows(ctx, tileIds, 268);
  const OWN = tileIds.length ? 18 : 0;                 // the "progress tiles" label over the sheet's own tiles
  const h = 148 + OWN + heights.reduce((a, b) => a + b + 4, 0);
  el("rect", { x: px - 4, y: py, width: SHEET_W, height: h, rx: 7, fill: "#fff", stroke: colour === "#f2f2f2" ? "#999" : colour,
               "stroke-width": acting === seat ? 3.5 : 1.3 }, g);
  seatMark(g, seat, px + 9, py + 16, 7, colour, { stroke: "#333" });   // the seat's shape, as on its pieces
  el("text", { x: px + 22, y: py + 21, "font-size": FH, "font-weight": 700 }, g, `${L(`seat.${seat}`)} · ${fill(L("am.ui.place"), { n: p.place })}`);
  el("text", { x: px + 262, y: py + 21, "font-size": FH, "font-weight": 700, class: "am-score" }, g, fill(L("am.ui.score"), { n: p.score }));
  el("text", { x: px + 356, y: py + 21, "font-size": FS }, g, fill(L("am.ui.sheet"), { posts: p.posts_left, chests: p.chests }));
  const dev = tracks.development || { spaces: 20, numbers: {} };
  const cell = Math.min(22, Math.floor((SHEET_W - 16 - LABEL_W) / (dev.spaces + 1)));
  sheetTrack(g, py + 30, L("am.ui.track-development"), dev.spaces, p.development, dev.numbers, "#8b5a2b", px + 6, cell);
  sheetTrack(g, py + 51, L("am.ui.track-cannon"), tracks.cannons || 12, p.cannons, null, "#2b2b2b", px + 6, cell);
  sheetTrack(g, py + 72, L("am.ui.gold-track"), tracks.gold || 12, p.gold, null, "#c9a200", px + 6, cell);
  // goods × production; then the planned tiles
  let gx = px + 6;
  for (const [goods, count] of Object.entries(p.goods || {})) {
    const gg = el("g", { class: "am-sheet-goods", "data-goods": goods }, g);
    el("circle", { cx: gx + 10, cy: py + 105, r: 11, fill: GOODS[goods], stroke: "#333" }, gg);
    el("text", { x: gx + 10, y: py + 105 + FS * 0.36, "font-size": FS, "text-anchor": "middle", fill: GOODS_INK[goods] }, gg,
       L(`am.ui.goods-mark.${goods}`));                  // the same mark as on the islands (the key names it)
    el("text", { x: gx + 24, y: py + 110, "font-size": FS }, gg, `${count}×${1 + ((p.production || {})[goods] || 0)}`);
    el("title", {}, gg, fill(L("am.ui.goods-line"), { goods: L(`am.goods.${goods}`), n: count, p: 1 + ((p.production || {})[goods] || 0) }));
    gx += 64;
  }
  let tx2 = px + 6;
  el("text", { x: tx2, y: py + 136, "font-size": FS, fill: "#444" }, g, L("am.ui.planned"));
  tx2 += LABEL_W;
  for (const [id, count] of Object.entries(p.planned || {})) {
    const cells = (shapes[id] || {}).cells || [];
    const w = 6 * (1 + Math.max(0, ...cells.map(([, c]) => c)));
    shapeIcon(g, tx2, py + 124, cells, 6, id.startsWith("n") ? NEUTRAL : colour, { class: "am-planned", "data-shape": id });
    el("text", { x: tx2 + w + 3, y: py + 136, "font-size": FS }, g, `×${count}`);
    tx2 += w + 32;
  }
  if (OWN) el("text", { x: px + 6, y: py + 158, "font-size": FS, fill: "#444", class: "am-own-progress" }, g, L("am.ui.own-progress"));
  const rowTop = heights.map((_, r) => py + 146 + OWN + heights.slice(0, r).reduce((a, b) => a + b + 4, 0));
  (p.progress || []).forEach((t, i) => progressTile(ctx, g, px + 6 + (i % 2) * 274, rowTop[Math.floor(i / 2)], t.id, t.used, 268, heights[Math.floor(i / 2)]));
  return py + h + 8;
}

// The player sheets. Player 1's (and with four players Player 2's) end the side panel; the others go under
// the map, where the island area leaves room: the panel is the taller column. The split depends on the
// player count alone, so no sheet ever moves from one column to the other. Returns the bottoms of the panel
// and of the left column.
function drawPlayerSheets(ctx, py, bottom) {
  const { players, F, X0 } = ctx;
  const columns = [{ x: PANEL, y: py }, { x: X0 - F - CO + 4, y: bottom + 4 }];
  // Player 1 (the learner in a lesson, the first seat at a table) comes first, right under the islands, where
  // a 1366x768 window shows it beside the map; the later seats follow, the last ones at the panel's foot.
  const underMap = Math.ceil(players.length / 2);
  players.forEach((p, seat) => {
    const column = columns[seat < underMap ? 1 : 0];
    column.y = drawPlayerSheet(ctx, p, seat, column.x, column.y);
  });
  return { panelBottom: columns[0].y, leftBottom: Math.max(bottom, columns[1].y) };
}

// The island area on the left; the side panel on the right (the action circle, tower and pirates side by
// side, then the decision, the displays, the tracks); the player sheets shared between the two columns.
function draw(model, root, tip, ui) {
  const ctx = drawingContext(model, root, tip, ui);
  drawBanner(ctx);
  const framePos = drawIslands(ctx);
  drawPlacedTiles(ctx);
  drawPostsAndChests(ctx);
  drawShips(ctx, framePos);
  const islandsBottom = drawTime(ctx);
  let py = drawPanelHead(ctx);
  drawActionCircle(ctx, py);
  drawTowerAndTray(ctx, py);
  drawPirates(ctx, py);
  py = drawDecision(ctx, py + 196);
  py = drawProgressDisplay(ctx, py);
  py = drawProductionDisplay(ctx, py);
  py = drawLandscapeSupply(ctx, py);
  py = drawSpecialTrack(ctx, py);
  py = drawScoreTrack(ctx, py);
  const { panelBottom, leftBottom } = drawPlayerSheets(ctx, py, islandsBottom);
  ctx.svg.setAttribute("viewBox", `0 0 ${WIDTH} ${Math.max(leftBottom, panelBottom) + 10}`);
  root.replaceChildren(ctx.svg);
}

export default {
  render({ model, el: host }) {
    const ui = { ship: 1, shape: null, way: null, lastDrop: null };     // the page's own picks
    const board = mountBoard(model, host, "am-board", (root, tip) => {
      const turn = (model.get("view") || {}).turn || {};
      if (turn.sub !== "move") ui.ship = 1;
      else if ((turn.stopped || [])[ui.ship - 1] && !(turn.stopped || [])[2 - ui.ship]) ui.ship = 3 - ui.ship;
      else {
        const moves = (model.get("choices") || []).filter((c) => c.legal && c.target && c.target.startsWith("move."));
        if (moves.length && !moves.some((c) => c.target.startsWith(`move.${ui.ship}.`))) ui.ship = Number(moves[0].target.split(".")[1]);
      }
      draw(model, root, tip, ui);
    });
    // A pick of the page's own redraws through the kit, so the keys find the new drawing's options and the
    // focus stays on the pick (armKeys).
    ui.redraw = board.redraw;
    return board.stop;
  },
};
