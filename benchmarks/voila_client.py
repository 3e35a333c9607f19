"""A Voila page without a browser: what a learner's page says to the server, over the same routes.

It fetches the page (Voila starts a kernel and runs the notebook), connects to the kernel's websocket
with the protocol the browser uses (`v1.kernel.websocket.jupyter.org`), asks for every widget's state
the way ipywidgets' front end does (the `jupyter.widget.control` comm), then clicks buttons and board
choices with the same `comm_msg` a click sends, and waits for the board's redraw (its `revision`).
When it leaves, it sends the page's closing beacon (POST /voila/api/shutdown/<kernel>) or just drops.

It draws nothing, so it measures the server and the kernel, not a browser.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import uuid
from http.cookies import SimpleCookie
from urllib.parse import urlencode

from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

# Every learner has a connection of their own, as every browser has (Tornado's client queues beyond 10).
AsyncHTTPClient.configure(None, max_clients=1000)

PROTOCOL = "v1.kernel.websocket.jupyter.org"
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


class PageError(RuntimeError):
    """The page did not behave as a learner's page should (refused, timed out, showed an error)."""


class VoilaPage:
    def __init__(self, base_url: str):
        self.base_url = base_url.rstrip("/")
        self.kernel_id: str | None = None
        self.status: int | None = None
        self.body = ""
        self.cookies: dict[str, str] = {}
        self.session = uuid.uuid4().hex
        self.models: dict[str, dict] = {}          # comm id -> widget state
        self.names: dict[str, str] = {}            # comm id -> model name
        self.errors: list[str] = []                # error outputs and kernel errors seen
        self.replies: list[dict] = []              # shell replies (kernel_info, execute...) by msg type
        self._ws = None
        self._reader = None
        self._closed = False
        self._states = None
        self._done: set[str] = set()               # ids of our messages the kernel has finished with
        self._changed = asyncio.Event()

    # -- opening -----------------------------------------------------------------------------------
    async def open(self, path: str, timeout: float = 180) -> None:
        """GET the page (the notebook runs on the server), then connect and load every widget's state."""
        await self.fetch(path, timeout)
        if self.status != 200:
            raise PageError(f"page answered HTTP {self.status}")
        await self.connect()
        await self.load_states(timeout=60)

    async def fetch(self, path: str, timeout: float = 180) -> None:
        request = HTTPRequest(self.base_url + path, connect_timeout=30, request_timeout=timeout,
                              headers=self._cookie_header())
        try:
            reply = await AsyncHTTPClient().fetch(request, raise_error=False)
        except (HTTPClientError, OSError) as exc:      # a timeout, a refused or dropped connection
            raise PageError(f"page request failed: {exc}") from None
        self.status = reply.code
        self.body = reply.body.decode("utf-8", "replace") if reply.body else ""
        for header in reply.headers.get_list("Set-Cookie"):
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        match = KERNEL_ID.search(self.body)
        self.kernel_id = match[1] if match else None

    def _cookie_header(self) -> dict:
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())} if self.cookies else {}

    async def connect(self) -> None:
        url = self.base_url.replace("http", "ws", 1) + f"/api/kernels/{self.kernel_id}/channels?session_id={self.session}"
        self._ws = await websocket_connect(HTTPRequest(url, headers=self._cookie_header()),
                                           subprotocols=[PROTOCOL], max_message_size=64 * 2**20)
        self._reader = asyncio.ensure_future(self._read())

    async def load_states(self, timeout: float) -> None:
        control = uuid.uuid4().hex
        await self.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                        metadata={"version": "1.0.0"})
        self._states = None
        await self.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        await self._wait(lambda: self._states is not None, timeout, "widget states")

    # -- the wire ----------------------------------------------------------------------------------
    async def send(self, msg_type: str, content: dict, channel: str = "shell", metadata: dict | None = None) -> str:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "username": "learner", "session": self.session,
                  "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "version": "5.4"}
        message = {"header": header, "parent_header": {}, "metadata": metadata or {}, "content": content}
        await self._ws.write_message(serialize_msg_to_ws_v1(message, channel, pack=lambda o: json.dumps(o).encode()),
                                     binary=True)
        return msg_id

    async def _read(self):
        while True:
            raw = await self._ws.read_message()
            if raw is None:
                self._closed = True
                self._changed.set()
                return
            channel, parts = deserialize_msg_from_ws_v1(raw)
            header = json.loads(parts[0])
            msg_type = header["msg_type"]
            if msg_type == "status":
                if json.loads(parts[3]).get("execution_state") == "idle":
                    self._done.add(json.loads(parts[1]).get("msg_id"))
                    self._changed.set()
                continue
            if msg_type not in ("comm_open", "comm_msg", "comm_close", "error") and channel != "shell":
                continue                          # status, streams...: nothing a learner's page acts on
            content = json.loads(parts[3])
            if channel == "shell":
                self.replies.append({"msg_type": msg_type, "content": content})
            elif msg_type == "error":
                self.errors.append(f"{content.get('ename')}: {content.get('evalue')}")
            elif msg_type == "comm_open" and content.get("target_name") == "jupyter.widget":
                state = content["data"].get("state", {})
                self.models[content["comm_id"]] = state
                self.names[content["comm_id"]] = state.get("_model_name", "")
            elif msg_type == "comm_msg":
                self._on_comm_msg(content["comm_id"], content["data"])
            elif msg_type == "comm_close":
                self.models.pop(content["comm_id"], None)
            self._changed.set()

    def _on_comm_msg(self, comm_id: str, data: dict):
        method = data.get("method")
        if method == "update_states":
            for model_id, entry in data["states"].items():
                self.models[model_id] = entry["state"]
                self.names[model_id] = entry["model_name"]
            self._states = data["states"]
        elif method in ("update", "echo_update") and comm_id in self.models:
            self.models[comm_id].update(data.get("state", {}))
            if self.names.get(comm_id) == "OutputModel":
                for output in data.get("state", {}).get("outputs", []):
                    if output.get("output_type") == "error":
                        self.errors.append(f"{output.get('ename')}: {output.get('evalue')}")

    async def _wait(self, done, timeout: float, what: str):
        deadline = time.monotonic() + timeout
        while not done():
            if self._closed:
                raise PageError(f"the kernel's websocket closed while waiting for {what}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise PageError(f"no {what} within {timeout:.0f} s")
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except asyncio.TimeoutError:
                pass

    # -- what a learner sees and clicks ------------------------------------------------------------
    def find(self, css_class: str) -> str | None:
        """The comm id of the widget carrying this CSS class (bgw-next, bgw-choice-pass...)."""
        for comm_id, state in self.models.items():
            if css_class in state.get("_dom_classes", ()):
                return comm_id
        return None

    @property
    def board_id(self) -> str:
        for comm_id, state in self.models.items():
            if "revision" in state and "choices" in state:
                return comm_id
        raise PageError("no board on the page")

    @property
    def board(self) -> dict:
        return self.models[self.board_id]

    async def click(self, comm_id: str, timeout: float = 30) -> float:
        """Click a button; seconds until the board has redrawn."""
        return await self._then_redraw({"comm_id": comm_id, "data": {"method": "custom", "content": {"event": "click"}}},
                                       timeout)

    async def choose(self, action_id: str, timeout: float = 30) -> float:
        """Click a highlighted option on the board; seconds until the board has redrawn."""
        return await self._then_redraw({"comm_id": self.board_id, "data": {"method": "custom", "content": {
            "type": "choose", "id": action_id}}}, timeout)

    async def _then_redraw(self, content: dict, timeout: float) -> float:
        before = self.board["revision"]
        errors = len(self.errors)
        started = time.perf_counter()
        msg_id = await self.send("comm_msg", content)
        await self._wait(lambda: self.board["revision"] > before or len(self.errors) > errors, timeout, "redraw")
        seconds = time.perf_counter() - started
        # Before the next click, let every other widget hear of this one (the Next button's
        # `disabled`, the choice buttons...), as a learner looking at the page would.
        await self._wait(lambda: msg_id in self._done, timeout, "the kernel to finish the click")
        self._done.discard(msg_id)
        if len(self.errors) > errors:
            raise PageError(f"the page showed an error: {self.errors[-1]}")
        return seconds

    # -- leaving -----------------------------------------------------------------------------------
    async def leave(self, beacon: bool = True) -> None:
        """Close the page: with the browser's closing beacon, or as a crashed tab would (no beacon)."""
        if beacon and self.kernel_id:
            body = urlencode({"_xsrf": self.cookies.get("_xsrf", "")})
            request = HTTPRequest(f"{self.base_url}/voila/api/shutdown/{self.kernel_id}", method="POST", body=body,
                                  headers={**self._cookie_header(), "Content-Type": "application/x-www-form-urlencoded"})
            reply = await AsyncHTTPClient().fetch(request, raise_error=False)
            if reply.code != 204:
                self.errors.append(f"closing beacon answered HTTP {reply.code}")
        if self._ws is not None:
            self._ws.close()
        if self._reader is not None:
            self._reader.cancel()

    async def kernel_alive(self) -> bool:
        """Whether the server still runs this page's kernel (Voila's /api/kernels/<id>)."""
        reply = await AsyncHTTPClient().fetch(f"{self.base_url}/api/kernels/{self.kernel_id}", raise_error=False)
        return reply.code == 200
