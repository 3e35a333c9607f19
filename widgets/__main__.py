"""What a teacher does with the installed package.

    python -m widgets notebooks DIR [--lang en zh-Hans] [--game shipyard] [--force]
    python -m widgets site DIR

`notebooks` writes the lessons, play pages and gallery into DIR: open it in JupyterLab, or publish it with
`python -m widgets.serve --folder DIR`. A notebook you have edited is kept unless --force is given
(widgets/notebooks.py). `site` builds the static site into DIR, pages that run in the visitor's browser and
that any web server can host (widgets/site.py; it needs Node.js and npm, and the network on its first run).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engines.core.texts import LANGS


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m widgets", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    notebooks = commands.add_parser("notebooks", help="write the notebooks into DIR",
                                    description="Write the lessons (DIR/tutorials), the play pages and the "
                                                "gallery (DIR/notebooks) into DIR.")
    notebooks.add_argument("folder", metavar="DIR", type=Path)
    notebooks.add_argument("--lang", nargs="+", choices=LANGS, default=list(LANGS),
                           help="the lessons' languages; the first is the play pages' and gallery's (default: all)")
    notebooks.add_argument("--game", nargs="+", metavar="GAME", help="only these games (default: all)")
    notebooks.add_argument("--force", action="store_true", help="replace notebooks that were edited")
    site = commands.add_parser("site", help="build the static site into DIR",
                               description="Build the static site (the gallery, play pages and lessons running in "
                                           "the browser) into DIR, replacing what is there.")
    site.add_argument("folder", metavar="DIR", type=Path)
    options = parser.parse_args(argv)
    if options.command == "site":
        from . import site as builder
        builder.build(options.folder)
        return 0
    from . import notebooks as writer
    try:
        done = writer.write(options.folder, options.lang, options.game, options.force)
    except (ValueError, OSError) as exc:
        parser.error(str(exc))
    print(writer.report(done, options.folder))
    return 0


if __name__ == "__main__":
    sys.exit(main())
