"""Amerigo (Stefan Feld, Queen Games 2013): a cube tower sets each phase's actions, for 2 to 4 players."""

from ..core.registry import register
from .amerigo import Amerigo

AMERIGO = register(Amerigo())
