"""The server's settings, its kernel limit, its 'classroom full' page and the teacher's pages (no Voila server
started here: the teacher's pages are fetched through a small tornado server with the same routes)."""

import argparse
import asyncio
import json
import re
import time
from datetime import timedelta
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from jupyter_server._tz import utcnow
from tornado.httpclient import AsyncHTTPClient
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port
from tornado.web import Application, HTTPError, RequestHandler

from engines.core.texts import LANGS, render
from games import lesson_games
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)
from widgets import notebooks, serve, teach
from widgets.core.lesson_file import lesson_path
from widgets.kernels import UNCONNECTED_GRACE, KernelsFull, PageKernelManager


# -- flags -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, seconds", [("15m", 900), ("30s", 30), ("1h", 3600), ("90", 90), (" 2m ", 120),
                                           ("0", 0)])
def test_durations(text, seconds):
    assert serve.duration(text) == seconds


@pytest.mark.parametrize("text", ["", "m", "1.5m", "-1", "10 minutes", "１５m", "15d"])
def test_bad_durations_are_refused_with_an_example(text):
    with pytest.raises(argparse.ArgumentTypeError, match="30s, 15m or 1h"):
        serve.duration(text)


def test_defaults_suit_a_school():
    options, rest = serve.parse_args([])
    assert (options.idle, options.gone, options.check_every) == (900, 30, 10)
    assert options.max_kernels is None                     # from memory
    assert options.kernel_mb == serve.KERNEL_MB
    assert options.opening == serve.default_opening() >= 1
    assert options.preheat == 1
    assert (options.ip, options.port, rest) == ("127.0.0.1", 8866, [])


def test_flags_and_voila_options_pass_through():
    options, rest = serve.parse_args(["--idle", "20m", "--gone=45s", "--max-kernels", "40", "--port=9000",
                                      "--Voila.base_url=/games/", "--preheat", "0"])
    assert (options.idle, options.gone, options.max_kernels, options.port, options.preheat) == (1200, 45, 40, 9000, 0)
    assert rest == ["--Voila.base_url=/games/"]


@pytest.mark.parametrize("argv", [["--max-kernels", "many"], ["--max-kernels", "-3"], ["--kernel-mb", "0"],
                                  ["--idle", "soon"], ["--check-every", "0"], ["--preheat", "-1"],
                                  ["--opening", "-1"]])
def test_bad_flags_stop_with_a_message(argv, capsys):
    with pytest.raises(SystemExit):
        serve.parse_args(argv)
    assert "error:" in capsys.readouterr().err


def test_voila_gets_the_kernel_settings():
    options, _ = serve.parse_args(["--max-kernels", "7", "--idle", "5m", "--gone", "20s", "--opening", "2",
                                   "--ip", "0.0.0.0", "--port", "9000"])
    config = serve.voila_config(options, 7)
    assert config.VoilaConfiguration.multi_kernel_manager_class == "widgets.kernels.PageKernelManager"
    assert dict(config.PageKernelManager) == {"max_kernels": 7, "max_opening": 2, "gone_timeout": 20,
                                              "cull_idle_timeout": 300, "cull_interval": 10, "cull_connected": True}
    assert (config.Voila.ip, config.Voila.port, config.Voila.port_retries) == ("0.0.0.0", 9000, 0)


def test_kernels_talk_over_unix_sockets_and_no_tcp_port(tmp_path):
    """The server's kernels use no TCP port (another program could take one between its pick and the kernel's
    bind): a kernel started with the server's settings listens on Unix sockets beside its connection file,
    and answers."""
    from jupyter_client.manager import AsyncKernelManager

    options, _ = serve.parse_args(["--preheat", "0"])
    manager = AsyncKernelManager(config=serve.voila_config(options, 4),
                                 connection_file=str(tmp_path / "kernel.json"))

    async def scenario():
        await manager.start_kernel()
        try:
            client = manager.client()
            client.start_channels()
            try:
                await client.wait_for_ready(timeout=120)
            finally:
                client.stop_channels()
            return manager.get_connection_info()
        finally:
            await manager.shutdown_kernel(now=True)

    info = asyncio.run(scenario())
    assert info["transport"] == "ipc"
    assert info["ip"] == str(tmp_path / "kernel-ipc")
    assert not (tmp_path / f"kernel-ipc-{info['shell_port']}").exists()     # its sockets went with it


def test_preheat_only_for_the_play_pages():
    options, _ = serve.parse_args([])
    config = serve.voila_config(options, 40)
    assert config.VoilaConfiguration.preheat_kernel is True
    pools = dict(config.VoilaKernelManager.kernel_pools_config)
    assert pools.pop("default") == {"pool_size": 0}        # not the gallery, not the tutorials
    assert set(pools) == set(serve.play_pages()) >= {"notebooks/endeavor-aos.ipynb", "notebooks/entdecker.ipynb"}
    assert all(pool == {"pool_size": 1} for pool in pools.values())
    options, _ = serve.parse_args(["--preheat", "0"])
    config = serve.voila_config(options, 10)
    assert "preheat_kernel" not in config.VoilaConfiguration and "VoilaKernelManager" not in config


def test_the_settings_reach_voila_and_its_kernel_manager():
    """Voila reads them, and a Voila option on the command line still wins."""
    options, rest = serve.parse_args(["--max-kernels", "4", "--gone", "12s", "--preheat", "0",
                                      "--PageKernelManager.gone_timeout=13"])
    app = serve.GalleryVoila(config=serve.voila_config(options, 4))
    app.initialize([str(serve.ROOT), *rest])
    app.connection_dir = str(serve.ROOT)
    app.init_settings()
    assert isinstance(app.kernel_manager, PageKernelManager)
    assert (app.kernel_manager.max_kernels, app.kernel_manager.gone_timeout) == (4, 13)
    assert (app.ip, app.port) == ("127.0.0.1", 8866)
    routes = {pattern: handler.__name__ for pattern, handler, *_ in app.init_handlers()}
    assert routes["/"] == "RedirectHandler" and routes["/voila/render/(.*)"] == "PageHandler"
    assert not [p for p in routes if p.startswith("/api/") and "kernel_id" not in p]   # no Jupyter API listing


# -- how many kernels fit --------------------------------------------------------------------------
@pytest.mark.parametrize("available, per_kernel, places", [
    (24000, 150, 128),       # a fifth kept back: 19200 MB for kernels
    (4000, 150, 21),         # a small school server: 800 MB kept back
    (1000, 150, 3),          # at least 512 MB kept back
    (300, 150, 1),           # never less than one place
])
def test_kernel_limit_from_memory(available, per_kernel, places):
    assert serve.kernel_limit(available, per_kernel) == places


def test_available_memory_is_measured():
    assert 0 < serve.available_memory_mb() < 2**24


# -- the visitor's language ------------------------------------------------------------------------
SIMPLIFIED = "zh-Hans" if "zh-Hans" in LANGS else "zh-Hant"


@pytest.mark.parametrize("query, header, lang", [
    ("zh-Hant", "en-US,en;q=0.9", "zh-Hant"),               # the address wins
    ("en", "zh-TW", "en"),
    (None, "zh-TW,zh;q=0.9,en;q=0.8", "zh-Hant"),
    (None, "zh-HK", "zh-Hant"),
    (None, "zh-Hant-TW", "zh-Hant"),
    (None, "zh-CN,zh;q=0.9", SIMPLIFIED),
    (None, "zh", SIMPLIFIED),
    (None, "fr-FR, en;q=0.5, zh-TW;q=0.8", "zh-Hant"),      # by quality, then by order
    (None, "de, fr", "en"),
    (None, "", "en"),
    (None, None, "en"),
    ("klingon", "x;q=abc, ;;, zh-TW;q=", "zh-Hant"),       # junk is skipped, never a crash
])
def test_page_language(query, header, lang):
    assert serve.page_lang(query, header) == lang


@pytest.mark.parametrize("lang", LANGS)
def test_full_page_speaks_the_visitors_language(lang):
    page = serve.full_page(lang, 12, 15, "/voila/render/notebooks/entdecker.ipynb?seed=2&lang=x")
    assert f'<html lang="{lang}">' in page
    assert f"<h1>{render('serve.full.title', {}, lang)}</h1>" in page
    gap = " " if lang == "en" else ""                       # Chinese sets sentences without a space
    assert render("serve.full.body", {"places": 12}, lang) + gap + render("serve.idle", {"minutes": 15}, lang) in page
    assert 'href="/voila/render/notebooks/entdecker.ipynb?seed=2&amp;lang=x"' in page     # try again: same page
    assert f'content="{serve.RETRY_SECONDS}"' in page                                   # and by itself
    others = re.findall(r"hreflang='([^']+)'", page)
    assert sorted(others) == sorted(set(LANGS) - {lang})
    assert "<script" not in page and "http" not in page.replace('http-equiv', '')         # nothing fetched


def test_full_page_escapes_the_address():
    page = serve.full_page("en", 1, 0, "/voila/render/x.ipynb?a=<script>")
    assert "<script>" not in page
    assert serve.render("serve.idle", {"minutes": 0}, "en") not in page                 # idle culling off


def test_ended_notice_is_a_script_in_the_language():
    notice = serve.ended_notice("zh-Hant", 15, 10)
    assert notice.startswith("<script>") and notice.rstrip().endswith("</script>")
    assert json.dumps(render("serve.ended", {}, "zh-Hant"))[1:-1] in notice
    assert "api/kernels/" in notice and "10000" in notice
    assert notice.count("</script>") == 1


# -- the kernel manager's bookkeeping --------------------------------------------------------------
class FakeKernel:
    execution_state = "idle"

    def __init__(self, idle_seconds=0.0):
        self.last_activity = utcnow() - timedelta(seconds=idle_seconds)


def manager(**settings) -> PageKernelManager:
    return PageKernelManager(**settings)


def test_the_limit_counts_running_starting_and_waiting():
    m = manager(max_kernels=3)
    m._kernels["a"] = FakeKernel()
    m._starting.add("b")
    assert m.in_use() == 2 and m.has_room()
    m._waiting = 1
    assert not m.has_room()
    m.max_kernels = 0                                       # no limit
    assert m.has_room()


def test_a_full_server_refuses_before_starting_a_kernel():
    m = manager(max_kernels=1)
    m._kernels["a"] = FakeKernel()
    with pytest.raises(KernelsFull):
        asyncio.run(m.start_kernel(kernel_name="python3"))
    assert m._starting == set()


def test_pages_open_one_at_a_time_and_the_queue_counts():
    m = manager(max_kernels=3, max_opening=1)
    order = []

    async def visitor(name, hold):
        async with m.opening_turn():
            order.append(f"{name} in")
            await asyncio.sleep(hold)
            order.append(f"{name} out")

    async def scenario():
        first = asyncio.ensure_future(visitor("A", 0.05))
        await asyncio.sleep(0)
        second = asyncio.ensure_future(visitor("B", 0))
        await asyncio.sleep(0.01)
        assert m._waiting == 1 and m.in_use() == 1
        await asyncio.gather(first, second)

    asyncio.run(scenario())
    assert order == ["A in", "A out", "B in", "B out"]
    assert m._waiting == 0


def test_a_full_server_refuses_at_once_rather_than_queueing():
    m = manager(max_kernels=1, max_opening=1)
    m._kernels["a"] = FakeKernel()

    async def visit():
        async with m.opening_turn():
            pass

    started = time.monotonic()
    with pytest.raises(KernelsFull):
        asyncio.run(visit())
    assert time.monotonic() - started < 1 and m._waiting == 0


def test_how_long_a_kernel_has_been_without_its_page():
    m = manager()
    m._kernels["open"] = FakeKernel(idle_seconds=500)
    m._kernel_connections["open"] = 1
    assert m.seconds_alone("open") == 0                     # its page is connected, however idle
    m._kernels["left"] = FakeKernel()
    m._kernel_connections["left"] = 1
    m.notify_disconnect("left")
    m._alone_since["left"] -= 40
    assert 39 < m.seconds_alone("left") < 45
    m.notify_connect("left")                                # the page came back (a network blip)
    assert m.seconds_alone("left") == 0
    m._kernels["never"] = FakeKernel(idle_seconds=100)     # its page never connected
    m._kernel_connections["never"] = 0
    assert 99 < m.seconds_alone("never") < 105
    m._kernels["never"].execution_state = "busy"            # still running the notebook for its page
    assert m.seconds_alone("never") == 0


def test_a_page_still_loading_keeps_its_kernel_longer_than_a_page_that_left():
    """A page connects only once its kernel has started, run the notebook and the page's scripts have
    loaded: on a loaded machine that took longer than a short --gone, and the kernel was shut down
    under a page that was still opening."""
    m = manager(gone_timeout=3, cull_idle_timeout=5)
    m._kernels["loading"] = FakeKernel(idle_seconds=10)    # its page has not connected yet
    m._kernels["loading"].execution_state = "starting"      # its process still starting (a slow machine)
    m._kernels["left"] = FakeKernel()
    m._kernel_connections["left"] = 1
    m.notify_disconnect("left")
    m._alone_since["left"] -= 10                            # its page left 10 s ago
    m._kernels["abandoned"] = FakeKernel(idle_seconds=UNCONNECTED_GRACE + 5)   # its page never came
    assert m.allowed_alone("left") == 3
    assert m.allowed_alone("loading") == UNCONNECTED_GRACE > 10
    shut = []

    async def shutdown_kernel(kernel_id, **kwargs):
        shut.append(kernel_id)
    m.shutdown_kernel = shutdown_kernel
    for kernel_id in ("loading", "left", "abandoned"):      # nor does the 5 s idle rule take "loading"
        asyncio.run(m.cull_kernel_if_idle(kernel_id))
    assert shut == ["left", "abandoned"]


def test_the_culler_runs_even_with_idle_culling_off():
    m = manager(cull_idle_timeout=0, cull_interval=2)

    async def start():
        m.initialize_culler()
        running = m._culler_callback.is_running()
        m._culler_callback.stop()
        return running

    assert asyncio.run(start())


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The notebooks a test build serves (`python -m widgets notebooks DIR`): the published games' and the
    test-only ones' (tic-tac-toe), each with its play page, lessons and the gallery."""
    folder = tmp_path_factory.mktemp("served")
    notebooks.write(folder)
    return folder


@pytest.mark.parametrize("preheat,per_page,more,spares", [(1, 0, 0, 1), (1, 20, 0, 1), (2, 8, 0, 2), (2, 8, -1, 1),
                                                          (1, 4, 0, 1), (1, 4, -1, 0), (1, 1, 0, 0), (1, 0, 1, 0),
                                                          (0, 20, 0, 0)])
def test_spare_kernels_take_at_most_a_quarter_of_the_places(built, preheat, per_page, more, spares):
    """A spare for each play page of the folder served needs 4 places per page (with five play pages, a spare
    each needs 20); fewer places (little memory free when the server started) get no spares, so that spares
    never crowd visitors out (issue 23). The places are counted per play page of the folder served (a test
    build's: tic-tac-toe has one too), 0 places meaning no limit."""
    pages = len(serve.play_pages(built))
    assert pages == len(notebooks.lesson_games())
    places = per_page * pages + more
    assert serve.spare_kernels(preheat, places, pages) == spares
    options, _ = serve.parse_args(["--preheat", str(preheat), "--folder", str(built)])
    pools = serve.voila_config(options, places)
    if spares:
        assert pools.VoilaConfiguration.preheat_kernel is True
        assert {p["pool_size"] for p in dict(pools.VoilaKernelManager.kernel_pools_config).values()} == {0, spares}
    else:
        assert "preheat_kernel" not in pools.VoilaConfiguration


# -- the teacher's pages (/teach/...) ----------------------------------------------------------------
TEACH_GAMES = lesson_games()        # each game with a lesson has its teacher's pages (tests/test_teach.py)
# A repository path a teacher cannot open: a project folder, or a file the pages are made from.
REPO_PATH = re.compile(r"(?<![\w.])(?:docs|tutorials|notebooks|engines|widgets)/|[\w-]+\.(?:md|ipynb|toml|py)\b")


class _Notebook(RequestHandler):
    """Stands in for Voila's page (which would start a kernel and run the notebook): 200 where Voila finds
    the notebook under the server's root, 404 where it does not."""
    def initialize(self, root):
        self.root = root            # the folder served: a test build's notebooks (tests/test_tutorials.py: the
                                    # committed ones are what the same writer makes)

    def get(self, folder, name, suffix):
        if not (self.root / folder.strip("/") / f"{name}.ipynb").is_file():
            raise HTTPError(404)
        self.write(name)


class _SiteNotebook(_Notebook):
    """The static site's voici/render/<name>.html (from notebooks/) and voici/render/tutorials/<name>.html."""
    def get(self, folder, name, suffix):
        super().get(folder or "notebooks", name, suffix)


class _SiteTeach(RequestHandler):
    """The static site's teach/ folder: the pages widgets.site writes with teach.page()."""
    def get(self, game, kind, lang):
        text = teach.page(game, kind, lang)
        if text is None:
            raise HTTPError(404)
        self.write(text)


class _Pictures(RequestHandler):
    """Stands in for a lesson's pictures page (widgets/pictures.py, tested in tests/test_pictures.py, slow to
    make): 200 for a game with a lesson."""
    def get(self, game, lang):
        if not lesson_path(game).is_file():
            raise HTTPError(404)
        self.write(game)


def teach_test_server(where: str, root) -> Application:
    """The teacher's pages where they are published. On the server: widgets.serve's own route for them
    (teach.PATTERN, handled by teach.TeachHandler) and Voila's pages at voila/render/<path>.ipynb. In the
    static site: teach/ beside voici/, whose pages are voici/render/<name>.html (notebooks/) and
    voici/render/tutorials/<name>.html."""
    if where == "server":
        return Application([("/" + teach.PATTERN, teach.TeachHandler), ("/" + teach.PICTURES, _Pictures),
                            (r"/voila/render/((?:notebooks|tutorials)/)([^/]+)(\.ipynb)", _Notebook, {"root": root})])
    return Application([("/" + teach.PATTERN, _SiteTeach), ("/" + teach.PICTURES, _Pictures),
                        (r"/voici/render/((?:tutorials/)?)([^/]+)(\.html)", _SiteNotebook, {"root": root})])


class _Page(HTMLParser):
    """A page's visible text and its links: [(href, hreflang, link text)]."""
    def __init__(self):
        super().__init__()
        self.text, self.links, self._open, self._skip = [], [], None, 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("style", "title"):
            self._skip += 1
        elif tag == "a":
            self._open = [attrs.get("href", ""), attrs.get("hreflang"), ""]

    def handle_endtag(self, tag):
        if tag in ("style", "title"):
            self._skip -= 1
        elif tag == "a" and self._open:
            self.links.append(tuple(self._open))
            self._open = None

    def handle_data(self, data):
        if not self._skip:
            self.text.append(data)
            if self._open:
                self._open[2] += data


def fetch_teach_pages(where: str, root) -> tuple[dict, dict]:
    """Every teacher's page in every language ({url: html}) and every link on them ({url: status}),
    fetched through the test server."""
    async def crawl():
        sock, port = bind_unused_port()
        server = HTTPServer(teach_test_server(where, root))
        server.add_sockets([sock])
        client = AsyncHTTPClient()
        base = f"http://127.0.0.1:{port}/teach/"
        pages, statuses = {}, {}
        try:
            for game in TEACH_GAMES:
                for kind in teach.KINDS:
                    for lang in LANGS:
                        url = f"{base}{game}.{kind}.{lang}.html"
                        reply = await client.fetch(url, raise_error=False)
                        pages[url] = reply.body.decode() if reply.code == 200 else None
            for url, text in pages.items():
                parser = _Page()
                parser.feed(text or "")
                for href, _, _ in parser.links:
                    target = urljoin(url, href)
                    if target not in statuses:
                        statuses[target] = (await client.fetch(target, raise_error=False)).code
        finally:
            server.stop()
            sock.close()
        return pages, statuses
    return asyncio.run(crawl())


@pytest.mark.parametrize("where", ["server", "site"])
def test_teach_pages_render_and_every_link_answers(where, built):
    """Issue 26: every teacher's page, in all three languages, on the server and in the static site, shows
    bold as bold (no `**`, also where Chinese puts no space around it), names no repository path, links no
    .md file, names lesson steps by their titles in the page's language (no step id), and every link
    answers 200; each page links its lesson, summary and plan in its own language (zh-Hans: the zh-Hans
    lesson, never the zh-Hant one)."""
    pages, statuses = fetch_teach_pages(where, built)
    problems = []
    for url, text in pages.items():
        name = url.rsplit("/", 1)[1]
        game, kind, lang = name.split(".")[:3]
        if text is None:
            problems.append(f"{name}: not served")
            continue
        parser = _Page()
        parser.feed(text)
        shown = "".join(parser.text)
        if "**" in text:
            problems.append(f"{name}: shows '**'")
        if REPO_PATH.search(shown):
            problems.append(f"{name}: shows a repository path: {REPO_PATH.search(shown)[0]!r}")
        if "<code>" in text:
            problems.append(f"{name}: shows a code span (a step id?): {re.findall('<code>(.*?)</code>', text)}")
        for href, hreflang, words in parser.links:
            target = urljoin(url, href)
            if re.search(r"\.md\b", urlsplit(target).path):
                problems.append(f"{name}: links a Markdown file: {href}")
            if statuses[target] != 200:
                problems.append(f"{name}: {href} answers {statuses[target]}")
            if hreflang is None and f".{lang}." not in href and f"lang={lang}" not in href:
                problems.append(f"{name}: {href} is not in the page's language")
            if "step=" in href and lang != "en" and not re.search(r"[\u4e00-\u9fff]", words):
                problems.append(f"{name}: a lesson step named {words!r}, not in Chinese")
        hrefs = [href for href, hreflang, _ in parser.links if hreflang is None]
        lesson = (f"tutorials/{game}.{lang}.ipynb" if where == "server" else f"tutorials/{game}.{lang}.html")
        other = "plan" if kind == "summary" else "summary"
        if not any(lesson in href for href in hrefs) or f"{game}.{other}.{lang}.html" not in hrefs:
            problems.append(f"{name}: does not link its lesson and its {other} in its language: {hrefs}")
        if kind == "plan" and not any("?step=" in href for href in hrefs):
            problems.append(f"{name}: links no lesson step")
    assert len(pages) == 3 * 2 * len(TEACH_GAMES) and set(TEACH_GAMES) == set(notebooks.lesson_games())
    assert not problems, "\n".join(problems)
