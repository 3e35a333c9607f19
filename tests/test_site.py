"""The static site's pieces that need no browser: the zh-Hans table that stands in for OpenCC in Pyodide."""

from __future__ import annotations

import engines  # noqa: F401  (loads every game's catalog)
import engines.core.texts as texts
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games' texts are checked too)
from widgets import site


def test_pregenerated_zh_hans_matches_opencc(tmp_path, monkeypatch):
    """Every catalog key renders in zh-Hans the same with the build's table as with OpenCC, and every rule's
    citation in both Chinese scripts (a zh-Hant page writes a Simplified-printed heading in Traditional
    characters: without the table's headings every zh-Hant page of the site failed at its first rule)."""
    from widgets.core import citations
    keys = texts.catalog_keys()
    sources = sorted({(rule.source, game) for game, rules in engines.GAMES.items()
                      for rule in rules.rule_catalog.rules.values()})
    cited = {lang: [citations.cite(source, lang, game) for source, game in sources] for lang in ("zh-Hant", "zh-Hans")}
    with_opencc = {k: texts.template(k, "zh-Hans") for k in keys}
    table = tmp_path / "zh-Hans.generated.toml"
    site.write_zh_hans_table(table)
    monkeypatch.setattr(texts, "GENERATED", table)
    monkeypatch.setitem(__import__("sys").modules, "opencc", None)    # import opencc now fails, as in Pyodide
    monkeypatch.setattr(texts, "_converter", None)
    texts._SIMPLIFIED.clear()
    citations._to_traditional.cache_clear()
    try:
        assert {k: texts.template(k, "zh-Hans") for k in keys} == with_opencc
        for lang, expected in cited.items():
            assert [citations.cite(source, lang, game) for source, game in sources] == expected
    finally:
        texts._SIMPLIFIED.clear()
        citations._to_traditional.cache_clear()


def test_stub_wheel_is_a_wheel(tmp_path):
    import zipfile
    wheel = site.stub_wheel("ssl", tmp_path)
    assert wheel.name == "ssl-1.0.0-py3-none-any.whl"
    assert "ssl-1.0.0.dist-info/METADATA" in zipfile.ZipFile(wheel).namelist()


def test_teacher_links_lead_to_the_teach_pages_on_the_server_and_in_the_site(monkeypatch):
    """The gallery is /voila/render/notebooks/index.ipynb on the server and voici/render/index.html in the
    static site (whose teach/ folder sits beside voici/, wherever the site is hosted)."""
    from widgets import gallery
    assert gallery.teaching_material("amerigo")["en"]["summary"] == "../../../teach/amerigo.summary.en.html"
    monkeypatch.setattr("sys.platform", "emscripten")        # Pyodide's
    assert gallery.teaching_material("amerigo")["zh-Hans"]["plan"] == "../../teach/amerigo.plan.zh-Hans.html"


def test_without_bokeh_the_score_chart_is_svg_that_follows_the_game(monkeypatch):
    """In the static site bokeh cannot be installed: the chart section draws the same chart as SVG, one line
    per seat, and redraws it in place as the game goes on."""
    import widgets
    from widgets.core import chart
    monkeypatch.setattr(chart, "have_bokeh", lambda: False)
    shell = widgets.play("entdecker", players=3, seed=2, lang="zh-Hans")
    shell.more.selected_index = 2
    (svg,) = shell.chart.lazy.box.children
    assert svg.value.count("<polyline") == 3 and "玩家3" in svg.value
    before = svg.value
    shell.run_bots()
    assert shell.chart.lazy.box.children == (svg,) and svg.value != before
    steps = engines.core.texts.render("ui.timeline", {}, "zh-Hans")
    assert shell.match.position > 0 and f"{steps} {shell.match.position}</text>" in svg.value


def test_without_bokeh_the_final_scores_are_stacked_svg_bars(monkeypatch):
    """The final breakdown in the static site: a bar per player, a piece per score part as long as its
    points (negative parts leftwards of 0), the total at its end, the parts named below; and the table."""
    import re

    import widgets
    from widgets.core import chart
    monkeypatch.setattr(chart, "have_bokeh", lambda: False)
    shell = widgets.play("entdecker", players=2, seed=4, lang="zh-Hans", seats={0: "greedy", 1: "greedy"})
    shell.run_bots()
    m = shell.match
    assert m.is_over
    title, (svg,), table = shell.final.box.children[0], shell.final.lazy.box.children, shell.final.box.children[2]
    scores = m.scores()
    for seat in range(2):
        assert f">{scores[seat]['total']}</text>" in svg.value and f"玩家{seat + 1}" in svg.value
    widths = [float(w) for w in re.findall(r"<rect x='[-0-9.]+' y='[0-9.]+' width='([0-9.]+)' height='26'", svg.value)]
    pieces = [v for seat in range(2) for v in scores[seat]["parts"].values() if v]
    assert len(widths) == len(pieces)
    # every piece's length is its points at one scale (drawn to a tenth of a pixel)
    scales = [w / abs(v) for w, v in zip(widths, pieces)]
    assert max(scales) - min(scales) < 0.2 / min(abs(v) for v in pieces), scales
    assert "bgw-score-table" in table.value and "<h3" in title.value


def test_no_page_of_the_built_site_loads_anything_from_another_host():
    """Issue 34: every HTML page of the site, linked or not, loads its scripts, styles and modules from the site
    itself (the unlinked ones JupyterLite and Voici bring, which did not, are left out: site.UNLINKED)."""
    import re
    from pathlib import Path

    import pytest
    built = Path(__file__).resolve().parent.parent / "site"
    if not (built / "voici" / "render").is_dir():
        pytest.skip("site/ not built (make site)")
    loads = re.compile(r"""<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)\s*=\s*["'](https?:)?//"""
                       r"""|\bimport\b[^;'"]*["']https?://|@import\s+(?:url\()?["']?https?://""", re.I)
    outside = [str(p.relative_to(built)) for p in built.rglob("*.html") if loads.search(p.read_text(errors="ignore"))]
    assert not outside, outside
    assert not any((built / name).exists() for name in site.UNLINKED)
