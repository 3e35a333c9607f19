"""The Endeavor board in words (issue 33, widgets/core/words.py), for both editions: what the board draws,
part by part: each seat's mat (harbor, supply, tracks, coastline, cards, tokens), each region of the map
(open or not, its governor, shipping track, open sea, cities and fleets, decks, presence), the connections
with a token or a holder, and the building tray.

The names are the board's: `EndeavorRenderer.labels` puts the 2009 edition's words ("e2009.*", "e09.ui.*")
under the plain keys the board draws with; `_Names` reads them the same way from `say`, so the words and
the drawing agree in either edition. The few phrases of the words alone are "words.*" (Age of Sail's) and
"e09.words.*" (the 2009 edition's, where its rulebook says it differently), in this renderer's texts.toml.
"""

from __future__ import annotations

from engines.core.texts import catalog_keys

ATTRIBUTES = ("industry", "culture", "wealth", "influence")
LEVELS = ("build", "growth", "salary", "card_limit")


class _Names:
    """The board's word for a plain key in the view's edition, in the page's language (as `labels`)."""

    def __init__(self, game, say):
        self.say, self.game = say, game
        self.keys = set(catalog_keys())

    def own(self, key: str) -> str:
        """The edition's own key for a plain one, where it has one."""
        game = self.game
        if game.names:
            for prefix in ("ui.", "words."):
                if key.startswith(prefix) and f"{game.prefix}.{key}" in self.keys:
                    return f"{game.prefix}.{key}"
            if game.names + key in self.keys:
                return game.names + key
        return key

    def __call__(self, key: str, **params) -> str:
        return self.say(self.own(key), **params)

    # the kit's phrases, in the language's marks
    def named(self, name, value) -> str:
        return self.say("ui.named-value", name=name, value=value)

    def aside(self, name, note) -> str:
        return self.say("ui.aside", name=name, note=note)

    def listed(self, names) -> str:
        return self.say("ui.list-separator").join(str(n) for n in names)

    def seat(self, seat) -> str:
        if seat == "silent":
            return self("seat.silent")
        return self.say("core.seat", n=int(seat) + 1)

    def times(self, name, n) -> str:
        return self("words.times", name=name, n=n)


def words(view: dict, say) -> list:
    """[(heading, [line, ...]), ...]: each seat's mat, each region, the connections, the building tray."""
    import engines
    game = engines.get_game(view.get("game") or "endeavor-aos")
    L = _Names(game, say)
    tokens = _attribute_tokens(game)
    parts = [_seat(L, view, seat, p, tokens) for seat, p in enumerate(view.get("players", []))]
    regions = view.get("map", {}).get("regions", [])
    spaces = view.get("map", {}).get("spaces", [])
    holders = _governor_holders(view)
    parts += [_region(L, view, r, [s for s in spaces if s["region"] == r["id"]], holders) for r in regions]
    parts.append(_connections(L, view))
    parts.append(_tray(L, view))
    if view.get("silent_fleet"):
        parts.append((L("seat.silent"), [L.named(L("ui.supply"), view["silent_fleet"]["supply"])]))
    return [(_capital(heading), [_capital(line) for line in lines]) for heading, lines in parts if lines]


def _capital(line: str) -> str:
    """A heading or line starts as a sentence does ("harbor: 10" as "Harbor: 10"); Chinese has no capitals."""
    return line[:1].upper() + line[1:]


def _attribute_tokens(game) -> dict:
    """The token kind of each attribute in the edition (2009: finance, politics)."""
    return {ATTRIBUTES[k.attribute]: k.id for k in game.tokens.values() if k.attribute is not None}


def _governor_holders(view) -> dict:
    """Which seat holds each region's governor (a governor's deck names its region)."""
    return {c["deck"]: seat for seat, p in enumerate(view.get("players", [])) for c in p.get("cards", [])
            if c.get("governor")}


def _seat(L, view, seat, p, tokens):
    lines = []
    if view.get("crown") == seat:
        lines.append(L("ui.crown"))
    if p.get("passed") and view.get("phase") == "action":
        lines.append(L("ui.passed"))
    turn = view.get("turn")
    if turn and turn.get("seat") == seat:
        joiner = L("ui.or-slash") if turn.get("combine") == "/" else f" {turn.get('combine')} "
        acts = joiner.join(L.aside(L(f"ui.action.{a}"), L("words.done")) if a in (turn.get("done") or [])
                           else L(f"ui.action.{a}") for a in turn.get("actions", []))
        # where the action comes from: the spent token, or the building the worker went to (the slot drawn framed)
        slot = next((b for b in p.get("buildings", []) if b["slot"] == turn.get("slot")), None)
        source = (L(f"token.{turn['token']}") if turn.get("token") else
                  L(f"building.{slot['id']}") if slot else L("ui.worker"))
        lines.append(L.named(L.aside(L("ui.taking"), source), acts))
    lines.append(L.named(L("ui.harbor"), p["harbor"]))
    lines.append(L.named(L("ui.supply"), p["supply"]))
    for a, level in zip(ATTRIBUTES, LEVELS):
        lines.append(L("words.track", attribute=L(f"attribute.{a}"), value=p["attributes"][a],
                       level=L(f"level.{level}"), n=p["levels"][level]))
    buildings = [L.aside(L(f"building.{b['id']}"), L("ui.worker")) if b.get("workers") else L(f"building.{b['id']}")
                 for b in sorted(p.get("buildings", []), key=lambda b: b["slot"])]
    lines.append(L.named(L("ui.coastline"), L.listed(buildings) or L("ui.none")))
    cards = [L.aside(L(f"card.{c['id']}"), L("ui.governor-slot")) if c["id"] == p.get("governor_slot")
             else L(f"card.{c['id']}") for c in p.get("cards", [])]
    lines.append(L.named(L("ui.cards"), L.listed(cards) or L("ui.none")))
    if not p.get("governor_slot") and any(c.get("governor") for c in p.get("cards", [])):
        lines.append(L("ui.governor-slot-empty"))
    if p.get("slavery_down"):
        lines.append(L.named(L("ui.slavery-down-label"), p["slavery_down"]))
    held = [L.times(L(f"token.{kind}"), n) for kind, n in p.get("action_tokens", {}).items() if n]
    if held:
        lines.append(L.named(L("ui.token.action-held") if L.own("ui.token.action-held") != "ui.token.action-held"
                             else L("ui.token.action"), L.listed(held)))
    kept = [L.times(L(f"token.{tokens.get(a, a)}"), n) for a, n in p.get("attribute_tokens", {}).items() if n]
    if kept:
        lines.append(L.named(L("ui.token.attribute"), L.listed(kept)))
    memorial = [L.times(L(f"attribute.{a}"), n) for a, n in p.get("memorial", {}).items() if n]
    if memorial:
        lines.append(L.named(L("ui.memorial"), L.listed(memorial)))
    return L.seat(seat), lines


def _card(L, c) -> str:
    """A face-up card as the board's tooltip names it: its name, value, icons and glory."""
    parts = [L(f"card.{c['id']}")]
    if not c.get("governor"):
        parts.append(L.named(L("ui.value"), c["value"]))
    parts += [L("words.icon", attribute=L(f"attribute.{a}"), n=n) for a, n in c.get("icons", {}).items() if n]
    if c.get("glory"):
        parts.append(L("words.glory", n=c["glory"]))
    if c.get("population"):
        parts.append(L("ui.population"))
    if c.get("abolition"):
        parts.append(L("ui.abolition"))
    return L.aside(parts[0], L.listed(parts[1:])) if len(parts) > 1 else parts[0]


def _region(L, view, r, spaces, holders):
    lines = []
    europe = not r.get("track_at")
    lines.append(L("ui.always-open" if europe and r["open"] else "ui.open" if r["open"] else "ui.closed"))
    if not europe:
        if r.get("governor"):
            lines.append(L(f"card.{r['governor']}"))
        elif r["id"] in holders:
            lines.append(L.named(L("ui.governor"), L.seat(holders[r["id"]])))
        else:
            lines.append(L.named(L("ui.governor"), L("ui.gone")))
    if r.get("track"):
        track = [L.seat(s["disc"]) if s["disc"] is not None else L(f"token.{s['token']}") if s.get("token")
                 else L("ui.empty") for s in r["track"]]
        lines.append(L.named(L("ui.track"), L.listed(track)))
    sea = [L.times(L.seat(s), n) for s, n in r.get("sea", {}).items() if n]
    if sea:
        lines.append(L.named(L("ui.sea"), L.listed(sea)))
    for s in spaces:
        kind = L("ui.fleet") if s["kind"] == "fleet" else L("ui.city")
        if s["kind"] != "fleet" and s.get("glory"):
            kind = L.listed([kind, L("words.glory", n=s["glory"])])
        what = L.seat(s["disc"]) if s["disc"] is not None else L(f"token.{s['token']}") if s.get("token") else L("ui.empty")
        lines.append(L.named(L.aside(L(f"space.{s['id']}"), kind), what))
    for d in r.get("decks", []):
        name = L(f"ui.deck.{d['id']}") if d["id"] in ("slavery", "europe") else L(f"region.{d['id']}")
        deck = L.aside(L("ui.deck"), name)
        if d["id"] == "slavery" and view["map"].get("abolished"):
            lines.append(L.named(deck, L("ui.abolished")))
        elif d.get("top"):
            lines.append(L.named(deck, L("words.deck", n=d["count"], card=_card(L, d["top"]))))
        else:
            lines.append(L.named(deck, L("ui.empty")))
    if r.get("discard_at") and view["map"].get("discard_pile", True):
        pile = [_card(L, c) for c in view["map"].get("discard", [])]
        lines.append(L.named(L("ui.discard-short"), L.listed(pile) or L("ui.empty")))
    presence = [L.times(L.seat(s), n) for s, n in r.get("presence", {}).items() if n]
    lines.append(L.named(L("ui.presence"), L.listed(presence) or L("ui.none")))
    return L(f"region.{r['id']}"), lines


def _connections(L, view):
    names = {s["id"]: L(f"space.{s['id']}") for s in view.get("map", {}).get("spaces", [])}
    lines = []
    for c in view.get("map", {}).get("connections", []):
        said = []
        if c.get("token"):
            said.append(L(f"token.{c['token']}"))
        if c.get("controller") is not None:
            said.append(L("words.held-by", seat=L.seat(c["controller"])))
        if said:
            lines.append(L.named(L("words.between", a=names.get(c["a"], c["a"]), b=names.get(c["b"], c["b"])),
                                 L.listed(said)))
    return L("words.connections"), lines


def _tray(L, view):
    lines = []
    tray = view.get("tray", [])
    for level in sorted({b["level"] for b in tray}):
        left = [L.times(L(f"building.{b['id']}"), b["left"]) for b in tray if b["level"] == level and b.get("left")]
        lines.append(L.named(L("words.level", level=L("ui.level"), n=level), L.listed(left) or L("ui.none")))
    face_down = view.get("level5_face_down")
    if isinstance(face_down, list) and face_down:
        lines.append(L.named(L("ui.face-down"), L.listed(L(f"building.{b}") for b in face_down)))
    elif face_down:
        lines.append(L.named(L("ui.face-down"), face_down))
    return L("ui.tray"), lines
