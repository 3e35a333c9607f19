"""The kernels behind visitors' pages: each page gets one, and none outlives its page for long.

Voila starts a kernel for every page it serves, and its page asks for that kernel to be shut
down when it closes (a beacon sent from `beforeunload`). A beacon is not a guarantee: a crashed
tab, a laptop lid shut or a dropped network never sends one. This manager therefore also

- shuts down a kernel once no page has been connected to it for `gone_timeout` seconds
  (for a kernel whose page has not connected yet, counted from its last activity but never while it
  runs the page's notebook, and allowed at least `UNCONNECTED_GRACE`);
- shuts down a kernel after `cull_idle_timeout` seconds without a message, even with its page
  still open (a learner who walked away), as Jupyter's own culler does with `cull_connected`; a
  kernel whose page has not connected yet is opening, not idle, and only the rule above applies;
- refuses to start more than `max_kernels` kernels at once (`KernelsFull`), so a crowd gets
  a polite "come back later" page instead of a machine out of memory;
- opens at most `max_opening` pages at a time (a kernel started and its notebook run, about a
  second of CPU each); the others wait their turn. When a whole class opens the page at once,
  this keeps a core for the learners already playing, whose clicks would otherwise wait behind
  twenty kernels starting (the load test measured p95 click-to-redraw 850 ms during arrivals
  without it).

Both checks run every `cull_interval` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid

from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.ioloop import PeriodicCallback
from traitlets import Integer


# A page connects to its kernel only after the kernel has started, run the notebook, and the page's own
# scripts (widgets, bokeh) have loaded. On a loaded machine each of those has taken several seconds, so a
# kernel whose page has not connected yet gets at least this long before it counts as abandoned.
UNCONNECTED_GRACE = 60


class KernelsFull(RuntimeError):
    """Every kernel place is taken; the visitor is asked to come back later."""


class PageKernelManager(AsyncMappingKernelManager):
    gone_timeout = Integer(30, config=True, help="""Seconds a kernel lives on with no page connected to it.""")
    max_kernels = Integer(0, config=True, help="""Most kernels running at once (0: no limit).""")
    max_opening = Integer(1, config=True, help="""Most pages being opened at once (0: no limit).""")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._starting: set[str] = set()            # kernel ids being started, counted against the limit
        self._alone_since: dict[str, float] = {}    # kernel id -> when its last page disconnected
        self._waiting = 0                           # pages waiting for their turn to open, counted too
        self._turns: asyncio.Semaphore | None = None

    # -- the limit ---------------------------------------------------------------------------------
    def in_use(self) -> int:
        """Kernels running or being started, and pages waiting to open."""
        return len(set(self._kernels) | self._starting) + self._waiting

    def has_room(self) -> bool:
        return self.max_kernels <= 0 or self.in_use() < self.max_kernels

    async def start_kernel(self, *, kernel_id: str | None = None, **kwargs) -> str:
        if kernel_id is not None and kernel_id in self:
            return await super().start_kernel(kernel_id=kernel_id, **kwargs)
        # Check and claim a place in one step (no await in between), so that two pages
        # arriving together cannot both take the last place.
        if not self.has_room():
            self.log.warning("Refused a kernel: all %d places are taken", self.max_kernels)
            raise KernelsFull(f"all {self.max_kernels} kernel places are taken")
        kernel_id = kernel_id or str(uuid.uuid4())
        self._starting.add(kernel_id)
        try:
            return await super().start_kernel(kernel_id=kernel_id, **kwargs)
        finally:
            self._starting.discard(kernel_id)

    @contextlib.asynccontextmanager
    async def opening_turn(self):
        """Wait for a turn to open a page; refused at once (KernelsFull) when every place is taken."""
        if not self.has_room():
            self.log.warning("Refused a page: all %d places are taken", self.max_kernels)
            raise KernelsFull(f"all {self.max_kernels} kernel places are taken")
        if self.max_opening <= 0:
            yield
            return
        if self._turns is None:
            self._turns = asyncio.Semaphore(self.max_opening)
        self._waiting += 1
        try:
            await self._turns.acquire()
        finally:
            self._waiting -= 1
        try:
            yield
        finally:
            self._turns.release()

    # -- who is connected --------------------------------------------------------------------------
    def notify_connect(self, kernel_id):
        super().notify_connect(kernel_id)
        self._alone_since.pop(kernel_id, None)

    def notify_disconnect(self, kernel_id):
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id, 0) <= 0 and kernel_id in self:
            self._alone_since[kernel_id] = time.monotonic()

    def seconds_alone(self, kernel_id: str) -> float:
        """How long no page has been connected to this kernel (0 while one is)."""
        if self._kernel_connections.get(kernel_id, 0) > 0:
            return 0.0
        if kernel_id in self._alone_since:
            return time.monotonic() - self._alone_since[kernel_id]
        # Its page never connected (closed while loading, or a robot): count from its last activity,
        # and never while it is still running the notebook for that page.
        kernel = self._kernels[kernel_id]
        last = getattr(kernel, "last_activity", None)
        if last is None or getattr(kernel, "execution_state", None) == "busy":
            return 0.0
        return (utcnow() - last).total_seconds()

    def page_came(self, kernel_id: str) -> bool:
        """Whether a page has connected to this kernel (it may have left since)."""
        return self._kernel_connections.get(kernel_id, 0) > 0 or kernel_id in self._alone_since

    def allowed_alone(self, kernel_id: str) -> float:
        """Seconds a kernel may be without its page: `gone_timeout` once its page has been connected,
        and at least UNCONNECTED_GRACE while it has not been yet (the page may still be opening: a
        kernel still starting counts too, so one that never starts is reclaimed all the same)."""
        if self.page_came(kernel_id):
            return self.gone_timeout
        return max(self.gone_timeout, UNCONNECTED_GRACE)

    # -- culling -----------------------------------------------------------------------------------
    def initialize_culler(self):
        """Run the culler even when idle culling is off: pages that have gone are always reclaimed."""
        if not self._initialized_culler and self._culler_callback is None:
            interval = self.cull_interval if self.cull_interval > 0 else self.cull_interval_default
            self._culler_callback = PeriodicCallback(self.cull_kernels, 1000 * interval)
            self.log.info("Kernels are shut down %d s after their page has gone, and after %s; checked every %d s",
                          self.gone_timeout,
                          f"{self.cull_idle_timeout} s without activity" if self.cull_idle_timeout > 0
                          else "no idle time (idle culling is off)", interval)
            self._culler_callback.start()
        self._initialized_culler = True

    async def cull_kernels(self):
        for kernel_id in [k for k in self._alone_since if k not in self]:
            del self._alone_since[kernel_id]        # shut down by its page's beacon meanwhile
        await super().cull_kernels()

    async def cull_kernel_if_idle(self, kernel_id):
        alone = self.seconds_alone(kernel_id)
        if alone > self.allowed_alone(kernel_id):
            self.log.info("Shutting down kernel %s: no page connected for %d s", kernel_id, alone)
            await ensure_async(self.shutdown_kernel(kernel_id))
            return
        # Jupyter's own rule (it would cull everything at 0), for pages that have come: a kernel whose
        # page is still opening is not idle, and the rule above reclaims it if the page never comes
        if self.cull_idle_timeout > 0 and self.page_came(kernel_id):
            await super().cull_kernel_if_idle(kernel_id)
