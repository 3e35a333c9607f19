// The board host's part of every renderer (widgets/core/board.py puts it before each game's board.js, in the
// same module): what does not depend on the game.

// Scroll the element a lesson step is about (the `focus` trait, a data-target) into view, inside the
// nearest scrolling box if the board has one, else the page; each focus once. A focus that ends in "!"
// ("place.3#7!": the lesson's "Show me") also rings the element, at every redraw.
function showFocus(model, root, seen) {
  const focus = model.get("focus");
  const pointing = Boolean(focus && focus.endsWith("!"));
  if (pointing) requestAnimationFrame(() => pointAt(root, focus.split("#")[0]));
  // a board that redraws into its old drawing keeps a ring from before: the move is made, the ring goes
  else if (seen.pointed) root.querySelectorAll(".bgw-pointer").forEach((ring) => ring.remove());
  seen.pointed = pointing;
  if (!focus || focus === seen.focus) return;
  seen.focus = focus;
  const element = focus.split("#")[0];          // "pile.1#9": the same element, asked again by step 9
  requestAnimationFrame(() => {
    let box = root.parentElement;
    while (box && !(box.scrollHeight > box.clientHeight && /(auto|scroll)/.test(getComputedStyle(box).overflowY))) {
      box = box.parentElement;
    }
    const inBox = box && box !== document.scrollingElement && box !== document.body;
    const target = element && root.querySelector(`[data-target="${CSS.escape(element)}"]`);
    if (!target) {
      if (!element && inBox) box.scrollTop = 0;
      return;
    }
    if (!inBox) { target.scrollIntoView({ block: "center" }); return; }
    const t = target.getBoundingClientRect(), b = box.getBoundingClientRect();
    box.scrollTop += (t.top - b.top) - (b.height - t.height) / 2;
  });
}

// A ring around the element of `target`, drawn over the board (it takes no clicks).
function pointAt(root, target) {
  const element = target && root.querySelector(`[data-target="${CSS.escape(target)}"]`);
  if (!element) return;
  root.querySelectorAll(".bgw-pointer").forEach((old) => old.remove());
  ring(element, "bgw-pointer");
}

// Every click on the board answers: an option answers itself (offerChoice: its move, or why not), and so do
// the board's own controls (a link, a button, a field, or anything drawn with a pointer or help cursor, such
// as a mat that a click unfolds). Any other click, on a drawn element that is no option now (it carries a
// data-target but no offered choice) or on the board's background, asks the page to say what the pending
// decision asks for: {type: "nothing", target} (the game shell and the lesson answer it in their language).
function answerElsewhere(model, root, event) {
  if (event.defaultPrevented || event.button !== 0) return;
  let target = "";
  for (let e = event.target; e && e !== root; e = e.parentElement) {
    if (e.nodeType !== 1) continue;
    if (e.matches(OPTION) || e.matches("a, button, input, select, textarea, summary, label")) return;
    const cursor = getComputedStyle(e).cursor;
    if (cursor === "pointer" || cursor === "help") return;
    if (!target && e.hasAttribute("data-target")) target = e.getAttribute("data-target");
  }
  model.send({ type: "nothing", target });
}

// The board by keyboard (issue 33). Tab reaches the board: its options are buttons named by their move, one of
// them in the page's Tab order at a time (a roving focus); the arrow keys move between them in reading order
// (rows top to bottom, each left to right), Home and End to the first and last, Enter or Space chooses (as a
// click does: its move, or why not), Escape leaves them for the board itself, from where Tab goes on. A board
// with no option now is itself one stop, so that it can still be reached and read. The focused option is
// ringed and its move shown on the hover line; the page's own keys (classroom mode) are not heard while the
// focus is on an option, since arrows and Space then act on the board.
// A board's own controls that make no move (a pick that narrows the options shown: Amerigo's ship, tile and
// way; a mat unfolded by a click) are reached the same way: `ownControl(group, name, label, act)` below.
const OPTION = "[data-action], [data-pick]";
const optionKey = (e) => e.getAttribute("data-action") || `pick:${e.getAttribute("data-pick")}`;

function keyboardOptions(root) {
  return [...root.querySelectorAll(OPTION)];
}

function readingOrder(options) {
  const boxes = new Map(options.map((e) => [e, e.getBoundingClientRect()]));
  const row = (e) => Math.round((boxes.get(e).top + boxes.get(e).bottom) / 2 / 12);   // 12 px rows
  return options.filter((e) => boxes.get(e).width > 0 || boxes.get(e).height > 0)
    .sort((a, b) => row(a) - row(b) || boxes.get(a).left - boxes.get(b).left);
}

// After each drawing: the options' roles and names, the one option in the Tab order (the one focused last
// if it is still offered, else the first legal one), and the focus back on the board if it was there.
function armKeys(root, seen, hadFocus) {
  const options = keyboardOptions(root);
  const keep = options.find((e) => optionKey(e) === seen.key);
  const first = keep || options.find((e) => e.classList.contains("bgw-legal")) || options[0];
  for (const e of options) e.setAttribute("tabindex", e === first ? "0" : "-1");
  root.setAttribute("tabindex", first ? "-1" : "0");
  if (hadFocus) (first && seen.key ? first : root).focus({ preventScroll: true });
}

function listenKeys(model, root, tip, seen) {
  // The ring and the hover line follow the keyboard's focus only (as :focus-visible does): a click also focuses
  // what it clicked, and after the redraw the focus moves to another option, which a ring would show as a choice
  // the learner never made.
  root.addEventListener("pointerdown", () => { seen.pointer = true; }, true);
  if (root.ownerDocument) root.ownerDocument.addEventListener("keydown", () => { seen.pointer = false; }, true);  // Tab too
  root.addEventListener("focusin", (event) => {
    const option = event.target.closest && event.target.closest(OPTION);
    root.querySelectorAll(".bgw-focus-ring").forEach((ring) => ring.remove());
    if (!option || !root.contains(option)) return;
    seen.key = optionKey(option);
    for (const e of keyboardOptions(root)) e.setAttribute("tabindex", e === option ? "0" : "-1");
    if (seen.pointer) return;
    tip.textContent = option.getAttribute("aria-label") || "";
    ring(option, "bgw-focus-ring");
  });
  root.addEventListener("focusout", () => root.querySelectorAll(".bgw-focus-ring").forEach((r) => r.remove()));
  root.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const option = event.target.closest && event.target.closest(OPTION);
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    let next = null;
    if (step || event.key === "Home" || event.key === "End") {
      const order = readingOrder(keyboardOptions(root));
      if (!order.length) return;
      const at = order.indexOf(option);
      if (event.key === "Home") next = order[0];
      else if (event.key === "End") next = order[order.length - 1];
      else next = at < 0 ? order[step > 0 ? 0 : order.length - 1] : order[(at + step + order.length) % order.length];
    } else if ((event.key === "Enter" || event.key === " ") && option) {
      option.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
    } else if (event.key === "Escape" && option) {
      root.focus();
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    if (next) next.focus();
  });
}

// A ring around `element` (an SVG one: in its drawing's coordinates; an HTML one: its outline does it).
function ring(element, className) {
  const svg = element.ownerSVGElement;
  if (!svg || !svg.getScreenCTM()) return;
  const box = element.getBoundingClientRect(), back = svg.getScreenCTM().inverse();
  const a = new DOMPoint(box.left, box.top).matrixTransform(back);
  const b = new DOMPoint(box.right, box.bottom).matrixTransform(back);
  el("rect", { x: a.x - 4, y: a.y - 4, width: b.x - a.x + 8, height: b.y - a.y + 8, rx: 6, class: className,
               fill: "none", "pointer-events": "none" }, svg);
}

// The anywidget side of every board: a tooltip line above the drawing, a redraw at each new revision,
// the lesson focus, timings the tests read, and a drawing error shown on the page, never a silent
// blank board. `paint(root, tip)` draws; `className` marks the game's board for its stylesheet.
// Returns the drawing root, its redraw and how to stop listening.
function mountBoard(model, host, className, paint) {
  host.classList.add("bgw-board", ...(className ? [className] : []));
  const tip = document.createElement("div");
  tip.className = "bgw-tip";
  const root = document.createElement("div");
  root.className = "bgw-root";
  const keys = document.createElement("p");
  keys.className = "bgw-keys bgw-sr-only";
  keys.id = `bgw-keys-${Math.random().toString(36).slice(2)}`;
  root.setAttribute("aria-describedby", keys.id);
  const words = document.createElement("details");
  words.className = "bgw-words";
  // made by Python only while open: opening it asks for it
  words.addEventListener("toggle", () => {
    if (model.get("words_open") === words.open) return;
    model.set("words_open", words.open);
    model.save_changes();
  });
  host.append(tip, keys, root, words);
  root.addEventListener("click", (event) => answerElsewhere(model, root, event));
  const seen = { focus: "", key: "", pointer: false };
  listenKeys(model, root, tip, seen);
  const redraw = () => {
    tip.textContent = "";
    try {
      const t0 = performance.now();
      const hadFocus = root.contains(document.activeElement);
      paint(root, tip);
      nameBoard(model, root, keys);
      tellBoard(model, words);
      armKeys(root, seen, hadFocus);
      showFocus(model, root, seen);
      const t1 = performance.now();
      root.dataset.drawMs = (t1 - t0).toFixed(1);    // how long a redraw takes
      root.dataset.drawStart = t0.toFixed(1);
      root.dataset.drawnAt = t1.toFixed(1);
      root.dataset.revision = model.get("revision");   // the panel names the same revision once it caught up
      // when the new board is on screen: after the next frame is painted
      requestAnimationFrame(() => setTimeout(() => { root.dataset.paintedAt = performance.now().toFixed(1); }, 0));
    } catch (error) {
      root.textContent = `board error: ${error.message}`;
      console.error(error);
    }
  };
  model.on("change:revision", redraw);
  redraw();
  return { root, redraw, stop: () => model.off("change:revision", redraw) };
}

// The board's accessible name, and how its keys work in a line only a screen reader reads (`keys`, beside the
// drawing). A drawing is a group of options, not a picture: its SVG is no role="img", which would hide the
// options inside it.
function nameBoard(model, root, keys) {
  const L = (k) => (model.get("labels") || {})[k] || "";
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", L("ui.board.name"));
  keys.textContent = L("ui.board.keys");
  root.querySelectorAll("svg[role='img']").forEach((svg) => svg.removeAttribute("role"));
}

// The board in words (widgets/core/words.py): the position part by part, under the drawing, folded so that a
// sighted learner is not in its way; a screen reader reaches it right after the board's options. Opened or
// closed, it stays so across redraws; Python makes its parts only while it is open (words_open).
function tellBoard(model, details) {
  const parts = model.get("words") || [];
  const summary = document.createElement("summary");
  summary.textContent = (model.get("labels") || {})["ui.words.title"] || "";
  const body = document.createElement("div");
  body.className = "bgw-words-body";
  for (const [heading, lines] of parts) {
    const title = document.createElement("p");
    title.className = "bgw-words-heading";
    title.textContent = heading;
    const list = document.createElement("ul");
    for (const line of lines) {
      const item = document.createElement("li");
      item.textContent = line;
      list.append(item);
    }
    body.append(title, list);
  }
  details.replaceChildren(summary, body);
}

const NS = "http://www.w3.org/2000/svg";

function el(tag, attrs = {}, parent = null, text = null) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

// Write text in lines no wider than `width` (estimated: CJK characters are square, Latin ones narrower),
// `gap` pixels between lines; returns the number of lines.
function textBlock(parent, x, y, text, width, size, attrs = {}, gap = 4) {
  const w = (ch) => (/[\u2e80-\uffff]/.test(ch) ? size : size * 0.56);
  const lines = [];
  let line = "", lineW = 0;
  for (const token of String(text ?? "").match(/[\u2e80-\uffff]|[^\s\u2e80-\uffff]+\s*|\s+/g) || []) {
    const tw = [...token].reduce((a, ch) => a + w(ch), 0);
    if (lineW + tw > width && line.trim()) { lines.push(line); line = token.trimStart(); lineW = [...line].reduce((a, ch) => a + w(ch), 0); }
    else { line += token; lineW += tw; }
  }
  if (line.trim()) lines.push(line);
  lines.forEach((l, i) => el("text", { x, y: y + i * (size + gap), "font-size": size, ...attrs }, parent, l.trimEnd()));
  return lines.length;
}

// A text's {name} placeholders filled from `params` (unknown ones left as they are).
const fill = (tpl, params) => (tpl || "").replace(/\{(\w+)\}/g, (m, k) => (k in params ? params[k] : m));

// "name: value" with the page language's colon (a Chinese page's is full-width): the board's labels carry
// the template ("ui.named-value", widgets/core/renderer.py).
const named = (L, name, value) => fill(L("ui.named-value"), { name, value });
// "name (note)" and "a / b" likewise, in the page language's brackets and slash (full-width in Chinese).
const aside = (L, name, note) => fill(L("ui.aside"), { name, note });
const either = (L, a, b) => fill(L("ui.either"), { a, b });
const listed = (L, items) => items.join(L("ui.list-separator"));

// Mark `group` as the board element of `target` (its data-target). With `choice` (the offered choice of that
// target), it is highlighted and clickable if legal, or dimmed and refused; either way its tooltip and the
// board's hover line (`tip`) name the move, and a refused one says why not. Returns whether it is a choice.
function offerChoice(model, tip, group, target, choice) {
  group.setAttribute("data-target", target);
  if (!choice) return false;
  group.classList.add(choice.legal ? "bgw-legal" : "bgw-refused");
  group.setAttribute("data-action", choice.id);
  const said = choice.tip;                       // "label" or "label: why not", in the page's punctuation
  el("title", {}, group, said);
  group.setAttribute("role", "button");          // reached by the keys (armKeys), named by its move
  group.setAttribute("aria-label", said);
  group.setAttribute("tabindex", "-1");          // a refused option stays a button too: choosing it says why not
  group.addEventListener("mouseenter", () => { tip.textContent = said; });
  group.addEventListener("mouseleave", () => { if (tip.textContent === said) tip.textContent = ""; });
  group.addEventListener("click", (event) => { event.stopPropagation(); model.send({ type: "choose", id: choice.id }); });
  return true;
}

// A control of the board's own that makes no move (a pick that narrows what is offered, a mat that unfolds):
// clicked, or chosen with Enter or Space from the keys like an option, it calls `act()`; named by `label`
// (its tooltip and its name for a screen reader); `name` tells it apart from the board's other picks, so that
// the focus stays on it when the board redraws after it.
function ownControl(group, name, label, act) {
  group.setAttribute("data-pick", name);
  group.setAttribute("role", "button");
  group.setAttribute("aria-label", label);
  group.setAttribute("tabindex", "-1");
  group.style.cursor = "pointer";
  el("title", {}, group, label);
  group.addEventListener("click", (event) => { event.preventDefault(); event.stopPropagation(); act(); });
  return group;
}

// The seats' colours, the score chart's (widgets/core/chart.py PALETTE). A game whose rulebook prints its
// own player colours (Amerigo) draws with those instead.
const SEAT_COLOURS = ["#c0392b", "#2e86c1", "#d4ac0d", "#7d3c98", "#229954"];

// Each seat's own shape (issue 33: seats are told apart without colour, WCAG 1.4.1): seat 0 a circle, 1 a
// square, 2 a triangle, 3 a diamond, 4 a pentagon, the same for a seat on every board and on its mat or the
// legend beside its name. A shape needs no text, so it stays readable on the smallest marker.
const SEAT_SHAPES = ["circle", "square", "triangle", "diamond", "pentagon"];

// Draw seat `seat`'s mark at (x, y): its shape, about as large as a disc of radius `r`, filled with `colour`
// (attrs: stroke, stroke-width, class, ... override the defaults). Returns the shape's element.
function seatMark(parent, seat, x, y, r, colour, attrs = {}) {
  const shape = SEAT_SHAPES[Number(seat) % SEAT_SHAPES.length] || "circle";
  const base = { fill: colour, stroke: "#222", "stroke-width": 1, "data-seat-shape": shape, ...attrs };
  const poly = (pts) => el("polygon", { points: pts.map(([px, py]) => `${(x + px).toFixed(2)},${(y + py).toFixed(2)}`).join(" "), ...base }, parent);
  const around = (n, R, turn) => Array.from({ length: n }, (_, i) => {
    const a = turn + (2 * Math.PI * i) / n;
    return [R * Math.cos(a), R * Math.sin(a)];
  });
  if (shape === "square") { const a = r * 0.88; return el("rect", { x: x - a, y: y - a, width: 2 * a, height: 2 * a, ...base }, parent); }
  if (shape === "triangle") return poly([[0, -r * 1.3], [r * 1.2, r * 0.85], [-r * 1.2, r * 0.85]]);
  if (shape === "diamond") return poly([[0, -r * 1.22], [r * 1.22, 0], [0, r * 1.22], [-r * 1.22, 0]]);
  if (shape === "pentagon") return poly(around(5, r * 1.12, -Math.PI / 2));
  return el("circle", { cx: x, cy: y, r, ...base }, parent);
}

// A seat's mark as a badge on a piece whose own shape means something else (a unit, a ship, a taken space):
// the seat's shape on a white ground, so that it reads on any colour under it. Returns its group.
function seatBadge(parent, seat, x, y, r, colour, attrs = {}) {
  const g = el("g", { class: "bgw-seat-badge", "data-seat": seat, "pointer-events": "none", ...attrs }, parent);
  el("circle", { cx: x, cy: y, r: r * 1.55, fill: "#fff", stroke: "#222", "stroke-width": 0.8 }, g);
  seatMark(g, seat, x, y, r, colour);
  return g;
}

// The offered choice of each board element (its target). Where two options share one element, the legal
// one, else the first listed: a refused option must never hide a legal one drawn at the same place.
function choicesByTarget(choices) {
  const byTarget = {};
  for (const c of choices) {
    if (!c.target) continue;
    const had = byTarget[c.target];
    if (!had || (c.legal && !had.legal)) byTarget[c.target] = c;
  }
  return byTarget;
}

// What every board draws with: its choices by target, `offer(group, target)` to make an element a choice,
// and `button(parent, x, y, w, h, text, target, opts)`: a framed, labelled button that is the choice of
// `target` (opts: cls, fill, stroke, ink, size, and icon(g, x, y, h) drawn before a left-aligned text).
function boardKit(model, tip, choices) {
  const byTarget = choicesByTarget(choices);
  const offer = (group, target) => offerChoice(model, tip, group, target, byTarget[target]);
  const button = (parent, x, y, w, h, text, target, opts = {}) => {
    const g = el("g", { class: opts.cls || "bgw-button" }, parent);
    el("rect", { x, y, width: w, height: h, rx: 5, fill: opts.fill || "#fdf6e3", stroke: opts.stroke || "#a67c52",
                 class: "bgw-frame" }, g);
    const size = opts.size || 12.5;
    if (opts.icon) opts.icon(g, x, y, h);
    el("text", { x: opts.icon ? x + 21 : x + w / 2, y: y + h / 2 + size * 0.36, "font-size": size,
                 "text-anchor": opts.icon ? "start" : "middle", fill: opts.ink || "#222" }, g, text);
    offer(g, target);
    return g;
  };
  return { byTarget, offer, button };
}

// The score track: its heading (baseline at `y`), then boxes from 0 to five past the best score (at least
// 40) across `width`, every fifth shaded and every tenth numbered, and each seat's marker (`colours[seat]`,
// class `markerClass`) on its score. Markers on one box are drawn a little apart so that none hides
// another. `boxHeight` fits the track to the room its board has, `size` its heading and numbers to the
// board's type (both legible at the board's scale). A marker's tooltip is "name: score" in the page's
// punctuation (`L`, the board's labels). Returns the baseline of the numbers.
function scoreTrack(parent, { x, y, width, boxHeight = 16, size = 12, heading, scores, colours, markerClass, seatName, L }) {
  const last = Math.max(40, ...scores.map((s) => s + 5));
  const cell = width / (last + 1);
  el("text", { x, y, "font-size": size, "font-weight": 700 }, parent, heading);
  const top = y + 6;
  for (let i = 0; i <= last; i++) {
    el("rect", { x: x + i * cell, y: top, width: Math.max(1, cell - 1), height: boxHeight, fill: i % 5 ? "#f4f6f6" : "#e5e8e8" }, parent);
    if (i % 10 === 0) el("text", { x: x + i * cell + 1, y: top + boxHeight + size, "font-size": size, fill: "#666" }, parent, `${i}`);
  }
  // each seat's marker in its shape (seatMark); markers on one box stand one above the other, far enough apart
  // that each shape can be seen whole
  const onBox = {};
  scores.forEach((score, seat) => (onBox[score] = onBox[score] || []).push(seat));
  scores.forEach((score, seat) => {
    const here = onBox[score], k = here.indexOf(seat);
    const g = el("g", { class: markerClass, "data-seat": seat }, parent);
    seatMark(g, seat, x + score * cell + cell / 2 + (here.length > 1 ? (k % 2 ? 2 : -2) : 0),
             top + boxHeight / 2 + (k - (here.length - 1) / 2) * 9, 5, colours[seat]);
    el("title", {}, g, named(L, seatName(seat), score));
  });
  return top + boxHeight + size;
}
