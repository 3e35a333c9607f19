"""Entdecker (Discoverer, Goldsieber 1996): tile exploration with chance, for 2 to 4 players."""

from ..core.registry import register
from .entdecker import Entdecker

ENTDECKER = register(Entdecker())
