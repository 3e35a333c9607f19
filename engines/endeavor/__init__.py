"""Endeavor: Age of Sail (2018) and Endeavor (2009), two editions of one engine."""

from ..core.registry import register
from .age_of_sail import AgeOfSail
from .endeavor_2009 import Endeavor2009

AGE_OF_SAIL = register(AgeOfSail())
ENDEAVOR_2009 = register(Endeavor2009())
