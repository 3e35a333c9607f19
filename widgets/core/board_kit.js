// The board host's part of every renderer (widgets/core/board.py puts it before each game's board.js, in the
// same module): what does not depend on the game.

// Scroll the element a lesson step is about (the `focus` trait, a data-target) into view, inside the
// nearest scrolling box if the board has one, else the page; each focus once.
function showFocus(model, root, seen) {
  const focus = model.get("focus");
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
