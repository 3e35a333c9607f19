"""Issue 33: axe-core's WCAG 2.0/2.1 A and AA rules find nothing on the served pages: the gallery, every play page
(the classroom mode too), every lesson and the teacher's pages, in the three languages. axe-core comes with
axe-playwright-python (PyPI), injected into the real Voila pages in Debian Chromium at 1366 x 768."""

import pytest

from board_page import PAGE_TIMEOUT, axe_violations

pytestmark = pytest.mark.browser

GAMES = ("endeavor-aos", "endeavor-2009", "entdecker", "amerigo", "shipyard")
LANGS = ("en", "zh-Hant", "zh-Hans")

# Each game's play page and lesson, the languages taken in turn; the gallery in both Chinese scripts (English:
# the static site's test), classroom mode and the teacher's pages once each (one code makes them for every game).
PAGES = ([("gallery", "/?lang=zh-Hans"), ("gallery zh-Hant", "/?lang=zh-Hant")]
         + [(f"play {g}", f"/voila/render/notebooks/{g}.ipynb?lang={LANGS[i % 3]}") for i, g in enumerate(GAMES)]
         + [("classroom endeavor-aos", "/voila/render/notebooks/endeavor-aos.ipynb?mode=classroom&lang=zh-Hant")]
         + [(f"lesson {g}", f"/voila/render/tutorials/{g}.{LANGS[(i + 2) % 3]}.ipynb") for i, g in enumerate(GAMES)]
         + [("teach plan", "/teach/shipyard.plan.zh-Hant.html"), ("teach summary", "/teach/amerigo.summary.en.html"),
            ("teach pictures", "/teach/entdecker.pictures.zh-Hans.html")])


@pytest.mark.parametrize("name,path", PAGES, ids=[name for name, _ in PAGES])
def test_axe_finds_no_violation(page, voila_url, name, path):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(voila_url + path, timeout=PAGE_TIMEOUT)
    if path.startswith("/teach/"):
        page.wait_for_load_state("load")
        if ".pictures." in path:
            page.wait_for_function("document.body.dataset.drawn === 'yes'", timeout=PAGE_TIMEOUT)
    elif name.startswith("gallery"):                 # every card's board drawn
        page.wait_for_function(f"document.querySelectorAll('.bgw-card .bgw-root[data-drawn-at]').length >= {len(GAMES)}",
                               timeout=PAGE_TIMEOUT)
    else:
        page.wait_for_selector(".bgw-board .bgw-root[data-drawn-at]", state="attached", timeout=PAGE_TIMEOUT)
        if "/notebooks/" in path:          # the step slider's handle is named once it is drawn
            page.wait_for_function("[...document.querySelectorAll('.bgw-timeline .noUi-handle')]"
                                   ".every((h) => h.getAttribute('aria-label'))", timeout=PAGE_TIMEOUT)
    # The lesson in pictures repeats one section per step (some 48,000 elements, 20 s of axe): every sixth
    # step is read, which spans the lesson's kinds of step (text, task, question, the board after the move).
    context = {"exclude": [["section.step:not(:nth-of-type(6n+1))"]]} if ".pictures." in path else None
    found = axe_violations(page, context)
    assert not found, f"{name}:\n" + "\n".join(found)
