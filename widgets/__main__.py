"""`python -m widgets notebooks DIR`: write the lessons, play pages and gallery into a folder of your choice.

    python -m widgets notebooks DIR [--lang en zh-Hans] [--game shipyard] [--force]

Then open DIR in JupyterLab, or publish it with Voila (`voila DIR/notebooks/index.ipynb`). A notebook you
have edited is kept unless --force is given (widgets/notebooks.py).
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
    options = parser.parse_args(argv)
    from . import notebooks as writer
    try:
        done = writer.write(options.folder, options.lang, options.game, options.force)
    except (ValueError, OSError) as exc:
        parser.error(str(exc))
    print(writer.report(done, options.folder))
    return 0


if __name__ == "__main__":
    sys.exit(main())
