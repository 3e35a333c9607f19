"""zh-Hans, generated from zh-Hant (engines/core/texts.py): the terms survive the conversion, and every word the
conversion rewrites has been approved.

OpenCC's Taiwan-to-mainland conversion changes words as well as characters. The project protects its terms
(every Chinese term of TERMINOLOGY.md, the rulebooks' words the glossary quotes included), keeps the words its
zh-Hans.toml files list under `keep`, and replaces the ones they list under `[phrases]`. Compared with the
characters-only conversion (OpenCC's tw2s):
- every term converts as its characters do, unless an override says otherwise, alone and in every text;
- every other word the conversion rewrites, in every text the project shows, is listed in
  engines/core/zh-Hans-approved.toml (`python -m engines.core.zh_hans --new` lists the new ones).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from engines.core import texts, zh_hans
from engines.core.texts import glossary_terms, simplified
from engines.core.zh_hans import Rewrite, characters_only, listed, replaced, rewrites

zh_hans.load_everything()
texts.load_all_overrides()
TERMS = glossary_terms(texts.TERMINOLOGY.read_text(encoding="utf-8"))
PROJECT = zh_hans.project_texts()


def expected(term: str) -> str:
    """A term's zh-Hans: its characters, and the overrides."""
    return replaced(characters_only(term), texts._PHRASES)


def test_the_glossary_is_read():
    assert len(TERMS) > 400
    assert {"發展指標", "巢狀建造", "海岸線", "白線", "宣告使用幾張探索卡", "建築儲備區", "總督牌位置"} <= set(TERMS)
    assert not [t for t in TERMS if len(t) < 2]


def test_every_term_survives_the_conversion():
    """Each term of TERMINOLOGY.md reads in zh-Hans as its characters do (tw2s), or as an override says."""
    broken = {term: (simplified(term), expected(term)) for term in TERMS if simplified(term) != expected(term)}
    assert not broken, ("terms the zh-Hans conversion rewrites (term: (zh-Hans, characters only)); protect them "
                        f"(engines/core/texts.py) or give an override:\n{broken}")


def test_every_term_survives_in_every_text():
    """...and inside the texts: 白線上 is 白線 + 上 (白线上), never 白 + 線上 (白在线); unless an override takes a
    longer phrase holding the term (第一順位 -> 第一位)."""
    broken = []
    for file, key, text in PROJECT:
        done = simplified(text)
        by_characters = replaced(characters_only(text), texts._PHRASES)
        for term in TERMS:
            if term in text and expected(term) not in done and expected(term) in by_characters:
                at = text.index(term)
                broken.append(f"{file} [{key}]: {term} -> {expected(term)} not in "
                              f"{simplified(text[max(0, at - 6):at + len(term) + 6])}")
    assert not broken, "\n".join(broken)


def test_the_converter_keeps_the_rulebooks_words_and_writes_mainland_ones():
    """The examples of issue 31: phrases OpenCC rewrote wrongly, and Taiwanese words it left."""
    for zh_hant, zh_hans_text in {
        "工業的發展指標上升": "工业的发展指标上升",
        "走該白線上的成就標記": "走该白线上的成就标记",
        "海岸線上的建築": "海岸线上的建筑",
        "宣告使用兩張探索卡": "宣告使用两张探索卡",
        "或宣告棄權": "或宣告弃权",
        "建築種類比儲備區": "建筑种类比储备区",
        "放到小堆疊": "放到小堆叠",
        "不能建立殖民地": "不能建立殖民地",
        "可以巢狀建造": "可以巢状建造",
        "在沒有資料來源時": "在没有资料来源时",
        "空白鍵自動進行": "空格键自动进行",
        "一半，無條件進位": "一半，向上取整",
        "海盜標記加總數字": "海盗标记合计数字",
        "另加總督牌位置的1張": "另加总督牌位置的1张",    # 加總 is replaced, not across a term
        "改變玩家順位": "改变玩家顺序",
        "你已經是第一順位了": "你已经是第一位了",        # an override may take a phrase holding a short term
        "平手時，由平手玩家中": "平局时，由打平的玩家中",
        "順時鐘": "顺时针",
        "蕃茄": "番茄",
        "執行行動": "执行行动",
        "本程式的裁定": "本程序的裁定",
        "「激活」即「啟動」、「啟用」": "“激活”即“启动”、“启用”",
        "顯示隱藏資訊": "显示隐藏信息",
    }.items():
        assert simplified(zh_hant) == zh_hans_text, zh_hant


TAIWAN_WORDS = re.compile("空白键|无条件进位|加总(?!督)|顺位|平手|走法|顺时钟|蕃茄|程式|萤幕|滑鼠|伺服器|资讯|选单|专案|档案")


def test_no_taiwanese_word_in_zh_hans():
    """Words a mainland reader writes otherwise (issue 31), in no generated zh-Hans text (另加总督牌 is 另加 +
    总督牌)."""
    found = [f"{file} [{key}]: {m[0]}" for file, key, text in PROJECT for m in TAIWAN_WORDS.finditer(simplified(text))]
    assert not found, "\n".join(found)


def test_the_particle_is_written_as_the_mainland_writes_it():
    """Issue 31: 寫著 is 写着 in zh-Hans; 著 stays only in words that mean it (土著, 著名, 显著, 著作, 名著)."""
    found = [f"{file} [{key}]: {simplified(text)[max(0, m.start() - 4):m.end() + 2]}"
             for file, key, text in PROJECT
             for m in re.finditer(r"(?<!土|显|名|卓|原)著(?!名|作|称|述)", simplified(text))]
    assert not found, "add the phrase to widgets/core/zh-Hans.toml [phrases] (\"写著\" = \"写着\"):\n" + "\n".join(found)


def test_the_finder_names_each_rewrite():
    assert rewrites("工業的發展指標上升") == []
    assert rewrites("本程式的裁定") == [Rewrite("程式", "程式", "程序")]
    (rewrite,) = rewrites("下面的儲存格")                  # 儲存 alone would give 保存: the cell is 单元格
    assert rewrite == Rewrite("儲存格", "储存格", "单元格") and rewrite.overridden
    approved, overridden = rewrites("本專案自訂的數值")    # one approved, one overridden
    assert approved == Rewrite("專案", "专案", "项目") and not approved.overridden and approved.approved(listed())
    assert overridden == Rewrite("自訂", "自订", "自定") and overridden.overridden
    assert rewrites("停在白線上的城") == []               # not 白 + 線上 (在线)
    assert not Rewrite("線上", "线上", "在线").approved(listed())


def test_the_texts_are_found():
    files = {file for file, _, _ in PROJECT}
    for expected_file in ("engines/core/texts.toml", "engines/endeavor/data/2009/rules.toml",
                          "engines/amerigo/data/tiles.toml", "widgets/core/texts.toml",
                          "widgets/shipyard/texts.toml", "widgets/lessons/entdecker.toml",
                          "widgets/pages/amerigo.toml", "widgets/notebooks.py",
                          "widgets/teacher/amerigo.plan.zh-Hant.md"):
        assert expected_file in files, expected_file
    assert len(PROJECT) > 2000


def test_every_rewrite_is_approved():
    """A word the conversion rewrites (zh-Hans differs from the characters-only conversion) is approved in
    engines/core/zh-Hans-approved.toml, or made by an override."""
    new = zh_hans.not_approved()
    assert not new, ("the zh-Hans conversion rewrites words nobody has approved (python -m engines.core.zh_hans "
                     "--new lists them):\n" + zh_hans.report(new))


def test_the_approved_list_is_well_formed():
    data = tomllib.loads(zh_hans.APPROVED.read_text(encoding="utf-8"))
    assert set(data) == {"rewrites"}
    for phrase, zh in data["rewrites"].items():
        assert characters_only(phrase) != zh, f"{phrase}: not a rewrite (the characters give {zh})"
        assert simplified(phrase) == zh, f"{phrase}: the conversion gives {simplified(phrase)}, not {zh}"


@pytest.mark.parametrize("path", sorted(texts._OVERRIDE_FILES), ids=lambda p: str(Path(p).relative_to(zh_hans.ROOT)))
def test_kept_words_are_converted_by_their_characters(path):
    """A `keep` phrase reads as its characters do (it is what keep is for)."""
    keep = tomllib.loads(open(path, encoding="utf-8").read()).get("keep", [])
    assert {k: simplified(k) for k in keep} == {k: expected(k) for k in keep}


def test_the_test_only_games_texts_too():
    """The test-only games' Chinese (tic-tac-toe: its data, board texts, lesson, lesson page and teacher's pages,
    all in its own folder, which engines.core.zh_hans's list of the project's texts does not read: they are
    never published) keeps its terms and makes no rewrite nobody approved, the game registered (its own
    zh-Hans.toml loaded)."""
    from games import TEST_ONLY, registering_test_only_games
    with registering_test_only_games():
        found: dict = {}
        own = []
        for package in TEST_ONLY.values():
            folder = Path(__import__(package).__file__).resolve().parent
            for path in sorted(folder.rglob("*.toml")):
                if not path.name.startswith("zh-Hans"):
                    data = tomllib.loads(path.read_text(encoding="utf-8"))
                    own += [(str(path.relative_to(zh_hans.ROOT)), key, text) for key, text in zh_hans.zh_hant_strings(data)]
            own += [(str(path.relative_to(zh_hans.ROOT)), "", path.read_text(encoding="utf-8"))
                    for path in sorted(folder.rglob("*.zh-Hant.md"))]
        assert {Path(file).parent.name for file, _, _ in own} >= {"data", "board", "lessons", "pages", "teacher"}
        for file, key, text in own:
            for rewrite in rewrites(text):
                found.setdefault(rewrite, []).append((file, key, simplified(text)[:40]))
        new = zh_hans.not_approved(found)
        assert not new, zh_hans.report(new)
        broken = [f"{file} [{key}]: {term}" for file, key, text in own for term in TERMS
                  if term in text and expected(term) not in simplified(text)
                  and expected(term) in replaced(characters_only(text), texts._PHRASES)]
        assert not broken, "\n".join(broken)
