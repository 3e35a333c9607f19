"""Serve the project with Voila, the gallery at the root URL.

    python -m widgets.serve [--port 8866]

Voila serves the whole project folder (so the gallery can link every play
notebook and tutorial) and "/" redirects to notebooks/index.ipynb. Only
Voila's own routes exist: no Jupyter file or kernel API is exposed.
"""

from __future__ import annotations

import sys
from pathlib import Path

from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler
from voila.app import Voila

ROOT = Path(__file__).resolve().parent.parent
GALLERY = "notebooks/index.ipynb"


class GalleryVoila(Voila):
    def init_handlers(self):
        handlers = super().init_handlers()
        gallery = url_path_join(self.server_url, "voila/render", GALLERY)
        return [(self.server_url, RedirectHandler, {"url": gallery}) if handler[0] == self.server_url else handler
                for handler in handlers]


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    defaults = ["--no-browser", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0"]
    if not any(a.startswith(("--port", "--Voila.port=")) for a in argv):
        defaults.append("--port=8866")
    GalleryVoila.launch_instance(argv=[str(ROOT), *defaults, *argv])


if __name__ == "__main__":
    main()
