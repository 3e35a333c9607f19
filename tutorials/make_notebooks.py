"""Write the tutorial notebooks, cell for cell the same in every language, from the texts below.

    .venv/bin/python tutorials/make_notebooks.py   # rewrites tutorials/<game>.<lang>.ipynb (no outputs)

The texts are written in English and Traditional Chinese; the Simplified Chinese notebooks are made from the
Traditional ones as every zh-Hans text of the project is (OpenCC's tw2sp, then the project's phrase overrides
for mainland terms: engines/core/texts.py `simplified`), so that a zh-Hans page is Simplified throughout.

A tutorial is a few lines of theme and goal, one lesson widget that teaches the rules step by step on
the board (tutorials/lessons/<game>.toml), and an optional last section of engine code for the curious.
Why one widget and not a widget per section: see docs/lessons.md.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
LANGS = ("en", "zh-Hant", "zh-Hans")

HOW = {
    "en": """**How the lesson works.** Each step teaches one rule on the board beside it. When a step asks for a move,
make it on the board (or with the button under it): a move the rules forbid is explained, a legal move that is
not the one asked for says why, and the right one is played. Answer the question when there is one, then press
**Continue**. **Back** returns to the previous step, the chapter menu jumps ahead, **Show me** makes the move for
you, and **Play on from here** opens the position as a full game against bots. The rule's id and its rulebook
section are folded under the step.""",
    "zh-Hant": """**教學怎麼進行**：每一步在旁邊的版圖上教一條規則。步驟要你走一步時，請在版圖上（或版圖下方的按鈕）操作：
規則不允許的走法會說明原因，合乎規則但不是這一步要練習的走法也會告訴你，正確的那一步就會執行。有問題時先回答，
然後按**繼續**。**上一步**回到前一步，章節選單可以跳到後面的章節，**示範給我看**會替你走這一步，**從這裡接著玩**
則以目前局面和電腦玩家對戰。每一步下方可以展開規則代號和規則書章節。""",
}

START = {
    "en": "Make each move the step asks for on the board, then press **Continue**.",
    "zh-Hant": "請在版圖上走出每一步要求的走法，然後按**繼續**。",
}

GAMES = {
    "endeavor-aos": {
        "intro": {
            "en": """# Endeavor: Age of Sail: learn the game by playing it

*1571 to 1862.* You lead a seafaring empire: build up your homeland, send ships to distant regions, compete for
cities and trade routes; after seven rounds the most **glory** wins. As **Player 1** of three you go through the
setup, two rounds and six prepared positions, up to the final scoring.""",
            "zh-Hant": """# 奮進號：大航海時代：邊玩邊學

*1571至1862年*。你帶領一個航海帝國：發展本國、派船前往遙遠的地區、爭奪城市與貿易路線；七輪之後**榮譽**最多的玩家獲勝。
你將以三位玩家中的**玩家1**，走過初始設置、前兩輪和六個預設局面，直到最終算分。""",
        },
        "stand_in": {
            "en": """> **About the values on the components.** The rulebook states only a few of the values printed on the
> buildings, cards, tokens and map. Where it is silent, this project uses its own *stand-in* values, which
> respect every count and rule the rulebook gives; the board marks them. Which building shows which icon may
> differ on your copy; the rules you learn here do not depend on it.""",
            "zh-Hant": """> **關於配件上的數值**：規則書只寫出建築、卡牌、指示物和地圖上少數幾個數值。規則書沒寫的部分，本專案使用自訂的
> *替代數值*，但遵守規則書給出的所有數量和規則；版圖上會標示出來。你手上那一套的建築標誌可能不同，但這裡學到的規則不受影響。""",
        },
        "curious": {
            "en": """## For the curious: the engine behind the board

Everything the lesson shows comes from a rules engine you can call from Python. This cell opens a prepared
position, asks why a move is refused, makes a legal one and prints what the engine narrated. Nothing above
depends on it.""",
            "zh-Hant": """## 給好奇的你：版圖背後的規則引擎

教學中看到的一切都來自可以用Python呼叫的規則引擎。下面的儲存格打開一個預設局面，詢問某個走法為什麼不被允許，
再走一步合乎規則的棋，並印出引擎的敘述。上面的教學不依賴這一格。""",
        },
        "code": """import engines

m = engines.scenario("endeavor-aos", "salary-choice")
print(m.why_not("pay:3").render(LANG))
for event in m.play("pay:1"):
    print(f"[{event.rule}] {event.text(LANG)}")
print(sorted(a.id for a in m.legal_actions()))""",
    },
    "endeavor-2009": {
        "intro": {
            "en": """# Endeavor (2009): learn the game by playing it

The original Endeavor, for 3 to 5 players. You lead an empire of the age of exploration: build at home, ship
along the routes to distant regions, occupy cities and draw cards; after seven rounds the most **glory** wins.
As **Player 1** of three you play the first two rounds, then prepared positions up to the final scoring.
Already know *Endeavor: Age of Sail*? Chapter 9 puts each rule beside its Age of Sail counterpart: open this
page with `?step=35`, or pick the chapter in the menu.""",
            "zh-Hant": """# 奮鬥帝國（2009）：邊玩邊學

原版《奮鬥帝國》，3至5人。你帶領一個大航海時代的帝國：在本國建築、沿新航道航海到遙遠的地區、佔領城並拿取特權牌；
7個回合後**榮譽**最多的玩家獲勝。你將以三位玩家中的**玩家1**玩前兩個回合，再練習幾個預設局面，直到最終計分。
已經會玩《奮進號：大航海時代》嗎？第9章把每條規則和大航海時代的對應規則並列比較：在網址加上`?step=35`，或從章節選單選擇。""",
        },
        "stand_in": {
            "en": """> **About the values on the components.** The 2009 rulebook states the counts (45 buildings, 48 cards,
> 104 markers) but not what each building, card or marker shows, nor the map. This project uses its own
> *stand-in* values, which respect every count and rule the rulebook gives; the board marks them. The rulebook
> also stops after the action step: payment, the card limit, the end and final scoring follow Age of Sail,
> and the rule panel says so.""",
            "zh-Hant": """> **關於配件上的數值**：2009年規則書寫了數量（45座建築、48張特權牌、104個成就標記），但沒有寫每座建築、
> 每張牌、每個標記的內容和地圖。本專案使用自訂的*替代數值*，但遵守規則書給出的所有數量和規則；版圖上會標示出來。
> 規則書寫到行動步驟就結束了：支付、特權牌上限、遊戲結束與最終計分依照大航海時代的規則，規則面板會註明。""",
        },
        "curious": {
            "en": """## For the curious: the engine behind the board

Both editions run on one rules engine: the rules they share are one piece of code, named by edition (rule
ids beginning `e09.` here, `aos.` in Age of Sail). This cell opens a prepared position, asks why a move is refused
and prints what is legal. Nothing above depends on it.""",
            "zh-Hant": """## 給好奇的你：版圖背後的規則引擎

兩個版本使用同一個規則引擎：相同的規則是同一段程式，依版本命名（這裡的規則代號以`e09.`開頭，大航海時代以`aos.`開頭）。
下面的儲存格打開一個預設局面，詢問某個走法為什麼不被允許，並印出合乎規則的選擇。上面的教學不依賴這一格。""",
        },
        "code": """import engines

m = engines.scenario("endeavor-2009", "closed-route")
m.play("activate:2")
print(m.why_not("acquire:far-east").render(LANG))
print(sorted(a.id for a in m.legal_actions()))""",
    },
    "amerigo": {
        "intro": {
            "en": """# Amerigo: explore, trade and build, one phase at a time

*Stefan Feld, 2013.* In each of 5 rounds, 7 phases drop their cubes into a **cube tower**; what falls out sets the
actions everyone may choose and how many **action points** they give. Sail to the islands and build **trading
posts**, plan and build landscape and village tiles, load cannons against the **pirates**, develop, buy production.
As **Player 1** of three you play the first round, then prepared positions up to the final scoring.""",
            "zh-Hant": """# 亞美利哥（Amerigo）：探險、貿易與建造，一次一個階段

*Stefan Feld，2013年*。5個回合中，每回合的7個階段都把方塊倒入**骰塔**；掉出來的方塊決定所有玩家能選擇的行動與**行動點數**。
航向島嶼建造**交易站**，計畫並建造景觀與村莊板塊，裝填砲彈抵禦**海盜**，發展，購買生產板塊。
你以三位玩家中的**玩家1**先玩第1回合，再練習幾個預設局面，直到最終計分。""",
        },
        "stand_in": {
            "en": """> **About the values on the components.** The maps printed on the island tiles, how many landscape and
> village tiles of each shape there are, where the tracks' numbered spaces lie and how the real cube tower
> behaves are not published. This project uses its own *stand-in* values, which keep every count and rule the
> rulebook gives; the board marks them (*). The rules you learn here do not depend on them.""",
            "zh-Hant": """> **關於配件上的數值**：島嶼板塊上的地圖、各形狀景觀與村莊板塊的數量、軌道上數字格的位置，以及真實骰塔的行為都沒有公開。
> 本專案使用自訂的*替代數值*，但遵守規則書給出的所有數量和規則；版圖上以*標示。這裡學到的規則不受影響。""",
        },
        "curious": {
            "en": """## For the curious: the engine behind the board

Everything the lesson shows comes from a rules engine you can call from Python. This cell opens the prepared
tower position, lets the tower drop (a sampled chance step: the match's seed decides) and prints what fell and
what the engine narrated. Nothing above depends on it.""",
            "zh-Hant": """## 給好奇的你：版圖背後的規則引擎

教學中看到的一切都來自可以用Python呼叫的規則引擎。下面的儲存格打開骰塔的預設局面，讓骰塔倒入方塊（抽樣的機率步驟：由對局的種子決定），
並印出掉出的方塊與引擎的敘述。上面的教學不依賴這一格。""",
        },
        "code": """import engines

m = engines.scenario("amerigo", "tower")
for event in m.advance(step=True):
    print(f"[{event.rule}] {event.text(LANG)}")
print(m.why_not("act:brown").render(LANG))
print(sorted(a.id for a in m.legal_actions()))""",
    },
    "entdecker": {
        "intro": {
            "en": """# Entdecker (Discoverer): your first voyages

*Klaus Teuber, 1996.* Sail out from the edge of an unexplored sea, lay **discovery tiles** one by one, find islands
and station **scouts**, **forts** and **settlements** on them; when an island is complete, its **largest explorer**
scores it. As **Player 1** you play a first turn, then prepared positions up to the end of the game.""",
            "zh-Hant": """# 發現者（Entdecker）：第一次出航

*Klaus Teuber，1996年*。從遊戲板邊緣駛入未探索的海洋，一張一張放下**探索卡**，發現島嶼，並在島上派駐**偵察兵**、**要塞**和**殖民地**；
島嶼完整時就計分，島上**規模最大的探險家**得到最多勝利點數。你以**玩家1**先玩第一個回合，再練習幾個預設局面，直到遊戲結束。""",
        },
        "stand_in": {
            "en": """> **About the tiles and chips.** The rulebook gives the rules but not the contents of the box: how many tiles
> of each pattern there are, which carry a "?", or what each chip is worth. This project uses its own
> *stand-in* mix, which keeps every count the sources state; the board says so at its top. The rules you learn
> here do not depend on it.""",
            "zh-Hant": """> **關於探索卡和探索籌碼**：規則書寫了規則，但沒有寫盒內配件的內容：每種圖案的探索卡有幾張、哪些有「？」、
> 每個探索籌碼值多少。本專案使用自訂的*替代數值*，但遵守資料來源給出的所有數量；遊戲板上方會標示。這裡學到的規則不受影響。""",
        },
        "curious": {
            "en": """## For the curious: the engine behind the board

Everything the lesson shows comes from a rules engine you can call from Python. This cell opens a prepared
position, asks why a move is refused and prints the legal choices. Nothing above depends on it.""",
            "zh-Hant": """## 給好奇的你：遊戲板背後的規則引擎

教學中看到的一切都來自可以用Python呼叫的規則引擎。下面的儲存格打開一個預設局面，詢問某個走法為什麼不被允許，
並印出目前合乎規則的選擇。上面的教學不依賴這一格。""",
        },
        "code": """import engines

m = engines.scenario("entdecker", "tie-units")
print(m.why_not("buy:9").render(LANG))
print(sorted(a.id for a in m.legal_actions())[:8])""",
    },
    "shipyard": {
        "intro": {
            "en": """# Shipyard (2nd edition): build your first ships

*Vladimír Suchý; 2nd edition, 2023.* Run a shipyard in the age of steam: choose actions on a track where the
oldest tile pays best, buy ship parts, recruit crew, rent canal and send each finished ship on a **test cruise**
that scores its crew, guns, speed and the checkpoints it passes; secret **government contracts** score at the
end. As **Player 1** of three you play your first five turns, then prepared positions up to the end of the game.""",
            "zh-Hant": """# 造船廠（第二版）：建造你的第一艘船

*Vladimír Suchý；第二版，2023年*。經營蒸汽時代的造船廠：在行動軌上選擇行動（越久沒人選的板塊收入越多）、購買船隻板塊、
招聘船員、租用航道，讓每艘完成的船進行**試航**，依船員、大砲、速度和通過的檢查站計分；秘密的**政府合約**在遊戲結束時計分。
你以三位玩家中的**玩家1**先玩前五個回合，再練習幾個預設局面，直到遊戲結束。""",
        },
        "stand_in": {
            "en": """> **About the values on the components.** The rulebook here is a player's summary of the 3-4 player game:
> it gives the rules but not what each ship part, canal tile, employee or contract shows. This project uses its
> own *stand-in* values, which keep every count the summary and public sources state; the board says so at its
> top. The rules you learn here do not depend on them.""",
            "zh-Hant": """> **關於配件上的數值**：這份規則書是3到4人局的玩家摘要，寫了規則，但沒有寫每片船隻板塊、航道板塊、員工或合約的內容。
> 本專案使用自訂的*替代數值*，但遵守摘要與公開資料給出的所有數量；版圖上方會標示。這裡學到的規則不受影響。""",
        },
        "curious": {
            "en": """## For the curious: the engine behind the board

Everything the lesson shows comes from a rules engine you can call from Python. This cell opens the prepared
test cruise, asks why a move is refused and prints the legal choices. Nothing above depends on it.""",
            "zh-Hant": """## 給好奇的你：版圖背後的規則引擎

教學中看到的一切都來自可以用Python呼叫的規則引擎。下面的儲存格打開預設的試航局面，詢問某個走法為什麼不被允許，
並印出目前合乎規則的選擇。上面的教學不依賴這一格。""",
        },
        "code": """import engines

m = engines.scenario("shipyard", "cruise")
m.advance()
print(m.why_not("choose:trade").render(LANG))
print(sorted(a.id for a in m.legal_actions()))""",
    },
}


def cell(kind: str, text: str) -> dict:
    lines = text.strip("\n").splitlines(keepends=True)
    if kind == "markdown":
        return {"cell_type": "markdown", "metadata": {}, "source": lines}
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": lines}


def written(table: dict, lang: str) -> str:
    """A text of the tables above in `lang` (zh-Hans: made from zh-Hant)."""
    if lang == "zh-Hans":
        import engines  # noqa: F401  (registering the games loads their zh-Hans phrase overrides)
        import widgets.core.shell  # noqa: F401  (and the widgets' own)
        from engines.core.texts import simplified
        return simplified(table["zh-Hant"])
    return table[lang]


def notebook(game: str, lang: str) -> dict:
    texts = {part: (value if isinstance(value, str) else written(value, lang)) for part, value in GAMES[game].items()}
    how, start = written(HOW, lang), written(START, lang)
    cells = [
        cell("markdown", texts["intro"] + "\n\n" + start),
        cell("code", f'import widgets\n\n# The page address may choose the language and the step: ?lang=zh-Hans&step=12\n'
                     f'page = widgets.page_options({{"lang": "{lang}", "step": 1}})\n'
                     f'LANG = page["lang"]\nwidgets.lesson("{game}", lang=LANG, step=page["step"])'),
        cell("markdown", how + "\n\n" + texts["stand_in"]),
        cell("markdown", texts["curious"]),
        cell("code", texts["code"]),
    ]
    return {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                        "name": "python3"}, "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 4}


def main(games=None):
    for game in games or GAMES:
        for lang in LANGS:
            path = HERE / f"{game}.{lang}.ipynb"
            path.write_text(json.dumps(notebook(game, lang), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            print("wrote", path.relative_to(HERE.parent))


if __name__ == "__main__":
    import sys
    main(sys.argv[1:] or None)
