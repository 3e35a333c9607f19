"""Waiting for a visitor in a kernel Voila started before the visitor came (`widgets.serve --preheat`).

Voila runs a play notebook ahead of time in a spare kernel, up to the point where the page needs its
visitor's address (`?lang=`, `?seed=`...). There the kernel waits until a visitor takes it; Voila then
sends it the request (the same variables a normal page gets: QUERY_STRING, SCRIPT_NAME...) over its
`/voila/query/<kernel id>` websocket.

Voila's own `voila.utils.wait_for_request` does this too, but importing it loads Voila, Jupyter server
and nbconvert into the kernel: about 46 MB more in every learner's kernel. This waits with the
websocket client alone.
"""

from __future__ import annotations

import json
import os


def preheated() -> bool:
    return os.environ.get("VOILA_PREHEAT") == "True"


def wait_for_visitor(timeout: float | None = None) -> None:
    """Block until Voila hands this kernel to a visitor; then their request is in os.environ."""
    if not preheated():
        return
    from websockets.sync.client import connect

    env = os.environ
    base = env.get("VOILA_WS_BASE_URL") or env.get("VOILA_SERVER_URL", "/")
    host = env.get("VOILA_APP_IP", "127.0.0.1")
    host = f"[{host}]" if ":" in host else host                     # an IPv6 address
    url = (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{host}:"
           f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env['VOILA_KERNEL_ID']}")
    with connect(url, open_timeout=30, max_size=2**20) as websocket:
        request = json.loads(websocket.recv(timeout=timeout))
    for key, value in request.items():
        if isinstance(key, str) and isinstance(value, str):
            os.environ[key] = value
