"""Write the repository's notebooks (the lessons here in tutorials/, the play pages and the gallery in
notebooks/) with the package's own writer, the one a teacher runs as `python -m widgets notebooks DIR`
(widgets/notebooks.py: where the texts come from, and why every language has the same cells).

    .venv/bin/python tutorials/make_notebooks.py            # every game, every language (no outputs)
    .venv/bin/python tutorials/make_notebooks.py shipyard   # one game's

The repository's notebooks are the writer's output, replaced without asking: edit the texts they are made
from (widgets/pages/<game>.toml, widgets/notebooks.py), never the notebooks. It also rewrites the gallery's
preview games (widgets/gallery-previews.json), which follow the engines.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from widgets.notebooks import report, write  # noqa: E402


def main(games=None) -> None:
    from widgets.gallery import write_previews
    print(report(write(ROOT, games=games, force=True), ROOT))
    if write_previews():
        print("rewrote widgets/gallery-previews.json (the gallery's preview games)")


if __name__ == "__main__":
    main(sys.argv[1:] or None)
