// The game shell's panel: the pending decision and its choices, the rule of the last step, the latest
// steps (and, in classroom mode, the last step as large captions). It knows no rules: it shows what
// the `panel` dict holds, and a click on a choice sends {type: "choose", id} for Python to check.
//
// It also gives the page its keyboard shortcuts: → Next, ← Undo, space Auto-play. They act on the
// shell the learner last pointed at or clicked, or on the only shell of the page.

function node(tag, className, text) {
  const n = document.createElement(tag);
  if (className) n.className = className;
  if (text !== undefined && text !== null) n.textContent = text;
  return n;
}

// "build:market" -> "bgw-choice-build-market": a stable class for tests and styles, in any language.
const choiceClass = (id) => "bgw-choice-" + id.replace(/[^0-9A-Za-z]/g, "-");

// -- keyboard shortcuts: one listener per page, whatever the number of shells ----------------------
const KEYS = { ArrowRight: "button.bgw-next", ArrowLeft: "button.bgw-undo", " ": "button.bgw-autoplay" };

function installKeys() {
  const registry = (window.__bgwKeys = window.__bgwKeys || { active: null, installed: false });
  if (registry.installed) return registry;
  registry.installed = true;
  const remember = (event) => {
    const shell = event.target.closest && event.target.closest(".bgw-shell");
    if (shell) registry.active = shell;
  };
  document.addEventListener("pointerdown", remember, true);
  document.addEventListener("focusin", remember, true);
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const selector = KEYS[event.key];
    if (!selector) return;
    const target = event.target;
    // Keys typed into a field, or arrows on a slider or a dropdown, keep their usual meaning.
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable], [role=slider], .widget-slider"))
      return;
    let shell = registry.active && registry.active.isConnected ? registry.active : null;
    if (!shell) {
      const all = document.querySelectorAll(".bgw-shell");
      if (all.length === 1) shell = all[0];
    }
    if (!shell) return;
    const button = shell.querySelector(selector);
    if (!button || button.disabled) return;
    event.preventDefault();          // space would scroll the page, arrows too
    button.click();
  });
  return registry;
}

// Scroll the first highlighted element of this shell's board into view, and make it blink once.
function locate(host) {
  const shell = host.closest(".bgw-shell") || document;
  const first = shell.querySelector(".bgw-board .bgw-legal[data-action]");
  if (!first) return;
  const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  first.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "center", inline: "nearest" });
  shell.querySelectorAll(".bgw-board .bgw-legal[data-action]").forEach((g) => {
    g.classList.remove("bgw-located");
    void g.getBoundingClientRect();    // restart the animation
    g.classList.add("bgw-located");
  });
}

// While the pointer is on a choice in the list, its element on the board is marked too.
function point(host, id, on) {
  const shell = host.closest(".bgw-shell") || document;
  shell.querySelectorAll(`.bgw-board [data-action="${CSS.escape(id)}"]`).forEach((g) => g.classList.toggle("bgw-pointed", on));
}

// The panel sticks to the top of the screen only if no box between it and the page's scroller clips:
// mark the widget boxes and output areas around this shell (not every output of the notebook).
const CLIPPING = ".widget-box, .jp-OutputArea, .jp-OutputArea-child, .jp-OutputArea-output, .jp-Cell-outputWrapper";

function unclip(host, tries = 20) {
  if (!host.isConnected) {
    if (tries > 0) setTimeout(() => unclip(host, tries - 1), 100);
    return;
  }
  for (let e = host.parentElement; e && e.matches(CLIPPING); e = e.parentElement) e.classList.add("bgw-unclipped");
}

// The board fits the screen's height less the header and the bar (narrow screens, classroom mode): the
// shell learns their heights as they change.
function measure(host, tries = 20) {
  const shell = host.closest(".bgw-shell");
  const panel = host.closest(".bgw-panel");
  if (!shell || !panel) {
    if (tries > 0) setTimeout(() => measure(host, tries - 1), 100);
    return null;
  }
  const header = shell.querySelector(".bgw-header");
  const update = () => {
    shell.style.setProperty("--bgw-bar", `${Math.ceil(panel.getBoundingClientRect().height)}px`);
    if (header) shell.style.setProperty("--bgw-head", `${Math.ceil(header.getBoundingClientRect().height)}px`);
  };
  const observer = new ResizeObserver(update);
  observer.observe(panel);
  if (header) observer.observe(header);
  update();
  return observer;
}

// The browser's tab names the play page in the page's language (the project's Voila template names it from
// the address): when the language buttons change it, the tab follows, if it names this play page at all
// (a lesson's "Play on from here" leaves the lesson's title alone). `named`: the title of this page the tab
// was last seen to carry; only the current language's title is sent, so that a page holds no other language.
let named = null;
function retitle(p) {
  if (!p.title) return;
  if (named !== null && document.title === named && p.title !== named) {
    document.title = p.title;
    document.documentElement.lang = p.lang;
  }
  if (document.title === p.title) named = p.title;
}

function draw(model, host) {
  const p = model.get("panel") || {};
  const send = (id) => model.send({ type: "choose", id });
  const parts = [];

  const decision = p.decision || {};
  const box = node("div", `bgw-decision bgw-decision-${decision.kind || "none"}`);
  if (decision.seat !== null && decision.seat !== undefined) box.dataset.seat = decision.seat;
  box.append(node("div", "bgw-decision-text", decision.text || ""));
  if (p.message) {
    box.append(node("div", `bgw-message bgw-message-${p.message_kind || "refusal"}`, p.message));   // announced too
  }

  const choices = p.choices || [];
  // Choices with no element on the board (pass, done...) are buttons here: a refused one is disabled
  // and says why when pointed at.
  const loose = choices.filter((c) => !c.target);
  if (loose.length) {
    const row = node("div", "bgw-choices");
    for (const c of loose) {
      const b = node("button", `bgw-choice ${choiceClass(c.id)}${c.legal ? " bgw-choice-legal" : ""}`, c.label);
      b.type = "button";
      b.dataset.action = c.id;
      b.disabled = !c.legal;
      b.title = c.tip;
      b.addEventListener("click", () => send(c.id));
      row.append(b);
    }
    box.append(row);
  }
  // Choices on the board: how many, a button that shows them, and the list itself (folded when long).
  const onBoard = choices.filter((c) => c.target && c.legal);
  if (onBoard.length) {
    const where = node("div", "bgw-on-board");
    where.append(node("span", "bgw-on-board-text", p.located || ""));
    const show = node("button", "bgw-locate", p.locate || "⌖");
    show.type = "button";
    show.addEventListener("click", () => locate(host));
    where.append(show);
    box.append(where);
    const list = node("div", "bgw-target-choices");
    for (const c of onBoard) {
      const b = node("button", `bgw-target-choice ${choiceClass(c.id)}`, c.label);
      b.type = "button";
      b.dataset.action = c.id;
      b.addEventListener("click", () => send(c.id));
      b.addEventListener("mouseenter", () => point(host, c.id, true));
      b.addEventListener("mouseleave", () => point(host, c.id, false));
      list.append(b);
    }
    if (onBoard.length > 8) {
      const details = node("details", "bgw-target-list");
      details.append(node("summary", null, p.list || "…"), list);
      box.append(details);
    } else {
      box.append(list);
    }
  }
  parts.push(box);

  // The last step, as captions (large in classroom mode).
  const captions = node("div", "bgw-captions");
  for (const line of p.captions || []) captions.append(node("div", "bgw-caption", line));
  parts.push(captions);

  if (p.rule) {
    const r = p.rule;
    const rule = node("div", "bgw-rule");
    const head = node("div", "bgw-rule-head");
    head.append(node("b", null, r.heading));
    head.dataset.rule = r.id;               // the rule's id stays out of the page's words, tooltips included
    rule.append(head, node("div", "bgw-rule-text", r.text));
    if (r.note) rule.append(node("div", "bgw-rule-note", r.note));   // what the rule rests on: a ruling, a stand-in
    const cite = node("small", "bgw-rule-source", r.cite);
    cite.title = r.source;
    rule.append(cite);
    parts.push(rule);
  }

  if ((p.log || []).length) {
    const recent = node("div", "bgw-recent");
    recent.append(node("b", null, p.log_heading || ""));
    for (const e of p.log) {
      const line = node("div", `bgw-event${e.automatic ? " bgw-automatic" : ""}`, e.text);
      line.dataset.rule = e.rule;
      line.title = e.tip || "";
      if (e.cite) line.append(" ", node("small", "bgw-event-source", `[${e.cite}]`));
      recent.append(line);
    }
    parts.push(recent);
  }
  if (p.keys) parts.push(node("div", "bgw-keys", p.keys));

  const root = node("div", "bgw-panel-root");
  root.dataset.revision = p.revision ?? 0;
  root.append(...parts);
  const old = host.querySelector(":scope > .bgw-panel-root");
  if (old) old.replaceWith(root);
  else host.append(root);
  announce(host, p.message || (p.captions || []).join(" "));
  labelTimeline(host, p.timeline);
  retitle(p);
}

// The step slider's handle (ipywidgets draws it with noUiSlider) is a role="slider" with no name of its own:
// it takes the slider's label, so that a screen reader says what it moves (WCAG 4.1.2). The slider may be
// drawn after the panel, and the panel before the shell is on the page: once the shell is there, one observer
// of its children names every handle drawn in it, now or later, with the panel's latest label.
function labelTimeline(host, label) {
  if (!label) return;
  host.dataset.timelineLabel = label;
  const shell = host.closest(".bgw-shell");
  if (!shell) {
    if (host._bgwWaitForShell) return;
    host._bgwWaitForShell = new MutationObserver(() => {
      if (!host.closest(".bgw-shell")) return;
      host._bgwWaitForShell.disconnect();
      labelTimeline(host, host.dataset.timelineLabel);
    });
    host._bgwWaitForShell.observe(document.body, { childList: true, subtree: true });
    return;
  }
  const name = () => shell.querySelectorAll(".bgw-timeline .noUi-handle").forEach((h) => {
    if (h.getAttribute("aria-label") !== host.dataset.timelineLabel) h.setAttribute("aria-label", host.dataset.timelineLabel);
  });
  name();
  if (!shell._bgwTimelineNamer) {
    shell._bgwTimelineNamer = new MutationObserver(name);
    shell._bgwTimelineNamer.observe(shell, { childList: true, subtree: true });
  }
}

// Steps announced (issue 33): what the last step did (its log lines), or the answer to a press or a click (a
// refusal and its reason), is said by a screen reader through one polite live region that stays on the page
// from the first drawing on (a region made anew with each drawing is not reliably heard). Said once: a redraw
// that changes nothing says nothing again.
function announce(host, text) {
  let live = host.querySelector(":scope > .bgw-announce");
  if (!live) {
    live = node("div", "bgw-announce bgw-sr-only");
    live.setAttribute("aria-live", "polite");
    live.setAttribute("role", "status");
    host.prepend(live);
  }
  if (text && live.dataset.said !== text) {
    live.dataset.said = text;
    live.textContent = text;
  }
}

export default {
  render({ model, el }) {
    el.classList.add("bgw-panel-host");
    installKeys();
    let observer = null;
    requestAnimationFrame(() => { unclip(el); observer = measure(el); });
    const redraw = () => {
      try {
        draw(model, el);
      } catch (error) {      // a drawing bug is shown on the page, never a silent blank panel
        el.textContent = `panel error: ${error.message}`;
        console.error(error);
      }
    };
    model.on("change:panel", redraw);
    redraw();
    return () => { model.off("change:panel", redraw); if (observer) observer.disconnect(); };
  },
};
