"""Adapters to the tools of search and reinforcement learning (the optional extra `.[rl]`).

    from engines.adapters.openspiel import load_game      # a pyspiel.Game with chance nodes
    from engines.adapters.pettingzoo import env           # an AEC environment with action masks
"""
