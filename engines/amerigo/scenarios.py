"""Prepared positions of Amerigo for lessons and classroom demos (filled in below)."""

SCENARIOS = {}
