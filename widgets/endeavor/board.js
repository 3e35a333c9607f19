// Endeavor board renderer: draws the engine's JSON view as SVG, for either edition (Age of Sail, 2009).
// It knows no rules: it draws what `view` holds and marks what `choices` name. What differs between the
// editions comes from the view and the labels (the 2009 map has no fleets and no discard pile, its words
// are its own), so the same parts draw both maps.
//
// Sections: the start-tile choice (only while it is offered), the map (regions, connections, shipping
// tracks, cities and fleets, open seas, decks), a row of region cells (open, governor, presence), the
// Europe discard pile, a legend, the building tray, and one mat per player. A narrow board stacks them; a
// wide one (a projector, classroom mode) puts the tray and the mats beside the map, so the whole board
// fits one screen. Below, draw() lists the sections; then comes one function per part, in the board's
// order, each drawing from one shared context (`B`: the view, the words `L`, the kit's `offer`), and last
// the small pieces they share (tokens, cards, tiles).
//
// Each section is kept from one drawing to the next unless what it shows has changed: a click redraws
// only the sections it touched. With options.mats = "compact" (the game shell's choice) only the seat to
// move, the seats in options.open and a mat a lesson focuses on are drawn in full, the others as one line
// each; a click on a line opens that mat (and a click on its name closes it again).

const SILENT_COLOUR = "#8c8c8c";
const ATTRIBUTES = ["industry", "culture", "wealth", "influence"];
const ATTRIBUTE_COLOURS = { industry: "#7f8c8d", culture: "#8e44ad", wealth: "#d4a017", influence: "#2471a3" };
const LEVELS = ["build", "growth", "salary", "card_limit"];
const ACTION_TOKEN_COLOUR = "#1f4e79";
const REGION_FILL = { europe: "#e6def0", africa: "#f3e3c3", "south-america": "#d6ecce", caribbean: "#cdebee",
                      "north-america": "#dae3f5", india: "#f5d6cc", "far-east": "#f1edc4" };
const CARD_FILL = { europe: "#d7cce8", slavery: "#8d7b6a", africa: "#e9cf98", "south-america": "#b5dca6",
                    caribbean: "#a6dbe1", "north-america": "#b9c9ec", india: "#efb7a6", "far-east": "#e6dd96" };
const LINK_COLOUR = "#7a4a1a";
const LINK_EDGE = "#6e5a48";    // the dark edge that keeps a white line (2009) visible on a light region
const WIDTH = 1000;
const MAP_H = 620;
const GAP = 10;                 // between the two columns of a wide board
// No text of the board is smaller than this: at 1366x768 the board is drawn at about 0.96 px a unit, so
// that is 11 px, the least a reader at a laptop reads without effort (tests/browser/legibility.py).
const MIN_TEXT = 11.5;
const WIDE_MIN_PX = 2400;       // a board drawn at least this wide on screen takes the wide arrangement (not on a
                                // 1920 px projector: there one column at full width draws the texts twice as large)
let instances = 0;      // each board on a page gets its own pattern ids

function titled(node, text) {
  el("title", {}, node, text);
  return node;
}

// Break a name into short lines: at spaces for English, every few characters for Chinese.

function wrap(text, width) {
  if (!/[\u2e80-\uffff]/.test(text)) return text.split(" ");     // Latin: at spaces only ("Market" stays whole)
  // CJK: lines of even length ("殖民地房屋" as 殖民地 / 房屋, never 殖民地房 / 屋)
  const chars = [...text], per = Math.ceil(chars.length / Math.ceil(chars.length / width));
  const lines = [];
  for (let i = 0; i < chars.length; i += per) lines.push(chars.slice(i, i + per).join(""));
  return lines;
}

function colourOf(owner) {
  if (owner === "silent") return SILENT_COLOUR;
  return SEAT_COLOURS[owner] ?? "#333";
}


// -- what every part draws from ------------------------------------------------------------------

// One drawing's context, shared by all parts: the model's traits, the words (`L`), the kit's `offer`,
// and what several parts read off the view (the map's regions and spaces, who holds each governor).
function drawingContext(model, state) {
  const view = model.get("view") || {};
  const labels = model.get("labels") || {};
  const choices = model.get("choices") || [];
  const L = (key) => labels[key] ?? key;
  // One element may be named by several choices (occupy or attack a city): the kit's rule, a legal one wins.
  const { offer } = boardKit(model, state.tip, choices);
  const map = view.map;
  // who holds each governor card (a governor's deck names its region)
  const governorHolder = {};
  (view.players || []).forEach((p, seat) => {
    for (const c of p.cards || []) if (c.governor) governorHolder[c.deck] = seat;
  });
  const spaces = {};
  for (const s of (map && map.spaces) || []) spaces[s.id] = s;
  return {
    model, state, view, labels, choices, L, offer, uid: state.uid, lang: model.get("lang"),
    seatName: (owner) => L(`seat.${owner}`),
    // What each kind of token is (the Python side supplies it from the edition's data file).
    tokenKinds: labels["data.tokens"] || {},
    tokenOf: labels["data.token-of-attribute"] || {},
    map, regions: (map && map.regions) || [], spaces, governorHolder,
    // what a map has: the 2009 map has no fleets and no glory connections
    hasFleets: !!map && (map.spaces || []).some((s) => s.kind === "fleet"),
    hasGloryLinks: !!map && (map.connections || []).some((c) => c.kind === "glory"),
    // the 2009 board's connections are white lines (its rulebook's 白线); Age of Sail's are brown
    whiteLines: !!labels["data.white-lines"],
    turn: view.turn,
  };
}

// A building's actions joined by its "+" or "/" (the slash in the page language's form: ／ in Chinese).
const combined = (L, names, combine) => names.join(combine === "/" ? L("ui.or-slash") : ` ${combine} `);

// What a building type is (actions, combine, icons): the Python side supplies it for every type,
// start tiles included, as "data.building.<id>" (the view's coastline names only the type).
function buildingData(B, id) {
  return B.labels[`data.building.${id}`] || { actions: [], combine: "", icons: {}, glory: 0 };
}

function tokenInfo(B, kind) {
  return B.tokenKinds[kind] || { attribute: ATTRIBUTE_COLOURS[kind] ? kind : null, actions: [] };
}

// The choices on elements whose target starts with one of `prefixes`: part of a section's key, so that a
// section is drawn again when what it offers changes.
function pick(B, ...prefixes) {
  return B.choices.filter((c) => c.target && prefixes.some((x) => c.target.startsWith(x)))
    .map((c) => [c.target, c.id, c.legal, c.label, c.why]);
}

// -- the board: its sections, top to bottom ------------------------------------------------------

function draw(model, state) {
  const B = drawingContext(model, state);
  const sections = [];      // {name, column, key, paint}: column 0 beside column 1 when wide
  const add = (name, column, key, paint) => sections.push({ name, column, key: JSON.stringify([B.lang, key]), paint });
  const starts = pick(B, "start.");
  if (starts.length) add("start", 1, starts, (S) => sectionStart(B, S));
  if (B.map) addMapSections(B, add);
  // the legend closes the map's column on a narrow board, the mats' column on a wide one (which is shorter)
  if (B.map && !state.wide) sections.push(legendSection(B));
  add("tray", 1, [B.view.tray, B.view.level5_face_down, pick(B, "tray.")], (S) => sectionTray(B, S));
  addMatSections(B, add);
  if (B.map && state.wide) sections.push(legendSection(B));
  const redrawn = placeSections(B, sections);
  // The legal choices with no element on the board (the shell shows them as buttons), listed so that a
  // test can tell when the buttons beside the board belong to this drawing.
  setIfChanged(state.svg, "data-loose", B.choices.filter((c) => !c.target && c.legal).map((c) => c.id).join(" "));
  state.svg.setAttribute("data-revision", model.get("revision"));
  state.redrawn = redrawn;
}

// The map in layers, each kept until what it shows changes (a disc on a city redraws the cities, not the
// whole map), then the row of region cells and the Europe discard pile.
function addMapSections(B, add) {
  const { map, regions, view } = B;
  const of = (...fields) => regions.map((r) => [r.id, ...fields.map((f) => r[f])]);
  add("map.regions", 0, [of("area", "open", "label")], mapLayer(B, "regions", layerRegions));
  add("map.connections", 0, [map.connections, (map.spaces || []).map((x) => [x.id, x.at])],
      mapLayer(B, "connections", layerConnections));
  add("map.tracks", 0, [of("track_at", "track", "deck_at"), pick(B, "track.")], mapLayer(B, "tracks", layerTracks));
  add("map.spaces", 0, [map.spaces, pick(B, "space.")], mapLayer(B, "spaces", layerSpaces));
  add("map.seas", 0, [of("sea_at", "sea", "open"), pick(B, "sea.")], mapLayer(B, "seas", layerSeas));
  add("map.decks", 0, [of("decks", "deck_at", "slavery_at", "discard_at"), map.discard, map.abolished, pick(B, "deck.")],
      mapLayer(B, "decks", layerDecks, MAP_H + 6));
  add("regions", 0, [of("open", "governor", "presence", "track_at"), B.governorHolder], (S) => sectionRegionInfo(B, S));
  add("discard", 0, [map.discard, map.discard_pile, view.silent_fleet, pick(B, "discard.")], (S) => sectionDiscard(B, S));
}

// Every layer is a g.bgw-map at the map's origin; only the last one gives the map its height.
function mapLayer(B, name, paint, height = 0) {
  return (S) => {
    paint(B, el("g", { class: "bgw-map", "data-layer": name }, S));
    return height;
  };
}

// One mat per player, in full or (options.mats = "compact") as one line unless it is kept open: the seat
// to move, the seats the shell keeps open (the humans'), a mat with choices or a lesson's focus, or one a
// click opened.
function addMatSections(B, add) {
  const { model, state, view, turn } = B;
  const focus = view.to_move ?? (view.step ? view.step.seat : null) ?? state.focus ?? 0;
  const keptOpen = (model.get("options") || {}).open || [];      // seats the shell keeps open (the humans')
  state.focus = focus;
  (view.players || []).forEach((p, seat) => {
    const offered = pick(B, `mat.${seat}.`);
    const kept = seat === focus || keptOpen.includes(seat) || offered.length > 0
               || (model.get("focus") || "").startsWith(`mat.${seat}.`);
    const full = !state.compact || kept || state.opened.has(seat);
    const toggle = state.compact && !kept ? () => {
      if (state.opened.has(seat)) state.opened.delete(seat); else state.opened.add(seat);
      state.redraw();
    } : null;
    const mine = turn && turn.seat === seat ? turn : null;
    const active = view.to_move === seat || (view.step && view.step.seat === seat && view.to_move === null);
    add(`mat.${seat}`, 1, [p, full, !!toggle, mine, view.mat, view.crown === seat, p.passed && view.phase === "action", active, offered],
        (S) => sectionMat(B, S, seat, full, toggle));
  });
}

function legendSection(B) {
  const { view } = B;
  return { name: "legend", column: 1,
           key: JSON.stringify([B.lang, (view.players || []).length, !!view.silent_fleet, B.hasFleets, B.hasGloryLinks]),
           paint: (S) => sectionLegend(B, S) };
}

// The board part a section draws, by the text key a lesson names it with ({@ui.tray}, "below" {@ui.map}): the
// browser test of a lesson's `layout` claims measures these boxes. Sections of no named part have none.
function partOf(name) {
  if (name.startsWith("mat.")) return `seat.${name.slice(4)}`;
  return { start: "ui.choose-start", "map.regions": "ui.map", discard: "ui.discard", tray: "ui.tray" }[name] ?? null;
}

// A section whose key is unchanged keeps its drawing; nothing is moved or re-set that has not changed,
// so the browser lays out and paints only what a step changed. Returns the names of the sections drawn again.
function placeSections(B, sections) {
  const { state } = B;
  const svg = state.svg;
  const kept = new Map();
  for (const g of svg.querySelectorAll(":scope > g.bgw-section")) kept.set(g.dataset.section, g);
  const wide = state.wide && !!B.map;
  const columnY = [8, 8];
  let previous = svg.querySelector(":scope > defs");
  const redrawn = [];
  for (const s of sections) {
    let g = kept.get(s.name);
    kept.delete(s.name);
    if (!g || g.dataset.key !== s.key) {
      const fresh = el("g", { class: "bgw-section", "data-section": s.name, "data-part": partOf(s.name) });
      fresh.dataset.key = s.key;
      fresh.dataset.height = s.paint(fresh);
      if (g) g.replaceWith(fresh);
      g = fresh;
      redrawn.push(s.name);
    }
    if (previous.nextSibling !== g) previous.after(g);      // the drawing order of the sections
    previous = g;
    const column = wide ? s.column : 0;
    const x = column ? WIDTH + GAP : 0;
    setIfChanged(g, "transform", `translate(${x} ${columnY[column]})`);
    columnY[column] += Number(g.dataset.height);
  }
  for (const g of kept.values()) g.remove();
  const width = wide ? 2 * WIDTH + GAP : WIDTH;
  const total = Math.max(...columnY);
  setIfChanged(svg, "viewBox", `0 0 ${width} ${total}`);
  // A board much taller than wide is read by scrolling; the shell fits any other to the screen's height.
  if (total > 1.3 * width) setIfChanged(svg, "data-tall", "1"); else svg.removeAttribute("data-tall");
  setIfChanged(svg, "data-wide", wide ? "1" : "0");
  return redrawn;
}

// -- start tile choice (only while it is offered) ---------------------------------------------------

function sectionStart(B, S) {
  const { L, offer } = B;
  const startChoices = B.choices.filter((c) => c.target && c.target.startsWith("start."));
  el("text", { x: 10, y: 16, "font-size": 16, "font-weight": 700 }, S, L("ui.choose-start"));
  startChoices.forEach((c, i) => {
    const id = c.target.slice("start.".length);
    const g = tile(B, S, 10 + i * 250, 26, 230, 58, { id, level: 0, ...buildingData(B, id) });
    offer(g, c.target);
  });
  return 96;
}

// -- the map: regions, connections, shipping tracks, cities and fleets, open seas, decks ----------------

function layerRegions(B, M) {
  const { L, regions } = B;
  titled(el("rect", { x: 0, y: 0, width: WIDTH, height: MAP_H, rx: 6, fill: "#9cc3dd" }, M), L("ui.map"));   // the map, by name
  // regions: open ones bright with a solid border, closed ones hatched with a dashed border
  for (const r of regions) {
    const [x, y0, w, h] = r.area;
    const g = el("g", { class: "bgw-region", "data-region": r.id, "data-open": r.open ? "1" : "0" }, M);
    el("rect", { x, y: y0, width: w, height: h, rx: 4, fill: REGION_FILL[r.id] || "#eee",
                 stroke: r.open ? "#34495e" : "#7b7d7d", "stroke-width": r.open ? 2 : 1.5,
                 "stroke-dasharray": r.open ? null : "6 4" }, g);
    if (!r.open) el("rect", { x, y: y0, width: w, height: h, rx: 4, fill: `url(#bgw-hatch-${B.uid})` }, g);
  }

  // region names (under the spaces); what each region's state is comes in the row under the map
  for (const r of regions) {
    const [lx, ly] = r.label;
    el("text", { x: lx, y: ly + 5, "font-size": 15, "font-weight": 700, "text-anchor": "middle", fill: "#1c2833",
                 class: "bgw-halo-text bgw-region-name", "data-region": r.id }, M, L(`region.${r.id}`));
  }
}

// connections (under the spaces): the controller's colour once someone holds both ends
function layerConnections(B, M) {
  const { L, map, spaces, seatName } = B;
  for (const c of map.connections || []) {
    const a = spaces[c.a], b = spaces[c.b];
    if (!a || !b) continue;
    const g = el("g", { class: "bgw-connection", "data-connection": c.id }, M);
    const ctl = c.controller;
    const held = ctl !== null && ctl !== undefined;
    link(B, g, a.at[0], a.at[1], b.at[0], b.at[1], held ? colourOf(ctl) : null);
    const mx = (a.at[0] + b.at[0]) / 2, my = (a.at[1] + b.at[1]) / 2;
    if (c.kind === "token") {
      el("circle", { cx: mx, cy: my, r: 7.5, fill: "#fffaf0", stroke: B.whiteLines ? LINK_EDGE : LINK_COLOUR, "stroke-width": 2 }, g);
      if (c.token) token(B, g, mx, my, c.token, 5);
    } else {
      // an empty square, as on the printed board: never gold, which a wealth token (a yellow square) would be
      el("rect", { x: mx - 6.5, y: my - 6.5, width: 13, height: 13, fill: "#fffaf0", stroke: LINK_COLOUR, "stroke-width": 2.5 }, g);
    }
    // a held line: its controller's shape beside the middle, along the line (its colour alone would not say whose)
    if (held) ownerBadge(g, ctl, mx + (b.at[0] - a.at[0]) * 0.2, my + (b.at[1] - a.at[1]) * 0.2);
    let tipText = named(L, `${L(`space.${c.a}`)} – ${L(`space.${c.b}`)}`, L(c.kind === "token" ? "ui.connection.token" : "ui.connection.glory"));
    if (ctl !== null && ctl !== undefined) tipText += ` · ${named(L, L("ui.controlled-by"), seatName(ctl))}`;
    titled(g, tipText);
  }
}

// A connection's line: brown (Age of Sail) or white with a dark edge (2009's white lines); a held one in its
// holder's colour.
function link(B, parent, x1, y1, x2, y2, colour = null) {
  if (colour) return el("line", { x1, y1, x2, y2, stroke: colour, "stroke-width": 6, "stroke-linecap": "round" }, parent);
  if (!B.whiteLines) return el("line", { x1, y1, x2, y2, stroke: LINK_COLOUR, "stroke-width": 3.5, "stroke-linecap": "round" }, parent);
  el("line", { x1, y1, x2, y2, stroke: LINK_EDGE, "stroke-width": 6, "stroke-linecap": "round" }, parent);
  return el("line", { x1, y1, x2, y2, stroke: "#fff", "stroke-width": 3.5, "stroke-linecap": "round" }, parent);
}

// shipping tracks: numbered from the farthest space (1) to the one nearest the deck
function layerTracks(B, M) {
  const { L, regions, seatName, offer } = B;
  for (const r of regions) {
    const pts = r.track_at || [];
    if (!pts.length) continue;
    const g = el("g", { class: "bgw-track", "data-region": r.id }, M);
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    el("rect", { x: Math.min(...xs) - 17, y: Math.min(...ys) - 17, width: Math.max(...xs) - Math.min(...xs) + 34,
                 height: Math.max(...ys) - Math.min(...ys) + 34, rx: 17, fill: "none", stroke: "none",
                 class: "bgw-frame bgw-halo" }, g);
    const last = pts[pts.length - 1];
    el("line", { x1: last[0], y1: last[1], x2: r.deck_at[0], y2: r.deck_at[1], stroke: "#1b2631", "stroke-width": 1.5,
                 "stroke-dasharray": "3 3" }, g);
    for (let i = 0; i + 1 < pts.length; i++)
      el("line", { x1: pts[i][0], y1: pts[i][1], x2: pts[i + 1][0], y2: pts[i + 1][1], stroke: "#1b2631", "stroke-width": 2 }, g);
    pts.forEach(([x, y0], i) => {
      const space = (r.track || [])[i] || {};
      const taken = space.disc !== null && space.disc !== undefined;
      const circle = el("circle", { cx: x, cy: y0, r: 12.5, fill: taken ? colourOf(space.disc) : "#fff",
                                    stroke: "#1b2631", "stroke-width": 2 }, g);
      el("text", { x, y: y0 + 4.5, "font-size": 12, "font-weight": 700, "text-anchor": "middle",
                   fill: taken ? "#fff" : "#1b2631" }, g, `${i + 1}`);
      titled(circle, `${L("ui.track")} ${L(`region.${r.id}`)} ${i + 1}/${pts.length}` + (taken ? ` · ${seatName(space.disc)}` : ""));
      if (space.token) token(B, g, x + 10, y0 - 10, space.token, 5);
      if (taken) ownerBadge(g, space.disc, x - 10, y0 + 10);         // whose disc, by its shape
    });
    titled(g, named(L, L("ui.track"), L(`region.${r.id}`)));
    offer(g, `track.${r.id}`);
  }
}

// cities (circles; two rings for 2 glory) and fleets (diamonds)
function layerSpaces(B, M) {
  const { L, map, seatName, offer } = B;
  for (const s of map.spaces || []) {
    const [x, y0] = s.at;
    const g = el("g", { class: `bgw-space bgw-${s.kind}`, "data-space": s.id }, M);
    const taken = s.disc !== null && s.disc !== undefined;
    const fill = taken ? colourOf(s.disc) : "#fff";
    if (s.kind === "fleet") {
      el("polygon", { points: `${x},${y0 - 16} ${x + 16},${y0} ${x},${y0 + 16} ${x - 16},${y0}`, fill,
                      stroke: "#0b3c5d", "stroke-width": 2, class: "bgw-frame" }, g);
    } else {
      if (s.glory >= 2) el("circle", { cx: x, cy: y0, r: 18, fill: "#fff", stroke: "#a04000", "stroke-width": 2 }, g);
      el("circle", { cx: x, cy: y0, r: 14, fill, stroke: "#111", "stroke-width": 2, class: "bgw-frame" }, g);
      if (s.glory >= 2) el("text", { x: x + 13, y: y0 - 11, "font-size": MIN_TEXT, "font-weight": 700, fill: "#a04000" }, g, `★${s.glory}`);
    }
    if (s.token) token(B, g, x, y0, s.token, 6);
    if (taken) ownerBadge(g, s.disc, x + (s.kind === "fleet" ? 12 : 11), y0 - (s.kind === "fleet" ? 12 : 11));   // whose disc
    const name = L(`space.${s.id}`);
    el("text", { x, y: y0 + (s.kind === "fleet" ? 27 : (s.glory >= 2 ? 29 : 25)), "font-size": MIN_TEXT, "text-anchor": "middle",
                 fill: "#111", class: "bgw-halo-text" }, g, name);
    titled(g, `${name} · ${L(s.kind === "fleet" ? "ui.fleet" : "ui.city")}` + (s.kind === "city" ? ` · ${L("ui.glory")} ${s.glory}` : "")
              + (taken ? ` · ${seatName(s.disc)}` : ""));
    offer(g, `space.${s.id}`);
  }
}

// open seas, with each owner's discs there
function layerSeas(B, M) {
  const { L, regions, offer } = B;
  for (const r of regions) {
    if (!r.sea_at) continue;
    const [x, y0] = r.sea_at;
    const g = el("g", { class: "bgw-sea", "data-region": r.id }, M);
    el("ellipse", { cx: x, cy: y0, rx: 27, ry: 14, fill: r.open ? "#4f95cc" : "#9bb7cc", stroke: "#123",
                    "stroke-width": 1.2, class: "bgw-frame" }, g);
    const word = L("ui.sea-short");
    el("text", { x, y: y0 + 3.5, "font-size": MIN_TEXT, "text-anchor": "middle", fill: "#fff", "font-weight": 600 }, g, word);
    const n = Object.keys(r.sea || {}).length;
    if (n) {
      const w = counts(B, el("g", {}, null), 0, 0, r.sea);   // measure, then draw centred under the sea
      counts(B, g, x - w / 2, y0 + 24, r.sea);
    }
    titled(g, named(L, L("ui.sea"), L(`region.${r.id}`)) + (r.open ? "" : aside(L, "", L("ui.closed"))));
    offer(g, `sea.${r.id}`);
  }
}

// decks: the top card face up, the count; Europe's discard pile beside them
function layerDecks(B, M) {
  const { L, map, regions, offer } = B;
  const deckName = (id) => (id === "slavery" || id === "europe" ? L(`ui.deck.${id}`) : L(`region.${id}`));
  for (const r of regions) {
    const places = [r.deck_at, r.slavery_at];
    (r.decks || []).forEach((d, i) => {
      const at = places[i];
      if (!at) return;
      const g = el("g", { class: "bgw-deck", "data-deck": d.id }, M);
      const [x, y0] = at, w = 34, h = 46;
      el("rect", { x: x - w / 2 + 3, y: y0 - h / 2 + 3, width: w, height: h, rx: 3, fill: "#5d4037", opacity: d.count > 1 ? 0.6 : 0 }, g);
      if (d.top) card(B, g, x - w / 2, y0 - h / 2, w, h, d.top, { frame: false });
      el("rect", { x: x - w / 2, y: y0 - h / 2, width: w, height: h, rx: 3, fill: "none", stroke: d.top ? "none" : "#5d4037",
                   "stroke-dasharray": d.top ? null : "3 3", class: "bgw-frame" }, g);
      if (d.id === "slavery" && map.abolished)
        el("line", { x1: x - w / 2, y1: y0 + h / 2, x2: x + w / 2, y2: y0 - h / 2, stroke: "#c0392b", "stroke-width": 3 }, g);
      // a deck at the map's edge keeps its whole label on the board (centred under the deck, or moved inwards)
      const label = `${deckName(d.id)} ×${d.count}`, half = textWidth(label, MIN_TEXT) * 0.55 + 3;
      el("text", { x: Math.min(Math.max(x, half), WIDTH - half), y: y0 + h / 2 + 9.5, "font-size": MIN_TEXT, "text-anchor": "middle",
                   fill: "#111", "font-weight": 600, class: "bgw-halo-text" }, g, label);
      titled(g, named(L, L("ui.deck"), `${deckName(d.id)} · ${d.count}`) + (d.top ? ` · ${cardTitle(B, d.top)}` : "")
                + (d.id === "slavery" && map.abolished ? ` · ${L("ui.abolished")}` : ""));
      offer(g, `deck.${d.id}`);
    });
    if (r.discard_at) {
      const [x, y0] = r.discard_at, w = 34, h = 46, pile = map.discard || [];
      const g = el("g", { class: "bgw-discard-pile" }, M);
      el("text", { x, y: y0 + h / 2 + 9.5, "font-size": MIN_TEXT, "text-anchor": "middle", "font-weight": 600, class: "bgw-halo-text" }, g,
         `${L("ui.discard-short")} ×${pile.length}`);
      if (pile.length) card(B, g, x - w / 2, y0 - h / 2, w, h, pile[pile.length - 1], { frame: false });
      else el("rect", { x: x - w / 2, y: y0 - h / 2, width: w, height: h, rx: 3, fill: "none", stroke: "#5d4037", "stroke-dasharray": "3 3" }, g);
      titled(g, named(L, L("ui.discard"), aside(L, `${pile.length}`, L("ui.see-below"))));
    }
  }
}

// -- under the map: one cell per region: open or not, its governor, and who is present (discs there) ----

function sectionRegionInfo(B, S) {
  const { L, regions, governorHolder, seatName } = B;
  const cellW = (WIDTH - 12) / regions.length;
  const rows = Math.max(1, ...regions.map((r) => Math.ceil(Object.keys(r.presence || {}).length / 3)));
  // Discs that count for nothing until their route opens (the view says where: the 2009 edition) are
  // marked so under the counts.
  const waiting = (r) => r.presence_waits && Object.keys(r.presence || {}).length;
  const cellH = 62 + rows * 17 + (regions.some(waiting) ? 14 : 0);
  regions.forEach((r, i) => {
    const x = 6 + i * cellW, g = el("g", { class: "bgw-region-info", "data-region": r.id, "data-open": r.open ? "1" : "0" }, S);
    el("rect", { x: x + 1, y: 0, width: cellW - 2, height: cellH, rx: 5, fill: REGION_FILL[r.id] || "#eee",
                 stroke: r.open ? "#34495e" : "#7b7d7d", "stroke-dasharray": r.open ? null : "5 3" }, g);
    fitted(g, { x: x + 7, y: 16, "font-size": 12.5, "font-weight": 700, fill: "#1c2833" }, L(`region.${r.id}`), cellW - 14);
    const europe = !(r.track_at || []).length;
    let yy = 22;
    pill(g, x + 7, yy, L(r.open ? (europe ? "ui.always-open" : "ui.open") : "ui.closed"), r.open ? "#1e8449" : "#7b7d7d");
    yy += 18;
    if (!europe) {
      let gov, fill = "#d5d8dc", ink = "#333";
      if (r.governor) { gov = L("ui.governor"); fill = "#f7dc6f"; ink = "#6e2c00"; }
      else if (governorHolder[r.id] !== undefined) gov = `${L("ui.governor")} → ${seatName(governorHolder[r.id])}`;
      else gov = named(L, L("ui.governor"), L("ui.gone"));
      const gg = el("g", { class: "bgw-governor", "data-available": r.governor ? "1" : "0" }, g);
      pill(gg, x + 7, yy, gov, fill, ink);
      titled(gg, r.governor ? named(L, L(`card.${r.governor}`), L("ui.governor-waiting")) : gov);
    }
    yy += 20;
    const owners = Object.entries(r.presence || {});
    el("text", { x: x + 7, y: yy + 9, "font-size": MIN_TEXT, fill: "#333" }, g, named(L, L("ui.presence"), "").trimEnd());
    if (!owners.length) el("text", { x: x + 9 + textWidth(named(L, L("ui.presence"), "").trimEnd(), MIN_TEXT), y: yy + 9, "font-size": MIN_TEXT, fill: "#777" }, g, "–");
    for (let k = 0; k < owners.length; k += 3)
      counts(B, g, x + 9 + textWidth(named(L, L("ui.presence"), "").trimEnd(), MIN_TEXT), yy + 5 + (k / 3) * 17, Object.fromEntries(owners.slice(k, k + 3)));
    if (waiting(r))
      fitted(g, { class: "bgw-presence-not-yet", x: x + 7, y: yy + 9 + rows * 17, "font-size": MIN_TEXT, fill: "#555",
                  "font-style": "italic" }, aside(L, "", L("ui.presence-not-yet")).trim(), cellW - 14);
    titled(g, named(L, L(`region.${r.id}`), L("ui.presence-help")));
  });
  return cellH + 8;
}

// -- the Europe discard pile, face up: any card may be acquired from it (Age of Sail only) ------------

function sectionDiscard(B, S) {
  const { L, map, view, seatName, offer } = B;
  const pile = map.discard || [];
  const cw = 40, ch = 54;
  if (map.discard_pile !== false) {
    el("text", { x: 10, y: 14, "font-size": 14, "font-weight": 700 }, S, aside(L, L("ui.discard"), `${pile.length}`));
    if (!pile.length) el("text", { x: 10, y: 34, "font-size": 12, fill: "#777" }, S, L("ui.empty"));
  }
  pile.forEach((c, i) => {
    const x = 10 + (i % 22) * (cw + 4), yy = 22 + Math.floor(i / 22) * (ch + 6);
    const g = card(B, S, x, yy, cw, ch, c, { named: true });
    offer(g, `discard.${c.id}`);
  });
  // the Silent Fleet's discs still in its supply
  if (view.silent_fleet) {
    const sx = WIDTH - 250;
    disc(B, S, sx + 8, 10, 7, "silent");
    el("text", { x: sx + 20, y: 14, "font-size": 13, "font-weight": 700 }, S,
       named(L, seatName("silent"), `${L("ui.supply")} ${view.silent_fleet.supply}`));
  }
  return pile.length ? 22 + Math.ceil(pile.length / 22) * (ch + 6) + 4 : (map.discard_pile !== false || view.silent_fleet ? 44 : 0);
}

// -- legend: what the pieces on this map are ----------------------------------------------------------

function sectionLegend(B, S) {
  const { L, view, seatName, tokenOf } = B;
  const lg = el("g", { class: "bgw-legend" }, S);
  const box = el("rect", { x: 6, y: 0, width: WIDTH - 12, height: 62, rx: 6, fill: "#f8f9f9", stroke: "#d5d8dc" }, lg);
  let lx = 16, ly = 18;
  // one item: its picture (paint returns its width), then its words; a new row when the line is full
  const item = (paint, text) => {
    const w = paint(lx, ly);
    el("text", { x: lx + w + 5, y: ly + 4, "font-size": MIN_TEXT, fill: "#222" }, lg, text);
    lx += w + 5 + textWidth(text, MIN_TEXT) + 16;
    if (lx > WIDTH - 120) { lx = 16; ly += 24; }
  };
  item((x, yy) => { el("circle", { cx: x + 8, cy: yy, r: 8, fill: "#fff", stroke: "#111", "stroke-width": 2 }, lg); return 16; }, L("ui.city"));
  item((x, yy) => { el("circle", { cx: x + 10, cy: yy, r: 10, fill: "#fff", stroke: "#a04000", "stroke-width": 2 }, lg);
                    el("circle", { cx: x + 10, cy: yy, r: 7, fill: "#fff", stroke: "#111", "stroke-width": 2 }, lg); return 20; }, L("ui.city2"));
  if (B.hasFleets) item((x, yy) => { el("polygon", { points: `${x + 9},${yy - 9} ${x + 18},${yy} ${x + 9},${yy + 9} ${x},${yy}`, fill: "#fff", stroke: "#0b3c5d", "stroke-width": 2 }, lg); return 18; }, L("ui.fleet"));
  item((x, yy) => { el("circle", { cx: x + 9, cy: yy, r: 9, fill: "#fff", stroke: "#1b2631", "stroke-width": 2 }, lg);
                    el("text", { x: x + 9, y: yy + 4, "font-size": MIN_TEXT, "font-weight": 700, "text-anchor": "middle" }, lg, "1"); return 18; }, L("ui.track-legend"));
  item((x, yy) => { link(B, lg, x, yy, x + 26, yy);
                    el("circle", { cx: x + 13, cy: yy, r: 6, fill: "#fffaf0", stroke: B.whiteLines ? LINK_EDGE : LINK_COLOUR, "stroke-width": 2 }, lg);
                    return 26; }, L("ui.connection.token"));
  if (B.hasGloryLinks)
    item((x, yy) => { el("line", { x1: x, y1: yy, x2: x + 26, y2: yy, stroke: LINK_COLOUR, "stroke-width": 3.5 }, lg);
                      el("rect", { x: x + 7, y: yy - 6, width: 12, height: 12, fill: "#fffaf0", stroke: LINK_COLOUR, "stroke-width": 2.5 }, lg); return 26; }, L("ui.connection.glory"));
  item((x, yy) => { el("line", { x1: x, y1: yy, x2: x + 26, y2: yy, stroke: SEAT_COLOURS[0], "stroke-width": 6, "stroke-linecap": "round" }, lg);
                    ownerBadge(lg, 0, x + 19, yy); return 26; }, L("ui.controlled"));
  item((x, yy) => { el("ellipse", { cx: x + 14, cy: yy, rx: 14, ry: 8, fill: "#4f95cc", stroke: "#123" }, lg); return 28; }, L("ui.sea"));
  item((x, yy) => { el("rect", { x, y: yy - 8, width: 14, height: 16, fill: "url(#bgw-hatch-" + B.uid + ")", stroke: "#7b7d7d", "stroke-dasharray": "3 2" }, lg); return 14; }, L("ui.closed-region"));
  // every attribute token by its colour and its track's name, so that the map's squares can be told apart
  // (a learner told "the blue square raises influence" finds blue named here, not only on the mats)
  item(() => -5, named(L, L("ui.token.attribute"), "").trimEnd());
  for (const a of ATTRIBUTES) item((x, yy) => { token(B, lg, x + 6, yy, tokenOf[a] || a, 6); return 12; }, L(`attribute.${a}`));
  // every kind of action token by the letter it is drawn with (the first of its action's name), so that a
  // learner can read "P", "A", "S", "O" on the map without pointing at each one
  const actionKinds = Object.keys(B.tokenKinds).filter((k) => (B.tokenKinds[k].actions || []).length);
  if (!actionKinds.length) item((x, yy) => { token(B, lg, x + 6, yy, "ship", 6); return 12; }, L("ui.token.action"));
  else item(() => -5, named(L, L("ui.token.action"), "").trimEnd());   // the kinds' heading ("…:"), then each kind
  for (const k of actionKinds) item((x, yy) => { token(B, lg, x + 7, yy, k, 6); return 14; }, L(`token.${k}`));
  const owners = (view.players || []).map((_, s) => s);
  if (view.silent_fleet) owners.push("silent");
  for (const o of owners) item((x, yy) => { disc(B, lg, x + 7, yy, 7, o); return 14; }, seatName(o));
  const height = (lx > 16 ? ly : ly - 24) + 20;      // as many rows as the items took
  box.setAttribute("height", height);
  return height + 8;
}

// -- building tray: one column per level ------------------------------------------------------------

function sectionTray(B, S) {
  const { L, view, offer } = B;
  let y = 0;
  el("text", { x: 10, y: y + 16, "font-size": 16, "font-weight": 700 }, S, L("ui.tray"));
  // the tray's one mark, named beside its heading where a tile shows it (a learner meets ⊘ before any text names it)
  let keyX = 10 + textWidth(L("ui.tray"), 16) + 18;
  if ((view.tray || []).some((b) => b.no_payment)) {
    el("text", { x: keyX, y: y + 16, "font-size": MIN_TEXT, fill: "#922b21",
                 class: "bgw-tray-key" }, S, `⊘ ${L("ui.no-payment")}`);
    keyX += textWidth(`⊘ ${L("ui.no-payment")}`, MIN_TEXT) + 18;
  }
  // and what the grey "≈" in a tile's corner means, in the mark's own colour (#666: 5.4:1 on a tile)
  if ((view.tray || []).some((b) => b.stand_in))
    el("text", { x: keyX, y: y + 16, "font-size": MIN_TEXT, fill: "#666", class: "bgw-tray-key" }, S,
       L("ui.stand-in-key"));
  y += 26;
  const colW = 194, tileH = 58;
  let deepest = 0;
  for (let level = 1; level <= 5; level++) {
    const x = 10 + (level - 1) * (colW + 4);
    el("text", { x, y: y + 12, "font-size": 12, fill: "#555" }, S, `${L("ui.level")} ${level}`);
    const column = (view.tray || []).filter((b) => b.level === level);
    column.forEach((b, i) => {
      const g = tile(B, S, x, y + 18 + i * (tileH + 6), colW, tileH, b, `×${b.left}`);
      if (!b.left) g.setAttribute("opacity", 0.35);
      offer(g, `tray.${b.id}`);
    });
    let rows = column.length;
    const faceDown = view.level5_face_down;
    if (level === 5 && faceDown !== undefined && (Array.isArray(faceDown) ? faceDown.length : faceDown)) {
      const hidden = Array.isArray(view.level5_face_down) ? listed(L, view.level5_face_down.map((b) => L(`building.${b}`)))
                                                            : `${view.level5_face_down}`;
      el("text", { x, y: y + 18 + rows * (tileH + 6) + 12, "font-size": MIN_TEXT, fill: "#555" }, S,
         named(L, L("ui.face-down"), hidden));
      rows += 0.5;
    }
    deepest = Math.max(deepest, rows);
  }
  return y + 18 + deepest * (tileH + 6) + 10;
}

// -- player mats: in full, or compact (one line) --------------------------------------------------------

function sectionMat(B, S, seat, full, toggle) {
  const { view } = B;
  const p = view.players[seat];
  const colour = SEAT_COLOURS[seat];
  // (the view keeps the flags after the action phase; they only mean something during it)
  const passed = p.passed && view.phase === "action";
  const matG = el("g", { class: "bgw-mat", "data-seat": seat, "data-passed": passed ? "1" : "0",
                         "data-full": full ? "1" : "0" }, S);
  const active = view.to_move === seat || (view.step && view.step.seat === seat && view.to_move === null);
  if (!full) return compactMat(B, matG, p, seat, colour, passed, active, toggle);
  const h = 266;
  el("rect", { x: 6, y: 0, width: WIDTH - 12, height: h, rx: 8, fill: passed ? "#f2f3f4" : "#fff", stroke: colour,
               "stroke-width": active ? 4 : 1.5 }, matG);
  matName(B, matG, seat, colour, toggle);
  matDiscs(B, matG, p, seat, colour, passed);
  matTracks(B, matG, p, seat, colour);
  matCoastline(B, matG, p, seat, colour);
  // bottom band: cards held, action tokens in the harbor, attribute tokens under the tracks
  const by = 180;
  el("line", { x1: 14, y1: by, x2: WIDTH - 14, y2: by, stroke: "#e5e7e9" }, matG);
  matCards(B, matG, p, seat, by);
  const tokensEnd = matActionTokens(B, matG, p, seat, by);
  matAttributeTokens(B, matG, p, Math.max(tokensEnd + 14, 760), by);
  return h + 8;
}

// The seat's name, the crown if it holds it, and (a mat a click opened) the way to fold it again.
function matName(B, matG, seat, colour, toggle) {
  const { L, view } = B;
  seatMark(matG, seat, 24, 20, 9, colour);                 // the seat's shape: its discs' shape on the map
  const name = el("text", { x: 40, y: 25, "font-size": 15, "font-weight": 700, class: "bgw-mat-name" }, matG, L(`seat.${seat}`));
  if (toggle) {       // a mat opened by a click closes by a click on its name
    name.style.cursor = "pointer";
    ownControl(el("text", { x: 40 + textWidth(L(`seat.${seat}`), 15) + 28, y: 24, "font-size": MIN_TEXT, fill: "#1a5276",
                      class: "bgw-mat-toggle" }, matG, `▴ ${L("ui.fold")}`),
         `fold.${seat}`, named(L, L(`seat.${seat}`), L("ui.fold")), toggle);
    name.addEventListener("click", toggle);
  }
  if (view.crown === seat)       // a target of its own, so that a lesson can bring the crown into view
    B.offer(titled(el("text", { x: 40 + textWidth(L(`seat.${seat}`), 15) + 6, y: 26, "font-size": 18, fill: "#b7950b" }, matG, "♛"),
                   L("ui.crown")), `mat.${seat}.crown`);
}

// discs: harbor and supply
function matDiscs(B, matG, p, seat, colour, passed) {
  const { L } = B;
  el("text", { x: 16, y: 50, "font-size": 12, "data-part": "ui.harbor" }, matG, named(L, L("ui.harbor"), p.harbor));
  for (let i = 0; i < Math.min(p.harbor, 20); i++)
    seatMark(matG, seat, 20 + (i % 10) * 12, 62 + Math.floor(i / 10) * 12, 4.5, colour, { stroke: "#333", "stroke-width": 0.5 });
  el("text", { x: 16, y: 100, "font-size": 12, fill: "#555", "data-part": "ui.supply" }, matG, named(L, L("ui.supply"), p.supply));
  if (passed) pill(matG, 16, 108, L("ui.passed"), "#566573", "#fff", 11);
}

// four tracks: a cube on the value, level boundaries as thick ticks, glory spaces starred and numbered under
// the track (a cube there scores that number at the end; 0 is the track's start, where no glory is scored),
// and above the track, between the thick ticks, what each level gives (build level, growth, salary, card
// limit), the cube's own level in bold, so that "what do I reach at N" is read off the track as drawn
const TRACK_PITCH = 40, TRACK_TOP = 26;
function matTracks(B, matG, p, seat, colour) {
  const { L, view, offer } = B;
  const track = view.mat || { thresholds: [], glory_spaces: [], printed_length: 15, gives: {} };
  ATTRIBUTES.forEach((a, i) => {
    const ty = TRACK_TOP + i * TRACK_PITCH, tx = 150, value = p.attributes[a];
    const last = Math.max(track.printed_length, value);
    const cell = Math.min(11, 176 / (last + 1));
    const g = el("g", { class: "bgw-attr-track", "data-attribute": a }, matG);
    el("rect", { x: tx - 4, y: ty - 15, width: 336, height: 43, rx: 4, fill: "none", stroke: "none", class: "bgw-frame bgw-halo" }, g);
    el("text", { x: tx, y: ty + 11, "font-size": MIN_TEXT }, g, L(`attribute.${a}`));
    for (let s = 0; s <= last; s++) {
      const cx = tx + 52 + s * cell;
      el("rect", { x: cx, y: ty, width: cell - 1, height: 14, fill: s > track.printed_length ? "#f9ebea" : "#eef0f0" }, g);
      if (s > 0 && track.glory_spaces.includes(s)) {
        el("text", { x: cx + cell / 2 - 0.5, y: ty + 10, "font-size": MIN_TEXT, "text-anchor": "middle", fill: "#b9770e" }, g, "★");
        titled(el("text", { x: cx + cell / 2 - 0.5, y: ty + 25, "font-size": MIN_TEXT, "text-anchor": "middle", fill: "#9a6400",
                            class: "bgw-glory-space" }, g, `${s}`), named(L, L("ui.glory-space"), s));
      } else if (s === 0)
        el("text", { x: cx + cell / 2 - 0.5, y: ty + 25, "font-size": MIN_TEXT, "text-anchor": "middle", fill: "#555" }, g, "0");
      if (s > 0 && track.thresholds.includes(s))      // through the band of level values too
        el("rect", { x: cx - 1, y: ty - 13, width: 1.5, height: 29, fill: "#555" }, g);
    }
    // the level values, as the view gives them (mat.gives: what each level gives, level 1 first)
    const gives = (track.gives || {})[LEVELS[i]] || [];
    const bounds = track.thresholds.map((t) => Math.max(t, 0)).concat([last + 1]);
    titled(el("text", { x: tx + 50, y: ty - 3, "font-size": MIN_TEXT, "text-anchor": "end", fill: "#555", class: "bgw-level-name" }, g,
              L(`level.${LEVELS[i]}`)), L(`level.${LEVELS[i]}`));
    for (let k = 0; k + 1 < bounds.length; k++) {
      const from = bounds[k], to = bounds[k + 1];       // spaces from..to-1 give level k + 1
      const mine = value >= from && value < to;
      const mid = tx + 52 + ((from + to) / 2) * cell - 0.5;
      titled(el("text", { x: mid, y: ty - 3, "font-size": MIN_TEXT, "text-anchor": "middle", "font-weight": mine ? 700 : 400,
                          fill: mine ? "#111" : "#555", class: "bgw-level-value" }, g, `${gives[k] ?? ""}`),
             `${L(`attribute.${a}`)} ${k + 2 === bounds.length ? `${from}+` : to - 1 === from ? from : `${from}–${to - 1}`} → ${L(`level.${LEVELS[i]}`)} ${gives[k] ?? ""}`);
    }
    titled(el("rect", { x: tx + 52 + value * cell + 1.5, y: ty - 1, width: cell - 4, height: 16, rx: 2,
                        fill: ATTRIBUTE_COLOURS[a], stroke: colour, "stroke-width": 2, class: "bgw-cube" }, g),
           `${L(`attribute.${a}`)} ${value}`);
    el("text", { x: tx + 52 + 16 * 11 + 4, y: ty + 11, "font-size": MIN_TEXT, "font-weight": 600 }, g,
       `${value} → ${L(`level.${LEVELS[i]}`)} ${p.levels[LEVELS[i]]}`);
    offer(g, `mat.${seat}.track.${a}`);
  });
}

// coastline: 8 building slots, and the action being taken (from which slot) while it is this seat's turn
function matCoastline(B, matG, p, seat, colour) {
  const { L, offer, turn } = B;
  const cx0 = 496, slotW = 58;
  el("text", { x: cx0, y: 14, "font-size": MIN_TEXT, fill: "#555", "data-part": "ui.coastline" }, matG, L("ui.coastline"));
  if (turn && turn.seat === seat) {
    const acts = combined(L, (turn.actions || []).map((a) => (turn.done || []).includes(a) ? `${L(`ui.action.${a}`)} ✓` : L(`ui.action.${a}`)),
      turn.combine);
    // where the action comes from: the spent marker, or the building the disc went to (as words.py says it),
    // not the bare word "disc", which beside the rulebook's "(flag)" read like a typo
    const slotB = (p.buildings || []).find((x) => x.slot === turn.slot);
    const from = turn.token ? L(`token.${turn.token}`) : slotB ? L(`building.${slotB.id}`) : L("ui.worker");
    el("text", { x: cx0 + 90, y: 14, "font-size": 12, "font-weight": 700, fill: "#1a5276", class: "bgw-turn" }, matG,
       `▶ ${named(L, L("ui.taking"), aside(L, acts, from))}`);
  }
  for (let slot = 0; slot < 8; slot++) {
    const b = p.buildings.find((x) => x.slot === slot);
    const g = el("g", { class: "bgw-slot", "data-actions": b ? (buildingData(B, b.id).actions || []).join(" ") : null }, matG);
    const sx = cx0 + slot * (slotW + 2);
    el("rect", { x: sx, y: 20, width: slotW, height: 100, rx: 5,
                 fill: b ? (b.level === 0 ? "#fdebd0" : "#fbf7ee") : "#f4f6f6", stroke: "#a67c52",
                 "stroke-dasharray": b ? null : "3 3", class: "bgw-frame" }, g);
    if (turn && turn.seat === seat && turn.slot === slot)
      el("rect", { x: sx + 2, y: 22, width: slotW - 4, height: 96, rx: 4, fill: "none", stroke: "#1a5276", "stroke-width": 2, "stroke-dasharray": "4 2" }, g);
    if (b) {
      const words = wrap(L(`building.${b.id}`), 4);
      words.forEach((w, k) => el("text", { x: sx + slotW / 2, y: 38 + k * 13, "font-size": MIN_TEXT, "text-anchor": "middle" }, g, w));
      const acts = buildingData(B, b.id).actions;
      if (acts && acts.length) {
        const combine = buildingData(B, b.id).combine;
        const short = acts.map((a, k) => (k ? (combine === "/" ? L("ui.or-slash") : `${combine} `) : "") + L(`ui.action.${a}`));
        short.forEach((w, k) => el("text", { x: sx + slotW / 2, y: 66 + k * 11, "font-size": MIN_TEXT, "text-anchor": "middle", fill: "#1a5276" }, g, w));
      }
      // its icons and glory (★) as on the tray's tile, four to a row under the actions: a lesson says "the Workshop
      // shows an industry icon" of the learner's own building, and part C counts the ★ on the coastline
      const info = buildingData(B, b.id);
      const marks = [];
      for (const a of ATTRIBUTES) for (let i = 0; i < (info.icons?.[a] || 0); i++) marks.push(a);
      for (let i = 0; i < (info.glory || 0); i++) marks.push("glory");
      if (marks.length) {
        const ig = el("g", { class: "bgw-slot-icons" }, g);
        const size = 11, per = 4, top = acts && acts.length ? 71 + (acts.length - 1) * 12 : 58;
        marks.forEach((m, k) => {
          const row = Math.floor(k / per), inRow = Math.min(per, marks.length - row * per);
          const ix = sx + (slotW - (inRow * (size + 2) - 2)) / 2 + (k % per) * (size + 2), iy = top + row * (size + 2);
          if (m === "glory")
            el("text", { x: ix + size / 2, y: iy + size - 1, "font-size": 12, "text-anchor": "middle", fill: "#b9770e" }, ig, "★");
          else titled(el("rect", { x: ix, y: iy, width: size, height: size, rx: 2, fill: ATTRIBUTE_COLOURS[m] }, ig), B.L(`attribute.${m}`));
        });
      }
      // ⊘ on an owned tile as on the tray's: a learner paying back from their own board looks for it here
      if (buildingData(B, b.id).no_payment)
        titled(el("text", { x: sx + slotW - 5, y: 112, "font-size": 12, "text-anchor": "end", fill: "#922b21" }, g, "⊘"),
               L("ui.no-payment"));
      // the dashed empty circle is a worker's spot: only a building with an action has one (a learner read it on
      // the Workshop and the Market, which carry icons only, as "this can be activated too")
      if (b.workers) titled(seatMark(g, seat, sx + slotW / 2, 104, 8, colour, { class: "bgw-worker" }), L("ui.worker"));
      else if (acts && acts.length) el("circle", { cx: sx + slotW / 2, cy: 104, r: 9, fill: "none", stroke: "#aaa", "stroke-dasharray": "2 2" }, g);
    }
    offer(g, `mat.${seat}.slot.${slot}`);
  }
}

// cards held (the governor slot's card does not count against the card limit), and slavery cards turned down
function matCards(B, matG, p, seat, by) {
  const { L, offer } = B;
  // how many cards lie in the card row, the Governor in its slot apart (it is drawn in its own box and does not
  // count against the card limit, which is read beside the politics (influence) track)
  const cardsLabel = named(L, L("ui.cards"), (p.cards || []).filter((c) => c.id !== p.governor_slot).length);
  el("text", { x: 16, y: by + 16, "font-size": MIN_TEXT, fill: "#555", "data-part": "ui.cards" }, matG, cardsLabel);
  const hx = 16 + textWidth(cardsLabel, MIN_TEXT) + 10;
  if (!p.governor_slot)
    titled(el("text", { x: hx, y: by + 16, "font-size": MIN_TEXT, fill: "#7e5109" }, matG,
              `☐ ${L("ui.governor-slot-empty")}`), L("ui.governor-slot"));
  else {      // the header says what the dashed gold frame around a card means (no room above the card)
    el("rect", { x: hx, y: by + 7, width: 14, height: 11, rx: 2, fill: "none", stroke: "#b7950b", "stroke-width": 2, "stroke-dasharray": "3 1.5" }, matG);
    // "free" is the rulebook's word for "not counted", not "empty": the header says so (English try-out v5 read
    // "free governor slot" beside "cards: 0" as an empty slot)
    el("text", { x: hx + 19, y: by + 16, "font-size": MIN_TEXT, fill: "#7e5109", "font-weight": 700, "data-part": "ui.governor-slot" }, matG,
       L("ui.governor-slot-held"));
  }
  // the last round's choice of the Governor slot: a Governor is kept there by a click on it (the other choice,
  // an empty slot, is a button beside the board), so the header says so while the choice is offered
  if (B.choices.some((c) => c.legal && c.id.startsWith("slot:") && (c.target || "").startsWith(`mat.${seat}.card.`))) {
    const sx = hx + 19 + textWidth(L(p.governor_slot ? "ui.governor-slot-held" : "ui.governor-slot-empty"), MIN_TEXT) + (p.governor_slot ? 10 : 24);
    el("text", { x: sx, y: by + 16, "font-size": MIN_TEXT, fill: "#7e5109", "font-style": "italic", class: "bgw-slot-choice" }, matG,
       `← ${L("ui.slot-choice")}`);
  }
  const cw = 54, ch = 56;
  // the Governor slot is its own dashed gold box at the start of the row, empty or holding its Governor, so the
  // board agrees with the header; the other cards follow it
  const slotCard = (p.cards || []).find((c) => c.id === p.governor_slot);
  const sg = el("g", { class: "bgw-governor-slot", "data-part": "ui.governor-slot" }, matG);
  titled(el("rect", { x: 13, y: by + 21, width: cw + 6, height: ch + 6, rx: 5, fill: "none", stroke: "#b7950b", "stroke-width": 2.5,
                      "stroke-dasharray": "5 2" }, sg), slotCard ? L("ui.governor-slot") : L("ui.governor-slot-empty"));
  if (slotCard) {
    const g = card(B, matG, 16, by + 24, cw, ch, slotCard, { named: true });
    offer(g, `mat.${seat}.card.${slotCard.id}`);
  } else {
    fitted(sg, { x: 16 + cw / 2, y: by + 50, "font-size": MIN_TEXT, "text-anchor": "middle", fill: "#b7950b" }, L("ui.slot-short"), cw - 6);
    el("text", { x: 16 + cw / 2, y: by + 66, "font-size": MIN_TEXT, "text-anchor": "middle", fill: "#b7950b" }, sg, "—");
  }
  let x = 16 + cw + 12;
  const row = (p.cards || []).filter((c) => c !== slotCard);
  for (const c of row) {
    const g = card(B, matG, x, by + 24, cw, ch, c, { named: true });
    offer(g, `mat.${seat}.card.${c.id}`);
    x += cw + 5;
  }
  // "none" only where nothing at all lies: the face-down slavery stack takes that place otherwise
  if (!row.length && !p.slavery_down) el("text", { x, y: by + 52, "font-size": MIN_TEXT, fill: "#999" }, matG, L("ui.none"));
  if (p.slavery_down) {
    const g = el("g", { class: "bgw-slavery-down" }, matG);
    el("rect", { x: x + 6, y: by + 24, width: cw, height: ch, rx: 3, fill: "#4d3b2f", stroke: "#222" }, g);
    el("text", { x: x + 6 + cw / 2, y: by + 56, "font-size": 13, "font-weight": 700, "text-anchor": "middle", fill: "#fff" }, g, `×${p.slavery_down}`);
    el("text", { x: x + 6 + cw / 2, y: by + 72, "font-size": MIN_TEXT, "text-anchor": "middle", fill: "#f5b7b1" }, g, `−${p.slavery_down}★`);
    titled(g, named(L, L("ui.slavery-down"), p.slavery_down));
    // what the dark stack is, beside it (squeezed if the row of cards leaves little room before the tokens)
    const lx = x + 6 + cw + 6, room = 510 - lx;
    if (room > 30) fitted(g, { x: lx, y: by + 56, "font-size": MIN_TEXT, fill: "#4d3b2f" }, L("ui.slavery-down-label"), room);
  }
}

// action tokens: each kind is clickable when spending it is offered. Returns where the row ends.
function matActionTokens(B, matG, p, seat, by) {
  const { L, offer } = B;
  const tx0 = 520;
  // the heading says where the markers are kept, where the edition has a word for it (2009: in the harbor)
  el("text", { x: tx0, y: by + 16, "font-size": MIN_TEXT, fill: "#555", "data-part": "ui.token.action" }, matG,
     B.labels["ui.token.action-held"] ?? L("ui.token.action"));
  let tx = tx0;
  const kinds = Object.keys(p.action_tokens || {});
  for (const kind of kinds) {
    const g = el("g", { class: "bgw-action-token", "data-token": kind }, matG);
    const label = (tokenInfo(B, kind).actions.length ? tokenInfo(B, kind).actions : [kind]).map((a) => L(`ui.action.${a}`)).join(L("ui.or-slash"));
    const w = Math.max(44, textWidth(label, MIN_TEXT) + 8);
    el("rect", { x: tx, y: by + 22, width: w, height: 50, rx: 6, fill: "#eaf2f8", stroke: "#aab7b8", class: "bgw-frame" }, g);
    token(B, g, tx + w / 2 - 8, by + 38, kind, 9);
    el("text", { x: tx + w / 2 + 6, y: by + 43, "font-size": 13, "font-weight": 700 }, g, `×${p.action_tokens[kind]}`);
    el("text", { x: tx + w / 2, y: by + 64, "font-size": MIN_TEXT, "text-anchor": "middle", fill: "#1a5276" }, g, label);
    offer(g, `mat.${seat}.token.${kind}`);
    tx += w + 6;
  }
  if (!kinds.length) el("text", { x: tx0, y: by + 44, "font-size": MIN_TEXT, fill: "#999" }, matG, L("ui.none"));
  return tx;
}

// attribute tokens (brown, stacked under each track) and what the Memorial turned into them
function matAttributeTokens(B, matG, p, ax0, by) {
  const { L, tokenOf } = B;
  el("text", { x: ax0, y: by + 16, "font-size": MIN_TEXT, fill: "#555", "data-part": "ui.token.attribute" }, matG, L("ui.token.attribute"));
  ATTRIBUTES.forEach((a, i) => {
    const n = (p.attribute_tokens || {})[a] || 0, mem = (p.memorial || {})[a] || 0;
    const ax = ax0 + (i % 2) * 110, ay = by + 30 + Math.floor(i / 2) * 24;
    const g = el("g", { class: "bgw-attr-tokens", opacity: n ? 1 : 0.45 }, matG);
    const kind = tokenOf[a] || a;
    token(B, g, ax + 7, ay + 4, kind, 7);
    el("text", { x: ax + 18, y: ay + 9, "font-size": 12, "font-weight": n ? 700 : 400 }, g, `×${n}`);
    if (mem) el("text", { x: ax + 42, y: ay + 9, "font-size": MIN_TEXT, fill: "#6c3483" }, g, aside(L, "", `${L("ui.memorial")} ${mem}`).trim());
    titled(g, named(L, L(`token.${kind}`), n) + (mem ? ` · ${L("ui.memorial")} ${mem}` : ""));
  });
}

// One line for a mat: name, tracks and levels, discs, buildings, cards and tokens. A click opens it.
function compactMat(B, matG, p, seat, colour, passed, active, toggle) {
  const { L, view } = B;
  const h = 40;
  matG.classList.add("bgw-mat-compact");
  const frame = el("rect", { x: 6, y: 0, width: WIDTH - 12, height: h, rx: 8, fill: passed ? "#f2f3f4" : "#fff", stroke: colour,
                             "stroke-width": active ? 4 : 1.5 }, matG);
  seatMark(matG, seat, 24, 20, 9, colour);
  el("text", { x: 40, y: 25, "font-size": 15, "font-weight": 700 }, matG, L(`seat.${seat}`));
  let x = 40 + textWidth(L(`seat.${seat}`), 15) + 8;
  if (view.crown === seat) { titled(el("text", { x, y: 26, "font-size": 17, fill: "#b7950b" }, matG, "♛"), L("ui.crown")); x += 20; }
  if (passed) x += pill(matG, x, 13, L("ui.passed"), "#566573", "#fff", 10) + 6;
  x = Math.max(x, 150);
  ATTRIBUTES.forEach((a, i) => {
    const value = p.attributes[a];
    el("rect", { x, y: 13, width: 14, height: 14, rx: 2, fill: ATTRIBUTE_COLOURS[a] }, matG);
    const label = `${value}`;
    el("text", { x: x + 18, y: 25, "font-size": 13, "font-weight": 700 }, matG, label);
    titled(el("rect", { x, y: 8, width: 40, height: 24, fill: "transparent" }, matG),
           `${L(`attribute.${a}`)} ${value} → ${L(`level.${LEVELS[i]}`)} ${p.levels[LEVELS[i]]}`);
    x += 44;
  });
  const facts = [
    `${L("ui.harbor")} ${p.harbor}`,
    `${L("ui.supply")} ${p.supply}`,
    `${L("ui.coastline")} ${(p.buildings || []).length}/8`,
    `${L("ui.cards")} ${(p.cards || []).length}`,
  ];
  const tokens = Object.values(p.action_tokens || {}).reduce((a, b) => a + b, 0)
               + Object.values(p.attribute_tokens || {}).reduce((a, b) => a + b, 0);
  if (tokens) facts.push(`${L("ui.tokens")} ${tokens}`);
  el("text", { x: x + 8, y: 25, "font-size": 12, fill: "#333" }, matG, facts.join(" · "));
  if (toggle) {
    ownControl(el("text", { x: WIDTH - 18, y: 25, "font-size": MIN_TEXT, "text-anchor": "end", fill: "#1a5276", class: "bgw-mat-toggle" }, matG,
            `▾ ${L("ui.unfold")}`), `unfold.${seat}`, named(L, L(`seat.${seat}`), L("ui.unfold")), toggle);
    matG.style.cursor = "pointer";
    titled(frame, L("ui.unfold"));
    matG.addEventListener("click", toggle);
  }
  return h + 6;
}

// -- small pieces the parts share: icons, discs, trade tokens, cards, tiles, words ------------------------

function icons(B, parent, x, y0, b, size = 11) {
  let dx = 0;
  for (const a of ATTRIBUTES) {
    for (let i = 0; i < (b.icons?.[a] || 0); i++) {
      titled(el("rect", { x: x + dx, y: y0, width: size, height: size, rx: 2, fill: ATTRIBUTE_COLOURS[a] }, parent),
             B.L(`attribute.${a}`));
      dx += size + 2;
    }
  }
  for (let i = 0; i < (b.glory || 0); i++) {
    el("text", { x: x + dx + 1, y: y0 + size - 1, "font-size": Math.max(MIN_TEXT, size + 1), fill: "#b9770e" }, parent, "★");
    dx += size + 2;
  }
  return dx;
}

// A seat's disc, drawn in the seat's shape (seatMark: circle, square, triangle, diamond, pentagon), so that whose it
// is shows without its colour; the silent fleet's, grey, a ring (a disc with a white hole), like no seat's.
function disc(B, parent, cx, cy, r, owner) {
  if (owner === "silent") {
    const g = titled(el("g", { class: "bgw-disc" }, parent), B.seatName(owner));
    el("circle", { cx, cy, r, fill: colourOf(owner), stroke: "#222", "stroke-width": 1 }, g);
    el("circle", { cx, cy, r: r * 0.4, fill: "#fff", stroke: "#222", "stroke-width": 0.6 }, g);
    return g;
  }
  return titled(seatMark(parent, owner, cx, cy, r, colourOf(owner), { class: "bgw-disc" }), B.seatName(owner));
}

// A taken space's owner: the space keeps the owner's colour, and the owner's disc (its shape) sits at its edge.
function ownerBadge(parent, owner, x, y) {
  if (owner === "silent") {
    const g = el("g", { class: "bgw-seat-badge", "pointer-events": "none" }, parent);
    el("circle", { cx: x, cy: y, r: 6.5, fill: "#fff", stroke: "#222", "stroke-width": 0.8 }, g);
    el("circle", { cx: x, cy: y, r: 4, fill: colourOf(owner), stroke: "#222", "stroke-width": 1 }, g);
    el("circle", { cx: x, cy: y, r: 1.6, fill: "#fff" }, g);
    return g;
  }
  return seatBadge(parent, owner, x, y, 4.2, colourOf(owner));
}

// A trade token: attribute tokens are squares in their attribute's colour, action tokens blue circles
// with the first letter of their action(s).
function token(B, parent, cx, cy, kind, r = 5.5) {
  const g = el("g", { class: "bgw-token", "data-token": kind }, parent);
  const info = tokenInfo(B, kind);
  if (info.attribute) {
    // a square in its attribute's colour in a brown frame (the rulebook's brown tokens) with a white arrow up
    // (it raises the attribute): a plain blue square would read as Player 2's mark (English try-out v5)
    el("rect", { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, rx: 1.5, fill: ATTRIBUTE_COLOURS[info.attribute],
                 stroke: "#5d4037", "stroke-width": Math.max(1.8, r * 0.28) }, g);
    const a = r * 0.6;
    el("path", { d: `M${cx},${cy + a} V${cy - a} M${cx - a * 0.85},${cy - a * 0.05} L${cx},${cy - a} L${cx + a * 0.85},${cy - a * 0.05}`,
                 fill: "none", stroke: "#fff", "stroke-width": Math.max(1.3, r * 0.26), "stroke-linecap": "round",
                 "stroke-linejoin": "round", class: "bgw-token-arrow" }, g);
  } else {
    // a disc large enough for its letter (drawn at the least legible size), so that it reads as a dark blue
    // disc with a white letter, not as a white letter with a blue rim
    const rr = Math.max(r, 7);
    el("circle", { cx, cy, r: rr + 0.5, fill: ACTION_TOKEN_COLOUR, stroke: "#fff", "stroke-width": 1 }, g);
    const glyph = B.L(`action.${tokenInfo(B, kind).actions[0] || "?"}`).slice(0, 1).toUpperCase();
    el("text", { x: cx, y: cy + rr * 0.55, "font-size": Math.max(MIN_TEXT, glyph.length > 1 ? rr * 1.05 : rr * 1.55), "font-weight": 700,
                 "text-anchor": "middle", fill: "#fff" }, g, glyph);
  }
  titled(g, B.L(`token.${kind}`));
  return g;
}

function cardTitle(B, c) {
  const { L } = B;
  const parts = [L(`card.${c.id}`)];
  if (!c.governor) parts.push(`${L("ui.value")} ${c.value}`);
  for (const a of ATTRIBUTES) if (c.icons?.[a]) parts.push(`${L(`attribute.${a}`)} +${c.icons[a]}`);
  if (c.glory) parts.push(`${L("ui.glory")} ${c.glory}`);
  if (c.population) parts.push(L("ui.population"));
  if (c.abolition) parts.push(L("ui.abolition"));
  if (c.slavery) parts.push(L("ui.slavery-card"));
  return parts.join(" · ");
}

// A card face, w x h at (x, y0): value, icons, glory; governors gold, slavery cards dark.
function card(B, parent, x, y0, w, h, c, { frame = true, named = false } = {}) {
  const { L } = B;
  const g = el("g", { class: "bgw-card", "data-card": c.id }, parent);
  const fill = c.governor ? "#f7dc6f" : (CARD_FILL[c.deck] || "#eee");
  el("rect", { x, y: y0, width: w, height: h, rx: 3, fill, stroke: c.governor ? "#9a7d0a" : "#5d4037",
               "stroke-width": 1.2, class: frame ? "bgw-frame" : null }, g);
  const ink = c.slavery ? "#fff" : "#222";
  if (c.governor) {
    fitted(g, { x: x + w / 2, y: y0 + 12, "font-size": MIN_TEXT, "font-weight": 700, "text-anchor": "middle", fill: "#6e2c00" },
           L("ui.governor-short"), w - 4);
  } else {
    el("text", { x: x + 4, y: y0 + 14, "font-size": 13, "font-weight": 700, fill: ink }, g, `${c.value}`);
  }
  if (c.population) el("text", { x: x + w - 3, y: y0 + 11, "font-size": MIN_TEXT, "font-weight": 700, "text-anchor": "end", fill: ink }, g, "+●");
  // icons, as many to a row as the card's width holds (three on a map's small card), each a square in its track's
  // colour with a dark edge, large enough to tell its colour at a glance: at 7 px, a grey icon on a slavery card's
  // white ground read as a white square (zh-Hant try-out of endeavor-2009, steps 19 and 37)
  // (a named governor keeps them small: its glory stands at the end of the row, see below)
  const size = w >= 50 && !(named && c.governor) ? 11 : 9, pitch = size + (size > 9 ? 1.5 : 1);
  const perRow = Math.max(3, Math.floor((w - 4) / pitch));
  let k = 0;
  for (const a of ATTRIBUTES) {
    for (let i = 0; i < (c.icons?.[a] || 0); i++, k++) {
      const ix = x + 2.5 + (k % perRow) * pitch, iy = y0 + 18 + Math.floor(k / perRow) * pitch;
      // on a dark slavery card each icon sits on a thin light ground, so its edge shows against the brown
      if (c.slavery) el("rect", { x: ix - 1, y: iy - 1, width: size + 2, height: size + 2, rx: 2, fill: "#f4efe9" }, g);
      el("rect", { x: ix, y: iy, width: size, height: size, rx: 1.5, fill: ATTRIBUTE_COLOURS[a], stroke: "#222", "stroke-width": 0.9 }, g);
    }
  }
  // a named card (on a mat) writes its stack's name under the icons, in one or two lines ("North" / "America"),
  // so its glory and the abolition mark go in the top corner; an unnamed one (on the map) keeps them at the foot
  const deck = c.deck === "slavery" ? L("ui.deck.slavery") : (c.deck === "europe" ? L("ui.deck.europe") : L(`region.${c.deck}`));
  const lines = named ? (/[\u2e80-\uffff]/.test(deck) || !deck.includes(" ") ? [deck] : deck.split(" ")) : [];
  // (a named governor: its title fills the top, so the glory goes at the end of its row of icons, clear of a
  // two-line name such as "North" / "America")
  const top = named && !c.governor, beside = named && c.governor;
  const low = top ? (c.population ? y0 + 27 : y0 + 14) : beside ? y0 + 27 : (named ? y0 + h - 4 - 11 * lines.length : y0 + h - 4);
  // (at the foot of a map's card whose icons take two rows, the glory goes to the right, clear of the second row)
  const right = top || beside || k > perRow;
  if (c.glory) el("text", { x: right ? x + w - 3 : x + 3, y: low, "font-size": MIN_TEXT, "text-anchor": right ? "end" : "start",
                            fill: c.slavery ? "#f9e79f" : "#9a6400", "font-weight": 700 }, g, `★${c.glory}`);
  // the card that abolishes slavery: a red pair of scales, drawn (the "⚖" character, at the least text size, fell
  // back to a font that drew it as a squiggle, read as "ぬ" in the zh-Hant try-out v9, step 42): in the free top
  // corner of a map's card, under the row of icons on a named one
  if (c.abolition) scalesMark(g, x + w - 2, named ? y0 + 18 + Math.ceil(k / perRow) * pitch + 1 : y0 + 3, named ? 11 : 12, L("ui.abolition"));
  lines.forEach((line, k) => fitted(g, { x: x + w / 2, y: y0 + h - 4 - 11 * (lines.length - 1 - k), "font-size": MIN_TEXT,
                                         "text-anchor": "middle", fill: ink, class: "bgw-card-name" }, line, w - 4));
  titled(g, cardTitle(B, c));
  return g;
}

// A red pair of scales `s` units high whose right edge is at `right`: a post on a foot, a beam, and a pan hanging
// from each end of it (the mark of the card that abolishes slavery).
function scalesMark(parent, right, top, s, title) {
  const cx = right - 0.7 * s, beam = top + 0.2 * s, pan = top + 0.6 * s, red = "#c0392b";
  const g = el("g", { class: "bgw-abolition-mark" }, parent);
  const line = { fill: "none", stroke: red, "stroke-width": Math.max(1.2, s * 0.1), "stroke-linecap": "round", "stroke-linejoin": "round" };
  let d = `M${cx},${top + 0.08 * s} V${top + 0.92 * s} M${cx - 0.28 * s},${top + 0.95 * s} H${cx + 0.28 * s} M${cx - 0.5 * s},${beam} H${cx + 0.5 * s}`;
  for (const px of [cx - 0.5 * s, cx + 0.5 * s]) d += ` M${px - 0.18 * s},${pan} L${px},${beam} L${px + 0.18 * s},${pan}`;
  el("path", { d, ...line }, g);
  for (const px of [cx - 0.5 * s, cx + 0.5 * s])
    el("path", { d: `M${px - 0.22 * s},${pan} A${0.22 * s},${0.22 * s} 0 0 0 ${px + 0.22 * s},${pan} Z`, fill: red }, g);
  titled(g, title);
  return g;
}

// A building tile (the tray's, a start tile): name, `extra` (how many are left), icons, actions.
function tile(B, parent, x, y0, w, h, b, extra) {
  const { L } = B;
  const g = el("g", { class: "bgw-tile", "data-actions": (b.actions || []).join(" ") }, parent);
  el("rect", { x, y: y0, width: w, height: h, rx: 6, fill: b.level === 0 ? "#fdebd0" : "#fbf7ee",
               stroke: "#a67c52", "stroke-width": 1.2, class: "bgw-frame" }, g);
  el("text", { x: x + 6, y: y0 + 15, "font-size": 13, "font-weight": 600 }, g, L(`building.${b.id}`));
  if (extra) el("text", { x: x + w - 6, y: y0 + 15, "font-size": MIN_TEXT, "text-anchor": "end", fill: "#555" }, g, extra);
  const iw = icons(B, g, x + 6, y0 + 22, b);
  // the Memorial: the tracks a casualty of its owner may raise, as the attribute tokens it becomes
  const mem = buildingData(B, b.id).memorial_tracks || [];
  if (mem.length) {
    const mg = el("g", { class: "bgw-memorial-tracks" }, g);
    const mx = x + 6 + iw + 8, label = L("ui.memorial-casualty");
    el("text", { x: mx, y: y0 + 32, "font-size": MIN_TEXT, fill: "#6c3483" }, mg, label);
    mem.forEach((a, k) => el("rect", { x: mx + textWidth(label, MIN_TEXT) + 4 + k * 14, y: y0 + 22, width: 11, height: 11, rx: 2,
                                       fill: ATTRIBUTE_COLOURS[a], stroke: "#333", "stroke-width": 0.6 }, mg));
    titled(mg, named(L, L("ui.memorial-casualty-title"), listed(L, mem.map((a) => L(`attribute.${a}`)))));
  }
  const acts = combined(L, (b.actions || []).map((a) => L(`ui.action.${a}`)), b.combine);
  if (acts) el("text", { x: x + 6, y: y0 + 48, "font-size": MIN_TEXT, fill: "#1a5276" }, g, acts);
  if (b.no_payment) titled(el("text", { x: x + w - 8, y: y0 + 34, "font-size": 12, "text-anchor": "end", fill: "#922b21" }, g, "⊘"),
                           L("ui.no-payment"));
  // a tile whose numbers are the stand-in's: a small grey "≈" (made up: roughly so) in its corner (not a word on
  // every tile, which a learner read as noise, zh-Hans try-out v7; not a gold "*", which two learners counted as a
  // glory ★, en try-outs v8), explained once by the key beside the tray's heading and by its tooltip
  if (b.stand_in) titled(el("text", { x: x + w - 6, y: y0 + h - 4, "font-size": 13, "text-anchor": "end",
                                      fill: "#666", class: "bgw-stand-in-mark" }, g, "≈"), L("ui.stand-in-key"));
  return g;
}

// Per-owner counts ({"0": 2, "silent": 1}) as small discs with numbers.
function counts(B, parent, x, cy, byOwner, r = 6) {
  let dx = 0;
  for (const [owner, n] of Object.entries(byOwner || {})) {
    const who = owner === "silent" ? "silent" : Number(owner);
    disc(B, parent, x + dx + r, cy, r, who);
    el("text", { x: x + dx + 2 * r + 2, y: cy + 4, "font-size": MIN_TEXT, "font-weight": 700, fill: "#222" }, parent, `${n}`);
    dx += 2 * r + 6 + textWidth(`${n}`, MIN_TEXT);
  }
  return dx;
}

function pill(parent, x, y0, text, fill, ink = "#fff", size = 10) {
  // sized for the text as drawn (never below the least legible size), so that no word spills out of its pill
  const fs = Math.max(MIN_TEXT, size);
  const w = textWidth(text, fs) + 10;
  el("rect", { x, y: y0, width: w, height: fs + 5, rx: (fs + 5) / 2, fill }, parent);
  el("text", { x: x + w / 2, y: y0 + fs + 0.5, "font-size": fs, "text-anchor": "middle", fill: ink, "font-weight": 600 }, parent, text);
  return w;
}

// Text that must fit a width: squeezed when it is too long.
function fitted(parent, attrs, text, width) {
  const natural = textWidth(text, attrs["font-size"]);
  return el("text", natural > width ? { ...attrs, textLength: width, lengthAdjust: "spacingAndGlyphs" } : attrs, parent, text);
}

// Rough text width (no layout pass: CJK characters are about one em, Latin about 0.56 em).
function textWidth(text, size) {
  let w = 0;
  for (const ch of String(text)) w += ch.charCodeAt(0) > 0x2e80 ? size : size * 0.56;
  return w;
}

function setIfChanged(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

function newSvg(uid) {
  const svg = el("svg", { viewBox: `0 0 ${WIDTH} 100`, role: "img" });
  const defs = el("defs", {}, svg);
  const hatch = el("pattern", { id: `bgw-hatch-${uid}`, width: 10, height: 10, patternUnits: "userSpaceOnUse",
                                patternTransform: "rotate(45)" }, defs);
  el("rect", { width: 10, height: 10, fill: "#c9c9c9", opacity: 0.35 }, hatch);
  el("line", { x1: 0, y1: 0, x2: 0, y2: 10, stroke: "#777", "stroke-width": 2.5, opacity: 0.35 }, hatch);
  return svg;
}


// A lesson names the board element its step is about (`focus`, a data-target): bring it into view once
// each time the focus changes, not on every redraw, so a learner's own scrolling is left alone. Only the
// board's own scrolling box moves (the lesson's text beside it stays where it is). "#9" alone: the top.
export default {
  render({ model, el: host }) {
    // What this drawing keeps between redraws: the svg and its sections, which mats a click opened,
    // the seat last in focus, whether the board is drawn wide, and the lesson focus last shown.
    const uid = `${++instances}`;
    const state = { uid, svg: newSvg(uid), opened: new Set(), focus: null, wide: false, compact: false };
    const board = mountBoard(model, host, null, (root, tip) => {
      if (!state.svg.parentNode) root.append(state.svg);
      state.tip = tip;
      state.compact = (model.get("options") || {}).mats === "compact";
      draw(model, state);
      root.dataset.redrawn = state.redrawn.join(" ");      // which sections this redraw drew again
    });
    state.redraw = board.redraw;
    // Wide or narrow follows the width the board has on screen (classroom mode, a projector, a resize).
    const resized = new ResizeObserver(() => {
      const wide = board.root.clientWidth >= WIDE_MIN_PX;
      if (wide !== state.wide) { state.wide = wide; board.redraw(); }
    });
    resized.observe(board.root);
    return () => { board.stop(); resized.disconnect(); };
  },
};
