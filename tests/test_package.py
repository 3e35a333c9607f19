"""Issue 34: the package a teacher installs carries everything. The wheel is built from the sources, installed
into a fresh virtual environment outside the repository, and there `python -m widgets notebooks DIR` writes the
notebooks, whose lesson and play pages of every game are then executed in two languages (nbclient).

The fresh environment (tests/fresh_install.py) borrows its dependencies from the test environment, so nothing is
downloaded; the project itself comes from the wheel alone, which the kernel's `widgets.__file__` and
`LESSON_DIR` check. `make site-from-package` builds CI's static site the same way, and the static site's
browser tests check that site.
"""

from __future__ import annotations

import json
import subprocess
import zipfile
from pathlib import Path

import pytest

import engines
from fresh_install import install

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "zh-Hans")

# Run by the fresh environment's Python: every lesson and play page in both languages on one kernel started in
# DIR/notebooks (where Jupyter and Voila run the gallery and the play pages), then a probe of what the kernel
# imported and what the gallery links. Prints one JSON line.
EXECUTE = r'''
import json, sys
from pathlib import Path
import nbformat
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

folder, langs = Path(sys.argv[1]), sys.argv[2].split(",")
manager = KernelManager(kernel_name="python3")
manager.start_kernel(cwd=str(folder / "notebooks"))
ran = []

def run(path, query):
    notebook = nbformat.read(path, as_version=4)
    notebook.cells.insert(0, nbformat.v4.new_code_cell(f"import os; os.environ['QUERY_STRING'] = {query!r}"))
    NotebookClient(notebook, km=manager, timeout=300).execute()
    shown = [o for c in notebook.cells for o in c.get("outputs", [])
             if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    ran.append({"page": f"{path.parent.name}/{path.name}?{query}", "widgets": len(shown)})

try:
    for path in sorted((folder / "tutorials").glob("*.ipynb")):
        run(path, "")
    for path in sorted((folder / "notebooks").glob("*.ipynb")):
        for lang in langs:
            run(path, f"lang={lang}")
    probe = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import json, widgets\n"
        "from widgets.core.lesson_file import LESSON_DIR\n"
        "from widgets.gallery import entries\n"
        "print(json.dumps({'widgets': widgets.__file__, 'lessons': str(LESSON_DIR),\n"
        "                  'links': {r['game']: sorted(l for x in r['lessons'] for l in x['links'].values())\n"
        "                            for r in entries('..')}}))")])
    NotebookClient(probe, km=manager, timeout=300).execute()
    probed = json.loads(probe.cells[0].outputs[0]["text"])
finally:
    manager.shutdown_kernel(now=True)
print(json.dumps({"ran": ran, **probed}))
'''


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    return install(tmp_path_factory.mktemp("package"))


def test_the_wheel_carries_the_lessons_their_pages_and_the_teachers_pages(installed):
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    for game in engines.GAMES:
        assert f"widgets/lessons/{game}.toml" in names
        assert f"widgets/pages/{game}.toml" in names
        for lang in ("en", "zh-Hant"):
            assert f"widgets/teacher/{game}.plan.{lang}.md" in names
            assert f"widgets/teacher/{game}.summary.{lang}.md" in names
    assert "widgets/jupyter/voila/templates/bgw/index.html.j2" in names
    assert "engines/core/texts.toml" in names and "widgets/core/board_kit.js" in names


def test_a_teacher_writes_the_notebooks_and_runs_every_lesson_and_play_page(installed):
    tmp, python = installed.folder, installed.python
    folder = tmp / "class notebooks"            # a teacher's folder, with a space in its name
    out = installed.run(python, "-m", "widgets", "notebooks", folder, "--lang", *LANGS)
    assert f"{2 * len(engines.GAMES) + len(engines.GAMES) + 1} notebooks in {folder}" in out
    written = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.ipynb"))
    assert written == sorted([f"tutorials/{g}.{lang}.ipynb" for g in engines.GAMES for lang in LANGS]
                             + [f"notebooks/{g}.ipynb" for g in engines.GAMES] + ["notebooks/index.ipynb"])

    result = json.loads(installed.run(python, "-c", EXECUTE, folder, ",".join(LANGS), timeout=900).splitlines()[-1])
    assert Path(result["widgets"]).is_relative_to(installed.purelib), "the kernel imported another copy"
    assert Path(result["lessons"]).is_relative_to(installed.purelib)
    assert len(result["ran"]) == 2 * len(engines.GAMES) + (len(engines.GAMES) + 1) * len(LANGS)
    assert all(page["widgets"] >= 1 for page in result["ran"]), result["ran"]
    for game in engines.GAMES:       # the gallery links the lessons written, in the languages written
        assert result["links"][game] == sorted(f"../tutorials/{game}.{lang}.ipynb" for lang in LANGS)


def test_writing_again_keeps_a_teachers_edit_unless_forced(installed):
    tmp, python = installed.folder, installed.python
    folder = tmp / "again"
    command = [python, "-m", "widgets", "notebooks", folder, "--lang", "zh-Hant", "--game", "amerigo"]
    installed.run(*command)
    lesson = folder / "tutorials" / "amerigo.zh-Hant.ipynb"
    notebook = json.loads(lesson.read_text(encoding="utf-8"))
    notebook["cells"][0]["source"].append("\n老師的補充說明。")
    lesson.write_text(json.dumps(notebook, ensure_ascii=False), encoding="utf-8")
    edited = lesson.read_text(encoding="utf-8")
    out = installed.run(*command)
    assert "kept" in out and "amerigo.zh-Hant.ipynb" in out and "1 kept as they were" in out
    assert "unchanged  notebooks/amerigo.ipynb" in out
    assert lesson.read_text(encoding="utf-8") == edited
    out = installed.run(*command, "--force")
    assert "replaced   tutorials/amerigo.zh-Hant.ipynb" in out
    assert "老師的補充說明" not in lesson.read_text(encoding="utf-8")
    refused = subprocess.run([str(python), "-m", "widgets", "notebooks", str(folder), "--game", "chess"], cwd=tmp,
                             env=installed.env, capture_output=True, text=True)
    assert refused.returncode == 2 and "unknown game chess" in refused.stderr


def test_the_server_publishes_a_teachers_folder(installed):
    """`python -m widgets.serve --folder DIR` from the installed package: the gallery of DIR, rendered with the
    project's page template, and the teacher's pages, which come from the package."""
    import socket
    import time
    import urllib.request

    tmp, python = installed.folder, installed.python
    folder = tmp / "published"
    installed.run(python, "-m", "widgets", "notebooks", folder, "--lang", "zh-Hant")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = open(tmp / "serve.log", "w")
    server = subprocess.Popen([str(python), "-m", "widgets.serve", "--folder", str(folder), f"--port={port}",
                               "--preheat", "0", "--max-kernels", "4"], cwd=tmp, env=installed.env, stdout=log,
                              stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120
        while True:              # wait for the socket, not a page: every page fetched starts a kernel
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, (tmp / "serve.log").read_text()[-3000:]
                time.sleep(0.2)
        base = f"http://127.0.0.1:{port}"
        plan = urllib.request.urlopen(f"{base}/teach/amerigo.plan.zh-Hant.html", timeout=120).read().decode()
        assert "教案" in plan or "教學" in plan
        gallery = urllib.request.urlopen(f"{base}/voila/render/notebooks/index.ipynb?lang=zh-Hant",
                                         timeout=300).read().decode()
        assert "TemplateNotFound" not in (tmp / "serve.log").read_text()
        # the page carries the gallery's widget (drawn by the browser from the kernel: the links themselves are
        # checked by the test above) and no error
        assert "application/vnd.jupyter.widget-view+json" in gallery and "Traceback" not in gallery
    finally:
        server.terminate()
        server.wait(30)
        log.close()
