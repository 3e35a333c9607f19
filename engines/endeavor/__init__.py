"""Endeavor: Age of Sail (and, later, Endeavor 2009 as a second edition of the same engine)."""

from ..core.registry import register
from .age_of_sail import AgeOfSail

AGE_OF_SAIL = register(AgeOfSail())
