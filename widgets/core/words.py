"""The board in words (issue 33): what a drawing shows, as text a screen reader reads, in the page's language.

A learner who cannot see the board reads the position part by part, as a list under the drawing:

    Now            Round 2 of 6; Action phase; Player 2 to decide
    Scores         Player 1: 12 points · Player 2: 9 points
    <the game's own parts>   what each seat holds, what lies on each region or track (its renderer's `words`)
    Your options   the options of the pending decision, each named as its hover line names it

It is made only while a learner has it open (the board's `words_open`; a redraw costs 0.3-6 ms more then).
The first two and the last come from the match alone (the kernel's status, scores and options), so every game
has them; the parts between are the game's, built by its board renderer's `words(view, say)` from the very
view the board draws (`Renderer.words`). Each part is (heading, [lines]).
"""

from __future__ import annotations

import functools

from engines.core.explain_move import hint_key
from engines.core.texts import Text, render

from .citations import t

MOST_OPTIONS = 40          # a decision with more options lists these, then says how many more


def board_in_words(match, view: dict, renderer, lang: str, choices: list, seat: int | None) -> list[list]:
    """The parts of the board in words, [[heading, [line, ...]], ...], for `view` as the board draws it."""
    def say(key: str, **params) -> str:
        try:
            return _said(key, lang, tuple(sorted(params.items())))
        except TypeError:                  # a parameter that is no plain value
            return render(key, params, lang)

    parts = [[t("ui.words.now", lang), now(match, view, lang)],
             [t("ui.words.scores", lang), scores(match, lang)]]
    tell = getattr(renderer, "words", None)            # a renderer without words tells only the kernel's parts
    parts += [[heading, list(lines)] for heading, lines in (tell(view, say) if tell else []) if lines]
    if choices:
        parts.append([t("ui.words.options", lang, seat=t("core.seat", lang, n=seat + 1) if seat is not None else ""),
                      options(choices, lang)])
    return parts


@functools.lru_cache(maxsize=8192)
def _said(key: str, lang: str, params: tuple) -> str:
    """A text rendered once: a board in words says the same names hundreds of times (a board's ~800 phrases,
    ~400 of them different, would cost ~10 ms at every redraw). The texts do not change while pages run."""
    return render(key, dict(params), lang)


def now(match, view: dict, lang: str) -> list[str]:
    game = match.game
    line = []
    if view.get("round"):
        line.append(game.round_text(view["round"], view.get("rounds", "?")).render(lang))
    if match.is_over:
        winners = [t("core.seat", lang, n=w + 1) for w in match.winners()]
        return [t("ui.words.separator", lang).join(line + [t("ui.over", lang)]),
                t("ui.words.winners", lang, seats=_listed(winners, lang))]
    line.append(game.phase_text(match.phase).render(lang))
    if match.to_move is not None:
        line.append(t("ui.words.to-move", lang, seat=t("core.seat", lang, n=match.to_move + 1)))
    return [t("ui.words.separator", lang).join(line)]


def scores(match, lang: str) -> list[str]:
    key = hint_key(match.game, "unit") or "core.hint.unit"
    return [t("ui.words.score", lang, seat=t("core.seat", lang, n=seat + 1),
              points=Text(key, n=entry["total"]).render(lang))
            for seat, entry in sorted(match.scores().items())]


def options(choices: list, lang: str) -> list[str]:
    legal = [c["label"] for c in choices if c.get("legal")]
    shown = legal[:MOST_OPTIONS]
    if len(legal) > len(shown):
        shown.append(t("ui.words.more", lang, n=len(legal) - len(shown)))
    return shown


def _listed(names: list[str], lang: str) -> str:
    return t("ui.list-separator", lang).join(names)
