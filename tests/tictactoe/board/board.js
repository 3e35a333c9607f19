// Tic-tac-toe board renderer (tests/tictactoe, the test-only game): the 3 x 3 grid and its marks.
// It knows no rules: it draws what `view` holds, and the board kit makes each square a choice when `choices`
// name it (a legal square is highlighted and clickable; a click sends {type: "choose", id}).

const CELL = 90, X0 = 20, Y0 = 44;

function heading(view, L) {
  const mark = (seat) => view.players[seat].mark;
  if (view.winner !== null && view.winner !== undefined) {
    return fill(L["ttt.ui.won"], { seat: L[`seat.${view.winner}`], mark: mark(view.winner) });
  }
  if (view.over) return L["ttt.ui.draw"];
  return fill(L["ttt.ui.turn"], { seat: L[`seat.${view.to_move}`], mark: mark(view.to_move) });
}

function draw(model, root, tip) {
  const view = model.get("view"), L = model.get("labels"), choices = model.get("choices");
  const kit = boardKit(model, tip, choices);
  const svg = el("svg", { viewBox: `0 0 ${2 * X0 + 3 * CELL} ${Y0 + 3 * CELL + X0}`, class: "ttt-svg" });
  el("text", { x: X0, y: 26, "font-size": 15, "font-weight": 700 }, svg, heading(view, L));
  const line = new Set(view.line);
  for (const square of view.squares) {
    const g = el("g", { class: line.has(square.id) ? "ttt-square ttt-line" : "ttt-square" }, svg);
    const x = X0 + square.col * CELL, y = Y0 + square.row * CELL;
    el("rect", { x, y, width: CELL, height: CELL, fill: "#fdf6e3", stroke: "#a67c52", class: "bgw-frame" }, g);
    el("text", { x: x + 6, y: y + 16, "font-size": 11, fill: "#999" }, g, square.id);
    if (square.mark) {
      el("text", { x: x + CELL / 2, y: y + CELL / 2 + 18, "font-size": 52, "text-anchor": "middle",
                   fill: SEAT_COLOURS[square.mark === "X" ? 0 : 1] }, g, square.mark);
    }
    kit.offer(g, square.id);
  }
  root.replaceChildren(svg);
}

export default {
  render({ model, el: host }) {
    return mountBoard(model, host, "ttt-board", (root, tip) => draw(model, root, tip)).stop;
  },
};
