"""Serve the project with Voila for a class or a school, the gallery at the root URL.

    python -m widgets.serve [--folder DIR] [--ip 127.0.0.1] [--port 8866] [--max-kernels auto] [--kernel-mb 150]
                            [--idle 15m] [--gone 30s] [--check-every 10s] [--opening N] [--preheat 1]
                            [Voila options...]

Every page a visitor opens runs in a kernel of its own (about 100 MB). A kernel is shut down
- when its page closes (the page's beacon), or `--gone` after its page stopped being connected;
- after `--idle` without a click or any other message, even with its page still open (0: never).
At most `--max-kernels` run at once: by default as many as fit in the memory available when the
server starts, at `--kernel-mb` each. A visitor beyond that gets a short page in their language
(`?lang=` or their browser's languages) asking them to come back, with HTTP status 503.
Pages are opened `--opening` at a time (cores less one), so a whole class arriving at once does
not slow down the clicks of those already playing. `--preheat N` keeps N kernels per play page started
ahead of its visitors, which brings the first board about a second sooner (docs/deploy.md); 0 turns it
off. The spares never take more than a quarter of the places (fewer spares, or none, when places are few).

Voila serves a folder holding notebooks/ and tutorials/ (so the gallery can link every play notebook and
tutorial): the repository, or with `--folder DIR` the one `python -m widgets notebooks DIR` wrote from an
installed package; "/" redirects to notebooks/index.ipynb. Only Voila's own routes exist: no Jupyter file, terminal
or kernel-listing API, and a visitor's page may only exchange widget messages with its kernel,
never run code in it (see docs/deploy.md). Options this command does not know go to Voila.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import logging
import re
import sys
from pathlib import Path

from jupyter_server.utils import url_path_join
from traitlets.config import Config
from tornado.web import RedirectHandler
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

from engines.core.texts import LANG_NAMES, LANGS, load_catalog, render

from .kernels import KernelsFull

from . import teach

ROOT = Path(__file__).resolve().parent.parent
GALLERY = "notebooks/index.ipynb"
KERNEL_MB = 150          # one play page's kernel after a whole game, measured (docs/deploy.md), with headroom
RETRY_SECONDS = 60
SENTENCE_GAP = {"en": " ", "zh-Hant": "", "zh-Hans": ""}      # between two sentences of one paragraph
log = logging.getLogger(__name__)

load_catalog(Path(__file__).with_name("serve.toml"))


# -- settings ----------------------------------------------------------------------------------------
def duration(text: str) -> int:
    """'15m' -> 900, '30s' -> 30, '1h' -> 3600, '90' -> 90 (seconds); '0' turns a timer off."""
    match = re.fullmatch(r"\s*([0-9]+)\s*([smh]?)\s*", text)
    if not match:
        raise argparse.ArgumentTypeError(f"not a duration: {text!r} (write e.g. 30s, 15m or 1h)")
    return int(match[1]) * {"": 1, "s": 1, "m": 60, "h": 3600}[match[2]]


def kernel_places(text: str) -> int | None:
    """'auto' -> None (from memory), '0' -> 0 (no limit), '40' -> 40."""
    if text == "auto":
        return None
    if not text.isascii() or not text.isdigit():
        raise argparse.ArgumentTypeError(f"--max-kernels takes a whole number or 'auto', not {text!r}")
    return int(text)


def positive_mb(text: str) -> int:
    if not text.isascii() or not text.isdigit() or int(text) == 0:
        raise argparse.ArgumentTypeError(f"--kernel-mb takes a positive whole number of megabytes, not {text!r}")
    return int(text)


def parse_args(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    """This command's own options, and the rest (passed on to Voila)."""
    parser = argparse.ArgumentParser(prog="python -m widgets.serve", description=__doc__.split("\n\n")[0],
                                     allow_abbrev=False)
    parser.add_argument("--folder", type=notebooks_folder, default=ROOT, metavar="DIR",
                        help="the folder of notebooks to serve (default: this copy of the project); "
                             "`python -m widgets notebooks DIR` writes one")
    parser.add_argument("--ip", default="127.0.0.1", help="address to listen on (0.0.0.0: every interface)")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--max-kernels", type=kernel_places, default=None, metavar="N|auto",
                        help="most pages served at once; auto (default): as many as fit in memory; 0: no limit")
    parser.add_argument("--kernel-mb", type=positive_mb, default=KERNEL_MB, metavar="MB",
                        help=f"memory one page's kernel is counted at for --max-kernels auto (default {KERNEL_MB})")
    parser.add_argument("--idle", type=duration, default=duration("15m"), metavar="TIME",
                        help="shut a page's kernel down after this long without a click (default 15m; 0: never)")
    parser.add_argument("--gone", type=duration, default=duration("30s"), metavar="TIME",
                        help="shut a kernel down this long after its page stopped being connected (default 30s)")
    parser.add_argument("--check-every", type=duration, default=duration("10s"), metavar="TIME",
                        help="how often kernels are checked for --idle and --gone (default 10s)")
    parser.add_argument("--opening", type=int, default=default_opening(), metavar="N",
                        help="pages opened at once, the others wait their turn (default: cores less one, "
                             f"here {default_opening()}; 0: no limit)")
    parser.add_argument("--preheat", type=int, default=1, metavar="N",
                        help="kernels kept started ahead of visitors for each play page (default 1; 0: none)")
    options, rest = parser.parse_known_args(argv)
    if options.check_every <= 0:
        parser.error("--check-every must be at least 1s")
    if options.preheat < 0 or options.opening < 0:
        parser.error("--preheat and --opening take 0 or more")
    return options, rest


def notebooks_folder(text: str) -> Path:
    folder = Path(text).expanduser().resolve()
    if not (folder / GALLERY).is_file():
        raise argparse.ArgumentTypeError(f"{text} has no {GALLERY}: write the notebooks there first with "
                                         f"`python -m widgets notebooks {text}`")
    return folder


def default_opening() -> int:
    """Open pages one fewer at a time than there are cores: one core stays free for the learners
    already playing (at least one page at a time)."""
    return max(1, len(os.sched_getaffinity(0)) - 1)


def available_memory_mb() -> float:
    """Memory this server may still use: the machine's, or its control group's if that is smaller
    (a systemd MemoryMax= or a container's limit)."""
    import psutil
    available = psutil.virtual_memory().available
    try:
        group = Path("/proc/self/cgroup").read_text().strip().splitlines()[-1].split(":", 2)[2]
        limit = Path(f"/sys/fs/cgroup{group}/memory.max").read_text().strip()
        if limit != "max":
            used = int(Path(f"/sys/fs/cgroup{group}/memory.current").read_text())
            available = min(available, int(limit) - used)
    except (OSError, IndexError, ValueError):
        pass                                # no cgroup v2 limit to respect
    return available / 2**20


def kernel_limit(available_mb: float, kernel_mb: float) -> int:
    """How many page kernels fit: the available memory less a fifth (at least 512 MB) kept for the
    server, its pages in flight and the rest of the machine. Never less than one."""
    spare = available_mb - max(512.0, available_mb / 5)
    return max(1, int(spare // kernel_mb))


def spare_kernels(preheat: int, max_kernels: int, pages: int) -> int:
    """Kernels to keep started ahead of visitors for each play page: `--preheat`, but never so many that
    the spares of all the play pages take more than a quarter of the kernel places (0: no limit).

    A spare waits for a visitor of its own page only, and the place it holds is refused to everyone
    else: with few places (a server started while little memory was free), the spares alone would fill
    them, and every visitor would be sent away until a place came free, which with spares never happens."""
    if max_kernels <= 0 or pages <= 0:
        return preheat
    return min(preheat, max_kernels // (4 * pages))


def voila_config(options: argparse.Namespace, max_kernels: int) -> Config:
    """Voila's settings for these options (options given to Voila itself on the command line win)."""
    config = Config()
    config.Voila.ip = options.ip
    config.Voila.port = options.port
    config.Voila.port_retries = 0
    config.Voila.open_browser = False
    config.VoilaConfiguration.multi_kernel_manager_class = "widgets.kernels.PageKernelManager"
    config.VoilaConfiguration.template = TEMPLATE
    config.VoilaConfiguration.page_config_hook = offline_page_config
    config.PageKernelManager.update(max_kernels=max_kernels, max_opening=options.opening,
                                    gone_timeout=options.gone, cull_idle_timeout=options.idle,
                                    cull_interval=options.check_every, cull_connected=True)
    # The kernels run on this machine, so they talk to the server over Unix sockets in Voila's private
    # connection folder (/tmp/voila_*, short enough for a socket path), not TCP ports. A TCP port is free when
    # picked and taken when the kernel binds it; under load another program took one in between ("Address
    # already in use"), and the page waited for a kernel that had died.
    config.KernelManager.transport = "ipc"
    pages = play_pages(options.folder)
    preheat = spare_kernels(options.preheat, max_kernels, len(pages))
    if preheat > 0:
        # Only the play pages: the gallery and tutorials are opened less often, and each kernel kept
        # waiting costs memory all day.
        config.VoilaConfiguration.preheat_kernel = True
        config.VoilaKernelManager.kernel_pools_config = {
            "default": {"pool_size": 0}, **{page: {"pool_size": preheat} for page in pages}}
    return config


TEMPLATE = "bgw"                  # Voila's "lab" page without the CDN's Font Awesome (widgets/jupyter/...)
TEMPLATE_FOLDER = Path(__file__).resolve().parent / "jupyter"


def offline_page_config(page_config: dict, **_) -> dict:
    """Voila's page settings, with no MathJax to fetch from a CDN (the pages have no formulas). Voila
    standing alone leaves it out already; as a Jupyter server extension (JupyterHub) it sets one."""
    # Voila's page leaves MathJax out only when both are unset; either one set brings in the CDN's copy.
    page_config["fullMathjaxUrl"] = page_config["mathjaxConfig"] = None
    return page_config


def use_template_folder() -> None:
    """Let Voila find the project's template: a Jupyter data folder first in JUPYTER_PATH."""
    paths = [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    if str(TEMPLATE_FOLDER) not in paths:
        os.environ["JUPYTER_PATH"] = os.pathsep.join([str(TEMPLATE_FOLDER), *paths])


def play_pages(root: Path = ROOT) -> list[str]:
    """The play notebooks, as Voila names them: notebooks/<game>.ipynb (not the gallery)."""
    return [f"notebooks/{page.name}" for page in sorted((root / "notebooks").glob("*.ipynb"))
            if f"notebooks/{page.name}" != GALLERY]


# -- the page a visitor gets when every place is taken -----------------------------------------------
def page_lang(query_lang: str | None, accept_language: str | None) -> str:
    """The visitor's language: ?lang= if it names one, else the first of their browser's languages
    that the project speaks (zh-TW, zh-HK, zh-Hant -> Traditional; zh-CN, zh-SG, zh -> Simplified)."""
    if query_lang in LANGS:
        return query_lang
    ranked = []
    for position, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        match = re.search(r"q=([0-9.]+)", params)
        if match:
            try:
                quality = float(match[1])
            except ValueError:
                continue
        ranked.append((-quality, position, tag.strip().lower()))
    for _, _, tag in sorted(ranked):
        lang = _lang_of_tag(tag)
        if lang:
            return lang
    return "en"


def _lang_of_tag(tag: str) -> str | None:
    if tag == "en" or tag.startswith("en-"):
        return "en"
    if tag == "zh" or tag.startswith("zh-"):
        traditional = any(part in ("hant", "tw", "hk", "mo") for part in tag.split("-")[1:])
        simplified = "zh-Hans" if "zh-Hans" in LANGS else "zh-Hant"     # until the kernel writes Simplified
        return "zh-Hant" if traditional else simplified
    return None


def full_page(lang: str, places: int, idle_minutes: int, url: str) -> str:
    """A small self-contained page: no kernel, no script, nothing fetched."""
    def t(key, **params):
        return html.escape(render(key, params, lang))
    idle = t("serve.idle", minutes=idle_minutes) if idle_minutes > 0 else ""
    others = " · ".join(f"<a href='{html.escape(_with_lang(url, other))}' hreflang='{other}'>{LANG_NAMES[other]}</a>"
                        for other in LANGS if other != lang)
    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="{RETRY_SECONDS}">
<title>{t("serve.full.title")}</title>
<style>body{{font-family:system-ui,sans-serif;max-width:36em;margin:4em auto;padding:0 1em;line-height:1.6;color:#222}}
h1{{font-size:1.5em}} a.again{{display:inline-block;margin:1em 0;padding:.5em 1.2em;background:#1565c0;color:#fff;
border-radius:4px;text-decoration:none}} .langs{{color:#666;font-size:.9em}}</style></head>
<body class="bgw-full" data-places="{places}">
<h1>{t("serve.full.title")}</h1>
<p>{t("serve.full.body", places=places)}{SENTENCE_GAP[lang] if idle else ""}{idle}</p>
<p>{t("serve.full.auto", seconds=RETRY_SECONDS)}</p>
<a class="again" href="{html.escape(url)}">{t("serve.full.retry")}</a>
<p class="langs">{others}</p>
</body></html>"""


def _with_lang(url: str, lang: str) -> str:
    from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "lang"] + [("lang", lang)]
    return urlunsplit(parts._replace(query=urlencode(query)))


def ended_notice(lang: str, idle_minutes: int, poll_seconds: int) -> str:
    """A script for the end of every page: once the page's kernel is gone (closed for being idle,
    or the server restarted), a banner says so, instead of a board that silently stops answering.
    It asks Voila's /api/kernels/<id> every `poll_seconds`; that is not kernel activity, so it keeps
    nothing alive."""
    words = render("serve.ended", {}, lang)
    if idle_minutes > 0:
        words += SENTENCE_GAP[lang] + render("serve.idle", {"minutes": idle_minutes}, lang)
    words = json.dumps(words).replace("</", "<\\/")
    reload = json.dumps(render("serve.reload", {}, lang)).replace("</", "<\\/")
    return f"""<script>
(function () {{
  var config = JSON.parse(document.getElementById("jupyter-config-data").textContent);
  if (!config.kernelId) return;
  var url = config.baseUrl + "api/kernels/" + config.kernelId;
  var timer = setInterval(function () {{
    fetch(url, {{cache: "no-store"}}).then(function (reply) {{
      if (reply.status !== 404) return;
      clearInterval(timer);
      var banner = document.createElement("div");
      banner.className = "bgw-ended";
      banner.setAttribute("role", "alert");
      banner.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:10000;padding:12px 16px;" +
        "background:#fff3cd;border-bottom:2px solid #c69500;font:15px system-ui,sans-serif;color:#222";
      banner.textContent = {words} + {json.dumps(SENTENCE_GAP[lang])};
      var again = document.createElement("a");
      again.href = location.href;
      again.textContent = {reload};
      again.style.cssText = "color:#0d47a1;text-decoration:underline;font-weight:600";
      banner.appendChild(again);
      document.body.appendChild(banner);
    }}).catch(function () {{}});
  }}, {poll_seconds * 1000});
}})();
</script>"""


class PageHandler(TornadoVoilaHandler):
    """Voila's page handler, with a polite refusal when every kernel place is taken, and a notice
    on the page once its kernel has been shut down."""

    _visitor_left = False

    def on_connection_close(self):
        self._visitor_left = True
        super().on_connection_close()

    async def get(self, path=None):
        # The page's closing beacon must carry the _xsrf cookie, or Voila refuses it (HTTP 403) and
        # the kernel would wait for the culler; Voila never sets that cookie itself.
        self.xsrf_token
        manager = self.kernel_manager
        lang = page_lang(self.get_argument("lang", None), self.request.headers.get("Accept-Language"))
        try:
            async with manager.opening_turn():
                if self._visitor_left:
                    return                  # closed the tab while waiting: start no kernel for nobody
                await super().get(path)
        except KernelsFull:
            self.clear_header("Cache-Control")
            self.set_status(503)
            self.set_header("Retry-After", str(RETRY_SECONDS))
            self.set_header("Cache-Control", "no-store")
            self.set_header("Content-Type", "text/html; charset=UTF-8")
            self.set_header("Content-Language", lang)
            self.finish(full_page(lang, manager.max_kernels, manager.cull_idle_timeout // 60, self.request.uri))
            return
        if self.get_status() == 200 and not self._finished:
            # The page asks as often as the server checks its kernels, within 5 to 30 seconds.
            poll = min(30, max(5, manager.cull_interval))
            self.write(ended_notice(lang, manager.cull_idle_timeout // 60, poll))


class GalleryVoila(Voila):
    def init_handlers(self):
        gallery = url_path_join(self.server_url, "voila/render", GALLERY)
        handlers = []
        for pattern, handler, *settings in super().init_handlers():
            if pattern == self.server_url:
                handler, settings = RedirectHandler, [{"url": gallery}]
            elif handler is TornadoVoilaHandler:
                handler = PageHandler
            handlers.append((pattern, handler, *settings))
        # The teacher's summaries, lesson plans and lessons in pictures, as pages (Voila serves no Markdown).
        return [(url_path_join(self.server_url, teach.PATTERN), teach.TeachHandler),
                (url_path_join(self.server_url, teach.PICTURES), teach.PicturesHandler), *handlers]


def main(argv=None):
    options, rest = parse_args(list(sys.argv[1:] if argv is None else argv))
    max_kernels = options.max_kernels
    if max_kernels is None:
        available = available_memory_mb()
        max_kernels = kernel_limit(available, options.kernel_mb)
        print(f"widgets.serve: at most {max_kernels} pages at once ({available:.0f} MB available, "
              f"{options.kernel_mb} MB per page; change with --max-kernels)", flush=True)
    spares = spare_kernels(options.preheat, max_kernels, len(play_pages(options.folder)))
    if spares < options.preheat:
        print(f"widgets.serve: {spares or 'no'} kernel{'s' if spares != 1 else ''} per play page started ahead "
              f"of visitors, not {options.preheat}: spares may take at most a quarter of the {max_kernels} "
              "places", flush=True)
    use_template_folder()
    # A preheated kernel fetches its visitor's request from this server (widgets/preheat.py).
    os.environ.setdefault("VOILA_APP_IP", options.ip if options.ip not in ("0.0.0.0", "::", "") else "127.0.0.1")
    GalleryVoila.launch_instance(argv=[str(options.folder), *rest], config=voila_config(options, max_kernels))


if __name__ == "__main__":
    main()
