"""Build the static site: `python -m widgets site DIR` (or `python -m widgets.site [--output site]`).

The gallery, the play pages and the lessons as static files that any web server can host. The engines and
widgets run in the visitor's browser with Pyodide, through Voici (Voila's static sibling) and JupyterLite's
Pyodide kernel. Everything is fetched at build time from PyPI and npm; the built site asks nothing of any
other host (no CDN, no PyPI fallback).

It builds from the installed package as well as from a copy of the repository: the pages are written by the
package's notebook writer (widgets/notebooks.py) and the site's own wheel is made from the installed `engines`
and `widgets` folders. Node.js and npm must be on the PATH (the Pyodide runtime comes from npm, and Node
compiles the byte code).

The build tools live in a virtual environment of their own, made when missing: `.venv-site/` in a copy of the
repository, else `board-game-widgets/site-tools` in the user's cache folder (`$BGW_SITE_TOOLS` chooses another).
Voici's and JupyterLite's Jupyter extensions would otherwise change the Voila pages of `make demo`. Downloads
are kept in its `cache/`, so a second build needs no network.

What cannot run in Pyodide is handled here or in the kernel:
- OpenCC is compiled (no Pyodide wheel): every zh-Hant text of the project is converted now, by the kernel's
  own conversion, and shipped in the project's wheel as `engines/core/zh-Hans.generated.toml`, which
  engines/core/texts.py reads instead when `import opencc` fails;
- bokeh needs numpy (no Pyodide build reachable): the score chart is drawn as SVG (widgets/core/chart.py);
- the kernel asks for the compiled modules ssl and sqlite3 at start: empty stub wheels stand in for them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engines", "widgets")                       # what the site's wheel carries, from where they are installed
CHECKOUT = (ROOT / "pyproject.toml").is_file()            # a copy of the repository (an editable install)


def tools_folder() -> Path:
    if os.environ.get("BGW_SITE_TOOLS"):
        return Path(os.environ["BGW_SITE_TOOLS"]).expanduser().resolve()
    if CHECKOUT:
        return ROOT / ".venv-site"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "board-game-widgets" / "site-tools"


VENV = tools_folder()
CACHE = VENV / "cache"

# Pins, each for a reason (checked on 2026-11-22 and 2026-11-26, Debian 12, Chromium):
BUILD_TOOLS = [
    "voici==0.9.0",          # 0.10 cannot load a 0.6/0.7 Pyodide kernel ("Shared module
                             # @jupyterlab/pluginmanager doesn't exist in shared scope default", hangs on "Running")
    "voici-core==0.9.0",     # the front end voici 0.9.0 was built against
    "jupyterlite-core==0.6.4",             # the JupyterLite that voici 0.9 and the 0.6 kernel share
    "jupyterlite-pyodide-kernel==0.6.1",   # expects Pyodide 0.27.6 (Python 3.12), the runtime npm has
    "anywidget==0.11.0",     # its front end (a JupyterLab extension) goes into the site: same version as the wheel
]
PYODIDE_NPM = "pyodide@0.27.6"      # the runtime only: the npm package carries no package wheels
PYODIDE_TGZ = "pyodide-0.27.6.tgz"
PYTHON_VERSION = "3.12"             # Pyodide 0.27's Python
# What the notebooks import in the browser, besides the project (the kernel brings ipykernel's stand-in).
# ipython 9.0.2 copes without sqlite3 (its history is off); later ones were not tried.
SITE_REQUIREMENTS = ["ipywidgets>=8.1,<9", "anywidget==0.11.0", "ipython==9.0.2"]
# Compiled Pyodide modules the kernel asks for at start, on no registry reachable here: empty stand-ins.
STUB_MODULES = ("ssl", "sqlite3")
# IPython requires jedi (and jedi parso) for completions as one types in a code cell, which the pages have
# none of; IPython runs without it (completer.py: JEDI_INSTALLED). jedi's wheel is 15.6 MB in 5,710 files,
# and unpacking it took about 1.5 s of every visit: an empty stand-in instead.
STUB_DEPENDENCIES = {"jedi": "parso"}          # stand-in -> what only it needed
# ipywidgets requires its two front-end packages, whose wheels hold the classic notebook's and JupyterLab's
# extension (2.4 MB, unpacked on every visit): the site serves that front end from its own extensions/, and the
# kernel never imports them. Empty stand-ins instead.
STUB_FRONT_ENDS = ("widgetsnbextension", "jupyterlab_widgets")
LANGS = ("en", "zh-Hant", "zh-Hans")


def log(message: str) -> None:
    print(f"[site] {message}", flush=True)


def run(*args, **kwargs) -> None:
    subprocess.run([str(a) for a in args], check=True, **kwargs)


# -- the build environment ----------------------------------------------------------------------------
def build_python() -> Path:
    python = VENV / "bin" / "python"
    marker = VENV / ".ready"
    if not marker.exists() or marker.read_text() != "\n".join(BUILD_TOOLS):
        if not python.exists():
            log(f"creating {VENV}")
            run(sys.executable, "-m", "venv", VENV)
        run(python, "-m", "pip", "install", "-q", *BUILD_TOOLS)
        # voici requires jupyterlite-xeus, whose front end asks raw.githubusercontent.com for a package
        # mapping on every page: the site uses the Pyodide kernel only.
        run(python, "-m", "pip", "uninstall", "-q", "-y", "jupyterlite-xeus")
        marker.write_text("\n".join(BUILD_TOOLS))
    return python


# -- the Pyodide runtime ------------------------------------------------------------------------------
def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stub_wheel(name: str, folder: Path, why: str = "empty stand-in for Pyodide's compiled module (static site)") -> Path:
    """An empty wheel named `name` (an installable package with no module)."""
    version = "1.0.0"
    path = folder / f"{name}-{version}-py3-none-any.whl"
    info = f"{name}-{version}.dist-info"
    files = {f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                                 f"Summary: {why}\n",
             f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: widgets.site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"}
    record = "".join(f"{n},,\n" for n in files) + f"{info}/RECORD,,\n"
    with zipfile.ZipFile(path, "w") as z:
        for n, text in files.items():
            z.writestr(zipfile.ZipInfo(n, (2020, 1, 1, 0, 0, 0)), text)
        z.writestr(zipfile.ZipInfo(f"{info}/RECORD", (2020, 1, 1, 0, 0, 0)), record)
    return path


def pyodide_runtime(dest: Path, python: Path) -> None:
    """Pyodide from npm, unpacked into `dest` (the lite dir's static/pyodide), with a lock file cut down to
    what is present: micropip and packaging (from PyPI) and the ssl and sqlite3 stand-ins."""
    tgz = CACHE / PYODIDE_TGZ
    if not tgz.exists():
        log(f"npm pack {PYODIDE_NPM}")
        CACHE.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", "--silent", PYODIDE_NPM, cwd=CACHE, stdout=subprocess.DEVNULL)
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tar:
        for member in tar.getmembers():
            if member.isfile() and not member.name.endswith(".map"):
                name = member.name.split("/", 1)[1]
                (dest / name).parent.mkdir(parents=True, exist_ok=True)
                (dest / name).write_bytes(tar.extractfile(member).read())
    lock = json.loads((dest / "pyodide-lock.json").read_text())
    wheels = CACHE / "pyodide-wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    packages = {}
    for name in ("micropip", "packaging"):
        entry = lock["packages"][name]
        target = wheels / entry["file_name"]
        if not target.exists():
            version = entry["version"]
            run(python, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:", "--python-version",
                PYTHON_VERSION, "-d", wheels,
                f"{name}=={version}")
        shutil.copy(target, dest / entry["file_name"])
        packages[name] = dict(entry, sha256=_sha256(target))
    for name in STUB_MODULES:
        wheel = stub_wheel(name, dest)
        packages[name] = {"name": name, "version": "1.0.0", "file_name": wheel.name, "install_dir": "site",
                          "sha256": _sha256(wheel), "package_type": "package", "imports": [],
                          "depends": [], "unvendored_tests": False}
    lock["packages"] = packages
    (dest / "pyodide-lock.json").write_text(json.dumps(lock))


# -- the wheels the pages install ------------------------------------------------------------------------
def zh_hans_table() -> dict[str, dict[str, str]]:
    """The zh-Hans of every zh-Hant text the project holds, made by the kernel's own conversion with OpenCC
    (engines/core/texts.py: the protected terms, the kept words and the overrides of every zh-Hans.toml
    included): {"texts": {traditional: simplified}, "chars": {character: simplified}} ("chars" serves a text
    not known at build time, one character at a time), and "traditional": {rulebook heading: the same in
    Traditional characters} for the zh-Hant pages' citations. The kernel in the browser reads it as it is."""
    import tomllib

    from engines.core.texts import opencc_converter
    convert = opencc_converter()
    found: set[str] = set()

    def walk(value):
        if isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, str) and any("\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff" for c in value):
            found.add(value)
            found.add(value.strip())        # a lesson's multi-line texts are registered stripped

    for folder in PACKAGES:                              # the lessons' files too (widgets/lessons)
        for path in sorted(package_folder(folder).rglob("*.toml")):
            if not path.name.startswith("zh-Hans"):
                walk(tomllib.loads(path.read_text(encoding="utf-8")))
    import engines  # noqa: F401  (every game's texts, and those its code makes: ent.event-name.*...)
    import widgets
    from engines.core.texts import catalog_keys, template
    for game in engines.GAMES:
        widgets.renderer_for(game)                       # the boards' texts
    found.update(template(key, "zh-Hant") for key in catalog_keys())
    from widgets.core.citations import section_titles, traditional_headings
    found.update(h for book in section_titles().values() for h in book)   # the rulebooks' headings, as cited
    texts = {t: convert(t) for t in sorted(found)}
    chars = sorted({c for t in found for c in t if ord(c) > 0x2e7f})
    return {"texts": {t: s for t, s in texts.items() if s != t},
            "chars": {c: s for c in chars if (s := convert(c)) != c},
            "traditional": traditional_headings()}


def toml_string(text: str) -> str:
    # JSON's string escapes are TOML's basic-string escapes (\" \\ \n \uXXXX...); non-ASCII stays as it is.
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def write_zh_hans_table(path: Path) -> None:
    table = zh_hans_table()
    lines = ["# Generated by `python -m widgets.site` with OpenCC (engines/core/texts.py): do not edit.", ""]
    for section in ("texts", "chars", "traditional"):
        lines.append(f"[{section}]")
        lines += [f"{toml_string(k)} = {toml_string(v)}" for k, v in table[section].items()]
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")


def package_folder(name: str) -> Path:
    """Where an installed package (engines, widgets) is: the repository's folder in an editable install."""
    import importlib.util
    return Path(importlib.util.find_spec(name).origin).parent


# The site's wheel: the packages and every file they hold (lessons, texts, board scripts, templates), without
# dependencies (the pages install what they need themselves, see INSTALL).
SITE_PYPROJECT = """[build-system]
requires = ["setuptools>=64"]
build-backend = "setuptools.build_meta"

[project]
name = "board-game-widgets"
version = "{version}"
description = "The board game widgets, as the static site's pages install them"
requires-python = ">=3.11"

[tool.setuptools.packages.find]
include = ["engines*", "widgets*"]

[tool.setuptools.package-data]
"*" = ["**/*"]
"""


def project_wheel(out: Path, python: Path) -> Path:
    """The project as a wheel, built from a copy of the installed packages with the zh-Hans table added."""
    import engines
    with tempfile.TemporaryDirectory(prefix="bgw-site-src-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in PACKAGES:
            shutil.copytree(package_folder(name), src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        (src / "pyproject.toml").write_text(SITE_PYPROJECT.format(version=engines.__version__), encoding="utf-8")
        write_zh_hans_table(src / "engines" / "core" / "zh-Hans.generated.toml")
        before = set(out.glob("board_game_widgets-*.whl"))
        for old in before:
            old.unlink()
        run(python, "-m", "pip", "wheel", "-q", "--no-deps", "-w", out, src)
    return next(out.glob("board_game_widgets-*.whl"))


def dependency_wheels(out: Path, python: Path) -> None:
    """Pure-Python wheels of what the pages import, for Pyodide's Python, into `out` (cached)."""
    cache = CACHE / "wheels"
    cache.mkdir(parents=True, exist_ok=True)
    stamp = cache / ".requirements"
    if not stamp.exists() or stamp.read_text() != "\n".join(SITE_REQUIREMENTS):
        log("pip download (pure-Python wheels for Pyodide)")
        run(python, "-m", "pip", "download", "-q", "--only-binary=:all:", "--platform", "any",
            "--python-version", PYTHON_VERSION, "--implementation", "py", "--abi", "none", "-d", cache,
            *SITE_REQUIREMENTS)
        stamp.write_text("\n".join(SITE_REQUIREMENTS))
    dropped = {n for pair in STUB_DEPENDENCIES.items() for n in pair} | set(STUB_FRONT_ENDS)
    for wheel in cache.glob("*.whl"):
        if wheel.name.split("-")[0].lower() not in dropped:
            shutil.copy(wheel, out / wheel.name)
    for name in STUB_DEPENDENCIES:
        stub_wheel(name, out, "empty stand-in: the static site's pages have no code cells to complete")
    for name in STUB_FRONT_ENDS:
        stub_wheel(name, out, "empty stand-in: the static site serves the widgets' front end itself")


# Byte code, made at build time: Pyodide's Python would otherwise compile every module the kernel imports
# (IPython, prompt_toolkit, ipywidgets...) from source on every visit, the browser caching no .pyc. Compiled
# here by the site's own Pyodide (its Python's byte code), run by Node, as "unchecked-hash" .pyc files
# beside the sources, which the import system takes without comparing them to the sources' dates (micropip
# gives extracted files the time of the visit). Measured under Node on 2026-11-26: importing IPython,
# ipywidgets and anywidget took 2.9 s from source and 1.6 s with this byte code.
COMPILE = """
import {{ loadPyodide }} from {pyodide_mjs};
const py = await loadPyodide({{ indexURL: {pyodide_dir} }});
py.FS.mkdirTree("/wheels");
py.FS.mount(py.FS.filesystems.NODEFS, {{ root: {wheels} }}, "/wheels");
py.runPython({code});
"""
COMPILE_PY = r"""
import compileall, io, pathlib, shutil, sys, tempfile, zipfile
for name in {names!r}:
    wheel = pathlib.Path("/wheels") / name
    tmp = pathlib.Path(tempfile.mkdtemp())
    with zipfile.ZipFile(wheel) as z:
        z.extractall(tmp)
        order = [i.filename for i in z.infolist()]
    compileall.compile_dir(tmp, quiet=2, workers=1, legacy=False,
                           invalidation_mode=compileall.py_compile.PycInvalidationMode.UNCHECKED_HASH)
    made = sorted(str(p.relative_to(tmp)) for p in tmp.rglob("*.pyc"))
    record = next(n for n in order if n.endswith(".dist-info/RECORD"))
    lines = (tmp / record).read_text().rstrip("\n") + "\n" + "".join(f"{{m}},,\n" for m in made)
    (tmp / record).write_text(lines)
    out = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for n in [n for n in order if n != record] + made + [record]:   # RECORD last, as wheels have it
            if not n.endswith("/"):
                z.write(tmp / n, n)
    out.replace(wheel)
    shutil.rmtree(tmp)
"""


def compile_wheels(folder: Path, names: list[str], pyodide: Path) -> None:
    """Add Pyodide's byte code to the wheels `names` in `folder`, in place (see COMPILE)."""
    if not names:
        return
    script = COMPILE.format(pyodide_mjs=json.dumps(str(pyodide / "pyodide.mjs")),
                            pyodide_dir=json.dumps(str(pyodide) + "/"), wheels=json.dumps(str(folder)),
                            code=json.dumps(COMPILE_PY.format(names=names)))
    run("node", "--input-type=module", "-e", script)


def compiled_dependency_wheels(out: Path, pyodide: Path) -> None:
    """The dependency wheels in `out`, with byte code: compiled once, kept in the cache."""
    compiled = CACHE / "compiled-wheels"
    compiled.mkdir(parents=True, exist_ok=True)
    todo = [w.name for w in out.glob("*.whl") if not (compiled / w.name).exists()]
    if todo:
        log(f"compiling {len(todo)} wheels to Pyodide's byte code")
        for name in todo:
            shutil.copy(out / name, compiled / name)
        compile_wheels(compiled, todo, pyodide)
    for wheel in out.glob("*.whl"):
        if (compiled / wheel.name).exists():
            shutil.copy(compiled / wheel.name, wheel)


# -- the pages ----------------------------------------------------------------------------------------
# The kernel installs only what it is asked for: the project (without its server-side dependencies: bokeh,
# voila, opencc...) and the widget libraries, from the site's own index. Put before each page's first code cell.
# One call, with every package named and no dependency resolution (each resolution reads the index and every
# wheel's metadata again): the kernel has installed IPython, traitlets and comm already; ipywidgets needs its two
# front-end packages (stand-ins, see STUB_FRONT_ENDS), anywidget psygnal and typing_extensions. A missing one
# fails the page's first import.
INSTALL = ("import piplite as _p; await _p.install(['ipywidgets', 'widgetsnbextension', 'jupyterlab_widgets', "
           "'anywidget', 'psygnal', 'typing_extensions', 'board-game-widgets'], deps=False); del _p\n")
# The lessons and the teacher's pages travel in the package. The gallery (widgets/gallery.py) links a play page
# when notebooks/<game>.ipynb exists and a lesson when tutorials/<lesson>.ipynb does (its title from its first
# heading), in the folder it is given (root=".."): the site's pages are not in the kernel's file system, so the
# gallery page first writes a stand-in of each there.
WRITE_FILES = """import json as _j, pathlib as _pl
for _name, _text in _j.loads({files!r}).items():
    (_pl.Path("..") / _name).parent.mkdir(parents=True, exist_ok=True)
    (_pl.Path("..") / _name).write_text(_text, encoding="utf-8")
del _j, _pl, _name, _text
"""


def _heading(path: Path) -> str:
    for cell in json.loads(path.read_text(encoding="utf-8")).get("cells", []):
        if cell.get("cell_type") == "markdown":
            for line in "".join(cell.get("source", [])).splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return ""


def _prefix(notebook: Path, code: str) -> None:
    """Put `code` at the start of the notebook's first code cell."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    cell = next(c for c in nb["cells"] if c["cell_type"] == "code")
    source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
    cell["source"] = code + source
    notebook.write_text(json.dumps(nb, ensure_ascii=False, indent=1), encoding="utf-8")


LAB_ONLY = "bgw-lab-only"      # the tag tutorials/make_notebooks.py gives them, which the Voila template reads


def _published(source: Path, dest: Path) -> None:
    """A notebook as a published page shows it: without the cells for JupyterLab readers only (tagged
    bgw-lab-only: a lesson's section for the curious), which the Voila template leaves out too."""
    notebook = json.loads(source.read_text(encoding="utf-8"))
    notebook["cells"] = [c for c in notebook["cells"] if LAB_ONLY not in c.get("metadata", {}).get("tags", [])]
    dest.write_text(json.dumps(notebook, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def contents(dest: Path) -> list[Path]:
    """The notebooks the site renders, written by the package's writer: the gallery and play pages at the top,
    the lessons under tutorials/."""
    from widgets import notebooks
    written = dest.parent / "written"
    notebooks.write(written)
    pages, stand_ins = [], {}
    for path in sorted((written / "notebooks").glob("*.ipynb")):
        shutil.copy(path, dest / path.name)
        pages.append(dest / path.name)
        stand_ins[f"notebooks/{path.name}"] = "{}"
    (dest / "tutorials").mkdir(exist_ok=True)
    for path in sorted((written / "tutorials").glob("*.ipynb")):
        _published(path, dest / "tutorials" / path.name)
        pages.append(dest / "tutorials" / path.name)
        stand_ins[f"tutorials/{path.name}"] = json.dumps(
            {"cells": [{"cell_type": "markdown", "source": "# " + _heading(path)}]}, ensure_ascii=False)
    for page in pages:
        files = stand_ins if page.name == "index.ipynb" else {}
        _prefix(page, INSTALL + (WRITE_FILES.format(files=json.dumps(files, ensure_ascii=False)) if files else ""))
    return pages


# The gallery links `<game>.ipynb?lang=..` and `../tutorials/<lesson>.ipynb`, as the Voila server names its
# pages; Voici names them voici/render/<game>.html. A folder of that .ipynb name whose index.html forwards
# (with the address's options) makes those links work on any static server (they redirect `x.ipynb?..` to
# `x.ipynb/?..`, keeping the query).
FORWARD = ("<!doctype html><meta charset='utf-8'><title>…</title>"
           "<script>location.replace({target!r} + location.search + location.hash)</script>")


def forwards(output: Path, pages: list[Path], contents_dir: Path) -> None:
    render = output / "voici" / "render"
    for page in pages:
        rel = page.relative_to(contents_dir)
        html_name = rel.with_suffix(".html").as_posix()
        if rel.parent == Path("."):
            folder, target = render / rel.name, f"../{html_name}"
        else:                              # ../tutorials/x.ipynb from the gallery: voici/tutorials/x.ipynb/
            folder, target = output / "voici" / rel, f"../../render/{html_name}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "index.html").write_text(FORWARD.format(target=target), encoding="utf-8")
    # The site's root is the gallery (JupyterLite's own index would open a file browser).
    (output / "index.html").write_text(FORWARD.format(target="voici/render/index.html"), encoding="utf-8")


# The page's address reaches the kernel as QUERY_STRING, as under Voila (widgets.page_options reads it).
# Voici hands the kernel nothing of the address, but it runs the notebook embedded in the page (the
# `notebookSrc` of the page's jupyter-config-data): this script, put right after that data, prefixes the first
# code cell with a line that sets QUERY_STRING from the page address before voici.js reads it.
# A link inside a paragraph is told from its text by more than colour (WCAG 1.4.1), as on the server's pages
# (widgets/jupyter/voila/templates/bgw).
LINKS_STYLE = "<style>.jp-RenderedHTMLCommon p a, .jp-RenderedHTMLCommon li a { text-decoration: underline !important; }</style>\n"
QUERY_SCRIPT = """<script>(function () {
  var el = document.getElementById("jupyter-config-data"), config = JSON.parse(el.textContent);
  // Voici 0.9 writes the runtime's and the wheels' URLs relative to the site's root ("./static/..."), but they
  // are read relative to the page (voici/render/...): make them absolute, from the page's baseUrl.
  var base = new URL(config.baseUrl || "./", location.href);
  var kernel = (config.litePluginSettings || {})["@jupyterlite/pyodide-kernel-extension:kernel"] || {};
  if (kernel.pyodideUrl) kernel.pyodideUrl = new URL(kernel.pyodideUrl, base).href;
  if (kernel.pipliteUrls) kernel.pipliteUrls = kernel.pipliteUrls.map(function (u) { return new URL(u, base).href; });
  var cells = (config.notebookSrc || {}).cells || [], cell = cells.find(function (c) { return c.cell_type === "code"; });
  if (cell) {
    var source = Array.isArray(cell.source) ? cell.source.join("") : cell.source;
    cell.source = "import os as _os; _os.environ['QUERY_STRING'] = " + JSON.stringify(location.search.slice(1)) +
                  "; del _os\\n" + source;
  }
  el.textContent = JSON.stringify(config);
})();</script>"""
OUTSIDE = ('<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/all.min.css"',
           '<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/v4-shims.min.css"')


# Pages JupyterLite and Voici put in every site that no page of ours links, each asking an outside host for
# something (Font Awesome, jQuery) or never finishing to load (doc/: JupyterLite's own notebook app): left out.
UNLINKED = ("voici/tree", "voici/index.html", "doc", "static/pyodide/console.html")


def prune(output: Path) -> None:
    for name in UNLINKED:
        path = output / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()


def patch_pages(output: Path) -> None:
    """Each rendered page: the address passed to the kernel, and no request outside the site."""
    for page in (output / "voici" / "render").rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        config = text.index('<script id="jupyter-config-data"')
        end = text.index("</script>", config) + len("</script>")
        text = text[:end] + "\n" + QUERY_SCRIPT + LINKS_STYLE + text[end:]
        page.write_text(strip_outside(text), encoding="utf-8")
    for page in [output / "index.html"]:
        if page.exists():
            page.write_text(strip_outside(page.read_text(encoding="utf-8")), encoding="utf-8")


def strip_outside(text: str) -> str:
    """Drop what would load from another host: the template's Font Awesome (the pages use none of its icons)."""
    for link in OUTSIDE:
        while link in text:
            start = text.index(link)
            text = text[:start] + text[text.index(">", start) + 1:]
    # nbconvert's script that imports Mermaid from a CDN when a notebook has a diagram (ours have none)
    while MERMAID in text:
        at = text.index(MERMAID)
        start, end = text.rindex("<script", 0, at), text.index("</script>", at) + len("</script>")
        text = text[:start] + text[end:]
    return text


MERMAID = ".jp-Mermaid > pre.mermaid"


def lite_config(lite: Path, wheels: list[Path]) -> None:
    (lite / "jupyter_lite_config.json").write_text(json.dumps({"PipliteAddon": {
        "piplite_urls": [str(w) for w in wheels]}}, indent=1))
    settings = {"@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True}}
    (lite / "jupyter-lite.json").write_text(json.dumps({"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "litePluginSettings": settings,
        # jupyterlite-xeus comes with voici; its front end asks raw.githubusercontent.com for a mapping: off.
        "disabledExtensions": ["@jupyterlite/xeus-extension"]}}, indent=1))


def teacher_pages(output: Path) -> None:
    """The teacher's pages (widgets/teacher/*.md as HTML), which the Voila server makes on request, made now, in
    teach/ beside voici/: the gallery links them as ../../teach/<game>.<kind>.<lang>.html from voici/render/
    (widgets.gallery.teach_folder), wherever the site is hosted."""
    import engines
    from widgets import pictures, teach
    from widgets.core.lesson_file import lesson_path
    folder = output / "teach"
    folder.mkdir(exist_ok=True)
    for game in sorted(engines.GAMES):
        for kind in teach.KINDS:
            for lang in LANGS:
                text = teach.page(game, kind, lang)
                if text is not None:
                    (folder / f"{game}.{kind}.{lang}.html").write_text(text, encoding="utf-8")
        if lesson_path(game).is_file():          # every step of the lesson in pictures, a printable handout
            for lang in LANGS:
                (folder / f"{game}.pictures.{lang}.html").write_text(pictures.page(game, lang), encoding="utf-8")


def build(output: Path) -> None:
    started = time.monotonic()
    python = build_python()
    output = output.resolve()
    with tempfile.TemporaryDirectory(prefix="bgw-site-") as tmp:
        lite = Path(tmp) / "lite"
        lite.mkdir()
        pyodide_runtime(lite / "static" / "pyodide", python)
        wheels = Path(tmp) / "wheels"
        wheels.mkdir()
        dependency_wheels(wheels, python)
        compiled_dependency_wheels(wheels, lite / "static" / "pyodide")
        log("building the project's wheel")
        compile_wheels(wheels, [project_wheel(wheels, python).name], lite / "static" / "pyodide")
        pages = Path(tmp) / "contents"
        pages.mkdir()
        notebooks = contents(pages)
        lite_config(lite, sorted(wheels.glob("*.whl")))
        if output.exists():
            shutil.rmtree(output)
        log("voici build")
        env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1",
                   **{k: str(Path(tmp) / "jupyter" / k) for k in
                      ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR")})
        run(VENV / "bin" / "voici", "build", "--contents", pages, "--output-dir", output,
            "--disable-addons", "jupyterlite-xeus",
            cwd=lite, env=env)
        prune(output)
        patch_pages(output)
        forwards(output, notebooks, pages)
        teacher_pages(output)
    log(f"built {output} in {time.monotonic() - started:.0f} s")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m widgets.site", description=__doc__.split("\n")[0])
    parser.add_argument("--output", default=str(ROOT / "site" if CHECKOUT else Path.cwd() / "site"),
                        help="where the site goes (default: site/ in the repository, else in this folder)")
    args = parser.parse_args(argv)
    build(Path(args.output))


if __name__ == "__main__":
    main()
