"""Shipyard (2nd edition, Delicious Games 2023): ships, canals and four rondels, for 3 or 4 players."""

from ..core.registry import register
from .shipyard import Shipyard

SHIPYARD = register(Shipyard())
