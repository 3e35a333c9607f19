"""The numbers and names a lesson text takes from the position (docs/lessons.md, "Values").

A step's text never writes a game value (gold, points, counts, speeds, which card) as a literal: it names a
placeholder, and the step's `values` table says how to read it off the position, with a short expression:

    values = { gold = "view.players[0].gold", half = "ceil(view.players[0].gold / 2)",
               ships = "len(view.players[0].ships)", chip = "find(view.regions, id='d3').chip" }

An expression sees the position as `view` (the whole table, as `m.view()` gives it), `scores`, `round`,
`phase`, `to_move`, `players` (how many), `legal` (the sorted legal ids) and `over`; a dict's keys read as
attributes (`view.players[0].gold`, or `view.market["bow"]` for a key that is no Python name). It may use
arithmetic, comparisons, `a if c else b`, one-level comprehensions and the functions of FUNCTIONS. Nothing
else is allowed (no imports, no names of its own, no private attributes), so a lesson file stays data: the
loader refuses anything else and names the step, the value and what was wrong.
"""

from __future__ import annotations

import ast
import math


class ValueProblem(ValueError):
    """An expression that cannot be read or evaluated (the loader turns it into a LessonError)."""


def _find(items, **fields):
    """The first element of a list whose fields have these values (`find(view.regions, id='far-east')`)."""
    for item in items:
        if isinstance(item, dict) and all(item.get(k) == v for k, v in fields.items()):
            return item
    raise ValueProblem(f"find: no element with {', '.join(f'{k} = {v!r}' for k, v in fields.items())}")


def _count(items, *values, **fields):
    """How many elements equal one of `values`, or have these fields (`count(view.players[0].yard, kind='hull')`)."""
    if values:
        return sum(item in values for item in items)
    return sum(isinstance(item, dict) and all(item.get(k) == v for k, v in fields.items()) for item in items)


FUNCTIONS = {
    "len": len, "sum": sum, "min": min, "max": max, "abs": abs, "sorted": sorted,
    "ceil": math.ceil, "floor": math.floor, "int": int, "str": str, "list": list, "set": set, "any": any,
    "all": all, "range": range, "find": _find, "count": _count,
    "keys": lambda d: list(d), "values": lambda d: list(d.values()),
}
ROOTS = ("view", "scores", "round", "phase", "to_move", "players", "legal", "over")

_ALLOWED = (
    ast.Expression, ast.Name, ast.Load, ast.Store, ast.Constant, ast.Attribute, ast.Subscript, ast.Slice,
    ast.Call, ast.keyword, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.List, ast.Tuple,
    ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.comprehension,
    ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.USub, ast.UAdd, ast.Not, ast.And, ast.Or,
    ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.In, ast.NotIn, ast.Is, ast.IsNot,
)


class Dot(dict):
    """A view table whose keys also read as attributes, so an expression says `view.players[0].gold`."""

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return wrap(self[name])
        except KeyError:
            raise ValueProblem(f"nothing at {name!r} (there: {', '.join(map(str, self)) or 'nothing'})") from None

    def __getitem__(self, key):
        try:
            return wrap(dict.__getitem__(self, key))
        except KeyError:
            raise ValueProblem(f"nothing at {key!r} (there: {', '.join(map(str, self)) or 'nothing'})") from None


class Seq(list):
    """A view list whose elements read as Dot and Seq too."""

    def __getitem__(self, index):
        try:
            got = list.__getitem__(self, index)
        except IndexError:
            raise ValueProblem(f"no element {index!r} in a list of {len(self)}") from None
        return Seq(got) if isinstance(index, slice) else wrap(got)

    def __iter__(self):
        return (wrap(v) for v in list.__iter__(self))


def wrap(value):
    if isinstance(value, dict) and not isinstance(value, Dot):
        return Dot(value)
    if isinstance(value, list) and not isinstance(value, Seq):
        return Seq(value)
    return value


def plain(value):
    """A value as the texts take it: Dot and Seq back to dict and list."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in dict.items(value)}
    if isinstance(value, list):
        return [plain(v) for v in list.__iter__(value)]
    return value


def compile_value(expression: str):
    """Check an expression against what a lesson may use; its code object."""
    if not isinstance(expression, str) or not expression.strip():
        raise ValueProblem(f"must be an expression in a string, got {expression!r}")
    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except SyntaxError as exc:
        raise ValueProblem(f"not an expression: {exc.msg}") from None
    bound = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    for node in ast.walk(tree):
        if not isinstance(node, _ALLOWED):
            raise ValueProblem(f"{type(node).__name__} is not allowed in a lesson value")
        if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            raise ValueProblem(f"no private attribute ({node.attr!r})")
        if isinstance(node, ast.Name) and node.id not in ROOTS and node.id not in FUNCTIONS and node.id not in bound:
            raise ValueProblem(f"unknown name {node.id!r}: use one of {', '.join(ROOTS)} and the functions "
                              f"{', '.join(sorted(FUNCTIONS))}")
        if isinstance(node, ast.Call) and not (isinstance(node.func, ast.Name) and node.func.id in FUNCTIONS):
            raise ValueProblem("only the lesson functions may be called "
                              f"({', '.join(sorted(FUNCTIONS))})")
    return compile(tree, "<lesson value>", "eval")


def position_names(match) -> dict:
    """What an expression sees of a match."""
    return {"view": wrap(match.view(None)), "scores": wrap({str(k): v for k, v in match.scores().items()}),
            "round": match.round, "phase": match.phase, "to_move": match.to_move, "players": match.players,
            "legal": sorted(a.id for a in match.legal_actions()), "over": match.is_over}


def evaluate(code, names: dict):
    try:
        # globals, so that a comprehension sees them too; compile_value allowed nothing else
        return plain(eval(code, {"__builtins__": {}, **FUNCTIONS, **names}))
    except ValueProblem:
        raise
    except Exception as exc:           # a wrong type, a division by zero...: said, never a crash
        raise ValueProblem(f"{type(exc).__name__}: {exc}") from None
