"""The layers stay apart (DESIGN.md): the engines are pure Python, so nothing under engines/ imports Jupyter,
the widgets or a plotting package, not even a developer tool run from there."""

import re
from pathlib import Path

PAGES = ("widgets", "ipywidgets", "anywidget", "bokeh", "jupyter_bokeh", "IPython", "ipykernel", "voila", "nbformat",
         "nbclient", "matplotlib", "jupyter_server", "traitlets")
IMPORT = re.compile(r"^\s*(?:from|import)\s+(" + "|".join(PAGES) + r")\b", re.M)


def test_no_engine_module_imports_a_page_package():
    engines_dir = Path(__file__).parent.parent / "engines"
    found = [f"{path.relative_to(engines_dir)}: {m.group(0).strip()}" for path in sorted(engines_dir.rglob("*.py"))
             for m in IMPORT.finditer(path.read_text(encoding="utf-8"))]
    assert not found, found


def test_the_check_sees_an_import_inside_a_function():
    assert IMPORT.search("def f():\n    import widgets.core.shell  # noqa\n")
    assert IMPORT.search("from bokeh.plotting import figure")
    assert not IMPORT.search("import engines\nfrom .texts import widgetsish")
